"""Acquisition order: highest bid first, and the resolution of bidding ties.

A tie is resolved in this order (RULES-NOTES, both rulebooks):
1. the lion Leader's holder always wins (2022: also against Leo);
2. Leo wins the remaining tie (2022);
3. the tied players who must pay lay their payment face down (a sealed,
   simultaneous phase) and the highest total goes first; a tied player who
   cannot pay in full lays nothing and comes after them (in seat order);
4. still tied: 2022 the Talisman (first clockwise after its holder, the
   holder last; it then moves on in phase 4); 2020 repeated reveals of a
   card chosen from hand or drawn from the deck, discarded afterwards.

`groups` is the acquisition order as a list of groups; a group of more
than one participant is a tie still to resolve.
"""

from __future__ import annotations

from collections.abc import Callable

from . import acquire
from .cards import LION, PART_KEY, REFILL, VALUE, card_label
from .state import draw_card, event, new_wait, own_hand, own_table, seen_leaving


def bid_groups(
    bids: list, lion: int, leo: int | None, can_pay: Callable[[int, int], bool]
) -> tuple[list[list[int]], list[int]]:
    """The acquisition order by bid (rules 1 and 2 applied), and who must lay a tie payment.

    `can_pay(seat, value)`: whether the seat could pay a bid of `value` in full. Bots call
    this too, with what a seat can see, to rebuild an order being settled.
    """
    by_value: dict[int, list[int]] = {}
    for participant, card in enumerate(bids):
        if card is not None and card != REFILL:
            value = VALUE[card]
            group = by_value.get(value)
            if group is None:
                by_value[value] = [participant]
            else:
                group.append(participant)
    groups: list[list[int]] = []
    payers: list[int] = []
    for value in sorted(by_value, reverse=True):
        group = by_value[value]
        if len(group) == 1:
            groups.append(group)
            continue
        if lion != leo and lion in group:
            groups.append([lion])
            group.remove(lion)
        if leo is not None and leo in group:
            groups.append([leo])
            group.remove(leo)
        if len(group) > 1 and value >= 2:
            can = [seat for seat in group if can_pay(seat, value)]
            if can:
                groups.append(can)
            groups.extend([seat] for seat in group if seat not in can)
            if len(can) > 1:
                payers.extend(can)
        elif group:
            groups.append(group)
    return groups, payers


def start_acquire(state: dict) -> None:
    hands = state["hands"]
    groups, payers = bid_groups(
        state["bids"], state["leaders"][LION], state["leo"], lambda seat, value: len(hands[seat]) >= value - 1
    )
    state["groups"] = groups
    if payers:
        state["to_act"] = payers
        bids = state["bids"]
        for seat in payers[:]:
            if len(hands[seat]) == VALUE[bids[seat]] - 1:
                lay_tie_payment(state, seat, hands[seat][:], go_on=False)  # no choice: the whole hand
        if state["to_act"]:
            new_wait(state, "tie_pay", state["to_act"])
            return
        reveal_tie_payments(state)
        return
    resolve_remaining(state)


def lay_tie_payment(state: dict, seat: int, cards: list[int], go_on: bool = True) -> None:
    """The outer `hands` and `table` lists and `to_act` must already be copies."""
    hand, table = own_hand(state, seat), own_table(state, seat)
    for card in cards:
        hand.remove(card)
        table.append(card)
    state["face_down"] = state["face_down"][:]
    state["face_down"][seat] = True
    if len(table) == VALUE[state["bids"][seat]] - 1:
        state["to_act"].remove(seat)
        if go_on and not state["to_act"]:
            reveal_tie_payments(state)


def reveal_tie_payments(state: dict) -> None:
    """Compare the face-down payment totals; split each tied group by total."""
    table = state["table"]
    face_down = state["face_down"]
    groups = []
    for group in state["groups"]:
        if len(group) > 1 and face_down[group[0]]:
            totals = {seat: sum(map(VALUE.__getitem__, table[seat])) for seat in group}
            state["log"].append(
                {"totals": {PART_KEY[seat]: total for seat, total in totals.items()}, "event": "tie_payment"}
            )
            for total in sorted(set(totals.values()), reverse=True):
                groups.append([seat for seat in group if totals[seat] == total])
        else:
            groups.append(group)
    state["groups"] = groups
    for seat in range(state["num_players"]):
        if face_down[seat]:  # turned up now: the table sees which cards left the hand
            seen_leaving(state, seat, table[seat])
    state["face_down"] = [False] * state["parts"]
    resolve_remaining(state)


def resolve_remaining(state: dict) -> None:
    groups = state["groups"]
    for group in groups:
        if len(group) != 1:
            break
    else:
        start_turns(state)
        return
    if state["options"]["edition"] == "2022":
        holder, n = state["talisman"], state["num_players"]
        ordered = []
        for group in groups:
            if len(group) > 1:
                group = sorted(group, key=lambda seat: (seat - holder - 1) % n)
                state["talisman_used"] = True
                state["log"].append({"order": group, "holder": holder, "event": "talisman_decides"})
                ordered += [[seat] for seat in group]
            else:
                ordered.append(group)
        state["groups"] = ordered
        start_turns(state)
        return
    # 2020: the tied players reveal a card from hand or from the deck, again and again.
    state["reveal"] = [None] * state["num_players"]
    new_wait(state, "tie_reveal", [seat for group in groups if len(group) > 1 for seat in group])


DECK_CHOICE = -2  # the sealed choice "draw from the deck" in a 2020 reveal


def choose_reveal(state: dict, seat: int, card: int) -> None:
    if card != DECK_CHOICE:
        own_hand(state, seat).remove(card)
    state["reveal"] = state["reveal"][:]
    state["reveal"][seat] = card
    state["to_act"].remove(seat)
    if not state["to_act"]:
        compare_reveals(state)


def compare_reveals(state: dict) -> None:
    reveal = state["reveal"]
    values = {}
    for seat in range(state["num_players"]):
        card = reveal[seat]
        if card is None:
            continue
        if card == DECK_CHOICE:
            card = draw_card(state)
        elif card is not None:
            seen_leaving(state, seat, (card,))
        if card is None:
            values[seat] = 0  # deck and discard pile both empty: nothing to reveal
        else:
            state["tie_pile"] = [*state["tie_pile"], card]
            values[seat] = VALUE[card]
        event(state, "tie_reveal", player=seat, card=None if card is None else card_label(card))
    groups = []
    for group in state["groups"]:
        if len(group) == 1:
            groups.append(group)
            continue
        if all(values[seat] == 0 for seat in group):
            groups.extend([seat] for seat in sorted(group))  # nothing left to reveal: seat order
            continue
        for value in sorted({values[seat] for seat in group}, reverse=True):
            groups.append([seat for seat in group if values[seat] == value])
    state["groups"] = groups
    state["reveal"] = [None] * state["num_players"]
    if any(len(group) > 1 for group in groups):
        new_wait(state, "tie_reveal", [seat for group in groups if len(group) > 1 for seat in group])
        return
    state["discard"].extend(state["tie_pile"])  # revealed cards are not part of any payment
    state["tie_pile"] = []
    state["reveal"] = None
    start_turns(state)


def start_turns(state: dict) -> None:
    order = state["order"] = [group[0] for group in state["groups"]]
    state["groups"] = None
    state["turn"] = -1
    leo = state["leo"]
    named = list(order) if leo is None else [("leo" if p == leo else p) for p in order]
    state["log"].append({"order": named, "event": "order"})
    acquire.next_turn(state)
