"""docs/api.md's worked example, run as written against a live server: a bot makes a game
against two bots and plays it to the end, one request a move, without one 429."""

import contextlib
import io
import pathlib
import re

import pytest

from games.models import Action, Game
from tests.api.conftest import api_for
from tests.conftest import make_user

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "api.md"


def example_code() -> str:
    text = DOC.read_text()
    section = text.split("## A worked example: a bot plays through the API", 1)[1]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "docs/api.md's worked example has no Python"
    return blocks[0]


@pytest.mark.django_db(transaction=True)
def test_the_worked_example_plays_a_whole_game_without_a_429(live_server, settings, monkeypatch):
    # A window short enough for a test, and a limit a loop that never waits passes within
    # seconds here (its requests take well under 1/6 s each). The example reads the limit from
    # GET /me and keeps under it; one 429 would raise in it. Not 6 a second: in so short a
    # window the server's clock and the client's disagree by more than the example's margin.
    settings.API_RATE_LIMIT, settings.API_RATE_WINDOW_SECONDS = 60, 10
    user = make_user("robot")
    monkeypatch.setenv("WILDCARDS_API", f"{live_server.url}/api/v1")
    monkeypatch.setenv("WILDCARDS_TOKEN", api_for(user).headers["Authorization"].removeprefix("Bearer "))
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(example_code(), str(DOC), "exec"), {"__name__": "worked_example"})  # noqa: S102
    game = Game.objects.get(seats__user=user)
    assert game.status == Game.Status.FINISHED
    assert printed.getvalue().startswith(f"game {game.pk} finished [")
    moves = Action.objects.filter(game=game, channel=Action.Channel.API).count()
    assert moves > 100, "the whole game was played through the API"
