"""CuBirds in mail: hand, rows and collections; commands like "lay owl row 2 left", "family robin"."""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bymail.render import name_of, section
from games.presenters.cubirds.terms import BIRD as SPECIES
from games.presenters.cubirds.terms import CASE_DRAW, CASE_FAMILY, CASE_ROW, NEXT_TURN
from games.presenters.cubirds.terms import CASE_GLUE as CASE_GLUE
from games.presenters.cubirds.terms import COMMANDS as WORDS


def bird(name: str) -> str:
    return str(SPECIES.get(name, name))


def _counted(cards: list[dict]) -> str:
    tally = Counter(entry["species"] for entry in cards)
    return ", ".join(f"{bird(name)} x{count}" for name, count in sorted(tally.items())) or "-"


def case_phrase(case: str) -> str:
    """An answer ahead's case: "if row 2 is as you see it now", "if you may draw after your lay"."""
    if case.startswith("row"):
        return CASE_ROW % {"row": int(case[3 : case.index(":")]) + 1}
    return str(CASE_DRAW if case == "draw" else CASE_FAMILY)


def case_group(phase: str, case: str) -> str:
    return str(NEXT_TURN)


def phrase(action: dict, view: dict) -> str:
    kind = action["type"]
    if kind == "lay":
        side = WORDS["left"] if action["side"] == "left" else WORDS["right"]
        return f"{WORDS['lay']} {bird(action['species'])} {WORDS['row']} {action['row'] + 1} {side}"
    if kind == "family":
        return f"{WORDS['family']} {bird(action['species'])}"
    simple = {"draw": _("draw"), "no_draw": _("no draw"), "no_family": _("no family")}
    return str(simple.get(kind, kind))


def turn_note(legal: list[dict], view: dict, names: dict) -> str:
    """At the lay, the steps that follow: newcomers answered each in a mail of its own."""
    if any(action["type"] == "lay" for action in legal):
        # The words themselves: a newcomer would have to guess them, and the refusal lists lays only.
        return _(
            "After the lay your turn goes on: “%(draw)s” or “%(no_draw)s”, then “%(family)s” and a "
            "bird, or “%(no_family)s”. You may write those steps on the next lines of your reply, "
            "or answer the mail that asks for them."
        ) % {
            "draw": phrase({"type": "draw"}, view),
            "no_draw": phrase({"type": "no_draw"}, view),
            "family": WORDS["family"],
            "no_family": phrase({"type": "no_family"}, view),
        }
    return ""


def board(view: dict, names: dict) -> list[dict]:
    sections = []
    if view.get("hand") is not None:
        sections.append(section(_("Your hand"), [_counted(view["hand"])]))
    rows = [
        _("Row %(number)s: %(birds)s") % {"number": index + 1, "birds": ", ".join(bird(c["species"]) for c in row)}
        for index, row in enumerate(view["rows"])
    ]
    sections.append(section(_("Rows"), rows))
    lines = [
        ngettext(
            "%(name)s: %(cards)s card in hand; collection: %(birds)s",
            "%(name)s: %(cards)s cards in hand; collection: %(birds)s",
            view["hand_sizes"][seat],
        )
        % {"name": name_of(names, seat), "cards": view["hand_sizes"][seat], "birds": _counted(collection)}
        for seat, collection in enumerate(view["collections"])
    ]
    sections.append(section(_("Players"), lines))
    sections.append(
        section(
            _("Deck"),
            [
                ngettext(
                    "%(deck)s card in the deck, %(discard)s in the discard pile",
                    "%(deck)s cards in the deck, %(discard)s in the discard pile",
                    view["deck_size"],
                )
                % {"deck": view["deck_size"], "discard": view["discard_size"]}
            ],
        )
    )
    return sections


def round_of(phase_key: str) -> str | None:
    # CuBirds has no rounds: each turn mail shows the rows and collections as they are.
    return None


def results(view: dict, names: dict, extra: dict) -> list[dict]:
    return []
