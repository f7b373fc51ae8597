"""Chains of seats changing hands, and who is rated.

A seat's first player is rated (last, if they lost the seat); a substitute, who took a seat over
during the game, never is; a first player's early quit leaves them out of the rating however the
seat changed hands after (the others are rated among themselves). The live rating and `recompute_ratings` agree on each.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.models import Game, GameEvent, Seat
from games.services import ActionRejected, do_accept_seat, do_create_game, do_join, do_offer_seat, do_resign
from tests.conftest import make_user
from tests.tournaments.helpers import play_out
from tournaments.ratings.models import RatingChange
from tournaments.ratings.services import do_rate_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def seat_changes(settings):
    settings.GAME_MAX_SEAT_CHANGES_PER_HOUR = 100


def _rated(game) -> dict[int, int]:
    do_rate_game(game.pk)
    return dict(RatingChange.objects.filter(game=game).values_list("player_id", "rank"))


def _check(capsys) -> str:
    call_command("recompute_ratings", "--check", "--quiet-progress")
    return capsys.readouterr().out


def _finish(game) -> Game:
    play_out(game)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def test_a_bot_seat_offered_to_one_then_another_rates_neither(players, capsys):
    # The seat a bot had from the start goes to Carol, who resigns without a move, then to Dora:
    # Carol is not rated last with Bob gaining on her (a farm through accounts that never move).
    alice, bob, carol = players
    dora = make_user("dora")
    game = do_create_game(alice, "toy", 3, bots=1, rated=True, seed="s1")
    do_join(game.pk, bob)
    game.refresh_from_db()
    bot_seat = game.seats.get(user__isnull=True).position
    do_accept_seat(do_offer_seat(game.pk, alice, bot_seat, carol).pk, carol)
    do_resign(game.pk, carol)
    do_accept_seat(do_offer_seat(game.pk, alice, bot_seat, dora).pk, dora)
    game = _finish(game)
    assert set(_rated(game)) == {alice.pk, bob.pk}
    assert "No differences" in _check(capsys)


def test_a_first_player_who_quit_without_a_move_stays_out_however_the_seat_changed_after(players, capsys):
    # Bob resigns without a move, has his own seat back, resigns again, and the seat goes to Dora:
    # his early quit leaves him out of the rating, not rated last.
    alice, bob, carol = players
    dora = make_user("dora")
    game = do_create_game(alice, "toy", 3, rated=True, seed="s1")
    do_join(game.pk, bob)
    do_join(game.pk, carol)
    game.refresh_from_db()
    seat = game.seats.get(user=bob).position
    do_resign(game.pk, bob)
    do_accept_seat(do_offer_seat(game.pk, alice, seat, bob).pk, bob)
    do_resign(game.pk, bob)
    do_accept_seat(do_offer_seat(game.pk, alice, seat, dora).pk, dora)
    game = _finish(game)
    assert set(_rated(game)) == {alice.pk, carol.pk}  # neither Bob nor Dora, a substitute
    assert "No differences" in _check(capsys)


def test_nobody_offers_a_seat_to_themselves(players):
    # A creator who resigned and let the bot play may not take the seat back at the bot's place.
    alice, bob, carol = players
    game = do_create_game(alice, "toy", 3, rated=True, seed="s1")
    do_join(game.pk, bob)
    do_join(game.pk, carol)
    seat = game.seats.get(user=alice).position
    do_resign(game.pk, alice)
    with pytest.raises(ActionRejected) as refused:
        do_offer_seat(game.pk, alice, seat, alice)
    assert refused.value.code == "own_offer"
    assert game.seats.get(position=seat).kind == Seat.Kind.BOT


def test_a_substitute_who_held_one_seat_is_never_offered_another(players):
    alice, bob, carol = players
    dora, erin = make_user("dora"), make_user("erin")
    game = do_create_game(alice, "toy", 4, rated=True, seed="s1")
    for user in (bob, carol, dora):
        do_join(game.pk, user)
    game.refresh_from_db()
    bobs, carols = game.seats.get(user=bob).position, game.seats.get(user=carol).position
    do_resign(game.pk, bob)
    do_accept_seat(do_offer_seat(game.pk, alice, bobs, erin).pk, erin)
    do_resign(game.pk, erin)
    frank = make_user("frank")
    do_accept_seat(do_offer_seat(game.pk, alice, bobs, frank).pk, frank)
    do_resign(game.pk, carol)
    with pytest.raises(ActionRejected) as refused:
        do_offer_seat(game.pk, alice, carols, erin)
    assert refused.value.code == "already_seated"


def test_after_the_upgrade_a_rebuild_rates_as_the_live_update_does(players, capsys):
    # Ratings stored before Seat.substitute rated substitutes: the upgrade's migration marks them,
    # and the rebuild the operators' guide asks for brings the stored ratings in line.
    import importlib

    from django.apps import apps

    from tests.ratings.conftest import finished_game, moved

    alice, bob, carol = players
    game = finished_game([(carol, 1), (alice, 2)], engine="wizard")
    moved(game, bob, seat=0)
    GameEvent.objects.create(
        game=game,
        kind=GameEvent.Kind.SEAT_REPLACED,
        seat=0,
        detail={"previous": "Bob", "successor": "Carol", "previous_user": bob.pk},
    )
    do_rate_game(game.pk)
    assert RatingChange.objects.filter(game=game, player=carol).exists()  # as before the upgrade
    importlib.import_module("games.migrations.0014_seat_substitute").mark_substitutes(apps, None)
    seat = Seat.objects.get(game=game, position=0)
    assert seat.substitute and seat.first_user == bob
    call_command("recompute_ratings", "--quiet-progress")
    assert set(RatingChange.objects.filter(game=game).values_list("player_id", flat=True)) == {alice.pk, bob.pk}
    assert "No differences" in _check(capsys)
