"""Wild Cards in mail: hand, display, bids and collections; commands like "bid forest 3"."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bymail.render import counts, name_of, section
from games.presenters.wildcards.log import event_line
from games.presenters.wildcards.table import discard_by_habitat, known_cards, offered_animal
from games.presenters.wildcards.table import turn_note as presenters_turn_note
from games.presenters.wildcards.terms import (
    ACQUIRE_TURN,
    CASE_CHOICES,
    CASE_PAY,
    CASE_REFILL,
    HABITATS,
    PIECES,
    REFILL_TURN,
    SPECIES,
)
from games.presenters.wildcards.terms import CASE_GLUE as CASE_GLUE
from games.presenters.wildcards.terms import COMMANDS as WORDS


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


def _animal_by_id(view: dict, animal_id, kind: str) -> str:
    """The species, and which copy when the moves offer several copies of it."""
    return offered_animal(animal_id, view, kind)


def case_phrase(case: str) -> str:
    """An answer ahead's case: "your first choice", "when 2 cards are still to pay", "refill, step 1"."""
    if case.startswith("refill"):
        return CASE_REFILL % {"step": int(case[6:])}
    if case.startswith("pay"):
        count = int(case[3:])
        return CASE_PAY % {"count": count}
    return str(CASE_CHOICES[case])


def case_group(phase: str, case: str) -> str:
    return str(REFILL_TURN if phase.endswith(":refill") else ACQUIRE_TURN)


def phrase(action: dict, view: dict) -> str:
    kind = action["type"]
    if kind in ("bid", "discard", "tie_pay", "pay", "eagle_choose", "reveal"):
        verb = WORDS[{"tie_pay": "lay", "eagle_choose": "keep"}.get(kind, kind)]
        return f"{verb} {_card_by_id(view, action['card'])}"
    if kind == "eagle_bid":
        return f"{WORDS['eagle']} " + " ".join(_card_by_id(view, c) for c in action["cards"])
    if kind == "swap":
        return f"{WORDS['swap']} {species(action['give'])} {_animal_by_id(view, action['take'], 'swap')}"
    if kind == "take":
        return f"{WORDS['take']} {_animal_by_id(view, action['animal'], 'take')}"
    return str(WORDS[kind]) if kind in ("no_swap", "done", "pass") else kind


def turn_note(legal: list[dict], view: dict, names: dict) -> str:
    """How many cards the moves ask for, as the table says it (`presenters.wildcards.turn_note`)."""
    return presenters_turn_note(legal, view, names)


def _player_line(player: dict, names: dict, me) -> str:
    held = player["cards_held"]
    parts = [ngettext("%(count)s card in hand", "%(count)s cards in hand", held) % {"count": held}]
    if player["bid"] is not None:
        parts.append(_("bid %(card)s") % {"card": card(player["bid"])})
    elif player["has_bid"]:
        parts.append(_("has bid"))
    if player.get("known_in_hand"):
        cards = known_cards(player)
        if player["seat"] == me:
            parts.append(_("others know you hold %(cards)s") % {"cards": cards})
        else:
            parts.append(_("known to hold %(cards)s") % {"cards": cards})
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


def _leo_line(leo: dict) -> str:
    """Leo as the table shows him: his pile, his bid, his animals and Leaders (a mail-only player
    read his animals alone, while the table showed him holding the Peacock Leader)."""
    pile = leo["pile_size"]
    parts = [ngettext("%(count)s card in his pile", "%(count)s cards in his pile", pile) % {"count": pile}]
    if leo["bid"]:
        parts.append(_("bid %(card)s") % {"card": card(leo["bid"])})
    elif leo["has_bid"]:
        parts.append(_("has bid"))
    parts.append(_("animals: %(animals)s") % {"animals": counts(leo["collection"], species)})
    if leo["leaders"]:
        parts.append(_("Leader of %(species)s") % {"species": ", ".join(species(s) for s in leo["leaders"])})
    return f"{_('Leo')}: " + "; ".join(parts)


# Moves that name one card of the hand: listed in the order the mail shows the hand.
_CARD_MOVES = ("bid", "eagle_bid", "eagle_choose", "discard", "tie_pay", "pay", "reveal")


def in_hand_order(legal: list[dict], view: dict) -> list[dict]:
    """The view shows the hand sorted (habitat, then value, the Refill card last); the engine lists
    one card of each kind in the order the cards were drawn. Other moves keep their places after."""

    def key(indexed: tuple[int, dict]) -> tuple:
        index, action = indexed
        if action["type"] not in _CARD_MOVES:
            return (2, index)
        named = action.get("card", (action.get("cards") or [None])[0])
        return (0, named, index) if isinstance(named, int) else (1, index)

    return [action for _index, action in sorted(enumerate(legal), key=key)]


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
        lines.append(_leo_line(view["leo"]))
    sections.append(section(_("Players"), lines))
    sections.append(_discard_pile(view))
    events = [event_line(entry, names) for entry in view.get("log", [])]
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


def _discard_pile(view: dict) -> dict:
    """The open discard pile, as the table lists it: a line a habitat."""
    count = view["discard_size"]
    title = ngettext("Discard pile: %(cards)s card", "Discard pile: %(cards)s cards", count) % {"cards": count}
    lines = [f"{HABITATS.get(habitat, habitat)}: {values}" for habitat, values in discard_by_habitat(view)]
    return section(title, lines or [_("Nobody has discarded a card since the deck was last shuffled.")])


def round_of(phase_key: str) -> str | None:
    head = (phase_key or "").split(":", 1)[0]
    return head if head.isdigit() else None


def closing_log(state: dict, moves) -> list[dict] | None:
    """The public log of the round that one of `moves` ((seat, action) from `state` on) ends, as
    the table showed it when the round was cleared away: complete, its last turns, the passes
    the end of the round made for the players left and the Talisman moving on included. None
    when no move ends a round."""
    from games.engines.wildcards import ENGINE

    for seat, action in moves:
        steps = ENGINE.apply_steps(state, seat, action)
        if len(steps) > 1:  # the round ended: the state it was cleared to holds its whole log
            return ENGINE.view(steps[1], None)["log"]
        state = steps[0]
    return None


def results_extra(state: dict, moves) -> dict:
    """What `results` needs beyond the seat's view: the round's whole public log (`closing_log`),
    the same for every player."""
    log = closing_log(state, moves)
    return {} if log is None else {"log": log}


def results(view: dict, names: dict, extra: dict) -> list[dict]:
    """The round that just ended: its public log, complete, and the collections now."""
    events = [event_line(entry, names) for entry in extra.get("log") or []]
    lines = [_player_line(player, names, view["seat"]) for player in view["players"]]
    if view.get("leo"):
        lines.append(_leo_line(view["leo"]))
    return [section(_("What happened"), events or ["-"]), section(_("Collections now"), lines)]
