"""The Wizard engine object: the contract of `games.engines.base.Engine`."""

from __future__ import annotations

from games.engines.base import Action, IllegalAction, State, gettext_noop
from games.engines.wizard import actions, ahead, phases, scoring, setup
from games.engines.wizard import options as wizard_options
from games.engines.wizard import view as wizard_view
from games.engines.wizard.cards import JESTER_VALUE, SUIT, SUITS, VALUE, WIZARD_VALUE
from games.engines.wizard.options import sealed_bids
from games.engines.wizard.rules import legal_bids, legal_cards


class WizardEngine:
    name = "wizard"
    min_players = wizard_options.MIN_PLAYERS
    max_players = wizard_options.MAX_PLAYERS
    default_options = dict(wizard_options.DEFAULT_OPTIONS)

    def validate_options(self, num_players: int, options: dict | None) -> dict:
        return wizard_options.validate_options(num_players, options)

    def new_game(self, num_players: int, seed: int | str, options: dict | None = None) -> State:
        return setup.new_game(num_players, seed, self.validate_options(num_players, options))

    # The calls every decision makes are the module functions themselves (no method in between).
    to_act = staticmethod(phases.to_act)
    legal_actions = staticmethod(actions.legal_actions)
    apply = staticmethod(phases.apply_action)

    def phase_key(self, state: State) -> str:
        """Round, phase and whose turn: in a sealed bid every seat answers the same call."""
        phase = state["phase"]
        if phase == "over":
            return "over"
        if phase == "bid" and sealed_bids(state["options"]):
            return f"r{state['round']}:bid"
        if phase == "play":
            return f"r{state['round']}:play:{state['trick_number']}:{len(state['trick'])}"
        done = sum(bid is not None for bid in state["bids"])
        return f"r{state['round']}:{phase}:{done}"

    def auto_action(self, state: State, seat: int) -> Action:
        """The timeout default and simple bot; it uses only what `seat` may see.

        Trump: the suit the dealer holds most of (under clairvoyance, where the
        own hand is unseen, the suit the others hold least of); ties go to the
        first suit. Bid: the number of sure winners (Wizards and the trump 12
        and 13; the 13s in monocolor), 0 under clairvoyance, moved to the
        nearest allowed bid. Play: the lowest legal card (Jester, then
        non-trump by rank, then trump, then Wizard).
        """
        if seat not in phases.to_act(state):
            raise IllegalAction(gettext_noop("Seat %(seat)s has nothing to do now."), seat=repr(seat))
        phase = state["phase"]
        hand_seen = wizard_view.hand_visible(state, seat, seat)
        if phase == "choose_trump":
            if hand_seen:
                counts = [sum(SUIT[card] == suit for card in state["hands"][seat]) for suit in SUITS]
                return {"type": "choose_trump", "suit": SUITS[counts.index(max(counts))]}
            others = [card for owner, hand in enumerate(state["hands"]) if owner != seat for card in hand]
            counts = [sum(SUIT[card] == suit for card in others) for suit in SUITS]
            return {"type": "choose_trump", "suit": SUITS[counts.index(min(counts))]}
        if phase == "bid":
            target = _sure_winners(state, seat) if hand_seen else 0
            bid = min(legal_bids(state, seat), key=lambda allowed: (abs(allowed - target), allowed))
            return {"type": "bid", "bid": bid}
        trump = state["trump"]
        cards = legal_cards(state["hands"][seat], state["trick"])
        return {"type": "play", "card": min(cards, key=lambda card: _strength(card, trump))}

    def forced_action(self, state: State, seat: int) -> Action | None:
        """A seat's last card of the round: every player sees how many cards each holds. A follow
        forced by the suits in a hand is not forced here (playing it at once would tell them)."""
        if state["phase"] != "play" or seat != state["turn"]:
            return None
        hand = state["hands"][seat]
        return actions.PLAY[hand[0]] if len(hand) == 1 else None

    ahead_cases = staticmethod(ahead.cases)
    ahead_facts = staticmethod(ahead.facts)
    round_key = staticmethod(ahead.round_key)
    card_play = staticmethod(ahead.card_play)

    def view(self, state: State, seat: int | None) -> dict:
        return wizard_view.view(state, seat)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def result(self, state: State) -> list[dict]:
        return scoring.result(state)


def _sure_winners(state: State, seat: int) -> int:
    trump = state["trump"]
    top = 13 if state["options"]["monocolor"] else 12
    count = 0
    for card in state["hands"][seat]:
        value = VALUE[card]
        if value == WIZARD_VALUE or (value >= top and (state["options"]["monocolor"] or SUIT[card] == trump)):
            count += 1
    return count


def _strength(card: str, trump: str | None) -> tuple[int, int]:
    value = VALUE[card]
    if value == JESTER_VALUE:
        return (0, 0)
    if value == WIZARD_VALUE:
        return (3, 0)
    return (2 if SUIT[card] == trump else 1, value)
