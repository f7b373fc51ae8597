"""CuBirds by pointing: a species stack in the hand, then a row end or the collection; the
preview tells, from the seat's own view, what the move will enclose and what it will score."""

import random
from collections import Counter

from django.utils import translation

from games.engines import get_engine
from games.engines.cubirds.cards import CARD_SPECIES
from games.engines.cubirds.scoring import winning_collection
from games.presenters.cubirds import table as cubirds
from games.presenters.cubirds.terms import BIRD, BIRDS
from games.presenters.pointing import payload_key

ENGINE = get_engine("cubirds")


def positions(seeds=12, moves=40):
    """States along random games, each with the seat to act."""
    for seed in range(seeds):
        rng = random.Random(seed)
        state = ENGINE.new_game(2 + seed % 4, f"point-{seed}")
        for _ in range(moves):
            if not ENGINE.to_act(state):
                break
            seat = ENGINE.to_act(state)[0]
            yield state, seat
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


def test_every_legal_action_has_exactly_one_entry_and_nothing_else():
    checked = 0
    kinds = set()
    for state, seat in positions():
        legal = ENGINE.legal_actions(state, seat)
        entries = cubirds.pointing(ENGINE.view(state, seat), legal)
        keys = [payload_key(entry["payload"]) for entry in entries]
        assert len(keys) == len(set(keys))
        assert set(keys) == {payload_key(a) for a in legal}
        # Two moves never share both pick and target: the table could not tell them apart.
        spots = [(entry["pick"], entry["target"]) for entry in entries]
        assert len(spots) == len(set(spots))
        checked += len(keys)
        kinds |= {entry["payload"]["type"] for entry in entries}
    assert checked > 500
    assert kinds == {"lay", "draw", "no_draw", "family", "no_family"}


def test_a_lay_is_a_hand_stack_then_a_row_end_and_passing_is_its_own_chip():
    for state, seat in positions(seeds=4):
        for entry in cubirds.pointing(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)):
            action = entry["payload"]
            if action["type"] == "lay":
                assert entry["pick"] == f"hand:{action['species']}"
                assert entry["target"] == f"row:{action['row']}:{action['side']}"
            elif action["type"] == "family":
                assert (entry["pick"], entry["target"]) == (f"hand:{action['species']}", "collection")
            elif action["type"] == "draw":
                assert (entry["pick"], entry["target"]) == ("deck", None)
            else:
                assert (entry["pick"], entry["target"]) == ("pass", None)


def test_a_lays_preview_names_exactly_the_birds_the_engine_then_gives_the_player():
    told = 0
    with translation.override("en"):
        for state, seat in positions():
            view = ENGINE.view(state, seat)
            for entry in cubirds.pointing(view, ENGINE.legal_actions(state, seat)):
                action = entry["payload"]
                if action["type"] != "lay":
                    continue
                after = ENGINE.apply(state, seat, action)
                event = after["events"][-1] if after["events"][-1]["type"] == "lay" else after["events"][-2]
                taken = Counter(event["enclosed"])
                hand_before = Counter(CARD_SPECIES[c] for c in state["hands"][seat])
                hand_before.pop(action["species"])
                assert Counter(CARD_SPECIES[c] for c in after["hands"][seat]) == hand_before + taken
                if taken:
                    for name, count in taken.items():
                        assert f"{count} {(BIRDS if count > 1 else BIRD)[name]}" in entry["preview"]
                    told += 1
                else:
                    assert "encloses no bird" in entry["preview"]
                assert ("refilled from the deck" in entry["preview"]) == bool(event["refilled"]) or not after["deck"]
    assert told > 50


def test_a_familys_preview_says_how_many_birds_reach_the_collection_and_when_it_wins():
    families = wins = 0
    with translation.override("en"):
        for state, seat in positions(seeds=30, moves=80):
            view = ENGINE.view(state, seat)
            for entry in cubirds.pointing(view, ENGINE.legal_actions(state, seat)):
                if entry["payload"]["type"] != "family":
                    continue
                after = ENGINE.apply(state, seat, entry["payload"])
                gained = len(after["collections"][seat]) - len(state["collections"][seat])
                assert f": {gained} to your collection" in entry["preview"]
                assert ("large family" in entry["preview"]) == (gained == 2)
                assert ("small family" in entry["preview"]) == (gained == 1)
                won = winning_collection(after["collections"][seat]) is not None
                assert ("wins the game" in entry["preview"]) == won
                families += 1
                wins += won
    assert families > 20


def test_a_lay_that_takes_two_species_names_them_with_and():
    view = {
        "seat": 0,
        "hand_counts": {"robin": 2},
        "rows": [[{"species": s} for s in ("robin", "owl", "duck", "duck")], [], [], []],
        "collection_counts": [{}],
    }
    action = {"type": "lay", "species": "robin", "row": 0, "side": "right"}
    with translation.override("en"):
        (entry,) = cubirds.pointing(view, [action])
    assert entry["preview"] == (
        "Lay 2 robins at the right of row 1: you take 1 owl and 2 ducks into your hand. "
        "The row is then refilled from the deck."
    )
