"""Searching bots move from a Celery task on the real worker: outside the lock, once per version."""

from __future__ import annotations

import random
import threading
import time

import pytest
from celery.signals import task_postrun
from django.db import OperationalError

from games import bots
from games.engines import get_engine
from games.models import Action, Game, Seat
from games.services import bot_choice, do_action, do_create_game
from games.services import bot_moves as bot_moves_module
from games.services.bot_choice import bot_seed
from games.services.errors import ActionRejected
from wildcards_site.celery import app

pytestmark = pytest.mark.worker

BUDGETS = {"good": 4, "strong": 8}
WAIT = 120  # seconds a test waits for the worker at most (never a timing assert)


@pytest.fixture
def small_budgets(settings):
    settings.GAME_BOT_BUDGETS = BUDGETS


def _human(game: Game) -> Seat:
    return game.seats.select_related("user").get(kind=Seat.Kind.HUMAN)


def _bot(game: Game) -> Seat:
    return game.seats.get(kind=Seat.Kind.BOT)


def _play_human(game: Game, human: Seat) -> None:
    """The person's move: the engine's default, as a click on the page would send it."""
    engine = get_engine(game.engine)
    action = engine.auto_action(game.state, human.position)
    try:
        do_action(game.pk, human.position, action, Action.Channel.WEB, user=human.user, expected_version=game.version)
    except ActionRejected as rejected:
        assert rejected.code == "stale"  # the bot moved between our read and our click


def _play_to_the_end(game_id: int) -> Game:
    give_up = time.monotonic() + WAIT
    while time.monotonic() < give_up:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.RUNNING:
            return game
        human = _human(game)
        if human.position in get_engine(game.engine).to_act(game.state):
            _play_human(game, human)
        else:
            time.sleep(0.02)  # the bot's task is thinking
    return Game.objects.get(pk=game_id)


@pytest.mark.parametrize("level", ["beginner", "standard", "good", "strong"])
def test_every_level_plays_a_game_to_the_end_on_the_site(live_worker, small_budgets, players, level):
    game = do_create_game(players[0], "emu_ranchers", 2, {"years": 1}, bots=1, bot_levels=[level], seed="s1")
    game = _play_to_the_end(game.pk)
    assert game.status == Game.Status.FINISHED
    bot = _bot(game)
    assert bot.bot_level == level and bot.rank is not None
    moves = Action.objects.filter(game=game, seat=bot.position)
    assert moves.exists() and set(moves.values_list("channel", flat=True)) == {Action.Channel.BOT}
    # Nothing stored twice: the log is the game, version for version.
    assert list(Action.objects.filter(game=game).values_list("seq", flat=True)) == list(range(game.version))


def _waiting_for_the_bot(monkeypatch, creator, engine: str, options: dict, level: str, with_human=False) -> Game:
    """A game that waits for its searching bot (and the person too, `with_human`), no task queued yet."""
    with monkeypatch.context() as patch:
        patch.setattr(bot_choice, "queue_bot_moves", lambda game_id, seats: None)
        for seed in (f"s{n}" for n in range(40)):
            game = do_create_game(creator, engine, 2, options, bots=1, bot_levels=[level], seed=seed)
            game.refresh_from_db()
            to_act = get_engine(engine).to_act(game.state)
            if _bot(game).position in to_act and (not with_human or _human(game).position in to_act):
                return game
    raise AssertionError("no seed leaves the bot to act first")


class _Finished:
    """The ids of the tasks the in-process worker has finished (it runs in this process)."""

    def __init__(self):
        self.ids: list[str] = []
        self.event = threading.Condition()

    def __call__(self, sender=None, task_id=None, **kwargs):
        with self.event:
            self.ids.append(task_id)
            self.event.notify_all()

    def wait_for(self, ids: list[str]) -> None:
        with self.event:
            assert self.event.wait_for(lambda: all(i in self.ids for i in ids), timeout=WAIT)


@pytest.fixture
def finished():
    watcher = _Finished()
    task_postrun.connect(watcher, weak=False)
    yield watcher
    task_postrun.disconnect(watcher)


def _expected(game: Game, seat: int, level: str) -> dict:
    """The same move, chosen directly with the seed a task uses (game, version, seat)."""
    rng = random.Random(bot_seed(game.pk, game.version, seat))
    return bots.choose(get_engine(game.engine), game.state, seat, level, rng, BUDGETS[level])


def test_a_task_delivered_twice_stores_one_move_the_same_as_a_direct_choose(
    live_worker, small_budgets, players, monkeypatch, finished
):
    game = _waiting_for_the_bot(monkeypatch, players[0], "emu_ranchers", {"years": 1}, "strong")
    seat, version = _bot(game).position, game.version
    expected = _expected(game, seat, "strong")
    sent = [app.send_task("games.tasks.bot_move", (game.pk, seat)).id for _ in range(2)]
    finished.wait_for(sent)
    bot_moves = Action.objects.filter(game=game, seat=seat, channel=Action.Channel.BOT)
    assert list(bot_moves.values_list("seq", "payload")) == [(version, expected)]
    game.refresh_from_db()
    assert game.version == version + 1 and _human(game).position in get_engine(game.engine).to_act(game.state)


def test_a_task_retried_after_its_move_was_stored_stores_nothing_more(
    live_worker, small_budgets, players, monkeypatch, finished
):
    game = _waiting_for_the_bot(monkeypatch, players[0], "emu_ranchers", {"years": 1}, "good")
    seat, version = _bot(game).position, game.version
    expected = _expected(game, seat, "good")
    real_do_action, calls = bot_moves_module.do_action, []

    def stored_then_connection_lost(*args, **kwargs):
        calls.append(kwargs["expected_version"])
        outcome = real_do_action(*args, **kwargs)
        if len(calls) == 1:
            raise OperationalError("connection lost after the commit")  # the task is retried
        return outcome

    monkeypatch.setattr(bot_moves_module, "do_action", stored_then_connection_lost)
    task = app.send_task("games.tasks.bot_move", (game.pk, seat))
    give_up = time.monotonic() + WAIT
    while finished.ids.count(task.id) < 2 and time.monotonic() < give_up:  # the first run, then its retry
        time.sleep(0.05)
    assert finished.ids.count(task.id) == 2
    assert calls == [version]  # the retry found the game moved on and submitted nothing
    moves = Action.objects.filter(game=game, seat=seat, channel=Action.Channel.BOT)
    assert list(moves.values_list("seq", "payload")) == [(version, expected)]


def test_a_bot_racing_a_human_move_recomputes_and_stores_one_move(
    live_worker, small_budgets, players, monkeypatch, finished
):
    # Two-player Wizard bids are sealed and simultaneous: the person and the bot bid at once.
    game = _waiting_for_the_bot(monkeypatch, players[0], "wizard", {}, "good", with_human=True)
    human, seat = _human(game), _bot(game).position
    real_choose, versions = bot_moves_module.bot_choice.choose, []

    def the_person_bids_while_the_bot_thinks(engine, state, seat, level, game_id, version):
        versions.append(version)
        if len(versions) == 1:
            now = Game.objects.get(pk=game_id)
            _play_human(now, human)
        return real_choose(engine, state, seat, level, game_id, version)

    monkeypatch.setattr(bot_moves_module.bot_choice, "choose", the_person_bids_while_the_bot_thinks)
    before = game.version
    task = app.send_task("games.tasks.bot_move", (game.pk, seat))
    give_up = time.monotonic() + WAIT
    while task.id not in finished.ids and time.monotonic() < give_up:
        time.sleep(0.05)
    assert versions[:2] == [before, before + 1]  # stale once, then recomputed on the new position
    game.refresh_from_db()
    bids = Action.objects.filter(game=game, seq__gte=before, payload__type="bid").order_by("seq")
    assert list(bids.values_list("seq", "seat", "channel")) == [
        (before, human.position, Action.Channel.WEB),
        (before + 1, seat, Action.Channel.BOT),
    ]
    game.version = before + 1  # the position the bot answered, after the person's bid
    game.state = _state_at(game, before + 1)
    assert bids.last().payload == _expected(game, seat, "good")


def test_a_search_that_fails_lets_standard_play_the_move_and_logs_why(
    live_worker, small_budgets, players, monkeypatch, finished, caplog
):
    # A bug in a search would fail every retry the same way (its random numbers are fixed by
    # the version), leaving the game to wait for this bot until the deadline: days.
    game = _waiting_for_the_bot(monkeypatch, players[0], "emu_ranchers", {"years": 1}, "good")
    seat, version = _bot(game).position, game.version
    real_choose = bot_moves_module.bot_choice.choose

    def the_search_fails(engine, state, seat, level, game_id, version):
        if level != "standard":
            raise IndexError("Cannot choose from an empty sequence")
        return real_choose(engine, state, seat, level, game_id, version)

    monkeypatch.setattr(bot_moves_module.bot_choice, "choose", the_search_fails)
    with caplog.at_level("ERROR", logger="games.services.bot_moves"):
        finished.wait_for([app.send_task("games.tasks.bot_move", (game.pk, seat)).id])
    standard = bots.choose(
        get_engine(game.engine), game.state, seat, "standard", random.Random(bot_seed(game.pk, version, seat))
    )
    moves = Action.objects.filter(game=game, seat=seat, channel=Action.Channel.BOT)
    assert list(moves.values_list("seq", "payload")) == [(version, standard)]
    failures = [record for record in caplog.records if record.name == "games.services.bot_moves"]
    assert failures and failures[0].exc_info[0] is IndexError
    assert f"game={game.pk} seat={seat}" in failures[0].getMessage()


def _state_at(game: Game, version: int) -> dict:
    engine = get_engine(game.engine)
    state = engine.new_game(game.num_seats, game.seed, game.options)
    for seat, payload in (
        Action.objects.filter(game=game, seq__lt=version).order_by("seq").values_list("seat", "payload")
    ):
        state = engine.apply(state, seat, payload)
    return state
