"""Mail rendered when it is sent: a recipe names a builder and the facts it needs.

Rendering a game mail (the seat's view, a signed link per move, three
templates) costs several milliseconds; doing it inside the action's
transaction held the game's row lock that long for every recipient. A
recipe row is written in that transaction instead (so the mail is still
never lost) and the worker renders it just before sending. Builders must
render from the facts in the recipe (e.g. a game version), never from
whatever is current, so that a late send still says what was true then.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.mail import EmailMultiAlternatives

# A builder gets the recipe and a dict it may keep things in for the other recipes of the same
# batch (a game's seats, its state at a version); it returns the message, or None when it is
# no longer wanted (e.g. the turn was played).
Builder = Callable[[dict, dict], EmailMultiAlternatives | None]

_builders: dict[str, Builder] = {}


def register(name: str) -> Callable[[Builder], Builder]:
    def decorator(builder: Builder) -> Builder:
        _builders[name] = builder
        return builder

    return decorator


def build(recipe: dict, memo: dict | None = None) -> EmailMultiAlternatives | None:
    try:
        builder = _builders[recipe["builder"]]
    except KeyError:
        raise LookupError(f"no mail builder named {recipe.get('builder')!r}") from None
    return builder(recipe, {} if memo is None else memo)
