"""A tournament's organisers organise its tables: they may give a seat at one to another player,
and extend or pause it, like staff (registered with games, which never imports tournaments).
Not an organiser who plays in their own event: `competes_at_table` tells games so, and games
(`is_organiser`) gives no power over any of its tables, their own or their rivals', to a
competitor (another organiser who does not play, or staff, manages them)."""

from __future__ import annotations


def organises_table(game, user) -> bool:
    from tournaments.models import Table

    return Table.objects.filter(game=game, round__tournament__organisers=user).exists()


def competes_at_table(game, user) -> bool:
    """Whether `user` entered the tournament `game` is a table of (staff included)."""
    from tournaments.models import Entry

    return Entry.objects.filter(tournament__round_set__tables__game=game, user=user).exists()


def record_staff_at_table(game, user) -> None:
    """Staff who manage a table of an event they do not organise are recorded with its former
    organisers, as `services.running.check_organiser` records staff acting on the event: they
    decided at its tables, so they never enter it late (services/registration.py)."""
    from tournaments.models import Tournament

    if not getattr(user, "is_staff", False):
        return
    tournament = Tournament.objects.filter(round_set__tables__game=game).first()
    if tournament is not None and not tournament.organisers.filter(pk=user.pk).exists():
        tournament.former_organisers.add(user)
