"""What happened since a player last looked: the moves and results between two versions of a
game, told from that player's own views only.

Each step of the log is replayed (`games.history.replay_steps.Replay`, which caches states) and the
game's recap, `games/presenters/<engine>/recap.py`, turns the viewer's view before and after the
step into sentences: `changes(before, after, actor, names) -> list[str]`. Built only from
`engine.view(state, viewer)`, a recap can say no more than the viewer could see by watching
the table at every step: sealed bids stay sealed, other hands stay hidden.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games import registry
from games.bymail.render import name_of
from games.engines.base import IllegalAction
from games.history.replay_steps import LoggedAction, Replay
from games.models import Action, Game
from games.presenters.seat_names import names_along, names_at_step

logger = logging.getLogger(__name__)

# A player back after a long absence gets the latest moves and a count of the others.
MAX_STEPS = 40
# The table's log of the latest moves, for players and spectators alike.
LOG_STEPS = 15


@dataclass
class Told:
    """One step of the log and what its viewer saw it do."""

    action: LoggedAction
    lines: list[str]


@dataclass
class Recap:
    since: int
    lines: list[str] = field(default_factory=list)
    earlier: int = 0  # steps before the ones told, not told
    steps: list[Told] = field(default_factory=list)
    # The last step told: the viewer's view before and after it, and who moved (for marking
    # the last move on the table); None when it could not be replayed.
    last: tuple[dict, dict, int] | None = None

    def __bool__(self) -> bool:
        return bool(self.lines)


def changes_of(engine: str):
    module = registry.part(engine, "recap")
    return module.changes if module else None


def recap(
    game: Game,
    viewer: int | None,
    since: int,
    names: dict,
    replay: Replay | None = None,
    upto: int | None = None,
    max_steps: int = MAX_STEPS,
) -> Recap:
    """The changes after version `since` up to version `upto` (default: now), seen by `viewer`."""
    replay = replay or Replay.of(game)
    last = replay.last_step
    if upto is not None:
        last = next((index for index, action in enumerate(replay.actions) if action.seq >= upto), last)
    first = next((index for index, action in enumerate(replay.actions) if action.seq >= since), last)
    result = Recap(since=since)
    if first >= last:
        return result
    start = max(first, last - max_steps)
    result.earlier = start - first
    try:
        _tell(result, replay, range(start, last), viewer, names, changes_of(game.engine))
    except IllegalAction:
        # The log does not replay to the stored state (a state edited by hand, as tests and
        # repairs do): the page still opens, and says who moved but not what.
        logger.warning("game %s: its log does not replay; the recap says only who moved", game.pk)
        result.lines, result.steps, result.last = [], [], None
        _tell(result, replay, range(start, last), viewer, names, None)
    return result


def _tell(result: Recap, replay: Replay, steps: range, viewer: int | None, names: dict, describe) -> None:
    engine = replay.engine
    if describe is not None:
        # One cached state, then one apply a step: caching every step would cost a write each.
        state = replay.state_at(steps.start)
        before = engine.view(state, viewer)
    # An engine may give the states a move passes through (`apply_steps`: a Wild Cards round
    # ending and the next beginning); each is told as the table showed it.
    apply_steps = getattr(engine, "apply_steps", None)
    everyone, along = names, names_along(names, replay.actions)
    for step in steps:
        actor = replay.actions[step].seat
        names = names_at_step(everyone, along, step + 1)  # a seat a bot took later: its player's, before
        lines = []
        if describe is not None:
            payload = replay.actions[step].payload
            states = apply_steps(state, actor, payload) if apply_steps else [engine.apply(state, actor, payload)]
            first = before
            for state in states:  # the last is the state the next step starts from
                after = engine.view(state, viewer)
                lines += describe(before, after, actor, names)
                before = after
            result.last = (first, after, actor)
        if not lines:  # a move the viewer may not see the content of, or one with no words yet
            lines = [_("%(who)s moved.") % {"who": name_of(names, actor)}]
        if replay.actions[step].channel == Action.Channel.DELEGATE:
            # The delegate's, not the player's own: as the log and the replay say it.
            lines[0] = _("%(move)s (played by the delegate)") % {"move": lines[0]}
        told = [str(line) for line in lines]
        result.lines.extend(told)
        result.steps.append(Told(replay.actions[step], told))


def latest_moves(game: Game, viewer: int | None, names: dict, replay: Replay, count: int = LOG_STEPS) -> Recap:
    """The game's latest moves as its log tells them to this viewer (a spectator: None)."""
    return recap(game, viewer, 0, names, replay=replay, max_steps=count)
