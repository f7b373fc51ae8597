"""Wizard: the Standard heuristic and the sampler, both reading only one seat's view.

Standard bids the sum of each card's estimated chance of taking a trick (given trump,
the number of players and the hand size), then plays to make the bid exactly: when it
still needs tricks it wins them as cheaply as it can, otherwise it ducks with its
highest card that cannot win (a card beaten now stays beaten, so that duck is safe).

The sampler deals every card the seat cannot see again, keeping what the seat has seen:
the cards played this round and, from them, the suits each player has shown out of.
Sealed bids it cannot see are filled in with what Standard would bid on the sampled hand.
The sampled state gets a fresh seed: later rounds are dealt from it, never from the real one.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

from games.engines.base import Action, State
from games.engines.wizard.cards import DECK, JESTER_VALUE, SUIT, SUITS, VALUE, WIZARD_VALUE, monocolor_pile, sort_hand
from games.engines.wizard.rules import led_suit, legal_bids, trick_winner

# How often a card of a plain suit takes a trick, by rank (13 high), before the number
# of players and the hand size are taken into account.
_PLAIN = {13: 0.72, 12: 0.5, 11: 0.32, 10: 0.18, 9: 0.1, 8: 0.05}
_NO_TRUMP = {13: 0.85, 12: 0.65, 11: 0.45, 10: 0.3, 9: 0.18, 8: 0.1, 7: 0.05}


# Measured: how often each kind of card took the trick it was played in, when Standard
# bots played each other (`python -m games.bots.calibrate` rebuilds it), by players, hand
# size (bucket), kind (W Wizard, J Jester, T trump, P plain suit, N no trump) and rank.
CHANCES: dict[str, float] = json.loads((Path(__file__).with_name("wizard_chances.json")).read_text())


def size_bucket(hand_size: int) -> int:
    return 0 if hand_size <= 2 else 1 if hand_size <= 5 else 2 if hand_size <= 9 else 3


def chance_key(card: str, trump: str | None, num_players: int, hand_size: int) -> str:
    value = VALUE[card]
    if value == WIZARD_VALUE:
        kind = "W"
    elif value == JESTER_VALUE:
        kind = "J"
    elif trump is None:
        kind = "N"
    elif SUIT[card] == trump:
        kind = "T"
    else:
        kind = "P"
    return f"{num_players}:{size_bucket(hand_size)}:{kind}:{value}"


@lru_cache(maxsize=1 << 15)
def card_chance(card: str, trump: str | None, num_players: int, hand_size: int, monocolor: bool) -> float:
    """The estimated chance that `card` takes a trick this round."""
    if not monocolor:
        measured = CHANCES.get(chance_key(card, trump, num_players, hand_size))
        if measured is not None:
            return measured
    return _formula_chance(card, trump, num_players, hand_size, monocolor)


def _formula_chance(card: str, trump: str | None, num_players: int, hand_size: int, monocolor: bool) -> float:
    """A guess where nothing was measured (monocolor, rare kinds of card)."""
    value = VALUE[card]
    if value == WIZARD_VALUE:
        return 0.97
    if value == JESTER_VALUE:
        return 0.0
    # More players, or more cards each, mean more chances that someone holds a better card.
    crowd = 1.0 - 0.07 * (num_players - 3) - 0.012 * max(0, hand_size - 3)
    if monocolor:
        return max(0.0, min(1.0, ((value - 1) / 12) ** (num_players - 1) * 1.05))
    if trump is None:
        return _NO_TRUMP.get(value, 0.02) * crowd
    if SUIT[card] == trump:
        base = 0.45 + 0.045 * value
        return max(0.2, min(0.98, base * (crowd + 0.1)))
    base = _PLAIN.get(value, 0.02)
    # In a big hand the others run out of the suit and trump it.
    return base * crowd * (0.75 if hand_size >= 8 else 1.0)


def estimated_tricks(hand: list[str], trump: str | None, num_players: int, hand_size: int, monocolor: bool) -> float:
    return sum(card_chance(card, trump, num_players, hand_size, monocolor) for card in hand)


# Bots bid a little over what they take (the rates count tricks others gave away): shrink.
BID_SHRINK = 0.87


def bid_for(
    hand: list[str], trump: str | None, num_players: int, hand_size: int, options: dict, allowed: list[int]
) -> int:
    target = BID_SHRINK * estimated_tricks(hand, trump, num_players, hand_size, options["monocolor"])
    return min(allowed, key=lambda bid: (abs(bid - target), bid))


def trump_for(hand: list[str]) -> str:
    """The suit with the most (and the highest) cards in hand."""
    return max(SUITS, key=lambda suit: (sum(1 + VALUE[c] / 20 for c in hand if SUIT[c] == suit), -SUITS.index(suit)))


def _legal(hand: list[str], trick: list) -> list[str]:
    suit = led_suit(trick) if trick else None
    if suit is None:
        return list(hand)
    allowed = [card for card in hand if SUIT[card] in (suit, None)]
    if all(SUIT[card] is None for card in allowed):
        return list(hand)
    return allowed


def play_card(
    seat: int,
    hand: list[str],
    trick: list,
    trump: str | None,
    need: int,
    num_players: int,
    hand_size: int,
    options: dict,
) -> str:
    """The card to play: `trick` is [[seat, card]] so far, `need` the tricks still wanted."""
    cards = _legal(hand, trick)
    if len(cards) == 1:
        return cards[0]
    dark, mono = options["dark_wizard"], options["monocolor"]

    def chance(card: str) -> float:
        return card_chance(card, trump, num_players, hand_size, mono)

    def strength(card: str) -> tuple:
        value = VALUE[card]
        if value == WIZARD_VALUE:
            return (3, value)
        if value == JESTER_VALUE:
            return (-1, 0)
        return (2 if SUIT[card] == trump else 1, value)

    if not trick:
        if need > 0:
            best = max(cards, key=lambda card: (chance(card), strength(card)))
            if chance(best) >= 0.5 or need >= len(hand):
                return best
            # Nothing sure: lead low and keep the strong cards for later tricks.
            jester = {card: VALUE[card] == JESTER_VALUE for card in cards}
            return min(cards, key=lambda card: (chance(card) + jester[card], strength(card)))
        # Lead the card least likely to win; keep the Jesters for when ducking gets hard.
        plain = [card for card in cards if VALUE[card] != JESTER_VALUE]
        pool = plain or cards
        return min(pool, key=lambda card: (chance(card), strength(card)))

    last = len(trick) == num_players - 1
    winners = [card for card in cards if trick_winner([*trick, [seat, card]], trump, dark, mono) == seat]
    losers = [card for card in cards if card not in winners]
    if need > 0:
        if winners:
            if last:
                return min(winners, key=strength)
            # Not last: the card must hold against the players after us.
            holding = [card for card in winners if chance(card) >= 0.55 or VALUE[card] == WIZARD_VALUE]
            if holding:
                return min(holding, key=strength)
            return max(winners, key=strength)
        # Cannot win: throw the card least useful for winning later.
        return min(losers, key=lambda card: (chance(card), strength(card)))
    if losers:
        # Duck with the highest card that loses: it is beaten now, so it stays beaten.
        plain = [card for card in losers if VALUE[card] != JESTER_VALUE]
        return max(plain or losers, key=lambda card: (chance(card), strength(card)))
    if last:
        return min(winners, key=strength)
    # Every card wins now: play the weakest, hoping someone after us takes it.
    return min(winners, key=strength)


# -- the Standard policy, from a view -----------------------------------------------------


def legal(view: dict, seat: int) -> list[Action]:
    """The seat's menu from its view (as the engine lists it), without sampling a state."""
    phase = view["phase"]
    if seat not in view["to_act"]:
        return []
    if phase == "choose_trump":
        return [{"type": "choose_trump", "suit": suit} for suit in SUITS]
    if phase == "bid":
        banned = view["forbidden_bid"]
        return [{"type": "bid", "bid": bid} for bid in range(view["hand_size"] + 1) if bid != banned]
    trick = [[entry["seat"], entry["card"]] for entry in view["trick"]]
    return [{"type": "play", "card": card} for card in _legal(view["hand"], trick)]


def standard(engine: object, view: dict, seat: int, legal: list[Action]) -> Action:
    """The Standard move of `seat`, from its view alone."""
    phase = view["phase"]
    options = view["options"]
    n = view["num_players"]
    hand = view["hand"]
    if phase == "choose_trump":
        if hand is not None:
            return {"type": "choose_trump", "suit": trump_for(hand)}
        others = [card for other in view["hands"] if other for card in other]
        counts = {suit: sum(SUIT[card] == suit for card in others) for suit in SUITS}
        return {"type": "choose_trump", "suit": min(SUITS, key=lambda suit: (counts[suit], SUITS.index(suit)))}
    if phase == "bid":
        allowed = [action["bid"] for action in legal]
        if hand is None:  # clairvoyance: the own hand is unseen, expect a fair share
            target = view["hand_size"] / n
            return {"type": "bid", "bid": min(allowed, key=lambda bid: (abs(bid - target), bid))}
        return {"type": "bid", "bid": bid_for(hand, view["trump"], n, view["hand_size"], options, allowed)}
    trick = [[entry["seat"], entry["card"]] for entry in view["trick"]]
    need = (view["bids"][seat] or 0) - view["tricks_won"][seat]
    card = play_card(seat, hand, trick, view["trump"], need, n, view["hand_size"], options)
    return {"type": "play", "card": card}


def rollout_action(state: State, seat: int) -> Action:
    """Standard on a sampled state (inside a search only: a sampled state holds no secret)."""
    phase = state["phase"]
    hand = state["hands"][seat]
    options = state["options"]
    n = state["num_players"]
    if phase == "choose_trump":
        return {"type": "choose_trump", "suit": trump_for(hand)}
    if phase == "bid":
        allowed = legal_bids(state, seat)
        return {"type": "bid", "bid": bid_for(hand, state["trump"], n, state["hand_size"], options, allowed)}
    need = state["bids"][seat] - state["tricks_won"][seat]
    card = play_card(seat, hand, state["trick"], state["trump"], need, n, state["hand_size"], options)
    return {"type": "play", "card": card}


def evaluate(state: State, seat: int, start: State) -> float:
    """A horizon's worth to `seat`, 0..1: points gained against the others' mean, or the win at the end."""
    scores = state["scores"]
    start_scores = start["scores"]
    if state["phase"] == "over":
        ranks = sorted(scores, reverse=True)
        best_other = max(score for other, score in enumerate(scores) if other != seat)
        win = 1.0 if scores[seat] > best_other else (0.5 if scores[seat] == best_other else 0.0)
        return 0.5 * win + 0.5 * _squash(scores[seat] - ranks[0 if ranks[0] != scores[seat] else 1])
    gained = [score - before for score, before in zip(scores, start_scores, strict=True)]
    others = [gain for other, gain in enumerate(gained) if other != seat]
    return _squash(gained[seat] - sum(others) / len(others))


def _squash(points: float) -> float:
    return 0.5 + max(-0.5, min(0.5, points / 120))


def horizon_reached(state: State, start: State) -> bool:
    """Rollouts stop at the end of the round being played (later deals are pure guesses)."""
    return state["phase"] == "over" or state["round"] != start["round"]


GOOD_ROLLOUTS = 200
BID_FIT_DEALS = 6  # deals tried by the sampler to match the bids in sight
STRONG_ITERATIONS = 1500


# -- the sampler ------------------------------------------------------------------------


def _seats_of_played(view: dict) -> list[list]:
    """The finished tricks of this round as [[seat, card]], rebuilt from the public `played`."""
    n = view["num_players"]
    played = view["played"]
    options = view["options"]
    leader = (view["dealer"] + 1) % n
    tricks = []
    for start in range(0, len(played), n):
        cards = played[start : start + n]
        trick = [[(leader + i) % n, card] for i, card in enumerate(cards)]
        tricks.append(trick)
        leader = trick_winner(trick, view["trump"], options["dark_wizard"], options["monocolor"])
    return tricks


def voids(view: dict) -> list[set]:
    """The suits each seat has shown out of this round (it played another suit when one was led)."""
    n = view["num_players"]
    out: list[set] = [set() for _ in range(n)]
    current = [[entry["seat"], entry["card"]] for entry in view["trick"]]
    for trick in [*_seats_of_played(view), current]:
        for index, (who, card) in enumerate(trick):
            led = led_suit(trick[:index])
            if led is not None and SUIT[card] is not None and SUIT[card] != led:
                out[who].add(led)
    return out


def _deal(pool: list[str], sizes: list[int], banned: list[set], deck_size: int, rng: random.Random) -> tuple:
    """Deal `pool` into hands of `sizes` (no card of a suit in `banned[i]`) and a deck, at random."""
    cards = pool[:]
    rng.shuffle(cards)
    if not any(banned):
        hands, start = [], 0
        for size in sizes:
            hands.append(cards[start : start + size])
            start += size
        return hands, cards[start:]
    # Cards of a suit someone has shown out of go first, each to a place that may hold it
    # (chosen in proportion to the room left); the other cards then fill the room left.
    places_for = {suit: [i for i in range(len(sizes)) if suit not in banned[i]] + [-1] for suit in SUITS}
    constrained = [card for card in cards if SUIT[card] is not None and len(places_for[SUIT[card]]) <= len(sizes)]
    free = [card for card in cards if card not in set(constrained)]
    for _attempt in range(20):
        room = [*sizes, deck_size]  # room[-1]: the deck
        hands = [[] for _ in sizes]
        deck: list[str] = []
        ok = True
        for card in constrained:
            places = [place for place in places_for[SUIT[card]] if room[place]]
            if not places:
                ok = False
                break
            pick = rng.random() * sum(room[place] for place in places)
            for place in places:
                pick -= room[place]
                if pick < 0:
                    break
            room[place] -= 1
            (deck if place == -1 else hands[place]).append(card)
        if ok:
            rest = free[:]
            for i, hand in enumerate(hands):
                hand.extend(rest[: room[i]])
                rest = rest[room[i] :]
            deck.extend(rest)
            return hands, deck
        rng.shuffle(constrained)
    # Constraints that cannot all be met (never from a real game): deal ignoring them.
    hands, start = [], 0
    for size in sizes:
        hands.append(cards[start : start + size])
        start += size
    return hands, cards[start:]


def sample(view: dict, seat: int, rng: random.Random) -> State:
    """A full state consistent with `view`: unseen cards dealt anew, a fresh seed."""
    n = view["num_players"]
    options = dict(view["options"])
    counts = view["hand_counts"]
    hidden = [owner for owner in range(n) if view["hands"][owner] is None]
    hands: list[list[str]] = [list(hand) if hand is not None else [] for hand in view["hands"]]
    out = voids(view)
    piles: list[list[str]] = [[] for _ in range(n)]
    played = list(view["played"])
    in_trick = [entry["card"] for entry in view["trick"]]
    if options["monocolor"]:
        gone = set(played) | set(in_trick)
        for owner in range(n):
            rest = [card for card in monocolor_pile(owner) if card not in gone and card not in hands[owner]]
            rng.shuffle(rest)
            if owner in hidden:
                hands[owner] = sort_hand(rest[: counts[owner]])
                rest = rest[counts[owner] :]
            piles[owner] = rest
        deck: list[str] = []
    else:
        seen = set(played) | set(in_trick) | set(view["set_aside"])
        if view["trump_card"]:
            seen.add(view["trump_card"])
        for hand in view["hands"]:
            if hand:
                seen.update(hand)
        pool = [card for card in DECK if card not in seen]
        sizes, banned = [counts[o] for o in hidden], [out[o] for o in hidden]
        dealt, deck = _deal(pool, sizes, banned, view["deck_count"], rng)
        # Bids in sight tell how strong a hand was: of a few deals keep the one whose hands
        # (with the cards they have played this round) Standard would have bid most alike.
        known_bids = [(i, view["bids"][o]) for i, o in enumerate(hidden) if view["bids"][o] is not None]
        if known_bids and view["hands"][seat] is not None:
            played_by = {o: [card for _who, card in _all_played_by(view, o)] for o in hidden}
            allowed = list(range(view["hand_size"] + 1))

            def misfit(hands_dealt: list[list[str]]) -> int:
                return sum(
                    abs(
                        bid_for(
                            hands_dealt[i] + played_by[hidden[i]], view["trump"], n, view["hand_size"], options, allowed
                        )
                        - bid
                    )
                    for i, bid in known_bids
                )

            best = misfit(dealt)
            for _ in range(BID_FIT_DEALS - 1):
                if best == 0:
                    break
                other, other_deck = _deal(pool, sizes, banned, view["deck_count"], rng)
                score = misfit(other)
                if score < best:
                    dealt, deck, best = other, other_deck, score
        for owner, cards in zip(hidden, dealt, strict=True):
            hands[owner] = sort_hand(cards)
    bids = list(view["bids"])
    phase = view["phase"]
    state: State = {
        "num_players": n,
        "seed": f"sample-{rng.getrandbits(64)}",
        "options": options,
        "num_rounds": view["num_rounds"],
        "round": view["round"],
        "dealer": view["dealer"],
        "scores": list(view["scores"]),
        "history": [dict(row) for row in view["score_table"]],
        "last_trick": None
        if view["last_trick"] is None
        else {
            "round": view["last_trick"]["round"],
            "cards": [[e["seat"], e["card"]] for e in view["last_trick"]["cards"]],
            "winner": view["last_trick"]["winner"],
        },
        "set_aside": list(view["set_aside"]),
        "deck": deck,
        "hand_size": view["hand_size"],
        "hands": hands,
        "piles": piles,
        "trump_card": view["trump_card"],
        "trump": view["trump"],
        "bids": bids,
        "tricks_won": list(view["tricks_won"]),
        "trick": [[e["seat"], e["card"]] for e in view["trick"]],
        "trick_number": view["trick_number"],
        "played": played,
        "leader": view["leader"],
        "turn": None,
        "phase": phase,
    }
    if phase == "over":
        return state
    if phase == "choose_trump":
        state["turn"] = view["dealer"]
    elif phase == "bid" and view["bids_sealed"]:
        state["turn"] = view["leader"]
    else:
        state["turn"] = view["to_act"][0]
    # Bids made but unseen: what Standard would have bid on the sampled hand.
    for owner in range(n):
        if view["has_bid"][owner] and bids[owner] is None:
            allowed = list(range(view["hand_size"] + 1))
            hand = hands[owner] + [card for who, card in _all_played_by(view, owner)]
            bids[owner] = bid_for(hand, view["trump"], n, view["hand_size"], options, allowed)
    return state


def _all_played_by(view: dict, owner: int) -> list:
    tricks = [*_seats_of_played(view), [[e["seat"], e["card"]] for e in view["trick"]]]
    return [(who, card) for trick in tricks for who, card in trick if who == owner]
