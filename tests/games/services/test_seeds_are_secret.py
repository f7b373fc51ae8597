"""A game's seed decides every deal, so it is a secret until the game is over."""

from __future__ import annotations

import ast
from pathlib import Path

from django.test import Client
from django.urls import reverse

from games.api.models import ApiToken
from games.services import do_create_game, do_join
from games.services.lobby import new_seed
from tests.conftest import make_user

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("games", "tournaments", "wildcards_site")
# Every place allowed to name a seed itself, and why. Anything else must take `new_seed()`.
ALLOWED = {
    ("games/services/lobby.py", "seed or new_seed()"),  # `seed`: demo data, benchmarks and tests only
    ("games/services/lobby.py", "new_seed()"),  # a tournament's (another app's) table
    ("games/history/archive.py", "doc['seed']"),  # importing a finished game's record
    ("games/management/demo.py", "f'{tag}:{secrets.token_hex(10)}'"),  # the demo games: a tag and 80 random bits
    ("games/management/demo.py", "tag"),  # finds (never makes) a demo game loaded before its seeds were secret
}


def _seed_keywords():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith("games/engines/") or "/migrations/" in relative:
                continue
            for node in ast.walk(ast.parse(path.read_text(), relative)):
                if isinstance(node, ast.Call):
                    for keyword in node.keywords:
                        if keyword.arg == "seed":
                            yield relative, ast.unparse(keyword.value)


def test_no_code_derives_a_seed_from_anything_but_secrets():
    found = set(_seed_keywords())
    assert found - ALLOWED == set(), "a seed made from something guessable"
    assert found == ALLOWED  # the list above stays true: an entry no longer needed goes


def test_a_new_seed_has_128_random_bits():
    seeds = {new_seed() for _ in range(1000)}
    assert len(seeds) == 1000 and all(len(seed) == 32 and int(seed, 16) >= 0 for seed in seeds)


def test_no_page_or_api_answer_shows_the_seed_of_a_game_in_play(db):
    players = [make_user(name) for name in ("ann", "ben", "cat")]
    game = do_create_game(players[0], "wildcards", 3, {})
    for player in players[1:]:
        do_join(game.pk, player)
    game.refresh_from_db()
    assert len(game.seed) == 32
    browser = Client()
    browser.force_login(players[0])
    _row, token = ApiToken.issue(players[0], "bot")
    api = Client(headers={"Authorization": f"Bearer {token}"})
    answers = [
        browser.get(reverse("games:table", args=[game.pk])),
        browser.get(reverse("games:replay", args=[game.pk])),
        Client().get(reverse("games:table", args=[game.pk])),
    ] + [api.get(f"/api/v1/games/{game.pk}{tail}") for tail in ("", "/legal-actions", "/replay", "/export")]
    for answer in answers:
        assert answer.status_code != 500
        assert game.seed not in answer.content.decode()
