"""Listening to finished games. `games/` knows nothing of tournaments: it saves a game with
status "finished" (`games.services.play.finish`), and after that transaction commits the
tournament holding the game gets a task to advance. The beat sweep covers a lost message.

When games sends its own `game_finished` signal (issue 16), this receiver can listen to it instead.
"""

from __future__ import annotations

from django.db import transaction

from wildcards_site.queueing import queue_task


def on_game_saved(sender, instance, update_fields=None, **kwargs) -> None:
    from games.models import Game

    if instance.status != Game.Status.FINISHED or (update_fields is not None and "status" not in update_fields):
        return
    from tournaments.models import Table

    tournament_id = Table.objects.filter(game_id=instance.pk).values_list("round__tournament_id", flat=True).first()
    if tournament_id is None:
        return

    # Named, not imported (see wildcards_site.queueing): a broker outage leaves it to the sweep.
    transaction.on_commit(lambda: queue_task("tournaments.tasks.advance_tournament", (tournament_id,)))
