"""Leak scan: while a game runs, no replay step, spectator page or table shows another seat's
hidden cards or an unrevealed bid; after the end, every step shows them all."""

import random

import pytest
from django.test import Client

from games.history.replay_steps import Replay
from tests.conftest import make_user
from tests.history.conftest import new_game, play_on
from tests.history.secret_engine import all_secrets, hidden_from

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def assert_hides(html: str, secrets: set[str], where: str) -> None:
    leaked = sorted(marker for marker in secrets if marker in html)
    assert not leaked, f"{where} shows {leaked}"


def test_it_shows_nobody_more_than_their_seat_may_see_while_the_game_runs(players):
    game = new_game(players, "secret")
    rng = random.Random(7)
    watcher = Client()  # an anonymous spectator of an open game
    staff = logged_in(make_user("umpire", staff=True))
    clients = {seat.position: logged_in(seat.user) for seat in game.seats.all()}
    scanned = 0
    while game.status == "running":
        replay = Replay.of(game)
        for step in range(replay.last_step + 1):
            state = replay.state_at(step)
            for position, client in clients.items():
                page = client.get(f"/games/{game.pk}/replay/{step}/").content.decode()
                assert_hides(page, hidden_from(state, position), f"seat {position}'s replay step {step}")
            page = watcher.get(f"/games/{game.pk}/replay/{step}/").content.decode()
            assert_hides(page, hidden_from(state, None), f"the spectator's replay step {step}")
            scanned += 1
        for who, client in [("spectator", watcher), ("staff", staff)]:
            page = client.get(f"/games/{game.pk}/").content.decode()
            assert_hides(page, hidden_from(game.state, None), f"the {who}'s table at version {game.version}")
        game = play_on(game, rng, stop_at=game.version + 1)
    assert scanned > 20


def test_it_reveals_every_hand_and_bid_at_every_step_after_the_end(players):
    game = play_on(new_game(players, "secret"), random.Random(8))
    assert game.status == "finished"
    replay = Replay.of(game)
    watcher = Client()
    sealed_steps = 0
    for step in range(replay.last_step + 1):
        state = replay.state_at(step)
        page = watcher.get(f"/games/{game.pk}/replay/{step}/").content.decode()
        missing = sorted(marker for marker in all_secrets(state) if marker not in page)
        assert not missing, f"step {step} of the finished game hides {missing}"
        sealed_steps += any(bid is not None for bid in state["bids"]) and state["phase"] == "bid"
    assert sealed_steps > 0


def test_it_shows_other_seats_moves_only_as_moves_while_the_game_runs(players):
    game = play_on(new_game(players, "secret"), random.Random(9), stop_at=4)
    mine = game.seats.get(user=players[0]).position
    page = logged_in(players[0]).get(f"/games/{game.pk}/replay/{game.version}/").content.decode()
    replay = Replay.of(game)
    for action in replay.actions:
        label = f"bid: card {action.payload['card']}" if action.payload["type"] == "bid" else None
        if label and action.seat != mine:
            assert label not in page
        elif label:
            assert label in page


def test_a_running_games_replay_tells_the_others_public_moves_as_the_table_does(players):
    # In a running Wizard game's replay, a public bid is told, not a bare "Move 3 by Bot 1" where
    # the table says "Bot 1 bid 0".
    game = new_game(players[:3], "wizard", seed="told")
    rng = random.Random(5)
    while game.state["phase"] == "bid" or not game.state.get("trick"):
        game = play_on(game, rng, stop_at=game.version + 1)
        assert game.status == "running"
    mine = game.seats.get(user=players[0]).position
    page = logged_in(players[0]).get(f"/games/{game.pk}/replay/{game.version}/").content.decode()
    log = page.split("<ol start=", 1)[1].split("</ol>", 1)[0]
    replay = Replay.of(game)
    names = {seat.position: seat.label for seat in game.seats.all()}
    others_told = 0
    for action in replay.actions:
        if action.seat == mine or action.payload.get("type") != "bid":
            continue
        said = f"{names[action.seat]} bid {action.payload['bid']}."
        assert said in log, f"{said!r} not in the replay's log"
        others_told += 1
    assert others_told >= 2
    # A spectator is told the same public moves.
    watched = Client().get(f"/games/{game.pk}/replay/{game.version}/").content.decode()
    assert f"{names[(mine + 1) % 3]} bid" in watched.split("<ol start=", 1)[1].split("</ol>", 1)[0]


def test_the_running_replays_words_for_the_others_moves_show_nobody_more_than_their_seat_may_see(players, monkeypatch):
    # The scan above runs an engine without words for its moves, so it never scans the words a
    # running replay gives the others' moves (games.recap). Here the secret engine
    # gets words that tell everything in the view they are given (its hand, the revealed bids):
    # told from any view but the reader's own, a marker of another seat shows up.
    import games.recap

    def tell_all(before, after, actor, names):
        return [f"seen {card}" for card in (after["hand"] or []) + [bid for bid in after["revealed"] if bid]]

    monkeypatch.setattr(games.recap, "changes_of", lambda engine: tell_all)
    game = new_game(players, "secret")
    rng = random.Random(12)
    clients = {seat.position: logged_in(seat.user) for seat in game.seats.all()}
    told = 0
    while game.status == "running":
        for position, client in clients.items():
            page = client.get(f"/games/{game.pk}/replay/{game.version}/").content.decode()
            assert_hides(page, hidden_from(game.state, position), f"seat {position}'s replay at {game.version}")
            told += page.count("seen zq")
        page = Client().get(f"/games/{game.pk}/replay/{game.version}/").content.decode()
        assert_hides(page, hidden_from(game.state, None), f"the spectator's replay at {game.version}")
        game = play_on(game, rng, stop_at=game.version + 1)
    assert told > 0  # the words were given, and read
