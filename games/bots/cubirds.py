"""CuBirds: Standard, the sampler and the search's horizon, from one seat's view.

Standard is the engine's own `auto_action` (lay to take the most birds, always draw,
form the family that wins or adds most), which reads only what the seat may see; here it
runs on a state sampled from the view, so it cannot read anything else.

The sampler deals the birds the seat cannot see (other hands, deck, discard pile) anew,
keeping what the public events show: birds a player took from a row and has not laid or
played since stay in that player's hand. The sampled state has a fresh seed, so the
reshuffles of the discard pile are guesses too.
"""

from __future__ import annotations

import random

from games.engines.base import Action, State
from games.engines.cubirds.bot import auto_action
from games.engines.cubirds.cards import ALL_CARDS, CARD_SPECIES, SPECIES, WIN_PAIRS_BIRDS, WIN_SPECIES
from games.engines.cubirds.rules import apply_legal

GOOD_ROLLOUTS = 150
# Strong is Good's own search with many more rollouts, so it cannot be expected to play worse
# than Good; ISMCTS (1,200 iterations) won 3 of 10 games against Good.
STRONG_SEARCH = "flat"
STRONG_ITERATIONS = 2000
HORIZON_TURNS = 4  # turns each player plays in a rollout before the position is judged
STRONG_HORIZON_TURNS = 10  # Strong's rollouts play on longer: see `strong_horizon_reached`
LAY_CANDIDATES = 6


def standard(engine: object, view: dict, seat: int, legal: list[Action]) -> Action:
    return auto_action(sample(view, seat, random.Random(0)), seat)


def candidates(engine: object, view: dict, seat: int, legal: list[Action]) -> list[Action]:
    """Good searches the lays that take the most birds (and a few that keep the hand), not all 64."""
    if view["step"] != "lay":
        return legal
    rows = [[card["species"] for card in row] for row in view["rows"]]
    counts = view["hand_counts"]

    def enclosed(action: Action) -> int:
        row = rows[action["row"]]
        same = [i for i, name in enumerate(row) if name == action["species"]]
        if not same:
            return 0
        return same[0] if action["side"] == "left" else len(row) - 1 - same[-1]

    ranked = sorted(range(len(legal)), key=lambda i: (-enclosed(legal[i]), counts[legal[i]["species"]], i))
    return [legal[i] for i in ranked[:LAY_CANDIDATES]]


def rollout_action(state: State, seat: int) -> Action:
    return auto_action(state, seat)


rollout_apply = apply_legal  # rollouts play only `rollout_action`'s moves, legal by construction


def known_holdings(view: dict) -> list[dict[str, int]]:
    """Per seat, birds of each species it surely holds, from the public events shown."""
    n = view["num_players"]
    known: list[dict[str, int]] = [{} for _ in range(n)]
    for event in view["events"]:
        kind, who = event["type"], event.get("seat")
        if kind == "redeal":
            known = [{} for _ in range(n)]
        elif kind == "lay":
            known[who][event["species"]] = 0
            for name, count in event["enclosed"].items():
                known[who][name] = known[who].get(name, 0) + count
        elif kind == "family":
            known[who][event["species"]] = 0
    return known


def sample(view: dict, seat: int, rng: random.Random) -> State:
    n = view["num_players"]
    seen = {card["id"] for row in view["rows"] for card in row}
    seen.update(card["id"] for collection in view["collections"] for card in collection)
    own = [card["id"] for card in view["hand"]]
    seen.update(own)
    pool = [card for card in ALL_CARDS if card not in seen]
    rng.shuffle(pool)
    sizes = view["hand_sizes"]
    hands: list[list[str]] = [[] for _ in range(n)]
    hands[seat] = own
    known = known_holdings(view)
    for other in range(n):
        if other == seat:
            continue
        for name in SPECIES:
            want = min(known[other].get(name, 0), sizes[other] - len(hands[other]))
            if want <= 0:
                continue
            taken = [card for card in pool if CARD_SPECIES[card] == name][:want]
            hands[other].extend(taken)
            for card in taken:
                pool.remove(card)
    for other in range(n):
        if other != seat:
            missing = sizes[other] - len(hands[other])
            hands[other].extend(pool[:missing])
            pool = pool[missing:]
    deck = pool[: view["deck_size"]]
    discard = pool[view["deck_size"] :]
    rows = [[card["id"] for card in row] for row in view["rows"]]
    short_row = any(len({CARD_SPECIES[c] for c in row}) < 2 for row in rows)
    over = view["over"]
    return {
        "num_players": n,
        "seed": f"sample-{rng.getrandbits(64)}",
        "options": {},
        "deck": deck,
        "discard": discard,
        "rows": rows,
        "hands": hands,
        "collections": [[card["id"] for card in collection] for collection in view["collections"]],
        "player": view["player"] if not over else 0,
        "turn": view["turn"],
        "step": view["step"],
        "enclosed": view["step"] != "draw",
        "shuffles": 0,
        "deals": 1 + sum(event["type"] == "redeal" for event in view["events"]),
        "over": over,
        "winner": view["winner"],
        "end": view["end"],
        "events": [dict(event) for event in view["events"]],
        "rules": 2,
        "ending": "no_cards" if short_row and not over else None,
    }


def distance(collection: list[str]) -> int:
    """Birds still to collect for the nearer of the two immediate wins."""
    counts: dict[str, int] = {}
    for card in collection:
        counts[CARD_SPECIES[card]] = counts.get(CARD_SPECIES[card], 0) + 1
    top = sorted(counts.values(), reverse=True) + [0, 0]
    pairs = max(0, WIN_PAIRS_BIRDS - top[0]) + max(0, WIN_PAIRS_BIRDS - top[1])
    return min(WIN_SPECIES - len(counts), pairs)


def evaluate(state: State, seat: int, start: State) -> float:
    if state["over"]:
        if state["winner"] is not None:
            return 1.0 if state["winner"] == seat else 0.0
        sizes = [len(c) for c in state["collections"]]
        best = max(sizes)
        if sizes[seat] < best:
            return 0.0
        return 1.0 / sizes.count(best)
    mine = distance(state["collections"][seat])
    others = min(distance(c) for other, c in enumerate(state["collections"]) if other != seat)
    hand = len(state["hands"][seat]) - min(len(h) for other, h in enumerate(state["hands"]) if other != seat)
    return 0.5 + max(-0.45, min(0.45, 0.12 * (others - mine) + 0.01 * hand))


def horizon_reached(state: State, start: State) -> bool:
    return state["turn"] - start["turn"] >= HORIZON_TURNS * state["num_players"] and state["step"] == "lay"


def strong_horizon_reached(state: State, start: State) -> bool:
    """Strong's horizon: ten turns each, not four (a game lasts about 19 turns each).

    At 40 lay positions of games between Good bots (`python -m bench bot_agreement`), Strong's
    2,000 rollouts of four turns already chose the move of a 30,000-rollout search at 88 %
    (Good's 150 at 70 %): more rollouts of the same kind buy little, so Strong spends its time
    seeing further. Against Good, on the tuning deals (seed base 63): 73.3 % of 60 games, where
    four turns with halving won 58 % of 50. Held out (seed bases 64 and 65): 73.8 % [69.2,
    77.8] of 400, where four turns won 60.0 % of 230; 655 ms a move, where four turns took 314."""
    return state["turn"] - start["turn"] >= STRONG_HORIZON_TURNS * state["num_players"] and state["step"] == "lay"
