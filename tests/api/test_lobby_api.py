"""Creating, listing, joining, leaving and inviting through the API: the lobby's services, the
page's form and throttle, and every refusal a clear JSON error that changes nothing."""

import pytest
from django.test import Client

from games.models import Game, Invitation, Seat
from tests.api.conftest import api_for
from tests.api.test_play_api import assert_error
from tests.conftest import make_user
from tests.history.conftest import new_game

pytestmark = pytest.mark.django_db


def create(api, **body):
    return api.post("/games", body)


def test_it_creates_a_game_with_every_setting_of_the_page(players):
    api = api_for(players[0])
    response = create(
        api,
        engine="wildcards",
        num_players=4,
        bots=1,
        bot_levels=["strong"],
        visibility="private",
        clock="bank:brisk",
        weekend_pause=True,
        rated=False,
        timeouts_before_bot=3,
        options={"edition": "2020"},
    )
    assert response.status_code == 201, response.content
    answer = response.json()
    game = Game.objects.get(pk=answer["id"])
    assert (game.engine, game.num_seats, game.visibility, game.rated) == ("wildcards", 4, "private", False)
    assert game.options["edition"] == "2020"
    assert (game.clock, game.bank_start_seconds, game.weekend_pause, game.timeouts_before_bot) == (
        Game.Clock.BANK,
        3 * 86400,
        True,
        3,
    )
    assert list(game.seats.filter(kind=Seat.Kind.BOT).values_list("bot_level", flat=True)) == ["strong"]
    assert answer["status"] == "open" and answer["time_control"]["clock"] == "bank"
    assert [(p["kind"], p["bot_level"]) for p in answer["players"]] == [("human", None), ("bot", "strong")]


def test_a_game_against_bots_alone_starts_at_once_and_says_whose_turn_it_is(players):
    api = api_for(players[0])
    answer = create(api, engine="wizard", num_players=3, bots=2, phase_seconds=3600).json()
    assert answer["status"] == "running" and answer["seat"] is not None
    assert answer["my_turn"] == (answer["seat"] in answer["to_act"])
    assert answer["rated"] is False  # never rated against bots alone, as on the page
    assert answer["time_control"]["phase_seconds"] == 3600


@pytest.mark.parametrize(
    ("body", "code", "word"),
    [
        ({"engine": "chess"}, "bad_options", "engine"),
        ({"engine": "wizard", "num_players": 9}, "bad_options", "num_players"),
        ({"engine": "wizard", "num_players": 3, "bots": 3}, "bad_options", ""),
        ({"engine": "wizard", "num_players": 3, "bots": 10**18}, "bad_options", ""),
        ({"engine": "wizard", "num_players": 3, "bots": 1, "bot_levels": ["genius"]}, "bad_options", "bot_levels"),
        ({"engine": "wizard", "bots": 1, "bot_levels": ["good", "good"]}, "bad_options", "bot_levels"),
        ({"engine": "wizard", "clock": "hourglass"}, "bad_options", "clock"),
        ({"engine": "wizard", "phase_seconds": 5}, "bad_options", "phase_seconds"),
        ({"engine": "wizard", "timeouts_before_bot": 0}, "bad_options", "timeouts_before_bot"),
        ({"engine": "wildcards", "options": {"edition": "1999"}}, "bad_options", "options.edition"),
        ({"engine": "wildcards", "options": {"leo": "yes"}}, "bad_options", "leo"),
        ({"engine": "wildcards", "options": {"jokers": True}}, "bad_options", "jokers"),
        ({"engine": "wizard", "rated": "yes"}, "malformed", "rated"),
        ({"engine": "wizard", "num_players": True}, "malformed", "num_players"),
        ({"engine": "wizard", "colour": "red"}, "malformed", "colour"),
        ([1, 2], "malformed", ""),
    ],
)
def test_bad_settings_get_a_clear_error_and_make_no_game(players, body, code, word):
    response = (
        create(api_for(players[0]), **body) if isinstance(body, dict) else api_for(players[0]).post("/games", body)
    )
    assert_error(response, 400, code)
    assert word in response.json()["error"]["message"]
    assert not Game.objects.exists()


def test_not_json_is_malformed(players):
    assert_error(api_for(players[0]).post("/games", "{engine", raw=True), 400, "malformed")
    assert not Game.objects.exists()


def test_my_games_are_still_listed_at_the_same_address(players):
    api = api_for(players[0])
    created = create(api, engine="wizard", num_players=3).json()
    assert [game["id"] for game in api.get("/games").json()["games"]] == [created["id"]]


def test_open_games_lists_the_lobby_s_games_waiting_for_players(players):
    alice, bob, _carol = players
    waiting = create(api_for(alice), engine="wizard", num_players=3).json()
    create(api_for(alice), engine="wizard", num_players=3, visibility="private")
    new_game([alice, bob], "secret")  # running: not waiting
    listed = api_for(bob).get("/games/open").json()["games"]
    assert [(game["id"], game["free_seats"]) for game in listed] == [(waiting["id"], 2)]
    assert listed[0]["time_control"]["clock"] == "phase" and listed[0]["rated"] is True


def test_joining_takes_a_seat_and_the_last_one_starts_the_game(players):
    alice, bob, carol = players
    game_id = create(api_for(alice), engine="wizard", num_players=3).json()["id"]
    first = api_for(bob).post(f"/games/{game_id}/join", {})
    assert first.status_code == 200 and first.json()["status"] == "open"
    last = api_for(carol).post(f"/games/{game_id}/join", None, raw=True).json()  # an empty body will do
    assert last["status"] == "running" and last["seat"] is not None
    assert "hand" in str(last["view"]) or last["view"]


def test_a_second_join_and_a_full_table_are_refused_and_change_nothing(players):
    alice, bob, carol = players
    game_id = create(api_for(alice), engine="wizard", num_players=3, bots=1).json()["id"]
    assert api_for(bob).post(f"/games/{game_id}/join", {}).status_code == 200
    assert_error(api_for(alice).post(f"/games/{game_id}/join", {}), 409, "not_open")
    game_id = create(api_for(alice), engine="wizard", num_players=3).json()["id"]
    api_for(bob).post(f"/games/{game_id}/join", {})
    assert_error(api_for(bob).post(f"/games/{game_id}/join", {}), 409, "already_seated")
    assert Seat.objects.filter(game_id=game_id).count() == 2
    # Full: filled by hand so that the game is still waiting (the service starts a full one itself).
    Game.objects.filter(pk=game_id).update(num_seats=2)
    assert_error(api_for(carol).post(f"/games/{game_id}/join", {}), 409, "full")
    assert not Seat.objects.filter(game_id=game_id, user=carol).exists()


def test_a_private_game_is_not_found_without_an_invitation(players):
    alice, bob, _carol = players
    game_id = create(api_for(alice), engine="wizard", num_players=3, visibility="private").json()["id"]
    assert_error(api_for(bob).post(f"/games/{game_id}/join", {}), 404, "not_found")
    assert_error(api_for(bob).post(f"/games/{game_id}/join", {"token": "guessed"}), 404, "not_found")
    assert_error(api_for(bob).post(f"/games/{game_id}/join", {"token": 5}), 400, "malformed")
    assert_error(api_for(bob).post(f"/games/{game_id}/join", {"seat": 1}), 400, "malformed")
    assert not Seat.objects.filter(game_id=game_id, user=bob).exists()


def test_leaving_gives_the_seat_up_and_the_creator_leaving_cancels(players):
    alice, bob, carol = players
    game_id = create(api_for(alice), engine="wizard", num_players=3).json()["id"]
    api_for(bob).post(f"/games/{game_id}/join", {})
    assert api_for(bob).post(f"/games/{game_id}/leave", {}).json() == {"game": game_id, "cancelled": False}
    assert_error(api_for(carol).post(f"/games/{game_id}/leave", {}), 403, "not_seated")
    assert api_for(alice).post(f"/games/{game_id}/leave", {}).json()["cancelled"] is True
    assert Game.objects.get(pk=game_id).status == Game.Status.CANCELLED


def test_leaving_a_running_game_is_refused(players):
    game = new_game(players[:2], "secret")
    assert_error(api_for(players[1]).post(f"/games/{game.pk}/leave", {}), 409, "not_open")
    assert game.seats.count() == 2


def test_inviting_by_name_and_its_refusals(players):
    alice, bob, carol = players
    game_id = create(api_for(alice), engine="wizard", num_players=3).json()["id"]
    api = api_for(alice)
    response = api.post(f"/games/{game_id}/invitations", {"who": "bob"})
    assert response.status_code == 201 and response.json() == {"game": game_id, "who": "bob"}
    assert Invitation.objects.filter(game_id=game_id, user=bob).count() == 1
    assert_error(api.post(f"/games/{game_id}/invitations", {"who": "bob"}), 409, "already_invited")
    assert_error(api.post(f"/games/{game_id}/invitations", {"who": "nobody"}), 422, "no_user")
    assert_error(api.post(f"/games/{game_id}/invitations", {"who": "alice"}), 409, "already_seated")
    assert_error(api.post(f"/games/{game_id}/invitations", {"who": ""}), 400, "malformed")
    assert_error(api.post(f"/games/{game_id}/invitations", {"who": "a@b, c@d"}), 400, "bad_address")
    assert_error(api_for(carol).post(f"/games/{game_id}/invitations", {"who": "bob"}), 403, "forbidden")
    assert Invitation.objects.filter(game_id=game_id).count() == 1


def test_invitations_share_the_page_s_hourly_throttle(players, settings, still_ratelimit_clock):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "invite_user": "2/h"}
    alice = players[0]
    game_id = create(api_for(alice), engine="wizard", num_players=5).json()["id"]
    page = Client()
    page.force_login(alice)
    page.post(f"/games/{game_id}/invite/", {"who": "bob"})
    api = api_for(alice)
    assert api.post(f"/games/{game_id}/invitations", {"who": "carol"}).status_code == 201
    make_user("dave")
    response = api.post(f"/games/{game_id}/invitations", {"who": "dave"})
    assert_error(response, 429, "rate_limited")
    assert response["Retry-After"]
    assert not Invitation.objects.filter(game_id=game_id, user__username="dave").exists()


def test_the_settings_docs_api_md_shows_make_a_game(players):
    import json
    import pathlib
    import re

    text = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text()
    shown = re.search(r"own form: `(\{.*?\})`", text, re.S).group(1)
    response = api_for(players[0]).post("/games", json.loads(shown))
    assert response.status_code == 201, response.content
    assert response.json()["options"]["edition"] == "2020"
