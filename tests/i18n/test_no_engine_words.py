"""No engine key reaches a person: every game's table, replay, turn mail, round results and
game-over mail, in Italian, Spanish and Dutch,
at positions of every phase of every game (random games played through the site), is free of
snake_case keys, raw phase and action keys, and English colour names."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from games.bymail import mails
from games.engines import get_engine
from games.models import Deadline, Game
from games.services import do_action, do_create_game, do_join
from tests.conftest import make_user
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db

LANGUAGES = ("it", "es", "nl")
SEATS = {"wildcards": 3, "wizard": 3, "cubirds": 2, "emu_ranchers": 2}
COLOURS = ("red", "yellow", "green", "blue", "white", "black", "purple", "orange", "grey", "gray", "brown", "pink")
# Words of the language that happen to spell an engine key ("het spel is over").
ALLOWED = {"nl": {"over"}}
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
# Samples per phase key, and the longest game played (Wizard with 3 players has 20 rounds).
PER_PHASE, MAX_MOVES = 2, 800
# Three deals each: a Wizard round opens with the dealer choosing trump only when a Wizard is turned up.
SEEDS = ("a", "b", "c")


class VisibleText(HTMLParser):
    """What a reader gets from a page: its text, and the names screen readers announce."""

    SKIP = {"script", "style", "template"}

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "alt", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def visible(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    return " ".join(parser.parts)


def engine_words(engine, state, action: dict | None) -> set[str]:
    """The engine's own keys met so far: phase keys and action types (each snake_case part too)."""
    words = set(re.findall(r"[a-z_]{3,}", engine.phase_key(state)))
    if action:
        words.add(str(action.get("type", "")))
    return {w for word in words for w in (word, *word.split("_")) if len(w) >= 3}


def offences(text: str, keys: set[str], names: set[str], language: str) -> list[str]:
    text = re.sub(r"\S+@\S+|https?://\S+", " ", text)  # addresses and links are not words
    text = " ".join(word for word in text.split() if word.lower() not in names)
    patterns = [SNAKE.pattern, *(rf"(?<![\w/.-]){re.escape(key)}(?![\w/-])" for key in keys)]
    patterns += [rf"(?i:\b{colour}\b)" for colour in COLOURS]
    found = set()
    for pattern in patterns:
        for match in re.finditer(pattern, text):
            if match.group(0) not in ALLOWED.get(language, ()):
                found.add(f"{match.group(0)} «{text[max(0, match.start() - 40) : match.end() + 20]}»")
    return sorted(found)


def sampled_positions(engine_name: str, seed: str):
    """A random game played through the site, and the versions to look at: the first PER_PHASE
    positions of each phase key, and the end."""
    users = [make_user(f"p{engine_name[:3]}{seed}{i}") for i in range(SEATS[engine_name])]
    game = do_create_game(users[0], engine_name, len(users), seed=seed)
    for user in users[1:]:
        do_join(game.pk, user)
    engine = get_engine(engine_name)
    rng = random.Random(f"{engine_name}:{seed}")
    seen: dict[str, int] = {}
    keys: set[str] = set()
    action = None
    for _move in range(MAX_MOVES):
        game.refresh_from_db()
        keys |= engine_words(engine, game.state, action)
        phase = " ".join(re.findall(r"[a-z_]{3,}", engine.phase_key(game.state)))  # without round numbers
        if seen.get(phase, 0) < PER_PHASE or game.status != Game.Status.RUNNING:
            seen[phase] = seen.get(phase, 0) + 1
            yield game, keys
        if game.status != Game.Status.RUNNING:
            return
        seat = engine.to_act(game.state)[0]
        legal = engine.legal_actions(game.state, seat)
        action = engine.auto_action(game.state, seat) if rng.random() < 0.5 else rng.choice(legal)
        do_action(game.pk, seat, action, "web", user=game.seats.get(position=seat).user, expected_version=game.version)


def set_language(user, language: str) -> None:
    type(user.profile).objects.filter(user=user).update(language=language)
    user.profile.refresh_from_db()


def mail_texts(message) -> list[tuple[str, str]]:
    html = next(body for body, kind in message.alternatives if kind == "text/html")
    return [("text", message.body), ("html", visible(html))]


@pytest.mark.parametrize("engine_name", sorted(SEATS))
def test_it_shows_no_engine_key_on_any_table_or_mail(engine_name, mail_dir_settings):
    problems: dict[str, list[str]] = {}
    all_keys: set[str] = set()
    positions = (found for seed in SEEDS for found in sampled_positions(engine_name, seed))
    for game, keys in positions:
        all_keys |= keys
        seats = list(game.seats.select_related("user__profile").order_by("position"))
        names = {seat.user.username for seat in seats}
        to_act = set(get_engine(engine_name).to_act(game.state)) if game.status == Game.Status.RUNNING else set()
        viewer = next((seat for seat in seats if seat.position in to_act), seats[0])
        deadline = Deadline.objects.filter(game=game, seat=viewer.position, closed_at__isnull=True).first()
        for language in LANGUAGES:
            set_language(viewer.user, language)
            client = Client()
            client.force_login(viewer.user)
            spectator = Client(headers={"accept-language": language})
            pages = {
                "table": client.get(reverse("games:table", args=[game.pk])),
                "table (spectator)": spectator.get(reverse("games:table", args=[game.pk])),
                "replay": client.get(reverse("games:replay_step", args=[game.pk, game.version])),
            }
            for place, response in pages.items():
                if bad := offences(visible(response.content.decode()), keys, names, language):
                    problems[f"{language} v{game.version} {engine_name} {place}"] = bad
            if deadline is not None:
                recipe = {"builder": "game", "event": "your-turn", "game": game.pk, "seat": viewer.position}
                message = mails.build(recipe | {"version": game.version, "deadline": deadline.pk}, {})
                for kind, text in mail_texts(message):
                    if bad := offences(text, keys, names, language):
                        problems[f"{language} v{game.version} {engine_name} turn mail ({kind})"] = bad
    # Round summaries and the end, as mailed to the first seat of each game.
    summaries = OutboxMessage.objects.filter(recipe__event__in=["phase-results", "game-over"], recipe__seat=0)
    assert summaries.filter(recipe__event="game-over").exists(), "the games were played to their end"
    for row in summaries:
        user = Game.objects.get(pk=row.recipe["game"]).seats.get(position=0).user
        for language in LANGUAGES:
            set_language(user, language)
            message = mails.build(row.recipe, {})
            for kind, text in mail_texts(message) if message else []:
                if bad := offences(text, all_keys, {user.username}, language):
                    event = row.recipe["event"]
                    problems[f"{language} v{row.recipe['version']} {engine_name} {event} mail ({kind})"] = bad
    # One line per kind of place and word, with the first version it was seen at.
    summary: dict[tuple[str, str], str] = {}
    for where, words in problems.items():
        language, version, rest = where.split(" ", 2)
        for word in words:
            summary.setdefault((f"{language} {rest}", word), version)
    assert not summary, "\n".join(f"{place}: {word} ({version})" for (place, word), version in sorted(summary.items()))


@pytest.fixture
def mail_dir_settings(settings, tmp_path):
    settings.MAIL_DIR = tmp_path
    return settings
