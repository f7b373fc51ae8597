"""Each game's sampler deals the unseen cards anew, but keeps what the seat has seen."""

import random

import pytest

from games.bots import choose, emu_ranchers, wizard, wizard_sampler
from games.bots.wizard_heuristic import bid_for
from games.engines.emu_ranchers import ENGINE as EMU
from games.engines.wizard import ENGINE as WIZARD
from games.engines.wizard.cards import SUIT
from tests.engines.emu_ranchers.helpers import after_a_take_from_the_discard_pile, table
from tests.engines.wizard.helpers import bid, card, game_with_dealer, play, rigged_round


def test_the_emu_sampler_keeps_a_card_the_other_took_from_the_discard_pile_in_its_hand():
    state = after_a_take_from_the_discard_pile()
    view = EMU.view(state, 0)
    in_sight = {"ace-waves", "sailor", "discovery", "mill", "cave", "journey", "castle"}
    rng = random.Random(3)
    for _ in range(40):
        sampled = emu_ranchers.sample(view, 0, rng)
        assert "market" in sampled["hands"][1]
        assert len(sampled["hands"][1]) == len(state["hands"][1])
        assert "market" not in sampled["deck"] and "market" not in sampled["discard"]
        assert not in_sight & set(sampled["hands"][1] + sampled["deck"])
        assert sampled["discard"][-1] == "castle"


def test_the_emu_standard_does_not_hope_to_draw_a_card_the_other_holds():
    state = table([["ace-waves", "sailor"], ["journey", "painter"]], discard=["castle", "market"], turn=1)
    state = EMU.apply(state, 1, {"type": "hatch", "card": "journey", "draw": "discard"})
    assert "market" not in emu_ranchers.unseen(EMU.view(state, 0))


def test_the_wizard_sampler_never_deals_a_suit_to_a_player_who_showed_out_of_it():
    rng = random.Random(0)
    checked = 0
    for game in range(8):
        state = WIZARD.new_game(4, f"voids-{game}", {})
        while not WIZARD.is_over(state):
            seat = WIZARD.to_act(state)[0]
            view = WIZARD.view(state, 0)
            shown_out = wizard_sampler.voids(view)
            if seat == 0 and state["phase"] == "play" and any(shown_out[1:]):
                checked += 1
                sampled = wizard.sample(view, 0, rng)
                for other in (1, 2, 3):
                    # The real hands obey the same rule: a check on how voids are read.
                    assert not {SUIT[c] for c in state["hands"][other]} & shown_out[other]
                    assert not {SUIT[c] for c in sampled["hands"][other]} & shown_out[other]
                    assert len(sampled["hands"][other]) == len(state["hands"][other])
            state = WIZARD.apply(state, seat, WIZARD.legal_actions(state, seat)[-1])
    assert checked > 20, "too few decisions after a player showed out: the test tests little"


def _after_a_duck_under_blue_12() -> dict:
    """Seat 1 bid 0 and, with blue-12 led, played blue-7: seat 3 is to play."""
    hands = [
        ["blue-12", "green-5", "yellow-7"],
        ["blue-7", "green-3", "yellow-4"],
        ["blue-5", "green-8", "red-3"],
        ["blue-13", "red-9", "green-1"],
    ]
    state = rigged_round(game_with_dealer(4, 3), hands, "red-13")
    moves = [bid(0, 1), bid(1, 0), bid(2, 1), bid(3, 1), card(0, "blue-12"), card(1, "blue-7"), card(2, "blue-5")]
    return play(state, *moves)


@pytest.mark.parametrize("swaps, fits", [(wizard_sampler.PLAY_FIT_SWAPS, True), (0, False)])
def test_the_wizard_sampler_deals_no_card_a_standard_player_would_have_ducked_with_instead(monkeypatch, swaps, fits):
    # Standard, wanting no trick, ducks with its highest card that loses: a player who
    # ducked under blue-12 with blue-7 holds no blue-8 to blue-11 (worked by hand from the
    # rule, not from the sampler's code). Without the play fit (0 swaps) such deals come up.
    monkeypatch.setattr(wizard_sampler, "PLAY_FIT_SWAPS", swaps)
    view = WIZARD.view(_after_a_duck_under_blue_12(), 3)
    rng = random.Random(1)
    hands = [wizard_sampler.sample(view, 3, rng)["hands"][1] for _ in range(300)]
    higher_losers = {"blue-8", "blue-9", "blue-10", "blue-11"}
    with_one = sum(bool(higher_losers & set(hand)) for hand in hands)
    if fits:
        assert with_one == 0
        assert len({tuple(hand) for hand in hands}) > 150, "the fit must leave the deals random"
    else:
        assert with_one > 20


def test_the_wizard_sampler_deals_the_two_player_last_round_as_it_is():
    # In the two-player game's last round the stock is used up: every card is in sight,
    # played, set aside or in the other hand, so that hand can only be the real one. The
    # other player here does not play as Standard would (a person, another bot), so the
    # play fit finds misfits; with no stock to swap with it must still deal, not fail.
    checked = 0
    for game in range(3):
        state = WIZARD.new_game(2, f"last-round-{game}", {})
        rng = random.Random(game)
        while not WIZARD.is_over(state):
            seat = WIZARD.to_act(state)[0]
            if seat == 0 and state["round"] == state["num_rounds"] and state["phase"] == "play" and state["played"]:
                assert state["deck"] == [], "the test needs the stock used up"
                view = WIZARD.view(state, 0)
                for sample_seed in range(20):
                    sampled = wizard_sampler.sample(view, 0, random.Random(sample_seed))
                    assert sorted(sampled["hands"][1]) == sorted(state["hands"][1])
                    assert sampled["deck"] == []
                checked += 1
            if seat == 0:
                action = wizard.rollout_action(state, 0)
            else:
                legal = WIZARD.legal_actions(state, 1)
                action = legal[rng.randrange(len(legal))]
            state = WIZARD.apply(state, seat, action)
    assert checked > 5


def _first_play_of_the_last_two_player_round() -> tuple[dict, int]:
    state = WIZARD.new_game(2, "sealed-spread", {})
    while not (state["round"] == state["num_rounds"] and state["phase"] == "play"):
        seat = WIZARD.to_act(state)[0]
        state = WIZARD.apply(state, seat, wizard.rollout_action(state, seat))
    return state, WIZARD.to_act(state)[0]


@pytest.mark.parametrize("spread", [False, True])
def test_strongs_sampler_spreads_the_others_sealed_bid_round_standards(spread):
    # Two-player bids stay sealed until the round ends. Good deals the other a hand and
    # gives it Standard's bid on that hand; Strong (spread) draws the bid -2..+2 from it,
    # as far as Good's own bids fall from Standard's (never below 0 or above the hand size).
    state, seat = _first_play_of_the_last_two_player_round()
    other, size = 1 - seat, state["hand_size"]
    view = WIZARD.view(state, seat)
    assert view["bids"][other] is None, "the test needs the other's bid sealed"
    rng = random.Random(3)
    steps = []
    for _ in range(600):
        sampled = wizard_sampler.sample(view, seat, rng, sealed_spread=spread)
        bid = sampled["bids"][other]
        assert 0 <= bid <= size
        standard = bid_for(sampled["hands"][other], view["trump"], 2, size, view["options"], list(range(size + 1)))
        if 2 <= standard <= size - 2:  # room on both sides: the step is not cut off
            steps.append(bid - standard)
    assert len(steps) > 100
    if not spread:
        assert set(steps) == {0}
    else:
        assert set(steps) == {-2, -1, 0, 1, 2}
        share = {step: steps.count(step) / len(steps) for step in (-2, -1, 0, 1, 2)}
        assert 0.15 < share[0] < 0.35 and 0.18 < share[1] < 0.42 and share[2] < share[1]


@pytest.mark.parametrize("level, spread", [("strong", True), ("good", False)])
def test_only_strong_samples_with_the_sealed_bid_spread(monkeypatch, level, spread):
    state, seat = _first_play_of_the_last_two_player_round()
    calls = []

    def recording(view, seat, rng):
        calls.append(seat)
        return wizard_sampler.sample(view, seat, rng, sealed_spread=True)

    monkeypatch.setattr(wizard, "strong_sample", recording)
    action = choose(WIZARD, state, seat, level, random.Random(0), budget=20)
    assert action in WIZARD.legal_actions(state, seat)
    assert bool(calls) is spread
