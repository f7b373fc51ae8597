"""A tournament's organisers organise its tables: they may give a seat at one to another player,
and extend or pause it, like staff (registered with games, which never imports tournaments)."""

from __future__ import annotations


def organises_table(game, user) -> bool:
    from tournaments.models import Table

    return Table.objects.filter(game=game, round__tournament__organisers=user).exists()
