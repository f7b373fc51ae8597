"""Emu Ranchers by pointing: a card in the hand, then a new bird, a bird (with where the next
card comes from) or the discard pile; the preview gives the bird's worth by the rulebook, and
the table draws a zone for every target a legal move has."""

import random
import re

from django.template.loader import render_to_string
from django.utils import translation

from games.engines import get_engine
from games.engines.emu_ranchers.birds import bird_score
from games.engines.emu_ranchers.cards import CARDS
from games.presenters.emu_ranchers import table as emu_ranchers
from games.presenters.pointing import payload_key

ENGINE = get_engine("emu_ranchers")


def positions(seeds=10, moves=60, options=None):
    for seed in range(seeds):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, f"emu-point-{seed}", options or {"pawns": True, "courts": True, "excuse": True})
        for _ in range(moves):
            if not ENGINE.to_act(state):
                break
            seat = ENGINE.to_act(state)[0]
            yield state, seat
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


def entries_of(state, seat):
    return emu_ranchers.pointing(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))


def test_it_gives_every_card_move_exactly_one_entry_with_a_pick_and_target_of_its_own():
    checked = 0
    for state, seat in positions():
        legal = ENGINE.legal_actions(state, seat)
        entries = entries_of(state, seat)
        keys = [payload_key(e["payload"]) for e in entries]
        assert len(keys) == len(set(keys))
        assert set(keys) == {payload_key(a) for a in legal if a["type"] != "done"}
        # One pick and one target name one move: nothing is ambiguous to click.
        pairs = [(e["pick"], e["target"]) for e in entries]
        assert len(pairs) == len(set(pairs))
        assert all(e["pick"] == f"hand:{e['payload']['card']}" for e in entries)
        checked += len(entries)
    assert checked > 1000


def test_it_previews_the_score_the_engine_gives_the_bird_after_the_move():
    seen = {"grow": 0, "hatch": 0, "discard": 0}
    with translation.override("en"):
        for state, seat in positions():
            for entry in entries_of(state, seat):
                action = entry["payload"]
                after = ENGINE.apply(state, seat, action)
                seen[action["type"]] += 1
                if action["type"] == "grow":
                    worth = bird_score(after["ranches"][seat][action["bird"]])
                    assert f"it would score {worth:+d} now" in entry["preview"]
                elif action["type"] == "hatch":
                    assert after["ranches"][seat][-1] == [action["card"]]
                    assert f"it would score {bird_score([action['card']]):+d} now" in entry["preview"]
                else:
                    assert after["discard"][-1] == action["card"]
                    assert entry["preview"].startswith("Discard ")
    assert min(seen.values()) > 100


def test_it_names_the_card_taken_from_the_discard_pile_in_the_preview():
    taken = 0
    with translation.override("en"):
        for state, seat in positions():
            for entry in entries_of(state, seat):
                action = entry["payload"]
                if action.get("draw") != "discard":
                    continue
                top = state["discard"][-1]
                assert f"Then take {CARDS[top]['name']} from the discard pile." in entry["preview"]
                assert entry["target"].endswith(":discard")
                assert top in ENGINE.apply(state, seat, action)["hands"][seat]
                taken += 1
    assert taken > 100


def test_it_draws_a_target_zone_for_every_pointed_move_and_a_pick_for_every_card():
    with translation.override("en"):
        for state, seat in positions(seeds=4, moves=40):
            view = ENGINE.view(state, seat)
            actions = [{"label": "", "payload": payload_key(e["payload"]), **e} for e in entries_of(state, seat)]
            html = render_to_string(
                "games/table/emu_ranchers.html", {"view": view, "actions": actions, "seat_names": ["Ann", "Bo"]}
            )
            targets = set(re.findall(r'data-target="([^"]+)"', html))
            assert targets == {action["target"] for action in actions}
            picks = set(re.findall(r'data-pick="([^"]+)"', html))
            assert {action["pick"] for action in actions} <= picks
            # Every target is a button with a name, for keyboards and screen readers.
            for tag in re.findall(r"<[^>]*data-target=[^>]*>", html):
                assert 'role="button"' in tag and 'tabindex="0"' in tag and 'aria-label="' in tag


def test_it_shows_both_ranches_before_any_bird():
    state = ENGINE.new_game(2, "emu-empty")
    for seat in (0, 1, None):
        context = {"view": ENGINE.view(state, seat), "actions": [], "seat_names": ["Ann", "Bo"]}
        html = render_to_string("games/table/emu_ranchers.html", context)
        assert html.count('class="emu-ranch') == 2
        assert "emu-new" in html


def test_it_points_at_nothing_for_a_spectator():
    state = ENGINE.new_game(2, "emu-spectator")
    assert emu_ranchers.pointing(ENGINE.view(state, None), ENGINE.legal_actions(state, ENGINE.to_act(state)[0])) == []
