"""Swiss rounds at multiplayer tables, as on Board Game Arena.

Each round players with similar points sit together (the leaders at table 1) and
repeated opponents are avoided where possible; a bye goes to the lowest-ranked player
among those with the fewest byes, so nobody gets a second bye while another has none.
Standings rank by points, then Buchholz (the sum of the opponents' points, counted per
meeting), then the opponents' average, then rating.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, islice

from tournaments.formats.scoring import DEFAULT_PLACE_POINTS, place_points
from tournaments.formats.swiss_pairs import pair_two_player
from tournaments.formats.swiss_tables import seat_round
from tournaments.formats.tables import split


@dataclass
class RoundResult:
    """One played round: each table's finishing ranks, who had a bye, and who won a game a
    round robin's late leaver forfeited (`walkovers`: one win, whatever a bye is worth)."""

    tables: list[dict[Hashable, int]]
    byes: list[Hashable] = field(default_factory=list)
    walkovers: list[Hashable] = field(default_factory=list)


@dataclass(frozen=True)
class Pairing:
    tables: list[list[Hashable]]  # table 1 first, each in seat order (best-ranked first)
    byes: list[Hashable]
    # Repeated meetings seated, and a lower bound on any seating's (multiplayer tables): when
    # `repeats > repeat_bound` the round is not proven to repeat as few as possible.
    repeats: int = 0
    repeat_bound: int = 0

    @property
    def proven(self) -> bool:
        return self.repeats == self.repeat_bound


TIE_BREAK_ORDERS = ("buchholz", "sonneborn_berger")


@dataclass(frozen=True)
class Standing:
    player: Hashable
    points: float
    buchholz: float
    opponents_average: float
    rating: float
    byes: int
    games: int
    # Round robins' first tie-break: each opponent's points, whole if one placed above them at
    # the table, half if level, none if below (FIDE's, with each other player at a table a game).
    sonneborn_berger: float = 0.0


def pair_counts(rounds: Sequence[RoundResult]) -> Counter:
    """How many times each pair of players has played at the same table (a forfeit is no meeting)."""
    met: Counter = Counter()
    for played in rounds:
        for table in played.tables:
            present = [player for player in table if table[player] is not None]
            for a, b in combinations(sorted(present, key=repr), 2):
                met[frozenset((a, b))] += 1
    return met


def repeated_meetings(tables: Sequence[Sequence[Hashable]], met: Mapping[frozenset, int]) -> int:
    """Pairs seated together again, each counted once per earlier meeting."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def standings(
    ratings: Mapping[Hashable, float],
    rounds: Sequence[RoundResult],
    points_per_place: Sequence[float] = DEFAULT_PLACE_POINTS,
    bye_points: float | None = None,
    bye_opponents: int | None = None,
    order: str = "buchholz",
) -> list[Standing]:
    """Every player in `ratings` (dropped ones too), best first.

    Ties on points are broken by Buchholz (`order="buchholz"`, a Swiss), or first by
    Sonneborn-Berger (`order="sonneborn_berger"`, a round robin: once everyone has met
    everyone, level players are level on Buchholz too); then the opponents' average, then
    the rating at the start.

    A bye scores `bye_points`, by default one win (the first place's points): at 2-player
    tables a bye is worth a won game, no more. Forfeits (rank None) score nothing and, as
    in FIDE's rules, are no meeting: the forfeiting player is nobody's opponent.

    In the Buchholz a bye is a table of `bye_opponents` dummy opponents (default: a full
    table's, one fewer than the places scored) each scoring the player's own final points, as
    FIDE's 2023 tie-break rules count an unplayed round; so is each game a forfeit left
    unplayed, a table-mate's or the player's own (one dummy per forfeiting table-mate, or per
    table-mate of a player who forfeited). Opponents' average is over real ones.
    """
    if order not in TIE_BREAK_ORDERS:
        raise ValueError(f"unknown tie-break order {order!r}; known: {', '.join(TIE_BREAK_ORDERS)}")
    if bye_points is None:
        bye_points = points_per_place[0] if points_per_place else 0
    points = {player: 0.0 for player in ratings}
    byes = Counter()
    games = Counter()
    # Games a table could not play because a table-mate forfeited (or the player did): unplayed
    # rounds, counted in the Buchholz as a bye is, against dummies scoring the player's own points.
    unplayed = Counter()
    opponents: dict[Hashable, list[Hashable]] = {player: [] for player in ratings}
    # (opponent, 1 / 0.5 / 0) for each other player one met at a table: above, level, below.
    outcomes: dict[Hashable, list[tuple[Hashable, float]]] = {player: [] for player in ratings}
    for played in rounds:
        for table in played.tables:
            for player, earned in place_points(table, points_per_place).items():
                points[player] += earned
                games[player] += 1
                mine = table[player]
                unplayed[player] += sum(
                    1 for other in table if other != player and (mine is None or table[other] is None)
                )
                if mine is not None:
                    met = [other for other in table if other != player and table[other] is not None]
                    opponents[player].extend(met)
                    outcomes[player].extend(
                        (other, 1.0 if mine < table[other] else 0.5 if mine == table[other] else 0.0) for other in met
                    )
        for player in played.byes:
            points[player] += bye_points
            byes[player] += 1
        for player in played.walkovers:  # a win at a full table, unplayed as a bye is
            points[player] += points_per_place[0] if points_per_place else 0
            byes[player] += 1
    if bye_opponents is None:
        bye_opponents = max(len(points_per_place) - 1, 1)
    rows = []
    for player, rating in ratings.items():
        played = sum(points[other] for other in opponents[player])
        buchholz = played + (byes[player] * bye_opponents + unplayed[player]) * points[player]
        average = played / len(opponents[player]) if opponents[player] else 0.0
        sonneborn_berger = sum(points[other] * share for other, share in outcomes[player])
        rows.append(
            Standing(player, points[player], buchholz, average, rating, byes[player], games[player], sonneborn_berger)
        )
    # The merit `places` compares, rounded: sums of thirds added in another order differ in the
    # last bit, and that must not outrank a real tie-break.
    rows.sort(key=lambda row: (tuple(-value for value in _merit(row, order)), entry_order(row.player)))
    return rows


def entry_order(player: Hashable) -> tuple:
    """The last word between players level on everything: who entered first (entry ids are
    numbers, compared as numbers: 9 before 10), for the top cut and the order of a shared place."""
    return (0, player, "") if isinstance(player, int) else (1, 0, repr(player))


def places(rows: Sequence[Standing], order: str = "buchholz") -> list[tuple[int, Hashable]]:
    """(place, player) in standings order; players level on points and every tie-break share a
    place and the next place skips (1, 2, 2, 4): entry order is no merit."""
    found: list[tuple[int, Hashable]] = []
    previous = None
    for position, row in enumerate(rows, 1):
        key = _merit(row, order)
        place = found[-1][0] if key == previous else position
        found.append((place, row.player))
        previous = key
    return found


def _merit(row: Standing, order: str) -> tuple:
    first = row.sonneborn_berger if order == "sonneborn_berger" else row.buchholz
    return tuple(round(value, 9) for value in (row.points, first, row.buchholz, row.opponents_average, row.rating))


def top_cut(table: Sequence[Standing], size: int, dropped: frozenset = frozenset()) -> list[Hashable]:
    """The best `size` players still in, in seed order, for the single-elimination stage."""
    return [row.player for row in table if row.player not in dropped][:size]


def pair_round(
    ranked: Sequence[Hashable],
    met: Mapping[frozenset, int],
    byes_taken: Mapping[Hashable, int],
    points: Mapping[Hashable, float],
    preferred: int,
    minimum: int,
    maximum: int,
) -> Pairing:
    """Seat the active players of the next round; `ranked` is the current standings order.

    Fewest repeated meetings first, then the smallest spread of points within tables;
    the table holding the leader is table 1.
    """
    if len(set(ranked)) != len(ranked):
        raise ValueError("a player appears twice in the ranking")
    seating = split(len(ranked), preferred, minimum, maximum)
    position = {player: index for index, player in enumerate(ranked)}
    bye_order = sorted(ranked, key=lambda player: (byes_taken.get(player, 0), -position[player]))

    byes = bye_order[: seating.byes]
    if set(seating.sizes) != {2}:
        # One search seats the tables and chooses the bye among the fair ones together.
        pool = _bye_pool(bye_order, byes_taken, seating.byes)
        score = {player: points.get(player, 0.0) for player in ranked}
        seated = seat_round(list(ranked), list(seating.sizes), met, score, byes, pool)
        return _in_order(seated.tables, seated.byes, position, seated.repeats, seated.bound)

    def seat(byes: Sequence[Hashable]) -> list[list]:
        sitting_out = set(byes)
        seated = [player for player in ranked if player not in sitting_out]
        score = {player: points.get(player, 0.0) for player in seated}
        return pair_two_player(seated, met, score)

    tables = seat(byes)
    if byes and repeated_meetings(tables, met):
        # The bye moves up when the lowest player's bye leaves rematches another fair bye avoids
        # (FIDE gives it to the lowest player whose absence lets the rest be paired).
        for other in _fair_byes(bye_order, byes_taken, seating.byes):
            other_tables = seat(other)
            if repeated_meetings(other_tables, met) < repeated_meetings(tables, met):
                byes, tables = other, other_tables
                if not repeated_meetings(tables, met):
                    break
    found = repeated_meetings(tables, met)
    return _in_order(tables, byes, position, found, found)


def _in_order(tables: list[list], byes: Sequence, position: Mapping, repeats: int, bound: int) -> Pairing:
    for table in tables:
        table.sort(key=position.__getitem__)
    tables.sort(key=lambda table: position[table[0]])
    return Pairing(tables, sorted(byes, key=position.__getitem__), repeats, bound)


# How many of the players who may take the bye (the lowest first) are drawn from, and, at
# 2-player tables, how many sets of them are paired at most (each a whole pairing, milliseconds;
# multiplayer tables choose the bye inside one seating, `swiss_repeats`).
BYE_CHOICES = 8
BYE_SETS = 16


def _bye_pool(bye_order: list, byes_taken: Mapping[Hashable, int], count: int) -> list:
    """Who may sit out instead of the usual choice: the lowest `BYE_CHOICES` players level in
    byes with its last (players with fewer byes sit out whatever happens)."""
    if not count:
        return []
    level = byes_taken.get(bye_order[count - 1], 0)
    return [player for player in bye_order if byes_taken.get(player, 0) == level][:BYE_CHOICES]


def _fair_byes(bye_order: list, byes_taken: Mapping[Hashable, int], count: int):
    """Other sets of `count` players who may sit out, the lowest players first: everyone with
    fewer byes than the last of the usual choice sits out, the rest are drawn from those level
    with it, so nobody has another bye while a player who plays has fewer."""
    level = byes_taken.get(bye_order[count - 1], 0)
    must = [player for player in bye_order[:count] if byes_taken.get(player, 0) < level]
    pool = [player for player in bye_order if byes_taken.get(player, 0) == level][:BYE_CHOICES]
    usual = bye_order[len(must) : count]
    others = (list(chosen) for chosen in combinations(pool, count - len(must)) if list(chosen) != usual)
    for chosen in islice(others, BYE_SETS):
        yield [*must, *chosen]
