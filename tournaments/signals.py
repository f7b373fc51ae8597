"""Listening to finished games: games sends `game_finished` after the finishing commit
(games never imports tournaments); the tournament holding the game gets a task to advance.
The beat sweep covers a lost message.
"""

from __future__ import annotations

from wildcards_site.queueing import queue_task


def advance_on_finished_game(sender, game_id: int, **kwargs) -> None:
    from tournaments.models import Table

    tournament_id = Table.objects.filter(game_id=game_id).values_list("round__tournament_id", flat=True).first()
    if tournament_id is not None:
        # Named, not imported (see wildcards_site.queueing): a broker outage leaves it to the sweep.
        queue_task("tournaments.tasks.advance_tournament", (tournament_id,))
