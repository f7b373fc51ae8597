"""What Wizard's Good assumes about the others at four players, against what games among Good bots show.

    python -m bench wizard_model [--games 12] [--seed-base N] [--samples 20] [--rollouts 60] [--budget N]

Four Good bots play whole games (`--budget`: their rollouts, default Good's own). At their
decisions the bench compares the model every Wizard search rests on with what happened:

- the others' cards: at every third play with a choice, the share of the other hands' cards
  the sampler (`wizard.sample`, from the seat's view, `--samples` deals) deals into the right
  hand, beside a deal by room alone (each unseen card in a hand with a chance of that hand's
  size over the unseen cards);
- the rollouts' player: how often Standard plays the card Good played;
- the bids, by hand size: of `--rollouts` rollouts from sampled deals (everyone Standard, as in
  Good's search), the share in which the bid Good made is made, beside the share of those bids
  made in the games; and the tricks taken less the bid, said and seen.

How to read it: where the rollouts say a bid is made about as often as it was, the search is
right about outcomes even against players who are not Standard, and a Strong that only
searches more of the same cannot do much better than Good (`bench/bot_agreement.py` says
the same from the search's side). A diagnosis, never a target. Good's own moves use their own
random numbers: the checks draw from another generator, so the games are the same with or
without them.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field

from bench.bots import mean_interval, wilson
from games.bots import choose, search, wizard
from games.engines import get_engine

PLAYERS = 4
SIZES = ((1, 5), (6, 10), (11, 15))


@dataclass
class Bids:
    count: int = 0
    said_made: float = 0.0  # the rollouts' share made, summed over bids
    made: int = 0
    said_over: float = 0.0  # the rollouts' mean tricks less bid, summed
    over: int = 0


@dataclass
class Findings:
    placements: list[float] = field(default_factory=list)  # the sampler's share placed right, a position
    by_room: list[float] = field(default_factory=list)
    plays: int = 0
    standard_agrees: int = 0
    bids: dict[tuple[int, int], Bids] = field(default_factory=lambda: {sizes: Bids() for sizes in SIZES})


def by_room(view: dict, seat: int) -> float:
    """The share of the other hands' cards a deal by room alone places right, on average."""
    hidden = [count for other, count in enumerate(view["hand_counts"]) if other != seat]
    unseen = sum(hidden) + view["deck_count"]
    return sum(count * count / unseen for count in hidden) / sum(hidden)


def placed_right(view: dict, seat: int, hands: list[list[str]], samples: int, rng: random.Random) -> float:
    """The share of the other hands' cards (`hands`: the true ones) the sampler deals into the right hand."""
    right = total = 0
    for _ in range(samples):
        dealt = wizard.sample(view, seat, rng)["hands"]
        for other in range(PLAYERS):
            if other != seat:
                right += len(set(hands[other]) & set(dealt[other]))
                total += len(hands[other])
    return right / total


def said_of_bid(
    engine: object, view: dict, seat: int, bid: int, rollouts: int, rng: random.Random
) -> tuple[float, float]:
    """Of rollouts by Standard from sampled deals after `bid`: the share made, the mean tricks less bid."""
    made = over = 0
    for _ in range(rollouts):
        start = wizard.sample(view, seat, rng)
        end = search.rollout(engine, wizard, engine.apply(start, seat, {"type": "bid", "bid": bid}), start)
        tricks = end["history"][-1]["tricks"][seat]
        made += tricks == bid
        over += tricks - bid
    return made / rollouts, over / rollouts


def play_games(games: int, seed_base: int, samples: int, rollouts: int, budget: int | None) -> Findings:
    engine = get_engine("wizard")
    found = Findings()
    for number in range(games):
        state = engine.new_game(PLAYERS, f"wizard-model-{seed_base}-{number}", {})
        rng = random.Random(f"wizard-model:{seed_base}:{number}")  # the Good bots'
        check = random.Random(f"wizard-model-check:{seed_base}:{number}")  # the bench's own
        waiting: list[tuple[int, int, float, float]] = []  # this round's bids: seat, bid, said made, said over
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            view = engine.view(state, seat)
            legal = wizard.legal(view, seat)
            action = choose(engine, state, seat, "good", rng, budget)
            if len(legal) > 1 and view["phase"] == "play":
                found.plays += 1
                found.standard_agrees += wizard.standard(engine, view, seat, legal) == action
                if found.plays % 3 == 0:
                    found.placements.append(placed_right(view, seat, state["hands"], samples, check))
                    found.by_room.append(by_room(view, seat))
            elif len(legal) > 1 and view["phase"] == "bid":
                waiting.append((seat, action["bid"], *said_of_bid(engine, view, seat, action["bid"], rollouts, check)))
            before = state
            state = engine.apply(state, seat, action)
            if state["round"] != before["round"] or state["phase"] == "over":
                tricks = state["history"][-1]["tricks"]
                bids = next(b for (low, high), b in found.bids.items() if low <= before["hand_size"] <= high)
                for who, bid, said_made, said_over in waiting:
                    bids.count += 1
                    bids.said_made += said_made
                    bids.made += tricks[who] == bid
                    bids.said_over += said_over
                    bids.over += tricks[who] - bid
                waiting = []
    return found


def _mean(values: list[float]) -> tuple[float, float]:
    """The mean and half its 95 % interval (0 with fewer than two values)."""
    mean, low, high = mean_interval(sum(values), sum(value * value for value in values), len(values))
    return mean, (high - low) / 2 if len(values) > 1 else 0.0


def report(found: Findings, games: int, budget: int | None) -> list[str]:
    rollouts = budget if budget is not None else wizard.GOOD_ROLLOUTS
    lines = [f"wizard 4p, {games} games between Good bots ({rollouts} rollouts)"]
    placed, half = _mean(found.placements)
    room, _ = _mean(found.by_room)
    lines.append(
        f"  the others' cards placed right: sampler {placed:.1%} +- {half:.1%}, by room alone {room:.1%}"
        f" ({len(found.placements)} positions)"
    )
    low, high = wilson(found.standard_agrees, found.plays)
    share = found.standard_agrees / max(1, found.plays)
    lines.append(f"  Standard plays Good's card: {share:.1%} [{low:.1%}, {high:.1%}] of {found.plays} plays")
    for (small, large), bids in found.bids.items():
        if not bids.count:
            continue
        low, high = wilson(bids.made, bids.count)
        lines.append(
            f"  bids, hands of {small}-{large}: {bids.count}; rollouts say made {bids.said_made / bids.count:.1%},"
            f" made {bids.made / bids.count:.1%} [{low:.1%}, {high:.1%}];"
            f" tricks less bid said {bids.said_over / bids.count:+.2f}, seen {bids.over / bids.count:+.2f}"
        )
    return lines


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench wizard_model")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--samples", type=int, default=20, help="sampled deals a position, for placement")
    parser.add_argument("--rollouts", type=int, default=60, help="rollouts a bid")
    parser.add_argument("--budget", type=int, help="the Good bots' rollouts (default: Good's own)")
    args = parser.parse_args(argv)
    found = play_games(args.games, args.seed_base, args.samples, args.rollouts, args.budget)
    print("\n".join(report(found, args.games, args.budget)))
