"""One process of the SQLite load test: `python -m tests.site.sqlite_load ROLE N` (see test_sqlite_default).

Roles: `setup` makes players and games; `player` plays moves on every game as fast as it can,
like the web and API processes; `sweeper` runs the beat's sweeps and the outbox in a loop, like
the worker. Prints one JSON line: what was done and every unexpected error.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards_site.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from games.engines import get_engine  # noqa: E402
from games.models import Game  # noqa: E402
from games.services import ActionRejected, do_action, do_create_game, do_join, sweep_overdue  # noqa: E402
from wildcards_site.outbox.sending import send_due  # noqa: E402

GAMES = 6


def setup() -> dict:
    users = [get_user_model().objects.create_user(f"load{i}", f"load{i}@example.org", "pw") for i in range(3)]
    for _number in range(GAMES):
        game = do_create_game(users[0], "wizard", 3, {})
        for user in users[1:]:
            do_join(game.pk, user)
    return {"games": GAMES}


def player(rounds: int) -> dict:
    stored = stale = 0
    errors = []
    for _round in range(rounds):
        for game in Game.objects.filter(status=Game.Status.RUNNING).order_by("pk"):
            engine = get_engine(game.engine)
            for position in engine.to_act(game.state):
                seat = game.seats.get(position=position)
                try:
                    do_action(
                        game.pk,
                        position,
                        engine.auto_action(game.state, position),
                        "api",
                        user=seat.user,
                        expected_version=game.version,
                    )
                    stored += 1
                except ActionRejected:
                    stale += 1  # another process moved first: the answer a person would get
                except Exception:
                    errors.append(traceback.format_exc(limit=3))
                break
    return {"stored": stored, "stale": stale, "errors": errors}


def sweeper(seconds: float) -> dict:
    loops, errors = 0, []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            sweep_overdue()
            send_due()
            loops += 1
        except Exception:
            errors.append(traceback.format_exc(limit=3))
        time.sleep(0.05)
    return {"loops": loops, "errors": errors}


if __name__ == "__main__":
    role, amount = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0
    result = {"setup": lambda: setup(), "player": lambda: player(int(amount)), "sweeper": lambda: sweeper(amount)}[
        role
    ]()
    print(json.dumps(result))
