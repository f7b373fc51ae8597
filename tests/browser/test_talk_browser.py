"""Table talk in a real browser on a phone: what one player is typing survives the table's own
refresh, which brings in what another player said."""

import pytest
from playwright.sync_api import expect

from games.models import TableMessage
from games.services import do_create_game, do_join, do_say
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("move_before", [True, False], ids=["moveBefore", "without-moveBefore"])
def test_on_a_phone_a_player_talks_while_the_table_refreshes(signed_in, live_server, move_before):
    ana = make_user("ana", display_name="Ana")
    ben = make_user("ben", display_name="Ben")
    game = do_create_game(ana, "wildcards", 2, {})
    do_join(game.pk, ben)
    page = signed_in("ana", width=390)
    if not move_before:  # as Safari and older browsers: htmx moves a kept field out and back
        page.add_init_script("delete Element.prototype.moveBefore")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    box = page.get_by_label("Say something to the table")
    box.click()
    page.keyboard.type("Good luck, Ben! I am still typ")
    do_say(game.pk, ben, "Hello Ana, " + "x" * 80)  # one long word: it must wrap, not widen the page
    # The table's own refresh, as its timer sends it: the stamp has changed, so the table is swapped.
    page.evaluate(
        "() => { const r = document.querySelector('[data-refresh]');"
        " htmx.ajax('GET', r.getAttribute('hx-get'), {target: '#table', swap: 'innerHTML'}); }"
    )
    expect(page.locator("#talk")).to_contain_text("Hello Ana")
    expect(box).to_have_value("Good luck, Ben! I am still typ")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.keyboard.type("ing.")  # the caret is where it was: typing goes on
    expect(box).to_have_value("Good luck, Ben! I am still typing.")
    page.locator("#talk").get_by_role("button", name="Say").click()
    expect(page.locator("#talk .talk-lines")).to_contain_text("Good luck, Ben! I am still typing.")
    expect(page.get_by_label("Say something to the table")).to_have_value("")
    assert list(TableMessage.objects.order_by("pk").values_list("user__username", flat=True)) == ["ben", "ana"]
