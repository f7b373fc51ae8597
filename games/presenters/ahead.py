"""The table's panel of answers ahead: the viewer's own cases, each with the moves to point at.

Built for the seat's own player only, from the engine's `ahead_cases` (which name only what the
seat sees) and the player's own stored answers; nobody else's page reads either.
"""

from __future__ import annotations

from games.ahead.models import StoredAnswer
from games.bymail import render
from games.engines import get_engine
from games.engines.base import answers_ahead, hands_over_rounds
from games.models import Game, Seat
from games.presenters import action_label
from games.presenters.pointing import payload_key
from wildcards_site.wording import words_text


def panel(game: Game, seat: Seat | None) -> dict | None:
    """{"groups": [...], "dropped": [...]} for the seat's own player, or None when there is
    nothing to answer ahead (not running, a bot's seat, a game without answers ahead)."""
    if seat is None or seat.kind != Seat.Kind.HUMAN or game.status != Game.Status.RUNNING or game.state is None:
        return None
    engine = get_engine(game.engine)
    if not answers_ahead(engine) or not game.allow_ahead:
        return None
    cases = engine.ahead_cases(game.state, seat.position)
    answers = list(StoredAnswer.objects.filter(game=game, seat=seat.position, user_id=seat.user_id))
    stored = {(a.phase, a.case): a for a in answers if a.status == StoredAnswer.Status.WAITING}
    view = engine.view(game.state, seat.position)
    groups: dict[str, dict] = {}
    for case in cases:
        title = render.case_group(game.engine, case["phase"], case["case"])
        group = groups.setdefault(title, {"title": title, "lines": [], "by_sum": []})
        mine = stored.get((case["phase"], case["case"]))
        chosen = payload_key(mine.action) if mine else None
        line = {
            "phase": case["phase"],
            "case": case["case"],
            "phrase": render.case_phrase(game.engine, case["case"]),
            "stored": action_label(mine.action, game.engine, view) if mine else "",
            "moves": [
                {
                    "payload": payload_key(move),
                    "label": action_label(move, game.engine, view),
                    "chosen": payload_key(move) == chosen,
                }
                for move in case["moves"]
            ],
        }
        # Bids by the sum of the bids before one's own: folded away, there may be dozens.
        group["by_sum" if case["case"].startswith("sum:") else "lines"].append(line)
    dropped = _notes(game, [a for a in answers if a.status == StoredAnswer.Status.DROPPED], view)
    if not groups and not dropped:
        return None
    return {"groups": list(groups.values()), "dropped": dropped}


def dropped_notes(game: Game, seat: Seat, view: dict) -> list[dict]:
    """The seat's answers that could not be played when it was called, and why (its own view)."""
    found = StoredAnswer.objects.filter(
        game=game, seat=seat.position, user_id=seat.user_id, status=StoredAnswer.Status.DROPPED
    )
    return _notes(game, list(found), view)


def _notes(game: Game, answers: list[StoredAnswer], view: dict) -> list[dict]:
    return [
        {
            "move": action_label(a.action, game.engine, view),
            "phrase": render.case_phrase(game.engine, a.case),
            "why": words_text(a.reason) if a.reason else "",
        }
        for a in answers
    ]


def delegate_panel(game: Game, seat: Seat | None) -> dict | None:
    """What the seat's own player may do with a delegate: its current one, and whether this
    game has rounds whose card play one may take; None where no delegate may play."""
    if seat is None or seat.kind != Seat.Kind.HUMAN or seat.status != Seat.Status.PLAYING:
        return None
    if game.status != Game.Status.RUNNING or not game.allow_delegates:
        return None
    return {"current": seat.delegate, "rounds": hands_over_rounds(get_engine(game.engine))}
