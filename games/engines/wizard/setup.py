"""Starting the game and each round: "Distribuire le Carte".

Randomness: the first dealer comes from `make_rng(seed, "first_dealer")`;
round r is shuffled with `make_rng(seed, "deal", r)` (the two-player variant
shuffles once, as round 0, and deals on from the same stock); in monocolor
seat s shuffles its own pile with `make_rng(seed, "pile", r, s)`. The round
number is the only counter, and it is in the state.
"""

from __future__ import annotations

from games.engines.base import State, make_rng, shuffle_seeded
from games.engines.wizard.cards import (
    DATA,
    DECK,
    JESTER_VALUE,
    ORDER,
    SUIT,
    VALUE,
    WIZARD_VALUE,
    monocolor_pile,
    sort_hand,
)

_canonical = ORDER.__getitem__


def num_rounds(num_players: int, options: dict) -> int:
    if options["two_players"]:
        return DATA["two_players"]["rounds"]
    if options["monocolor"]:
        return DATA["monocolor"]["rounds"]
    return DATA["deck_size"] // num_players


def hand_size(round_number: int, options: dict) -> int:
    """Cards dealt to each player in a round, which is also the number of tricks."""
    if options["two_players"]:
        return DATA["two_players"]["first_hand_size"] + round_number - 1
    if options["monocolor"]:
        return DATA["monocolor"]["first_hand_size"] + round_number - 1
    return round_number


def new_game(num_players: int, seed: int | str, options: dict) -> State:
    """The state before the first action: round 1 dealt, trump turned up."""
    state: State = {
        "num_players": num_players,
        "seed": seed,
        "options": dict(options),
        "num_rounds": num_rounds(num_players, options),
        "round": 0,
        # The rulebook draws for high card; a random first dealer is the same chance.
        "dealer": make_rng(seed, "first_dealer").randrange(num_players),
        "scores": [0] * num_players,
        "history": [],
        "last_trick": None,
        # Two players: cards used in earlier rounds, set aside face up until the game ends.
        "set_aside": [],
        "deck": [],
    }
    if options["two_players"]:
        stock = list(DECK)
        shuffle_seeded(stock, seed, "deal", 0)
        state["deck"] = stock
    start_round(state, 1, state["dealer"])
    return state


def start_round(state: State, round_number: int, dealer: int) -> None:
    """Deal round `round_number` into `state` (a fresh copy owned by the caller) and turn up trump."""
    n = state["num_players"]
    options = state["options"]
    size = hand_size(round_number, options)
    seed = state["seed"]
    # Dealing order starts left of the dealer; it only decides who gets which slice.
    order = [(dealer + 1 + i) % n for i in range(n)]
    hands: list[list[str]] = [[] for _ in range(n)]
    piles: list[list[str]] = [[] for _ in range(n)]
    trump_card = None
    if options["monocolor"]:
        for seat in range(n):
            pile = monocolor_pile(seat)
            shuffle_seeded(pile, seed, "pile", round_number, seat)
            hands[seat] = sort_hand(pile[:size])
            piles[seat] = pile[size:]
        rest: list[str] = []
    else:
        if options["two_players"]:
            stock = state["deck"]
        else:
            stock = list(DECK)
            shuffle_seeded(stock, seed, "deal", round_number)
        for i, seat in enumerate(order):
            hands[seat] = sorted(stock[i * size : (i + 1) * size], key=_canonical)  # sort_hand
        rest = stock[n * size :]
        # The top undealt card gives trump; when every card is dealt there is none.
        if rest:
            trump_card, rest = rest[0], rest[1:]

    state.update(
        round=round_number,
        hand_size=size,
        dealer=dealer,
        hands=hands,
        piles=piles,
        deck=rest,
        trump_card=trump_card,
        trump=None,
        bids=[None] * n,
        tricks_won=[0] * n,
        trick=[],
        trick_number=0,
        played=[],
        leader=order[0],
        turn=order[0],
        phase="bid",
    )
    if trump_card is None or VALUE[trump_card] == JESTER_VALUE:
        return
    if VALUE[trump_card] == WIZARD_VALUE:
        # A Wizard turned up: the dealer chooses trump, as a player action.
        state["phase"] = "choose_trump"
        state["turn"] = dealer
    else:
        state["trump"] = SUIT[trump_card]
