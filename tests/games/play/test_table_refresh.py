"""The table's own refresh answers "nothing new" (204, no body) when nothing it shows has changed,
and the whole table as soon as anything has: a move, a pause, an extension, a seat changing hands,
or a minute gone by (the time left is written in words)."""

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.engines import get_engine
from games.models import Deadline
from games.services import do_action, do_resign
from games.services.organiser import do_extend_deadline, do_pause
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def still_minute(monkeypatch):
    """The stamp carries the minute: held still, so a test that expects a change to answer the
    whole table cannot pass on a minute going by instead (the minute's own test moves it)."""
    moment = timezone.now()
    monkeypatch.setattr("games.play.refresh.timezone", SimpleNamespace(now=lambda: moment))


def _refresh(client: Client, game, stamp: str | None = None):
    data = {"stamp": stamp} if stamp else {}
    return client.get(reverse("games:table", args=[game.pk]), data, HTTP_HX_REQUEST="true")


def _stamp(response) -> str:
    html = response.content.decode()
    return html.split("stamp=", 1)[1].split('"', 1)[0]


@pytest.fixture
def table(players, client):
    game = start_game(players, phase_seconds=86400)
    client.force_login(players[0])
    return game, _stamp(_refresh(client, game))


def test_a_refresh_with_nothing_new_answers_204_with_no_body_in_a_few_queries(
    client, table, django_assert_max_num_queries
):
    game, stamp = table
    with django_assert_max_num_queries(12):
        response = _refresh(client, game, stamp)
    assert response.status_code == 204 and response.content == b""


def test_a_move_answers_the_whole_table(client, table, players):
    game, stamp = table
    engine = get_engine(game.engine)
    seat = engine.to_act(game.state)[0]
    do_action(
        game.pk,
        seat,
        engine.legal_actions(game.state, seat)[0],
        "web",
        user=seat_user(game, seat),
        expected_version=game.version,
    )
    response = _refresh(client, game, stamp)
    assert response.status_code == 200 and _stamp(response) != stamp


def test_a_pause_an_extension_or_a_seat_changing_hands_answers_the_whole_table(client, table, players):
    game, stamp = table
    waited = Deadline.objects.filter(game=game, closed_at=None).first().seat
    do_extend_deadline(game.pk, players[0], waited, 5)  # the version stays; the time left does not
    response = _refresh(client, game, stamp)
    assert response.status_code == 200
    stamp = _stamp(response)
    do_pause(game.pk, players[0])
    response = _refresh(client, game, stamp)
    assert response.status_code == 200
    stamp = _stamp(response)
    do_resign(game.pk, players[1])  # a bot takes the seat
    response = _refresh(client, game, stamp)
    assert response.status_code == 200 and _stamp(response) != stamp


def test_a_minute_later_the_table_is_sent_again_for_its_time_left(client, table, monkeypatch):
    game, stamp = table
    later = timezone.now() + timedelta(seconds=61)
    monkeypatch.setattr("games.play.refresh.timezone.now", lambda: later)
    assert _refresh(client, game, stamp).status_code == 200


def test_a_stamp_is_the_viewers_own(client, table, players):
    game, stamp = table
    other = Client()
    other.force_login(players[1])
    assert _refresh(other, game, stamp).status_code == 200  # another seat's view is another table
    assert _refresh(Client(), game, stamp).status_code == 200  # and so is a spectator's


def test_a_bot_that_stops_thinking_answers_the_whole_table_for_its_slower_refresh(client, players, settings):
    # While a bot thinks the table refreshes every 2 s; once its task looks lost, every 20 s. Nothing
    # else changes (no move, no event, the same minute): only the stamp's "thinking" tells.
    from games.models import Action, Game
    from games.services import do_create_game

    game = do_create_game(players[0], "wizard", 3, bots=2, bot_levels=["good", "strong"], seed="s2")
    client.force_login(players[0])
    response = _refresh(client, game)
    assert 'hx-trigger="every 2s"' in response.content.decode()
    stall = timedelta(seconds=settings.GAME_BOT_STALL_SECONDS + 1)
    Action.objects.filter(game=game).update(created_at=timezone.now() - stall)
    Game.objects.filter(pk=game.pk).update(started_at=timezone.now() - stall)
    response = _refresh(client, game, _stamp(response))
    assert response.status_code == 200 and 'hx-trigger="every 20s"' in response.content.decode()


def test_a_viewer_who_changed_language_gets_the_table_in_it(client, table, players):
    game, stamp = table
    profile = players[0].profile
    profile.language = "it"
    profile.save()
    response = _refresh(client, game, stamp)
    assert response.status_code == 200 and "in corso" in response.content.decode()  # "running"


def test_an_invitation_sent_or_withdrawn_answers_a_waiting_tables_players(client, players):
    from games.models import Game
    from games.services import do_create_game, do_invite, do_withdraw_invitation

    alice, bob, _carol = players
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    client.force_login(alice)
    before = _stamp(_refresh(client, game))
    assert _refresh(client, game, before).status_code == 204
    sent = do_invite(game.pk, alice, "bob")
    answer = _refresh(client, game, before)
    assert answer.status_code == 200 and "Bob" in answer.content.decode()
    invited = _stamp(answer)
    do_withdraw_invitation(game.pk, sent.pk, alice)
    answer = _refresh(client, game, invited)
    assert answer.status_code == 200 and 'id="invited"' not in answer.content.decode()


def test_a_rematch_asked_for_or_joined_answers_the_finished_tables_players(client, players):
    from games.services import do_rematch
    from tests.games.conftest import play_to_the_end

    alice, bob, carol = players
    game = play_to_the_end(start_game(players))
    client.force_login(alice)
    before = _stamp(_refresh(client, game))
    assert _refresh(client, game, before).status_code == 204
    do_rematch(game.pk, bob)
    answer = _refresh(client, game, before)
    assert answer.status_code == 200 and "Bob asks to play again." in answer.content.decode()
    asked = _stamp(answer)
    assert _refresh(client, game, asked).status_code == 204
    do_rematch(game.pk, carol)
    # Carol sat down, then the rematch started without Alice: each is news to her.
    seated = _refresh(client, game, asked)
    assert seated.status_code == 200 and "Bob asks to play again." in seated.content.decode()
    assert _stamp(seated) != asked
    from games.services import do_invite, do_join

    do_join(game.rematches.get().pk, make_user("dan"), token=do_invite(game.rematches.get().pk, bob, "dan").token)
    answer = _refresh(client, game, _stamp(seated))
    assert answer.status_code == 200 and "The rematch has started without you." in answer.content.decode()


def test_a_message_at_the_table_answers_its_refresh(client, table, players):
    from games.services import do_say

    game, stamp = table
    do_say(game.pk, players[1], "Good luck!")
    answer = _refresh(client, game, stamp)
    assert answer.status_code == 200 and "Good luck!" in answer.content.decode()


@pytest.mark.parametrize("since", ["²", "9" * 5000, "-3", "x"])
def test_a_since_that_is_no_small_number_is_ignored_not_a_server_error(client, table, since):
    # str.isdigit() took "²" and 5,000 nines, which int() refuses: 500s.
    game, _stamp = table
    client.logout()
    response = client.get(reverse("games:table", args=[game.pk]), {"since": since})
    assert response.status_code == 200
