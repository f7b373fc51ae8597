"""The CuBirds engine object: the contract of `games.engines.base.Engine`."""

from __future__ import annotations

from games.engines.base import Action, State
from games.engines.cubirds import ahead, bot, rules, scoring, setup
from games.engines.cubirds.view import view as _view


class CubirdsEngine:
    name = "cubirds"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    default_options = setup.DEFAULT_OPTIONS

    def validate_options(self, num_players: int, options: dict | None) -> dict:
        return setup.validate_options(num_players, options)

    def new_game(self, num_players: int, seed: int | str, options: dict | None = None) -> State:
        return setup.new_game(num_players, seed, options)

    # The calls every decision makes are the module functions themselves (no method in between).
    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    ahead_cases = staticmethod(ahead.cases)
    ahead_facts = staticmethod(ahead.facts)
    ahead_stale = staticmethod(ahead.stale)

    def phase_key(self, state: State) -> str:
        # One wait (one deadline, one mail) per turn, covering all its decisions;
        # a re-deal gives the same seat a new turn and so a new wait.
        return "over" if state["over"] else f"turn {state['turn']}"

    def auto_action(self, state: State, seat: int) -> Action:
        return bot.auto_action(state, seat)

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def is_over(self, state: State) -> bool:
        return state["over"]

    def result(self, state: State) -> list[dict]:
        return scoring.result(state)


ENGINE = CubirdsEngine()
