"""A tiny engine for testing the site's services apart from any real game's rules.

Three rounds. Each round every seat bids one card from its hand at once
(sealed: nobody sees a bid before all are in); then the highest bidder
alone chooses to take the points (`claim`) or `pass`. Hands are hidden.
"""

from __future__ import annotations

from games.engines.base import IllegalAction, IllegalOptions, copy_state, make_rng, shared_ranks


class ToyEngine:
    name = "toy"
    min_players = 2
    max_players = 4
    default_options = {"rounds": 3}

    def validate_options(self, num_players, options):
        options = {**self.default_options, **(options or {})}
        if set(options) != {"rounds"} or not isinstance(options["rounds"], int) or not 1 <= options["rounds"] <= 3:
            raise IllegalOptions("rounds must be 1, 2 or 3")
        return options

    def new_game(self, num_players, seed, options=None):
        options = self.validate_options(num_players, options)
        deck = list(range(1, 10 * num_players + 1))
        make_rng(seed, "deal").shuffle(deck)
        return {
            "num_players": num_players,
            "rounds": options["rounds"],
            "round": 1,
            "phase": "bid",
            "hands": [sorted(deck[i * 3 : i * 3 + 3]) for i in range(num_players)],
            "bids": [None] * num_players,
            "revealed": [],
            "leader": None,
            "scores": [0] * num_players,
        }

    def to_act(self, state):
        if state["phase"] == "bid":
            return [seat for seat, bid in enumerate(state["bids"]) if bid is None]
        if state["phase"] == "claim":
            return [state["leader"]]
        return []

    def phase_key(self, state):
        return f"{state['round']}:{state['phase']}"

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "bid":
            return [{"type": "bid", "card": card} for card in state["hands"][seat]]
        return [{"type": "claim"}, {"type": "pass"}]

    def apply(self, state, seat, action):
        if not isinstance(action, dict) or action not in self.legal_actions(state, seat):
            raise IllegalAction("That is not a move you can make now.")
        state = copy_state(state)
        if action["type"] == "bid":
            state["bids"][seat] = action["card"]
            state["hands"][seat].remove(action["card"])
            if all(bid is not None for bid in state["bids"]):
                state["revealed"] = list(state["bids"])
                state["leader"] = max(range(state["num_players"]), key=lambda s: state["bids"][s])
                state["phase"] = "claim"
            return state
        if action["type"] == "claim":
            state["scores"][seat] += state["bids"][seat]
        state["bids"] = [None] * state["num_players"]
        if state["round"] == state["rounds"]:
            state["phase"] = "over"
        else:
            state["round"] += 1
            state["phase"] = "bid"
        return state

    def auto_action(self, state, seat):
        actions = self.legal_actions(state, seat)
        return actions[0] if state["phase"] == "bid" else {"type": "claim"}

    def view(self, state, seat):
        return {
            "round": state["round"],
            "phase": state["phase"],
            "hand": state["hands"][seat] if seat is not None else None,
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "bids_in": [bid is not None for bid in state["bids"]],
            "revealed": state["revealed"],
            "scores": state["scores"],
        }

    def is_over(self, state):
        return state["phase"] == "over"

    def result(self, state):
        return shared_ranks([(seat, (score,)) for seat, score in enumerate(state["scores"])])
