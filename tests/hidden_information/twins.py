"""Twin states: the same game with everything one viewer must not know changed.

`twin(state, viewer, rng, keep_top)` returns a copy of `state` in which the
cards the viewer cannot see are dealt anew from one pool: other hands, the
face-down discard piles (CuBirds'; Emu Ranchers' below its top; Wild Cards' is
open) and draw piles, sealed bids and face-down cards, including *which kind*
of card a sealed bid is (the Refill card has the same back as the Habitat
cards). What the viewer may know (their own hand, every
card face up, every count) is kept. With `keep_top`, the top `keep_top` cards
of each draw pile stay in place, so that one more action draws the same cards
in both states and the views after it can be compared too.
"""

from __future__ import annotations

import copy
import random

from games.engines.wildcards.cards import REFILL
from games.engines.wizard.cards import sort_hand
from games.engines.wizard.view import bid_visible, hand_visible

Twin = dict


def _hidden_pile(pile: list, keep_top: int | None) -> tuple[list, list]:
    """(the part of a draw pile that may change, the top kept in place); top = last."""
    if keep_top is None:
        return pile[:], []
    if len(pile) <= keep_top:
        return [], pile[:]
    return pile[: len(pile) - keep_top], pile[len(pile) - keep_top :]


class _Pool:
    def __init__(self, rng: random.Random):
        self.cards: list = []
        self.rng = rng

    def add(self, cards) -> None:
        self.cards.extend(cards)

    def shuffle(self) -> None:
        self.rng.shuffle(self.cards)

    def take(self, count: int) -> list:
        assert count <= len(self.cards), "the pool ran short: the twin would not be a real deal"
        taken, self.cards = self.cards[:count], self.cards[count:]
        return taken


def wildcards(state: dict, viewer: int | None, rng: random.Random, keep_top: int | None) -> Twin:
    s = copy.deepcopy(state)
    n = s["num_players"]
    others = [p for p in range(n) if p != viewer]
    pool = _Pool(rng)
    changeable, deck_top = _hidden_pile(s["deck"], keep_top)
    pool.add(changeable)
    # The discard pile is open (every card in it went there face up): it stays as it is.
    sealed, shown, reveal = s["sealed"], s["shown"], s["reveal"]
    # Cards the table saw go back into a hand stay with that player: in the hand, or face down
    # in front of them (nobody else can tell which), dealt among that player's hidden places.
    known = {p: set(s["known"][p]) if "known" in s else set() for p in others}
    face_down_bid = [p for p in others if sealed is not None and sealed[p] is not None and shown[p] is None]
    for p in others:
        pool.add(card for card in s["hands"][p] if card not in known[p])
    for p in face_down_bid:
        pool.add(card for card in sealed[p] if card != REFILL and card not in known[p])
    paid_face_down = [p for p in others if s["face_down"][p]]
    for p in paid_face_down:
        pool.add(card for card in s["table"][p] if card not in known[p])
    revealed = [p for p in others if reveal is not None and reveal[p] is not None and reveal[p] >= 0]
    for p in revealed:
        pool.add(card for card in [reveal[p]] if card not in known[p])
    pool.shuffle()
    for p in others:
        held = len(s["hands"][p]) + s["refill_in_hand"][p]
        sealed_count, refill_bid = 0, False
        if p in face_down_bid:
            count = len(sealed[p])
            owns_refill = s["refill_in_hand"][p] or REFILL in sealed[p]
            # Which kind lies face down is hidden, unless the cards held leave no choice.
            refill_bid = owns_refill and (held == 0 or rng.random() < 0.5)
            s["refill_in_hand"][p] = owns_refill and not refill_bid
            sealed_count = count - refill_bid
        hand_count = held - s["refill_in_hand"][p]
        table_count = len(s["table"][p]) if p in paid_face_down else 0
        reveal_count = 1 if p in revealed else 0
        mine = list(known[p]) + pool.take(sealed_count + hand_count + table_count + reveal_count - len(known[p]))
        rng.shuffle(mine)
        if p in face_down_bid:
            sealed[p] = ([REFILL] if refill_bid else []) + mine[:sealed_count]
        del mine[:sealed_count]
        if p in paid_face_down:
            s["table"][p], mine = mine[:table_count], mine[table_count:]
        if p in revealed:
            reveal[p] = mine.pop()
        s["hands"][p] = mine
    s["deck"] = pool.take(len(changeable)) + deck_top
    assert not pool.cards
    if s["leo"] is not None and keep_top is None:
        # Leo's pile and face-down bid: which card where, the Refill card included.
        leo = s["leo_pile"] + ([s["leo_sealed"]] if s["leo_sealed"] is not None else [])
        rng.shuffle(leo)
        if s["leo_sealed"] is not None:
            s["leo_sealed"] = leo.pop()
        s["leo_pile"] = leo
    if keep_top is None:
        rng.shuffle(s["animal_deck"])
    return s


def _hands_deck_discard(
    state: dict, others: list[int], rng: random.Random, keep_top: int | None, face_down: int
) -> Twin:
    """Other hands, the deck (its top kept with `keep_top`) and the bottom `face_down` cards of the
    discard pile, dealt anew from one pool."""
    s = copy.deepcopy(state)
    pool = _Pool(rng)
    changeable, deck_top = _hidden_pile(s["deck"], keep_top)
    pool.add(changeable)
    # The discard pile is only dealt from once the deck is used up: kept when one more action is compared.
    hidden = face_down if keep_top is None or len(s["deck"]) > keep_top else 0
    pool.add(s["discard"][:hidden])
    for p in others:
        pool.add(s["hands"][p])
    pool.shuffle()
    for p in others:
        s["hands"][p] = pool.take(len(s["hands"][p]))
    s["deck"] = pool.take(len(changeable)) + deck_top
    s["discard"] = pool.take(hidden) + s["discard"][hidden:]
    return s


def cubirds(state: dict, viewer: int | None, rng: random.Random, keep_top: int | None) -> Twin:
    others = [p for p in range(state["num_players"]) if p != viewer]
    return _hands_deck_discard(state, others, rng, keep_top, face_down=len(state["discard"]))  # all face down


def emu_ranchers(state: dict, viewer: int | None, rng: random.Random, keep_top: int | None) -> Twin:
    others = [p for p in (0, 1) if p != viewer]
    below_top = max(0, len(state["discard"]) - 1)  # only the top of the discard pile is face up
    # A card the other took from the discard pile was seen taken: it stays in that hand.
    taken = state.get("taken", [[], []])
    held = {p: [card for card in state["hands"][p] if card in taken[p]] for p in others}
    rest = copy.deepcopy(state)
    for p in others:
        rest["hands"][p] = [card for card in state["hands"][p] if card not in held[p]]
    twin = _hands_deck_discard(rest, others, rng, keep_top, face_down=below_top)
    for p in others:
        twin["hands"][p] = held[p] + twin["hands"][p]
    return twin


def wizard(state: dict, viewer: int | None, rng: random.Random, keep_top: int | None) -> Twin:
    s = copy.deepcopy(state)
    n = s["num_players"]
    hidden = [owner for owner in range(n) if not hand_visible(s, owner, viewer)]
    if s["options"]["monocolor"]:
        # Each seat's suit is its own: a hidden hand is dealt anew from its seat's hand and pile.
        for owner in range(n):
            if owner in hidden:
                cards = s["hands"][owner] + s["piles"][owner]
                rng.shuffle(cards)
                size = len(s["hands"][owner])
                s["hands"][owner], s["piles"][owner] = sort_hand(cards[:size]), cards[size:]
            else:
                rng.shuffle(s["piles"][owner])  # undealt: unknown to everybody
    else:
        pool = _Pool(rng)
        # Two players: the stock carries over to later rounds; keep it when one more action is compared.
        changeable = s["deck"][:] if keep_top is None or not s["options"]["two_players"] else []
        pool.add(changeable)
        for owner in hidden:
            pool.add(s["hands"][owner])
        pool.shuffle()
        for owner in hidden:
            s["hands"][owner] = sort_hand(pool.take(len(s["hands"][owner])))
        if changeable:
            s["deck"] = pool.take(len(changeable))
    for owner in range(n):
        if s["bids"][owner] is not None and not bid_visible(s, owner, viewer):
            s["bids"][owner] = rng.randrange(s["hand_size"] + 1)
    return s


TWINS = {"wildcards": wildcards, "cubirds": cubirds, "emu_ranchers": emu_ranchers, "wizard": wizard}
