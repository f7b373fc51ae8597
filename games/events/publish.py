"""What a committed change at a table tells each seat, its spectators and its players' accounts.

Any save of a game, a seat, a table message or a table event marks the game changed
(`receivers`); once the transaction commits, `flush_game` reads the game as it now is and
appends one event to each topic that sees something new. Reading after the commit, under a
per-game lock in Redis, keeps the events in the order of the commits whichever process
flushes first: a flush that finds nothing new since the last one appends nothing.
"""

from __future__ import annotations

import hashlib
import json
import logging
from functools import partial

import redis
from django.db import transaction

from games import presenters
from games.engines import get_engine
from games.events import store, topics
from games.models import Game, GameEvent, Seat
from wildcards_site.accounts.marks import bot_account

log = logging.getLogger(__name__)


class _Flush:
    """The games one transaction changed, flushed once each when it commits."""

    def __init__(self) -> None:
        self.games: set[int] = set()

    def __call__(self) -> None:
        for game_id in sorted(self.games):
            flush_game(game_id)


def game_changed(game_id: int) -> None:
    """Flush the game's events once the current transaction commits (at once outside one)."""
    if not store.enabled():
        return
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        flush_game(game_id)
        return
    # A move saves the game, its seats and more: one flush a transaction, not one a save. The
    # registered flush is looked for among the callbacks: a savepoint rolled back drops it.
    pending = getattr(connection, "_events_flush", None)
    if pending is None or not any(entry[1] is pending for entry in connection.run_on_commit):
        pending = connection._events_flush = _Flush()
        transaction.on_commit(pending, robust=True)
    pending.games.add(game_id)


def account_event(user_ids: list[int], event: dict) -> None:
    """Tell these accounts something (an invitation, a tournament round) once the transaction commits."""
    if store.enabled() and user_ids:
        transaction.on_commit(partial(_append_all, [topics.account(pk) for pk in user_ids], event), robust=True)


def _append_all(names: list[str], event: dict) -> None:
    for name in names:
        store.append(name, event)


def flush_game(game_id: int) -> None:
    if not store.enabled():
        return
    try:
        with store.client().lock(store.key(f"lock:game:{game_id}"), timeout=10, blocking_timeout=5):
            _flush_locked(game_id)
    except redis.RedisError:
        log.warning("events: game %s not flushed", game_id, exc_info=True)
        store.failed()
    except Exception:
        # A notice must never undo or fail the change it tells of (a save outside a transaction
        # flushes at once, in its caller's stack).
        log.exception("events: game %s not flushed", game_id)


def _flush_locked(game_id: int) -> None:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return
    mark_key = store.key(f"mark:game:{game_id}")
    raw = store.client().get(mark_key)
    mark = json.loads(raw) if raw else {}
    seats = list(game.seats.select_related("user__profile").order_by("position", "pk"))
    news = _news(game, mark)
    news["waits"] = open_waits(game)
    per_topic = {name: game_event(game, seats, position, news) for name, position in _game_topics(game, seats)}
    digest = hashlib.sha256(json.dumps(per_topic, sort_keys=True, default=str).encode()).hexdigest()
    if digest == mark.get("digest"):
        return
    for name, event in per_topic.items():
        store.append(name, event)
    announced = set(map(tuple, mark.get("turns", [])))
    for name, event in _account_events(game, seats, mark, announced, news):
        store.append(name, event)
    mark = {
        "digest": digest,
        "version": game.version,
        "status": game.status,
        "talk": news["talk_mark"],
        "table": news["table_mark"],
        "turns": sorted(announced),
    }
    store.client().set(mark_key, json.dumps(mark), ex=store.kept_seconds())


def _game_topics(game: Game, seats: list[Seat]) -> list[tuple[str, int | None]]:
    """Each seat whose player sees its hidden cards has a topic; everyone else watches."""
    found = [(topics.watch(game.pk), None)]
    for seat in seats:
        position = presenters.private_position(game, seat) if seat.position is not None else None
        if position is not None and seat.user_id is not None:
            found.append((topics.seat(game.pk, position), position))
    return found


def _news(game: Game, mark: dict) -> dict:
    """What happened since the last flush: moves (from the version it saw), talk and table events."""
    if not mark:
        # A first flush (a new game, or Redis lost its marks) is a snapshot, not a story.
        last_talk = game.messages.order_by("-pk").values_list("pk", flat=True).first() or 0
        last_table = GameEvent.objects.filter(game=game).order_by("-pk").values_list("pk", flat=True).first() or 0
        return {"moves": [], "talk": [], "table": [], "talk_mark": last_talk, "table_mark": last_table}
    talk = list(game.messages.select_related("user__profile").filter(pk__gt=mark.get("talk", 0)).order_by("pk"))
    table = list(GameEvent.objects.filter(game=game, pk__gt=mark.get("table", 0)).order_by("pk"))
    return {
        "moves": list(game.actions.filter(seq__gte=mark.get("version", game.version)).order_by("seq")[:200]),
        "talk": [
            {"id": m.pk, "name": m.user.profile.name, "text": m.text, "at": m.created_at.isoformat()}
            for m in talk[-50:]
        ],
        "table": [{"kind": e.kind, "seat": e.seat, "at": e.created_at.isoformat()} for e in table[-50:]],
        "talk_mark": talk[-1].pk if talk else mark.get("talk", 0),
        "table_mark": table[-1].pk if table else mark.get("table", 0),
    }


def open_waits(game: Game) -> dict[int, str]:
    """When each open wait closes, by seat."""
    waits = game.deadlines.filter(closed_at__isnull=True).order_by("seat", "closes_at")
    return {seat: closes_at.isoformat() for seat, closes_at in waits.values_list("seat", "closes_at")}


def game_event(game: Game, seats: list[Seat], position: int | None, news: dict) -> dict:
    """One topic's event: the moves as that seat may see them, and the table as it sees it now."""
    running = game.status == Game.Status.RUNNING and game.state is not None
    engine = get_engine(game.engine)
    to_act = engine.to_act(game.state) if running else []
    revealed = game.status == Game.Status.FINISHED
    event = {
        "type": "game",
        "game": game.pk,
        "version": game.version,
        "status": game.status,
        "seat": position,
        "moves": [
            {
                "seq": action.seq,
                "seat": action.seat,
                "channel": action.channel,
                # The action itself only to its own seat (a bid, a card passed), as the table's log does.
                **({"action": action.payload} if revealed or action.seat == position else {}),
            }
            for action in news["moves"]
        ],
        "talk": news["talk"],
        "table": news["table"],
        "players": [
            {
                "seat": s.position,
                "name": str(s.name),
                "kind": s.kind,
                "status": s.status,
                "bot_account": bot_account(s),
            }
            for s in seats
            if s.position is not None or game.status == Game.Status.OPEN
        ],
        "to_act": to_act,
        "my_turn": position is not None and position in to_act,
        "view": presenters.table_view(game, position),
        "deadlines": _deadlines(news, to_act) if running else [],
    }
    if event["my_turn"]:
        event["actions"] = engine.legal_actions(game.state, position)
    if revealed:
        event["result"] = [{"seat": s.position, "score": s.score, "rank": s.rank} for s in seats]
    return event


def _deadlines(news: dict, seats: list[int]) -> list[dict]:
    return [{"seat": seat, "closes_at": news["waits"][seat]} for seat in seats if seat in news["waits"]]


def _account_events(game: Game, seats: list[Seat], mark: dict, announced: set, news: dict) -> list[tuple[str, dict]]:
    """Your turn (once a version and seat), the game started, the game over: to each player's account."""
    found = []
    players = [s for s in seats if s.user_id is not None and s.kind == Seat.Kind.HUMAN]
    was = mark.get("status")
    if game.status == Game.Status.RUNNING and was != Game.Status.RUNNING and was != Game.Status.PAUSED:
        for seat in players:
            started = {"type": "game_started", "game": game.pk, "seat": seat.position}
            found.append((topics.account(seat.user_id), started))
    if game.status == Game.Status.FINISHED and was != Game.Status.FINISHED:
        result = [{"seat": s.position, "score": s.score, "rank": s.rank} for s in seats]
        for seat in seats:
            if seat.user_id is not None:
                found.append((topics.account(seat.user_id), {"type": "game_over", "game": game.pk, "result": result}))
    if game.status == Game.Status.RUNNING and game.state is not None:
        to_act = get_engine(game.engine).to_act(game.state)
        for seat in players:
            position = owed_turn(game, seat, to_act)
            if position is None or (game.version, position) in announced:
                continue
            announced.add((game.version, position))
            found.append((topics.account(seat.user_id), your_turn(game, position, news["waits"])))
    # Only the turns of the current version matter from now on.
    announced.intersection_update({turn for turn in announced if turn[0] == game.version})
    return found


def owed_turn(game: Game, seat: Seat, to_act: list[int]) -> int | None:
    """The position whose turn `seat`'s player owes now (`to_act`: the engine's), or None."""
    position = presenters.private_position(game, seat)
    return position if position is not None and position in to_act else None


def your_turn(game: Game, position: int, waits: dict[int, str]) -> dict:
    """A seat's turn as its account hears of it: enough to answer with one request."""
    engine = get_engine(game.engine)
    return {
        "type": "your_turn",
        "game": game.pk,
        "engine": game.engine,
        "seat": position,
        "version": game.version,
        "view": presenters.table_view(game, position),
        "actions": engine.legal_actions(game.state, position),
        "deadlines": _deadlines({"waits": waits}, [position]),
    }
