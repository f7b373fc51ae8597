"""A public Wizard agent seated at our engine: joanamizrahi-png/cs238_wizard_ai's `HeuristicAgent`.

Their code is not vendored: get it outside the repository and pass its path to the bench,

    git clone https://github.com/joanamizrahi-png/cs238_wizard_ai /tmp/cs238_wizard_ai
    python -m bench bots --cs238 /tmp/cs238_wizard_ai

and this adapter imports `agents.heuristic_agent` and `game.deck` from that path. It hands
their agent only what the seat's view holds (own hand, trick, trump, bids and tricks won),
translated card by card:
- our suits blue/green/red/yellow are their HEARTS/DIAMONDS/CLUBS/SPADES; a rank r is
  their rank r (1 lowest, 13 highest in both trick rules; their bidding counts a rank-1
  "Ace" as strong, a quirk of theirs we keep); Wizards and Jesters are rank 0.
- their bid is clamped to our menu (a forbidden bid moves to the nearest allowed one, the
  lower on a tie); their agent never chooses trump (their engine fixes Hearts), so at our
  choose-trump step the adapter names the suit it holds most of.
- their card maps back to the first of our legal cards that translates to it.
"""

from __future__ import annotations

import sys
from types import SimpleNamespace

from games.engines.base import Action
from games.engines.wizard.cards import SUIT, SUITS, VALUE, is_wizard
from games.engines.wizard.rules import led_suit


class PublicWizardAgent:
    """Their HeuristicAgent, taking our view and giving our actions."""

    def __init__(self, path: str):
        if path not in sys.path:
            sys.path.insert(0, path)
        from agents.heuristic_agent import HeuristicAgent  # noqa: PLC0415 (their code, from the given path)
        from game.deck import Card, Suit  # noqa: PLC0415

        self.agent = HeuristicAgent()
        self.Card = Card
        self.suits = dict(zip(SUITS, (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES), strict=True))
        self.wizard, self.jester = Suit.WIZARD, Suit.JESTER

    def card(self, card: str):
        suit = SUIT[card]
        if suit is None:
            return self.Card(self.wizard if is_wizard(card) else self.jester, 0)
        return self.Card(self.suits[suit], VALUE[card])

    def act(self, view: dict, seat: int, legal: list[Action]) -> Action:
        phase = view["phase"]
        hand = view["hand"]
        if phase == "choose_trump":
            counts = {suit: sum(SUIT[card] == suit for card in hand) for suit in SUITS}
            return {"type": "choose_trump", "suit": max(SUITS, key=lambda suit: (counts[suit], -SUITS.index(suit)))}
        trump = self.suits.get(view["trump"]) if view["trump"] else None
        if phase == "bid":
            bids_so_far = [bid for bid in view["bids"] if bid is not None]
            bid = self.agent.bid([self.card(c) for c in hand], trump, view["hand_size"], seat, bids_so_far)
            allowed = [action["bid"] for action in legal]
            return {"type": "bid", "bid": min(allowed, key=lambda b: (abs(b - bid), b))}
        trick = [[entry["seat"], entry["card"]] for entry in view["trick"]]
        led = led_suit(trick)
        cards = [action["card"] for action in legal]
        state = SimpleNamespace(
            bids=[bid or 0 for bid in view["bids"]], tricks_won=list(view["tricks_won"]), round_num=view["hand_size"]
        )
        chosen = self.agent.play(
            [self.card(c) for c in hand],
            [self.card(c) for c in cards],
            [(who, self.card(c)) for who, c in trick],
            trump,
            self.suits[led] if led else None,
            seat,
            state,
        )
        card = next(c for c in cards if self.card(c) == chosen)
        return {"type": "play", "card": card}
