"""A bot takes a seat after missed deadlines: the game's creator, who alone may offer it back, is told."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.engines import get_engine
from games.models import Deadline, Game
from games.services import do_action, do_create_game, do_join, sweep_overdue
from games.services.lobby import TimeControl
from tests.conftest import make_user
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db
DAY = 86400


def _game(creator, others) -> Game:
    game = do_create_game(
        creator,
        "toy",
        1 + len(others),
        {"rounds": 3},
        time_control=TimeControl(phase_seconds=DAY),
        timeouts_before_bot=1,
    )
    for user in others:
        do_join(game.pk, user)
    game.refresh_from_db()
    return game


def _time_out(game: Game, missing) -> None:
    """Everyone called moves but `missing`, whose deadline then passes."""
    engine = get_engine("toy")
    for seat in game.seats.select_related("user"):
        if seat.user != missing and seat.position in engine.to_act(game.state):
            action = engine.legal_actions(game.state, seat.position)[0]
            do_action(game.pk, seat.position, action, "web", user=seat.user, expected_version=game.version)
            game.refresh_from_db()
    closes = Deadline.objects.filter(game=game, closed_at__isnull=True).order_by("closes_at").first().closes_at
    sweep_overdue(now=closes + timedelta(seconds=1))


def test_the_creator_is_told_a_bot_took_a_seat_and_how_to_offer_it_back():
    ann, ben, cy = make_user("ann"), make_user("ben"), make_user("cy")
    game = _game(ann, [ben, cy])
    _time_out(game, ben)
    (mail,) = OutboxMessage.objects.filter(key__startswith="table-event:", to=ann.email)
    assert "ben missed 1 deadline in a row: a bot plays their seat from now on." in mail.text
    assert "you may offer the seat back to them" in mail.text and f"/games/{game.pk}/#organiser" in mail.text
    assert not OutboxMessage.objects.filter(key__startswith="table-event:").exclude(to=ann.email).exists()


def test_a_creator_whose_own_seat_a_bot_took_is_not_told_to_offer_it_back():
    ann, ben, cy = make_user("ann"), make_user("ben"), make_user("cy")
    game = _game(ann, [ben, cy])
    _time_out(game, ann)
    assert not OutboxMessage.objects.filter(key__startswith="table-event:").exists()
    assert OutboxMessage.objects.filter(key__startswith="timeout:", to=ann.email).exists()
