"""The Emu Ranchers engine object: the contract of `games.engines.base.Engine`."""

from __future__ import annotations

from games.engines.base import State
from games.engines.emu_ranchers import ahead, bot, rules, scoring, setup
from games.engines.emu_ranchers import view as views


class EmuRanchersEngine:
    name = "emu_ranchers"
    min_players = 2
    max_players = 2
    default_options = dict(setup.DEFAULT_OPTIONS)

    def validate_options(self, num_players: int, options: dict | None) -> dict:
        return setup.validate_options(num_players, options)

    def new_game(self, num_players: int, seed: int | str, options: dict | None = None) -> State:
        return setup.new_game(num_players, seed, options)

    def to_act(self, state: State) -> list[int]:
        return rules.to_act(state)

    def phase_key(self, state: State) -> str:
        # A turn of the year, or the whole end-of-year growing (one deadline for both seats).
        if state["phase"] == "play":
            return f"year-{state['year']}-turn-{state['turn_number']}"
        if state["phase"] == "growing":
            return f"year-{state['year']}-growing"
        return "over"

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: dict) -> State:
        return rules.apply(state, seat, action)

    def auto_action(self, state: State, seat: int) -> dict:
        return bot.auto_action(state, seat)

    ahead_cases = staticmethod(ahead.cases)
    ahead_facts = staticmethod(ahead.facts)
    ahead_stale = staticmethod(ahead.stale)

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(state, seat)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def result(self, state: State) -> list[dict]:
        return scoring.result(state)
