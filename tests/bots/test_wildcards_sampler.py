"""Wild Cards' sampler keeps the open discard pile as it lies and deals only the unseen cards.

Both rulebooks put bids and payments onto the discard pile face up, so a seat that watched
the game knows every card in it: a sampler that dealt those cards into the other hands would
give the search a hand the other cannot hold (the discard holds 10 to 25 of the 46 Habitat
cards from the third round on).
"""

from __future__ import annotations

import random

import pytest

from games.bots import wildcards as bot
from games.engines.wildcards import ENGINE
from games.engines.wildcards.cards import NUM_HABITAT_CARDS
from games.engines.wildcards.ties import DECK_CHOICE
from tests.engines.wildcards.test_cards_seen_back_in_hand import hidden_spots
from tests.engines.wildcards.test_random_games import habitat_places

TABLES = [
    (2, {"edition": "2022", "leo": True}),
    (3, {"edition": "2022"}),
    (3, {"edition": "2020"}),
    (4, {"edition": "2022", "leo": True}),
    (5, {"edition": "2020"}),
]


def _positions(players: int, options: dict, seed: int, every: int = 7):
    """States of one random game, every `every` actions, while it runs."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed, options)
    for step in range(5_000):
        if ENGINE.is_over(state):
            return
        if step % every == 0:
            yield state
        seat = rng.choice(ENGINE.to_act(state))
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_sampler_deals_the_discard_pile_as_it_lies_and_never_into_a_hand(players, options):
    checked = with_discards = 0
    for seed in range(3):
        for state in _positions(players, options, seed):
            seat = checked % players
            view = ENGINE.view(state, seat)
            sampled = bot.sample(view, seat, random.Random(checked))
            checked += 1
            assert sorted(sampled["discard"]) == sorted(state["discard"])
            assert sorted(habitat_places(sampled)) == list(range(NUM_HABITAT_CARDS)), "a card lost or doubled"
            discarded = set(state["discard"])
            for other, hand in enumerate(sampled["hands"]):
                if other != seat:
                    assert not discarded & set(hand), "a card of the open discard pile was dealt into a hand"
            assert not discarded & set(sampled["deck"])
            with_discards += bool(discarded)
    assert with_discards >= 10, "too few positions with a discard pile to tell"


def test_every_seat_and_spectator_sees_every_card_of_the_discard_pile():
    for state in _positions(3, {"edition": "2022"}, seed=5, every=11):
        expected = sorted(state["discard"])
        for viewer in (0, 1, 2, None):
            view = ENGINE.view(state, viewer)
            assert [card["id"] for card in view["discard"]] == expected
            assert view["discard_size"] == len(expected)


def test_a_card_another_player_revealed_from_hand_in_a_2020_tie_is_set_aside_not_lost():
    """Which of the others revealed from hand is not in the view, but how many is: each Habitat
    card with no place in sight (the deck's size is public) is one such reveal."""
    found = 0
    for seed in range(12):
        for state in _positions(3, {"edition": "2020"}, seed, every=1):
            if state["phase"] != "tie_reveal":
                continue
            viewer = next(seat for seat in range(3) if state["reveal"][seat] is None)
            from_hand = [p for p, card in enumerate(state["reveal"]) if card is not None and card >= 0]
            if not from_hand:
                continue
            found += 1
            sampled = bot.sample(ENGINE.view(state, viewer), viewer, random.Random(seed))
            dealt = [p for p, card in enumerate(sampled["reveal"]) if card is not None and card != DECK_CHOICE]
            assert len(dealt) == len(from_hand)
            assert sorted(habitat_places(sampled)) == list(range(NUM_HABITAT_CARDS))
            break
    assert found >= 5


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_sampler_keeps_every_card_seen_going_back_into_a_hand_with_that_player(players, options):
    """A pass takes the bid and tie payment back in sight of the table, the ibex keeps its bid:
    rounds later, the sample must still have those cards with that player."""
    checked = with_known = 0
    for seed in range(4):
        for state in _positions(players, options, seed, every=3):
            seat = checked % players
            view = ENGINE.view(state, seat)
            sampled = bot.sample(view, seat, random.Random(checked))
            checked += 1
            assert sorted(habitat_places(sampled)) == list(range(NUM_HABITAT_CARDS)), "a card lost or doubled"
            for other in range(players):
                if other == seat:
                    continue
                known = {card["id"] for card in view["players"][other]["known_in_hand"]}
                assert known <= set(hidden_spots(sampled, other)), (
                    f"a card seen going back to seat {other} was dealt away"
                )
                with_known += (
                    bool(known) and state["round"] > 1 and not any(entry["event"] == "pass" for entry in state["log"])
                )
    assert with_known >= 10, "too few positions with a card known from an earlier round to tell"


def test_the_sample_records_the_known_cards_so_that_searches_keep_track_of_them():
    checked = 0
    for state in _positions(3, {"edition": "2020"}, 5, every=2):
        for seat in range(3):
            view = ENGINE.view(state, seat)
            sampled = bot.sample(view, seat, random.Random(seat))
            for other in range(3):
                assert (
                    ENGINE.view(sampled, seat)["players"][other]["known_in_hand"]
                    == (view["players"][other]["known_in_hand"])
                )
                checked += bool(view["players"][other]["known_in_hand"])
    assert checked >= 10
