"""A tournament's rules in words for its page: the scoring, the clock, a round robin's length."""

from __future__ import annotations

from django.utils.translation import ngettext

from tournaments.formats.round_robin import blank_rounds, meeting_balance
from tournaments.formats.scoring import DEFAULT_PLACE_POINTS
from tournaments.models import Tournament


def scoring_words(tournament: Tournament) -> dict:
    """The scoring and time control in words for the rules box."""
    points = list(tournament.place_points or DEFAULT_PLACE_POINTS)[: tournament.seats_max]
    elimination = tournament.format_spec.knock_out
    return {
        "place_points": [(place, number_words(value)) for place, value in enumerate(points, 1)],
        "bye_points": number_words(tournament.bye_score),
        "elimination": elimination,
        "phase_hours": tournament.phase_seconds // 3600,
        "bank_days": tournament.bank_start_seconds // 86400,
        "bank_hours": tournament.bank_increment_seconds // 3600,
    }


def round_robin_words(tournament: Tournament, entries: list) -> dict | None:
    """A round robin's length and, once its schedule is drawn, how evenly pairs meet in it."""
    if not tournament.format_spec.scheduled:
        return None
    words: dict = {"blank": tournament.rounds is None, "balance": ""}
    if tournament.schedule is not None:
        words["rounds"], words["exact"] = len(tournament.schedule), True
        players = sorted({p for tables, byes in tournament.schedule for p in [*byes, *(x for t in tables for x in t)]})
        words["balance"] = balance_words(meeting_balance(players, tournament.schedule))
    elif tournament.rounds is None:
        words["rounds"], words["exact"] = blank_rounds(
            len(entries), tournament.seats_preferred, tournament.seats_min, tournament.seats_max
        )
    words["entrants"] = len(entries)
    return words


def balance_words(balance: dict) -> str:
    """`meeting_balance` for organisers: how many pairs meet never, once, twice..."""
    parts = []
    for times, count in balance["histogram"].items():
        if times == 0:
            parts.append(ngettext("%(count)d pair never meets", "%(count)d pairs never meet", count) % {"count": count})
        elif times == 1:
            parts.append(ngettext("%(count)d pair meets once", "%(count)d pairs meet once", count) % {"count": count})
        else:
            parts.append(
                ngettext("%(count)d pair meets %(times)d times", "%(count)d pairs meet %(times)d times", count)
                % {"count": count, "times": times}
            )
    return ", ".join(parts)


def number_words(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
