"""Random full games for 2-5 players, checked at every step by the shared contract."""

import json

import pytest

from games.engines.cubirds import ENGINE
from games.engines.cubirds.cards import ALL_CARDS, CARD_SPECIES
from games.engines.cubirds.rules import apply_legal
from games.engines.cubirds.scoring import winning_collection
from games.engines.simulate import play_random_game
from tests.engines.contract import check_random_games

ALL = sorted(ALL_CARDS)
JUNK = [
    {"type": "lay"},
    {"type": "lay", "species": "owl", "row": "0", "side": "left"},
    {"type": "lay", "species": "owl", "row": -1, "side": "left"},
    {"type": "lay", "species": None, "row": 0, "side": "left"},
    {"type": "lay", "species": ["owl"], "row": 0, "side": "left"},
    {"type": "lay", "species": "owl", "row": 0, "side": {"left": 1}},
    {"type": "lay", "species": "dodo", "row": 0, "side": "left"},
    {"type": "family"},
    {"type": "family", "species": 3},
    {"type": "family", "species": "flamingo", "extra": 1},
    {"type": "draw", "count": 5},
    {"type": 7},
    {"type": None},
    {1: "draw"},
    [],
    42,
]


def invariant(state: dict) -> None:
    cards = list(state["deck"]) + state["discard"]
    for group in ("rows", "hands", "collections"):
        for pile in state[group]:
            cards += pile
    assert sorted(cards) == ALL, "the 110 cards are not all there exactly once"
    for index, row in enumerate(state["rows"]):
        kinds = {CARD_SPECIES[card] for card in row}
        # A row no card could top up ends the game once the turn is over (rules 2: after its family step).
        if not (state["over"] and state["end"] == "no_cards") and state.get("ending") != "no_cards":
            assert len(kinds) >= 2, f"row {index} holds fewer than 2 species"
    assert all(state["collections"]), "every collection starts with one bird"
    if state["over"]:
        assert state["step"] == "over" and state["end"] in ("seven_species", "two_threes", "no_redeal", "no_cards")
        assert (state["winner"] is not None) == (state["end"] in ("seven_species", "two_threes"))
    else:
        assert state["step"] != "lay" or state["hands"][state["player"]], "a turn starts with birds in hand"
        assert state["step"] != "family" or state["hands"][state["player"]]
        assert not winning_collection(state["collections"][state["player"]])


def leak_check(state: dict, seat: int | None, view: dict) -> None:
    text = json.dumps(view)
    hidden = list(state["deck"]) + state["discard"]
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            hidden += hand
    for card in hidden:
        assert f'"{card}"' not in text, f"{card} is hidden from seat {seat} but shown"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_contract_at_every_step(players):
    checked = check_random_games(
        ENGINE, players, None, range(4), invariant=invariant, leak_check=leak_check, junk_actions=JUNK
    )
    assert checked > 4 * 20


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_random_games_keep_the_contract(players):
    seeds = range(1000 + players * 10_000, 1000 + players * 10_000 + 500)
    checked = check_random_games(
        ENGINE, players, {}, seeds, invariant=invariant, leak_check=leak_check, junk_actions=JUNK, deep_every=250
    )
    assert checked > 500 * 20


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_of_auto_actions_end(players):
    ends = set()
    for seed in range(60):
        play = play_random_game(ENGINE, players, seed, policy="auto")
        invariant(play.final_state)
        ends.add(play.final_state["end"])
    assert ends <= {"seven_species", "two_threes", "no_redeal", "no_cards"} and ends


def test_random_play_reaches_every_end_of_the_game():
    ends = set()
    for seed in range(300):
        ends.add(play_random_game(ENGINE, 3 + seed % 3, seed).final_state["end"])
    assert ends == {"seven_species", "two_threes", "no_redeal", "no_cards"}


def _birds_taken(row: list[str], species: str, side: str) -> int:
    """Birds a lay takes, counted by walking the row from the side laid on (rulebook: the birds
    between the new bird and the nearest bird of its species; none if there is none)."""
    cards = row if side == "left" else row[::-1]
    for place, card in enumerate(cards):
        if CARD_SPECIES[card] == species:
            return place
    return 0


@pytest.mark.parametrize("players", [2, 5])
def test_the_default_lay_is_the_menus_first_with_most_birds_taken_then_fewest_in_hand(players):
    lays = 0
    for seed in range(40):
        play = play_random_game(ENGINE, players, seed)
        state = ENGINE.new_game(players, seed, play.options)
        for seat, action in play.actions:
            before, state = state, ENGINE.apply(state, seat, action)
            if before["step"] != "lay":
                continue
            state_at_lay = before
            hand = [CARD_SPECIES[card] for card in state_at_lay["hands"][seat]]
            rows = state_at_lay["rows"]
            expected = max(
                ENGINE.legal_actions(state_at_lay, seat),
                key=lambda lay: (
                    _birds_taken(rows[lay["row"]], lay["species"], lay["side"]),
                    -hand.count(lay["species"]),
                ),
            )
            assert ENGINE.auto_action(state_at_lay, seat) == expected
            lays += 1
    assert lays > 40 * 10


def test_the_rollouts_unchecked_apply_makes_the_same_states_as_apply():
    steps = 0
    for seed in range(30):
        play = play_random_game(ENGINE, 2 + seed % 4, seed, policy="auto" if seed % 2 else "random")
        state = ENGINE.new_game(play.num_players, seed, play.options)
        for seat, action in play.actions:
            checked = ENGINE.apply(state, seat, action)
            assert apply_legal(state, seat, action) == checked
            state = checked
            steps += 1
    assert steps > 30 * 40
