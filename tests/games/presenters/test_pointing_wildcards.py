"""Wild Cards by pointing: a hand card to your bid spot or the discard pile, an animal taken
from the display or swapped for one of yours; previews come from the seat's own view."""

import json
import random
import re
from html import unescape

import pytest
from django.template.loader import get_template
from django.utils import translation

from games.engines import get_engine
from games.engines.wildcards.cards import EAGLE
from games.engines.wildcards.scoring import final_scores
from games.presenters import action_label
from games.presenters.pointing import payload_key, pointing_for
from games.presenters.wildcards import table as wildcards

ENGINE = get_engine("wildcards")
# Both editions, with and without Leo (who plays only in the 2022 edition).
OPTION_SETS = [{"edition": "2022"}, {"edition": "2020"}, {"edition": "2022", "leo": True}]


def positions(moves=150):
    for index, options in enumerate(OPTION_SETS):
        for seed in range(4):
            rng = random.Random(f"{index}-{seed}")
            players = 3 if not options.get("leo") else 2 + seed % 3
            state = ENGINE.new_game(players, f"wc-point-{index}-{seed}", options)
            for _ in range(moves):
                if not ENGINE.to_act(state):
                    break
                for seat in ENGINE.to_act(state):
                    yield state, seat
                seat = ENGINE.to_act(state)[0]
                state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


def test_each_entry_is_a_legal_move_and_no_pick_and_target_name_two_moves():
    kinds = set()
    for state, seat in positions():
        legal = ENGINE.legal_actions(state, seat)
        entries = wildcards.pointing(ENGINE.view(state, seat), legal)
        assert {payload_key(e["payload"]) for e in entries} <= {payload_key(a) for a in legal}
        pairs = [(e["pick"], e["target"]) for e in entries]
        pairs += [tuple(route) for e in entries for route in e.get("also", [])]
        assert len(pairs) == len(set(pairs))  # a route names one move, whichever card comes first
        payloads = [payload_key(e["payload"]) for e in entries]
        assert len(payloads) == len(set(payloads))  # each legal move has at most one entry
        kinds |= {e["payload"]["type"] for e in entries}
    assert {"bid", "take", "pay", "discard", "tie_pay", "pass", "done"} <= kinds


def _alike(action: dict) -> str:
    """Moves with interchangeable cards are one choice: the Eagle's two Forest 3s are one keep."""
    if isinstance(action.get("card"), int):
        action = {**action, "card": wildcards.kind_of(action["card"])}
    return payload_key(action)


def test_every_legal_move_can_be_made_by_pointing():
    kinds = set()
    for state, seat in positions(moves=60):
        legal = ENGINE.legal_actions(state, seat)
        pointed = {_alike(e["payload"]) for e in wildcards.pointing(ENGINE.view(state, seat), legal)}
        for action in legal:
            assert _alike(action) in pointed, action
            kinds.add(action["type"])
    assert {"bid", "take", "pay", "discard", "done", "pass"} <= kinds


def test_a_bids_preview_says_only_what_the_bidder_knows():
    with translation.override("en"):
        for state, seat in positions(moves=40):
            for entry in wildcards.pointing(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)):
                if entry["payload"]["type"] == "bid" and entry["payload"]["card"] != "refill":
                    assert entry["preview"].startswith("Bid ") and "you pay" in entry["preview"]
                    assert "lead" not in entry["preview"]  # nothing about the others' sealed bids


def test_the_points_now_are_the_final_scoring_of_what_lies_face_up():
    for index, options in enumerate(OPTION_SETS):
        rng = random.Random(index)
        state = ENGINE.new_game(3, f"wc-points-{index}", options)
        while ENGINE.to_act(state):
            view = ENGINE.view(state, 0)
            points = {row["seat"]: row["total"] for row in wildcards.points_now(view)}
            assert points == {row["seat"]: row["total"] for row in final_scores(state)}
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        assert [row["total"] for row in wildcards.points_now(ENGINE.view(state, 0))] == [
            row["total"] for row in ENGINE.view(state, 0)["final"]
        ]


def _fragment(view: dict, legal: list[dict]) -> str:
    pointed = pointing_for("wildcards", view, legal)
    actions = []
    for action in legal:
        choice = {"label": action_label(action, "wildcards", view), "payload": payload_key(action)}
        choice.update(pointed.get(payload_key(action), {}))
        actions.append(choice)
    context = {
        "view": view,
        "refill_card": {"id": "refill", "habitat": None, "value": None},
        "seat_names": ["Ann", "Bo", "Cy", "Di", "Ed"],
        "actions": actions,
    }
    return get_template("games/table/wildcards.html").render(context)


def _attributes(html: str, attribute: str, key: str) -> str:
    match = re.search(rf'<[a-z]+ [^>]*{attribute}="{re.escape(key)}"[^>]*>', html)
    assert match, f"{attribute}={key} is not on the table"
    return match.group(0)


def test_the_table_carries_every_pick_and_target_as_a_named_button():
    seen = 0
    with translation.override("en"):
        for number, (state, seat) in enumerate(positions(moves=40)):
            if number % 7:  # rendering is slow: every seventh position is enough
                continue
            view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
            html = _fragment(view, legal)
            for entry in wildcards.pointing(view, legal):
                tag = _attributes(html, "data-pick", entry["pick"])
                assert 'role="button"' in tag and 'tabindex="0"' in tag and 'aria-label="' in tag
                if entry["target"]:
                    tag = _attributes(html, "data-target", entry["target"])
                    assert 'role="button"' in tag and 'aria-label="' in tag
                seen += 1
    assert seen > 100


def test_a_card_nobody_can_point_at_is_no_button():
    state = ENGINE.new_game(3, "wc-no-button", {"edition": "2022"})
    view = ENGINE.view(state, 0)
    assert 'role="button"' in _fragment(view, ENGINE.legal_actions(state, 0))
    assert 'role="button"' not in _fragment(view, [])


def test_the_eagles_holder_keeps_one_of_two_face_down_cards_by_pointing_at_it():
    rng = random.Random(7)
    for attempt in range(60):
        state = ENGINE.new_game(3, f"wc-eagle-{attempt}", {"edition": "2022"})
        for _ in range(300):
            if not ENGINE.to_act(state) or state["phase"] == "eagle":
                break
            seat = ENGINE.to_act(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            eagle = [a for a in legal if a["type"] == "eagle_bid"]
            state = ENGINE.apply(state, seat, rng.choice(eagle or legal))
        if state["phase"] == "eagle":
            break
    assert state["phase"] == "eagle"
    seat = ENGINE.to_act(state)[0]
    view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
    entries = wildcards.pointing(view, legal)
    assert entries and all(e["payload"]["type"] == "eagle_choose" and e["pick"].startswith("sealed:") for e in entries)
    html = _fragment(view, legal)
    for entry in entries:
        assert 'role="button"' in _attributes(html, "data-pick", entry["pick"])
    others = [ENGINE.view(state, other) for other in range(3) if other != seat]
    for other in others:  # the others see two face-down cards, not which
        assert "sealed:" not in _fragment(other, ENGINE.legal_actions(state, other["seat"]))


def test_a_payments_preview_says_whether_the_habitat_bonus_stays_in_reach():
    from games.engines.wildcards.cards import ANIMAL_SPECIES, NATURAL

    outcomes = set()
    with translation.override("en"):
        for state, seat in positions(moves=150):
            if state["phase"] != "pay":
                continue
            natural = NATURAL[ANIMAL_SPECIES[state["taking"]]]
            so_far = natural[state["bids"][seat]] and all(natural[c] for c in state["table"][seat])
            for entry in wildcards.pointing(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)):
                keeps = so_far and natural[entry["payload"]["card"]]
                assert ("keeps the 2 bonus points" in entry["preview"]) == keeps
                assert ("loses the 2 bonus points" in entry["preview"]) == (so_far and not keeps)
                outcomes.add((so_far, keeps))
    assert outcomes == {(False, False), (True, True), (True, False)}


def _eagle_bid_state():
    state = ENGINE.new_game(3, "wc-eagle-pair", {"edition": "2022"})
    state["leaders"] = state["leaders"][:]
    state["leaders"][EAGLE] = 0  # seat 0 holds the Eagle Leader: it may bid two cards
    return state


def test_the_eagles_two_card_bid_is_pointed_at_either_card_first():
    state = _eagle_bid_state()
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    entries = [e for e in wildcards.pointing(view, legal) if e["payload"]["type"] == "eagle_bid"]
    assert len(entries) == len([a for a in legal if a["type"] == "eagle_bid"]) > 5
    routes = {}
    for entry in entries:
        first, second = (wildcards.kind_of(card) for card in entry["payload"]["cards"])
        routes[(entry["pick"], entry["target"])] = entry
        for route in entry.get("also", []):
            routes[tuple(route)] = entry
        assert (entry["pick"], entry["target"]) == (f"hand:{first}", f"pair:{second}")
    # Every two cards of the hand, picked in either order, are one move.
    for entry in entries:
        first, second = (wildcards.kind_of(card) for card in entry["payload"]["cards"])
        assert routes[(f"hand:{second}", f"pair:{first}")] is entry


def test_the_eagles_second_card_is_a_named_target_in_the_hand():
    state = _eagle_bid_state()
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    with translation.override("en"):
        html = _fragment(view, legal)
        for card in view["hand"]:
            tag = _attributes(html, "data-target", f"pair:{wildcards.kind_of(card)}")
            assert f'data-pick="hand:{wildcards.kind_of(card)}"' in tag and 'role="button"' in tag
        assert 'data-target="pair:refill"' in html
        # Without the Eagle, no hand card is a target.
        other = ENGINE.view(state, 1)
        assert "pair:" not in _fragment(other, ENGINE.legal_actions(state, 1))


def test_the_eagles_pair_reaches_the_form_as_other_routes():
    state = _eagle_bid_state()
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    pointed = pointing_for("wildcards", view, legal)
    pair = next(a for a in legal if a["type"] == "eagle_bid" and len(set(map(wildcards.kind_of, a["cards"]))) == 2)
    entry = pointed[payload_key(pair)]
    first, second = (wildcards.kind_of(card) for card in pair["cards"])
    assert json.loads(entry["also"]) == [[f"hand:{second}", f"pair:{first}"]]
    html = get_template("games/_move_form.html").render(
        {"game": _Game(), "action": {"label": "x", "payload": payload_key(pair), **entry}}
    )
    also = re.search(r'data-also="([^"]*)"', html)  # the JSON, escaped in the attribute
    assert also and json.loads(unescape(also.group(1))) == [[f"hand:{second}", f"pair:{first}"]]


class _Game:
    pk = 1
    version = 3


def _phase_with(kind: str, options: dict, attempts: int = 40):
    """A seat in a random game that may make a move of this kind."""
    for attempt in range(attempts):
        rng = random.Random(attempt)
        state = ENGINE.new_game(3, f"wc-chip-{kind}-{attempt}", options)
        for _ in range(400):
            if not ENGINE.to_act(state):
                break
            seat = ENGINE.to_act(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            if any(a["type"] == kind for a in legal):
                return state, seat
            state = ENGINE.apply(state, seat, rng.choice(legal))
    raise AssertionError(f"no {kind} in {attempts} games")


@pytest.mark.parametrize("kind", ["pass", "done", "no_swap"])
def test_a_move_with_no_card_is_a_chip_on_the_table(kind):
    state, seat = _phase_with(kind, {"edition": "2022"})
    view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
    entry = next(e for e in wildcards.pointing(view, legal) if e["payload"]["type"] == kind)
    assert entry["pick"] == kind and entry["target"] is None and entry["preview"]
    with translation.override("en"):
        html = _fragment(view, legal)
    tag = _attributes(html, "data-pick", kind)
    assert 'class="wc-chip"' in tag and 'role="button"' in tag and 'aria-label="' in tag
    # Nobody else sees the chip.
    for other in range(3):
        if other != seat and other not in ENGINE.to_act(state):
            assert f'data-pick="{kind}"' not in _fragment(ENGINE.view(state, other), ENGINE.legal_actions(state, other))
