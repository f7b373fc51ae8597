"""Wild Cards in mail: hand, display, bids and collections; commands like "bid forest 3"."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bymail.render import counts, name_of, section
from games.presenters.wildcards import animal as presented_animal
from games.presenters.wildcards import display_ids
from games.terms.wildcards import COMMANDS as WORDS
from games.terms.wildcards import HABITATS, PIECES, SPECIES


def card(view_card) -> str:
    """A Habitat card as the mail names it ("Forest 3"), or the Refill card."""
    if view_card in ("refill", None) or (isinstance(view_card, dict) and view_card.get("id") == "refill"):
        return str(PIECES["refill"])
    if isinstance(view_card, str):  # the log names cards "forest 3"
        habitat, _space, value = view_card.partition(" ")
        return f"{HABITATS.get(habitat, habitat)} {value}".strip()
    return f"{HABITATS.get(view_card['habitat'], view_card['habitat'])} {view_card['value']}"


def species(name: str) -> str:
    return str(SPECIES.get(name, name))


def animal(view_animal: dict) -> str:
    return species(view_animal["species"])


def _card_by_id(view: dict, card_id) -> str:
    if card_id in ("refill", "deck"):
        return str(PIECES["refill"]) if card_id == "refill" else _("deck")
    from games.engines.wildcards import cards

    return card(cards.card_view(card_id))


def _animal_by_id(view: dict, animal_id) -> str:
    """The species, and which copy when it shows more than once on the display."""
    return presented_animal(animal_id, display_ids(view))


def phrase(action: dict, view: dict) -> str:
    kind = action["type"]
    if kind in ("bid", "discard", "tie_pay", "pay", "eagle_choose", "reveal"):
        verb = WORDS[{"tie_pay": "lay", "eagle_choose": "keep"}.get(kind, kind)]
        return f"{verb} {_card_by_id(view, action['card'])}"
    if kind == "eagle_bid":
        return f"{WORDS['eagle']} " + " ".join(_card_by_id(view, c) for c in action["cards"])
    if kind == "swap":
        return f"{WORDS['swap']} {species(action['give'])} {_animal_by_id(view, action['take'])}"
    if kind == "take":
        return f"{WORDS['take']} {_animal_by_id(view, action['animal'])}"
    return str(WORDS[kind]) if kind in ("no_swap", "done", "pass") else kind


def _player_line(player: dict, names: dict, me) -> str:
    held = player["cards_held"]
    parts = [ngettext("%(count)s card in hand", "%(count)s cards in hand", held) % {"count": held}]
    if player["bid"] is not None:
        parts.append(_("bid %(card)s") % {"card": card(player["bid"])})
    elif player["has_bid"]:
        parts.append(_("has bid"))
    if player["payment"]:
        parts.append(_("paid %(cards)s") % {"cards": ", ".join(card(c) for c in player["payment"])})
    elif player["payment_face_down"]:
        face_down = player["payment_face_down"]
        parts.append(
            ngettext("%(count)s card face down", "%(count)s cards face down", face_down) % {"count": face_down}
        )
    parts.append(_("animals: %(animals)s") % {"animals": counts(player["collection"], species)})
    if player["leaders"]:
        parts.append(_("Leader of %(species)s") % {"species": ", ".join(species(s) for s in player["leaders"])})
    if player["tokens"]:
        parts.append(ngettext("%(count)s token", "%(count)s tokens", player["tokens"]) % {"count": player["tokens"]})
    if player["talisman"]:
        parts.append(_("holds the Talisman"))
    who = name_of(names, player["seat"]) + (" " + _("(you)") if player["seat"] == me else "")
    return f"{who}: " + "; ".join(parts)


def _participant(key: str) -> int | str:
    """A participant as the log's keys name it: a seat number, or "leo"."""
    return key if key == "leo" else int(key)


def event_line(entry: dict, names: dict) -> str | None:
    kind = entry.get("event")
    who = name_of(names, entry.get("player")) if "player" in entry else ""
    if kind == "bids":
        shown = ", ".join(f"{name_of(names, _participant(p))} {card(c)}" for p, c in entry["bids"].items())
        return _("Bids revealed: %(bids)s") % {"bids": shown}
    if kind == "take":
        return _("%(who)s took the %(animal)s") % {"who": who, "animal": species(entry["species"])}
    if kind == "pass":
        return _("%(who)s passed and drew %(count)s") % {"who": who, "count": entry.get("drawn", 0)}
    if kind == "order":
        return _("Order of taking: %(order)s") % {"order": ", ".join(name_of(names, p) for p in entry["order"])}
    if kind == "discard":
        return _("%(who)s discarded %(card)s") % {"who": who, "card": _card_by_id({}, entry["card"])}
    if kind == "leader" and entry["player"] == "supply":  # nobody holds it now
        return _("The %(leader)s leader goes back to the supply.") % {"leader": species(entry["species"])}
    if kind == "leader":
        return _("%(who)s is now the %(animal)s Leader") % {"who": who, "animal": species(entry["species"])}
    if kind == "refill":
        return _("%(who)s refilled and drew %(count)s") % {"who": who, "count": entry.get("drawn", 0)}
    if kind == "eagle":
        return _("%(who)s kept %(card)s as the bid") % {"who": who, "card": card(entry["bid"])}
    if kind == "ibex":
        return _("%(who)s took back %(card)s (Ibex)") % {"who": who, "card": card(entry["card"])}
    if kind == "tie_reveal" and entry.get("card"):
        return _("%(who)s revealed %(card)s") % {"who": who, "card": card(entry["card"])}
    return None


def board(view: dict, names: dict) -> list[dict]:
    me = view["seat"]
    sections = []
    if view["hand"] is not None:
        hand = [card(c) for c in view["hand"]]
        if me is not None and view["players"][me]["refill_in_hand"]:
            hand.append(_("Refill"))
        sections.append(section(_("Your hand"), [", ".join(hand) or "-"]))
    if view.get("sealed_bid"):
        sections.append(section(_("Your face-down bid"), [", ".join(card(c) for c in view["sealed_bid"])]))
    display = [animal(a) for a in view["display"]]
    sections.append(section(_("Display"), [", ".join(display) or "-"]))
    if view.get("taking"):
        sections.append(section(_("Being paid for"), [animal(view["taking"])]))
    lines = [_player_line(player, names, me) for player in view["players"]]
    if view.get("leo"):
        leo = view["leo"]
        bid = card(leo["bid"]) if leo["bid"] else (_("has bid") if leo["has_bid"] else "-")
        lines.append(
            f"{_('Leo')}: {bid}; " + _("animals: %(animals)s") % {"animals": counts(leo["collection"], species)}
        )
    sections.append(section(_("Players"), lines))
    events = [text for text in (event_line(entry, names) for entry in view.get("log", [])) if text]
    if events:
        sections.append(section(_("This round so far"), events))
    left = view["animal_deck_size"]
    sections.append(
        section(
            _("Round %(round)s") % {"round": view["round"]},
            [
                ngettext("%(count)s animal left in the deck", "%(count)s animals left in the deck", left)
                % {"count": left}
            ],
        )
    )
    return sections


def round_of(phase_key: str) -> str | None:
    head = (phase_key or "").split(":", 1)[0]
    return head if head.isdigit() else None


def results(view: dict, names: dict, extra: dict) -> list[dict]:
    """The round that just ended: its public log up to its last move, that move, and the collections now."""
    events = [text for text in (event_line(entry, names) for entry in extra.get("log", [])) if text]
    events += extra.get("last_moves", [])
    lines = [_player_line(player, names, view["seat"]) for player in view["players"]]
    return [section(_("What happened"), events or ["-"]), section(_("Collections now"), lines)]
