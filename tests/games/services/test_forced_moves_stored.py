"""A game stored before forced moves existed, waiting on a seat's last Wizard card, still waits
the day for it, but the deadline sweep then makes it as forced, not as a timeout: no timed-out
mail, no timeout counted in a row, and (the default timeouts_before_bot is 2) no bot taking the
seat, for a move the site says nobody waits for. Migration 0018 only alters the field's choices:
the sweep's `_play_defaults` asks `forced_action`."""

from datetime import timedelta

import pytest

from games.engines import get_engine
from games.engines.wizard.engine import WizardEngine
from games.models import Action, Deadline, Seat
from games.services import do_action, sweep_overdue
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db
DAY = 86400


def test_a_stored_wait_for_a_forced_card_is_not_timed_out_against_its_player(monkeypatch):
    users = [make_user(name, display_name=name.title()) for name in ("ann", "bob", "cid")]
    engine = get_engine("wizard")
    with monkeypatch.context() as before:
        # The code before the change: no forced moves; round 1's bids leave a seat waiting for its only card.
        before.setattr(WizardEngine, "forced_action", lambda self, state, seat: None)
        game = start_game(users, engine="wizard", phase_seconds=DAY)
        while game.state["phase"] != "play":
            seat = engine.to_act(game.state)[0]
            do_action(
                game.pk,
                seat,
                {"type": "bid", "bid": 0},
                "web",
                user=seat_user(game, seat),
                expected_version=game.version,
            )
            game.refresh_from_db()
    seat = engine.to_act(game.state)[0]
    assert engine.forced_action(game.state, seat) is not None  # the stored wait is for a forced card
    wait = Deadline.objects.get(game=game, seat=seat, closed_at__isnull=True)
    Seat.objects.filter(game=game, position=seat).update(consecutive_timeouts=1)  # one earlier timeout
    sweep_overdue(now=wait.closes_at + timedelta(seconds=1))
    made = game.actions.filter(seat=seat).order_by("-seq").first()
    holder = Seat.objects.get(game=game, position=seat)
    timed_out_mails = OutboxMessage.objects.filter(key=f"timeout:{wait.pk}").count()
    assert (made.channel, holder.kind, holder.status, timed_out_mails) == (
        Action.Channel.FORCED,
        Seat.Kind.HUMAN,
        Seat.Status.PLAYING,
        0,
    )
    wait.refresh_from_db()
    assert wait.closed_at is not None and wait.outcome == Deadline.Outcome.CANCELLED
    assert Seat.objects.get(game=game, position=seat).consecutive_timeouts == 1  # not counted
