"""What one seat (or a spectator, seat None) may see.

Hidden: other hands, the decks' order, Leo's pile, every bid until all are
revealed (the eagle's two cards until it chooses), tie payments while face
down, 2020 tie reveals until all are in. The Refill card has the same back as
the Habitat cards: while a player's bid lies face down, others see only how many
cards that player holds (`cards_held`), not whether the Refill card is among them.

Cards everyone saw go back into a hand (a pass, the ibex) are listed for that player
(`known_in_hand`) until seen to leave it; one laid face down stays listed until turned up.

The discard pile is open (both rulebooks put bids and payments onto it face up, and every
other card reaches it in sight of the table): every card in it is listed, as a player who
watched the whole game would know it.
"""

from __future__ import annotations

from .cards import PART_KEY, SPECIES, animal_view, card_view


def _players_collection(coll: list[list[int]]) -> dict:
    return {SPECIES[species]: len(animals) for species, animals in enumerate(coll)}


def _leaders_of(state: dict, participant: int) -> list[str]:
    return [SPECIES[species] for species, holder in enumerate(state["leaders"]) if holder == participant]


def log_entry(entry: dict, leo: int | None) -> dict:
    """A log entry as views show it: Leo named "leo", as everywhere else in the view.

    The bids revealed are logged by participant number (Leo's is the one after the last
    seat); states keep that key, so that stored games replay to the very same states.
    """
    entry = dict(entry)
    if leo is not None and entry["event"] == "bids" and PART_KEY[leo] in entry["bids"]:
        key = PART_KEY[leo]
        entry["bids"] = {("leo" if p == key else p): card for p, card in entry["bids"].items()}
    return entry


def view(state: dict, seat: int | None) -> dict:
    n = state["num_players"]
    me = seat if type(seat) is int and 0 <= seat < n else None
    phase = state["phase"]
    sealed = state["sealed"]
    reveal = state["reveal"]
    known = state.get("known")  # stored before it was recorded: nothing known
    players = []
    for p in range(n):
        mine = p == me
        face_down = state["face_down"][p]
        table = state["table"][p]
        bid = state["shown"][p]
        hand_size = len(state["hands"][p])
        refill_in_hand = state["refill_in_hand"][p]
        # Which kind of card lies face down shows in what is left in hand: hidden from others.
        bid_face_down = sealed is not None and sealed[p] is not None and bid is None
        hidden_kind = bid_face_down and not mine
        player = {
            "seat": p,
            "cards_held": hand_size + refill_in_hand,
            "hand_size": None if hidden_kind else hand_size,
            "refill_in_hand": None if hidden_kind else refill_in_hand,
            "has_bid": sealed is not None and sealed[p] is not None,
            "bid_cards_face_down": len(sealed[p]) if sealed is not None and sealed[p] and bid is None else 0,
            "bid": None if bid is None else card_view(bid),
            "payment": [card_view(card) for card in table] if (mine or not face_down) else None,
            "payment_face_down": len(table) if face_down else 0,
            "has_revealed": reveal is not None and reveal[p] is not None,
            "known_in_hand": [] if known is None else [card_view(card) for card in sorted(known[p])],
            "collection": _players_collection(state["coll"][p]),
            "leaders": _leaders_of(state, p),
            "tokens": state["tokens"][p],
            "talisman": state["talisman"] == p,
        }
        players.append(player)
    leo = state["leo"]
    leo_view = None
    if leo is not None:
        bid = state["shown"][leo]
        leo_view = {
            "pile_size": len(state["leo_pile"]) + (1 if state["leo_sealed"] is not None else 0),
            "has_bid": state["leo_sealed"] is not None,
            "bid": None if bid is None else card_view(bid),
            "collection": _players_collection(state["coll"][leo]),
            "leaders": _leaders_of(state, leo),
        }
    order = [("leo" if p == leo else p) for p in state["order"]]
    turn = state["turn"]
    result = {
        "edition": state["options"]["edition"],
        "options": dict(state["options"]),
        "round": state["round"],
        "phase": phase,
        "to_act": list(state["to_act"]),
        "seat": me,
        "hand": None if me is None else [card_view(card) for card in sorted(state["hands"][me])],
        "sealed_bid": None,
        "tie_reveal": None,
        "players": players,
        "leo": leo_view,
        "display": [animal_view(animal) for animal in state["display"]],
        "animal_deck_size": len(state["animal_deck"]),
        "out_of_game": len(state["out"]),
        "habitat_deck_size": len(state["deck"]),
        "discard_size": len(state["discard"]),
        "discard": [card_view(card) for card in sorted(state["discard"])],
        "leader_supply": [SPECIES[species] for species, holder in enumerate(state["leaders"]) if holder < 0],
        "talisman": state["talisman"],
        "order": order,
        "turn": order[turn] if 0 <= turn < len(order) else None,
        "taking": None if state["taking"] is None else animal_view(state["taking"]),
        "log": [log_entry(entry, leo) for entry in state["log"]],
        "final": None if state["final"] is None else [dict(row) for row in state["final"]],
    }
    if me is not None:
        if sealed is not None and sealed[me] is not None and state["shown"][me] is None:
            result["sealed_bid"] = [card_view(card) for card in sealed[me]]
        if reveal is not None and reveal[me] is not None:
            result["tie_reveal"] = "deck" if reveal[me] < 0 else card_view(reveal[me])
    return result
