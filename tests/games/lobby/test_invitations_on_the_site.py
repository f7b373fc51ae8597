"""A signed-in player finds what they are invited to on the home page and the Games page.

A player invited by username, then asked to play again, does not read "No game is waiting for
you" at home and nothing on the Games page: the mail's link is not the only way in."""

import pytest
from django.urls import reverse

from games.models import Game
from games.services import do_create_game, do_invite, do_offer_seat, do_rematch, do_resign
from tests.conftest import make_user, without_csrf_token
from tests.games.conftest import play_to_the_end, start_game
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db

PAGES = ["home", "games:lobby"]


def _invitations(client, page: str) -> str:
    html = client.get(reverse(page)).content.decode()
    return html.split('id="invitations"')[1].split("</section>")[0] if 'id="invitations"' in html else ""


@pytest.mark.parametrize("page", PAGES)
def test_an_invitation_by_username_is_listed_with_who_sent_it_and_a_way_to_accept(client, players, page):
    alice, bob, _carol = players
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    invitation = do_invite(game.pk, alice, "bob")
    client.force_login(bob)
    listed = _invitations(client, page)
    assert f"Alice invites you to {game}." in listed
    assert f'action="{reverse("games:join", args=[game.pk])}"' in listed
    assert f'value="{invitation.token}"' in listed
    # Accepting from the list takes the seat.
    answer = client.post(reverse("games:join", args=[game.pk]), {"token": invitation.token})
    assert answer.status_code == 302 and game.seats.filter(user=bob).exists()
    assert _invitations(client, page) == ""


@pytest.mark.parametrize("page", PAGES)
def test_a_rematch_invitation_says_which_game_it_plays_again(client, players, page):
    alice, bob, carol = players
    finished = play_to_the_end(start_game(players))
    rematch, _ = do_rematch(finished.pk, alice)
    client.force_login(bob)
    listed = _invitations(client, page)
    assert f"Alice invites you to {rematch}, a rematch of {finished}." in listed
    assert "Accept the invitation" in listed


def test_an_invitation_to_an_address_is_found_once_its_owner_has_an_account(client, players):
    alice = players[0]
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    invitation = do_invite(game.pk, alice, "newcomer@example.org")
    newcomer = make_user("newcomer")  # signed up with the invited address afterwards
    client.force_login(newcomer)
    listed = _invitations(client, "home")
    assert f"Alice invites you to {game}." in listed and f'value="{invitation.token}"' in listed
    client.post(reverse("games:join", args=[game.pk]), {"token": invitation.token})
    assert game.seats.filter(user=newcomer).exists()


def test_nobody_else_sees_an_invitation_and_a_withdrawn_or_started_one_is_gone(client, players):
    alice, bob, carol = players
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    do_invite(game.pk, alice, "bob")
    client.force_login(carol)
    assert _invitations(client, "home") == ""
    game.status = Game.Status.CANCELLED
    game.save(update_fields=["status"])
    client.force_login(bob)
    assert _invitations(client, "home") == ""


def test_anonymous_visitors_see_no_invitation_list(client, players):
    assert _invitations(client, "home") == "" and _invitations(client, "games:lobby") == ""


@pytest.mark.parametrize("page", PAGES)
def test_an_open_seat_offer_is_listed_and_taken_from_the_list(client, players, page):
    alice, bob, _carol = players
    game = start_game(players)
    do_resign(game.pk, bob)
    dora = make_user("dora", display_name="Dora")
    offer = do_offer_seat(game.pk, alice, game.seats.get(user=bob).position, dora)
    client.force_login(dora)
    listed = _invitations(client, page)
    assert f"Alice offers you a seat in {game}." in listed
    assert f'action="{reverse("games:answer_offer", args=[game.pk, offer.pk])}"' in listed
    client.post(reverse("games:answer_offer", args=[game.pk, offer.pk]), {"answer": "accept"})
    assert game.seats.filter(user=dora).exists()
    assert _invitations(client, page) == ""


def test_the_mail_asks_only_a_newcomer_to_sign_up(players):
    alice = players[0]
    game = do_create_game(alice, "toy", 4, visibility=Game.Visibility.PRIVATE)
    do_invite(game.pk, alice, "bob")
    do_invite(game.pk, alice, "stranger@example.org")
    do_invite(game.pk, alice, players[2].email)  # an address that has an account
    to_bob = OutboxMessage.objects.get(to=players[1].email)
    to_carol = OutboxMessage.objects.get(to=players[2].email)
    to_stranger = OutboxMessage.objects.get(to="stranger@example.org")
    for mail in (to_bob, to_carol):
        assert "sign up" not in mail.text and "sign up" not in mail.html
        assert "Take your seat here:" in mail.text
    assert "sign up first if you have no account" in to_stranger.text
    assert "sign up first if you have no account" in to_stranger.html


def test_a_link_to_another_player_s_invitation_says_so_instead_of_offering_the_seat(client, players):
    # Opened by someone else, Bob's link does not say "You are invited" and offer a seat the
    # button then refuses as "not valid (used, withdrawn, or for another game)".
    from games.services import do_join
    from games.services.errors import ActionRejected

    alice, bob, carol = players
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    invitation = do_invite(game.pk, alice, "bob")
    client.force_login(carol)
    page = client.get(reverse("games:invitation", args=[invitation.token])).content.decode()
    assert "This invitation is for another player" in page
    assert reverse("games:join", args=[game.pk]) not in page
    answer = client.post(reverse("games:join", args=[game.pk]), {"token": invitation.token}, follow=True)
    assert "This invitation is for another player" in answer.content.decode()
    assert not game.seats.filter(user=carol).exists()
    with pytest.raises(ActionRejected) as refused:
        do_join(game.pk, carol, token=invitation.token)
    assert refused.value.code == "not_yours"


def test_a_private_table_s_link_opened_logged_out_asks_to_log_in_and_comes_back(client, players):
    # A turn mail's "Open the table" opened on a phone not logged in does not answer a bare
    # "Not Found", with no way to log in.
    alice, bob, _carol = players
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    path = reverse("games:table", args=[game.pk])
    response = client.get(path)
    assert response.status_code == 404  # nothing of a private game shows to a stranger
    page = response.content.decode()
    assert 'id="not-found"' in page and f'href="{reverse("accounts:login")}?next={path}"' in page
    # A game that does not exist answers the same: the page tells nothing of which is which.
    missing = client.get(reverse("games:table", args=[game.pk + 1000])).content.decode()

    assert without_csrf_token(missing.replace(str(game.pk + 1000), str(game.pk))) == without_csrf_token(page)
    client.force_login(bob)
    mine_not = client.get(path).content.decode()
    assert 'id="not-found"' in mine_not and "?next=" not in mine_not
