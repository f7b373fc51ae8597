"""A finished game as one JSON document, and bringing such a document back.

The document holds what the log needs to be replayed anywhere: engine and
engine version, options, seed, players and the actions with seat, channel
and time. Importing replays it through the engine and refuses a document
whose replay does not end, or ends with another result than it claims.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from importlib import import_module
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from games.engines import IllegalOptions, get_engine
from games.history.replay_steps import LoggedAction, Replay
from games.models import Action, Game, Seat
from games.services.errors import ActionRejected
from games.services.refusals import refusal_text

FORMAT = "wildcards-game"
FORMAT_VERSION = 1


def engine_version(name: str) -> str:
    """The engine's declared `version`, else a fingerprint of its source files.

    The fingerprint changes whenever the rules' code changes, so an import
    can say that a file was made by other rules; the replay decides.
    """
    engine = get_engine(name)
    declared = getattr(engine, "version", None)
    if declared:
        return str(declared)
    module = import_module(type(engine).__module__)
    folder = Path(module.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return "src-" + digest.hexdigest()[:12]


def export_game(game: Game) -> dict:
    """The document for a finished game."""
    if game.status != Game.Status.FINISHED:
        raise ActionRejected("not_finished", _("Only finished games can be exported."))
    seats = game.seats.select_related("user__profile").order_by("position")
    actions = game.actions.order_by("seq").values_list("seq", "seat", "payload", "channel", "created_at")
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine": game.engine,
        "engine_version": engine_version(game.engine),
        "options": game.options,
        "seed": game.seed,
        "num_players": game.num_seats,
        "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        "players": [
            {
                "seat": seat.position,
                "name": str(seat.name),
                "username": seat.user.username if seat.user_id else None,
                "kind": seat.kind,
                "status": seat.status,
                "score": seat.score,
                "rank": seat.rank,
            }
            for seat in seats
        ],
        "actions": [
            {"seq": seq, "seat": seat, "action": payload, "channel": channel, "at": _iso(at)}
            for seq, seat, payload, channel, at in actions
        ],
    }


@dataclass
class Checked:
    """A document that replayed to its end with the result it claims."""

    document: dict
    final_state: dict
    result: list[dict]
    same_engine_version: bool


def check_document(document: object) -> Checked:
    """Replay the document through its engine; ActionRejected("bad_document") says what is wrong."""
    doc = _shape(document)
    engine = get_engine(doc["engine"])
    try:
        options = engine.validate_options(doc["num_players"], doc["options"])
    except IllegalOptions as error:
        reason = refusal_text(error)
        raise _bad(_("The options do not describe a playable game: %(error)s") % {"error": reason}) from None
    actions = [LoggedAction(i, row["seat"], row["action"], row["channel"]) for i, row in enumerate(doc["actions"])]
    replay = Replay(doc["engine"], doc["num_players"], doc["seed"], options, actions)
    try:
        final = replay.state_at(replay.last_step)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        raise _bad(_("The actions do not replay: %(error)s") % {"error": refusal_text(error)}) from None
    if not engine.is_over(final):
        raise _bad(_("The actions stop before the end of the game."))
    players = {row["seat"]: row for row in doc["players"]}
    for row in engine.result(final):
        claimed = players.get(row["seat"], {})
        if claimed.get("score") != row["score"]:
            raise _bad(
                _("Seat %(seat)s claims %(claimed)s points but the replay gives %(score)s.")
                % {"seat": row["seat"], "claimed": claimed.get("score"), "score": row["score"]}
            )
    return Checked(doc, final, engine.result(final), doc["engine_version"] == engine_version(doc["engine"]))


@transaction.atomic
def do_import_game(document: object, owner) -> Game:
    """Store a checked document as a finished game; seats go to users with the same username, if any."""
    checked = check_document(document)
    doc = checked.document
    users = get_user_model().objects.in_bulk(
        [p["username"] for p in doc["players"] if p.get("username")], field_name="username"
    )
    finished_at = parse_datetime(doc.get("finished_at") or "") or timezone.now()
    game = Game.objects.create(
        engine=doc["engine"],
        options=doc["options"],
        seed=doc["seed"],
        num_seats=doc["num_players"],
        status=Game.Status.FINISHED,
        # An imported document names its players but nobody vouches for it: never rated.
        rated=False,
        created_by=owner,
        started_at=parse_datetime(doc.get("started_at") or "") or finished_at,
        finished_at=finished_at,
        version=len(doc["actions"]),
        state=checked.final_state,
    )
    for player in sorted(doc["players"], key=lambda p: p["seat"]):
        user = users.get(player.get("username"))
        Seat.objects.create(
            game=game,
            position=player["seat"],
            user=user,
            kind=Seat.Kind.HUMAN if user else Seat.Kind.BOT,
            status=player.get("status") if player.get("status") in Seat.Status.values else Seat.Status.PLAYING,
            score=player.get("score"),
            rank=player.get("rank"),
        )
    Action.objects.bulk_create(
        Action(game=game, seq=i, seat=row["seat"], payload=row["action"], channel=row["channel"])
        for i, row in enumerate(doc["actions"])
    )
    # created_at is auto_now_add: keep the original times with an update.
    for i, row in enumerate(doc["actions"]):
        at = parse_datetime(row.get("at") or "")
        if at:
            Action.objects.filter(game=game, seq=i).update(created_at=at)
    return game


def _shape(document: object) -> dict:
    """Check the document's structure before any replay."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _bad(_("This is not a Wildcards game document."))
    if document.get("format_version") != FORMAT_VERSION:
        raise _bad(_("This document's format version is not one we read."))
    try:
        get_engine(document.get("engine"))
    except (KeyError, TypeError):
        raise _bad(_("The document names a game we do not have.")) from None
    n = document.get("num_players")
    if not (isinstance(n, int) and not isinstance(n, bool) and 0 < n <= 20):
        raise _bad(_("The document's number of players is not a small positive number."))
    checks = [
        isinstance(document.get("options"), dict),
        isinstance(document.get("seed"), str),
        isinstance(document.get("engine_version"), str),
        isinstance(document.get("players"), list)
        and all(isinstance(p, dict) for p in document["players"])
        and sorted(p.get("seat") for p in document["players"] if isinstance(p.get("seat"), int)) == list(range(n)),
        isinstance(document.get("actions"), list)
        and all(
            isinstance(a, dict)
            and isinstance(a.get("seat"), int)
            and isinstance(a.get("action"), dict)
            and a.get("channel") in Action.Channel.values
            for a in document["actions"]
        ),
    ]
    if not all(checks):
        raise _bad(_("The document lacks a field or has one of the wrong type."))
    return document


def _bad(message: str) -> ActionRejected:
    return ActionRejected("bad_document", message)


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None
