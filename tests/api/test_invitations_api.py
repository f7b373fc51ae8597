"""Invitations and seat offers through the API: listed for their player, accepted or declined
with the services the pages use; a stale one is refused and changes nothing."""

import random
from datetime import timedelta

import pytest

from games.models import Game, Seat, SeatOffer
from games.services import do_create_game, do_invite, do_offer_seat, do_resign, do_withdraw_invitation
from tests.api.conftest import api_for
from tests.api.test_play_api import assert_error
from tests.history.conftest import new_game, play_on

pytestmark = pytest.mark.django_db


@pytest.fixture
def invited(players):
    """A private game of Alice's, waiting, with Bob invited by name."""
    alice, bob, _carol = players
    game = do_create_game(alice, "wizard", 3, bots=1, visibility=Game.Visibility.PRIVATE)
    invitation = do_invite(game.pk, alice, "bob")
    return game, invitation


def test_my_invitations_are_listed_and_accepting_one_seats_me(invited, players):
    game, invitation = invited
    bob = players[1]
    listed = api_for(bob).get("/invitations").json()
    assert [(i["id"], i["game"], i["invited_by"]) for i in listed["invitations"]] == [(invitation.pk, game.pk, "Alice")]
    assert api_for(players[2]).get("/invitations").json()["invitations"] == []
    # Invited, Bob may read the private game before he joins (as its page lets him).
    assert api_for(bob).get(f"/games/{game.pk}").status_code == 200
    answer = api_for(bob).post(f"/invitations/{invitation.pk}/accept", {}).json()
    assert answer["status"] == "running" and answer["seat"] is not None
    assert api_for(bob).get("/invitations").json()["invitations"] == []


def test_joining_with_the_invitation_s_token_seats_me_too(invited, players):
    game, invitation = invited
    answer = api_for(players[1]).post(f"/games/{game.pk}/join", {"token": invitation.token}).json()
    assert answer["status"] == "running"


def test_a_withdrawn_invitation_is_refused_and_seats_nobody(invited, players):
    game, invitation = invited
    do_withdraw_invitation(game.pk, invitation.pk, players[0])
    assert_error(api_for(players[1]).post(f"/invitations/{invitation.pk}/accept", {}), 409, "bad_invitation")
    assert not game.seats.filter(user=players[1]).exists()


def test_someone_else_s_invitation_is_not_found(invited, players):
    _game, invitation = invited
    assert_error(api_for(players[2]).post(f"/invitations/{invitation.pk}/accept", {}), 404, "no_invitation")
    assert_error(api_for(players[2]).post("/invitations/999999/accept", {}), 404, "no_invitation")


@pytest.fixture
def offered(players):
    """A running game whose second seat Bob left; Alice, its creator, offers it to Carol."""
    alice, bob, carol = players
    game = new_game([alice, bob], "wizard", bots=1, seed="offer")
    play_on(game, random.Random(1), stop_at=2)
    do_resign(game.pk, bob)
    position = game.seats.get(user=bob).position
    offer = do_offer_seat(game.pk, alice, position, carol)
    return game, offer


def test_a_seat_offer_is_listed_and_taken(offered, players):
    game, offer = offered
    carol = players[2]
    listed = api_for(carol).get("/invitations").json()["seat_offers"]
    assert [(o["id"], o["game"], o["seat"], o["offered_by"]) for o in listed] == [
        (offer.pk, game.pk, offer.position, "Alice")
    ]
    answer = api_for(carol).post(f"/seat-offers/{offer.pk}/accept", {}).json()
    assert answer["accepted"] is True and answer["seat"] == offer.position
    assert game.seats.get(position=offer.position).user == carol


def test_a_seat_offer_declined_seats_nobody_and_cannot_be_taken_after(offered, players):
    game, offer = offered
    carol = players[2]
    answer = api_for(carol).post(f"/seat-offers/{offer.pk}/decline", {}).json()
    assert answer == {"offer": offer.pk, "game": game.pk, "accepted": False}
    assert_error(api_for(carol).post(f"/seat-offers/{offer.pk}/accept", {}), 409, "answered")
    assert_error(api_for(carol).post(f"/seat-offers/{offer.pk}/decline", {}), 409, "answered")
    assert game.seats.get(position=offer.position).kind == Seat.Kind.BOT


def test_an_expired_or_foreign_offer_is_refused(offered, players, settings):
    _game, offer = offered
    assert_error(api_for(players[0]).post(f"/seat-offers/{offer.pk}/accept", {}), 404, "no_offer")
    SeatOffer.objects.filter(pk=offer.pk).update(
        created_at=offer.created_at - timedelta(days=settings.GAME_SEAT_OFFER_DAYS + 1)
    )
    assert_error(api_for(players[2]).post(f"/seat-offers/{offer.pk}/accept", {}), 409, "expired")
    assert SeatOffer.objects.get(pk=offer.pk).answered_at is None
