"""Shared set-up for the tournament service tests: players, and games played out by auto actions."""

from __future__ import annotations

from django.test import override_settings

from games.engines import get_engine
from games.models import Game, Seat
from games.services import do_action
from games.services.bot_moves import do_bot_move
from tests.conftest import make_user
from tournaments.models import Table, Tournament
from tournaments.services import do_register, do_start
from tournaments.tasks import prepare_tournament


def make_players(count: int, prefix: str = "p") -> list:
    return [make_user(f"{prefix}{i}", display_name=f"{prefix.title()}{i}") for i in range(count)]


def play_out(game: Game) -> Game:
    """Every person plays its engine's default move until the game is over, through do_action; bots think."""
    engine = get_engine(game.engine)
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return game
        position = engine.to_act(game.state)[0]
        seat = game.seats.get(position=position)
        if seat.kind == Seat.Kind.BOT:
            # A searching bot (a takeover plays Good) moves from its task; here its body runs inline.
            with override_settings(GAME_BOT_BUDGETS={"good": 4, "strong": 8}):
                assert do_bot_move(game.pk, position) == game.version
            continue
        do_action(
            game.pk,
            position,
            engine.auto_action(game.state, position),
            "web",
            user=seat.user,
            expected_version=game.version,
        )


def current_tables(tournament: Tournament) -> list[Table]:
    tournament.refresh_from_db()
    return list(
        Table.objects.filter(round__tournament=tournament, round__number=tournament.current_round).select_related(
            "game"
        )
    )


def register_and_start(tournament: Tournament, players) -> Tournament:
    """Register `players` in seed order, then start it as its organiser does."""
    for player in players:
        do_register(tournament.pk, player)
    return start(tournament)


def start(tournament: Tournament, user=None) -> Tournament:
    """Start it as its organiser does; a round robin left preparing is then prepared as its task does."""
    do_start(tournament.pk, user or tournament.created_by)
    tournament.refresh_from_db()
    if tournament.status == Tournament.Status.PREPARING:
        prepare_tournament(tournament.pk)  # the task's own code, run here instead of on a worker
        tournament.refresh_from_db()
    return tournament


def emu_round_robin(organiser, players, name: str = "Emu Round", **fields) -> Tournament:
    """A started round robin of one-year Emu Ranchers at 2-player tables, `players` entered."""
    from tournaments.services import do_create_tournament

    tournament = do_create_tournament(
        organiser,
        name,
        "emu_ranchers",
        "round_robin",
        options={"years": 1},
        seats_preferred=2,
        seats_min=2,
        seats_max=2,
        **fields,
    )
    for player in players:
        do_register(tournament.pk, player)
    return start(tournament)


def finish_round(tournament: Tournament) -> None:
    """Play out every table of the current round, then advance as the worker does."""
    from tournaments.services import do_advance_round

    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()


def record_own_moves(game: Game) -> None:
    """A move of their own in the log for every seat, for tests that set a game's result by
    hand: a seat without one is a no-show the tournament ranks as a forfeit (services/results.py)."""
    from games.models import Action

    first = game.actions.count()
    Action.objects.bulk_create(
        Action(game=game, seq=first + index, seat=seat.position, payload={}, channel="web", actor=seat.user)
        for index, seat in enumerate(game.seats.order_by("position"))
    )


def act_as_organiser_for_seat_to_move(game: Game, organiser) -> None:
    """`organiser` plays the seat to move its default move through the organiser channel (as a moderator would)."""
    engine = get_engine(game.engine)
    position = engine.to_act(game.state)[0]
    do_action(
        game.pk,
        position,
        engine.auto_action(game.state, position),
        "organiser",
        user=organiser,
        expected_version=game.version,
    )
