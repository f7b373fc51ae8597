"""The searches themselves, on a toy game whose moves' true worth is known.

In the toy game a sampled state holds only the luck of the deal (uniform over most of
0..1); the searching seat's one move adds a small, known bonus and ends the game. Luck
dwarfs the bonuses, so a search that rolls each move out on a fresh deal needs many
rollouts to tell them apart; sequential halving compares the moves on the same deals.
"""

from __future__ import annotations

import random

from games.bots import search

BONUSES = [0.0, 0.01, 0.03, 0.02, 0.0, 0.04, 0.01, 0.0]


class Toy:
    """Both the engine and the game's bot module, as far as the search asks."""

    rollouts = 0

    @staticmethod
    def sample(view: dict, seat: int, rng: random.Random) -> dict:
        return {"luck": rng.random() * 0.9, "bonus": None}

    @staticmethod
    def apply(state: dict, seat: int, action: dict) -> dict:
        Toy.rollouts += 1
        return {**state, "bonus": BONUSES[action["move"]]}

    @staticmethod
    def is_over(state: dict) -> bool:
        return state["bonus"] is not None

    @staticmethod
    def to_act(state: dict) -> list[int]:
        return [] if state["bonus"] is not None else [0]

    @staticmethod
    def horizon_reached(state: dict, start: dict) -> bool:
        return False

    @staticmethod
    def rollout_action(state: dict, seat: int) -> dict:
        raise AssertionError("the toy game ends with the searching seat's move")

    @staticmethod
    def evaluate(state: dict, seat: int, start: dict) -> float:
        return state["luck"] + state["bonus"]


MOVES = [{"move": index} for index in range(len(BONUSES))]


def test_sequential_halving_finds_the_best_move_on_common_deals():
    for seed in range(20):
        chosen = search.sequential_halving(Toy, Toy, {}, 0, MOVES, random.Random(seed), rollouts=48)
        assert chosen == {"move": 5}, seed


def test_sequential_halving_spends_no_more_than_its_budget():
    Toy.rollouts = 0
    search.sequential_halving(Toy, Toy, {}, 0, MOVES, random.Random(0), rollouts=100)
    # Three rounds for eight moves, each a share of what is left: 4 deals x 8 moves,
    # then 8 deals x 4 (of 68 left, 34), then 18 deals x 2 (the 36 left).
    assert Toy.rollouts == 4 * 8 + 8 * 4 + 18 * 2


def test_sequential_halving_leaves_a_tie_to_the_first_move():
    level = [{"move": index} for index in (0, 4, 7)]  # bonus 0 each
    for seed in range(5):
        assert search.sequential_halving(Toy, Toy, {}, 0, level, random.Random(seed), rollouts=30) == level[0]


def test_fresh_deals_for_each_rollout_cannot_tell_the_moves_apart_on_the_same_budget():
    """The control: the same budget spent by UCB1 on a fresh deal a rollout picks the best move far less often."""
    found = sum(
        search.flat_monte_carlo(Toy, Toy, {}, 0, MOVES, random.Random(seed), rollouts=48) == {"move": 5}
        for seed in range(20)
    )
    assert found <= 10


class Catch:
    """A sealed wait of two seats, engine and bot module at once: seat 0 may hide (worth a sure 0.5)
    or pick a number, worth 1 unless seat 1 picks the same number at the same time (then 0); seat 1
    scores by catching it. Blind of each other, seat 1 catches a number one time in three at best, so
    a number is worth about 2/3 and beats hiding; a seat 1 that saw seat 0's number would always catch
    it, and hiding would look best."""

    NUMBERS = 3
    rng = random.Random(0)  # the rollouts' random picks

    @staticmethod
    def sample(view: dict, seat: int, rng: random.Random) -> dict:
        return {"picks": [None, None], "num_players": 2}

    @staticmethod
    def to_act(state: dict) -> list[int]:
        return [who for who, pick in enumerate(state["picks"]) if pick is None]

    @staticmethod
    def is_over(state: dict) -> bool:
        return None not in state["picks"]

    @staticmethod
    def legal_actions(state: dict, seat: int) -> list[dict]:
        return Catch.moves(seat)

    @staticmethod
    def moves(seat: int) -> list[dict]:
        hide = [{"pick": "hide"}] if seat == 0 else []
        return hide + [{"pick": number} for number in range(Catch.NUMBERS)]

    @staticmethod
    def apply(state: dict, seat: int, action: dict) -> dict:
        picks = list(state["picks"])
        picks[seat] = action["pick"]
        return {**state, "picks": picks}

    @staticmethod
    def horizon_reached(state: dict, start: dict) -> bool:
        return False

    @staticmethod
    def rollout_action(state: dict, seat: int) -> dict:
        return {"pick": Catch.rng.randrange(Catch.NUMBERS)}

    @staticmethod
    def evaluate(state: dict, seat: int, start: dict) -> float:
        hidden, number = state["picks"]
        if hidden == "hide":
            return 0.5
        caught = hidden == number
        return float(caught) if seat == 1 else float(not caught)


def test_ismcts_chooses_a_sealed_move_blind_of_the_moves_made_with_it():
    # Before the moves of a wait were chosen blind of each other, seat 1's move was searched
    # below seat 0's number: it caught every number, and seat 0 hid in every game.
    chosen = [
        search.ismcts(Catch, Catch, {"num_players": 2}, 0, Catch.moves(0), random.Random(seed), iterations=600)
        for seed in range(10)
    ]
    assert sum(move["pick"] != "hide" for move in chosen) >= 8, chosen
