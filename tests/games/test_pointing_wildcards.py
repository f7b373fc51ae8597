"""Wild Cards by pointing: a hand card to your bid spot or the discard pile, an animal taken
from the display or swapped for one of yours; previews come from the seat's own view."""

import random

from django.utils import translation

from games.engines import get_engine
from games.engines.wildcards.scoring import final_scores
from games.pointing import payload_key
from games.presenters import wildcards

ENGINE = get_engine("wildcards")
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
        assert len(pairs) == len(set(pairs))
        kinds |= {e["payload"]["type"] for e in entries}
    assert {"bid", "take", "pay", "discard", "tie_pay"} <= kinds


def test_every_bid_take_and_payment_can_be_made_by_pointing():
    for state, seat in positions(moves=60):
        legal = ENGINE.legal_actions(state, seat)
        pointed = {payload_key(e["payload"]) for e in wildcards.pointing(ENGINE.view(state, seat), legal)}
        for action in legal:
            if action["type"] in ("bid", "take", "pay", "tie_pay", "discard", "swap"):
                assert payload_key(action) in pointed, action


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
