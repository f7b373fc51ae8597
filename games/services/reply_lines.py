"""What the lines of a reply by mail may say: one registry of line commands.

A reply's lines are read in order, each by the first command that knows it: a prefixed
command first (table talk, an answer ahead), the move now last. A command reads a line
against the game as it stands under the reply's lock (`ReplyTurn`) and says what to do
(`Step`); `games.services.mail_reply.do_mail_reply` does it. Commands live where their words
do (the move reader with the mail's phrases, in `games.bymail`) and register here when their
app is ready, so this floor imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from games.engines import get_engine
from games.models import Game


class LineRefused(ValueError):
    """A line its command knows and cannot do; the message says why, in the active language."""


@dataclass
class ReplyTurn:
    """The game a reply's line is read against: locked, as the lines above it left it."""

    game: Game
    seat: int
    user: object
    now: datetime
    lines: list[str]
    seats: list = field(default_factory=list)  # the game's seats with their players (`play.load_seats`)
    moves_open: bool = True  # False once the turn the mail asked for is over
    asked_move: bool = True  # False when the mail asked only for answers ahead
    # The version the mail showed, when others have moved since it was sent (else None): a line
    # answers what the mail showed, not what came after.
    seen_version: int | None = None
    memo: dict = field(default_factory=dict)  # what a command reads once a reply
    index: int = 0  # of the line being read
    _legal: dict[int, list[dict]] = field(default_factory=dict)

    @property
    def engine(self):
        return get_engine(self.game.engine)

    def called(self) -> bool:
        """Whether the rules wait for this seat now."""
        return self.seat in self.engine.to_act(self.game.state)

    def legal(self) -> list[dict]:
        """The seat's legal moves now (none when it is not called), read once a version."""
        version = self.game.version
        if version not in self._legal:
            legal = self.engine.legal_actions(self.game.state, self.seat) if self.called() else []
            self._legal = {version: legal}
        return self._legal[version]

    def view(self) -> dict:
        return self.engine.view(self.game.state, self.seat)


@dataclass(frozen=True)
class Step:
    """What one line asks: a move now, the end of what is read, or another command's deed.

    `run` does the deed under the reply's lock and returns what the answer mail tells of it.
    """

    move: dict | None = None  # a move now: the move reader's, read only while `turn.moves_open`
    ignore: bool = False  # the line is no command (a name below a turn that is over)
    stop: bool = False  # neither this line nor those below it are commands (a sign-off)
    run: Callable[[ReplyTurn], str] | None = None
    kind: str = "move"


class LineCommand(Protocol):
    """A kind of line a reply may hold. `order` sorts the commands: the move reader is last."""

    name: str
    order: int

    def read(self, line: str, turn: ReplyTurn) -> Step | None:
        """The step the line asks for; None when it is not this command's; LineRefused when it
        is this command's and cannot be done."""


_commands: dict[str, LineCommand] = {}


def register(command: LineCommand) -> None:
    """Add (or replace, by name) a line command."""
    _commands[command.name] = command


def commands() -> list[LineCommand]:
    """The registered commands in reading order."""
    return sorted(_commands.values(), key=lambda command: (command.order, command.name))
