"""The round's automatic steps: place bids, reveal, refill hands, prepare the next round, end.

Each `start_*` function moves the state to the next wait (a phase where a
seat must act) or runs straight on when nobody has a choice to make.
"""

from __future__ import annotations

from . import ties
from .cards import (
    ANIMAL_SPECIES,
    BID_LABEL,
    HAND_LIMIT,
    HAND_SIZE,
    IBEX,
    IS_WILD,
    LEO_PILE_SIZE,
    MEERKAT,
    PART_KEY,
    REFILL,
    SQUIRREL,
    SQUIRREL_HAND_SIZE,
    card_label,
)
from .scoring import final_scores
from .state import draw, draw_card, event, new_wait, own_hand, seen_into_hand, seen_leaving, shuffled

__all__ = ["new_wait"]  # kept importable from here

# Phase 1: place bids ---------------------------------------------------------


def start_round(state: dict) -> None:
    state["round"] += 1
    parts = state["parts"]
    n = state["num_players"]
    state["log"] = [{"round": state["round"], "display": list(state["display"]), "event": "round"}]
    state["sealed"] = [None] * n
    state["bids"] = [None] * parts
    state["shown"] = [None] * parts
    state["table"] = [[] for _ in range(parts)]
    state["face_down"] = [False] * parts
    state["groups"] = None
    state["order"] = []
    state["turn"] = -1
    state["taking"] = None
    if state["leo"] is not None:
        pile = state["leo_pile"] = state["leo_pile"][:]
        state["leo_sealed"] = pile.pop()  # Leo bids the top card of his pile, face down
    new_wait(state, "bid", list(range(n)))


def place_bid(state: dict, seat: int, cards: list[int]) -> None:
    """The outer `hands` list and `to_act` must already be copies."""
    for card in cards:
        if card == REFILL:
            refill_in_hand = state["refill_in_hand"] = state["refill_in_hand"][:]
            refill_in_hand[seat] = False
        else:
            own_hand(state, seat).remove(card)
    sealed = state["sealed"] = state["sealed"][:]
    sealed[seat] = cards
    to_act = state["to_act"]
    to_act.remove(seat)
    if not to_act:
        reveal_bids(state)


def reveal_bids(state: dict) -> None:
    """Everyone reveals at once; the eagle holder with two cards chooses afterwards."""
    eagle = None
    bids = state["bids"]
    shown = state["shown"] = state["shown"][:]
    for seat, cards in enumerate(state["sealed"]):
        if len(cards) == 2:
            eagle = seat
        else:
            bids[seat] = shown[seat] = cards[0]
            seen_leaving(state, seat, cards)
    leo = state["leo"]
    if leo is not None:
        bids[leo] = shown[leo] = state["leo_sealed"]
        state["leo_sealed"] = None
    # Keyed by participant number, Leo too (views name him "leo": `view.log_entry`); stored states keep it.
    labels = {PART_KEY[p]: BID_LABEL[card] for p, card in enumerate(shown) if card is not None}
    state["log"].append({"bids": labels, "event": "bids"})
    if eagle is not None:
        new_wait(state, "eagle", [eagle])
        return
    start_refill(state)


def choose_eagle_bid(state: dict, seat: int, card: int) -> None:
    first, second = state["sealed"][seat]
    other = second if card == first else first
    if other == REFILL:
        state["refill_in_hand"] = state["refill_in_hand"][:]
        state["refill_in_hand"][seat] = True
    else:
        own_hand(state, seat).append(other)
    state["shown"] = state["shown"][:]
    state["bids"][seat] = state["shown"][seat] = card
    seen_leaving(state, seat, (card,))  # the other card goes back unseen: known there if it was
    event(state, "eagle", player=seat, bid=card_label(card))
    start_refill(state)


# Phase 2 (2020: 2A): resolve Refill hand cards ------------------------------------


def start_refill(state: dict) -> None:
    state["sealed"] = None
    bids = state["bids"]
    leo = state["leo"]
    if leo is not None and bids[leo] == REFILL:
        refill_leo(state)
    meerkat = state["leaders"][MEERKAT]
    if 0 <= meerkat < state["num_players"] and bids[meerkat] == REFILL and swap_possible(state, meerkat):
        new_wait(state, "swap", [meerkat])  # the meerkat swap comes before any draw
        return
    start_refill_hands(state)


def swap_possible(state: dict, seat: int) -> bool:
    """The meerkat can swap one of its species for a different one on display."""
    mine = state["coll"][seat]
    owned = [species for species in range(len(mine)) if mine[species]]
    return any(ANIMAL_SPECIES[animal] != species for animal in state["display"] for species in owned)


def refill_leo(state: dict) -> None:
    """Leo discards his whole pile and makes a new one of 5 Habitat cards and his Refill card."""
    state["discard"].extend(card for card in state["leo_pile"] if card != REFILL)
    pile = [REFILL]
    for _ in range(LEO_PILE_SIZE):
        card = draw_card(state)
        if card is None:
            break
        pile.append(card)
    state["leo_pile"] = shuffled(state, pile, "leo")
    event(state, "refill", player="leo", drawn=len(pile) - 1)


def start_refill_hands(state: dict) -> None:
    bids = state["bids"]
    refillers = [seat for seat in range(state["num_players"]) if bids[seat] == REFILL]
    state["to_act"] = refillers[:]
    hands = state["hands"]
    for seat in refillers:
        if not hands[seat]:
            finish_refill(state, seat, go_on=False)  # nothing to discard: no choice to wait for
    if state["to_act"]:
        new_wait(state, "refill", state["to_act"])
    else:
        ties.start_acquire(state)


def finish_refill(state: dict, seat: int, go_on: bool = True) -> None:
    """Draw back to 7 (10 with the squirrel) and take the Refill card back."""
    target = SQUIRREL_HAND_SIZE if state["leaders"][SQUIRREL] == seat else HAND_SIZE
    hand = own_hand(state, seat)
    drawn = draw(state, hand, target - len(hand))
    refill_in_hand = state["refill_in_hand"] = state["refill_in_hand"][:]
    refill_in_hand[seat] = True
    to_act = state["to_act"]
    to_act.remove(seat)
    state["log"].append({"player": seat, "drawn": drawn, "event": "refill"})
    if go_on and not to_act:
        ties.start_acquire(state)


# Phase 4 (2020: 3): prepare the next round ------------------------------------------


def prepare_round(state: dict) -> None:
    """Clear the round away, then start the next one (unless the game is over)."""
    close_round(state)
    if not state["over"]:
        start_round(state)


def close_round(state: dict) -> None:
    """Discard bids and payments (the ibex holder keeps a non-wild bid), renew the display, or end."""
    bids, table, discard = state["bids"], state["table"], state["discard"]
    ibex = state["leaders"][IBEX]
    n = state["num_players"]
    for participant in range(state["parts"]):
        card = bids[participant]
        if card is not None and card != REFILL:
            hand = state["hands"][participant] if participant < n else None
            if participant == ibex and hand is not None and not IS_WILD[card] and len(hand) < HAND_LIMIT:
                own_hand(state, participant).append(card)
                seen_into_hand(state, participant, (card,))
                event(state, "ibex", player=participant, card=card_label(card))
            else:
                discard.append(card)
        bids[participant] = None
        discard.extend(table[participant])
        table[participant] = []
    state["out"] = state["out"] + state["display"]
    state["display"] = []
    if state["talisman_used"]:
        state["talisman"] = (state["talisman"] + 1) % n
        state["talisman_used"] = False
        event(state, "talisman", player=state["talisman"])
    need = state["parts"] - 1
    deck = state["animal_deck"] = state["animal_deck"][:]
    if len(deck) < need:
        end_game(state)
        return
    state["display"] = [deck.pop() for _ in range(need)]


def end_game(state: dict) -> None:
    """The display cannot be refilled: hands go to the discard pile and the game is scored."""
    hands = state["hands"]
    for seat, hand in enumerate(hands):
        state["discard"].extend(hand)
        hands[seat] = []
        seen_leaving(state, seat, hand)
    state["discard"].extend(card for card in state["leo_pile"] if card != REFILL)
    state["leo_pile"] = []
    state["over"] = True
    state["final"] = final_scores(state)
    event(state, "end")
    state["phase"] = "over"
    state["to_act"] = []
    state["wait"] += 1
