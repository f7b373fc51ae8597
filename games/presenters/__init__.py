"""Turning engine views and actions into what a page or a mail shows.

Pages render only `engine.view(state, seat)`, never the raw state. A game
may give its own template (`games/table/<engine>.html`) and action labels
(`ACTION_LABELS`); otherwise the generic ones below are used.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import registry
from games.bymail.render import in_hand_order
from games.engines import get_engine
from games.models import Game, Seat
from games.presenters.pointing import payload_key, pointing_for, refusals_for, refusals_hook


def action_label(action: dict, engine: str | None = None, view: dict | None = None) -> str:
    """A short human label for an action: the game's own wording when it has one.

    With the actor's `view`, a label can say which of two alike cards it names.
    """
    hook = _hook(engine, "action_label") if engine else None
    label = hook(action, view) if hook else ""
    if label:
        return label
    kind = str(action.get("type", "?")).replace("_", " ")
    details = ", ".join(f"{key.replace('_', ' ')} {_format(value)}" for key, value in action.items() if key != "type")
    return f"{kind}: {details}" if details else kind


def _format(value) -> str:
    if isinstance(value, list):
        return " ".join(_format(item) for item in value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def legal_action_choices(game: Game, position: int | None) -> list[dict]:
    """The seat's legal actions for buttons: label, JSON payload and, when the presenter points
    at it, `pick`, `target` and `preview` (see `games.presenters.pointing`)."""
    if position is None or game.status != Game.Status.RUNNING or game.state is None:
        return []
    engine = get_engine(game.engine)
    view = engine.view(game.state, position)
    # In the order of the hand the table shows, as the turn mail lists them (not the draw order).
    actions = in_hand_order(game.engine, engine.legal_actions(game.state, position), view)
    pointed = pointing_for(game.engine, view, actions)
    choices = []
    for action in actions:
        payload = payload_key(action)
        choice = {"label": action_label(action, game.engine, view), "payload": payload}
        choice.update(pointed.get(payload, {}))
        choices.append(choice)
    return choices


def turn_note(game: Game, position: int | None, names: dict) -> str:
    """A sentence above the seat's moves where they alone do not say how many are asked for
    (Wild Cards: the cards still to pay, or to lay to break a tie); "" for none."""
    hook = _hook(game.engine, "turn_note")
    if hook is None or position is None or game.status != Game.Status.RUNNING or game.state is None:
        return ""
    engine = get_engine(game.engine)
    return hook(engine.legal_actions(game.state, position), engine.view(game.state, position), names)


def refused_picks(game: Game, position: int | None) -> dict[str, str]:
    """What the seat may not pick now, each with why ({pick key: sentence}; `games.presenters.pointing`)."""
    if position is None or game.status != Game.Status.RUNNING or game.state is None:
        return {}
    if refusals_hook(game.engine) is None:
        return {}
    engine = get_engine(game.engine)
    return refusals_for(game.engine, engine.view(game.state, position), engine.legal_actions(game.state, position))


def seat_of(game: Game, user) -> Seat | None:
    """The user's seat. Positions are drawn at the start, so while the game waits for players
    a seat without one is theirs too (the creator is seated from the moment they create it)."""
    if not user.is_authenticated:
        return None
    waiting = game.status == Game.Status.OPEN
    return next(
        (seat for seat in game.seats.all() if seat.user_id == user.pk and (waiting or seat.position is not None)),
        None,
    )


def private_position(game: Game, seat: Seat | None) -> int | None:
    """The position whose hidden cards the viewer of `seat` may see: theirs while they play it.

    Once they resigned, timed out or were removed, a bot plays the seat with cards dealt after
    they left, and they may still talk to someone at the table: until the game ends they see it
    as a spectator does."""
    if seat is None:
        return None
    if game.is_live and not (seat.kind == Seat.Kind.HUMAN and seat.status == Seat.Status.PLAYING):
        return None
    return seat.position


def table_view(game: Game, position: int | None) -> dict:
    """What the viewer sees: the engine's view for their seat, or the spectator's."""
    if game.state is None:
        return {}
    return get_engine(game.engine).view(game.state, position)


def view_items(view: dict) -> list[tuple[str, object]]:
    """The view's keys as readable labels, for the generic table."""
    return [(key.replace("_", " "), value) for key, value in view.items()]


def last_move_marks(engine: str, last: tuple[dict, dict, int] | None) -> set[str]:
    """Keys of what the last move changed on the table ("bird:1:0", "seat:2"), from the viewer's
    views before and after it, by the game's `last_move(before, after, actor)` if it has one.
    The fragment marks the elements with those keys."""
    hook = _hook(engine, "last_move") if last is not None else None
    return set(hook(*last)) if hook else set()


def _hook(engine: str, name: str):
    """A hook of the game's table presentation (`games/presenters/<engine>/table.py`), or None."""
    return getattr(registry.part(engine, "table"), name, None)
