"""Cancelling a tournament: the one way, for its organisers' Cancel and for the site's.

No new round is made, and the tables still being played go on to their end as ordinary games,
but unrated (a cancelled event rates nobody); finished tables keep their results. Every entrant
is mailed in the same transaction. The site cancels a tournament whose scheduled start could not
happen; it keeps why (`Tournament.cancel_reason`) for the page and the mails, and mails the
organisers too, who did not cancel it themselves. Organisers may give their own reason, kept
there too (`Tournament.ORGANISERS_REASON`) and passed on in their words.
"""

from __future__ import annotations

from datetime import datetime

from games.models import Game
from tournaments.models import Table, Tournament

LIVE = [Game.Status.OPEN, Game.Status.RUNNING, Game.Status.PAUSED]


def cancel(tournament: Tournament, now: datetime, reason: dict | None = None) -> Tournament:
    """Cancel `tournament`, locked by the caller; `reason` None or of code `Tournament.ORGANISERS_REASON`:
    by its organisers (who are then not mailed)."""
    from tournaments.mail.mails import tournament_cancelled
    from tournaments.mail.organiser_mails import EVENT as ORGANISING

    tables = Table.objects.filter(round__tournament=tournament)
    # Before its start, after it with tables going on, or after it with none yet (a round
    # robin making its schedule): each is said as it is.
    stage = "tables" if tables.exists() else "before" if tournament.status == Tournament.Status.REGISTRATION else "none"
    # The status is tested on the game's own row, so a game whose finishing move held the row
    # is checked again once that move commits: finished (and perhaps rated) by then, it keeps
    # its rating, not marked unrated with its rating changes standing.
    Game.objects.filter(pk__in=tables.values("game_id"), status__in=LIVE).update(rated=False)
    tournament.status = Tournament.Status.CANCELLED
    tournament.finished_at = now
    tournament.cancel_reason = reason
    tournament.save(update_fields=["status", "finished_at", "cancel_reason"])
    told = [entry.user for entry in tournament.entries.select_related("user__profile")]
    organisers = []
    if reason is not None and reason.get("code") != Tournament.ORGANISERS_REASON:
        entrants = {user.pk for user in told}
        organisers = [user for user in tournament.organisers.select_related("profile") if user.pk not in entrants]
    # In the caller's transaction: the outbox rows are written with the cancellation or not at all.
    for user in told:
        tournament_cancelled(user, tournament, stage)
    # Organisers who do not play read it under their own switch: its unsubscribe
    # link must not turn off the mail of the events they play in.
    for user in organisers:
        tournament_cancelled(user, tournament, stage, event=ORGANISING)
    return tournament
