"""The state's shape and the small operations every phase shares.

State keys (plain JSON; "participant" = a seat 0..n-1, or Leo as n):
  num_players, seed, options, leo (Leo's participant index or None), parts (participants)
  round, phase, wait (bumped whenever a new wait begins), over, to_act
  deck / discard: Habitat draw pile (top = last) and discard pile
  hands[seat]: Habitat card ids; refill_in_hand[seat]: the Refill card is in hand
  sealed[seat]: the face-down bid (1 card, 2 for the eagle) until revealed; leo_sealed
  bids[p]: the bid card on the table (REFILL, a Habitat id, or None once taken back)
  shown[p]: the bid as revealed this round (public, kept after a pass)
  table[p]: payment cards next to the bid; face_down[p]: laid face down in a tie
  animal_deck (top = last), display (display[0] lies closest to the animal deck), out
  coll[p][species]: Animal ids collected; leaders[species]: holder or -1 (supply)
  tokens[seat]: points from score tokens; talisman (seat or None), talisman_used
  leo_pile: Leo's draw pile (top = last)
  groups: acquisition order as groups of still-tied participants; order, turn, taking
  reveal[seat], tie_pile: the 2020 tie-break reveals
  shuffles: counter salting every shuffle; log: public events of the round; final: scores
  known[seat]: cards the table saw go back into that hand (a pass, the ibex), until seen to
    leave it; states stored before it have no key and record nothing
"""

from __future__ import annotations

import random

from games.engines.base import make_rng

from .cards import ANIMAL_SPECIES, HAND_LIMIT, REFILL, SPECIES

# How a step gets its own copy of the state (states are never changed once returned):
# `fork` copies the dict, the flat lists in `_FLAT` and the outer `hands` and `table` lists.
# An inner hand or payment list is copied by the code that changes it (`own_hand`,
# `own_table`); every other list is copied where it is changed (the "= state[key][:]" lines).
_FLAT = ("to_act", "deck", "discard", "bids", "display", "log")


def fork(state: dict) -> dict:
    """A copy whose `_FLAT` lists and outer `hands` / `table` lists may be changed in place."""
    s = state.copy()
    s["to_act"] = state["to_act"][:]
    s["deck"] = state["deck"][:]
    s["discard"] = state["discard"][:]
    s["bids"] = state["bids"][:]
    s["display"] = state["display"][:]
    s["log"] = state["log"][:]
    s["hands"] = state["hands"][:]
    s["table"] = state["table"][:]
    return s


def own_hand(state: dict, seat: int) -> list[int]:
    """`seat`'s hand, copied so it may be changed (the outer `hands` list is already a copy)."""
    hands = state["hands"]
    hand = hands[seat] = hands[seat][:]
    return hand


def own_table(state: dict, seat: int) -> list[int]:
    """`seat`'s payment, copied so it may be changed (the outer `table` list is already a copy)."""
    table = state["table"]
    cards = table[seat] = table[seat][:]
    return cards


def seen_into_hand(state: dict, seat: int, cards) -> None:
    """The table saw these cards go into the seat's hand: they are known there."""
    known = state.get("known")
    if known is None:
        return
    added = [card for card in cards if card != REFILL and card not in known[seat]]
    if added:
        known = state["known"] = known[:]
        known[seat] = known[seat] + added


def seen_leaving(state: dict, seat: int, cards) -> None:
    """The table saw these cards leave the seat's hand (face up): they are known there no more.

    A card laid face down (a sealed bid, a tie payment, a 2020 reveal) stays known until it is
    turned up: until then nobody else can tell it left.
    """
    known = state.get("known")
    if not known or not known[seat]:
        return
    gone = set(cards)
    if not gone.intersection(known[seat]):
        return
    known = state["known"] = known[:]
    known[seat] = [card for card in known[seat] if card not in gone]


# Set by the acquisition's last turn, never left in a state `apply` returns: the next round is prepared first.
ROUND_OVER = "round_over"


def new_wait(state: dict, phase: str, seats: list[int]) -> None:
    state["phase"] = phase
    state["to_act"] = seats
    state["wait"] += 1


def shuffle(rng: random.Random, cards: list) -> None:
    """`rng.shuffle(cards)`, the same draws and order, without a method call per card.

    Random.shuffle swaps cards[i] with cards[randbelow(i + 1)] for i from the
    end, randbelow(n) drawing `n.bit_length()` bits until the number is below n.
    """
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def shuffled(state: dict, cards: list, purpose: str) -> list:
    """`cards` in a new random order; every shuffle has its own counter."""
    state["shuffles"] += 1
    cards = list(cards)
    shuffle(make_rng(state["seed"], purpose, state["shuffles"]), cards)
    return cards


def draw_card(state: dict) -> int | None:
    """The top Habitat card, reshuffling the discard pile when the deck runs out."""
    deck = state["deck"]
    if not deck:
        if not state["discard"]:
            return None
        state["deck"] = deck = shuffled(state, state["discard"], "reshuffle")
        state["discard"] = []
        event(state, "reshuffle", cards=len(deck))
    return deck.pop()


def draw(state: dict, hand: list[int], count: int) -> int:
    """Draw up to `count` cards into `hand` (already owned), never past the hand limit."""
    count = min(count, HAND_LIMIT - len(hand))
    if count <= 0:
        return 0
    deck = state["deck"]
    if count <= len(deck):  # no reshuffle: the top `count` cards, top first
        hand.extend(deck[: -count - 1 : -1])
        del deck[-count:]
        return count
    # Too few: the whole deck, then the rest from the reshuffled discard pile (left empty,
    # so this happens at most once).
    drawn = len(deck)
    hand.extend(reversed(deck))
    deck.clear()
    if state["discard"]:
        hand.append(draw_card(state))  # the deck is empty: draw_card reshuffles
        drawn += 1 + draw(state, hand, count - drawn - 1)
    return drawn


def event(state: dict, kind: str, **data) -> None:
    """Append a public event to the round's log."""
    data["event"] = kind
    state["log"].append(data)


def who(state: dict, participant: int) -> int | str:
    """How views and the log name a participant: its seat, or "leo"."""
    return "leo" if participant == state["leo"] else participant


def count(state: dict, participant: int, species: int) -> int:
    return len(state["coll"][participant][species])


def add_animal(state: dict, participant: int, animal: int) -> None:
    species = ANIMAL_SPECIES[animal]
    coll = state["coll"] = state["coll"][:]
    mine = coll[participant] = coll[participant][:]
    mine[species] = [*mine[species], animal]


def remove_animal(state: dict, participant: int, species: int) -> int:
    mine = state["coll"][participant][:]
    animals = mine[species][:]
    animal = animals.pop()
    mine[species] = animals
    state["coll"] = state["coll"][:]
    state["coll"][participant] = mine
    return animal


def claim_leader(state: dict, participant: int, species: int) -> None:
    """A participant with at least as many of a species as everyone else takes its Leader."""
    coll = state["coll"]
    mine = len(coll[participant][species])
    previous = state["leaders"][species]
    if mine == 0 or previous == participant:
        return
    for animals in coll:  # every participant (the claimant has exactly `mine`)
        if len(animals[species]) > mine:
            return
    leaders = state["leaders"] = state["leaders"][:]
    leaders[species] = participant
    leo = state["leo"]
    state["log"].append(
        {
            "player": "leo" if participant == leo else participant,
            "species": SPECIES[species],
            "source": "supply" if previous < 0 else ("leo" if previous == leo else previous),
            "event": "leader",
        }
    )


def check_leader_loss(state: dict, participant: int, species: int) -> None:
    """After giving an animal away (meerkat swap): keep the Leader only with the most.

    RULES-NOTES: it goes to the single participant with the most cards of the
    species; if several share the most, or nobody has any, to the supply.
    """
    if state["leaders"][species] != participant:
        return
    coll = state["coll"]
    mine = len(coll[participant][species])
    others = [len(coll[other][species]) for other in range(state["parts"])]
    best = max(others)
    if mine > 0 and mine >= best:
        return
    holders = [other for other, have in enumerate(others) if have == best and best > 0]
    new = holders[0] if len(holders) == 1 else -1
    state["leaders"] = state["leaders"][:]
    state["leaders"][species] = new
    event(
        state,
        "leader",
        player="supply" if new < 0 else who(state, new),
        species=SPECIES[species],
        source=who(state, participant),
    )
