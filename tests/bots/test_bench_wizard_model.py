"""The Wizard model bench (bench/wizard_model.py): its baseline by room, what the sampler is scored on, its printout."""

from __future__ import annotations

import random

import pytest

from bench.wizard_model import by_room, main, placed_right
from games.engines import get_engine


def _round_three_in_play():
    engine = get_engine("wizard")
    state = engine.new_game(4, "wizard-model-test", {})
    rng = random.Random(0)
    while state["round"] < 3 or state["phase"] != "play":
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        state = engine.apply(state, seat, legal[rng.randrange(len(legal))])
    return engine, state


def test_by_room_is_a_hands_size_over_the_unseen_cards():
    engine, state = _round_three_in_play()
    assert state["trick"] == [] and state["trump_card"] is not None
    seat = engine.to_act(state)[0]
    # 60 cards, less the seat's own 3 and the trump card on show: 56 unseen, 3 in each other hand.
    assert by_room(engine.view(state, seat), seat) == pytest.approx(3 / 56)


def test_the_sampler_is_scored_against_the_true_hands():
    engine, state = _round_three_in_play()
    seat = engine.to_act(state)[0]
    view = engine.view(state, seat)
    share = placed_right(view, seat, state["hands"], 4, random.Random(1))
    assert 0.0 <= share <= 1.0
    # Hands that are not the true ones: no sampled card of theirs can be "right".
    wrong = [["nothing-here"] * len(hand) for hand in state["hands"]]
    assert placed_right(view, seat, wrong, 4, random.Random(1)) == 0.0


def test_it_prints_the_placements_the_plays_and_the_bids_by_hand_size(capsys):
    main(["--games", "1", "--budget", "8", "--samples", "2", "--rollouts", "4"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "wizard 4p, 1 games between Good bots (8 rollouts)"
    assert out[1].startswith("  the others' cards placed right: sampler ")
    assert out[2].startswith("  Standard plays Good's card: ")
    # A four-player game has 15 rounds, 5 in each band of hand sizes; without the bid-sum rule
    # (the default) every bid has a choice, so all four bids of every round count.
    assert [line.split(";")[0] for line in out[3:]] == [
        "  bids, hands of 1-5: 20",
        "  bids, hands of 6-10: 20",
        "  bids, hands of 11-15: 20",
    ]
