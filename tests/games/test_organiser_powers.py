"""What a game's creator may do to other players' seats and to the clock, and what only organisers may."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from games.models import Deadline, Game, GameEvent
from games.permissions import _organiser_checks, register_organiser_check
from games.services import (
    ActionRejected,
    do_create_game,
    do_extend_deadline,
    do_invite,
    do_pause,
    do_replace_player,
    do_resign,
    do_resume_long_pauses,
)
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game
from wildcards_site.outbox.models import OutboxMessage


def _position(game: Game, user) -> int:
    return game.seats.get(user=user).position


def _seats(game: Game) -> list:
    return [(seat.user_id, seat.kind, seat.status) for seat in game.seats.order_by("position")]


def test_the_creator_cannot_take_a_seat_from_a_player_still_playing(players):
    game = start_game(players)
    before = _seats(game)
    for new_user in (players[0], make_user("dora")):
        with pytest.raises(ActionRejected):
            do_replace_player(game.pk, players[0], 1, new_user)
    assert _seats(game) == before
    assert not GameEvent.objects.exists() and not OutboxMessage.objects.filter(key__startswith="seat-").exists()


def test_the_creator_gives_the_seat_of_a_player_who_resigned_and_it_is_logged_and_mailed(players):
    game = start_game(players)
    do_resign(game.pk, players[1])
    position = _position(game, players[1])
    dora = make_user("dora", display_name="Dora")
    do_replace_player(game.pk, players[0], position, dora)
    assert seat_user(game, position) == dora
    event = GameEvent.objects.get(game=game, kind=GameEvent.Kind.SEAT_REPLACED)
    assert (event.seat, event.actor) == (position, players[0])
    assert (event.detail["previous"], event.detail["successor"]) == ("Bob", "Dora")
    assert event.detail["previous_user"] == players[1].pk  # ratings count Bob last
    mail = OutboxMessage.objects.get(key__startswith=f"seat-replaced:{game.pk}:{players[1].pk}:")
    assert mail.to == players[1].email and "Dora" in mail.text and "Alice" in mail.text


def test_staff_may_take_a_seat_from_a_player_still_playing_and_the_player_is_told(players):
    game = start_game(players)
    staff = make_user("keeper", staff=True)
    position = _position(game, players[2])
    do_replace_player(game.pk, staff, position, make_user("dora"))
    assert seat_user(game, position).username == "dora"
    assert OutboxMessage.objects.filter(to=players[2].email, key__startswith="seat-replaced:").count() == 1


def test_a_registered_organiser_check_gives_full_powers(players, monkeypatch):
    game = start_game(players)
    referee = make_user("referee")
    monkeypatch.setattr("games.permissions._organiser_checks", list(_organiser_checks))
    register_organiser_check(lambda checked, user: user.username == "referee" and checked.pk == game.pk)
    do_replace_player(game.pk, referee, 1, None)
    assert game.seats.get(position=1).kind == "bot"


def test_nobody_may_give_a_seat_to_a_player_already_seated(players):
    game = start_game(players)
    staff = make_user("keeper", staff=True)
    with pytest.raises(ActionRejected) as rejected:
        do_replace_player(game.pk, staff, _position(game, players[1]), players[2])
    assert rejected.value.code == "already_seated"


def test_a_seat_out_of_range_is_refused_clearly(players):
    game = start_game(players)
    with pytest.raises(ActionRejected) as rejected:
        do_replace_player(game.pk, make_user("keeper", staff=True), 9, None)
    assert rejected.value.code == "no_seat"


def test_extensions_are_capped_in_length_and_number(players, settings):
    settings.GAME_MAX_EXTENSIONS, settings.GAME_MAX_EXTENSION_HOURS = 2, 48
    game = start_game(players, phase_seconds=86400)
    with pytest.raises(ActionRejected) as rejected:
        do_extend_deadline(game.pk, players[0], 1, 720)
    assert rejected.value.code == "bad_extension"
    do_extend_deadline(game.pk, players[0], 1, 48)
    do_extend_deadline(game.pk, players[0], 2, 48)
    closes = Deadline.objects.get(game=game, seat=1, closed_at__isnull=True).closes_at
    with pytest.raises(ActionRejected) as rejected:
        do_extend_deadline(game.pk, players[0], 1, 1)
    assert rejected.value.code == "too_many_extensions"
    assert Deadline.objects.get(game=game, seat=1, closed_at__isnull=True).closes_at == closes
    assert GameEvent.objects.filter(game=game, kind="extended").count() == 2


def test_pauses_are_capped_and_a_long_pause_ends_by_itself(players, settings):
    settings.GAME_MAX_PAUSES, settings.GAME_MAX_PAUSE_DAYS = 1, 3
    game = start_game(players, phase_seconds=86400)
    start = datetime.now(UTC)
    do_pause(game.pk, players[0], now=start)
    assert do_resume_long_pauses(now=start + timedelta(days=2)) == 0
    assert do_resume_long_pauses(now=start + timedelta(days=3, minutes=1)) == 1
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    resumed = GameEvent.objects.get(game=game, kind="resumed")
    assert resumed.actor is None
    with pytest.raises(ActionRejected) as rejected:
        do_pause(game.pk, players[0])
    assert rejected.value.code == "too_many_pauses"


def test_players_see_why_the_clock_stopped(client, players):
    game = start_game(players)
    do_pause(game.pk, players[0])
    client.force_login(players[1])
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert "the game is paused since" in page
    assert "Alice paused the game." in page


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("games:extend", {}),
        ("games:extend", {"seat": "x", "hours": "2"}),
        ("games:extend", {"seat": "1"}),
        ("games:replace", {"username": "dora"}),
        ("games:replace", {"seat": "99999999999999999999999", "username": ""}),
        ("games:replace", {"seat": "7", "username": ""}),
    ],
)
def test_organiser_forms_with_missing_or_bad_fields_answer_400_and_change_nothing(client, players, name, data):
    game = start_game(players)
    before = _seats(game)
    client.force_login(players[0])
    response = client.post(reverse(name, args=[game.pk]), data)
    assert response.status_code == 400
    assert _seats(game) == before and not GameEvent.objects.exists()


def test_an_invitation_to_a_game_that_does_not_exist_is_404(client, players):
    client.force_login(players[0])
    assert client.post("/games/999999999999999999/invite/", {"who": "bob"}).status_code == 404


def test_mail_subjects_are_plain_text_not_html(players):
    type(players[0].profile).objects.filter(user=players[0]).update(display_name="Ann O'Neil & Co")
    players[0].refresh_from_db()
    lobby = do_create_game(players[0], "toy", 3, None)
    do_invite(lobby.pk, players[0], "friend@example.org")
    subject = OutboxMessage.objects.get(to="friend@example.org").subject
    assert "Ann O'Neil & Co" in subject and "&#x27;" not in subject and "&amp;" not in subject
