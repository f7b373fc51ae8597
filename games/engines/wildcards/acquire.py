"""Phase 3 (2020: 2B): acquire Animal cards in bid order, or pass.

A player whose turn it is takes an animal from the display and then pays
bid - 1 Habitat cards from hand, one card at a time (a tie payment laid
face down already counts). Paying only with the animal's natural habitat
(wild cards always count) earns 2 points. Taking an animal may claim its
Leader. Passing takes the bid card and any tie payment back and draws 2.
A player who cannot take (empty display, too few cards to pay) passes at
once; Leo takes the display card closest to the animal deck and never pays.
"""

from __future__ import annotations

from .cards import ANIMAL_SPECIES, BID_LABEL, NATURAL, NATURAL_BONUS, PASS_DRAW, SPECIES, VALUE
from .state import ROUND_OVER, add_animal, claim_leader, draw, own_hand, own_table, seen_into_hand, seen_leaving


def next_turn(state: dict) -> None:
    order = state["order"]
    leo = state["leo"]
    hands, bids, table = state["hands"], state["bids"], state["table"]
    turn = state["turn"]
    while True:
        turn += 1
        state["turn"] = turn
        if turn >= len(order):
            # The round's last turn: `actions.apply` prepares the next round (acquisition never
            # reaches up into the round's flow, so the phase modules import one way).
            state["phase"] = ROUND_OVER
            return
        participant = order[turn]
        if participant == leo:
            leo_turn(state)
        elif state["display"] and len(hands[participant]) >= VALUE[bids[participant]] - 1 - len(table[participant]):
            state["phase"] = "acquire"  # new_wait
            state["to_act"] = [participant]
            state["wait"] += 1
            return
        else:
            pass_turn(state, participant)


def still_to_pay(state: dict, seat: int) -> int:
    return VALUE[state["bids"][seat]] - 1 - len(state["table"][seat])


def can_take(state: dict, seat: int) -> bool:
    return bool(state["display"]) and len(state["hands"][seat]) >= still_to_pay(state, seat)


def take(state: dict, seat: int, animal: int) -> None:
    """`display` must be a copy; the whole state (`fork`) unless a payment follows."""
    state["display"].remove(animal)
    state["taking"] = animal
    need = VALUE[state["bids"][seat]] - 1 - len(state["table"][seat])
    hand = state["hands"][seat]
    if need == len(hand):  # nothing to choose: the whole hand pays
        own_table(state, seat).extend(hand)
        state["hands"][seat] = []
        seen_leaving(state, seat, hand)
        need = 0
    if need == 0:
        complete(state, seat)
    else:
        state["phase"] = "pay"  # same turn, same wait


def pay(state: dict, seat: int, card: int) -> None:
    """The outer `hands` and `table` lists must be copies (`fork` if the payment ends)."""
    hand = own_hand(state, seat)
    hand.remove(card)
    table = own_table(state, seat)
    table.append(card)
    seen_leaving(state, seat, (card,))
    need = VALUE[state["bids"][seat]] - 1 - len(table)
    if need and need == len(hand):
        table.extend(hand)
        state["hands"][seat] = []
        seen_leaving(state, seat, hand)
        need = 0
    if need == 0:
        complete(state, seat)


def complete(state: dict, seat: int) -> None:
    animal = state["taking"]
    state["taking"] = None
    species = ANIMAL_SPECIES[animal]
    coll = state["coll"] = state["coll"][:]  # add_animal
    mine = coll[seat] = coll[seat][:]
    mine[species] = [*mine[species], animal]
    natural = NATURAL[species]
    bonus = natural[state["bids"][seat]] and all(map(natural.__getitem__, state["table"][seat]))
    if bonus:
        tokens = state["tokens"] = state["tokens"][:]
        tokens[seat] += NATURAL_BONUS
    state["log"].append(
        {
            "player": seat,
            "animal": animal,
            "species": SPECIES[species],
            "bonus": NATURAL_BONUS if bonus else 0,
            # Face up by now (a tie payment is turned up before anyone takes): named for the round's log.
            "paid": [BID_LABEL[card] for card in state["table"][seat]],
            "event": "take",
        }
    )
    claim_leader(state, seat, species)
    next_turn(state)


def pass_turn(state: dict, seat: int) -> None:
    """Take the bid card (and any tie payment) back and draw 2, within the hand limit."""
    hand = own_hand(state, seat)
    bids, table = state["bids"], state["table"]
    hand.append(bids[seat])
    hand.extend(table[seat])
    seen_into_hand(state, seat, [bids[seat], *table[seat]])  # both lie face up: the table sees them go
    bids[seat] = None
    table[seat] = []
    drawn = draw(state, hand, PASS_DRAW)
    state["log"].append({"player": seat, "drawn": drawn, "event": "pass"})


def leo_turn(state: dict) -> None:
    leo = state["leo"]
    display = state["display"]
    if display:
        animal = display.pop(0)
        species = ANIMAL_SPECIES[animal]
        add_animal(state, leo, animal)
        state["log"].append(
            {"player": "leo", "animal": animal, "species": SPECIES[species], "bonus": 0, "event": "take"}
        )
        claim_leader(state, leo, species)
    else:
        # RULES-NOTES leaves it open: Leo takes his bid back under his pile and draws nothing.
        state["leo_pile"] = [state["bids"][leo], *state["leo_pile"]]
        state["bids"][leo] = None
        state["log"].append({"player": "leo", "drawn": 0, "event": "pass"})
