"""Who organises a tournament: its organisers name others, and step down while one remains.

An organiser who plays holds no power over their own table (tournaments/permissions.py): a
second organiser is who manages it. Nor, once the event has started, do they name organisers,
and they never remove another. Entrants are never named organisers, and an organiser
named does not register (`registration.do_register`) until they step down: organisers decide
at entrants' tables, their rivals' included. Only the creator may play in their own event.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.services.errors import ActionRejected
from tournaments.mail.organiser_mails import organiser_named
from tournaments.models import Tournament
from tournaments.services.running import check_not_playing, check_organiser, plays_in_event

OVER = (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)


def _locked(tournament_id: int, user) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    check_organiser(tournament, user)
    if tournament.status in OVER:
        raise ActionRejected("over", _("This tournament is already over."))
    return tournament


def do_add_organiser(tournament_id: int, user, other) -> Tournament:
    """Name `other` an organiser too; they are mailed who named them (organisers are mailed what
    needs them from then on: `organiser_mails`).

    An organiser who plays names others only before the start, while entrants can still see
    who will decide at their tables: once it runs, a second account of theirs would decide at
    their own."""
    with transaction.atomic():
        tournament = _locked(tournament_id, user)
        if tournament.status != Tournament.Status.REGISTRATION and plays_in_event(tournament, user):
            raise ActionRejected(
                "plays_in_event",
                _("You play in this tournament: once it has started, an organiser who does not play names others."),
            )
        if not other.is_active:
            raise ActionRejected("no_user", _("No player has that username."))
        if tournament.entries.filter(user=other).exists():
            raise ActionRejected(
                "entrant", _("An entrant cannot be named an organiser: organisers decide at the entrants' tables.")
            )
        if not tournament.organisers.filter(pk=other.pk).exists():
            tournament.organisers.add(other)
            organiser_named(tournament, other, user)
        return tournament


def do_remove_organiser(tournament_id: int, user, other) -> Tournament:
    """Take `other` (or oneself) off the organisers; the last one stays, and once the event has
    started so does the last who does not play in it. An organiser who plays only steps down
    once it has started: a losing creator could otherwise remove the referee. One who steps down
    once the event has started never enters it late (`registration.do_register`)."""
    with transaction.atomic():
        tournament = _locked(tournament_id, user)
        started = tournament.status != Tournament.Status.REGISTRATION
        if other.pk != user.pk and started:
            check_not_playing(tournament, user)
        if not tournament.organisers.filter(pk=other.pk).exists():
            raise ActionRejected("not_organiser", _("That player does not organise this tournament."))
        if tournament.organisers.count() == 1:
            raise ActionRejected("last_organiser", _("A tournament keeps at least one organiser."))
        if started and not plays_in_event(tournament, other) and not _another_referee(tournament, other):
            # Else only organisers who play would remain, who may not pause, resume or name
            # anyone: the event would wait for staff, paused for good.
            raise ActionRejected(
                "last_referee",
                _("A running tournament keeps an organiser who does not play in it: name another one first."),
            )
        tournament.organisers.remove(other)
        if tournament.status != Tournament.Status.REGISTRATION:
            tournament.former_organisers.add(other)
        return tournament


def _another_referee(tournament: Tournament, leaving) -> bool:
    """Whether an organiser other than `leaving` does not play in the event."""
    players = tournament.entries.values("user_id")
    return tournament.organisers.exclude(pk=leaving.pk).exclude(pk__in=players).exists()
