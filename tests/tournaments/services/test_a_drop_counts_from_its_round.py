"""A player who drops "after this round" still plays this round: the standings do not treat them
as gone before it ends. A player leaving during round 2, one game of four played, does not have
every result annulled at once (all standings at 0 on a phone), only to have them restored once
the round ends with their second game."""

import pytest

from tests.tournaments.helpers import emu_round_robin, finish_round, make_players
from tournaments.pages.presenters import tournament_data
from tournaments.services import do_drop

pytestmark = pytest.mark.django_db


def _points(tournament) -> dict[int, float]:
    return {row["entry"]: row["points"] for row in tournament_data(tournament)["standings"]}


def test_a_drop_during_a_round_changes_no_standing_before_that_round_ends():
    organiser, *players = make_players(5)
    tournament = emu_round_robin(organiser, players)  # four players: three rounds, each meeting each
    finish_round(tournament)
    before = _points(tournament)
    assert sum(before.values()) > 0
    leaver = players[0]
    do_drop(tournament.pk, leaver)  # one game of three played: under half, so far
    assert _points(tournament) == before
    finish_round(tournament)
    after = _points(tournament)
    # Two games of three played: their results stand, round 1's as it was, round 2's added.
    assert all(after[entry] >= points for entry, points in before.items()), (before, after)
    assert sum(after.values()) > sum(before.values())
