"""Elo for multiplayer tables: pairwise Elo, scaled by K / (n - 1). Pure Python, no Django.

Every pair of rated players at a table is one result: the better (lower) rank wins,
equal ranks draw. Each player's pair results are summed with K / (n - 1), n being the
number of rated players, so a table moves a rating about as much as one two-player game.
This is not Board Game Arena's formula, which it does not publish: on BGA the swing grows
with the number of players (up to the game's recommended count) and the first to quit
loses a further 10 points (docs/organisers.md, "Elo and Board Game Arena").
A pair's result can weigh less than 1: the same two people meeting again and again
(`repeat_weight`) must not be a way to buy a rating. And a player whose rating is established
takes nothing from a result against one whose rating is not yet (`established`): as FIDE long
rated a rated player's games against unrated opponents for nobody but the newcomer, so that new
accounts made to lose cannot lift an established rating.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EloSettings:
    start: float = 1500.0
    k_provisional: float = 40.0
    k_established: float = 20.0
    provisional_games: int = 20  # games played before K drops to k_established

    def k_for(self, games_played: int) -> float:
        return self.k_provisional if games_played < self.provisional_games else self.k_established


@dataclass
class PlayerState:
    rating: float
    games: int = 0


def expected(rating: float, other: float) -> float:
    """The chance `rating` beats `other`, by the logistic curve with a 400-point scale."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def repeat_weight(earlier_games: int) -> float:
    """The weight of a pair's result when the pair already met in `earlier_games` rated games of
    the pool within the window: the k-th meeting counts 1/k, so n games against one opponent
    weigh about ln(n) + 0.58 games, not n."""
    return 1.0 / (earlier_games + 1)


def counts_for(established: bool, other_established: bool) -> bool:
    """Whether a pair's result moves a player's rating: always for a player still new to ratings,
    for an established one only against another established player."""
    return other_established or not established


def table_deltas(
    entries: list[tuple[float, int, int]],
    settings: EloSettings,
    weights: dict[tuple[int, int], float] | None = None,
    established: list[bool] | None = None,
) -> list[float]:
    """Rating changes for one table.

    `entries` holds (rating before, games played before, finishing rank) per rated player,
    rank 1 the best. Returns the deltas in the same order. Fewer than two players: no change.
    `weights` maps a pair (i, j), i < j, of positions in `entries` to its weight (default 1).
    `established` says per player whether their rating was established before the game (default:
    nobody's was, and every result counts for both sides, see `counts_for`).
    """
    n = len(entries)
    if n < 2:
        return [0.0] * n
    # Each pair once: what one side gains over expectation the other loses (unless the loser's
    # rating is established and the winner's is not: then only the newcomer's moves).
    totals = [0.0] * n
    for i in range(n - 1):
        rating, _games, rank = entries[i]
        for j in range(i + 1, n):
            other, _other_games, other_rank = entries[j]
            score = 1.0 if rank < other_rank else 0.5 if rank == other_rank else 0.0
            gain = score - 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))
            if weights is not None:
                gain *= weights.get((i, j), 1.0)
            if established is None:
                totals[i] += gain
                totals[j] -= gain
                continue
            if counts_for(established[i], established[j]):
                totals[i] += gain
            if counts_for(established[j], established[i]):
                totals[j] -= gain
    return [settings.k_for(games) / (n - 1) * total for (_r, games, _rank), total in zip(entries, totals, strict=True)]
