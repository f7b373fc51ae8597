"""A mail telling what happened at a table gives its time in the recipient's own time zone, as
the table's log does: "08:00" in Madrid for an 08:00 decision, not "07:00"."""

from __future__ import annotations

import zoneinfo

import pytest
from django.utils import timezone

from games.models import GameEvent
from games.services import do_pause
from tests.conftest import rendered
from tests.games.conftest import start_game
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("zone", ["Europe/Madrid", "America/New_York"])
def test_a_pause_is_mailed_at_the_readers_local_time(players, zone):
    bob = players[1]
    type(bob.profile).objects.filter(user=bob).update(time_zone=zone)
    game = start_game(players)
    do_pause(game.pk, players[0])
    event = GameEvent.objects.get(game=game, kind=GameEvent.Kind.PAUSED)
    mail = rendered(OutboxMessage.objects.get(key=f"table-event:{event.pk}:{bob.pk}"))
    local = timezone.localtime(event.created_at, zoneinfo.ZoneInfo(zone)).strftime("%H:%M")
    utc = timezone.localtime(event.created_at, zoneinfo.ZoneInfo("UTC")).strftime("%H:%M")
    assert local != utc
    assert f"{local}: Alice paused the game." in mail.text
    assert f"{utc}: Alice paused" not in mail.text
