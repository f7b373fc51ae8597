"""Since your last look: a player opening the table first reads what the others did while they
were away, told from their own view only."""

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import recap as recaps
from games.engines import ENGINE_NAMES, get_engine
from games.history.replay_steps import Replay
from games.models import Action, Game
from games.services.play import do_action
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db


def act(game: Game, seat: int, action: dict) -> Game:
    do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
    game.refresh_from_db()
    return game


def table(client: Client, game: Game, **params) -> str:
    return client.get(reverse("games:table", args=[game.pk]), params).content.decode()


def section(page: str, section_id: str) -> str:
    """One section of the table page ("since-last-look", "log"); "" when it is not there."""
    match = re.search(rf'<section[^>]* id="{section_id}".*?</section>', page, re.S)
    return match.group(0) if match else ""


def wizard_table() -> tuple[Game, list]:
    users = [make_user(name, display_name=name.title()) for name in ("ann", "bob", "cid")]
    return start_game(users, engine="wizard", options={"blind_bids": False}), users


def test_it_tells_a_player_what_the_others_did_since_their_last_look_and_then_forgets_it():
    game, _users = wizard_table()
    engine = get_engine("wizard")
    first = engine.to_act(game.state)[0]
    watcher = seat_user(game, (first + 2) % 3)
    client = Client()
    client.force_login(watcher)
    table(client, game)  # the watcher looks before anyone bids
    for _ in range(2):
        seat = engine.to_act(game.state)[0]
        game = act(game, seat, {"type": "bid", "bid": 1})
    page = section(table(client, game), "since-last-look")
    assert "Since your last look" in page
    for seat in (first, (first + 1) % 3):
        assert f"{game.seats.get(position=seat).name} bid 1." in page
    # Looked at once, the news is no longer news.
    assert "Since your last look" not in table(client, game)


def test_an_htmx_refresh_keeps_the_recap_it_was_opened_with():
    game, _users = wizard_table()
    engine = get_engine("wizard")
    watcher = seat_user(game, (engine.to_act(game.state)[0] + 2) % 3)
    client = Client()
    client.force_login(watcher)
    start = game.version
    table(client, game)
    game = act(game, engine.to_act(game.state)[0], {"type": "bid", "bid": 0})
    table(client, game)  # seen now
    refreshed = client.get(reverse("games:table", args=[game.pk]), {"since": start}, HTTP_HX_REQUEST="true")
    recap = section(refreshed.content.decode(), "since-last-look")
    assert "Since your last look" in recap and "bid 0." in recap


def bid_look_bid() -> tuple[Game, Client, str, str, str]:
    """The first bidder bids 1 and looks at the table; the next bids 0. Returns the game, the
    first bidder's client, the page they looked at, and the two names."""
    game, _users = wizard_table()
    engine = get_engine("wizard")
    seat = engine.to_act(game.state)[0]
    client = Client()
    client.force_login(seat_user(game, seat))
    game = act(game, seat, {"type": "bid", "bid": 1})
    looked = table(client, game)
    other = engine.to_act(game.state)[0]
    game = act(game, other, {"type": "bid", "bid": 0})
    return game, client, looked, game.seats.get(position=seat).name, game.seats.get(position=other).name


def test_a_player_who_just_moved_sees_only_what_came_after_their_own_move():
    game, client, looked, mine, theirs = bid_look_bid()
    assert "Since your last look" not in looked
    page = section(table(client, game), "since-last-look")
    assert f"{theirs} bid 0." in page and f"{mine} bid 1." not in page


def test_the_log_says_what_each_move_did_newest_first_and_marks_the_news():
    game, client, _looked, mine, theirs = bid_look_bid()
    log = section(table(client, game), "log")
    assert log.index(f"Move 2 by {theirs} (web)") < log.index(f"{theirs} bid 0.") < log.index(f"Move 1 by {mine}")
    assert log.index(f"{mine} bid 1.") > log.index(f"Move 1 by {mine}")
    news = re.findall(r'<li class="new">.*?</li>', log, re.S)
    assert len(news) == 1 and f"{theirs} bid 0." in news[0]


def test_a_spectators_log_tells_a_blind_bid_as_made_but_not_what_it_is():
    users = [make_user(name) for name in ("gus", "hal", "ida")]
    game = start_game(users, engine="wizard", options={"blind_bids": True})
    bidder = get_engine("wizard").to_act(game.state)[0]
    game = act(game, bidder, {"type": "bid", "bid": 1})
    name = game.seats.get(position=bidder).name
    log = section(table(Client(), game), "log")
    assert f"{name} made a sealed bid." in log and "bid 1" not in log
    seated = Client()
    seated.force_login(seat_user(game, (bidder + 1) % 3))
    log = section(table(seated, game), "log")
    assert f"{name} made a sealed bid." in log and "bid 1" not in log


def test_the_log_of_a_long_game_points_to_the_replay_for_the_earlier_moves():
    engine = get_engine("wizard")
    game, _users = wizard_table()
    rng = random.Random(5)
    for _ in range(recaps.LOG_STEPS + 3):
        seat = engine.to_act(game.state)[0]
        game = act(game, seat, rng.choice(engine.legal_actions(game.state, seat)))
    log = section(table(Client(), game), "log")
    assert log.count("<li") == recaps.LOG_STEPS
    # The moves made plus those the rules forced (the last card of each round) are all in the log.
    earlier = game.version - recaps.LOG_STEPS
    assert earlier > 3 and f"{earlier} earlier moves are not shown; the replay has them." in log
    assert reverse("games:replay", args=[game.pk]) in log


def test_a_sealed_bid_is_told_as_made_but_not_what_it_is():
    """Twin games, the same but for one sealed bid: the other seats are told the same thing."""
    told = []
    for bid in (0, 1):
        users = [make_user(f"{name}{bid}") for name in ("dee", "eli", "fay")]
        game = start_game(users, engine="wizard", options={"blind_bids": True})
        bidder = get_engine("wizard").to_act(game.state)[0]
        game = act(game, bidder, {"type": "bid", "bid": bid})
        names = {seat.position: f"P{seat.position}" for seat in game.seats.all()}
        watcher = (bidder + 1) % 3
        told.append(recaps.recap(game, watcher, 0, names).lines)
    assert told[0] == told[1] == [f"P{bidder} made a sealed bid."]


@pytest.mark.parametrize("engine_name", ENGINE_NAMES)
def test_every_move_of_a_whole_game_is_told_to_every_seat_without_error(engine_name):
    engine = get_engine(engine_name)
    count = 2 if engine_name == "emu_ranchers" else 3
    users = [make_user(f"{engine_name[:3]}{i}") for i in range(count)]
    game = start_game(users, engine=engine_name)
    rng = random.Random(engine_name)
    for _ in range(60):
        if engine.is_over(game.state) if hasattr(engine, "is_over") else not engine.to_act(game.state):
            break
        seat = engine.to_act(game.state)[0]
        game = act(game, seat, rng.choice(engine.legal_actions(game.state, seat)))
    replay = Replay.of(game)
    names = {seat: f"N{seat}" for seat in range(count)}
    for viewer in range(count):
        told = recaps.recap(game, viewer, 0, names, replay=replay)
        steps = min(replay.last_step, recaps.MAX_STEPS)
        assert len(told.lines) >= steps
        # Words for most moves, not the bare fallback.
        bare = [line for line in told.lines if line.endswith(" moved.")]
        assert len(bare) <= steps // 4, bare


def test_a_turn_mail_tells_what_the_others_did_since_the_players_last_move():
    from tests.conftest import rendered
    from wildcards_site.outbox.models import OutboxMessage

    game, _users = wizard_table()
    engine = get_engine("wizard")
    first = engine.to_act(game.state)[0]
    game = act(game, first, {"type": "bid", "bid": 1})
    second = engine.to_act(game.state)[0]
    game = act(game, second, {"type": "bid", "bid": 0})
    third = engine.to_act(game.state)[0]
    row = rendered(OutboxMessage.objects.get(key__startswith=f"turn:{game.pk}:{third}:"))
    names = {seat.position: seat.name for seat in game.seats.all()}
    assert "Since your last move:" in row.text
    assert f"- {names[first]} bid 1.\n- {names[second]} bid 0." in row.text
    assert "Since your last move</h3>" in row.html and f"{names[second]} bid 0.</li>" in row.html


def test_the_refresh_after_a_move_starts_the_recap_after_that_move():
    game, _users = wizard_table()
    engine = get_engine("wizard")
    seat = engine.to_act(game.state)[0]
    client = Client()
    client.force_login(seat_user(game, seat))
    client.get(reverse("games:table", args=[game.pk]))
    answer = client.post(
        reverse("games:act", args=[game.pk]),
        {"action": '{"type": "bid", "bid": 1}', "version": game.version},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    game.refresh_from_db()
    # The body's own refresh asks for the news since this move, not since the page was opened.
    assert f"?since={game.version}&amp;stamp=" in answer and 'hx-trigger="every 20s"' in answer


def test_a_game_whose_log_does_not_replay_still_opens_and_says_who_moved(caplog):
    game, _users = wizard_table()
    engine = get_engine("wizard")
    seat = engine.to_act(game.state)[0]
    game = act(game, seat, {"type": "bid", "bid": 1})
    # The stored state is changed by hand, and the log no longer replays to it.
    Action.objects.filter(game=game).update(payload={"type": "bid", "bid": 99})
    page = table(Client(), game)
    name = game.seats.get(position=seat).name
    assert f"{name} moved." in section(page, "log") and "bid 99" not in page
    assert "does not replay" in caplog.text


def test_a_new_games_log_says_no_move_yet_rather_than_an_empty_list():
    game, _users = wizard_table()
    log = section(table(Client(), game), "log")
    assert "No move yet." in log and "<li" not in log
