"""How well the bots play, against issue #30's targets: 95 % intervals counted by games, ms a move beside.

`python -m bench bots` plays whole games between bot levels (games/bots), random players
and (with `--cs238 PATH`) a public Wizard agent, and prints one line a figure: the games
played (always printed: the slow levels get fewer than the 400 the issue asks for), the
figure with its 95 % interval (Wilson for rates; mean ± 1.96 standard errors for mean
scores), the target and what the interval supports:

- "met": the whole interval clears the target (the lower bound is at or above it);
- "missed": the whole interval is below it;
- "open": the interval straddles it, the games played cannot tell.

Bids made are printed both over all bids (Wilson) and by games (the mean of each game's
share, +- 1.96 standard errors); the verdict uses the interval by games.

A shared first place counts as a share of a win. The seat under test moves round the
table from game to game. Budgets count rollouts and iterations, never time; the ms a
move are CPU time of this process for the seat under test (the machine may be shared).

Options:
- `--games N`: games a figure of instant levels (Standard, Beginner, random, the public
  agent; default 400);
- `--good-games N`: games a figure with Good under test (default 40; 0 skips them);
- `--strong-games N`: games a figure with Strong (default 10; 0 skips them);
- `--only WORD`: only the figures whose label contains WORD (repeatable: any of them);
- `--every K`: the figures take turns, K games at a time, printing all after each turn
  (a long run stopped early still reports every figure with its n);
- `--budget N`: Good rollouts / Strong iterations (default: the game's own);
- `--seed-base N`: deal other games (default 0): runs with different bases are independent
  and add up, so a figure can be played by several processes or sessions;
- `--sees-every-hand`: each Good or Strong figure chosen is played again with its level
  dealt its samples from the real state (every hand in sight; the piles still to draw and
  the seed dealt anew; bench/_sees_every_hand.py): the same deals, so the pair tells how
  much of a gap to a target is hidden information rather than search;
- `--cs238 PATH`: a checkout of github:joanamizrahi-png/cs238_wizard_ai (fetched outside
  the repository, never vendored; see bench/_wizard_public.py): adds its heuristic agent
  among three Standard bots, Standard among three of it (both without a target: a
  comparison), and Strong against three of it (target >= 95 %).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import dataclass, replace

from games.bots import choose
from games.engines import get_engine


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    bids: int = 0
    bids_made: int = 0
    score: float = 0.0
    score_squares: float = 0.0
    made_share: float = 0.0  # per game: the share of the seat's bids made (for an interval counted by games)
    made_share_squares: float = 0.0
    moves: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class Figure:
    label: str
    game: str
    players: int
    levels: tuple[str, ...]  # the level under test first, then the others in seat order
    measure: str = "wins"  # "wins", "bids" (bids made by the seat under test), "score" (its mean), "none"
    target: float | None = None  # None: fair share + 15 points (wins only)
    cost: str = "fast"  # "fast", "good" or "strong": which games option applies
    options: tuple[tuple[str, object], ...] = ()  # the game's options, as (name, value) pairs


def wilson(wins: float, games: int) -> tuple[float, float]:
    if not games:
        return 0.0, 0.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(total: float, squares: float, games: int) -> tuple[float, float, float]:
    if games < 2:
        mean = total / max(1, games)
        return mean, -math.inf, math.inf
    mean = total / games
    variance = max(0.0, (squares - games * mean * mean) / (games - 1))
    half = 1.96 * math.sqrt(variance / games)
    return mean, mean - half, mean + half


def play(
    engine_name: str,
    num_players: int,
    levels: list[str] | tuple[str, ...],
    games: int,
    options: dict | None = None,
    budget: int | None = None,
    seed_base: int = 0,
    agents: dict | None = None,
    tally: Tally | None = None,
) -> Tally:
    """Games where seat (g % n) plays levels[0] and the others levels[1:] in order; tally seat 0's level.

    `agents` maps extra level names to objects with `act(view, seat, legal) -> action`
    (the public agent's adapter); they see only the seat's view."""
    engine = get_engine(engine_name)
    agents = agents or {}
    tally = tally if tally is not None else Tally()
    first = tally.games  # a tally carried on continues with the next games' seeds
    for game in range(first, first + games):
        hero = game % num_players
        seat_levels = {}
        others = iter(levels[1:])
        for seat in range(num_players):
            seat_levels[seat] = levels[0] if seat == hero else next(others)
        rng = random.Random(f"bench-bots:{seed_base}:{game}")
        state = engine.new_game(num_players, f"bench-{seed_base}-{game}", options or {})
        rounds_this_game = made_this_game = 0
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            level = seat_levels[seat]
            started = time.process_time()
            if level == "random":
                legal = engine.legal_actions(state, seat)
                action = legal[rng.randrange(len(legal))]
            elif level == "auto":
                action = engine.auto_action(state, seat)
            elif level in agents and getattr(agents[level], "sees_state", False):
                action = agents[level].act_on_state(engine, state, seat, rng, budget)  # --sees-every-hand only
            elif level in agents:
                action = agents[level].act(engine.view(state, seat), seat, engine.legal_actions(state, seat))
            else:
                action = choose(engine, state, seat, level, rng, budget)
            if seat == hero:
                tally.seconds += time.process_time() - started
                tally.moves += 1
            before = state
            state = engine.apply(state, seat, action)
            if engine_name == "wizard" and (state["round"] != before["round"] or state["phase"] == "over"):
                row = state["history"][-1]
                made = row["bids"][hero] == row["tricks"][hero]
                tally.bids += 1
                tally.bids_made += made
                rounds_this_game += 1
                made_this_game += made
        if engine_name == "wizard":
            share = made_this_game / max(1, rounds_this_game)
            tally.made_share += share
            tally.made_share_squares += share * share
        result = engine.result(state)
        firsts = [row["seat"] for row in result if row["rank"] == 1]
        if hero in firsts:
            tally.wins += 1 / len(firsts)
        score = next(row["score"] for row in result if row["seat"] == hero)
        tally.score += score
        tally.score_squares += score * score
        tally.games += 1
    return tally


def verdict(low: float, high: float, target: float) -> str:
    if low >= target:
        return "met"
    if high < target:
        return "missed"
    return "open"


def report(figure: Figure, tally: Tally) -> str:
    n = figure.players
    rate = tally.wins / tally.games if tally.games else 0.0
    low, high = wilson(tally.wins, tally.games)
    mean, mlow, mhigh = mean_interval(tally.score, tally.score_squares, tally.games)
    line = (
        f"{figure.label}: {tally.games} games, wins {rate:.1%} [{low:.1%}, {high:.1%}] (fair {1 / n:.0%}), "
        f"mean score {mean:+.1f} [{mlow:+.1f}, {mhigh:+.1f}], "
        f"{1000 * tally.seconds / max(1, tally.moves):.2f} ms a move"
    )
    if tally.bids:
        blow, bhigh = wilson(tally.bids_made, tally.bids)
        line += f", bids made {tally.bids_made / tally.bids:.1%} [{blow:.1%}, {bhigh:.1%}] of {tally.bids}"
    if figure.measure == "wins":
        target = figure.target if figure.target is not None else 1 / n + 0.15
        line += f"; target wins >= {target:.0%}: {verdict(low, high, target)}"
    elif figure.measure == "bids":
        # Rounds of one game are not independent draws: the verdict rests on games (the mean of
        # each game's share of bids made, +- 1.96 standard errors), not on the count of bids.
        share, slow, shigh = mean_interval(tally.made_share, tally.made_share_squares, tally.games)
        line += (
            f"; by games {share:.1%} [{slow:.1%}, {shigh:.1%}]"
            f"; target bids made >= {figure.target:.0%}: {verdict(slow, shigh, figure.target)}"
        )
    elif figure.measure == "score":
        line += f"; target mean score >= {figure.target:+.0f}: {verdict(mlow, mhigh, figure.target)}"
    return line


S = "standard"
FIGURES = [
    # Standard beats random everywhere, lower bound 15 points above a fair share.
    Figure("wizard 3p standard vs 2 random", "wizard", 3, (S, "random", "random")),
    Figure("wizard 4p standard vs 3 random", "wizard", 4, (S, "random", "random", "random")),
    Figure("wizard 5p standard vs 4 random", "wizard", 5, (S, *["random"] * 4)),
    Figure("wildcards 3p standard vs 2 random", "wildcards", 3, (S, "random", "random")),
    Figure("wildcards 5p standard vs 4 random", "wildcards", 5, (S, *["random"] * 4)),
    Figure("cubirds 2p standard vs random", "cubirds", 2, (S, "random")),
    Figure("cubirds 4p standard vs 3 random", "cubirds", 4, (S, "random", "random", "random")),
    Figure("emu_ranchers standard vs random", "emu_ranchers", 2, (S, "random")),
    # Wizard 2p >= 65 % against random; 4p bids made >= 50 %; Emu Ranchers >= 0 among themselves.
    Figure("wizard 2p standard vs random", "wizard", 2, (S, "random"), target=0.65),
    Figure("wizard 4p standard among standard", "wizard", 4, (S,) * 4, measure="bids", target=0.50),
    Figure("emu_ranchers standard among standard", "emu_ranchers", 2, (S, S), measure="score", target=0.0),
    # Good (<= 100 ms a move) against Standard.
    Figure("wizard 4p good vs 3 standard", "wizard", 4, ("good", S, S, S), target=0.95, cost="good"),
    Figure("emu_ranchers good vs standard", "emu_ranchers", 2, ("good", S), target=0.80, cost="good"),
    Figure("wildcards 3p good vs 2 standard", "wildcards", 3, ("good", S, S), target=0.90, cost="good"),
    Figure("cubirds 2p good vs standard", "cubirds", 2, ("good", S), target=0.60, cost="good"),
    # Strong (<= 1 s a move) against a frozen Good.
    Figure("wizard 4p strong vs 3 good", "wizard", 4, ("strong", "good", "good", "good"), target=0.40, cost="strong"),
    Figure(
        "wizard 4p strong vs 3 good (bids)",
        "wizard",
        4,
        ("strong", "good", "good", "good"),
        measure="bids",
        target=0.75,
        cost="strong",
    ),
    Figure("wizard 2p strong vs good", "wizard", 2, ("strong", "good"), target=0.60, cost="strong"),
    Figure("cubirds 2p strong vs good", "cubirds", 2, ("strong", "good"), target=0.60, cost="strong"),
    Figure("emu_ranchers strong vs good", "emu_ranchers", 2, ("strong", "good"), target=0.60, cost="strong"),
    # Wild Cards' two-player game is played with the virtual player Leo (2022 edition).
    Figure(
        "wildcards 2p strong vs good",
        "wildcards",
        2,
        ("strong", "good"),
        target=0.60,
        cost="strong",
        options=(("edition", "2022"), ("leo", True)),
    ),
]
PUBLIC = [
    Figure("wizard 4p cs238 heuristic among 3 standard", "wizard", 4, ("cs238", S, S, S), measure="none"),
    Figure("wizard 4p standard among 3 cs238 heuristic", "wizard", 4, (S, "cs238", "cs238", "cs238"), measure="none"),
    Figure(
        "wizard 4p strong vs 3 cs238 heuristic",
        "wizard",
        4,
        ("strong", "cs238", "cs238", "cs238"),
        target=0.95,
        cost="strong",
    ),
]


def seeing_every_hand(figures: list[Figure], agents: dict) -> list[Figure]:
    """A twin of each Good or Strong figure whose level under test sees every hand (bench/_sees_every_hand.py):
    the same deals and opponents, so the two lines side by side say what the hidden cards cost."""
    from bench._sees_every_hand import SeesEveryHand, level_name  # noqa: PLC0415 (only with the option)

    twins = []
    for figure in figures:
        level = figure.levels[0]
        if figure.cost == "fast" or level not in ("good", "strong"):
            continue
        agents.setdefault(level_name(level), SeesEveryHand(level))
        twins.append(
            replace(figure, label=figure.label + " (sees every hand)", levels=(level_name(level), *figure.levels[1:]))
        )
    return twins


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench bots")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--good-games", type=int, default=40)
    parser.add_argument("--strong-games", type=int, default=10)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--every", type=int, default=0, help="games a figure per turn (prints after each)")
    parser.add_argument("--cs238", default=None, help="path of a cs238_wizard_ai checkout")
    parser.add_argument("--seed-base", type=int, default=0, help="another set of deals (runs to add up)")
    parser.add_argument(
        "--sees-every-hand", action="store_true", help="each Good or Strong figure again, its level seeing every hand"
    )
    args = parser.parse_args(argv)
    figures = list(FIGURES)
    agents = {}
    if args.cs238:
        from bench._wizard_public import PublicWizardAgent  # noqa: PLC0415 (only with the option)

        agents["cs238"] = PublicWizardAgent(args.cs238)
        figures += PUBLIC
    if args.sees_every_hand:
        figures += seeing_every_hand(figures, agents)
    games = {"fast": args.games, "good": args.good_games, "strong": args.strong_games}
    chosen = [f for f in figures if games[f.cost] and (not args.only or any(w in f.label for w in args.only))]
    played: dict[tuple, Tally] = {}  # figures that differ only by measure share their games
    wanted: dict[tuple, tuple[int, int | None]] = {}
    for figure in chosen:
        key = (figure.game, figure.players, figure.levels, figure.options)
        played[key] = Tally()
        wanted[key] = (games[figure.cost], args.budget if figure.cost != "fast" else None)
    step = args.every or max(games.values())
    while True:
        # With --every K the figures take turns, K games at a time, and all print after each
        # turn: a long run stopped at any point still has a figure for each, with its n.
        for (game, players, levels, options), tally in played.items():
            count, budget = wanted[(game, players, levels, options)]
            if tally.games < count:
                play(
                    game,
                    players,
                    levels,
                    min(step, count - tally.games),
                    options=dict(options),
                    budget=budget,
                    agents=agents,
                    tally=tally,
                    seed_base=args.seed_base,
                )
        for figure in chosen:
            print(report(figure, played[(figure.game, figure.players, figure.levels, figure.options)]), flush=True)
        if all(tally.games >= wanted[key][0] for key, tally in played.items()):
            break
        print("--", flush=True)
