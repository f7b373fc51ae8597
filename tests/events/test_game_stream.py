"""A table's stream, as one seat or a spectator sees it, under the real ASGI server."""

from __future__ import annotations

import random
import time

import pytest
from django.test import Client

from games.api.models import ApiToken
from games.engines import get_engine
from games.events import store, topics
from games.models import Game
from games.services import do_action, do_create_game, do_join
from games.services.lobby import TimeControl
from games.services.talk import do_say
from tests.conftest import make_user
from tests.events.conftest import Stream


@pytest.fixture
def table(transactional_db):
    """A running two-player CuBirds game of alice and bob, with a token each."""
    alice, bob = make_user("alice"), make_user("bob")
    game = do_create_game(alice, "cubirds", 2, {}, time_control=TimeControl(), seed="events")
    do_join(game.pk, bob)
    game.refresh_from_db()
    tokens = {seat.position: ApiToken.issue(seat.user, "bot")[1] for seat in game.seats.all()}
    users = {seat.position: seat.user for seat in game.seats.all()}
    return game, tokens, users


def move(game: Game, users: dict, rng: random.Random) -> tuple[int, dict]:
    """One random legal move of whoever is to act; (seat, action)."""
    game.refresh_from_db()
    engine = get_engine(game.engine)
    seat = engine.to_act(game.state)[0]
    action = rng.choice(engine.legal_actions(game.state, seat))
    do_action(game.pk, seat, action, "api", user=users[seat], expected_version=game.version)
    return seat, action


def test_a_seat_hears_each_move_with_its_view_and_what_it_may_play(asgi_server, table):
    game, tokens, users = table
    rng = random.Random(1)
    stream = Stream(asgi_server, f"/games/{game.pk}/stream", tokens[0])
    assert stream.response.status == 200
    assert stream.response.getheader("Content-Type") == "application/x-ndjson"
    now = stream.next()
    assert (now["type"], now["game"], now["seat"], now["version"]) == ("game", game.pk, 0, game.version)
    assert now["view"] == get_engine("cubirds").view(game.state, 0)
    assert [player["bot_account"] for player in now["players"]] == [False, False]
    while True:
        seat, action = move(game, users, rng)
        seen = now["version"]
        event = stream.until(lambda e, seen=seen: e["version"] > seen)
        game.refresh_from_db()
        assert event["version"] == game.version
        assert event["view"] == get_engine("cubirds").view(game.state, 0)
        made = event["moves"][0]
        assert (made["seat"], made["channel"]) == (seat, "api")
        # A move's content reaches its own seat only.
        assert ("action" in made) == (seat == 0)
        if seat == 0:
            assert made["action"] == action
        if event["my_turn"]:
            assert event["actions"] == get_engine("cubirds").legal_actions(game.state, 0)
        if seat == 1 and event["my_turn"]:
            break
        now = event
    stream.close()


def test_talk_and_a_pause_reach_the_table_as_they_happen(asgi_server, table):
    game, tokens, users = table
    stream = Stream(asgi_server, f"/games/{game.pk}/stream", tokens[1])
    stream.next()
    do_say(game.pk, users[0], "good luck")
    said = stream.until(lambda e: e["talk"])
    assert [(line["name"], line["text"]) for line in said["talk"]] == [(users[0].profile.name, "good luck")]
    assert said["moves"] == []
    stream.close()


def test_reconnecting_with_the_last_event_id_loses_nothing_and_repeats_nothing(asgi_server, table):
    game, tokens, users = table
    rng = random.Random(2)
    stream = Stream(asgi_server, f"/games/{game.pk}/stream", tokens[0])
    last = stream.next()
    move(game, users, rng)
    last = stream.until(lambda e: e["moves"])
    stream.close()
    # Three moves while the client is away.
    made = [move(game, users, rng) for _ in range(3)]
    again = Stream(asgi_server, f"/games/{game.pk}/stream", tokens[0], last_id=last["id"])
    missed = [again.next() for _ in range(3)]
    assert [m["seat"] for event in missed for m in event["moves"]] == [seat for seat, _action in made]
    assert [event["version"] for event in missed] == sorted({event["version"] for event in missed})
    assert all("resync" not in event for event in missed)
    # Then the next move, once.
    move(game, users, rng)
    fresh = again.next()
    assert fresh["version"] == missed[-1]["version"] + 1
    assert again.nothing_within(1.0)
    again.close()


def test_a_client_behind_what_is_kept_gets_the_table_as_it_is_now(asgi_server, table):
    game, tokens, users = table
    rng = random.Random(3)
    stream = Stream(asgi_server, f"/games/{game.pk}/stream", tokens[0])
    first = stream.next()
    move(game, users, rng)
    old = stream.until(lambda e: e["moves"])
    stream.close()
    for _ in range(3):
        move(game, users, rng)
    store.client().xtrim(store.key(topics.seat(game.pk, 0)), maxlen=1, approximate=False)
    again = Stream(asgi_server, f"/games/{game.pk}/stream", tokens[0], last_id=old["id"])
    now = again.next()
    game.refresh_from_db()
    assert now["resync"] is True and now["version"] == game.version > first["version"]
    again.close()


def test_a_stranger_cannot_open_a_private_tables_stream(asgi_server, table):
    game, _tokens, _users = table
    Game.objects.filter(pk=game.pk).update(visibility=Game.Visibility.PRIVATE)
    _row, token = ApiToken.issue(make_user("mallory"), "bot")
    stream = Stream(asgi_server, f"/games/{game.pk}/stream", token)
    assert stream.response.status == 404
    stream.close()


def test_a_spectator_of_an_open_table_sees_no_hand(asgi_server, table):
    game, _tokens, users = table
    _row, token = ApiToken.issue(make_user("watcher"), "bot")
    stream = Stream(asgi_server, f"/games/{game.pk}/stream", token)
    now = stream.next()
    assert now["seat"] is None and now["my_turn"] is False
    assert now["view"] == get_engine("cubirds").view(game.state, None)
    move(game, users, random.Random(4))
    event = stream.until(lambda e: e["moves"])
    assert "action" not in event["moves"][0]
    stream.close()


def test_server_sent_events_carry_the_id_a_browser_resumes_from(asgi_server, table):
    game, tokens, users = table
    stream = Stream(asgi_server, f"/games/{game.pk}/stream", tokens[0], accept="text/event-stream")
    assert stream.response.getheader("Content-Type") == "text/event-stream"
    move(game, users, random.Random(5))
    lines = []
    while len([x for x in lines if x.startswith(b"data:")]) < 2:
        lines.append(stream.response.readline())
    assert any(x.startswith(b"id: ") for x in lines) and b"event: game\n" in lines
    stream.close()


def test_the_wsgi_server_sends_stream_clients_to_the_asgi_one(table):
    game, tokens, _users = table
    answer = Client().get(f"/api/v1/games/{game.pk}/stream", headers={"Authorization": f"Bearer {tokens[0]}"})
    assert answer.status_code == 503
    assert answer.json()["error"]["code"] == "stream_elsewhere"


def test_a_bad_last_event_id_is_refused_with_a_reason(asgi_server, table):
    game, tokens, _users = table
    stream = Stream(asgi_server, f"/games/{game.pk}/stream", tokens[0], last_id="yesterday")
    assert stream.response.status == 400
    stream.close()


def test_a_client_that_goes_away_leaves_no_listener_behind(asgi_server, table):
    from games.events import hub

    game, tokens, users = table

    def listening() -> int:
        return sum(found.listening() for found in list(hub._hubs.values()))

    streams = [Stream(asgi_server, f"/games/{game.pk}/stream", tokens[n % 2]) for n in range(4)]
    for stream in streams:
        stream.next()
    assert listening() == 4
    for stream in streams:
        stream.close()
    deadline = time.monotonic() + 10
    while listening() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert listening() == 0
    # And the table goes on being told to those who stay.
    again = Stream(asgi_server, f"/games/{game.pk}/stream", tokens[0])
    again.next()
    move(game, users, random.Random(9))
    assert again.next()["moves"]
    again.close()
