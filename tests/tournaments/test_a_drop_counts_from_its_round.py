"""A player who drops "after this round" still plays this round: the standings do not treat them
as gone before it ends. A round-robin walk-through: a player leaving during round 2, one game of
four played, had every result annulled at once (all standings at 0 on a phone), and then, once
the round ended with their second game, restored."""

import pytest

from tests.tournaments.helpers import current_tables, make_players, play_out, start
from tournaments.presenters import tournament_data
from tournaments.services import do_advance_round, do_create_tournament, do_drop, do_register

pytestmark = pytest.mark.django_db


def _points(tournament) -> dict[int, float]:
    return {row["entry"]: row["points"] for row in tournament_data(tournament)["standings"]}


def test_a_drop_during_a_round_changes_no_standing_before_that_round_ends():
    organiser, *players = make_players(5)
    tournament = do_create_tournament(
        organiser,
        "Emu Round",
        "emu_ranchers",
        "round_robin",
        options={"years": 1},
        seats_preferred=2,
        seats_min=2,
        seats_max=2,
    )
    for player in players:
        do_register(tournament.pk, player)
    tournament = start(tournament)  # four players: three rounds, each meeting each
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    before = _points(tournament)
    assert sum(before.values()) > 0
    leaver = players[0]
    do_drop(tournament.pk, leaver)  # one game of three played: under half, so far
    assert _points(tournament) == before
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    after = _points(tournament)
    # Two games of three played: their results stand, round 1's as it was, round 2's added.
    assert all(after[entry] >= points for entry, points in before.items()), (before, after)
    assert sum(after.values()) > sum(before.values())
