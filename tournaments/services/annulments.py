"""Telling the players who met a round robin's leaver that their games against them no longer
count: FIDE's rule annuls every result of a player who leaves before half their games
(formats/withdrawals.py), and the standings change at the end of the round they left after."""

from __future__ import annotations

from games.bymail import preferences
from tournaments.formats import get_format
from tournaments.mail.mails import annulled_key, results_annulled
from tournaments.models import Entry, Tournament
from tournaments.services.results import DONE, PlayedRound, round_robin_counted
from wildcards_site.outbox.models import OutboxMessage


def tell_annulled(tournament: Tournament, entries: list[Entry], rounds: list[PlayedRound]) -> None:
    """Mail each player a game of whom the annulment took away; once (the mail's key), however
    often the sweep comes by."""
    if not get_format(tournament.format).annuls_early_leavers or not tournament.schedule:
        return
    annulled = round_robin_counted(tournament, entries, rounds).annulled
    if not annulled:
        return
    by_id = {entry.pk: entry for entry in entries}
    # A table the annulled leave with the tables' least size still counts, scored among those who
    # stay; one left shorter counts for nobody (formats/withdrawals.py `without_early_withdrawals`).
    least = max(2, tournament.seats_min)
    told: list[tuple] = []  # (opponent, leaver, rounds no longer counted, rounds scored without them)
    for leaver in sorted(annulled):
        void: dict[int, list[int]] = {}  # opponent -> the rounds of their games that no longer count
        rescored: dict[int, list[int]] = {}  # opponent -> the rounds scored as if the leaver was not there
        for played in rounds:
            for table in played.tables:
                if table.ranks.get(leaver) is None or not (table.status in DONE or table.adjudicated):
                    continue  # not a game of theirs that was played (a forfeit won nothing)
                stays = [player for player in table.ranks if player not in annulled]
                into = rescored if len(stays) >= least else void
                for other, rank in table.ranks.items():
                    if other != leaver and rank is not None:
                        into.setdefault(other, []).append(played.number)
        for other in sorted(set(void) | set(rescored)):
            if other in by_id and other not in annulled:
                told.append((by_id[other].user, by_id[leaver].user, void.get(other, []), rescored.get(other, [])))
    # Each later round's end finds the same annulments: only the mails not queued yet are made.
    sent = set(
        OutboxMessage.objects.filter(key__startswith=f"tournament-annulled:{tournament.pk}:").values_list(
            "key", flat=True
        )
    )
    told = [row for row in told if annulled_key(tournament.pk, row[1].pk, row[0].pk) not in sent]
    preferences.load_opt_outs([user for user, *_rest in told])
    for user, leaver_user, rounds_void, rounds_rescored in told:
        results_annulled(user, tournament, leaver_user, rounds_void, rounds_rescored)
