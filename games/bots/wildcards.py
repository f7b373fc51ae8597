"""Wild Cards: Standard, the sampler and the search's horizon, from one seat's view.

Standard is the engine's `auto_action` run on a state sampled from the view (it reads
only what the seat may see). The sampler rebuilds a whole state from the view: the
Habitat cards the seat cannot see (other hands, face-down bids and tie payments, sealed
reveals, the deck, Leo's pile) are dealt anew from the cards not in sight (the discard
pile is open: it is the view's), with what the view tells kept: a card the table saw go
back into a hand (a pass, the ibex) stays with that player, the cards each player holds
are counted, a face-down bid is the Refill card or not at random. The animals not in
sight (the animal deck and those out of the game) are dealt anew too, and the seed is
fresh, so reshuffles and later displays are guesses.
"""

from __future__ import annotations

import random

from games.engines.base import Action, State
from games.engines.wildcards.auto import auto_action
from games.engines.wildcards.cards import (
    ANIMAL_SPECIES,
    BID_LABEL,
    LION,
    NUM_ANIMALS,
    NUM_HABITAT_CARDS,
    REFILL,
    REFILL_NAME,
    SPECIES,
)
from games.engines.wildcards.ties import bid_groups

GOOD_ROLLOUTS = 240
STRONG_ITERATIONS = 1500
DECK_CHOICE = -2  # the sealed 2020 reveal "from the deck" (ties.DECK_CHOICE)
_SPECIES_INDEX = {name: index for index, name in enumerate(SPECIES)}


def standard(engine: object, view: dict, seat: int, legal: list[Action]) -> Action:
    return auto_action(sample(view, seat, random.Random(0)), seat)


def rollout_action(state: State, seat: int) -> Action:
    return auto_action(state, seat)


def _card_id(card: dict | str) -> int:
    if isinstance(card, dict):
        card = card["id"]
    return REFILL if card == REFILL_NAME else card


class _Pool:
    """The Habitat cards not in sight, shuffled; labelled cards can be taken out first."""

    def __init__(self, cards: list[int], rng: random.Random):
        self.cards = cards
        rng.shuffle(self.cards)

    def take(self, count: int) -> list[int]:
        taken, self.cards = self.cards[:count], self.cards[count:]
        return taken

    def take_label(self, label: str) -> int | None:
        for index, card in enumerate(self.cards):
            if BID_LABEL[card] == label:
                return self.cards.pop(index)
        return None


def sample(view: dict, seat: int, rng: random.Random) -> State:
    players = view["players"]
    n = len(players)
    options = dict(view["options"])
    leo = n if options["leo"] else None
    parts = n + (1 if leo is not None else 0)
    phase = view["phase"]
    log = [dict(entry) for entry in view["log"]]

    def part(name: int | str) -> int:
        return leo if name == "leo" else name

    shown: list[int | None] = [None] * parts
    for p, player in enumerate(players):
        if player["bid"] is not None:
            shown[p] = _card_id(player["bid"])
    if leo is not None and view["leo"]["bid"] is not None:
        shown[leo] = _card_id(view["leo"]["bid"])
    passed = {part(entry["player"]) for entry in log if entry["event"] == "pass"}
    bids = [None if p in passed else card for p, card in enumerate(shown)]

    # Every Habitat card in sight.
    own = [_card_id(card) for card in view["hand"]]
    seen: set[int] = set(own)
    seen.update(card for card in shown if card is not None and card != REFILL)
    tables: list[list[int] | None] = [None] * parts
    for p, player in enumerate(players):
        if player["payment"] is not None:
            tables[p] = [_card_id(card) for card in player["payment"]]
            seen.update(tables[p])
    if view["sealed_bid"]:
        seen.update(c for c in (_card_id(card) for card in view["sealed_bid"]) if c != REFILL)
    discard = [_card_id(card) for card in view["discard"]]  # the pile is open
    seen.update(discard)
    my_reveal = view["tie_reveal"]
    if my_reveal is not None and my_reveal != "deck":
        seen.add(_card_id(my_reveal))
    # Cards the table saw go back into a hand (a pass, the ibex) are still with that player: in
    # the hand, or face down in front of them (which, the view does not tell).
    known: list[list[int]] = [[] for _ in range(n)]
    for p, player in enumerate(players):
        if p != seat:
            known[p] = [_card_id(card) for card in player["known_in_hand"]]
            rng.shuffle(known[p])
            seen.update(known[p])
    pool = _Pool([card for card in range(NUM_HABITAT_CARDS) if card not in seen], rng)
    # Cards revealed in a 2020 tie still lie face up (the tie pile) until the tie is settled.
    tie_pile = []
    if phase == "tie_reveal":
        for entry in log:
            if entry["event"] == "tie_reveal" and entry.get("card") is not None:
                card = pool.take_label(entry["card"])
                if card is not None:
                    tie_pile.append(card)

    hands: list[list[int]] = [[] for _ in range(n)]
    refill_in_hand = [True] * n
    sealed: list[list[int] | None] | None = [None] * n if phase in ("bid", "eagle") else None
    face_down = [False] * parts
    table: list[list[int]] = [[] for _ in range(parts)]
    reveal: list[int | None] | None = [None] * n if phase == "tie_reveal" else None
    for p, player in enumerate(players):
        if p == seat:
            hands[p] = own
            refill_in_hand[p] = player["refill_in_hand"]
            if sealed is not None and view["sealed_bid"]:
                sealed[p] = [_card_id(card) for card in view["sealed_bid"]]
            if reveal is not None and my_reveal is not None:
                reveal[p] = DECK_CHOICE if my_reveal == "deck" else _card_id(my_reveal)
        else:
            held = player["cards_held"]
            face_down_bid = player["bid_cards_face_down"]
            refill_bid = False
            if player["refill_in_hand"] is None:  # a bid lies face down: which kind is hidden
                refill_bid = held == 0 or rng.random() < 0.5
                refill_in_hand[p] = not refill_bid
            else:
                refill_in_hand[p] = player["refill_in_hand"]
            # Known cards go to the hand first; those it has no room for lie face down.
            room = held - refill_in_hand[p]
            hands[p] = known[p][:room] + pool.take(max(0, room - len(known[p])))
            spare = known[p][room:]
            if player["refill_in_hand"] is None:
                count = face_down_bid - refill_bid
                mine, spare = spare[:count], spare[count:]
                sealed[p] = ([REFILL] if refill_bid else []) + mine + pool.take(count - len(mine))
            if player["payment_face_down"]:
                count = player["payment_face_down"]
                mine, spare = spare[:count], spare[count:]
                table[p] = mine + pool.take(count - len(mine))
            if reveal is not None and player["has_revealed"]:
                # From hand or from the deck is not in the view: the deck unless a known card
                # has no other place (and see below for the cards left over).
                reveal[p] = spare.pop() if spare else DECK_CHOICE
            if spare:
                raise ValueError(f"the view leaves seat {p}'s known cards {spare} with no place")
        face_down[p] = bool(player["payment_face_down"])
        if tables[p] is not None:
            table[p] = tables[p]
        if sealed is not None and sealed[p] is None and phase == "eagle" and shown[p] is not None:
            sealed[p] = [shown[p]]
    leo_pile: list[int] = []
    leo_sealed = None
    if leo is not None:
        leo_view = view["leo"]
        size = leo_view["pile_size"]
        refill_in_pile = not (shown[leo] == REFILL and phase == "eagle")
        cards = ([REFILL] if refill_in_pile and size else []) + pool.take(size - (1 if refill_in_pile and size else 0))
        rng.shuffle(cards)
        if leo_view["has_bid"] and shown[leo] is None and cards:
            leo_sealed = cards.pop()
        leo_pile = cards
    deck = pool.take(view["habitat_deck_size"])
    # A card revealed from a hand has left it, and the deck's size is in sight: each card left
    # over is one such reveal, by one of the others who revealed (which of them is not told).
    revealed = [p for p in range(n) if p != seat and reveal is not None and reveal[p] == DECK_CHOICE]
    if len(pool.cards) > len(revealed):
        raise ValueError(f"the view leaves {len(pool.cards)} Habitat cards with no place")
    for p, card in zip(rng.sample(revealed, len(pool.cards)), pool.take(len(pool.cards)), strict=True):
        reveal[p] = card

    # Animals: collections by species (which copy is not told), the display, the rest unseen.
    display = [animal["id"] for animal in view["display"]]
    taking = view["taking"]["id"] if view["taking"] else None
    used = set(display) | ({taking} if taking is not None else set())
    free = {
        species: [a for a in range(NUM_ANIMALS) if ANIMAL_SPECIES[a] == species and a not in used]
        for species in range(len(SPECIES))
    }
    collections = [player["collection"] for player in players] + (
        [view["leo"]["collection"]] if leo is not None else []
    )
    coll = []
    for counts in collections:
        mine = []
        for species, name in enumerate(SPECIES):
            count = counts.get(name, 0)
            mine.append(free[species][:count])
            free[species] = free[species][count:]
        coll.append(mine)
    unseen = [animal for animals in free.values() for animal in animals]
    rng.shuffle(unseen)
    out = unseen[: view["out_of_game"]]
    animal_deck = unseen[view["out_of_game"] :]

    leaders = [-1] * len(SPECIES)
    for p, player in enumerate(players):
        for name in player["leaders"]:
            leaders[_SPECIES_INDEX[name]] = p
    if leo is not None:
        for name in view["leo"]["leaders"]:
            leaders[_SPECIES_INDEX[name]] = leo
    order = [part(p) for p in view["order"]]
    turn = order.index(part(view["turn"])) if view["turn"] is not None and phase in ("acquire", "pay") else -1
    if phase == "over":
        turn = len(order)
    state: State = {
        "num_players": n,
        "seed": f"sample-{rng.getrandbits(64)}",
        "options": options,
        "leo": leo,
        "parts": parts,
        "round": view["round"],
        "phase": phase,
        "wait": 0,
        "over": phase == "over",
        "to_act": list(view["to_act"]),
        "deck": deck,
        "discard": discard,
        "hands": hands,
        "refill_in_hand": refill_in_hand,
        "sealed": sealed,
        "leo_sealed": leo_sealed,
        "bids": bids,
        "shown": shown,
        "table": table,
        "face_down": face_down,
        "animal_deck": animal_deck,
        "display": display,
        "out": out,
        "coll": coll,
        "leaders": leaders,
        "tokens": [player["tokens"] for player in players],
        "talisman": view["talisman"],
        "talisman_used": any(entry["event"] == "talisman_decides" for entry in log),
        "leo_pile": leo_pile,
        "groups": None,
        "order": order,
        "turn": turn,
        "taking": taking,
        "reveal": reveal,
        "tie_pile": tie_pile,
        "known": [[_card_id(card) for card in player["known_in_hand"]] for player in players],
        "shuffles": 0,
        "log": log,
        "final": None if view["final"] is None else [dict(row) for row in view["final"]],
    }
    if phase in ("tie_pay", "tie_reveal"):
        state["groups"] = _tie_groups(state, log)
    return state


def _tie_groups(state: State, log: list[dict]) -> list[list[int]]:
    """The acquisition order still being settled, rebuilt as ties.start_acquire builds it,
    then split by the public tie payment totals and 2020 reveals of the round's log."""
    hands, table = state["hands"], state["table"]
    # Who could pay: the tie payment, face down or not yet laid, shows in the cards held.
    groups, _payers = bid_groups(
        state["bids"],
        state["leaders"][LION],
        state["leo"],
        lambda seat, value: len(hands[seat]) + len(table[seat]) >= value - 1,
    )
    for entry in log:
        if entry["event"] == "tie_payment":
            totals = {int(key): total for key, total in entry["totals"].items()}
            groups = _split(groups, totals)
    reveals: dict[int, int] = {}
    for entry in log:
        if entry["event"] == "tie_reveal":
            label = entry.get("card")
            reveals[entry["player"]] = 0 if label is None else int(label.rsplit(" ", 1)[1])
            tied = {s for group in groups if len(group) > 1 for s in group}
            if tied and tied <= set(reveals):
                groups = _split(groups, reveals, seat_order_when_zero=True)
                reveals = {}
    return groups


def _split(groups: list[list[int]], values: dict[int, int], seat_order_when_zero: bool = False) -> list[list[int]]:
    result = []
    for group in groups:
        if len(group) == 1 or not all(s in values for s in group):
            result.append(group)
            continue
        if seat_order_when_zero and all(values[s] == 0 for s in group):
            result.extend([s] for s in sorted(group))
            continue
        for value in sorted({values[s] for s in group}, reverse=True):
            result.append([s for s in group if values[s] == value])
    return result


def evaluate(state: State, seat: int, start: State) -> float:
    from games.engines.wildcards.scoring import final_scores

    rows = state["final"] or final_scores(state)
    totals = {row["seat"]: row["total"] for row in rows}
    others = [total for other, total in totals.items() if other != seat]
    margin = totals[seat] - max(others)
    if state["over"]:
        return 0.7 * (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0) + 0.3 * (
            0.5 + max(-0.5, min(0.5, margin / 40))
        )
    return 0.5 + max(-0.5, min(0.5, margin / 30))


HORIZON_ROUNDS = 2


def horizon_reached(state: State, start: State) -> bool:
    return state["round"] - start["round"] >= HORIZON_ROUNDS


def keeps_default(state: State, seat: int) -> bool:
    """Bids, the eagle's choice, tie payments and 2020 tie reveals are sealed: a seat that timed
    out there plays the engine's default, which is the game's own (a Refill bid below 5 cards,
    the lowest payment and, as the 2020 rulebook offers, a reveal drawn from the deck)."""
    return state.get("phase") in ("bid", "eagle", "tie_pay", "tie_reveal")
