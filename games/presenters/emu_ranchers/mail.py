"""Emu Ranchers in mail: hand and ranches; commands like "hatch mill deck", "grow sea bird 1 discard pile"."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bymail.render import name_of, section
from games.engines.emu_ranchers.cards import CARDS
from games.presenters.emu_ranchers import decktet
from games.presenters.emu_ranchers.terms import CASE_ANY, CASE_ON_TOP, NEXT_TURN
from games.presenters.emu_ranchers.terms import CASE_GLUE as CASE_GLUE
from games.presenters.emu_ranchers.terms import COMMANDS as WORDS

RESULTS_UNIT = "year"  # its results mails follow the years the game counts


def card(entry: dict | None) -> str:
    """A card in the reader's language, as the pages show it: "Il Mulino 6 (Lune/Foglie)"."""
    if not entry:
        return "-"
    name = decktet.card_name(entry["name"])
    rank = "" if entry.get("rank") is None else f" {decktet.rank_mark(entry['rank'])}"
    suits = "/".join(decktet.suit_name(suit) for suit in entry.get("suits") or [])
    return f"{name}{rank} ({suits})" if suits else name


def card_name(card_id: str, view: dict) -> str:
    """The name printed on the card in the reader's language, as the hand and the discard pile show it.

    Reply commands are read in every language, so "hatch The Mill" and "schiudi Il Mulino" both work.
    """
    for entry in (view.get("hand") or []) + ([view["discard_top"]] if view.get("discard_top") else []):
        if entry["id"] == card_id:
            return decktet.card_name(entry["name"])
    return card_id.replace("-", " ")


def case_phrase(case: str) -> str:
    """An answer ahead's case: "if The Mill is still on top of the discard pile", or "otherwise"."""
    if case.startswith("top:"):
        entry = CARDS.get(case[4:])
        return CASE_ON_TOP % {"card": decktet.card_name(entry["name"]) if entry else case[4:]}
    return str(CASE_ANY)


def case_group(phase: str, case: str) -> str:
    return str(NEXT_TURN)


def phrase(action: dict, view: dict) -> str:
    kind = action["type"]
    source = ""
    if "draw" in action:
        source = " " + str(WORDS["deck"] if action["draw"] == "deck" else WORDS["discard_pile"])
    name = card_name(action.get("card", ""), view)
    if kind == "hatch":
        return f"{WORDS['hatch']} {name}{source}"
    if kind == "grow":
        return f"{WORDS['grow']} {name} {WORDS['bird']} {action['bird'] + 1}{source}"
    if kind == "discard":
        return f"{WORDS['discard']} {name}"
    return str(WORDS["done"]) if kind == "done" else kind


def _ranch(birds: list[dict]) -> list[str]:
    return [
        _("Bird %(number)s: %(cards)s") % {"number": index + 1, "cards": ", ".join(card(c) for c in bird["cards"])}
        for index, bird in enumerate(birds)
    ] or ["-"]


def board(view: dict, names: dict) -> list[dict]:
    sections = []
    if view.get("hand") is not None:
        sections.append(section(_("Your hand"), [card(c) for c in view["hand"]] or ["-"]))
    taken = view.get("taken") or [[], []]
    for seat, birds in enumerate(view["ranches"]):
        lines = _ranch(birds)
        if taken[seat] and seat != view.get("seat"):
            # Seen taken by everyone, so shown: the rest of that hand stays hidden.
            cards = ", ".join(card(entry) for entry in taken[seat])
            lines.append(_("In hand, taken from the discard pile: %(cards)s") % {"cards": cards})
        sections.append(section(_("Ranch of %(name)s") % {"name": name_of(names, seat)}, lines))
    sections.append(
        section(
            _("Year %(year)s of %(years)s") % {"year": view["year"], "years": view["years"]},
            [
                _("Discard pile top: %(card)s") % {"card": card(view.get("discard_top"))},
                ngettext("%(count)s card in the deck", "%(count)s cards in the deck", view["deck_size"])
                % {"count": view["deck_size"]},
                _("Scores: %(scores)s")
                % {"scores": ", ".join(f"{name_of(names, s)} {v}" for s, v in enumerate(view["scores"]))},
            ],
        )
    )
    return sections


def round_of(phase_key: str) -> str | None:
    parts = (phase_key or "").split("-")
    return parts[1] if len(parts) > 1 and parts[0] == "year" else None


def results(view: dict, names: dict, extra: dict) -> list[dict]:
    if not view.get("history"):
        return []
    year = view["history"][-1]
    lines = []
    for seat, entry in enumerate(year["seats"]):
        lines.append(_("%(name)s scored %(score)s this year") % {"name": name_of(names, seat), "score": entry["score"]})
        for index, bird in enumerate(entry["birds"]):
            lines.append(
                "  "
                + _("Bird %(number)s: %(cards)s: %(score)s")
                % {
                    "number": index + 1,
                    "cards": ", ".join(card(entry) for entry in bird["cards"]),
                    "score": bird["score"],
                }
            )
    lines.append(
        _("Scores: %(scores)s")
        % {"scores": ", ".join(f"{name_of(names, s)} {v}" for s, v in enumerate(view["scores"]))}
    )
    return [section(_("Year %(year)s") % {"year": year["year"]}, lines)]
