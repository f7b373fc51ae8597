"""SVG faces for Wizard, CuBirds and Emu Ranchers cards, drawn from their ids and views (no artwork)."""

from __future__ import annotations

from django import template

from games.presenters import decktet
from games.terms.cubirds import BIRD as SPECIES
from games.terms.wizard import JESTER, SUITS, WIZARD

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
SUIT_INK = {
    "moons": "#4f5d75",
    "suns": "#b5762a",
    "waves": "#2b5d9b",
    "leaves": "#2f6b4f",
    "wyrms": "#7a3e8f",
    "knots": "#a33a2b",
}


@register.inclusion_tag("games/cards/plain.svg.html")
def wizard_card(card_id: str | None, small: bool = False) -> dict:
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
    species = card.get("species", "")
    ink, paper = BIRD_INK.get(species, ("#555", "#eee"))
    name = str(SPECIES.get(species, species.replace("_", " ")))
    return {
        "card_id": card.get("id"),
        "label": name,
        "title": name.capitalize(),
        "ink": ink,
        "paper": paper,
        "small": small,
        "size": 8,
    }


@register.inclusion_tag("games/cards/plain.svg.html")
def decktet_card(card: dict, small: bool = False) -> dict:
    suits = card.get("suits") or []
    ink = SUIT_INK.get(suits[0], "#555") if suits else "#555"
    rank = card.get("rank")
    corner = {1: "A", 10: "C"}.get(rank, rank if rank is not None else "*")
    return {
        "card_id": card.get("id"),
        "label": decktet.card_name(card.get("name", "")),
        "title": corner,
        "corner": corner,
        "subtitle": " · ".join(decktet.suit_name(suit) for suit in suits),
        "ink": ink,
        "paper": "#fbfaf7",
        "small": small,
        "size": 20,
    }


@register.filter
def bird_name(species: str) -> str:
    """A CuBirds species id (`reed_warbler`) in the reader's language."""
    return str(SPECIES.get(species, species))
