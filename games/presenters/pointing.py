"""Moves by pointing: the contract between a game's presenter, its table fragment and table.js.

A game's table presentation (`games/presenters/<engine>/table.py`) may define

    def pointing(view: dict, legal: list[dict]) -> list[dict]

given the acting seat's own view and its legal actions (engine dicts), returning one entry per
legal action it can point at, each

    {"payload": <the action dict>, "pick": "hand:robin", "target": "row:2:left" | None,
     "preview": "a short translated sentence saying what the move does"}

- `pick` is the key of the thing pointed at first (a card or group in the hand).
- `target` is the key of where it goes (a row end, a bird, the discard pile), or None when
  clicking the pick alone makes the move (then only the preview and Confirm follow).
- Keys are opaque strings; the game's fragment puts the same keys on its SVG/HTML elements as
  `data-pick="<key>"` and `data-target="<key>"`. Several actions may share a pick.
- The preview comes only from the seat's own view: it must not reveal anything else.
- An entry may add `"also": [[pick, target], ...]`, other ways of pointing at the same move
  (the Eagle's two-card bid: either card first, then the other). No (pick, target) pair may
  name two moves.

`table_body.html` renders every legal move as a form (the plain list of buttons, the fallback
for keyboards, screen readers and no JavaScript) carrying `data-pick`, `data-target`,
`data-preview` and, for other routes, `data-also` (JSON). `wildcards_site/static/js/table.js`
wires it: clicking a pick lights up only the targets of that pick's moves (others dimmed,
`aria-pressed`/`aria-disabled` set), clicking a target shows the preview with Confirm and
Cancel, Confirm submits that move's form through htmx.
Actions a presenter does not point at stay reachable from the list only.

A presenter may also define

    def refusals(view: dict, legal: list[dict]) -> dict[str, str]

giving, for things the seat could try to pick but may not now (a Wizard card when it must follow
another suit), the pick's key and a short translated sentence saying why. The fragment marks
such an element `data-refusal` (dimmed, `aria-disabled`, the reason in its accessible name) and
table.js says the reason when it is tapped, instead of doing nothing.
"""

from __future__ import annotations

import json

from games import registry


def pointing_for(engine: str, view: dict, legal: list[dict]) -> dict[str, dict]:
    """The presenter's pointing entries keyed by the action's JSON payload (as the forms send it)."""
    hook = getattr(registry.part(engine, "table"), "pointing", None)
    if hook is None:
        return {}
    entries = {}
    for entry in hook(view, legal):
        key = payload_key(entry["payload"])
        entries[key] = {"pick": entry["pick"], "target": entry.get("target"), "preview": entry.get("preview", "")}
        if entry.get("also"):
            entries[key]["also"] = json.dumps([list(route) for route in entry["also"]])
    return entries


def payload_key(action: dict) -> str:
    """The JSON a move form posts: the same for the same action, whatever its key order."""
    return json.dumps(action, sort_keys=True)


def refusals_for(engine: str, view: dict, legal: list[dict]) -> dict[str, str]:
    """The presenter's refused picks ({pick key: why}), or {} for a game without the hook."""
    hook = refusals_hook(engine)
    return hook(view, legal) if hook else {}


def refused_actions_for(engine: str, view: dict, legal: list[dict]) -> list[tuple[dict, str]]:
    """The presenter's actions the rules forbid now, each with why ([(action, why)]), or [] for
    a game without the hook: a mail reply naming one is told the rule (`games.bymail.commands`)."""
    hook = getattr(registry.part(engine, "table"), "refused_actions", None)
    return hook(view, legal) if hook else []


def refusals_hook(engine: str):
    return getattr(registry.part(engine, "table"), "refusals", None)
