"""The table's "What happened to the game" tells every change of who plays a seat: a bot taking
the seat of a player who missed their deadlines, or who resigned, and a player taking a seat
offered to them. A player who takes
their seat back does not read as "Lucía gave the seat of Carmen to Carmen"."""

from __future__ import annotations

import html
from datetime import timedelta

import pytest

from games.models import Deadline, Game, Seat
from games.services import do_accept_seat, do_offer_seat, do_resign, sweep_overdue
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


def _log(client, user, game: Game) -> str:
    client.force_login(user)
    page = html.unescape(client.get(f"/games/{game.pk}/").content.decode())
    start = page.index('id="events"')
    return " ".join(page[start : page.index("</section>", start)].split())


def _miss_twice(game: Game) -> Seat:
    """Let every wait pass until a bot takes a seat: its player missed two deadlines in a row."""
    for _ in range(10):
        taken = game.seats.filter(kind=Seat.Kind.BOT, status=Seat.Status.LEFT).first()
        if taken is not None:
            return taken
        due = Deadline.objects.filter(game=game, closed_at__isnull=True).order_by("closes_at").first().closes_at
        sweep_overdue(now=due + timedelta(seconds=1))
    raise AssertionError("no seat was taken over after 10 deadlines")


def test_a_bot_taking_the_seat_of_a_player_who_missed_their_deadlines_is_in_the_log(client, players):
    game = start_game(players, phase_seconds=86400)
    seat = _miss_twice(game)
    other = next(user for user in players if user != seat.user)
    log = _log(client, other, game)
    assert f"{seat.user.profile.name} missed 2 deadlines in a row: a bot plays their seat from now on." in log


def test_a_bot_taking_the_seat_of_a_player_who_resigned_is_in_the_log(client, players):
    game = start_game(players)
    do_resign(game.pk, players[1])
    log = _log(client, players[0], game)
    assert "Bob resigned: a bot plays their seat from now on." in log


def test_a_player_taking_back_their_seat_is_said_to_take_it(client, players):
    game = start_game(players, phase_seconds=86400)
    seat = _miss_twice(game)
    creator = players[0]
    assert seat.user != creator  # the toy game's first mover (seed "s1") is not its creator
    offer = do_offer_seat(game.pk, creator, seat.position, seat.user)
    do_accept_seat(offer.pk, seat.user)
    name, by = seat.user.profile.name, creator.profile.name
    log = _log(client, players[2], game)
    assert f"{name} took their seat back, offered by {by}." in log
    assert f"{by} gave the seat of {name} to {name}" not in log


def _takeover_mail(seat: Seat) -> str:
    from wildcards_site.outbox import recipes
    from wildcards_site.outbox.models import OutboxMessage

    rows = OutboxMessage.objects.filter(key__startswith="timeout:", to=seat.user.email)
    row = next(row for row in rows if row.recipe.get("replaced_by_bot"))
    return recipes.build(row.recipe, None).body


def test_the_mail_saying_a_bot_took_the_seat_says_who_can_give_it_back(players):
    # Carmen is told a bot plays her seat, and how to come back.
    game = start_game(players, phase_seconds=86400)
    seat = _miss_twice(game)
    assert seat.user != players[0]
    text = " ".join(_takeover_mail(seat).split())
    assert "To play on, ask Alice, who created the game, to offer you your seat back" in text


def test_a_creator_who_timed_out_is_not_told_to_ask_themselves(players):
    from games.engines import get_engine

    game = start_game(players, phase_seconds=86400)
    mover = game.seats.get(position=get_engine(game.engine).to_act(game.state)[0]).user
    Game.objects.filter(pk=game.pk).update(created_by=mover)  # the creator is the one who will leave
    seat = _miss_twice(game)
    assert seat.user == mover
    assert "To play on" not in _takeover_mail(seat)


def test_a_tournament_player_is_told_to_ask_the_organisers():
    from tests.tournaments.helpers import current_tables, emu_round_robin, make_players

    organiser, *entrants = make_players(3, prefix="t")
    tournament = emu_round_robin(organiser, entrants)
    game = current_tables(tournament)[0].game
    seat = _miss_twice(game)
    text = " ".join(_takeover_mail(seat).split())
    assert "To play on, ask the tournament's organisers to offer you your seat back" in text


def test_the_last_player_leaving_is_said_to_stop_the_game_not_to_leave_a_bot_playing(client, players):
    # Where the last person left, the log does not say a bot plays on, in a game that stopped.
    game = start_game(players)
    for user in players[:2]:
        do_resign(game.pk, user)
    do_resign(game.pk, players[2])
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    log = _log(client, players[0], game)
    assert "Carol resigned, and the game stopped: nobody was left to play it." in log
    assert "Carol resigned: a bot plays their seat" not in log
    assert "Bob resigned: a bot plays their seat from now on." in log


def test_everyone_timing_out_is_said_to_stop_the_game(client, players):
    game = start_game(players, phase_seconds=86400)
    for _ in range(10):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        due = Deadline.objects.filter(game=game, closed_at__isnull=True).order_by("closes_at").first().closes_at
        sweep_overdue(now=due + timedelta(seconds=1))
    assert game.status == Game.Status.ABANDONED
    log = _log(client, players[0], game)
    assert "and the game stopped: nobody was left to play it." in log
