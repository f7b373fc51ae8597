"""Why the site cancelled a tournament, in words: for its page and for each entrant's mail, in the
reader's language (`Tournament.cancel_reason` keeps the reason as data, `services/cancelling.py`)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Tournament


def cancel_reason_words(tournament: Tournament) -> str:
    """Why the site cancelled the tournament, in the current language ("" when its organisers did)."""
    reason = tournament.cancel_reason
    if not reason:
        return ""
    if reason.get("code") == "too_few":
        return _(
            "It could not start at its scheduled time: it needs at least %(needed)s players, and %(entrants)s entered."
        ) % {"needed": reason.get("needed"), "entrants": tournament.entries.count()}
    return _("It could not start at its scheduled time: %(reason)s") % {"reason": reason.get("message", "")}
