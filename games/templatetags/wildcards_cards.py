"""Template helpers for the Wild Cards table: card names and the colours of their SVG faces."""

from __future__ import annotations

import json

from django import template
from django.utils.html import format_html

from games.presenters.wildcards import log as log_sentences
from games.presenters.wildcards import table as labels
from games.presenters.wildcards import terms

register = template.Library()

HABITAT_COLOURS = {
    "forest": ("#2f6b4f", "#e4f1e8"),
    "mountains": ("#4f5d75", "#e6e9f0"),
    "savannah": ("#b5762a", "#f7ecd9"),
    "wild": ("#7a3e8f", "#f1e6f5"),
}
# Plain letters: no font on a player's machine is assumed to have animal emoji.
SPECIES_MARKS = {"peacock": "P", "squirrel": "S", "eagle": "E", "ibex": "I", "lion": "L", "meerkat": "M"}


@register.filter
def habitat_name(habitat: str | None) -> str:
    return str(terms.HABITATS.get(habitat, habitat or ""))


@register.filter
def species_name(species: str | None) -> str:
    return str(terms.SPECIES.get(species, species or ""))


@register.filter
def card_name(card) -> str:
    """A Habitat card id (or "refill") as printed: "Forest 3"."""
    return labels.habitat_card(card)


@register.filter
def wc_event(event: dict, names: list) -> str:
    """One entry of the round's log as a sentence, the same words as the mails'."""
    return log_sentences.event_line(event, dict(enumerate(names or [])))


@register.filter
def animal_name(animal) -> str:
    return labels.animal(animal)


@register.inclusion_tag("games/cards/habitat.svg.html")
def habitat_card(card: dict | None, small: bool = False) -> dict:
    habitat = (card or {}).get("habitat")
    ink, paper = HABITAT_COLOURS.get(habitat, ("#555", "#eee"))
    return {"card": card, "ink": ink, "paper": paper, "name": habitat_name(habitat), "small": small}


@register.inclusion_tag("games/cards/animal.svg.html")
def animal_card(animal: dict, small: bool = False) -> dict:
    ink, paper = HABITAT_COLOURS.get(animal.get("habitat"), ("#555", "#eee"))
    return {
        "animal": animal,
        "ink": ink,
        "paper": paper,
        "name": species_name(animal.get("species")),
        "mark": SPECIES_MARKS.get(animal.get("species"), "?"),
        "habitat": habitat_name(animal.get("habitat")),
        "small": small,
    }


@register.filter
def card_kind(card) -> str:
    """The pick key of a hand card: interchangeable cards share one ("forest-3", "refill")."""
    return labels.kind_of(card)


@register.filter
def collection_groups(player: dict) -> list[dict]:
    """A player's animals as stacks by species, each with its count and whether they lead it."""
    from games.engines.wildcards import cards

    leaders = set(player.get("leaders") or [])
    groups = []
    for index, species in enumerate(cards.SPECIES):
        count = (player.get("collection") or {}).get(species, 0)
        if count or species in leaders:
            habitat = cards.NATURAL_HABITAT[index]
            animal = {"id": None, "species": species, "habitat": habitat}
            groups.append({"species": species, "count": count, "leader": species in leaders, "animal": animal})
    return groups


@register.filter
def discard_groups(view: dict) -> list[dict]:
    """The open discard pile by habitat (forest, mountains, savannah, wild): each habitat's name
    and its cards' values, lowest first ("Forest: 1, 3, 3")."""
    return [
        {"habitat": habitat, "name": habitat_name(habitat), "values": values}
        for habitat, values in labels.discard_by_habitat(view)
    ]


@register.filter
def known_cards(player: dict) -> str:
    return labels.known_cards(player)


@register.filter
def score_rows(view: dict) -> list[dict]:
    """The final scores at the end; before it, the points as they would stand now."""
    return view.get("final") or labels.points_now(view)


@register.filter
def wc_phase(phase: str) -> str:
    return str(terms.PHASES.get(phase, phase))


@register.filter
def keyed(prefix: str, value) -> str:
    """`"display"|keyed:animal.id` → "display:7": a pick or target key as the presenter makes it."""
    return f"{prefix}:{value}"


@register.filter
def hand_key(card) -> str:
    return f"hand:{labels.kind_of(card)}"


def _points_at(actions: list[dict] | None, role: str, key: str) -> bool:
    """Whether a move's pick (role "pick") or target ("target") is this key, by any route."""
    index = 0 if role == "pick" else 1
    for action in actions or []:
        if action.get(role) == key:
            return True
        if action.get("also") and any(route[index] == key for route in json.loads(action["also"])):
            return True
    return False


@register.simple_tag
def pointable(actions: list[dict] | None, role: str, key: str, label: str) -> str:
    """Attributes that make a card or zone a button when a legal move points at it (`role` is
    "pick" or "target"), so that keyboards and screen readers reach it without JavaScript's help;
    nothing otherwise (a plain card is no button)."""
    if not _points_at(actions, role, key):
        return ""
    return format_html(' role="button" tabindex="0" aria-label="{}"', label)


@register.simple_tag
def pair_target(actions: list[dict] | None, card) -> str:
    """A hand card is also a target while the Eagle's holder bids two cards: the second one."""
    key = f"pair:{labels.kind_of(card)}"
    return format_html(' data-target="{}"', key) if _points_at(actions, "target", key) else ""


@register.filter
def chips(actions: list[dict] | None) -> list[dict]:
    """The moves made with no card (Pass, No swap, Done), each a chip named by its label."""
    return [action for action in actions or [] if action.get("pick") in labels.CHIPS]


@register.inclusion_tag("games/cards/back.svg.html")
def card_back(small: bool = True) -> dict:
    return {"small": small}


@register.filter
def display_animal_name(animal_id, view: dict) -> str:
    """The species' name, and which copy when the moves offer several copies of it."""
    return labels.offered_animal(animal_id, view, "swap" if view.get("phase") == "swap" else "take")


@register.filter
def sealed_key(card) -> str:
    """The Eagle's holder keeps one of their two face-down cards by pointing at it."""
    return f"sealed:{labels.kind_of(card)}"


@register.filter
def times(count) -> range:
    """`{% for _ in n|times %}`: as many face-down cards as lie there."""
    return range(count or 0)
