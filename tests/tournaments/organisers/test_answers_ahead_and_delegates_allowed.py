"""An organiser decides whether the event's players may answer ahead and hand a seat to a
delegate (both on by default); the tables follow, and the event's page says when they may not."""

from __future__ import annotations

import pytest

from games.services import ActionRejected
from games.services.delegate import do_delegate
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, emu_round_robin, make_players

pytestmark = pytest.mark.django_db


def test_both_are_allowed_at_an_event_s_tables_unless_its_organisers_say_no(client):
    organiser = make_user("org", staff=True)
    on = emu_round_robin(organiser, make_players(2, "a"), name="Open")
    off = emu_round_robin(organiser, make_players(2, "b"), name="Strict", allow_ahead=False, allow_delegates=False)
    (table_on,) = current_tables(on)
    (table_off,) = current_tables(off)
    assert (table_on.game.allow_ahead, table_on.game.allow_delegates) == (True, True)
    assert (table_off.game.allow_ahead, table_off.game.allow_delegates) == (False, False)
    player = table_off.game.seats.first().user
    with pytest.raises(ActionRejected) as refused:
        do_delegate(table_off.game.pk, player, "back")
    assert refused.value.code == "forbidden"
    strict = client.get(f"/tournaments/{off.pk}/").content.decode()
    assert "no answers ahead" in strict and "no delegates" in strict
    assert "no delegates" not in client.get(f"/tournaments/{on.pk}/").content.decode()


def test_the_settings_form_offers_both_checked_by_default(client):
    client.force_login(make_user("org2", staff=True))
    page = client.get("/tournaments/new/").content.decode()
    for name in ("allow_ahead", "allow_delegates"):
        assert f'name="{name}"' in page
        tag = page[page.index(f'name="{name}"') - 200 : page.index(f'name="{name}"') + 200]
        assert "checked" in tag
