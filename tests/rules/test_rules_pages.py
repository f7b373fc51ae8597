"""A rules page per game in each language, written by the team, linked from the table, the
create form and the mail; it lists the game's words and reply lines the mail reader accepts."""

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import registry, terms
from games.bymail import commands
from games.engines import get_engine
from games.rules_pages import rules
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game, toy_engine  # noqa: F401 - the toy game's fixture

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "it", "es", "nl"]


class _Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: list[str] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs).get("id")
        if found:
            self.ids.append(found)


def page(engine: str, language: str) -> str:
    response = Client(headers={"accept-language": language}).get(reverse("games:rules", args=[engine]))
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language
    return response.content.decode()


def ids_of(html: str) -> list[str]:
    parser = _Ids()
    parser.feed(html)
    return parser.ids


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("engine", registry.names())
def test_every_game_has_a_rules_page_in_every_language_with_every_section(engine, language):
    ids = ids_of(page(engine, language))
    sections = [anchor for anchor, _heading in rules.SECTIONS]
    assert [found for found in ids if found in sections] == sections
    options = [f"option-{key}" for key in get_engine(engine).default_options]
    assert sorted(found for found in ids if found.startswith("option-")) == sorted(options)


@pytest.mark.parametrize("engine", registry.names())
def test_each_language_has_its_own_text_not_a_copy_of_another(engine):
    texts = {language: re.sub(r"\s+", " ", page(engine, language)) for language in LANGUAGES}
    bodies = {language: re.search(r'<p class="lede">(.*?)</p>', text).group(1) for language, text in texts.items()}
    assert len(set(bodies.values())) == len(LANGUAGES)
    # A real page, not a stub: a few hundred words of rules.
    for language, text in texts.items():
        words = len(re.sub(r"<[^>]+>", " ", text).split())
        assert words > 450, f"{engine} {language}: {words} words"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("engine", registry.names())
def test_the_page_lists_the_games_words_and_reply_lines_the_mail_reader_accepts(engine, language):
    html = page(engine, language)
    with translation.override(language):
        glossary = terms.glossary(engine)
        examples = rules.example_commands(engine)
    for group in glossary:
        for term in group["terms"]:
            assert str(term).replace("'", "&#x27;") in html
    engine_ = get_engine(engine)
    players = max(engine_.min_players, 3 if engine == "wizard" else 2)
    state = engine_.new_game(players, "rules-page")
    seat = engine_.to_act(state)[0]
    menu = commands.menu(engine, engine_.legal_actions(state, seat), engine_.view(state, seat))
    assert examples
    for line in examples:
        assert line in html
        assert menu.match(line) in engine_.legal_actions(state, seat)


def test_the_rules_index_links_every_game():
    html = Client().get(reverse("games:rules_index")).content.decode()
    for engine in registry.names():
        assert reverse("games:rules", args=[engine]) in html


def test_an_unknown_game_has_no_rules_page():
    assert Client().get("/games/rules/chess/").status_code == 404
    assert Client().get("/games/rules/toy/").status_code == 404


def test_the_table_and_the_create_form_link_to_the_rules(client):
    game = start_game([make_user(name) for name in ("ann", "ben", "cat")], engine="wizard")
    client.force_login(seat_user(game, 0))
    table = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert f'href="{reverse("games:rules", args=["wizard"])}"' in table
    form = client.get(reverse("games:create"), {"engine": "cubirds"}).content.decode()
    assert f'href="{reverse("games:rules", args=["cubirds"])}#options"' in form


@pytest.mark.usefixtures("toy_engine")
def test_the_toy_games_table_has_no_rules_link(client):
    game = start_game([make_user("fay"), make_user("gus"), make_user("hal")])
    client.force_login(seat_user(game, 0))
    assert 'class="rules-link"' not in client.get(reverse("games:table", args=[game.pk])).content.decode()


def test_a_turn_mail_links_to_the_rules_in_text_and_html(settings):
    from tests.conftest import rendered
    from wildcards_site.outbox.models import OutboxMessage

    game = start_game([make_user("dan", language="nl"), make_user("eve", language="nl")], engine="emu_ranchers")
    row = rendered(OutboxMessage.objects.get(key__startswith=f"turn:{game.pk}:"))
    url = settings.SITE_URL + reverse("games:rules", args=["emu_ranchers"])
    assert url in row.text and f'href="{url}"' in row.html
    with translation.override("nl"):
        assert translation.gettext("Rules of the game") in row.text
