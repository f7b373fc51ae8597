"""The two-player round solver against an independent oracle, and Strong's use of it.

The oracle is plain minimax written here: it plays every legal card through the engine's
own `apply` (the engine's trick rules, not the solver's), remembers nothing and tries
every card, so neither the solver's lookups nor its pruning of cards alike can hide in it.
"""

from __future__ import annotations

import random

import pytest

from games.bots import choose, wizard, wizard_solver
from games.engines import get_engine

ENGINE = get_engine("wizard")


def worth(won: int, lost: int) -> tuple[float, ...]:
    """Three ways of valuing a round's end, so that every entry must be minimaxed apart."""
    return (won - lost, -abs(won - 1) * 10 + lost, float(won == 2))


def entry_alone(component: int):
    """`worth` reduced to one entry: the solver then searches by alpha-beta."""
    return lambda won, lost: (worth(won, lost)[component],)


def solve_cards(state: dict, worth) -> dict:
    """The solver's value of each card the seat to play may play, from a full engine state."""
    dark_wizard = state["options"]["dark_wizard"]
    return wizard_solver.card_values(
        state["hands"], state["trick"], state["tricks_won"], state["turn"], state["trump"], dark_wizard, worth
    )


def defaults_until(state: dict, reached) -> dict:
    """`state` played on by every seat's default action until `reached(state)`."""
    while not reached(state):
        mover = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, mover, ENGINE.auto_action(state, mover))
    return state


def oracle(state: dict, seat: int, component: int) -> float:
    """Minimax of one entry of `worth` from `state` to the round's end, through the engine."""
    round_number = state["round"]
    mover = ENGINE.to_act(state)[0]
    values = []
    for action in ENGINE.legal_actions(state, mover):
        after = ENGINE.apply(state, mover, action)
        if after["phase"] == "over" or after["round"] != round_number:
            tricks = after["history"][-1]["tricks"]
            values.append(worth(tricks[seat], tricks[1 - seat])[component])
        else:
            values.append(oracle(after, seat, component))
    return max(values) if mover == seat else min(values)


def positions(options: dict, count: int, most_cards: int, fewest_cards: int = 0) -> list[dict]:
    """Play-phase positions of random two-player games, with a hand of `fewest_cards` to `most_cards`."""
    rng = random.Random(7)
    found = []
    game = 0
    while len(found) < count:
        state = ENGINE.new_game(2, f"solver-{game}", options)
        game += 1
        while state["phase"] != "over" and len(found) < count:
            mover = ENGINE.to_act(state)[0]
            cards = max(map(len, state["hands"])) if state["phase"] == "play" else -1
            if fewest_cards <= cards <= most_cards and rng.random() < 0.5:
                found.append(state)
            legal = ENGINE.legal_actions(state, mover)
            state = ENGINE.apply(state, mover, legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("options", [{}, {"dark_wizard": True}], ids=["plain", "dark_wizard"])
def test_it_values_every_card_as_plain_minimax_through_the_engine_does(options):
    for state in positions(options, count=40, most_cards=4):
        seat = state["turn"]
        values = solve_cards(state, worth)
        assert set(values) == {action["card"] for action in ENGINE.legal_actions(state, seat)}
        # One entry at a time, the solver searches by alpha-beta: the values must not change.
        alone = [solve_cards(state, entry_alone(component)) for component in range(3)]
        for card, value in values.items():
            assert tuple(entry[card][0] for entry in alone) == value
            after = ENGINE.apply(state, seat, {"type": "play", "card": card})
            for component in range(3):
                if after["round"] != state["round"] or after["phase"] == "over":
                    tricks = after["history"][-1]["tricks"]
                    expected = worth(tricks[seat], tricks[1 - seat])[component]
                else:
                    expected = oracle(after, seat, component)
                assert value[component] == expected, (state["hands"], state["trick"], card, component)


def test_alpha_beta_gives_plain_minimax_values_with_many_cards_left():
    # Too big for the oracle: here the plain minimax of every entry at once (checked above
    # against the oracle) is the reference; lookups of bounds matter most in big trees.
    for state in positions({}, count=40, most_cards=7, fewest_cards=5):
        values = solve_cards(state, worth)
        for component in range(3):
            alone = solve_cards(state, entry_alone(component))
            assert {card: value[0] for card, value in alone.items()} == {
                card: value[component] for card, value in values.items()
            }


def test_it_values_a_whole_round_for_every_entry_at_once():
    checked = 0
    for game in range(30):
        state = defaults_until(
            ENGINE.new_game(2, f"round-{game}", {}), lambda state: state["phase"] == "play"
        )  # the bids do not matter to `worth`: Standard's defaults
        if state["hand_size"] > 3:
            continue
        for seat in (0, 1):
            value, _positions = wizard_solver.round_value(
                state["hands"], state["leader"], seat, state["trump"], False, worth
            )
            assert value == tuple(oracle(state, seat, component) for component in range(3))
            checked += 1
    assert checked >= 20


def test_it_tries_one_card_of_each_set_that_wins_and_loses_alike():
    # No card of the other's lies between red-3 and red-5: they win and lose alike.
    assert wizard_solver.distinct_cards(["red-3", "red-5"], ["red-9"]) == ["red-3"]
    # red-4 lies between them: one wins against it, the other does not.
    assert wizard_solver.distinct_cards(["red-3", "red-5"], ["red-4"]) == ["red-3", "red-5"]
    # Wizards are all alike, Jesters too; suits never are.
    assert wizard_solver.distinct_cards(["wizard-1", "wizard-2", "jester-1", "jester-4", "blue-3", "red-3"], []) == [
        "wizard-1",
        "jester-1",
        "blue-3",
        "red-3",
    ]


def test_strong_solves_deals_at_two_players_and_leaves_more_players_to_its_search(monkeypatch):
    solved = []
    real = wizard_solver.card_values
    monkeypatch.setattr(wizard_solver, "card_values", lambda *args: solved.append(1) or real(*args))
    for players in (2, 3):
        state = defaults_until(ENGINE.new_game(players, "strong", {}), lambda state: state["phase"] == "play")
        seat = state["turn"]
        before = len(solved)
        action = choose(ENGINE, state, seat, "strong", random.Random(1), budget=100)
        assert action in ENGINE.legal_actions(state, seat)
        assert len(solved) - before == (100 // wizard.ROLLOUTS_A_SOLVE if players == 2 else 0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_strong_searches_as_good_does_where_it_has_no_solver(monkeypatch, players):
    # More rollouts did worse than Good against three Good bots (see wizard.strong_iterations).
    from games.bots import search

    budgets = []
    real = search.sequential_halving
    monkeypatch.setattr(search, "sequential_halving", lambda *args: budgets.append(args[-1]) or real(*args[:-1], 8))
    state = defaults_until(
        ENGINE.new_game(players, "as good", {}), lambda state: state["phase"] == "play" and state["round"] >= 3
    )  # a choice of cards
    seat = state["turn"]
    for level in ("good", "strong"):
        assert choose(ENGINE, state, seat, level, random.Random(3)) in ENGINE.legal_actions(state, seat)
    assert budgets == [wizard.GOOD_ROLLOUTS, wizard.GOOD_ROLLOUTS]
    assert wizard.strong_iterations(ENGINE.view(state, seat)) == wizard.GOOD_ROLLOUTS
    two = ENGINE.new_game(2, "as good", {})
    assert wizard.strong_iterations(ENGINE.view(two, 0)) == wizard.STRONG_ITERATIONS


def test_strong_bids_what_the_solved_deals_value_most(monkeypatch):
    state = defaults_until(ENGINE.new_game(2, "bid", {}), lambda state: state["phase"] == "bid")
    seat = ENGINE.to_act(state)[0]
    view = ENGINE.view(state, seat)
    legal = ENGINE.legal_actions(state, seat)
    bids = [action["bid"] for action in wizard.candidates(ENGINE, view, seat, legal)]
    assert len(bids) > 1
    favourite = bids[-1]  # not Standard's bid (listed first)

    def round_value(hands, leader, seat, trump, dark_wizard, worth):
        return tuple(1.0 if bid == favourite else 0.0 for bid in bids), 1

    monkeypatch.setattr(wizard_solver, "round_value", round_value)
    assert choose(ENGINE, state, seat, "strong", random.Random(2)) == {"type": "bid", "bid": favourite}


@pytest.mark.parametrize(("positions", "deals"), [(0, 12), (wizard.POSITIONS_A_BID_SOLVE, 12), (10**6, 6)])
def test_a_bids_solves_stop_early_only_once_they_have_solved_many_positions(monkeypatch, positions, deals):
    state = defaults_until(ENGINE.new_game(2, "bid", {}), lambda state: state["phase"] == "bid")
    seat = ENGINE.to_act(state)[0]
    solved = []

    def round_value(hands, leader, seat, trump, dark_wizard, worth):
        solved.append(1)
        return worth(0, 0), positions

    monkeypatch.setattr(wizard_solver, "round_value", round_value)
    assert choose(ENGINE, state, seat, "strong", random.Random(2)) in ENGINE.legal_actions(state, seat)
    assert wizard.STRONG_BID_SOLVES == 12
    assert len(solved) == deals


@pytest.mark.parametrize(
    ("dark_wizard", "expected"),
    [(False, {"wizard-1": 0, "red-3": -2}), (True, {"wizard-1": -2, "red-3": 0})],
    ids=["first_wizard_wins", "dark_wizard"],
)
def test_it_gives_a_trick_of_two_wizards_as_the_variant_says(dark_wizard, expected):
    # Worked by hand: leading the Wizard wins the trick unless the other's later Wizard takes
    # it (dark Wizard), and then the other's red-5 beats our red-3; the other way round with red-3.
    state = defaults_until(
        ENGINE.new_game(2, "wizards", {"dark_wizard": dark_wizard}), lambda state: state["phase"] == "play"
    )
    state = {**state, "hands": [["red-3", "wizard-1"], ["red-5", "wizard-2"]], "trump": "blue"}
    state.update(trick=[], turn=0, leader=0, tricks_won=[0, 0], trick_number=0)
    values = wizard_solver.card_values(state["hands"], [], [0, 0], 0, "blue", dark_wizard, worth)
    assert {card: value[0] for card, value in values.items()} == expected
    assert {card: oracle(ENGINE.apply(state, 0, {"type": "play", "card": card}), 0, 0) for card in values} == expected
