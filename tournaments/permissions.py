"""A tournament's organisers organise its tables: they may give a seat at one to another player,
and extend or pause it, like staff (registered with games, which never imports tournaments).
Not an organiser who plays in their own event: they hold no power over any of its tables, their
own or their rivals' (another organiser who does not play, or staff, manages them)."""

from __future__ import annotations


def organises_table(game, user) -> bool:
    from tournaments.models import Table

    table = Table.objects.filter(game=game).select_related("round__tournament").first()
    if table is None or game.seats.filter(user=user).exists():
        return False
    tournament = table.round.tournament
    # An organiser who entered the event holds no power at any of its tables, their rivals'
    # included (a review saw the creator who played hand a rival's seat to a bot).
    return tournament.organisers.filter(pk=user.pk).exists() and not tournament.entries.filter(user=user).exists()


def competes_at_table(game, user) -> bool:
    """Whether `user` entered the tournament `game` is a table of (staff included)."""
    from tournaments.models import Entry

    return Entry.objects.filter(tournament__round_set__tables__game=game, user=user).exists()
