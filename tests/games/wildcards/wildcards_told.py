"""What a Wild Cards table and its mails say, for a state built by hand (`tests/engines/wildcards/scenario.py`).

    table = Told(state, ["Ann", "Ben", "Cy"])
    table.play(0, {"type": "bid", "card": ...})
    table.latest_moves(viewer)   # the table's log of the latest moves (the recap's sentences)
    table.moves(viewer)          # the same, a list of sentences for each move
    table.this_round(viewer)     # the table's "This round" list
    table.mail_round(viewer)     # the turn mail's "This round so far" section

Nothing here needs the database: the recap replays a `Replay` that starts from the given state.
"""

from __future__ import annotations

import html
import re
from types import SimpleNamespace

from django.template.loader import get_template

from games import recap as recaps
from games.bymail import render
from games.engines.wildcards import ENGINE
from games.history.replay_steps import LoggedAction, Replay

REFILL_CARD = {"id": "refill", "habitat": None, "value": None}


def plain(fragment: str) -> str:
    """Text of an HTML fragment, its white space collapsed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def table_page(view: dict, seat_names: list[str]) -> str:
    context = {"view": view, "refill_card": REFILL_CARD, "seat_names": seat_names, "actions": [], "marks": set()}
    return get_template("games/table/wildcards.html").render(context)


def public_log(view: dict, seat_names: list[str]) -> list[str]:
    """The table's "This round" list, one string an entry."""
    page = table_page(view, seat_names)
    found = re.search(r'<ul class="wc-log"[^>]*>(.*?)</ul>', page, re.S)
    assert found, "the table shows no round log"
    return [plain(item) for item in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)]


class Told:
    def __init__(self, state: dict, names: list[str], seed: str = "told"):
        self.start = state
        self.state = state
        self.names = names
        self.actions: list[LoggedAction] = []
        self.seed = seed

    def play(self, seat: int, action: dict) -> dict:
        self.state = ENGINE.apply(self.state, seat, action)
        self.actions.append(LoggedAction(len(self.actions), seat, action, "web"))
        return self.state

    def view(self, viewer: int | None) -> dict:
        return ENGINE.view(self.state, viewer)

    def moves(self, viewer: int | None, since: int = 0) -> list[list[str]]:
        """The recap's sentences for each move from `since` on, as the table's log and the turn mail tell them."""
        replay = Replay(
            "wildcards",
            self.start["num_players"],
            self.seed,
            self.start["options"],
            self.actions,
            _states={0: self.start},
        )
        game = SimpleNamespace(engine="wildcards", pk=None)
        names = dict(enumerate(self.names))
        result = recaps.recap(game, viewer, since, names, replay=replay, max_steps=len(self.actions))
        return [step.lines for step in result.steps]

    def latest_moves(self, viewer: int | None, since: int = 0) -> list[str]:
        return [line for lines in self.moves(viewer, since) for line in lines]

    def this_round(self, viewer: int | None) -> list[str]:
        return public_log(self.view(viewer), self.names)

    def mail_round(self, viewer: int | None) -> list[str]:
        sections = render.board("wildcards", self.view(viewer), dict(enumerate(self.names)))
        return next((s["lines"] for s in sections if s["title"] == "This round so far"), [])
