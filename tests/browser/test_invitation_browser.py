"""A private game filled from its page in real browsers: the creator invites by username, the invitee accepts."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from games.services import do_create_game
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_fills_a_private_game_by_an_invitation_accepted_on_its_page(signed_in, live_server):
    creator = make_user("ana", display_name="Ana")
    make_user("ben", display_name="Ben")
    game = do_create_game(creator, "wildcards", 2, {}, visibility=Game.Visibility.PRIVATE)
    ana = signed_in("ana")
    ana.goto(f"{live_server.url}/games/{game.pk}/")
    expect(ana.locator(".seats")).to_contain_text("(you)")
    expect(ana.get_by_role("button", name="Join this game")).to_have_count(0)
    ana.get_by_label("Invite by username or email address").fill("ben")
    ana.get_by_role("button", name="Invite", exact=True).click()
    expect(ana.locator(".messages")).to_contain_text("Invitation sent to ben.")

    ben = signed_in("ben")
    ben.goto(f"{live_server.url}/games/{game.pk}/")
    expect(ben.locator(".seats")).to_contain_text("You are invited by Ana.")
    ben.get_by_role("button", name="Accept the invitation").click()
    expect(ben.locator(".messages")).to_contain_text("the game has started")
    expect(ben.locator("#my-turn, #view").first).to_be_visible()
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert sorted(game.seats.values_list("user__username", flat=True)) == ["ana", "ben"]


def test_on_a_phone_the_creator_sees_whom_they_invited_and_withdraws_a_mistyped_address(signed_in, live_server):
    creator = make_user("ana", display_name="Ana")
    game = do_create_game(creator, "wildcards", 3, {}, visibility=Game.Visibility.PRIVATE)
    ana = signed_in("ana", width=390)
    ana.goto(f"{live_server.url}/games/{game.pk}/")
    invite = ana.get_by_label("Invite by username or email address")
    invite.fill("a-rather-long-mistyped-address@example.org")
    ana.get_by_role("button", name="Invite", exact=True).click()
    expect(ana.locator("#invited")).to_contain_text("a-rather-long-mistyped-address@example.org")
    invite.fill("a-rather-long-mistyped-address@example.org")
    ana.get_by_role("button", name="Invite", exact=True).click()
    expect(ana.locator(".messages")).to_contain_text("is already invited")
    assert ana.evaluate("document.documentElement.scrollWidth") <= 390
    ana.locator("#invited").get_by_role("button", name="Withdraw").click()
    expect(ana.locator(".messages")).to_contain_text("withdrawn")
    expect(ana.locator("#invited")).to_have_count(0)
