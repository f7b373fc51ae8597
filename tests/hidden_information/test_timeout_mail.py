"""The timeout mail shows the table as the timeout left it for that seat, and nothing hidden from it.

It is built when it is sent, from the state just after the seat's last default move. So: every
seat of a Wild Cards game times out, and the mail of the seat whose default move came last is
built twice, the second time with everything that seat may not see dealt anew (`twins.py`).
The two must read the same.
"""

from __future__ import annotations

import random
import re

import pytest

from games.models import Game
from games.services import sweep_overdue
from tests.games.conftest import start_game
from tests.games.test_deadlines import later
from tests.hidden_information.twins import TWINS
from wildcards_site.outbox import recipes
from wildcards_site.outbox.models import OutboxMessage

# Signed links carry the second they were signed: not a card.
LINK = re.compile(r"https?://\S+")

pytestmark = pytest.mark.django_db


def _mail(row: OutboxMessage) -> tuple[str, str]:
    message = recipes.build(row.recipe, None)
    html = next(content for content, mimetype in message.alternatives if mimetype == "text/html")
    return LINK.sub("", message.body), LINK.sub("", html)


def test_the_timeout_mail_reads_the_same_whatever_the_seat_cannot_see(alice, bob, charlie):
    game = start_game([alice, bob, charlie], engine="wildcards", phase_seconds=86400)
    sweep_overdue(now=later(game, seconds=1))
    game.refresh_from_db()
    rows = OutboxMessage.objects.filter(key__startswith="timeout:")
    row = next(row for row in rows if game.version - 1 in row.recipe["made"])  # built from game.state
    seat = row.recipe["seat"]
    before = _mail(row)
    assert "\n== " in before[0]  # the table is in the mail, to compare
    original = game.state
    for seed in range(3):
        twin = TWINS["wildcards"](original, seat, random.Random(seed), None)
        assert twin != original
        Game.objects.filter(pk=game.pk).update(state=twin)
        assert _mail(row) == before, f"the timeout mail tells seat {seat} a hidden card"
