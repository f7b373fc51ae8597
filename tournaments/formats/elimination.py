"""Elimination stages: 2-player brackets (single or double) and multiplayer knock-out tables.

A 2-player bracket is a fixed graph of matches built once from the seeds; results come in
as each match's ranks and `Bracket.resolve` derives everything else, so it can be recomputed
at any time. Top seeds get the byes (seed 1 meets seed N, the bracket padded to a power of
two). A tie advances by the game's own ranking, then by the better seed.

Nothing that happens later rewrites a match already decided, so a bracket always finishes:
- a dropped player loses their next match by walkover; a match being played when they
  drop ("after this round") is not their next one: its game decides it, and a winner who
  dropped leaves after it. When both players of an unplayed match have dropped, the one
  who dropped later had the walkover (they were still in when the match came due), and
  two who dropped together both leave (a double walkover);
- a match whose winner (or loser) is named by a later match's result was won (lost) by that
  player, whatever the drops say, so a drop never undoes a walkover already given;
- a double forfeit (every rank None: nobody played the game) puts both players out, the
  next opponent walking over. A bracket whose final ends that way has no champion: the
  services then wait for the organisers to adjudicate that final (services/planning.py).

Double elimination: winners' bracket W1..Wm, losers' bracket L1..L(2m-2) where the losers of
each winners' round drop in, a grand final GF and, when the losers' bracket champion wins
it, a reset match GF2.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.formats.scoring import advancing_order
from tournaments.formats.tables import split


class _Empty:
    """No player can come from here: a bye, or the loser of a walkover."""

    def __repr__(self) -> str:
        return "EMPTY"


EMPTY = _Empty()


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket position order for a power-of-two size: 8 -> 1 8 4 5 2 7 3 6."""
    if size < 1 or size & (size - 1):
        raise ValueError("a bracket size is a power of two")
    order = [1]
    while len(order) < size:
        order = [seed for s in order for seed in (s, 2 * len(order) + 1 - s)]
    return order


@dataclass(frozen=True)
class Match:
    id: str
    bracket: str  # "W", "L", "GF" or "GF2"
    round: int
    stage: int  # order in time; players eliminated in the same stage share a place
    slots: tuple[tuple, tuple]  # ("seed", n) | ("winner", match id) | ("loser", match id)


@dataclass
class Resolved:
    players: dict[str, tuple]  # match id -> its two players (or EMPTY), for matches whose players are known
    winners: dict[str, Hashable] = field(default_factory=dict)
    losers: dict[str, Hashable] = field(default_factory=dict)
    to_play: list[str] = field(default_factory=list)  # both players known, no result yet
    champion: Hashable | None = None
    places: list[tuple[int, Hashable]] = field(default_factory=list)  # filled when finished
    finished: bool = False  # the final is decided (without a champion if nobody played it)
    eliminated: list[Hashable] = field(default_factory=list)  # out so far, in the order they went out


class Bracket:
    def __init__(self, seeds: Sequence[Hashable], double: bool = False):
        if len(seeds) < 2:
            raise ValueError("an elimination bracket needs at least 2 players")
        if len(set(seeds)) != len(seeds):
            raise ValueError("a player appears twice in the seeds")
        self.seeds = list(seeds)
        self.seed_of = {player: number for number, player in enumerate(self.seeds, 1)}
        self.double = double
        size = 1
        while size < len(seeds):
            size *= 2
        self.size = size
        self.matches: list[Match] = []
        self._build()
        self.by_id = {match.id: match for match in self.matches}
        # Which later matches take a match's winner or loser: their results name them.
        self.fed: dict[str, list[tuple[str, str]]] = {}
        for match in self.matches:
            for kind, value in match.slots:
                if kind != "seed":
                    self.fed.setdefault(value, []).append((kind, match.id))

    def _add(self, bracket: str, round_: int, number: int, stage: int, slots) -> str:
        match_id = f"{bracket}{round_}-{number}" if bracket in "WL" else bracket
        self.matches.append(Match(match_id, bracket, round_, stage, slots))
        return match_id

    def _build(self) -> None:
        order = bracket_order(self.size)
        rounds = self.size.bit_length() - 1
        current = [("seed", seed) for seed in order]
        winners_rounds: list[list[str]] = []
        for r in range(1, rounds + 1):
            ids = [
                self._add("W", r, i + 1, 2 * r - 1, (current[2 * i], current[2 * i + 1]))
                for i in range(len(current) // 2)
            ]
            winners_rounds.append(ids)
            current = [("winner", match_id) for match_id in ids]
        if not self.double:
            return
        winners_champion = current[0]
        if rounds == 1:
            losers_champion = ("loser", winners_rounds[0][0])
        else:
            dropped = [("loser", match_id) for match_id in winners_rounds[0]]
            number = 1
            survivors = [
                ("winner", self._add("L", number, i + 1, 2, (dropped[2 * i], dropped[2 * i + 1])))
                for i in range(len(dropped) // 2)
            ]
            for r in range(2, rounds + 1):
                # Losers of the winners' round drop in, in reverse order to put off rematches.
                incoming = [("loser", match_id) for match_id in reversed(winners_rounds[r - 1])]
                number += 1
                survivors = [
                    ("winner", self._add("L", number, i + 1, 2 * r, (survivors[i], incoming[i])))
                    for i in range(len(survivors))
                ]
                if r < rounds:
                    number += 1
                    survivors = [
                        ("winner", self._add("L", number, i + 1, 2 * r + 1, (survivors[2 * i], survivors[2 * i + 1])))
                        for i in range(len(survivors) // 2)
                    ]
            losers_champion = survivors[0]
        final = self._add("GF", 1, 1, 2 * rounds + 1, (winners_champion, losers_champion))
        self._add("GF2", 1, 1, 2 * rounds + 2, (("winner", final), ("loser", final)))

    def resolve(
        self,
        results: Mapping[str, Mapping[Hashable, int | None]],
        dropped: Mapping[Hashable, int] | frozenset = frozenset(),
        playing: Collection[str] = (),
    ) -> Resolved:
        """Everything that follows from the results so far (match id -> {player: rank}).

        `dropped` maps each player who left to when (the round before which they dropped,
        or any increasing number); a plain set means they all left at the same time.
        `playing`: the matches whose games are under way, which only their results decide.
        """
        if not isinstance(dropped, Mapping):
            dropped = dict.fromkeys(dropped, 0)
        out = Resolved(players={})
        pending = object()

        def source(slot: tuple):
            kind, value = slot
            if kind == "seed":
                return self.seeds[value - 1] if value <= len(self.seeds) else EMPTY
            table = out.winners if kind == "winner" else out.losers
            return table.get(value, pending)

        eliminated: list[tuple[int, bool, Hashable]] = []  # (stage, out without playing, player)
        for match in self.matches:
            a, b = (source(slot) for slot in match.slots)
            if a is pending or b is pending:
                continue
            if match.bracket == "GF2" and a is not EMPTY and a == out.winners.get(self._winners_final_id()):
                # The winners' bracket champion won the grand final: no reset match.
                continue
            out.players[match.id] = (a, b)
            decided = self._decide(match.id, a, b, results, dropped, match.id in playing)
            if decided is None:
                out.to_play.append(match.id)
                continue
            winner, loser, out_now = decided
            out.winners[match.id], out.losers[match.id] = winner, loser
            if loser is not EMPTY and self._loss_eliminates(match):
                eliminated.append((match.stage, not _played(results, match.id, loser), loser))
            eliminated.extend((match.stage, True, player) for player in out_now)
        final_id = self.matches[-1].id if not self.double else None
        if self.double:
            if "GF2" in out.winners:
                final_id = "GF2"
            elif "GF" in out.winners and out.winners["GF"] == out.winners.get(self._winners_final_id()):
                final_id = "GF"
                if out.losers["GF"] is not EMPTY:
                    loser = out.losers["GF"]
                    eliminated.append((self.by_id["GF"].stage, not _played(results, "GF", loser), loser))
        out.eliminated = [player for _stage, _unplayed, player in eliminated if player is not EMPTY]
        if final_id in out.winners:
            out.finished = True
            champion = out.winners[final_id]
            out.champion = None if champion is EMPTY else champion
            out.places = self._places(out.champion, eliminated)
        return out

    def _winners_final_id(self) -> str:
        return [match.id for match in self.matches if match.bracket == "W"][-1]

    def _loss_eliminates(self, match: Match) -> bool:
        if not self.double:
            return True
        if match.bracket == "GF":
            return False  # decided below: the loser is out only if no reset follows
        return match.bracket != "W"

    def _decide(self, match_id: str, a, b, results: Mapping, dropped: Mapping, playing: bool = False):
        """(winner, loser, players out beyond the loser) or None while the match is to be played.

        A double walkover or a double forfeit has no winner: both players are out (EMPTY goes on)."""
        if a is EMPTY or b is EMPTY:
            return (b, EMPTY, ()) if a is EMPTY else (a, EMPTY, ())
        ranks = results.get(match_id)
        if ranks is None:
            named = self._named_later(match_id, a, b, results)
            if named is not None:
                return named
            if playing:
                return None  # a drop during the game takes effect after it: the game decides
            # A drop takes effect from the player's next match: a played one keeps its result.
            if a in dropped and b in dropped:
                if dropped[a] == dropped[b]:
                    return EMPTY, EMPTY, (a, b)
                return (a, b, ()) if dropped[a] > dropped[b] else (b, a, ())
            if a in dropped or b in dropped:
                return (b, a, ()) if a in dropped else (a, b, ())
            return None  # not played yet
        if set(ranks) != {a, b}:
            raise ValueError(f"the result of {match_id} names {sorted(map(repr, ranks))}, not its players")
        if ranks[a] is None and ranks[b] is None:
            return EMPTY, EMPTY, (a, b)
        first, second = advancing_order(ranks, self.seed_of)
        return first, second, ()

    def _named_later(self, match_id: str, a, b, results: Mapping):
        """What a later match's result says of this unplayed one: its winner, or its loser."""
        for kind, later in self.fed.get(match_id, ()):
            names = results.get(later, {})
            for player, other in ((a, b), (b, a)):
                if player in names:
                    return (player, other, ()) if kind == "winner" else (other, player, ())
        return None

    def _places(self, champion, eliminated: list[tuple[int, bool, Hashable]]) -> list[tuple[int, Hashable]]:
        """Champion first; then those knocked out later above those knocked out earlier,
        sharing a place within one stage (two semi-final losers are both 3rd), except that
        who lost a match they played goes before who lost theirs without playing it (a
        forfeit, a drop's walkover), as a multiplayer knock-out ranks a forfeit last."""
        places = [(1, champion)] if champion is not None else []
        ordered = sorted(eliminated, key=lambda item: (-item[0], item[1], self.seed_of[item[2]]))
        position, previous = 2, None
        for index, (stage, unplayed, player) in enumerate(ordered):
            if (stage, unplayed) != previous:
                position, previous = index + 2, (stage, unplayed)
            places.append((position, player))
        return places


def _played(results: Mapping, match_id: str, player: Hashable) -> bool:
    """Whether `player` played the match: it has a result with a rank for them."""
    ranks = results.get(match_id)
    return ranks is not None and ranks.get(player) is not None


def multiplayer_round(
    entrants: Sequence[Hashable],
    preferred: int,
    minimum: int,
    maximum: int,
    advance: int,
    had_byes: Collection[Hashable] = (),
) -> tuple[list[list], list]:
    """Tables of one knock-out round (seeds spread by snake order) and the top seeds with byes.

    A bye goes to the best seeds who have not had one yet (`had_byes`), then, when everyone
    has, to the best seeds: a top seed should not reach the final without playing (seed 1
    passing two rounds so). When everyone fits at one table, that
    table is the final.
    """
    if not 1 <= advance < minimum:
        raise ValueError(f"the number advancing per table ({advance}) must be below the table minimum ({minimum})")
    if len(entrants) < minimum:
        raise ValueError(f"{len(entrants)} players cannot fill a table of at least {minimum}")
    if len(entrants) <= maximum:
        return [list(entrants)], []
    seating = split(len(entrants), preferred, minimum, maximum)
    fresh = [player for player in entrants if player not in had_byes]
    byes = (fresh + [player for player in entrants if player in had_byes])[: seating.byes]
    byes.sort(key=list(entrants).index)
    rest = [player for player in entrants if player not in byes]
    tables: list[list] = [[] for _ in seating.sizes]
    order = list(range(len(tables)))
    while rest:
        for table_number in order:
            if rest and len(tables[table_number]) < seating.sizes[table_number]:
                tables[table_number].append(rest.pop(0))
        order.reverse()
    return tables, byes


def fitting_cuts(preferred: int, minimum: int, maximum: int, advance: int, most: int = 64) -> list[int]:
    """The knock-out fields, up to `most` players, that every round seats without a bye (as
    `multiplayer_round` splits them, `advance` going on from each table) down to one final table.

    Any other field gives byes, and a bye late in a knock-out can carry a top seed straight to a
    final that then needs a runner-up called up to be seated (an organiser's cut of 4 at tables
    of 3).
    """
    fits = []
    for size in range(minimum, most + 1):
        players = size
        while players > maximum:
            seating = split(players, preferred, minimum, maximum)
            if seating.byes:
                break
            players = len(seating.sizes) * advance
        else:
            if players >= minimum:
                fits.append(size)
    return fits


def multiplayer_advancers(
    tables: Sequence[Mapping[Hashable, int | None]],
    byes: Sequence[Hashable],
    advance: int,
    seeds: Mapping[Hashable, int],
    at_least: int = 0,
    out: frozenset = frozenset(),
) -> list[Hashable]:
    """Who goes on: the byes and the top `advance` of each table (game rank, then seed), in seed order.

    A qualifying place left by a player who is `out` (dropped, disqualified) or who forfeited
    (rank None: did not play) goes to the best runner-up still in: by their place at their
    table (the game's rank), then seed, as Board Game Arena and most organisers call up a lucky loser. When
    that would leave fewer than `at_least` (the table minimum, so a final can be seated),
    the best of the rest are added the same way.
    """
    places = len(byes) + sum(min(advance, len(ranks)) for ranks in tables)
    going = [player for player in byes if player not in out]
    rest = []
    for ranks in tables:
        order = [player for player in advancing_order(ranks, seeds) if ranks[player] is not None]
        going.extend(player for player in order[:advance] if player not in out)
        # A runner-up's place is the game's (one level 1st who lost the tie on seed is 1st),
        # as the final standings count it.
        rest.extend((ranks[player], seeds[player], player) for player in order[advance:] if player not in out)
    rest.sort(key=lambda item: item[:2])
    going.extend(player for _place, _seed, player in rest[: max(0, max(places, at_least) - len(going))])
    return sorted(going, key=seeds.__getitem__)


@dataclass(frozen=True)
class CallUp:
    """A runner-up who went on in place of a qualifier: their table (0-based) and place at it (the game's)."""

    player: Hashable
    table: int
    place: int


def called_up(
    tables: Sequence[Mapping[Hashable, int | None]],
    byes: Sequence[Hashable],
    advance: int,
    seeds: Mapping[Hashable, int],
    going: Collection[Hashable],
) -> tuple[list[CallUp], list[Hashable]]:
    """What the page tells of a knock-out round's advancement, from who actually went on
    (`going`: the next round's players): the runners-up called up, best first, and the
    qualifiers whose places they took (a qualifier who dropped, or a forfeit: rank None)."""
    calls, vacated = [], []
    for index, ranks in enumerate(tables):
        order = advancing_order(ranks, seeds)
        vacated.extend(player for player in order[:advance] if player not in going)
        calls.extend(CallUp(player, index, ranks[player]) for player in order[advance:] if player in going)
    vacated.extend(player for player in byes if player not in going)
    calls.sort(key=lambda call: (call.place, seeds[call.player]))
    return calls, vacated
