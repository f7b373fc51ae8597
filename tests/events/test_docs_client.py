"""docs/api.md's event-driven client, run as written against the ASGI server: it creates a game
of each kind through the API and plays it to the end, one request a move."""

from __future__ import annotations

import contextlib
import io
import pathlib
import re

import pytest

from games.api.models import ApiToken
from games.models import Action, Game
from tests.conftest import make_user

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "api.md"


def client_code() -> str:
    section = DOC.read_text().split("## Events: a bot that waits instead of asking", 1)[1]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "docs/api.md's events section has no Python"
    return blocks[0]


def test_the_client_is_about_fifty_lines():
    lines = [line for line in client_code().splitlines() if line.strip()]
    assert len(lines) <= 60


@pytest.mark.parametrize("engine", ["wildcards", "wizard", "cubirds", "emu_ranchers"])
def test_the_docs_client_plays_a_whole_game_of_each_kind_one_request_a_move(asgi_server, settings, monkeypatch, engine):
    settings.API_RATE_LIMIT = 100_000
    user = make_user("robot")
    _row, token = ApiToken.issue(user, "docs client")
    monkeypatch.setenv("WILDCARDS_API", f"{asgi_server}/api/v1")
    monkeypatch.setenv("WILDCARDS_TOKEN", token)
    monkeypatch.setenv("WILDCARDS_GAME", engine)
    requests_made = []
    import requests

    real = requests.Session.request

    def counted(self, method, url, *args, **kwargs):
        requests_made.append((method, url))
        return real(self, method, url, *args, **kwargs)

    monkeypatch.setattr(requests.Session, "request", counted)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(client_code(), str(DOC), "exec"), {"__name__": "docs_client"})  # noqa: S102
    game = Game.objects.get(seats__user=user)
    assert game.status == Game.Status.FINISHED
    assert printed.getvalue().startswith(f"game {game.pk} over: [")
    moves = Action.objects.filter(game=game, channel=Action.Channel.API).count()
    posts = [url for method, url in requests_made if method == "POST" and url.endswith("/actions")]
    assert moves > 5 and len(posts) == moves, "each move one request, and no move refused"
    streams = [url for method, url in requests_made if method == "GET"]
    assert all(url.endswith("/stream/events") for url in streams) and len(streams) <= 3, "it never polls"
