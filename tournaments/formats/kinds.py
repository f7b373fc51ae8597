"""The four tournament formats, each over the pure modules beside it (`base.Format` says what each
answer means)."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.formats.base import (
    ELIMINATION_STAGE,
    ROUND_ROBIN_STAGE,
    SWISS_STAGE,
    Format,
    Settings,
    gettext_noop,
)


class Swiss(Format):
    """`swiss.py`: players with similar points meet; a set number of rounds, then maybe a top cut
    played as a knock-out (`elimination.py`)."""

    name = "swiss"
    title = gettext_noop("Swiss")
    stage = SWISS_STAGE
    knock_out = False
    double = False
    two_player_only = False
    rounds_required = True
    scheduled = False
    has_top_cut = True
    takes_late_entries = True
    tie_break_order = "buchholz"
    has_crosstable = False
    annuls_early_leavers = False
    withdraws_no_shows = True

    def next_stage(self, settings: Settings, played: Sequence[str]) -> str | None:
        if sum(stage == SWISS_STAGE for stage in played) < (settings.rounds or 0):
            return SWISS_STAGE
        if settings.top_cut >= 2:
            return ELIMINATION_STAGE
        return None

    def last_round(self, settings: Settings) -> int | None:
        return None if settings.top_cut else settings.rounds or 0


class RoundRobin(Format):
    """`round_robin.py`: everyone meets everyone on a schedule drawn at the start; a leaver before
    half their games has every result annulled (`withdrawals.py`)."""

    name = "round_robin"
    title = gettext_noop("round robin")
    stage = ROUND_ROBIN_STAGE
    knock_out = False
    double = False
    two_player_only = False
    rounds_required = False
    scheduled = True
    has_top_cut = False
    takes_late_entries = False
    tie_break_order = "sonneborn_berger"
    has_crosstable = True
    annuls_early_leavers = True
    withdraws_no_shows = True

    def next_stage(self, settings: Settings, played: Sequence[str]) -> str | None:
        return ROUND_ROBIN_STAGE  # the stored schedule says when it has no round left

    def last_round(self, settings: Settings) -> int | None:
        return None  # drops may pass over rounds of the schedule


class SingleElimination(Format):
    """`elimination.py`: a two-player bracket, or multiplayer tables whose best go on."""

    name = "single"
    title = gettext_noop("single elimination")
    stage = ELIMINATION_STAGE
    knock_out = True
    double = False
    two_player_only = False
    rounds_required = False
    scheduled = False
    has_top_cut = False
    takes_late_entries = False
    tie_break_order = "buchholz"
    has_crosstable = False
    annuls_early_leavers = False
    withdraws_no_shows = False

    def next_stage(self, settings: Settings, played: Sequence[str]) -> str | None:
        return ELIMINATION_STAGE  # the bracket says when it is over

    def last_round(self, settings: Settings) -> int | None:
        return None


class DoubleElimination(SingleElimination):
    """`elimination.py`'s double bracket: two losses put a player out."""

    name = "double"
    title = gettext_noop("double elimination")
    double = True
    two_player_only = True
