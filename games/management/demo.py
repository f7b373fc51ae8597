"""Demo games for `scripts/run`: a few tables in progress and one finished game."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.db.models import Q

from games.engines import get_engine
from games.models import Game
from games.services import do_action, do_create_game, do_join
from games.services.lobby import TimeControl

DAY = 86400

# (engine, creator, others, bots, options, moves to play at once, tag). A game's seed is its tag
# and a secret: a seed anyone could guess would deal every hand and the deck again.
DEMO_GAMES = [
    ("wildcards", "alice", ["bruno", "carmen"], 0, {"edition": "2022"}, 2, "demo-wildcards"),
    ("wildcards", "daan", ["alice"], 0, {"edition": "2022", "leo": True}, 0, "demo-wildcards-leo"),
    ("wizard", "bruno", ["alice", "carmen", "daan"], 0, {}, 3, "demo-wizard"),
    ("cubirds", "carmen", ["alice"], 0, {}, 0, "demo-cubirds"),
    ("emu_ranchers", "daan", [], 1, {}, 0, "demo-emu"),
    ("wildcards", "bruno", ["carmen", "daan"], 0, {"edition": "2020"}, None, "demo-finished"),
]


def demo_game(tag: str) -> Game | None:
    """The demo game made under `tag` ("demo-wizard"), if it is there. A demo loaded before its
    seeds were secret has the bare tag as its seed: it is that game still (its seed cannot change
    under its log), so loading the demo again makes no second one."""
    return Game.objects.filter(Q(seed__startswith=f"{tag}:") | Q(seed=tag)).first()


def load_demo_games() -> list[Game]:
    """Create the demo games once (by tag); a second run leaves them as they are."""
    users = {user.username: user for user in get_user_model().objects.all()}
    made = []
    for engine_name, creator, others, bots, options, moves, tag in DEMO_GAMES:
        if demo_game(tag) is not None:
            continue
        game = do_create_game(
            users[creator],
            engine_name,
            1 + len(others) + bots,
            options,
            bots=bots,
            time_control=TimeControl(phase_seconds=3 * DAY),
            seed=f"{tag}:{secrets.token_hex(10)}",  # 80 bits, within the 40 characters a seed has
        )
        for name in others:
            do_join(game.pk, users[name])
        game.refresh_from_db()
        play_defaults(game, moves)
        made.append(game)
    return made


def play_defaults(game: Game, moves: int | None) -> None:
    """Play `moves` default moves (None: to the end), as the players would from the table."""
    engine = get_engine(game.engine)
    played = 0
    while game.status == Game.Status.RUNNING and (moves is None or played < moves):
        position = engine.to_act(game.state)[-1]
        seat = game.seats.get(position=position)
        action = engine.auto_action(game.state, position)
        do_action(game.pk, position, action, "web", user=seat.user, expected_version=game.version)
        game.refresh_from_db()
        played += 1
