"""Telling the players who met a round robin's leaver that their games against them no longer
count: FIDE's rule annuls every result of a player who leaves before half their games
(formats/withdrawals.py), and the standings change at the end of the round they left after."""

from __future__ import annotations

from tournaments.mails import results_annulled
from tournaments.models import Entry, Tournament
from tournaments.services.results import DONE, PlayedRound, round_robin_counted


def tell_annulled(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> None:
    """Mail each player a game of whom the annulment took away; once (the mail's key), however
    often the sweep comes by."""
    if tournament.format != Tournament.Format.ROUND_ROBIN or not tournament.schedule:
        return
    annulled = round_robin_counted(tournament, entries, rounds).annulled
    if not annulled:
        return
    by_id = {entry.pk: entry for entry in entries}
    for leaver in sorted(annulled):
        met: dict[int, list[int]] = {}  # opponent -> the rounds of their games against the leaver
        for played in rounds:
            for table in played.tables:
                if table.ranks.get(leaver) is None or not (table.status in DONE or table.adjudicated):
                    continue  # not a game of theirs that was played (a forfeit won nothing)
                for other, rank in table.ranks.items():
                    if other != leaver and rank is not None:
                        met.setdefault(other, []).append(played.number)
        for other, numbers in met.items():
            if other in by_id and other not in annulled:
                results_annulled(by_id[other].user, tournament, by_id[leaver].user, numbers)
