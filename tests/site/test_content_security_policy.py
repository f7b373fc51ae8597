"""Every answer carries a Content-Security-Policy that lets only the site's own script files run,
and no page has a script the policy would block (inline code or event handler attributes)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.services import do_create_game, do_join
from tests.conftest import make_user
from tournaments.services import do_create_tournament

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
HANDLER_ATTRIBUTE = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.IGNORECASE)
JAVASCRIPT_URL = re.compile(r"""(?:href|src|action)\s*=\s*["']?\s*javascript:""", re.IGNORECASE)


def directives(response) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy", "")
    parts = [part.split() for part in header.split(";") if part.strip()]
    return {part[0]: part[1:] for part in parts}


@pytest.fixture
def site(client):
    players = [make_user(name) for name in ("ann", "ben", "cas")]
    game = do_create_game(players[0], "wizard", 3, {})
    for user in players[1:]:
        do_join(game.pk, user)
    tournament = do_create_tournament(players[0], "Cup", "emu_ranchers", "single")
    client.force_login(players[0])
    return game, tournament


def pages(game, tournament) -> list[str]:
    return [
        reverse("home"),
        reverse("games:lobby"),
        reverse("games:table", args=[game.pk]),
        reverse("games:replay_step", args=[game.pk, 1]),
        reverse("games:history"),
        reverse("games:rules_index"),
        reverse("tournaments:list"),
        reverse("tournaments:detail", args=[tournament.pk]),
        reverse("ratings:leaderboard", args=["wizard"]),
        reverse("ratings:player", args=["ann"]),
        reverse("bymail:preferences"),
        reverse("accounts:profile"),
        "/api/v1/games",
        "/no-such-page/",
        "/health/",
    ]


def test_every_answer_allows_only_the_sites_own_scripts(client, site):
    for url in pages(*site):
        response = client.get(url)
        policy = directives(response)
        assert policy.get("script-src") == ["'self'"], (url, policy)
        assert policy.get("object-src") == ["'none'"] and policy.get("base-uri") == ["'none'"], url
        assert policy.get("frame-ancestors") == ["'none'"], url


def test_no_page_has_a_script_the_policy_would_block(client, site):
    found = []
    for url in pages(*site):
        page = client.get(url).content.decode()
        for pattern in (INLINE_SCRIPT, HANDLER_ATTRIBUTE, JAVASCRIPT_URL):
            found += [(url, match) for match in pattern.findall(page)]
    assert found == []


def test_the_anonymous_pages_carry_the_policy_too(client):
    for url in (reverse("home"), reverse("accounts:login"), reverse("accounts:signup")):
        assert directives(client.get(url)).get("script-src") == ["'self'"], url
