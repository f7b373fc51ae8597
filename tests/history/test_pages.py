import random
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Game
from tests.conftest import make_user
from tests.history.conftest import finished_game, new_game, play_on

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(players):
    """Two finished secret games (one with 1 round), one private, one running."""
    alice, bob, carol = players
    first = finished_game([alice, bob], "secret", seed="a")
    second = finished_game([alice, carol], "secret", seed="b", options={"rounds": 1})
    hidden = finished_game([bob, carol], "secret", seed="c")
    Game.objects.filter(pk=hidden.pk).update(visibility=Game.Visibility.PRIVATE)
    running = play_on(new_game([bob, carol], "secret", seed="d"), random.Random(1), stop_at=2)
    Game.objects.filter(pk=first.pk).update(finished_at=timezone.now() - timedelta(days=10))
    return {"first": first, "second": second, "hidden": hidden, "running": running}


def listed(response) -> set[int]:
    html = response.content.decode()
    return {game_id for game_id in range(1, 10_000) if f'data-game="{game_id}"' in html}


def test_it_lists_finished_games_anyone_may_see(client, games):
    response = client.get("/games/history/")
    assert response.status_code == 200
    assert listed(response) == {games["first"].pk, games["second"].pk}


def test_it_lists_a_private_game_for_its_players(games, players):
    client = Client()
    client.force_login(players[1])
    assert games["hidden"].pk in listed(client.get("/games/history/"))


def test_it_filters_by_player_options_game_and_date(client, games):
    first, second = games["first"].pk, games["second"].pk
    assert listed(client.get("/games/history/?player=bob")) == {first}
    assert listed(client.get("/games/history/?options=rounds=1")) == {second}
    Game.objects.filter(pk=first).update(options={"rounds": 3, "edition": "2020"})  # a string, as Wild Cards stores it
    assert listed(client.get("/games/history/?options=edition=2020,rounds=3")) == {first}
    assert listed(client.get("/games/history/?engine=secret")) == {first, second}
    assert listed(client.get("/games/history/?engine=wizard")) == set()
    day = (timezone.now() - timedelta(days=2)).date().isoformat()
    assert listed(client.get(f"/games/history/?since={day}")) == {second}
    assert listed(client.get(f"/games/history/?until={day}")) == {first}


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("player=nobody", "There is no player called"),
        ("options=rounds", "Write options as name=value"),
        ("since=2026-02-01&until=2026-01-01", "must not be after"),
        ("since=yesterday", "Enter a valid date"),
    ],
)
def test_it_explains_a_bad_filter(client, games, query, message):
    response = client.get(f"/games/history/?{query}")
    assert response.status_code == 200
    assert message in response.content.decode()
    assert listed(response) == set()


def test_it_pages_the_history(client, games, monkeypatch):
    monkeypatch.setattr("games.history.finding.PAGE_SIZE", 1)
    newest = listed(client.get("/games/history/?engine=secret"))
    page_two = client.get("/games/history/?engine=secret&page=2")
    assert newest == {games["second"].pk}
    assert listed(page_two) == {games["first"].pk}
    assert "engine=secret&amp;page=1" in page_two.content.decode()


def test_it_shows_a_players_games_and_results(client, games, players):
    response = client.get("/games/players/bob/")
    html = response.content.decode()
    assert listed(response) == {games["first"].pk, games["running"].pk}
    seat = games["first"].seats.get(user=players[1])
    # The result in words, as the issue asks ("2nd, 9 points", not "(2. · 9)").
    place = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}[seat.rank]
    assert f"{place}, {seat.score} points" in html


def test_it_answers_404_for_an_unknown_player(client, db):
    assert client.get("/games/players/nobody/").status_code == 404


def test_it_steps_through_a_replay(client, games):
    game = games["first"]
    last = game.version
    response = client.get(f"/games/{game.pk}/replay/")
    html = response.content.decode()
    assert f"Step {last} of {last}" in html
    for rel, step in [("first", 0), ("prev", last - 1)]:
        assert f'href="/games/{game.pk}/replay/{step}/" rel="{rel}"' in html
    assert 'rel="next"' not in html and 'rel="last"' not in html  # the last step: nowhere further
    assert f'type="range" id="step" name="step" min="0" max="{last}" value="{last}"' in html
    middle = client.get(f"/games/{game.pk}/replay/3/").content.decode()
    assert "Step 3 of" in middle and 'aria-current="step"' in middle
    slid = client.get(f"/games/{game.pk}/replay/?step=2")
    assert slid.status_code == 302 and slid["Location"] == f"/games/{game.pk}/replay/2/"
    assert client.get(f"/games/{game.pk}/replay/{last + 1}/").status_code == 404


def test_it_shows_every_view_and_each_moves_channel_after_the_end(client, games):
    game = games["first"]
    html = client.get(f"/games/{game.pk}/replay/{game.version}/").content.decode()
    assert html.count('class="card view"') == game.num_seats
    assert "(web)" in html
    action = game.actions.get(seq=0)
    assert f"bid: card {action.payload['card']}" in html


def test_it_hides_a_private_games_replay_from_others(client, games):
    assert client.get(f"/games/{games['hidden'].pk}/replay/").status_code == 404
    outsider = Client()
    outsider.force_login(make_user("dave"))
    assert outsider.get(f"/games/{games['hidden'].pk}/replay/").status_code == 404


def test_it_lists_the_history_in_the_same_few_queries_however_many_games(
    client, players, django_assert_max_num_queries
):
    for seed in ("q1", "q2"):
        finished_game(players[:2], "secret", seed=seed)
    # Count, page, seats with players (and a ?player= filter's player), plus the page's ratings (games.sections).
    with django_assert_max_num_queries(5):
        client.get("/games/history/")
    for seed in ("q3", "q4", "q5", "q6"):
        finished_game(players[1:], "secret", seed=seed)
    with django_assert_max_num_queries(5):
        assert len(listed(client.get("/games/history/?player=bob"))) == 6


@pytest.mark.parametrize("engine_name", ["wildcards", "wizard", "cubirds", "emu_ranchers"])
def test_replay_pages_render_each_games_own_table(client, players, engine_name):
    users = players[:2] if engine_name == "emu_ranchers" else players
    game = play_on(new_game(users, engine_name, seed="pages"), random.Random(2), stop_at=12)
    client.force_login(users[0])
    for step in (0, 1, 6, game.version):
        response = client.get(f"/games/{game.pk}/replay/{step}/")
        assert response.status_code == 200, step
        assert "playing-card" in response.content.decode()


@pytest.mark.parametrize("name", ["regex", "contains", "gt", "isnull"])
def test_an_option_named_like_a_lookup_is_only_a_key_without_postgresql(client, games, monkeypatch, name):
    """SQLite (the default) filters through a key transform: `regex=(` is the option "regex", never a lookup."""
    from games.history import finding as history

    monkeypatch.setattr(history, "connection", type("Other", (), {"vendor": "sqlite"})())
    first = games["first"].pk
    Game.objects.filter(pk=first).update(options={name: "("})
    response = client.get("/games/history/", {"options": f"{name}=("})
    assert response.status_code == 200
    assert listed(response) == {first}
    assert listed(client.get("/games/history/?options=rounds=1")) == {games["second"].pk}


def test_the_option_filter_offers_the_chosen_games_options_as_choices(client, games):
    first, second = games["first"].pk, games["second"].pk
    Game.objects.filter(pk=first).update(engine="wildcards", options={})  # left at the default edition, 2022
    Game.objects.filter(pk=second).update(engine="wildcards", options={"edition": "2020"})
    page = client.get("/games/history/").content.decode()
    assert 'id="history-options"' not in page and "Choose a game and filter" in page
    page = client.get("/games/history/?engine=wildcards").content.decode()
    options = page.split('id="history-options"', 1)[1].split("</fieldset>", 1)[0]
    assert '<select name="option_edition"' in options
    assert '<option value="2020">2020: three phases, ties broken by face-down payments</option>' in options
    assert '<select name="option_leo"' in options and '<option value="true">yes</option>' in options
    assert 'name="options"' not in options and "edition=2020" not in page
    assert listed(client.get("/games/history/?engine=wildcards&option_edition=2020")) == {second}
    # The default is not stored on a game: asking for it finds the games that left it out.
    assert listed(client.get("/games/history/?engine=wildcards&option_edition=2022")) == {first}
    assert listed(client.get("/games/history/?engine=wildcards&option_leo=false")) == {first, second}
    assert listed(client.get("/games/history/?engine=wildcards&option_leo=true")) == set()


def test_an_option_value_the_game_does_not_have_is_refused_and_lists_nothing(client, games):
    Game.objects.filter(pk=games["first"].pk).update(engine="wildcards")
    response = client.get("/games/history/?engine=wildcards&option_edition=1999")
    assert "Select a valid choice" in response.content.decode() and listed(response) == set()


def test_the_players_of_a_game_are_listed_with_no_space_before_each_comma(client, games, players):
    # On a phone, not "Alice , Carmen": the included badge and notes leave no line break before a comma.
    html = client.get("/games/players/bob/").content.decode()
    row = re.search(rf'<tr data-game="{games["running"].pk}">.*?</tr>', html, re.S).group(0)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)  # a cell may carry its column name (data-label)
    players_cell = re.sub(r"<[^>]+>", "", cells[-2])
    assert re.fullmatch(r"\S[^,]*\S(, \S[^,]*\S)+", players_cell.strip()), players_cell
    assert " ," not in players_cell and "\n," not in players_cell


def test_a_bots_label_does_not_read_as_another_seat_in_a_list_of_players(client, players):
    # On a phone, "Bot 1 · bot, Strong, Bot 2 · bot, Strong, Alice" would read as five seats.
    alice = players[0]
    game = finished_game([alice], "secret", bots=2, seed="e")
    html = client.get(f"/games/players/{alice.username}/").content.decode()
    row = re.search(rf'<tr data-game="{game.pk}">.*?</tr>', html, re.S).group(0)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)  # a cell may carry its column name (data-label)
    players_cell = re.sub(r"<[^>]+>", "", cells[-2]).strip()
    seats = re.sub(r"\([^)]*\)", "", players_cell).split(", ")  # a result in brackets has a comma of its own
    assert len(seats) == 3, players_cell
    assert sum(seat.strip().endswith(" · Standard bot") for seat in seats) == 2, players_cell


def test_the_last_day_a_calendar_has_is_a_date_like_any_other(client, games):
    # "Finished until 9999-12-31" must not answer 500 (a day past it overflows), on the page and
    # in the API.
    everything = listed(client.get("/games/history/"))
    response = client.get("/games/history/?until=9999-12-31")
    assert response.status_code == 200 and listed(response) == everything
    from games.models import ApiToken
    from tests.conftest import make_user

    _row, token = ApiToken.issue(make_user("reader"), "history")
    api = client.get("/api/v1/history?until=9999-12-31", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert api.status_code == 200


@pytest.mark.parametrize("engine_name", ["wildcards", "wizard", "cubirds", "emu_ranchers"])
def test_a_finished_games_replay_names_each_seat_and_calls_only_the_readers_own_you(client, players, engine_name):
    # Not every panel of a finished game's replay says "Your hand", "Your bid" and "(you)", to
    # each seat's panel and to a visitor who is signed out.
    users = players[:2] if engine_name == "emu_ranchers" else players
    game = finished_game(users, engine_name, seed="yours")
    step = game.version // 2
    first = game.seats.get(position=0).name

    def panels(html: str) -> dict[str, str]:
        """Each seat's panel, up to the next one (the last up to the log of moves)."""
        parts = html.split('<section class="card log"', 1)[0].split('<section class="card view" data-seat="')[1:]
        return {part.split('"', 1)[0]: part for part in parts}

    visitor = panels(client.get(f"/games/{game.pk}/replay/{step}/").content.decode())
    assert len(visitor) == len(users)
    for seat, panel in visitor.items():
        assert "Your " not in panel and "(you)" not in panel and "Others know you hold" not in panel, seat
    assert f"Hand of {first}" in visitor["0"]
    client.force_login(users[1])
    own = str(game.seats.get(user=users[1]).position)
    seated = panels(client.get(f"/games/{game.pk}/replay/{step}/").content.decode())
    assert "Your hand" in seated[own]
    assert all("Your hand" not in panel for seat, panel in seated.items() if seat != own)


def test_a_finished_games_replay_opens_on_the_readers_own_view(client, players):
    # A finished replay does not open on "Alice's view", the first seat's.
    game = finished_game(players, "wizard", seed="own-first")
    client.force_login(players[2])
    own = game.seats.get(user=players[2])
    html = client.get(f"/games/{game.pk}/replay/{game.version}/").content.decode()
    order = _panel_seats(html)
    assert order[0] == str(own.position)
    assert sorted(order) == [str(seat) for seat in range(3)]
    assert "Your view" in html.split('<section class="card view"')[1]
    # Others, and a visitor, read the seats in seat order.
    client.logout()
    html = client.get(f"/games/{game.pk}/replay/{game.version}/").content.decode()
    assert _panel_seats(html) == ["0", "1", "2"]


def _panel_seats(html: str) -> list[str]:
    return [part.split('"', 1)[0] for part in html.split('<section class="card view" data-seat="')[1:]]


def test_moves_a_player_made_before_a_bot_took_the_seat_are_not_labelled_the_bots(client, players):
    # After Marta's seat went to a bot, her replay does not say "Move 8 by Marta · Good bot (mail
    # reply)" of a bid she made by mail, nor every panel "Hand of Marta · Good bot".
    from games.models import Action
    from games.services import do_accept_seat, do_offer_seat, do_resign

    game = new_game(players, "wizard", seed="left-later")
    play_on(game, random.Random(3), stop_at=6)
    game.refresh_from_db()
    leaver = players[1]
    position = game.seats.get(user=leaver).position
    do_resign(game.pk, leaver)
    client.force_login(players[0])

    def told(seq: int) -> tuple[str, str]:
        """The log line of move `seq` and the panels, at its step."""
        html = client.get(f"/games/{game.pk}/replay/{seq + 1}/").content.decode()
        line = html.split('class="card log"', 1)[1].split(f"Move {seq + 1}", 1)[1].split("\n", 1)[0]
        return line, html.split('class="card log"', 1)[0]

    own = Action.objects.filter(game=game, seat=position).order_by("seq").first()
    line, panels = told(own.seq)
    assert leaver.profile.name in line and "bot" not in line.lower(), line
    assert f"{leaver.profile.name} · " not in panels
    # Handed back (after the bot moved for them), moving again, then leaving again: their own
    # moves between read as theirs, the bot's as the bot's.
    play_on(game, random.Random(4), stop_at=game.version + 8)
    game.refresh_from_db()
    assert game.actions.filter(seat=position, channel=Action.Channel.BOT).exists()
    offer = do_offer_seat(game.pk, players[0], position, leaver)
    do_accept_seat(offer.pk, leaver)
    play_on(game, random.Random(5), stop_at=game.version + 8)
    do_resign(game.pk, leaver)
    bot = game.actions.filter(seat=position, channel=Action.Channel.BOT).order_by("seq").first()
    again = game.actions.filter(seat=position, channel=Action.Channel.WEB, seq__gt=bot.seq).order_by("seq").first()
    assert again is not None, "the player made no move after taking the seat back"
    line, _panels = told(again.seq)
    assert "bot" not in line.lower(), line
    line, _panels = told(bot.seq)
    assert f"{leaver.profile.name} · " in line, line


@pytest.mark.parametrize("engine_name", ["cubirds", "wizard", "wildcards"])
def test_a_finished_games_log_tells_each_move_as_done_by_its_player_not_as_an_order(client, players, engine_name):
    # A finished CuBirds replay does not list Bruno's move as "Lay your owls…", the button's
    # words, an order to the reader in the second person.
    game = finished_game(players, engine_name, seed="told")
    page = client.get(f"/games/{game.pk}/replay/{game.version // 2}/").content.decode()
    log = page.split('<section class="card log"', 1)[1].split("</section>", 1)[0]
    entries = re.findall(r"</a>: ([^<]+)\s*</li>", log)
    assert entries, log
    assert not [entry for entry in entries if re.search(r"\b(your|Lay|Play|Bid|Draw)\b", entry)], entries
    if engine_name == "cubirds":
        assert any(" laid " in entry or " drew " in entry or " did not draw" in entry for entry in entries), entries


def test_a_finished_games_log_shows_the_sealed_bids_each_player_made(client, players):
    # Told as a spectator saw them, a finished game's sealed bids would read "made a sealed bid";
    # the game is over, nothing is hidden.
    game = finished_game(players, "wizard", seed="sealed", options={"hidden_bids": True})
    page = client.get(f"/games/{game.pk}/replay/2/").content.decode()
    log = page.split('<section class="card log"', 1)[1].split("</section>", 1)[0]
    entries = [" ".join(entry.split()) for entry in re.findall(r"</a>: ([^<]+)\s*</li>", log)]
    bids = [entry for entry in entries if " bid " in entry]
    assert len(bids) >= 3, entries
    assert not [entry for entry in entries if "sealed" in entry], entries
