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
from tests.games.services.test_deadlines import later
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


@pytest.mark.parametrize("engine", ["emu_ranchers", "wizard"])
def test_the_mail_saying_a_bot_took_the_seat_shows_none_of_the_bots_cards(engine):
    # "A bot took your seat in Emu Ranchers #35" does not list "Your hand", six cards, one just
    # drawn by the default move, which the Good bot then plays on with.
    # A player who left sees the game as a spectator (test_leavers.py); so does this mail.
    from games.services import do_create_game, do_join
    from tests.conftest import make_user

    users = [make_user(name) for name in ("ann", "ben", "cid")[: 2 if engine == "emu_ranchers" else 3]]
    game = do_create_game(users[0], engine, len(users), None, seed="left", timeouts_before_bot=1)
    for user in users[1:]:
        do_join(game.pk, user)
    game.refresh_from_db()
    sweep_overdue(now=later(game, seconds=1))
    game.refresh_from_db()
    rows = [row for row in OutboxMessage.objects.filter(key__startswith="timeout:") if row.recipe["replaced_by_bot"]]
    assert rows, "nobody's seat went to a bot"
    for row in rows:
        seat = row.recipe["seat"]
        text, html = _mail(row)
        assert "A bot took your seat" in str(recipes.build(row.recipe, None).subject)
        assert "Your hand" not in text and "Your hand" not in html
        original = game.state
        for seed in range(3):
            twin = TWINS[engine](original, seat, random.Random(seed), None)
            Game.objects.filter(pk=game.pk).update(state=twin)
            assert _mail(row) == (text, html), f"the takeover mail tells seat {seat} the bot's cards"
        Game.objects.filter(pk=game.pk).update(state=original)


def test_the_timeout_mail_says_how_many_more_misses_give_the_seat_to_a_bot():
    # The first timeout mail says more than that the default move was made, and the takeover
    # mail more than "You missed several deadlines" after two.
    from games.services import do_create_game, do_join
    from tests.conftest import make_user

    ann, ben = make_user("ann"), make_user("ben")
    game = do_create_game(ann, "emu_ranchers", 2, None, seed="warned", timeouts_before_bot=3)
    do_join(game.pk, ben)
    game.refresh_from_db()
    from games.engines import get_engine
    from games.services import do_action

    engine = get_engine("emu_ranchers")
    ann_seat = game.seats.get(user=ann).position
    for _ in range(40):  # Ben plays his turns; Ann lets every deadline of hers pass
        if game.seats.filter(user=ann, kind="bot").exists():
            break
        seat = engine.to_act(game.state)[0]
        if seat == ann_seat:
            sweep_overdue(now=later(game, seconds=1))
        else:
            move = engine.auto_action(game.state, seat)
            do_action(game.pk, seat, move, "web", user=ben, expected_version=game.version)
        game.refresh_from_db()
    said = [
        _mail(row)[0] for row in OutboxMessage.objects.filter(key__startswith="timeout:", to=ann.email).order_by("pk")
    ]
    assert len(said) == 3
    assert "Miss 2 more deadlines in a row and a bot takes your seat for the rest of the game." in said[0]
    assert "Miss 1 more deadline in a row and a bot takes your seat for the rest of the game." in said[1]
    assert "You missed 3 deadlines in a row, so a bot plays your seat from now on" in said[2]
    assert "Miss " not in said[2]
