"""Why the site cancelled a tournament, in words: for its page and for each entrant's mail, in the
reader's language (`Tournament.cancel_reason` keeps the reason as data, `services/cancelling.py`)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.services.refusals import words_text
from tournaments.models import Tournament


def cancel_reason_words(tournament: Tournament) -> str:
    """Why the site cancelled the tournament, in the current language ("" when its organisers did)."""
    reason = tournament.cancel_reason
    if not reason or reason.get("code") == Tournament.ORGANISERS_REASON:
        return ""
    if reason.get("code") == "too_few":
        return _(
            "It could not start at its scheduled time: it needs at least %(needed)s players, and %(entrants)s entered."
        ) % {"needed": reason.get("needed"), "entrants": tournament.entries.count()}
    said = words_text(reason["words"]) if reason.get("words") else reason.get("message", "")
    return _("It could not start at its scheduled time: %(reason)s") % {"reason": said}


def organisers_why(tournament: Tournament) -> str:
    """The reason the organisers gave for cancelling, as they wrote it ("" when none)."""
    reason = tournament.cancel_reason
    return reason.get("why", "") if reason and reason.get("code") == Tournament.ORGANISERS_REASON else ""


def problem_words(tournament: Tournament) -> str:
    """What stopped the sweep from moving the tournament on, in the current language when it was
    a refusal kept as data; otherwise as the worker wrote it (an error, for whoever fixes it)."""
    if tournament.problem_words:
        return words_text(tournament.problem_words)
    return tournament.problem
