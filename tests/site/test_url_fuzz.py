"""Every URL pattern of the site, filled with bad values and sent junk, never answers 500.

The patterns are walked from the resolver, so a new page is fuzzed the day it is added. Each
path parameter gets 0, -1, a 20-digit number, a NUL byte, junk text and a 300-character string,
and also a real value (a real game, tournament, player, pool), so the views run deep with junk
query strings and forms. GET and POST; anonymous, a player, an organiser and staff, each with an
API token. The combinations are bounded: each bad value is sent by one role in turn, the real
value by all four, so the whole walk takes seconds, not hours.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RegexPattern

from games.api.models import ApiToken
from games.services import do_create_game, do_join
from tests.conftest import make_user
from tournaments.services import do_create_tournament, do_register, do_start

pytestmark = pytest.mark.django_db

HUGE = "9" * 20
BAD_VALUES = ["0", "-1", HUGE, "%00", "junk", "x" * 300]
ROLES = ["anonymous", "player", "organiser", "staff"]
JUNK_QUERY = {"page": HUGE, "game": "junk", "vs": "junk", "since": HUGE, "me": "1", "step": "-1", "engine": "junk"}
JUNK_FORM = {
    "action": '{"type": "junk", "card": [1, {}]}',
    "version": HUGE,
    "who": "junk",
    "username": "junk",
    "email": "junk",
    "password": "junk",
    "token": "junk",
    "hours": HUGE,
    "seat": "-1",
    "name": "x" * 300,
    "capacity": "2147483648",
    "page": HUGE,
    "language": "junk",
    "next": "//evil.example/",
}
JSON_WITH_NUL = '{"version": 0, "action": {"type": "\\u0000", "card": "a\\u0000"}, "name": "\\u0000"}'
NUL_FORM = {key: f"{value}\x00" for key, value in JUNK_FORM.items()}
WEBHOOK_SECRET = "hook:fuzz-secret"
GROUP = re.compile(r"\(\?P<(\w+)>[^()]*(?:\([^()]*\)[^()]*)*\)")
PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")


@dataclass
class Pattern:
    route: str  # with {name} where a parameter goes
    names: list[str]


def _route(pattern) -> tuple[str, list[str]]:
    text = str(pattern.pattern)
    if isinstance(pattern.pattern, RegexPattern):
        names = GROUP.findall(text)
        text = GROUP.sub(lambda match: "{" + match.group(1) + "}", text)
        text = re.sub(r"\([^()]*\)\?", "", text).lstrip("^").rstrip("$").replace("\\", "")
        return text, names
    names = [match.group(2) for match in PARAMETER.finditer(text)]
    return PARAMETER.sub(lambda match: "{" + match.group(2) + "}", text), names


def walk(patterns, prefix: str = "", names: tuple[str, ...] = ()) -> list[Pattern]:
    found = []
    for pattern in patterns:
        route, more = _route(pattern)
        if isinstance(pattern, URLResolver):
            found += walk(pattern.url_patterns, prefix + route, names + tuple(more))
        elif isinstance(pattern, URLPattern):
            found.append(Pattern("/" + prefix + route, [*names, *more]))
    return found


@pytest.fixture
def world(settings):
    settings.API_RATE_LIMIT = 100_000
    settings.ANYMAIL = {"WEBHOOK_SECRET": WEBHOOK_SECRET}
    player, other, third = make_user("player"), make_user("other"), make_user("third")
    organiser = make_user("organiser")
    staff = make_user("staff", staff=True)
    staff.is_superuser = True
    staff.save(update_fields=["is_superuser"])
    game = do_create_game(player, "wizard", 3, {})
    for user in (other, third):
        do_join(game.pk, user)
    tournament = do_create_tournament(organiser, "Fuzz Cup", "emu_ranchers", "single", options={"years": 1})
    for user in (player, other):
        do_register(tournament.pk, user)
    do_start(tournament.pk, organiser)
    users = {"player": player, "organiser": organiser, "staff": staff}
    clients = {"anonymous": (Client(raise_request_exception=False), None, {})}
    for role, user in users.items():
        client = Client(raise_request_exception=False)
        client.force_login(user)
        _row, token = ApiToken.issue(user, "fuzz")
        clients[role] = (client, user, {"Authorization": f"Bearer {token}"})
    real = {
        "game_id": str(game.pk),
        "tournament_id": str(tournament.pk),
        "username": "player",
        "pool": "wizard",
        "engine": "wizard",
        "step": "1",
        "action": "disqualify",
        "token_id": "1",
    }
    return clients, real


def _request(clients, role: str, method: str, url: str, form: dict) -> int:
    client, user, headers = clients[role]
    if url.startswith("/anymail/"):
        headers = {"Authorization": "Basic " + base64.b64encode(WEBHOOK_SECRET.encode()).decode()}
    if method == "GET":
        response = client.get(url, JUNK_QUERY, headers=headers)
    elif url.startswith("/api/") and form is NUL_FORM:
        response = client.post(url, JSON_WITH_NUL, content_type="application/json", headers=headers)
    else:
        response = client.post(url, form, headers=headers)
    cookie = client.cookies.get("sessionid")
    if user is not None and (cookie is None or not cookie.value):
        client.force_login(user)  # the fuzz logged out (or the session was flushed): log back in
    return response.status_code


def test_no_url_answers_500_to_bad_values_and_junk(world):
    clients, real = world
    patterns = walk(get_resolver().url_patterns)
    assert len(patterns) > 100  # the walk found the whole site, admin included
    failures = []
    sent = 0
    for pattern in patterns:
        admin = pattern.route.startswith("/admin/")
        roles = ["anonymous", "staff"] if admin else ROLES
        cases = []  # (role, values for the parameters, method, form)
        if pattern.names:
            for index, bad in enumerate(BAD_VALUES):
                role = roles[index % len(roles)]
                form = NUL_FORM if index % 2 else JUNK_FORM
                # One parameter bad at a time, the others real, so the bad one is what is reached.
                for position in range(len(pattern.names)):
                    values = [bad if i == position else real.get(name, "junk") for i, name in enumerate(pattern.names)]
                    cases += [(role, values, "GET", form), (role, values, "POST", form)]
        values = [real.get(name, "junk") for name in pattern.names]
        for role in roles:
            cases += [
                (role, values, "GET", JUNK_FORM),
                (role, values, "POST", JUNK_FORM),
                (role, values, "POST", NUL_FORM),
            ]
        for role, values, method, form in cases:
            url = pattern.route.format(**dict(zip(pattern.names, values, strict=True)))
            status = _request(clients, role, method, url, form)
            sent += 1
            if status == 500:
                failures.append(f"{method} {url[:120]} as {role}{' (NUL)' if form is NUL_FORM else ''}")
    assert sent > 1000
    assert failures == [], f"{len(failures)} answers of 500:\n" + "\n".join(failures)
