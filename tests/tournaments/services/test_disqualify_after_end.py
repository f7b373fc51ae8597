"""Disqualifying is for a tournament under way: a finished tournament's champion stays its champion."""

import pytest

from games.services.errors import ActionRejected
from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_create_tournament, do_disqualify, do_register, do_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return make_players(1, "org")[0]


def test_the_champion_cannot_be_disqualified_after_the_end(organiser):
    tournament = do_create_tournament(organiser, "Final", "emu_ranchers", "single", options={"years": 1})
    players = make_players(2)
    for player in players:
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    champion = tournament.entries.get(final_place=1)
    with pytest.raises(ActionRejected) as refused:
        do_disqualify(tournament.pk, organiser, champion.user, "Played on a second account.")
    assert refused.value.code == "not_running"
    champion.refresh_from_db()
    assert not champion.disqualified and champion.final_place == 1


def test_nobody_is_disqualified_before_the_start(organiser):
    tournament = do_create_tournament(organiser, "Soon", "emu_ranchers", "single")
    player = make_players(1)[0]
    do_register(tournament.pk, player)
    with pytest.raises(ActionRejected):
        do_disqualify(tournament.pk, organiser, player, "Played on a second account.")
    assert not tournament.entries.filter(disqualified=True).exists()
