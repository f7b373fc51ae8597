"""A turn (hatch, grow or discard, then draw) and the end of the year."""

import json

import pytest

from games.engines.base import IllegalAction
from games.engines.emu_ranchers import ENGINE

from .helpers import table

HAND0 = ["ace-waves", "sailor", "discovery", "watchman", "pact", "author"]
HAND1 = ["journey", "painter", "savage", "battle", "forest", "soldier"]


def test_it_deals_6_cards_each_with_no_discard_pile():
    state = ENGINE.new_game(2, 7)
    assert [len(hand) for hand in state["hands"]] == [6, 6]
    assert state["discard"] == [] and len(state["deck"]) == 36 - 12
    assert ENGINE.to_act(state) == [state["first_player"]]


def test_a_hatch_starts_a_new_bird_and_draws_from_the_deck():
    state = table([HAND0, HAND1], pawns=True)
    top = state["deck"][-1]
    after = ENGINE.apply(state, 0, {"type": "hatch", "card": "sailor", "draw": "deck"})
    assert after["ranches"][0] == [["sailor"]]
    assert top in after["hands"][0] and "sailor" not in after["hands"][0]
    assert ENGINE.to_act(after) == [1]
    assert ENGINE.phase_key(after) != ENGINE.phase_key(state)


def test_a_grow_adds_to_the_top_of_a_bird_and_may_draw_the_discard_top():
    state = table([HAND0, HAND1], ranches=[[["ace-waves"]], []], discard=["cave"], pawns=True)
    state["hands"][0][0] = "mill"
    after = ENGINE.apply(state, 0, {"type": "grow", "card": "sailor", "bird": 0, "draw": "discard"})
    assert after["ranches"][0] == [["ace-waves", "sailor"]]
    assert "cave" in after["hands"][0] and after["discard"] == []


def test_a_player_who_discarded_draws_from_the_deck():
    state = table([HAND0, HAND1], discard=["cave"], pawns=True)
    after = ENGINE.apply(state, 0, {"type": "discard", "card": "author"})
    assert after["discard"] == ["cave", "author"]
    assert len(after["hands"][0]) == 6 and len(after["deck"]) == len(state["deck"]) - 1
    assert all(action["type"] != "discard" or "draw" not in action for action in ENGINE.legal_actions(state, 0))


def test_it_offers_the_discard_pile_only_when_there_is_one():
    state = table([HAND0, HAND1], pawns=True)
    assert {action.get("draw") for action in ENGINE.legal_actions(state, 0)} == {"deck", None}
    with pytest.raises(IllegalAction, match="discard pile is empty"):
        ENGINE.apply(state, 0, {"type": "hatch", "card": "sailor", "draw": "discard"})


def test_direction_is_fixed_by_the_cards_not_declared():
    state = table([HAND0, HAND1], ranches=[[["pact", "diplomat"]], []], pawns=True)  # 9, 8 of Moons/Suns: down
    view = ENGINE.view(state, 1)
    assert view["ranches"][0][0]["direction"] == "descending"
    assert view["ranches"][0][0]["suits"] == ["moons", "suns"]
    with pytest.raises(IllegalAction, match="cannot grow"):
        ENGINE.apply(state, 0, {"type": "grow", "card": "pact", "bird": 0, "draw": "deck"})


def test_the_year_ends_when_the_last_card_is_drawn_and_both_grow_at_once():
    state = table(
        [HAND0, HAND1],
        ranches=[[["ace-waves"]], [["lunatic"]]],
        deck=["castle"],
        pawns=True,
    )
    state["hands"][0].remove("ace-waves")
    state["hands"][0].append("mill")
    after = ENGINE.apply(state, 0, {"type": "discard", "card": "author"})
    assert after["phase"] == "growing" and after["deck"] == []
    assert ENGINE.to_act(after) == [0, 1]
    for seat in (0, 1):
        types = {action["type"] for action in ENGINE.legal_actions(after, seat)}
        assert types == {"grow", "done"}, seat  # no hatching and no drawing once the year is over
    key = ENGINE.phase_key(after)
    grown = ENGINE.apply(after, 1, {"type": "grow", "card": "journey", "bird": 0})
    assert ENGINE.phase_key(grown) == key and grown["ranches"][1] == [["lunatic", "journey"]]
    with pytest.raises(IllegalAction):
        ENGINE.apply(after, 0, {"type": "hatch", "card": "pact", "draw": "deck"})


def test_a_seat_holding_cards_says_done_itself_even_when_nothing_can_grow():
    # Finishing it unasked would tell the other seat that none of its hidden cards fits.
    state = table([HAND0, HAND1], ranches=[[["ace-waves"]], []], deck=["castle"])
    after = ENGINE.apply(state, 0, {"type": "discard", "card": "author"})
    assert after["phase"] == "growing" and ENGINE.to_act(after) == [0, 1]
    assert ENGINE.legal_actions(after, 1) == [{"type": "done"}]
    after = ENGINE.apply(after, 1, {"type": "done"})
    done = ENGINE.apply(after, 0, {"type": "done"})
    assert done["year"] == 2 and done["phase"] == "play"


def test_a_seat_with_an_empty_hand_is_finished_without_asking():
    state = table([HAND0, HAND1], ranches=[[["ace-waves"]], []], deck=["castle"])
    state["hands"] = [state["hands"][0], []]
    after = ENGINE.apply(state, 0, {"type": "discard", "card": "author"})
    assert after["phase"] == "growing" and ENGINE.to_act(after) == [0]


def test_a_game_stored_under_rules_1_finishes_a_seat_that_cannot_grow():
    state = table([HAND0, HAND1], ranches=[[["ace-waves"]], []], deck=["castle"])
    del state["rules"]
    after = ENGINE.apply(state, 0, {"type": "discard", "card": "author"})
    assert after["phase"] == "growing" and ENGINE.to_act(after) == [0]


def test_the_first_player_alternates_and_the_game_lasts_the_chosen_years():
    play = ENGINE.new_game(2, 3, {"years": 3, "first_player": 1})
    firsts = []
    while not ENGINE.is_over(play):
        if not firsts or firsts[-1][0] != play["year"]:
            firsts.append((play["year"], play["first_player"]))
        seat = ENGINE.to_act(play)[0]
        play = ENGINE.apply(play, seat, ENGINE.auto_action(play, seat))
    assert firsts == [(1, 1), (2, 0), (3, 1)]
    assert len(play["history"]) == 3
    assert play["scores"] == [sum(year["seats"][s]["score"] for year in play["history"]) for s in (0, 1)]
    assert [row["score"] for row in ENGINE.result(play)] == play["scores"]


def test_scores_may_be_negative_and_rank_the_seats():
    state = table([["market"], []], ranches=[[["journey"]], [["origin", "sailor", "mill", "darkness"]]], deck=[])
    state.update(phase="growing", turn=None, options={**state["options"], "years": 1})
    state = ENGINE.apply(state, 0, {"type": "done"})
    state = ENGINE.apply(state, 1, {"type": "done"})
    assert ENGINE.is_over(state) and ENGINE.to_act(state) == []
    assert ENGINE.result(state) == [{"seat": 0, "score": -15, "rank": 2}, {"seat": 1, "score": 4, "rank": 1}]


@pytest.mark.parametrize(
    "action, message",
    [
        (None, "mapping"),
        ({"type": "hatch", "card": "sailor"}, "exactly the keys"),
        ({"type": "hatch", "card": "sailor", "draw": "deck", "extra": 1}, "exactly the keys"),
        ({"type": "hatch", "card": "cave", "draw": "deck"}, "not in your hand"),
        ({"type": "hatch", "card": 3, "draw": "deck"}, "card id"),
        ({"type": "hatch", "card": "watchman", "draw": "deck"}, "cannot hatch"),
        ({"type": "grow", "card": "sailor", "bird": 0, "draw": "deck"}, "no bird"),
        ({"type": "hatch", "card": "sailor", "draw": "sky"}, "draw must be"),
        ({"type": "done"}, "not an action now"),
    ],
)
def test_an_illegal_action_is_refused_and_changes_nothing(action, message):
    state = table([HAND0, HAND1], pawns=True)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction, match=message):
        ENGINE.apply(state, 0, action)
    with pytest.raises(IllegalAction, match="not your turn"):
        ENGINE.apply(state, 1, {"type": "discard", "card": "journey"})
    assert json.dumps(state, sort_keys=True) == before


def test_an_action_is_accepted_exactly_when_it_is_listed_as_legal():
    state = table([HAND0, HAND1], ranches=[[["ace-waves"], ["pact"]], []], discard=["cave"], pawns=True)
    legal = ENGINE.legal_actions(state, 0)
    candidates = [
        {"type": kind, "card": card, **extra}
        for card in [*HAND0, "cave"]
        for kind, extra in [("discard", {})]
        + [("hatch", {"draw": d}) for d in ("deck", "discard")]
        + [("grow", {"bird": b, "draw": d}) for b in (0, 1) for d in ("deck", "discard")]
    ]
    for action in candidates:
        try:
            ENGINE.apply(state, 0, action)
        except IllegalAction:
            assert action not in legal, action
        else:
            assert action in legal, action


def test_the_auto_action_grows_for_the_most_points():
    state = table([HAND0, HAND1], ranches=[[["ace-waves", "sailor"]], []], pawns=True)
    assert ENGINE.auto_action(state, 0) == {"type": "grow", "card": "discovery", "bird": 0, "draw": "deck"}
