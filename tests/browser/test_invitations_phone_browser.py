"""On a phone: an invitation from a bot account, its mark and its two buttons, declined in one press."""

import pytest
from playwright.sync_api import expect

from games.models import Game, Invitation
from games.services import do_create_game, do_invite
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_declines_a_bot_accounts_invitation_on_a_phone(signed_in, live_server):
    robot = make_user("robot", display_name="Robo")
    make_user("bob")
    robot.profile.bot_account = True
    robot.profile.save()
    game = do_create_game(robot, "cubirds", 2, {}, visibility=Game.Visibility.PRIVATE)
    do_invite(game.pk, robot, "bob")
    page = signed_in("bob", width=390)
    page.goto(f"{live_server.url}/games/")
    invitation = page.locator("#invitations .invitation")
    expect(invitation).to_contain_text("Robo")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".bot-account").first).to_be_visible()  # the creator is marked a bot
    page.goto(f"{live_server.url}/games/")
    expect(invitation.get_by_role("button", name="Accept the invitation")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"
    invitation.get_by_role("button", name="Decline").click()
    expect(page.get_by_text("You declined the invitation")).to_be_visible()
    expect(page.locator("#invitations")).to_have_count(0)
    assert Invitation.objects.get(game=game).declined_at is not None
