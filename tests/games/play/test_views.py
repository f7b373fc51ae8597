import json

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Action, Game, Invitation
from games.services import do_resign
from tests.conftest import PASSWORD, make_user, without_csrf_token
from tests.games.conftest import seat_user, start_game
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def post_action(client, game, action, version=None):
    return client.post(
        reverse("games:act", args=[game.pk]),
        {"action": json.dumps(action), "version": game.version if version is None else version},
        follow=True,
    )


def test_the_table_shows_a_player_their_moves_and_deadline(client, players):
    game = start_game(players)
    user = seat_user(game, 0)
    client.force_login(user)
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert "Your move" in page
    assert "Answer by" in page
    for card in game.state["hands"][0]:
        assert f"card {card}" in page


def test_a_player_acts_from_the_table(client, players):
    game = start_game(players)
    client.force_login(seat_user(game, 0))
    card = game.state["hands"][0][1]
    response = post_action(client, game, {"type": "bid", "card": card})
    assert response.status_code == 200
    stored = Action.objects.get(game=game)
    assert stored.payload == {"type": "bid", "card": card} and stored.channel == "web"


def test_a_double_click_stores_one_action_and_says_why(client, players):
    game = start_game(players)
    client.force_login(seat_user(game, 0))
    action = {"type": "bid", "card": game.state["hands"][0][0]}
    post_action(client, game, action, version=0)
    response = post_action(client, game, action, version=0)
    assert "moved on" in response.content.decode()
    assert Action.objects.filter(game=game).count() == 1


def test_malformed_submissions_get_a_clear_message_and_change_nothing(client, players):
    game = start_game(players)
    client.force_login(seat_user(game, 0))
    for data in ({"action": "{not json", "version": 0}, {"action": "{}", "version": "x"}, {}):
        response = client.post(reverse("games:act", args=[game.pk]), data, follow=True)
        assert "not understood" in response.content.decode()
    response = post_action(client, game, {"type": "bid", "card": 999})
    assert "not a move you can make" in response.content.decode()
    assert not Action.objects.exists()


def test_nobody_acts_for_a_seat_that_is_not_theirs(client, players):
    game = start_game(players)
    outsider = make_user("mallory")
    client.force_login(outsider)
    response = post_action(client, game, {"type": "bid", "card": game.state["hands"][0][0]})
    assert "no seat in this game" in response.content.decode()
    assert not Action.objects.exists()


def test_acting_needs_a_csrf_token(players):
    game = start_game(players)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(seat_user(game, 0))
    response = strict.post(
        reverse("games:act", args=[game.pk]),
        {"action": json.dumps({"type": "bid", "card": game.state["hands"][0][0]}), "version": 0},
    )
    assert response.status_code == 403
    assert not Action.objects.exists()


def test_the_htmx_request_gets_the_table_fragment_only(client, players):
    game = start_game(players)
    client.force_login(seat_user(game, 0))
    response = client.get(reverse("games:table", args=[game.pk]), headers={"HX-Request": "true"})
    body = response.content.decode()
    assert "<html" not in body and "Your move" in body


def test_no_page_shows_another_seats_hand_or_an_unrevealed_bid(client, players):
    game = start_game(players)
    client.force_login(seat_user(game, 0))
    post_action(client, game, {"type": "bid", "card": game.state["hands"][0][0]})
    game.refresh_from_db()
    for viewer in (1, 2, None):
        other = Client()
        if viewer is not None:
            other.force_login(seat_user(game, viewer))
        page = other.get(reverse("games:table", args=[game.pk])).content.decode()
        view_block = page.split('id="view"', 1)[1]
        assert "'bids'" not in view_block
        for position in range(3):
            if position != viewer:
                assert f"'hand': {game.state['hands'][position]}" not in view_block
                assert str(game.state["hands"][position]) not in page


def test_a_private_game_is_hidden_from_strangers(client, players):
    from games.services import do_create_game

    game = do_create_game(players[0], "toy", 2, visibility=Game.Visibility.PRIVATE)
    client.force_login(players[1])
    assert client.get(reverse("games:table", args=[game.pk])).status_code == 404
    act = client.post(reverse("games:act", args=[game.pk]), {"action": "{}", "version": 0})
    assert act.status_code == 404  # acting does not reveal that it exists either
    assert client.post(reverse("games:join", args=[game.pk])).status_code == 404
    assert game.seats.count() == 1


@pytest.mark.parametrize("state", ["open", "running", "finished"])
@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("games:join", {}),
        ("games:join", {"token": "guessed"}),
        ("games:leave", {}),
        ("games:invite", {"who": "someone@example.org"}),
        ("games:resign", {}),
        ("games:pause", {}),
        ("games:resume", {}),
        ("games:extend", {"seat": "0", "hours": "2"}),
        ("games:replace", {"seat": "0", "username": ""}),
    ],
)
def test_a_stranger_learns_nothing_of_a_private_game_from_any_form(client, players, state, name, data):
    # The answers of "leave" and "join" must not tell running from waiting games.
    from games.services import do_create_game, do_join

    alice, bob, _carol = players
    game = do_create_game(alice, "toy", 2, visibility=Game.Visibility.PRIVATE)
    if state != "open":
        game.invitations.create(user=bob, invited_by=alice, email=bob.email, token="t")
        do_join(game.pk, bob)
    if state == "finished":
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    stranger = make_user("stranger")
    client.force_login(stranger)
    before = (Game.objects.get(pk=game.pk).status, list(game.seats.values_list("user_id", "kind", "status")))
    answer = client.post(reverse(name, args=[game.pk]), data)
    missing = client.post(reverse(name, args=[999_999]), data)
    assert answer.status_code == missing.status_code == 404
    # The same page, but for the address asked for and the CSRF token's random mask (the
    # not-found page has the site's language form, which carries both).
    asked = answer.content.replace(f"/{game.pk}/".encode(), b"/999999/")
    assert without_csrf_token(asked.decode()) == without_csrf_token(missing.content.decode())
    assert (Game.objects.get(pk=game.pk).status, list(game.seats.values_list("user_id", "kind", "status"))) == before


def test_creating_a_game_from_the_lobby(client, players):
    client.force_login(players[0])
    form = {
        "engine": "toy",
        "num_seats": 2,
        "bots": 0,
        "visibility": "open",
        "clock": "phase",
        "phase_seconds": 86400,
        "timeouts_before_bot": 2,
        "option_rounds": 2,
    }
    response = client.post(reverse("games:create"), form)
    game = Game.objects.get()
    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert game.options == {"rounds": 2} and game.status == "open"


def test_bad_game_options_get_a_clear_message(client, players):
    client.force_login(players[0])
    form = {"engine": "toy", "num_seats": 9, "bots": 0, "visibility": "open", "clock": "phase"}
    form |= {"phase_seconds": 86400, "timeouts_before_bot": 2, "option_rounds": 7}
    response = client.post(reverse("games:create"), form)
    assert response.status_code == 200
    assert "less than or equal to 4" in response.content.decode()
    form["num_seats"] = 2
    response = client.post(reverse("games:create"), form)
    assert "rounds must be 1, 2 or 3" in response.content.decode()
    assert not Game.objects.exists()


def test_an_invitation_by_email_brings_a_newcomer_to_the_table(client, players):
    from games.services import do_create_game, do_invite

    game = do_create_game(players[0], "toy", 2, visibility=Game.Visibility.PRIVATE)
    do_invite(game.pk, players[0], "newcomer@example.org")
    invite = Invitation.objects.get()
    mail = OutboxMessage.objects.get(key=f"invite:{invite.pk}")
    assert invite.token in mail.text and mail.to == "newcomer@example.org"
    page = client.get(reverse("games:invitation", args=[invite.token])).content.decode()
    assert "Sign up or log in" in page
    newcomer = make_user("newcomer")
    client.post(reverse("accounts:login"), {"login": "newcomer", "password": PASSWORD})
    response = client.post(reverse("games:join", args=[game.pk]), {"token": invite.token}, follow=True)
    assert "the game has started" in response.content.decode()
    game.refresh_from_db()
    assert game.status == "running" and game.seats.filter(user=newcomer).exists()
    # The invitation works once.
    third = make_user("third")
    client.force_login(third)
    response = client.post(reverse("games:join", args=[game.pk]), {"token": invite.token}, follow=True)
    assert "no longer waiting" in response.content.decode()


def test_the_dashboard_lists_the_games_waiting_for_me_first(client, players):
    first = start_game(players, phase_seconds=86400)
    second = start_game(players, phase_seconds=12 * 3600)
    client.force_login(players[0])
    page = client.get(reverse("home")).content.decode()
    waiting = page.split('id="waiting"', 1)[1].split("</section>", 1)[0]
    assert waiting.index(f"/games/{second.pk}/") < waiting.index(f"/games/{first.pk}/")


def test_the_dashboard_lists_games_under_way_before_finished_ones_however_many_finished(client, players):
    # Games still being played come before finished tournament tables, not last, and past 30
    # newer games a game under way does not fall off the page.
    from datetime import timedelta

    from django.utils import timezone

    under_way = start_game(players, phase_seconds=86400)
    finished = [start_game(players) for _ in range(31)]
    now = timezone.now()
    for number, game in enumerate(finished):
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=now - timedelta(hours=number))
    client.force_login(players[0])
    page = client.get(reverse("home")).content.decode()
    playing = page.split('id="finished-games"', 1)[0]  # waiting for me, and my other games
    assert f"/games/{under_way.pk}/" in playing
    assert not any(f'/games/{game.pk}/"' in playing for game in finished)
    recent = page.split('id="finished-games"', 1)[1].split("</section>", 1)[0]
    shown = [game for game in finished if f'/games/{game.pk}/"' in recent]
    assert shown == finished[:10]  # the last ten to finish, latest first
    assert recent.index(f"/games/{finished[0].pk}/") < recent.index(f"/games/{finished[1].pk}/")
    assert reverse("games:player", args=[players[0].username]) in recent  # and the way to every game


def test_a_game_nobody_finished_is_listed_among_the_finished_ones_with_its_status(client, players):
    # A game every player timed out of ends "abandoned": it must not vanish from the home page.
    from django.utils import timezone

    game = start_game(players)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED, finished_at=timezone.now())
    client.force_login(players[0])
    page = client.get(reverse("home")).content.decode()
    recent = page.split('id="finished-games"', 1)[1].split("</section>", 1)[0]
    assert f"/games/{game.pk}/" in recent and "abandoned" in recent
    mine = page.split('id="my-games"', 1)[1].split("</section>", 1)[0]
    assert "None yet." not in mine  # not a newcomer: no games under way is said as such


def test_the_creator_offers_the_seat_of_a_player_who_resigned_from_the_table(client, players):
    game = start_game(players)
    newcomer = make_user("dora")
    do_resign(game.pk, players[1])
    gone = game.seats.get(user=players[1]).position
    client.force_login(players[0])
    response = client.post(reverse("games:replace", args=[game.pk]), {"seat": gone, "username": "dora"}, follow=True)
    assert "it is theirs if they accept" in response.content.decode()
    assert game.seat_offers.get(position=gone).user == newcomer
    assert game.seats.get(position=gone).user == players[1]  # nobody is seated without agreeing
    response = client.post(reverse("games:replace", args=[game.pk]), {"seat": gone, "username": "nobody"}, follow=True)
    assert "No player is called" in response.content.decode()
    client.force_login(players[1])
    response = client.post(reverse("games:replace", args=[game.pk]), {"seat": 0, "username": ""}, follow=True)
    assert "Only the game&#x27;s creator" in response.content.decode()
    assert game.seats.get(position=0).kind == "human"


def test_a_game_id_too_large_for_the_database_is_not_found(client, players):
    client.force_login(players[0])
    huge = "9" * 30
    assert client.get(f"/games/{huge}/").status_code == 404
    assert client.post(f"/games/{huge}/act/", {"action": "{}", "version": 0}).status_code == 404
    assert client.get("/games/99999999999999999/").status_code == 404
