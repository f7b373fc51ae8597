"""A no-show (a seat that never made a move of its own: every deadline missed, a bot took it over)
scores nothing, like a forfeit, however the bot that played the seat placed it. Found by a
review: at a 4-player Swiss table where one player played and three never answered, the
no-shows took places 2-4 and the best of them scored more than players of the other table who
played every move and came third."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engines import get_engine
from games.models import Game, Seat
from games.services import do_action
from games.services.bot_moves import do_bot_move
from games.services.deadlines import close_games
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.services import do_create_tournament, do_register, do_start
from tournaments.services.results import played_rounds, swiss_standings

pytestmark = pytest.mark.django_db


def play_alone(game: Game, player, settings) -> Game:
    """`player` plays every move asked of them; nobody else at the table ever answers."""
    settings.GAME_BOT_BUDGETS = {"good": 4, "strong": 8}
    engine = get_engine(game.engine)
    later = timezone.now()
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return game
        waiting = engine.to_act(game.state)
        seats = {seat.position: seat for seat in game.seats.all()}
        mine = [p for p in waiting if seats[p].user_id == player.pk and seats[p].kind == Seat.Kind.HUMAN]
        if mine:
            action = engine.auto_action(game.state, mine[0])
            do_action(game.pk, mine[0], action, "web", user=player, expected_version=game.version)
            continue
        bots = [p for p in waiting if seats[p].kind == Seat.Kind.BOT]
        if bots:
            do_bot_move(game.pk, bots[0])
            continue
        later += timedelta(days=15)
        close_games([game.pk], later)  # the no-shows' deadlines pass


def test_a_no_show_scores_nothing_and_never_more_than_a_player_who_played(settings):
    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Fours", "wildcards", "swiss", seats_preferred=4, seats_min=4, seats_max=4, rounds=1
    )
    for player in make_players(8):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    full, lonely = current_tables(tournament)
    play_out(full.game)  # all four play
    present = lonely.game.seats.order_by("position").first().user
    game = play_alone(lonely.game, present, settings)
    assert game.status == Game.Status.FINISHED
    no_shows = {seat.user_id for seat in game.seats.all() if seat.user_id != present.pk}
    assert all(seat.status == Seat.Status.LEFT for seat in game.seats.all() if seat.user_id in no_shows)

    entries = list(tournament.entries.all())
    user_of = {entry.pk: entry.user_id for entry in entries}
    standings = swiss_standings(tournament, entries, played_rounds(tournament))
    points = {user_of[row.player]: row.points for row in standings}
    # Hand-worked with the default points (4, 2, 1, 0 for places 1-4): the one who played alone wins
    # their table (4); the no-shows forfeit (0); the full table scores 4, 2, 1, 0 (shared on ties).
    assert points[present.pk] == 4
    assert all(points[user] == 0 for user in no_shows)
    assert sum(points[seat.user_id] for seat in full.game.seats.all()) == 7
