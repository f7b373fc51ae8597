"""Every page speaks the reader's language: no English sentence is left in Italian, Spanish or Dutch."""

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from games.engines import ENGINE_NAMES, get_engine
from games.models import Game
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db

LANGUAGES = ["it", "es", "nl"]
# Names that are the same in every language: games, people, the site, technical words.
ALLOWED = {
    "Wild Cards",
    "Emu Ranchers",
    "CuBirds",
    "Wildcards",
    "English",
    "Italiano",
    "Español",
    "Nederlands",
    "Authorization: Bearer <token>",
}
# Words a language spells as English does, left out like names (Spanish "provisional"), with
# the games' titles, which stay as they are ("Emu Ranchers: 1480 (provisional)").
TITLES = {"Wild Cards", "Wizard", "CuBirds", "Emu Ranchers"}
SAME_WORDS = {"it": TITLES, "es": TITLES | {"provisional"}, "nl": TITLES}
# A game's name is its game's title and number ("Wild Cards #3").
GAME_NAME = re.compile(r"^(Wild Cards|Wizard|CuBirds|Emu Ranchers) #\d+$")


class _Text(HTMLParser):
    """The words a reader sees: text outside script/style, and labels kept in attributes."""

    def __init__(self):
        super().__init__()
        self.segments: list[str] = []
        self._skip = 0
        self._kept: list | None = None  # [tag, depth] of an element marked translate="no"

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        # HTML's translate="no" marks proper names no language translates (the tz database's
        # places in the time-zone list): skipped to its end tag, as translation tools skip it.
        if self._kept is not None:
            self._kept[1] += tag == self._kept[0]
            return
        if ("translate", "no") in attrs:
            self._kept = [tag, 1]
            return
        for name, value in attrs:
            if name in ("placeholder", "title", "aria-label", "alt") and value:
                self._add(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1
        if self._kept is not None and tag == self._kept[0]:
            self._kept[1] -= 1
            if not self._kept[1]:
                self._kept = None

    def handle_data(self, data):
        if not self._skip and self._kept is None:
            self._add(data)

    def _add(self, text):
        # "Wild Cards #3 · Wildcards": each part between dots is judged on its own.
        for part in " ".join(text.split()).split(" · "):
            if part.strip():
                self.segments.append(part.strip())


def sentences(html: str, names: set[str]) -> set[str]:
    parser = _Text()
    parser.feed(html)
    found = set()
    for segment in parser.segments:
        words = segment
        for name in names:
            words = words.replace(name, " ")
        # A sentence: two words or more with letters once names are left out.
        if sum(1 for word in words.split() if any(c.isalpha() for c in word)) >= 2:
            found.add(segment)
    return found


def english_left(english: str, translated: str, names: set[str]) -> set[str]:
    same = sentences(translated, names) & sentences(english, names)
    return {s for s in same if s not in ALLOWED and not GAME_NAME.match(s)}


def _report(left: dict[str, list[str]]) -> str:
    return "English left:\n" + "\n".join(f"  {page}: {found}" for page, found in sorted(left.items()))


def client_for(user, language: str) -> Client:
    """A signed-in client whose profile speaks the language."""
    type(user.profile).objects.filter(user=user).update(language=language)
    client = Client()
    client.force_login(user)
    return client


def pages_for(game: Game, player, other) -> dict[str, str]:
    return {
        "home": reverse("home"),
        "lobby": reverse("games:lobby"),
        "choose a game": reverse("games:create"),
        **{f"create {name}": reverse("games:create") + f"?engine={name}" for name in ENGINE_NAMES},
        "table": reverse("games:table", args=[game.pk]),
        "history": reverse("games:history"),
        "replay": reverse("games:replay", args=[game.pk]),
        "player page": reverse("games:player", args=[other.username]),
        "mail preferences": reverse("bymail:preferences"),
        "profile": reverse("accounts:profile"),
        "api tokens": reverse("games:api_tokens"),
        "leaderboard": reverse("ratings:leaderboard", args=[game.engine]),
        "rating page": reverse("ratings:player", args=[player.username]),
        "rating page head to head": reverse("ratings:player", args=[player.username]) + f"?vs={other.username}",
        "tournaments": reverse("tournaments:list"),
        "new tournament": reverse("tournaments:create"),
        "tournament player page": reverse("tournaments:player", args=[player.username]),
    }


@pytest.fixture
def tables():
    """One running game of each engine, and the player whose move it is."""
    found = []
    for engine_name in ENGINE_NAMES:
        engine = get_engine(engine_name)
        count = 2 if engine_name == "emu_ranchers" else max(engine.min_players, 3)
        users = [make_user(f"{engine_name[:4]}{i}", display_name=f"Pl{engine_name[:3]}{i}") for i in range(count)]
        game = start_game(users, engine=engine_name)
        found.append((game, seat_user(game, engine.to_act(game.state)[0]), users))
    return found


def _names(users) -> set[str]:
    return {n for u in users for n in (u.username, u.profile.display_name) if n}


@pytest.fixture
def rated_and_tournament(tables, settings):
    """Each table's players also finished a rated game (ratings pages with rows, charts and changes),
    and the Wild Cards players are in a running tournament (its page with a round, standings and tables)."""
    from tests.ratings.conftest import finished_game
    from tournaments.ratings.services import do_rate_game
    from tournaments.services import do_create_tournament, do_register, do_start

    settings.LEADERBOARD_MIN_GAMES = settings.LEADERBOARD_MIN_OPPONENTS = 1
    settings.LEADERBOARD_ACTIVE_DAYS = 100_000
    finished = {}
    for game, _player, users in tables:
        done = finished_game([(user, rank) for rank, user in enumerate(users, 1)], engine=game.engine)
        do_rate_game(done.pk)
        finished[game.engine] = done.pk
    _game, _player, users = next(t for t in tables if t[0].engine == "wildcards")
    cup = do_create_tournament(
        users[0], "Cup", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=2
    )
    for user in users:
        do_register(cup.pk, user)
    do_start(cup.pk, users[0])
    return {"cup": cup.pk, "finished": finished}


@pytest.mark.parametrize("language", LANGUAGES)
def test_signed_in_pages_leave_no_english_sentence(tables, rated_and_tournament, language):
    left = {}
    for game, player, users in tables:
        other = next(u for u in users if u != player)
        pages = pages_for(game, player, other)
        pages["finished table"] = reverse("games:table", args=[rated_and_tournament["finished"][game.engine]])
        if game.engine == "wildcards":
            pages["tournament"] = reverse("tournaments:detail", args=[rated_and_tournament["cup"]])
        for label, url in pages.items():
            english = client_for(player, "en").get(url)
            assert english.status_code == 200, f"{label}: {english.status_code}"
            translated = client_for(player, language).get(url).content.decode()
            found = english_left(english.content.decode(), translated, _names(users) | SAME_WORDS[language])
            if found:
                left[f"{game.engine} {label}"] = sorted(found)
    assert left == {}, _report(left)


@pytest.mark.parametrize("language", LANGUAGES)
def test_visitor_pages_follow_the_browser_and_leave_no_english_sentence(tables, language):
    left = {}
    urls = {
        "login": reverse("accounts:login"),
        "sign-up": reverse("accounts:signup"),
        "home": reverse("home"),
        "lobby": reverse("games:lobby"),
        "rules": reverse("games:rules_index"),
        **{f"rules of {name}": reverse("games:rules", args=[name]) for name in ENGINE_NAMES},
    }
    for game, _player, _users in tables:
        urls[f"{game.engine} spectator table"] = reverse("games:table", args=[game.pk])
    for label, url in urls.items():
        english = Client(headers={"accept-language": "en"}).get(url)
        assert english.status_code == 200, f"{label}: {english.status_code}"
        translated = Client(headers={"accept-language": f"{language},en;q=0.5"}).get(url).content.decode()
        found = english_left(english.content.decode(), translated, {n for *_, us in tables for n in _names(us)})
        if found:
            left[label] = sorted(found)
    assert left == {}, _report(left)


def test_the_comparison_catches_an_english_sentence():
    english = "<p>Your move</p><p>Wild Cards #2</p><p title='Your hand'>Alice Liddell: 3</p>"
    translated = "<p>La tua mossa</p><p>Wild Cards #2</p><p title='Your hand'>Alice Liddell: 3</p>"
    assert english_left(english, translated, {"Alice Liddell"}) == {"Your hand"}
    assert english_left(english, english.replace("Your", "La tua"), {"Alice Liddell"}) == set()


def test_the_switcher_keeps_a_signed_in_players_choice(db):
    user = make_user("dora")
    client = client_for(user, "en")
    response = client.post(reverse("accounts:set_language"), {"language": "nl", "next": reverse("games:lobby")})
    assert response.status_code == 302 and response["Location"] == reverse("games:lobby")
    user.profile.refresh_from_db()
    assert user.profile.language == "nl"
    assert "Wacht op spelers" in client.get(reverse("games:lobby")).content.decode()


def test_the_switcher_refuses_an_unknown_language_and_changes_nothing(db):
    user = make_user("erik")
    client = client_for(user, "it")
    client.post(reverse("accounts:set_language"), {"language": "xx", "next": "/"})
    user.profile.refresh_from_db()
    assert user.profile.language == "it"
