"""Wizard's sampler: a full state consistent with one seat's view, dealt anew.

It keeps what the seat has seen: the cards played this round (and who played them), the
suits each player has shown out of, hands in sight, monocolor piles, the two-player stock.
Two more things the seat has seen tell which deals are likely:
- the bids in sight: of a few deals it keeps the one whose hands Standard would have bid
  most alike (sealed bids not in sight are what Standard would bid on the sampled hand,
  or for Strong, while the round is played, that bid moved by a step drawn from
  `SEALED_BID_SPREAD`);
- the plays of this round: cards are swapped between the hidden places while the hidden
  hands, replayed by Standard, make the plays seen no less often (the card Standard would
  have played instead is the one swapped out first: it is unlikely to be in that hand).
The sampled state gets a fresh seed: later rounds are dealt from it, never from the real one.
"""

from __future__ import annotations

import random
from functools import lru_cache

from games.bots.wizard_heuristic import bid_for, play_card
from games.engines.base import State
from games.engines.wizard.cards import DECK, SUIT, SUITS, monocolor_pile, sort_hand
from games.engines.wizard.rules import led_suit, trick_winner

BID_FIT_DEALS = 6  # deals tried by the sampler to match the bids in sight
# Swaps tried a sample to fit the plays seen. Against three Standard bots, of the other hands'
# cards 25 % land in the right hand with no swap and 37 % with 40 (a round's middle, 66 positions).
PLAY_FIT_SWAPS = 40
# How far Good's sealed bids fell from Standard's bid on the same hand: 480 bids of 40
# two-player games among Good bots (steps -2..+2: 49, 129, 114, 143 and 45 bids). Strong
# draws the other's sealed bid this far from Standard's, rather than Standard's alone:
# a player is seldom sure of a sealed bid, and a search that is sure plays as if it saw it.
SEALED_BID_SPREAD = {-2: 0.10, -1: 0.27, 0: 0.24, 1: 0.30, 2: 0.09}


def _round_tricks(view: dict) -> tuple[list[list], list[int]]:
    """This round's tricks as [[seat, card]], the finished ones then the one in play, and
    the winners of the finished ones (rebuilt from the public `played`)."""
    n = view["num_players"]
    played = view["played"]
    options = view["options"]
    leader = (view["dealer"] + 1) % n
    tricks, winners = [], []
    for start in range(0, len(played), n):
        cards = played[start : start + n]
        trick = [[(leader + i) % n, card] for i, card in enumerate(cards)]
        tricks.append(trick)
        leader = trick_winner(trick, view["trump"], options["dark_wizard"], options["monocolor"])
        winners.append(leader)
    tricks.append([[entry["seat"], entry["card"]] for entry in view["trick"]])
    return tricks, winners


def voids(view: dict) -> list[set]:
    """The suits each seat has shown out of this round (it played another suit when one was led)."""
    return _voids(_plays_this_round(view))


def _voids(plays: dict[int, list[tuple]]) -> list[set]:
    out: list[set] = [set() for _ in plays]
    for who, mine in plays.items():
        for _before, led, card, _had, _rest in mine:
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


def standard_bid(view: dict, cards: list[str]) -> int:
    """What Standard would have bid on `cards` (a hand with the cards it has played this round)."""
    size = view["hand_size"]
    return bid_for(cards, view["trump"], view["num_players"], size, view["options"], list(range(size + 1)))


def sample(view: dict, seat: int, rng: random.Random, sealed_spread: bool = False) -> State:
    """A full state consistent with `view`: unseen cards dealt anew, a fresh seed.

    `sealed_spread` (Strong): while the round is played, a sealed bid not in sight is
    Standard's bid on the sampled hand moved by a step of `SEALED_BID_SPREAD`."""
    n = view["num_players"]
    options = dict(view["options"])
    counts = view["hand_counts"]
    hidden = [owner for owner in range(n) if view["hands"][owner] is None]
    hands: list[list[str]] = [list(hand) if hand is not None else [] for hand in view["hands"]]
    plays = _plays_this_round(view)  # the round's tricks, walked once for everything below
    out = _voids(plays)
    piles: list[list[str]] = [[] for _ in range(n)]
    played = list(view["played"])
    in_trick = [entry["card"] for entry in view["trick"]]
    phase = view["phase"]
    played_by = {owner: mine[0][4] if mine else [] for owner, mine in plays.items()}
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

            def misfit(hands_dealt: list[list[str]]) -> int:
                return sum(
                    abs(standard_bid(view, hands_dealt[i] + played_by[hidden[i]]) - bid) for i, bid in known_bids
                )

            best = misfit(dealt)
            for _ in range(BID_FIT_DEALS - 1):
                if best == 0:
                    break
                other, other_deck = _deal(pool, sizes, banned, view["deck_count"], rng)
                score = misfit(other)
                if score < best:
                    dealt, deck, best = other, other_deck, score
        if phase == "play" and view["hands"][seat] is not None:
            _fit_plays(view, plays, hidden, dealt, deck, banned, rng)
        for owner, cards in zip(hidden, dealt, strict=True):
            hands[owner] = sort_hand(cards)
    bids = list(view["bids"])
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
    spread = sealed_spread and phase == "play"
    for owner in range(n):
        if view["has_bid"][owner] and bids[owner] is None:
            bids[owner] = standard_bid(view, hands[owner] + played_by[owner])
            if spread:
                bids[owner] = spread_bid(bids[owner], view["hand_size"], rng)
    return state


def spread_bid(bid: int, hand_size: int, rng: random.Random) -> int:
    """A sealed bid guessed round `bid`: moved by a step drawn from `SEALED_BID_SPREAD`."""
    step = rng.choices(list(SEALED_BID_SPREAD), weights=SEALED_BID_SPREAD.values())[0]
    return max(0, min(hand_size, bid + step))


def _plays_this_round(view: dict) -> dict[int, list[tuple]]:
    """Each seat's plays this round, in order: (the trick before its card, the suit led in
    it, the card, the tricks it had won before that trick, the cards it has played from
    that one on)."""
    n = view["num_players"]
    tricks, winners = _round_tricks(view)
    won = [0] * n
    plays: dict[int, list[tuple]] = {owner: [] for owner in range(n)}
    for number, trick in enumerate(tricks):
        for index, (who, card) in enumerate(trick):
            plays[who].append((trick[:index], card, won[who]))
        if number < len(winners):
            won[winners[number]] += 1
    return {
        owner: [
            (tuple(map(tuple, before)), led_suit(before), card, had, [then for _b, then, _w in mine[k:]])
            for k, (before, card, had) in enumerate(mine)
        ]
        for owner, mine in plays.items()
    }


def _misfit(view: dict, owner: int, hand: list[str], plays: list[tuple], limit: int) -> tuple[int, str | None]:
    """How far `hand` is from the plays seen: the plays Standard would have made otherwise
    (plus how far its bid would be from a bid in sight), and the first card it would have
    played instead while still holding it (None if none). Stops counting past `limit`."""
    n, options, trump, size = view["num_players"], view["options"], view["trump"], view["hand_size"]
    dark, mono = options["dark_wizard"], options["monocolor"]
    expected = standard_bid(view, hand + (plays[0][4] if plays else []))
    bid = view["bids"][owner]
    misfit = 0 if bid is None else abs(expected - bid)
    bid = expected if bid is None else bid  # a sealed bid: what the sampler will fill in
    wanted = None
    for before, led, card, had, rest in plays:
        held = hand + rest
        if led is not None:
            following = [held_card for held_card in held if SUIT[held_card] in (led, None)]
            if any(SUIT[held_card] is not None for held_card in following):
                held = following
        choice = _standard_card(owner, tuple(sorted(held)), before, trump, bid - had, n, size, dark, mono)
        if choice != card:
            misfit += 1
            if wanted is None and choice in hand:
                wanted = choice
            if misfit > limit:
                break
    return misfit, wanted


@lru_cache(maxsize=1 << 13)
def _standard_card(
    owner: int, held: tuple, before: tuple, trump: str | None, need: int, n: int, size: int, dark: bool, mono: bool
) -> str:
    """Standard's card. It depends on the hand only through the cards it may play (a lead
    sees the whole hand), so `held` is those cards: the many deals a search samples share
    most of these answers, and a swap of cards of other suits costs nothing."""
    options = {"dark_wizard": dark, "monocolor": mono}
    return play_card(owner, sort_hand(list(held)), [list(entry) for entry in before], trump, need, n, size, options)


_NO_LIMIT = 1 << 30


def _fit_plays(
    view: dict,
    plays: dict[int, list[tuple]],
    hidden: list[int],
    dealt: list[list[str]],
    deck: list[str],
    banned: list[set],
    rng: random.Random,
) -> None:
    """Swap cards between the hidden hands and the deck (in place, keeping the suits shown
    out of) while the hands fit the plays seen this round no worse; stop when all fit."""
    if not any(plays[owner] for owner in hidden):
        return

    def misfit(i: int, hand: list[str], limit: int = _NO_LIMIT) -> tuple[int, str | None]:
        return _misfit(view, hidden[i], hand, plays[hidden[i]], limit)

    scores = [misfit(i, hand) for i, hand in enumerate(dealt)]
    places = list(range(len(hidden))) + ([-1] if deck else [])  # -1: the deck
    if len(places) < 2:
        return  # one hidden hand and no stock (the two-player last round): nothing to swap with
    for _ in range(PLAY_FIT_SWAPS):
        unfit = [i for i, (score, _wanted) in enumerate(scores) if score]
        if not unfit:
            return
        i = rng.choice(unfit)
        place = rng.choice([other for other in places if other != i])
        there = deck if place == -1 else dealt[place]
        if not there or not dealt[i]:
            continue
        wanted = scores[i][1]
        # Mostly the card Standard would have played instead; now and then any card, so a
        # wrong guess about which card is out of place cannot stall the search.
        mine = dealt[i].index(wanted) if wanted is not None and rng.random() < 0.8 else rng.randrange(len(dealt[i]))
        theirs = rng.randrange(len(there))
        out, comes = dealt[i][mine], there[theirs]
        if SUIT[comes] in banned[i] or (place != -1 and SUIT[out] in banned[place]):
            continue
        before = scores[i][0] + (scores[place][0] if place != -1 else 0)
        new_mine = [*dealt[i][:mine], comes, *dealt[i][mine + 1 :]]
        score_mine = misfit(i, new_mine, before)
        if score_mine[0] > before:
            continue
        if place == -1:
            dealt[i], scores[i] = new_mine, score_mine
            deck[theirs] = out
            continue
        new_theirs = [*there[:theirs], out, *there[theirs + 1 :]]
        score_theirs = misfit(place, new_theirs, before - score_mine[0])
        if score_mine[0] + score_theirs[0] <= before:
            dealt[i], dealt[place] = new_mine, new_theirs
            scores[i], scores[place] = score_mine, score_theirs
