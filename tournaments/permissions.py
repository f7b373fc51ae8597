"""A tournament's organisers organise its tables: they may give a seat at one to another player,
and extend or pause it, like staff (registered with games, which never imports tournaments).
Not a table where they sit themselves: an organiser who plays in their own event holds no power
over their own table (another organiser, or staff, manages it)."""

from __future__ import annotations


def organises_table(game, user) -> bool:
    from tournaments.models import Table

    organised = Table.objects.filter(game=game, round__tournament__organisers=user)
    return organised.exists() and not game.seats.filter(user=user).exists()
