"""A round robin's leaver before half their games has every result annulled: the players who met
them lose (or are spared) that game's points, and are told so by mail once the annulment counts,
at the end of the round the leaver left after. Before, their points changed without a word
(session 39's note)."""

import pytest

from tests.tournaments.helpers import current_tables, emu_round_robin, finish_round, make_players
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_drop
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def _annulled(to) -> list[OutboxMessage]:
    return list(OutboxMessage.objects.filter(key__startswith="tournament-annulled:", to=to.email))


def _leaver_and_opponent():
    organiser, *players = make_players(6)
    tournament = emu_round_robin(organiser, players, "Winter Round")  # five players: four games each
    seats = list(current_tables(tournament)[0].game.seats.order_by("position"))
    leaver, opponent = seats[0].user, seats[1].user
    do_drop(tournament.pk, leaver)  # after round 1: one game of four, under half whatever happens
    return tournament, players, leaver, opponent


def test_the_leavers_opponent_is_told_once_their_game_is_annulled():
    tournament, players, leaver, opponent = _leaver_and_opponent()
    assert _annulled(opponent) == []  # the round is under way: nothing is annulled yet
    finish_round(tournament)
    do_advance_round(tournament.pk)  # the sweep looks again: no second mail
    (mail,) = _annulled(opponent)
    from tests.conftest import rendered

    mail = rendered(mail)
    assert mail.subject == f"Winter Round: {leaver.profile.name}'s results are annulled"
    assert f"{leaver.profile.name} left Winter Round having played fewer than half" in mail.text
    assert "your game against them in round 1 no longer counts" in mail.text
    assert f"/tournaments/{tournament.pk}/" in mail.text
    for other in players:
        if other not in (opponent, leaver):
            assert _annulled(other) == []  # they never met the leaver
    assert _annulled(leaver) == []  # told when they left


def test_nobody_is_told_when_the_leavers_results_stand():
    organiser, *players = make_players(4)
    tournament = emu_round_robin(organiser, players)  # three players: two games each
    finish_round(tournament)
    tournament.refresh_from_db()
    (table,) = current_tables(tournament)
    leaver = table.game.seats.order_by("position")[0].user
    do_drop(tournament.pk, leaver)  # after round 2: two games of two
    finish_round(tournament)
    assert tournament.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED)
    assert not OutboxMessage.objects.filter(key__startswith="tournament-annulled:").exists()
