"""A seat offer that lapsed (GAME_SEAT_OFFER_DAYS) no longer opens a private game's table to the
player it was made to (#68: `_takes_part` checked that it was unanswered, not its age)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, SeatOffer
from games.services import do_offer_seat, do_resign
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db


def _offered(settings, days_ago: float):
    creator, other, third = make_user("cre"), make_user("oth"), make_user("thi")
    game = start_game([creator, other, third], engine="wizard")
    game.visibility = Game.Visibility.PRIVATE
    game.save(update_fields=["visibility"])
    leaver = next(s for s in game.seats.all() if s.user_id != creator.pk)
    do_resign(game.pk, leaver.user)
    stranger = make_user("newcomer")
    offer = do_offer_seat(game.pk, creator, leaver.position, stranger)
    SeatOffer.objects.filter(pk=offer.pk).update(created_at=timezone.now() - timedelta(days=days_ago))
    return game, stranger


def test_a_standing_offer_opens_the_private_table_to_its_player(client, settings):
    game, stranger = _offered(settings, days_ago=1)
    client.force_login(stranger)
    assert client.get(f"/games/{game.pk}/").status_code == 200


def test_a_lapsed_offer_no_longer_does(client, settings):
    game, stranger = _offered(settings, days_ago=settings.GAME_SEAT_OFFER_DAYS + 1)
    client.force_login(stranger)
    assert client.get(f"/games/{game.pk}/").status_code == 404
    assert seat_user(game, 0) != stranger
