"""Turns, re-deals and the ends of the game, beyond the rulebook's worked examples."""

import json

import pytest

from games.engines.base import IllegalAction, IllegalOptions
from games.engines.cubirds import ENGINE
from games.engines.cubirds.cards import ALL_CARDS

from .helpers import all_cards, arrange, species

ROWS = [
    ["owl", "flamingo", "parrot"],
    ["duck", "robin", "magpie"],
    ["duck", "owl", "robin"],
    ["magpie", "toucan", "duck"],
]


def lay(state, seat, name, row, side):
    return ENGINE.apply(state, seat, {"type": "lay", "species": name, "row": row, "side": side})


def test_it_sets_up_4_rows_of_3_species_8_cards_and_one_collection_bird():
    # "Spelvoorbereiding".
    for players in range(2, 6):
        state = ENGINE.new_game(players, seed=players)
        assert all(len(set(species(row))) == 3 == len(row) for row in state["rows"])
        assert all(len(hand) == 8 for hand in state["hands"])
        assert all(len(collection) == 1 for collection in state["collections"])
        assert sorted(all_cards(state)) == sorted(ALL_CARDS)
        assert ENGINE.to_act(state) == [0]


def test_it_takes_the_birds_enclosed_from_the_right():
    state = arrange(rows=[["parrot", "owl", "flamingo", "owl"], *ROWS[1:]], hands=[["parrot", "robin"], ["robin"]])
    after = lay(state, 0, "parrot", 0, "right")
    assert species(after["rows"][0]) == ["parrot", "parrot"] + species(after["rows"][0])[2:]
    assert sorted(species(after["hands"][0])) == ["flamingo", "owl", "owl", "robin"]
    assert len(after["rows"][0]) == 3, "a row of parrots only gets one new bird of another species"


def test_it_encloses_up_to_the_nearest_bird_of_the_species_only():
    state = arrange(rows=[["owl", "duck", "owl", "flamingo"], *ROWS[1:]], hands=[["owl", "robin"], ["robin"]])
    after = lay(state, 0, "owl", 0, "right")
    assert species(after["hands"][0]) == ["robin", "flamingo"]
    assert species(after["rows"][0]) == ["owl", "duck", "owl", "owl"]


def test_it_rejects_a_lay_of_a_species_not_in_hand_and_changes_nothing():
    state = arrange(rows=ROWS, hands=[["owl", "robin"], ["robin"]])
    before = json.dumps(state, sort_keys=True)
    for seat, action, message in [
        (0, {"type": "lay", "species": "toucan", "row": 0, "side": "left"}, "no toucan"),
        (0, {"type": "lay", "species": "eagle", "row": 0, "side": "left"}, "Unknown species"),
        (0, {"type": "lay", "species": "owl", "row": 4, "side": "left"}, "row"),
        (0, {"type": "lay", "species": "owl", "row": True, "side": "left"}, "row"),
        (0, {"type": "lay", "species": "owl", "row": 0, "side": "up"}, "side"),
        (0, {"type": "lay", "species": "owl", "row": 0}, "keys"),
        (0, {"type": "draw"}, "lay"),
        (0, {"type": "family", "species": "owl"}, "lay"),
        (1, {"type": "lay", "species": "robin", "row": 0, "side": "left"}, "not your turn"),
        (9, {"type": "lay", "species": "owl", "row": 0, "side": "left"}, "no seat"),
        (0, ["lay"], "mapping"),
        (0, {"type": ["lay"]}, "Unknown action"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            ENGINE.apply(state, seat, action)
        assert json.dumps(state, sort_keys=True) == before


def test_it_rejects_a_family_smaller_than_the_small_size():
    state = arrange(rows=ROWS, hands=[["owl"] * 3 + ["robin"] * 5 + ["toucan"], ["robin"]])
    after = lay(state, 0, "toucan", 3, "right")
    assert after["step"] == "family", "the duck was enclosed: no draw step"
    with pytest.raises(IllegalAction, match="at least 6"):
        ENGINE.apply(after, 0, {"type": "family", "species": "robin"})
    with pytest.raises(IllegalAction, match="no parrot"):
        ENGINE.apply(after, 0, {"type": "family", "species": "parrot"})


def test_it_skips_the_family_step_when_the_hand_is_too_small_for_any_family():
    # One card left: everybody can count it, so skipping the step tells nobody anything.
    state = arrange(rows=ROWS, hands=[["owl", "robin"], ["robin"]])
    after = lay(state, 0, "owl", 0, "left")
    after = ENGINE.apply(after, 0, {"type": "no_draw"})
    assert after["player"] == 1 and after["step"] == "lay"


def test_it_offers_the_family_step_whether_or_not_a_family_can_be_formed():
    # "Je bent nooit verplicht een familie te vormen": declining and having none look the same.
    rows = [["owl", "flamingo", "parrot"], *ROWS[1:]]
    seen = []
    for hand in (["owl", "robin", "duck"], ["owl", "flamingo", "flamingo"]):
        state = arrange(rows=rows, hands=[hand, ["robin"]])
        after = ENGINE.apply(lay(state, 0, "owl", 0, "left"), 0, {"type": "no_draw"})
        assert after["step"] == "family" and after["player"] == 0
        after = ENGINE.apply(after, 0, {"type": "no_family"})
        seen.append((after["player"], after["step"], after["events"][-1]))
    assert seen[0] == seen[1]


def test_a_game_stored_under_rules_1_still_skips_the_family_step_without_a_family():
    state = arrange(rows=ROWS, hands=[["owl", "robin", "duck"], ["robin"]])
    del state["rules"], state["ending"]
    after = ENGINE.apply(lay(state, 0, "owl", 0, "left"), 0, {"type": "no_draw"})
    assert after["player"] == 1 and after["step"] == "lay"


def test_it_skips_the_draw_when_no_card_is_left_to_draw():
    state = arrange(rows=ROWS, hands=[["owl", "robin"], ["robin"]], deck=[])
    state["discard"] = []
    # Put the spare cards in the second seat's hand: the deck and discard are empty.
    spare = [card for card in ALL_CARDS if card not in all_cards(state)]
    state["hands"][1] += spare
    after = lay(state, 0, "owl", 0, "left")
    assert after["player"] == 1 and after["step"] == "lay"


def test_it_reshuffles_the_discards_when_the_deck_runs_out_during_a_draw():
    state = arrange(rows=ROWS, hands=[["owl", "robin"], ["robin"]], deck=["toucan"])
    discards = len(state["discard"])
    after = ENGINE.apply(lay(state, 0, "owl", 0, "left"), 0, {"type": "draw"})
    assert len(after["hands"][0]) == 3 and species(after["hands"][0])[:2] == ["robin", "toucan"]
    assert after["shuffles"] == 1
    assert (len(after["deck"]), len(after["discard"])) == (discards - 1, 0)
    assert sorted(all_cards(after)) == sorted(ALL_CARDS)


def test_it_redeals_8_cards_each_and_gives_the_same_player_another_turn_on_an_empty_hand():
    # "Een lege hand": the others discard their hands, everyone gets 8 new cards,
    # and the player who emptied the hand plays again.
    state = arrange(rows=ROWS, hands=[["owl"], ["robin", "duck"], ["magpie"]], player=0)
    key = ENGINE.phase_key(state)
    after = lay(state, 0, "owl", 0, "left")
    assert after["step"] == "draw"
    after = ENGINE.apply(after, 0, {"type": "no_draw"})
    assert [len(hand) for hand in after["hands"]] == [8, 8, 8]
    assert species(after["discard"][-3:]) == ["robin", "duck", "magpie"]
    assert ENGINE.to_act(after) == [0] and after["step"] == "lay"
    assert ENGINE.phase_key(after) != key, "the new turn of the same seat opens a new wait"
    assert after["deals"] == state["deals"] + 1
    assert sorted(all_cards(after)) == sorted(ALL_CARDS)


def test_it_redeals_after_a_family_empties_the_hand():
    state = arrange(rows=ROWS, hands=[["toucan", "owl", "owl", "owl"], ["robin"]])
    after = lay(state, 0, "toucan", 0, "left")
    after = ENGINE.apply(after, 0, {"type": "no_draw"})
    after = ENGINE.apply(after, 0, {"type": "family", "species": "owl"})
    assert [len(hand) for hand in after["hands"]] == [8, 8]
    assert ENGINE.to_act(after) == [0]


def test_it_ends_when_a_redeal_cannot_give_everyone_8_cards():
    # "Einde van het spel": even after shuffling the discards there are not 8 cards each.
    # Deck 5 + discard 3 + the other hand's 2 = 10 < 16; the larger collection wins.
    state = arrange(
        rows=ROWS,
        hands=[["owl"], ["robin", "duck"]],
        collections=[["owl"], ["duck", "toucan"]],
        deck=["parrot"] * 5,
        discard=["magpie"] * 3,
        rest_to_row=3,
    )
    assert (len(state["deck"]), len(state["discard"])) == (5, 3)
    after = ENGINE.apply(lay(state, 0, "owl", 0, "left"), 0, {"type": "no_draw"})
    assert after["over"] and after["end"] == "no_redeal" and after["winner"] is None
    assert ENGINE.to_act(after) == [] and ENGINE.phase_key(after) == "over"
    assert [row["rank"] for row in ENGINE.result(after)] == [2, 1], "seat 1 has the larger collection"


def test_it_shares_the_win_when_the_largest_collections_tie():
    state = arrange(rows=ROWS, hands=[[], []], collections=[["owl", "duck"], ["robin", "robin"]])
    state["over"], state["end"] = True, "no_redeal"
    assert ENGINE.result(state) == [{"seat": 0, "score": 2, "rank": 1}, {"seat": 1, "score": 2, "rank": 1}]


def test_it_redeals_when_the_discards_make_up_the_8_cards():
    state = arrange(rows=ROWS, hands=[["owl"], ["robin", "duck"]], deck=["parrot"] * 5)
    after = ENGINE.apply(lay(state, 0, "owl", 0, "left"), 0, {"type": "no_draw"})
    assert not after["over"]
    assert [len(hand) for hand in after["hands"]] == [8, 8]
    assert after["shuffles"] == 1


def test_it_wins_at_once_with_7_species():
    # "Doel van het spel": 7 different species in the collection.
    state = arrange(
        rows=ROWS,
        hands=[["flamingo", "flamingo", "robin", "duck"], ["robin"]],
        collections=[["owl", "toucan", "duck", "parrot", "magpie", "reed_warbler"], ["robin"] * 7],
    )
    after = lay(state, 0, "duck", 2, "left")
    after = ENGINE.apply(after, 0, {"type": "no_draw"})
    won = ENGINE.apply(after, 0, {"type": "family", "species": "flamingo"})
    assert won["over"] and won["winner"] == 0 and won["end"] == "seven_species"
    assert ENGINE.result(won) == [{"seat": 0, "score": 7, "rank": 1}, {"seat": 1, "score": 7, "rank": 2}]
    with pytest.raises(IllegalAction, match="over"):
        lay(won, 1, "robin", 0, "left")


def test_it_wins_with_2_species_of_3_birds_from_a_large_family():
    state = arrange(
        rows=ROWS,
        hands=[["owl"] * 4 + ["robin"], ["robin"]],
        collections=[["owl", "duck", "duck", "duck"], ["robin"]],
    )
    after = ENGINE.apply(lay(state, 0, "robin", 1, "left"), 0, {"type": "family", "species": "owl"})
    assert after["over"] and after["end"] == "two_threes"
    assert species(after["collections"][0]).count("owl") == 3


def test_it_does_not_win_with_one_species_of_6():
    state = arrange(
        rows=ROWS,
        hands=[["robin"] * 6 + ["owl", "duck"], ["robin"]],
        collections=[["duck"], ["robin"]],
    )
    after = ENGINE.apply(lay(state, 0, "owl", 0, "left"), 0, {"type": "no_draw"})
    after = ENGINE.apply(after, 0, {"type": "family", "species": "robin"})
    assert not after["over"] and after["player"] == 1


def test_it_ends_after_the_family_step_when_no_card_is_left_to_top_up_a_row():
    # RULES-NOTES: a row left with one species and no card anywhere to refill it ends the
    # game as a failed re-deal does, but only once the turn is over, its family step included.
    state = arrange(rows=[["owl", "flamingo", "parrot"], *ROWS[1:]], hands=[["parrot", "robin"], ["robin"]], deck=[])
    spare = state["discard"]
    state["discard"] = []
    state["hands"][1] += spare
    after = lay(state, 0, "parrot", 0, "left")
    assert not after["over"] and after["step"] == "family" and after["player"] == 0
    assert species(after["rows"][0]) == ["parrot", "parrot"]
    after = ENGINE.apply(after, 0, {"type": "no_family"})
    assert after["over"] and after["end"] == "no_cards"


def test_a_family_formed_after_the_last_card_can_still_win():
    # The turn finishes before the game ends: a family completing seven species wins at once.
    collection = ["owl", "toucan", "duck", "parrot", "magpie", "robin"]
    state = arrange(
        rows=[["owl", "flamingo", "parrot"], *ROWS[1:]],
        hands=[["parrot", "flamingo"], ["robin"]],
        collections=[collection, ["robin"]],
        deck=[],
    )
    spare = state["discard"]
    state["discard"] = []
    state["hands"][1] += spare
    after = lay(state, 0, "parrot", 0, "left")  # encloses the owl and a flamingo: two flamingos in hand
    assert not after["over"]
    won = ENGINE.apply(after, 0, {"type": "family", "species": "flamingo"})
    assert won["over"] and won["winner"] == 0 and won["end"] == "seven_species"


def test_the_phase_key_stays_within_a_turn_and_changes_with_the_next():
    state = arrange(rows=ROWS, hands=[["owl", "owl", "owl", "robin"], ["robin"]])
    keys = [ENGINE.phase_key(state)]
    state = lay(state, 0, "robin", 0, "right")
    keys.append(ENGINE.phase_key(state))
    state = ENGINE.apply(state, 0, {"type": "draw"})
    keys.append(ENGINE.phase_key(state))
    state = ENGINE.apply(state, 0, {"type": "no_family"})
    keys.append(ENGINE.phase_key(state))
    # One wait covers the lay, the draw and the family of a turn.
    assert keys[0] == keys[1] == keys[2] == "turn 1"
    assert keys[3] == "turn 2"


def test_auto_action_prefers_the_lay_that_encloses_most_and_always_draws():
    state = arrange(rows=[["owl", "flamingo", "duck", "parrot"], *ROWS[1:]], hands=[["parrot", "robin"], ["robin"]])
    assert ENGINE.auto_action(state, 0) == {"type": "lay", "species": "parrot", "row": 0, "side": "left"}
    state = arrange(rows=ROWS, hands=[["toucan", "owl", "owl", "owl", "owl"], ["robin"]])
    after = lay(state, 0, "toucan", 0, "right")
    assert ENGINE.auto_action(after, 0) == {"type": "draw"}
    after = ENGINE.apply(after, 0, {"type": "no_draw"})
    assert ENGINE.auto_action(after, 0) == {"type": "family", "species": "owl"}
    with pytest.raises(ValueError):
        ENGINE.auto_action(after, 1)


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, None, "2 to 5"),
        (6, None, "2 to 5"),
        (3, {"solo": True}, "Unknown option"),
        (3, [1], "mapping"),
        ("3", None, "whole"),
    ],
)
def test_it_rejects_bad_options(players, options, message):
    with pytest.raises(IllegalOptions, match=message):
        ENGINE.validate_options(players, options)


def test_it_fills_in_the_options():
    assert ENGINE.validate_options(4, None) == {}
    assert ENGINE.default_options == {}
