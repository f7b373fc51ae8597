"""A private game filled from its page in real browsers: the creator invites by username, the invitee accepts."""

import pytest
from playwright.sync_api import expect

from games.models import Game
from games.services import do_create_game, do_join
from tests.conftest import make_user
from tests.games.conftest import play_to_the_end

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


def test_on_a_phone_two_players_play_a_finished_game_again(signed_in, live_server):
    ana = make_user("ana", display_name="Ana")
    ben = make_user("ben", display_name="Ben")
    game = do_create_game(ana, "emu_ranchers", 2, {"years": 1})
    do_join(game.pk, ben)
    game = play_to_the_end(Game.objects.get(pk=game.pk))
    assert game.status == Game.Status.FINISHED

    ben_page = signed_in("ben", width=390)
    ben_page.goto(f"{live_server.url}/games/{game.pk}/")
    ben_page.locator("#rematch").get_by_role("button", name="Play again").click()
    expect(ben_page.locator(".messages")).to_contain_text("Ana is invited by mail.")
    expect(ben_page.locator(".game-link")).to_contain_text(f"A rematch of {game}")
    assert ben_page.evaluate("document.documentElement.scrollWidth") <= 390

    ana_page = signed_in("ana", width=390)
    ana_page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(ana_page.locator("#rematch")).to_contain_text("Ben asks to play again.")
    assert ana_page.evaluate("document.documentElement.scrollWidth") <= 390
    ana_page.locator("#rematch").get_by_role("button", name="Play again").click()
    expect(ana_page.locator(".messages")).to_contain_text("the game has started")
    rematch = Game.objects.get(rematch_of=game)
    assert rematch.status == Game.Status.RUNNING
    assert sorted(rematch.seats.values_list("user__username", flat=True)) == ["ana", "ben"]


def test_on_a_phone_an_invited_player_finds_the_rematch_at_home_and_accepts_it(signed_in, live_server):
    """Invited by username to a rematch, the home page says so."""
    from tests.browser.test_accessibility_browser import serious_violations

    ana = make_user("ana", display_name="Ana")
    ben = make_user("ben", display_name="Ben")
    game = do_create_game(ana, "emu_ranchers", 2, {"years": 1})
    do_join(game.pk, ben)
    game = play_to_the_end(Game.objects.get(pk=game.pk))
    ana_page = signed_in("ana", width=390)
    ana_page.goto(f"{live_server.url}/games/{game.pk}/")
    ana_page.locator("#rematch").get_by_role("button", name="Play again").click()
    expect(ana_page.locator(".messages")).to_contain_text("Ben is invited by mail.")
    rematch = Game.objects.get(rematch_of=game)

    ben_page = signed_in("ben", width=390)
    ben_page.goto(f"{live_server.url}/")
    invitations = ben_page.locator("#invitations")
    expect(invitations).to_contain_text(f"Ana invites you to {rematch}, a rematch of {game}.")
    assert ben_page.evaluate("document.documentElement.scrollWidth") <= 390
    assert serious_violations(ben_page) == []
    ben_page.goto(f"{live_server.url}/games/")
    expect(ben_page.locator("#invitations")).to_contain_text(f"Ana invites you to {rematch}")
    ben_page.locator("#invitations").get_by_role("button", name="Accept the invitation").click()
    expect(ben_page.locator(".messages")).to_contain_text("the game has started")
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.RUNNING
