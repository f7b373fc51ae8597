"""SVG faces for Wizard, CuBirds and Emu Ranchers cards, drawn from their ids and views (no artwork)."""

from __future__ import annotations

from django import template

from games.engines.cubirds.cards import LARGE as LARGE_FAMILY
from games.engines.cubirds.cards import SMALL as SMALL_FAMILY
from games.presenters.cubirds import table as cubirds
from games.presenters.cubirds.terms import BIRD as SPECIES
from games.presenters.emu_ranchers import decktet
from games.presenters.wizard.terms import JESTER, PHASES, SUITS, WIZARD

register = template.Library()

INK = {
    "blue": ("#2b5d9b", "#e5eef9"),
    "green": ("#2f6b4f", "#e4f1e8"),
    "red": ("#a33a2b", "#f8e6e3"),
    "yellow": ("#9a7a12", "#faf3d9"),
    "wizard": ("#4b2a7a", "#efe6fa"),
    "jester": ("#555555", "#eeeeee"),
}
BIRD_INK = {
    "flamingo": ("#c2457a", "#fbe6ef"),
    "owl": ("#6b4f2f", "#f1e9de"),
    "toucan": ("#2f2f2f", "#f1f1f1"),
    "duck": ("#2f6b4f", "#e4f1e8"),
    "parrot": ("#a33a2b", "#f8e6e3"),
    "magpie": ("#2b5d9b", "#e5eef9"),
    "reed_warbler": ("#9a7a12", "#faf3d9"),
    "robin": ("#b5562a", "#f9e9df"),
}
# A shape per species beside its colour (drawn by any font: geometric shapes only).
BIRD_MARKS = {
    "flamingo": "\u25b2",  # ▲
    "owl": "\u25cf",  # ●
    "toucan": "\u25a0",  # ■
    "duck": "\u25c6",  # ◆
    "parrot": "\u2605",  # ★
    "magpie": "\u25bc",  # ▼
    "reed_warbler": "\u25d0",  # ◐
    "robin": "\u2665",  # ♥
}
SUIT_INK = {
    "moons": "#4f5d75",
    "suns": "#b5762a",
    "waves": "#2b5d9b",
    "leaves": "#2f6b4f",
    "wyrms": "#7a3e8f",
    "knots": "#a33a2b",
}


def _fitted(face: dict) -> dict:
    """The face with the width its title may take at its size (`fits` in game_tags)."""
    return {**face, "size_spec": f"{face.get('size', 10)},50"}


@register.inclusion_tag("games/cards/plain.svg.html")
def wizard_card(card_id: str | None, small: bool = False) -> dict:
    return _fitted(_wizard_face(card_id, small))


def _wizard_face(card_id: str | None, small: bool) -> dict:
    """`red-7`, `wizard-1`, `jester-3`."""
    if not card_id:
        return {"label": "?", "title": "?", "ink": "#555", "paper": "#eee", "small": small}
    kind, _sep, number = str(card_id).partition("-")
    ink, paper = INK.get(kind, ("#555", "#eee"))
    if kind in ("wizard", "jester"):
        title, corner = ("W", "W") if kind == "wizard" else ("J", "J")
        name = str(WIZARD if kind == "wizard" else JESTER)
        return {
            "card_id": card_id,
            "label": name,
            "title": name,
            "corner": corner,
            "ink": ink,
            "paper": paper,
            "small": small,
        }
    return {
        "card_id": card_id,
        "label": f"{SUITS.get(kind, kind)} {number}",
        "title": number,
        "corner": number,
        "subtitle": str(SUITS.get(kind, kind)),
        "size": 22,
        "ink": ink,
        "paper": paper,
        "small": small,
    }


@register.inclusion_tag("games/cards/plain.svg.html")
def bird_card(card: dict, small: bool = False) -> dict:
    return _fitted(_bird_face(card, small))


def _bird_face(card: dict, small: bool) -> dict:
    """A bird with its whole name (on two lines when it has two words, in a size that fits the
    card) and a shape of its own, so colour is never the only way to tell species apart."""
    species = card.get("species", "")
    ink, paper = BIRD_INK.get(species, ("#555", "#eee"))
    name = str(SPECIES.get(species, species.replace("_", " ")))
    first, _space, second = name.capitalize().partition(" ")
    # As printed on the card: how many make a small family and a large one (not on the small
    # cards of the rows and collections, where it would be too small to read).
    families = ""
    if species in SMALL_FAMILY and not small:
        families = f"{SMALL_FAMILY[species]} \u00b7 {LARGE_FAMILY[species]}"
    return {
        "card_id": card.get("id"),
        "label": name,
        "title": first,
        "title2": second,
        "subtitle": families,
        "corner": BIRD_MARKS.get(species, ""),
        "ink": ink,
        "paper": paper,
        "small": small,
        # One size for every name, a long one squeezed to the card's width (`fits`): shrunk to fit,
        # "Fenicottero" was drawn 5 px high on a phone.
        "size": 10,
    }


@register.inclusion_tag("games/cards/plain.svg.html")
def decktet_card(card: dict, small: bool = False) -> dict:
    return _fitted(_decktet_face(card, small))


# Where each suit's line sits on a Decktet card, by the number of suits: below the rank (drawn at
# 16 with its baseline at 40) and above the card's name (its baseline at 79), each line's box
# (ascent and descent, 11.7 units at size 10) clear of the others'. Three suits leave no room for
# the name: the hand names each card below it, and the card's label names it to screen readers.
_SUIT_LINES = {0: (), 1: (58,), 2: (56, 68), 3: (54, 66, 78)}


def _decktet_face(card: dict, small: bool) -> dict:
    suits = card.get("suits") or []
    ink = SUIT_INK.get(suits[0], "#555") if suits else "#555"
    rank = card.get("rank")
    corner = decktet.rank_mark(rank)
    return {
        "card_id": card.get("id"),
        "label": decktet.card_name(card.get("name", "")),
        # Aces are named by their mark and suit already; the others, Crowns too, by their printed name.
        "caption": "" if rank == 1 or len(suits) > 2 else decktet.card_name(card.get("name", "")),
        "caption_y": 79,
        "title_y": 40,
        "title": corner,
        "corner": corner,
        # A line for each suit, in a size a phone can read (one line of all three would be 5 px).
        "lines": [
            {"text": decktet.suit_name(suit), "y": y} for suit, y in zip(suits, _SUIT_LINES[len(suits)], strict=True)
        ],
        "ink": ink,
        "paper": "#fbfaf7",
        "small": small,
        "size": 16,
    }


@register.filter
def bird_name(species: str) -> str:
    """A CuBirds species id (`reed_warbler`) in the reader's language."""
    return str(SPECIES.get(species, species))


@register.filter
def bird_groups(cards: list[dict] | None) -> list[dict]:
    """A CuBirds hand as stacks, one per species in hand order, with the family sizes printed on
    the card: [{"species", "count", "card", "small", "large"}]."""
    groups: dict[str, dict] = {}
    for card in cards or []:
        name = card["species"]
        group = groups.setdefault(
            name,
            {"species": name, "count": 0, "card": card},
        )
        group["count"] += 1
        group["small"], group["large"] = SMALL_FAMILY.get(name), LARGE_FAMILY.get(name)
    return list(groups.values())


@register.filter
def cubirds_event(event: dict, names: list) -> str:
    """A public CuBirds event as a sentence, with the players' names."""
    from games.presenters.cubirds.recap import event_line

    return event_line(event, dict(enumerate(names))) or ""


@register.filter
def cubirds_step(step: str) -> str:
    from games.presenters.cubirds.terms import STEPS

    return str(STEPS.get(step, step))


@register.filter
def as_bird(species: str) -> dict:
    """A species as a card to draw (a collection's stack shows one card per species)."""
    return {"species": species, "id": None}


@register.simple_tag(takes_context=True)
def emu_table(context, view: dict, actions: list[dict] | None) -> dict:
    """Emu Ranchers' ranches and targets as the table draws them (see the presenter's `table`),
    with the last move's bird marked (`marks`, from the table's context)."""
    from games.presenters.emu_ranchers.table import table

    return table(view, actions, context.get("marks"))


@register.filter
def suit_names(suits: list[str]) -> str:
    """Decktet suits in the reader's language: "Moons, Waves"."""
    return ", ".join(decktet.suit_name(suit) for suit in suits or [])


@register.filter
def last_lay_row(events: list[dict] | None) -> int | None:
    """The row the latest CuBirds lay went to, to mark the last move on the table."""
    for event in reversed(events or []):
        if event.get("type") == "lay":
            return event["row"]
    return None


@register.filter
def decktet_name(name: str) -> str:
    """A Decktet card's English name (as views give it) in the reader's language."""
    return decktet.card_name(name or "")


@register.simple_tag(takes_context=True)
def cubirds_race(context, view: dict) -> dict:
    """The score sheet; a finished table's context gives the site's places (`final_places`)."""
    return cubirds.race(view, context.get("final_places"))


@register.simple_tag(takes_context=True)
def cubirds_ending(context, view: dict, names: list) -> str:
    return cubirds.ending(view, names, context.get("final_places"))


@register.filter
def wizard_phase(phase: str) -> str:
    """A Wizard phase as the status line names it; never the engine's key."""
    return str(PHASES.get(phase, ""))


@register.filter
def wizard_suit(suit: str | None) -> str:
    return str(SUITS.get(suit, "")) if suit else ""
