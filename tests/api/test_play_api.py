import json
import random

import pytest

from games.engines import get_engine
from games.history.replay_steps import Replay
from games.models import Action, Game
from tests.api.conftest import Api, api_for
from tests.history.conftest import new_game, play_on
from tests.history.secret_engine import hidden_from

pytestmark = pytest.mark.django_db


def test_it_lets_a_bot_play_a_whole_wild_cards_game_through_the_api(players):
    alice = players[0]
    game = new_game([alice], "wildcards", bots=2, seed="api-bot")
    api = api_for(alice)
    rng = random.Random(5)
    mine = None
    for _ in range(2000):
        detail = api.get(f"/games/{game.pk}").json()
        mine = detail["seat"]
        if detail["status"] == "finished":
            break
        assert detail["seat"] in detail["to_act"], "a game with only bots beside me always waits for me"
        legal = api.get(f"/games/{game.pk}/legal-actions").json()
        response = api.post(
            f"/games/{game.pk}/actions", {"version": legal["version"], "action": rng.choice(legal["actions"])}
        )
        assert response.status_code == 200, response.json()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert detail["result"] and {row["seat"] for row in detail["result"]} == {0, 1, 2}
    assert set(Action.objects.filter(game=game, seat=mine).values_list("channel", flat=True)) == {"api"}
    assert Replay.of(game).state_at(game.version) == game.state


def test_it_answers_my_games_and_a_games_view_for_my_seat(players):
    game = new_game(players[:2], "secret")
    api = api_for(players[0])
    mine = game.seats.get(user=players[0]).position
    games = api.get("/games").json()["games"]
    assert [(g["id"], g["seat"]) for g in games] == [(game.pk, mine)]
    detail = api.get(f"/games/{game.pk}").json()
    assert detail["view"] == get_engine("secret").view(game.state, mine)
    assert api.get("/games", status="finished").json()["games"] == []


def test_it_hides_what_my_seat_may_not_see_in_every_answer(players):
    game = new_game(players, "secret")
    apis = {seat.position: api_for(seat.user) for seat in game.seats.all()}
    rng = random.Random(11)
    while game.status == "running":
        for position, api in apis.items():
            secrets = hidden_from(game.state, position)
            for path in (f"/games/{game.pk}", f"/games/{game.pk}/legal-actions", "/games", "/history"):
                text = api.get(path).content.decode()
                assert not [m for m in secrets if m in text], f"{path} leaks to seat {position}"
            replay = Replay.of(game)
            for step in range(0, replay.last_step + 1, 2):
                text = api.get(f"/games/{game.pk}/replay", step=step).content.decode()
                hidden = hidden_from(replay.state_at(step), position)
                assert not [m for m in hidden if m in text], f"replay step {step} leaks to seat {position}"
        game = play_on(game, rng, stop_at=game.version + 1)
    # After the end the replay answers every seat's view, hands included.
    replay = Replay.of(game)
    answer = apis[0].get(f"/games/{game.pk}/replay", step=1).json()
    assert answer["revealed"] is True
    assert all(entry["action"] is not None for entry in answer["log"])
    text = str(answer)
    assert all(marker in text for marker in hidden_from(replay.state_at(1), None))


def submit(api: Api, game: Game, action: dict, version: int | None = None):
    game.refresh_from_db()
    return api.post(
        f"/games/{game.pk}/actions", {"version": game.version if version is None else version, "action": action}
    )


def assert_error(response, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    body = response.json()
    assert body["error"]["code"] == code and body["error"]["message"]


@pytest.fixture
def table(players):
    game = new_game(players[:2], "secret")
    seats = {seat.user_id: seat.position for seat in game.seats.all()}
    return game, seats


def test_it_refuses_acting_for_another_seat_and_changes_nothing(table, players):
    game, _seats = table
    outsider_game = new_game([players[2], players[0]], "secret", seed="other")
    api = api_for(players[2])
    hand_card = game.state["hands"][0][0]
    assert_error(submit(api, game, {"type": "bid", "card": hand_card}), 403, "not_your_seat")
    game.refresh_from_db()
    assert game.version == 0 and outsider_game.pk


def test_it_refuses_a_stale_version_and_changes_nothing(table, players):
    game, seats = table
    api = api_for(players[0])
    mine = seats[players[0].pk]
    card = game.state["hands"][mine][0]
    assert submit(api, game, {"type": "bid", "card": card}, version=0).status_code == 200
    other = game.state["hands"][mine][1]
    assert_error(submit(api, game, {"type": "bid", "card": other}, version=0), 409, "stale")
    assert Action.objects.filter(game=game).count() == 1


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ("not json", 400, "malformed"),
        ("[1, 2]", 400, "malformed"),
        ('{"version": 0}', 400, "malformed"),
        ('{"version": "0", "action": {"type": "bid"}}', 400, "malformed"),
        ('{"version": true, "action": {"type": "bid"}}', 400, "malformed"),
        ('{"version": 0, "action": {"type": "bid"}, "extra": 1}', 400, "malformed"),
        ('{"version": 0, "action": "bid"}', 400, "malformed"),
        ('{"version": 0, "action": {"type": "bid", "card": "zq999q"}}', 422, "illegal"),
        ('{"version": 0, "action": {"type": "bid", "card": [1]}}', 422, "illegal"),
        ('{"version": 0, "action": {"type": "fly"}}', 422, "illegal"),
    ],
)
def test_it_refuses_a_malformed_or_illegal_payload_and_changes_nothing(table, players, body, status, code):
    game, _seats = table
    api = api_for(players[0])
    assert_error(api.post(f"/games/{game.pk}/actions", body, raw=True), status, code)
    game.refresh_from_db()
    assert game.version == 0 and not Action.objects.filter(game=game).exists()


@pytest.mark.parametrize(
    ("header", "code"),
    [
        (None, "unauthenticated"),
        ("Bearer wc_nope", "invalid_token"),
        ("Token abc", "invalid_token"),
        ("Bearer ", "invalid_token"),
    ],
)
def test_it_refuses_a_bad_token_and_changes_nothing(table, header, code):
    game, _seats = table
    client = Api(None)
    if header:
        client.headers = {"Authorization": header}
    assert_error(submit(client, game, {"type": "bid", "card": game.state["hands"][0][0]}), 401, code)
    assert_error(client.get(f"/games/{game.pk}"), 401, code)
    game.refresh_from_db()
    assert game.version == 0


def test_it_refuses_a_revoked_token(table, players):
    game, _seats = table
    api = api_for(players[0])
    assert api.get("/me").status_code == 200
    players[0].api_tokens.get().revoke()
    assert_error(api.get("/me"), 401, "invalid_token")


def test_it_stores_only_a_hash_of_the_token(players):
    from games.api.models import ApiToken

    row, token = ApiToken.issue(players[0], "bot")
    assert token not in str(ApiToken.objects.filter(pk=row.pk).values().get())


def test_it_limits_the_rate_per_player_whatever_the_token(table, players, settings, still_ratelimit_clock):
    settings.API_RATE_LIMIT = 3
    game, seats = table
    api = api_for(players[0])
    for _ in range(3):
        assert api.get("/me").status_code == 200
    card = game.state["hands"][seats[players[0].pk]][0]
    response = submit(api, game, {"type": "bid", "card": card})
    assert_error(response, 429, "rate_limited")
    assert response["Retry-After"] == "60"
    game.refresh_from_db()
    assert game.version == 0
    assert api_for(players[0]).get("/me").status_code == 429  # a new token does not start a new allowance
    assert api_for(players[1]).get("/me").status_code == 200  # another player has their own


def test_it_hides_a_private_game_and_answers_unknown_ones_with_404(table, players):
    game, _seats = table
    Game.objects.filter(pk=game.pk).update(visibility=Game.Visibility.PRIVATE)
    outsider = api_for(players[2])
    assert_error(outsider.get(f"/games/{game.pk}"), 404, "not_found")
    assert_error(outsider.get("/games/99999999"), 404, "not_found")
    assert_error(outsider.get(f"/games/{2**70}"), 404, "not_found")


def test_it_refuses_a_wrong_method(players):
    assert_error(api_for(players[0]).post("/me", {}), 405, "method_not_allowed")


@pytest.mark.parametrize(
    ("extra", "status", "code"),
    [
        ('"note": "' + "x" * 10_000 + '"', 422, "illegal"),  # else stored in the log, shown in every replay
        ('"x": NaN', 400, "malformed"),  # not JSON; PostgreSQL refused it: a server error
        ('"x": -Infinity', 400, "malformed"),
    ],
)
def test_it_refuses_a_legal_wild_cards_move_with_a_key_of_its_own_and_stores_nothing(players, extra, status, code):
    alice = players[0]
    game = new_game([alice], "wildcards", bots=2, seed="extra-keys")
    seat = game.seats.get(user=alice).position
    move = json.dumps(dict(get_engine("wildcards").legal_actions(game.state, seat)[0]))
    body = f'{{"version": {game.version}, "action": {move[:-1]}, {extra}}}}}'
    before = game.version
    assert_error(api_for(alice).post(f"/games/{game.pk}/actions", body, raw=True), status, code)
    game.refresh_from_db()
    assert game.version == before and not Action.objects.filter(game=game, seat=seat).exists()


def test_a_move_in_a_game_still_waiting_for_players_is_refused_as_not_started(players):
    # The creator of an open game, seated in it, is not told "You have no seat".
    from games.services import do_create_game
    from games.services.lobby import TimeControl

    game = do_create_game(players[0], "secret", 2, None, time_control=TimeControl())
    response = api_for(players[0]).post(f"/games/{game.pk}/actions", {"version": 0, "action": {"type": "x"}})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "not_running"
    assert "not started" in response.json()["error"]["message"]
    assert not Action.objects.filter(game=game).exists()
    stranger = api_for(players[1]).post(f"/games/{game.pk}/actions", {"version": 0, "action": {"type": "x"}})
    assert stranger.json()["error"]["code"] == "not_your_seat"


def test_a_filter_refusal_names_no_internal_field(players):
    response = api_for(players[0]).get("/history", since="2026-11-28", until="2026-11-27")
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert "__all__" not in message and "The first date must not be after the second." in message


def test_a_version_ahead_of_the_game_is_told_as_ahead_not_as_old(table, players):
    # A bot's off-by-one version is not answered "The game has moved on".
    table, _seats = table
    api = api_for(table.seats.get(position=0).user)
    table.refresh_from_db()
    response = submit(api, table, {"type": "x"}, version=table.version + 5)
    assert response.status_code == 409 and response.json()["error"]["code"] == "stale"
    message = response.json()["error"]["message"]
    assert "moved on" not in message
    assert f"ahead of the game, which is at version {table.version}" in message
    assert Action.objects.filter(game=table).count() == table.version


def test_every_status_a_game_is_listed_with_can_be_asked_for(players):
    # "?status=cancelled" is accepted, as the list shows cancelled games.
    api = api_for(players[0])
    for status in ("open", "running", "paused", "finished", "abandoned", "cancelled"):
        response = api.get("/games", status=status)
        assert response.status_code == 200, (status, response.json())
    assert api.get("/games", status="lost").status_code == 400
