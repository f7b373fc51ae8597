"""Options, and what each seat may see."""

import pytest

from games.engines.base import IllegalOptions
from games.engines.emu_ranchers import ENGINE

from .helpers import after_a_take_from_the_discard_pile, card_ids, table


def test_the_default_options_are_4_years_of_the_basic_deck():
    assert ENGINE.validate_options(2, None) == {
        "years": 4,
        "excuse": False,
        "pawns": False,
        "courts": False,
        "first_player": "random",
    }


def test_pawns_and_courts_may_be_used_together():
    # The rulebook only recommends one of them with the Excuse ("Consigliamo"); both stay playable.
    options = ENGINE.validate_options(2, {"excuse": True, "pawns": True, "courts": True})
    assert len(ENGINE.new_game(2, 1, options)["deck"]) == 45 - 12


@pytest.mark.parametrize(
    "players, options",
    [
        (3, {}),
        (1, {}),
        (2, {"colour": "red"}),
        (2, {"years": 0}),
        (2, {"years": True}),
        (2, {"years": "4"}),
        (2, {"pawns": 1}),
        (2, {"first_player": 2}),
        (2, ["years"]),
    ],
)
def test_it_refuses_unplayable_options(players, options):
    with pytest.raises(IllegalOptions):
        ENGINE.validate_options(players, options)


def test_a_view_shows_the_own_hand_and_never_the_other_hand_or_the_deck():
    state = table(
        [["ace-waves", "sailor", "discovery", "watchman", "pact", "author"], ["journey", "painter", "savage"]],
        ranches=[[["mill"]], [["cave", "darkness"]]],
        discard=["castle", "market"],
        pawns=True,
    )
    for seat in (0, 1, None):
        view = ENGINE.view(state, seat)
        seen = card_ids(view)
        hidden = set(state["deck"]) | {"castle"}  # the deck, and the discard pile below its top
        for other in (0, 1):
            if other != seat:
                hidden |= set(state["hands"][other])
        assert not seen & hidden, (seat, seen & hidden)
        assert "seed" not in view
    mine = ENGINE.view(state, 1)
    assert [card["id"] for card in mine["hand"]] == ["journey", "painter", "savage"]
    assert mine["hand_sizes"] == [6, 3] and mine["deck_size"] == len(state["deck"])
    assert mine["discard_top"]["id"] == "market" and mine["discard_size"] == 2
    assert mine["ranches"][1][0]["cards"][1] == {
        "id": "darkness",
        "name": "The Darkness",
        "kind": "number",
        "rank": 9,
        "suits": ["waves", "wyrms"],
    }
    assert ENGINE.view(state, None)["hand"] is None


def test_after_a_year_the_view_shows_every_bird_its_upkeep_and_the_year_scores():
    bird = ["ace-waves", "journey", "sailor", "discovery", "lunatic", "mill", "sea"]  # the rulebook's blue bird
    loser = ["darkness", "cave"]  # 9 and 7 of Waves/Wyrms: loses 2
    state = table([["market"], []], ranches=[[bird], [loser]], deck=[], phase="growing")
    state = ENGINE.apply(state, 0, {"type": "done"})
    state = ENGINE.apply(state, 1, {"type": "done"})
    view = ENGINE.view(state, 1)
    assert view["year"] == 2 and view["year_scores"] == [[18, -2]] and view["scores"] == [18, -2]
    shown = view["history"][0]["seats"][0]
    assert [card["name"] for card in shown["birds"][0]["cards"]][:2] == ["Ace of Waves", "The Journey"]
    assert sorted(shown["birds"][0]["upkeep"]) == ["lunatic", "mill", "sailor"]
    assert [card["id"] for card in shown["unplayed"]] == ["market"]


def test_both_seats_see_a_card_taken_from_the_discard_pile_until_it_is_played():
    # Everyone at the table sees the other take the top of the discard pile: it is in that hand.
    state = after_a_take_from_the_discard_pile()
    for seat in (0, 1, None):
        assert [card["id"] for card in ENGINE.view(state, seat)["taken"][1]] == ["market"]
    assert ENGINE.view(state, 0)["taken"][0] == []

    state = ENGINE.apply(state, 0, {"type": "discard", "card": "sailor"})
    state = ENGINE.apply(state, 1, {"type": "discard", "card": "market"})
    assert ENGINE.view(state, 0)["taken"] == [[], []]


def test_a_card_taken_from_the_discard_pile_is_no_longer_shown_once_discarded_again():
    state = table([["ace-waves", "sailor"], ["journey", "painter"]], discard=["castle"], turn=1)
    state = ENGINE.apply(state, 1, {"type": "hatch", "card": "journey", "draw": "discard"})
    state = ENGINE.apply(state, 0, {"type": "discard", "card": "sailor"})
    state = ENGINE.apply(state, 1, {"type": "discard", "card": "castle"})
    assert ENGINE.view(state, 0)["taken"] == [[], []]
