"""The Wild Cards engine object (see README.md in this package)."""

from __future__ import annotations

from games.engines.base import shared_ranks

from . import actions, ahead, auto, legal, setup, view


class WildCardsEngine:
    name = "wildcards"
    min_players = 2
    max_players = 5
    default_options = dict(setup.DEFAULT_OPTIONS)

    def validate_options(self, num_players: int, options: dict | None) -> dict:
        return setup.validate_options(num_players, options)

    def new_game(self, num_players: int, seed: int | str, options: dict | None = None) -> dict:
        return setup.new_game(num_players, seed, options)

    def to_act(self, state: dict) -> list[int]:
        return state["to_act"][:]

    def phase_key(self, state: dict) -> str:
        return f"{state['round']}:{state['phase'] if state['phase'] != 'pay' else 'acquire'}:{state['wait']}"

    # The busiest calls go straight to their functions (no extra frame).
    legal_actions = staticmethod(legal.legal_actions)
    apply = staticmethod(actions.apply)
    forced_action = staticmethod(legal.forced_action)
    ahead_cases = staticmethod(ahead.cases)
    ahead_facts = staticmethod(ahead.facts)
    ahead_move = staticmethod(ahead.move)
    # The states between, when an action ends a round (for telling what happened; see actions.apply_steps).
    apply_steps = staticmethod(actions.apply_steps)

    def auto_action(self, state: dict, seat: int) -> dict:
        return auto.auto_action(state, seat)

    def view(self, state: dict, seat: int | None) -> dict:
        return view.view(state, seat)

    def is_over(self, state: dict) -> bool:
        return state["over"]

    def result(self, state: dict) -> list[dict]:
        """Score, then most animals; Leo is not ranked. Before the end: the score so far."""
        from .scoring import final_scores

        rows = state["final"] or final_scores(state)
        return shared_ranks([(row["seat"], (row["total"], row["animals"])) for row in rows])


ENGINE = WildCardsEngine()
