"""The contract every tournament format keeps: what the services ask of it, and nothing else.

A format is a class of plain answers (`has_top_cut`, `scheduled`...) and a few pure methods over
plain data; the services (`tournaments/services/`) turn rows into that data and act on the
answers, so no code outside `tournaments/formats/` asks which format a tournament is. Pages, mails
and templates ask `tournament.format_spec`; the services ask `get_format(tournament.format)`, as
the planner also runs on stand-ins that hold the model's fields only (the whole-event simulator).
Like the game engines (`games/engines/base.py`), no Django import here.

Every name in `HOOKS` has no default: a new format must say each, and
`tests/tournaments/formats/test_format_registry.py` fails on one it forgot. The checklist for a
new format is in docs/contributing.md ("Adding a tournament format").
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Protocol

from tournaments.formats import swiss
from tournaments.formats.elimination import Bracket

# A round's stage (`Round.stage`): the kind of round it is. A Swiss's top cut is a knock-out
# stage inside a Swiss, so stages and formats are not the same thing.
SWISS_STAGE, ROUND_ROBIN_STAGE, ELIMINATION_STAGE = "swiss", "round_robin", "elimination"


def gettext_noop(message: str) -> str:
    """`message` itself: marks a title for Django's makemessages (formats cannot translate)."""
    return message


class Settings(Protocol):
    """What a format reads of a tournament's settings: the model's fields of these names."""

    rounds: int | None
    top_cut: int


class Format:
    """One tournament format. `tournaments.formats.get_format(name)` returns an instance."""

    # What the tournament row stores (`Tournament.format`), and its English title for people
    # (marked with `gettext_noop`; `Tournament.Format.<TITLE IN CAPITALS>` is its choice).
    name: str
    title: str
    # The stage of its own rounds (`SWISS_STAGE`, `ROUND_ROBIN_STAGE`, `ELIMINATION_STAGE`).
    stage: str

    # Every round puts players out; nothing scores points (single and double elimination).
    knock_out: bool
    # A first loss sends a player to a losers' bracket, a second puts them out; its grand
    # final may be played twice, so no round is surely its last.
    double: bool
    # Tables of exactly two players, whatever the game allows.
    two_player_only: bool

    # The rounds count rule: the organiser must give a number of rounds (a Swiss)...
    rounds_required: bool
    # ...or the whole schedule is drawn once at the start, off the request (a worker prepares it,
    # `Tournament.schedule`), and a blank count means "until everyone has met" (a round robin).
    # Neither: the bracket decides how many rounds there are.
    scheduled: bool

    # Its best may go on to a knock-out (`top_cut`), seeded from its standings (`Tournament.cut`).
    has_top_cut: bool
    # Latecomers may enter after the start, until a round the organisers choose.
    takes_late_entries: bool

    # Players level on points are told apart first by this (`swiss.TIE_BREAK_ORDERS`).
    tie_break_order: str
    # Its page shows who met whom, with the results (`tournaments/pages/crosstable.py`).
    has_crosstable: bool

    # What a drop does: every result of a leaver before half their games is annulled, for them and
    # their opponents (FIDE's rule for round robins, `withdrawals.py`); otherwise results stand.
    annuls_early_leavers: bool
    # A player who forfeits a table without one move of their own is withdrawn, as FIDE's rules do
    # (a knock-out puts them out anyway).
    withdraws_no_shows: bool

    def next_stage(self, settings: Settings, played: Sequence[str]) -> str | None:
        """Planning a round: the stage of the next round, from the stages of the rounds played so
        far, oldest first; None when no round follows (the tournament is over). Within a stage the
        pairing decides who plays (`swiss.pair_round`, the stored schedule, the bracket), and may
        still find nobody left to play."""
        raise NotImplementedError

    def last_round(self, settings: Settings) -> int | None:
        """Whether it is over: the number of its last round when its settings fix it, whatever the
        results (a Swiss without a top cut); None when the schedule, drops or a bracket decide."""
        raise NotImplementedError

    # Built from the hooks above: the same for every format.

    def standings(
        self,
        ratings: Mapping[Hashable, float],
        rounds: Sequence[swiss.RoundResult],
        points_per_place: Sequence[float],
        bye_points: float | None,
        bye_opponents: int,
    ) -> list[swiss.Standing]:
        """Standings of its scored rounds, with its tie-breaks (`swiss.standings`)."""
        return swiss.standings(ratings, rounds, points_per_place, bye_points, bye_opponents, self.tie_break_order)

    def places(self, rows: Sequence[swiss.Standing]) -> list[tuple[int, Hashable]]:
        """Final places from standings rows: level on points and every tie-break, a shared place."""
        return swiss.places(rows, self.tie_break_order)

    def bracket(self, seeds: Sequence[Hashable]) -> Bracket:
        """The two-player bracket of its knock-out (a Swiss's top cut too), from the seeds."""
        return Bracket(seeds, double=self.double)

    @property
    def constant(self) -> str:
        """Its name in `Tournament.Format`: "round robin" -> ROUND_ROBIN."""
        return self.title.upper().replace(" ", "_")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


# Every hook a format must give itself (attributes and methods); the rest is built from them.
HOOKS = (*Format.__annotations__, "next_stage", "last_round")


def missing_hooks(spec: Format) -> list[str]:
    """The hooks `spec`'s class leaves to the base class: each is a decision it forgot."""
    given = {name for klass in type(spec).__mro__ if klass is not Format for name in vars(klass)}
    return [name for name in HOOKS if name not in given]
