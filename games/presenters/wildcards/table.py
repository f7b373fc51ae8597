"""Wild Cards labels: card ids become the names printed on the cards."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engines.wildcards import cards
from games.engines.wildcards.scoring import score_parts
from games.presenters.wildcards.terms import COMMANDS, COPY_PLACES, HABITATS, REFILL_CARD, SPECIES


def habitat_card(card) -> str:
    if card in ("refill", cards.REFILL, "deck"):
        return str(REFILL_CARD) if card != "deck" else _("a card from the deck")
    if not isinstance(card, int) or not 0 <= card < cards.NUM_HABITAT_CARDS:
        return str(card)
    return f"{HABITATS.get(cards.HABITAT[card], cards.HABITAT[card])} {cards.VALUE[card]}"


def discard_by_habitat(view: dict) -> list[tuple[str, str]]:
    """The open discard pile by habitat, in the order the rulebook lists them: each habitat
    present and its cards' values, lowest first (("forest", "1, 3, 3"), ...)."""
    by_habitat: dict[str, list[int]] = {}
    for card in view.get("discard") or []:
        by_habitat.setdefault(card["habitat"], []).append(card["value"])
    return [
        (habitat, ", ".join(map(str, sorted(values)))) for habitat in HABITATS if (values := by_habitat.get(habitat))
    ]


def known_cards(player: dict) -> str:
    """The cards everyone saw go back into a player's hand, by name, habitat by habitat:
    "Forest 2, Wild 5"."""
    order = list(HABITATS)
    cards = sorted(player.get("known_in_hand") or [], key=lambda card: (order.index(card["habitat"]), card["value"]))
    return ", ".join(habitat_card(card["id"]) for card in cards)


def copy_place(display: list[int], animal_id: int, runs: bool = False) -> str:
    """'nearest the deck', 'farthest from the deck', 'in the middle', or '' for a species shown once.

    `runs`: neighbouring copies are one choice (taking either leaves the same display), so a
    species whose copies all lie side by side is named alone."""
    if animal_id not in display:
        return ""
    species = cards.ANIMAL_SPECIES[animal_id]
    places = [index for index, a in enumerate(display) if cards.ANIMAL_SPECIES[a] == species]
    if len(places) < 2 or (runs and places[-1] - places[0] == len(places) - 1):
        return ""
    copies = [display[index] for index in places]
    place = "nearest" if animal_id == copies[0] else "farthest" if animal_id == copies[-1] else "middle"
    return str(COPY_PLACES[place])


def display_ids(view: dict | None) -> list[int]:
    return [shown["id"] for shown in (view or {}).get("display") or []]


def _leo_still_to_take(view: dict) -> bool:
    order, turn = view.get("order") or [], view.get("turn")
    return "leo" in order and turn in order and order.index("leo") > order.index(turn)


def animal(card, display: list[int] | None = None, runs: bool = False) -> str:
    """The species' name; with the display, which copy when it shows more than once."""
    if not isinstance(card, int) or not 0 <= card < cards.NUM_ANIMALS:
        return str(card)
    name = cards.SPECIES[cards.ANIMAL_SPECIES[card]]
    place = copy_place(display, card, runs) if display else ""
    return f"{SPECIES.get(name, name)} {place}" if place else str(SPECIES.get(name, name))


def offered_animal(card, view: dict | None, kind: str) -> str:
    """An animal a move of `kind` ("take", "swap") names: which copy only when the moves offer
    several copies of its species. That is while Leo plays (RULES-NOTES: he takes the animal
    nearest the deck, so the copy left behind decides what he gets): every copy for a swap, and
    for a take, while he is still to take, one per run of neighbouring copies. Without Leo, or
    once he has taken, copies are interchangeable and the moves offer one per species."""
    view = view or {}
    if not view.get("leo") or (kind == "take" and not _leo_still_to_take(view)):
        return animal(card)
    return animal(card, display_ids(view), runs=kind == "take")


def action_label(action: dict, view: dict | None = None) -> str:
    kind = action.get("type")
    card = action.get("card")
    labels = {
        "bid": lambda: _("Bid %(card)s") % {"card": habitat_card(card)},
        "eagle_bid": lambda: (
            _("Bid two cards face down: %(cards)s")
            % {"cards": " + ".join(habitat_card(c) for c in action.get("cards", []))}
        ),
        "eagle_choose": lambda: _("Keep %(card)s as the bid") % {"card": habitat_card(card)},
        "swap": lambda: (
            _("Swap a %(give)s for the %(take)s")
            % {
                "give": SPECIES.get(action.get("give"), action.get("give")),
                "take": offered_animal(action.get("take"), view, "swap"),
            }
        ),
        "no_swap": lambda: _("No swap"),
        "discard": lambda: _("Discard %(card)s") % {"card": habitat_card(card)},
        "done": lambda: _("Done: draw back up"),
        "tie_pay": lambda: _("Lay %(card)s face down") % {"card": habitat_card(card)},
        "reveal": lambda: _("Reveal %(card)s") % {"card": habitat_card(card)},
        "take": lambda: _("Take the %(animal)s") % {"animal": offered_animal(action.get("animal"), view, "take")},
        "pass": lambda: _("Pass: take the bid back and draw 2"),
        "pay": lambda: _("Pay %(card)s") % {"card": habitat_card(card)},
    }
    return labels[kind]() if kind in labels else ""


# At the table: pointing at cards (see `games.presenters.pointing`), and the points as they would stand now.
# Everything reads the seat's own view: sealed bids stay sealed.


def kind_of(card) -> str:
    """Interchangeable cards share a key: all Forest 3 cards are one pick ("forest-3")."""
    if card in ("refill", cards.REFILL):
        return "refill"
    if isinstance(card, dict):
        return "refill" if card.get("id") == "refill" else f"{card['habitat']}-{card['value']}"
    return f"{cards.HABITAT[card]}-{cards.VALUE[card]}"


def _entry(action: dict, pick: str, target: str | None, preview: str) -> dict:
    return {"payload": action, "pick": pick, "target": target, "preview": preview}


def _me(view: dict) -> dict:
    return next((p for p in view.get("players") or [] if p["seat"] == view.get("seat")), {})


def _bid_preview(card: int) -> str:
    """What a sealed bid commits to: only the bidder's own card (the others' bids stay sealed,
    so nothing is said about who would lead)."""
    more = cards.VALUE[card] - 1
    name = habitat_card(card)
    if more == 0:
        return _("Bid %(card)s face down: if you take an animal, you pay nothing more.") % {"card": name}
    if more == 1:
        return _("Bid %(card)s face down: if you take an animal, you pay one more card.") % {"card": name}
    return _("Bid %(card)s face down: if you take an animal, you pay %(more)s more cards.") % {
        "card": name,
        "more": more,
    }


def _bonus_hint(view: dict, me: dict, card: int) -> str:
    """Whether paying with this card keeps the natural-habitat bonus in reach (the bid and every
    card paid so far of the animal's habitat or wild): all of it lies face up before the payer."""
    taking = view.get("taking") or {}
    bid = (me.get("bid") or {}).get("id")
    if not taking or not isinstance(bid, int):
        return ""
    natural = cards.NATURAL[cards.SPECIES.index(taking["species"])]
    paid = [shown["id"] for shown in me.get("payment") or [] if isinstance(shown.get("id"), int)]
    if not all(natural[c] for c in (bid, *paid)):
        return ""
    if natural[card]:
        return _("It keeps the %(points)s bonus points for paying in the animal's habitat in reach.") % {
            "points": cards.NATURAL_BONUS
        }
    return _("It loses the %(points)s bonus points for paying in the animal's habitat.") % {
        "points": cards.NATURAL_BONUS
    }


# The moves made with no card: a chip each, named for the move (the key is the action's type).
CHIPS = {
    "pass": lambda: _(
        "Pass: your bid goes back to your hand and you draw 2 cards (up to your hand limit); you take no animal."
    ),
    "no_swap": lambda: _("Keep your animals: no swap this round."),
    "done": lambda: _("Stop discarding and draw back up."),
}


def _eagle_pair(action: dict) -> dict:
    """Either card first, then the other: the second card of the hand lights up as a target."""
    first, second = action["cards"]
    preview = _(
        "Bid %(first)s and %(second)s face down (the Eagle): when the bids are revealed, you keep "
        "one as your bid and the other goes back to your hand."
    ) % {"first": habitat_card(first), "second": habitat_card(second)}
    entry = _entry(action, f"hand:{kind_of(first)}", f"pair:{kind_of(second)}", preview)
    if kind_of(first) != kind_of(second):
        entry["also"] = [(f"hand:{kind_of(second)}", f"pair:{kind_of(first)}")]
    return entry


def pointing(view: dict, legal: list[dict]) -> list[dict]:
    """A hand card goes to your bid spot (a bid, a tie payment, a payment, a 2020 reveal) or the
    discard pile (refilling); the Eagle's holder bids two cards by pointing at one and then the
    other (either first), and keeps one of the two by pointing at it; an animal on the display is
    taken, or swapped for one of yours; Pass, No swap and Done are chips on the table."""
    me = _me(view)
    if not me:
        return []
    leaders = set(me.get("leaders") or [])
    entries = []
    for action in legal:
        kind = action.get("type")
        card = action.get("card")
        if kind == "bid":
            if card in ("refill", cards.REFILL):
                limit = 10 if "squirrel" in leaders else 7
                preview = _("Bid the Refill card: discard what you like, then draw back up to %(limit)s.") % {
                    "limit": limit
                }
            else:
                preview = _bid_preview(card)
            entries.append(_entry(action, f"hand:{kind_of(card)}", "bid", preview))
        elif kind in ("tie_pay", "pay", "reveal") and card != "deck":
            texts = {
                "tie_pay": _("Lay %(card)s face down beside your bid, to break the tie."),
                "pay": _("Pay %(card)s for the animal."),
                "reveal": _("Reveal %(card)s to break the tie."),
            }
            preview = texts[kind] % {"card": habitat_card(card)}
            if kind == "pay":
                preview = f"{preview} {_bonus_hint(view, me, card)}".strip()
            entries.append(_entry(action, f"hand:{kind_of(card)}", "bid", preview))
        elif kind == "reveal":
            preview = _("Reveal the top card of the deck to break the tie.")
            entries.append(_entry(action, "deck", None, preview))
        elif kind == "discard":
            preview = _("Discard %(card)s; you draw back up when you are done.") % {"card": habitat_card(card)}
            entries.append(
                {"payload": action, "pick": f"hand:{kind_of(card)}", "target": "discard", "preview": preview}
            )
        elif kind == "eagle_choose":
            # The two face-down cards are the seat's own: they point at one in their bid spot.
            preview = _("Keep %(card)s as your bid; the other card goes back to your hand.") % {
                "card": habitat_card(card)
            }
            pick = f"sealed:{kind_of(card)}"
            if all(entry["pick"] != pick for entry in entries):  # two alike are one choice
                entries.append(_entry(action, pick, None, preview))
        elif kind == "take":
            preview = _("Take the %(animal)s.") % {"animal": offered_animal(action["animal"], view, "take")}
            entries.append(
                {"payload": action, "pick": f"display:{action['animal']}", "target": None, "preview": preview}
            )
        elif kind == "eagle_bid":
            entries.append(_eagle_pair(action))
        elif kind in CHIPS:
            entries.append(_entry(action, kind, None, str(CHIPS[kind]())))
        elif kind == "swap":
            preview = _("Swap one of your %(give)s for the %(take)s.") % {
                "give": SPECIES.get(action["give"], action["give"]),
                "take": offered_animal(action["take"], view, "swap"),
            }
            entries.append(_entry(action, f"display:{action['take']}", f"mine:{action['give']}", preview))
    return entries


def participants(view: dict) -> dict:
    """Everyone at the table by seat, Leo too ("leo"), as the view shows them."""
    found = {player["seat"]: player for player in view.get("players") or []}
    if view.get("leo"):
        found["leo"] = view["leo"]
    return found


def last_move(before: dict, after: dict, actor: int) -> set[str]:
    """The mover's place at the table ("seat:<seat>") and every stack that grew with it
    ("stack:<seat or leo>:<species>": a take, a swap, Leo's take after it)."""
    marks = {f"seat:{actor}"}
    old = participants(before)
    for who, player in participants(after).items():
        was = (old.get(who) or {}).get("collection") or {}
        grew = (name for name, count in (player.get("collection") or {}).items() if count > was.get(name, 0))
        marks |= {f"stack:{who}:{name}" for name in grew}
    return marks


def points_now(view: dict) -> list[dict]:
    """Each player's score if the game ended now (the final scoring on what lies face up)."""
    rows = []
    for player in view.get("players") or []:
        counts = [player["collection"].get(name, 0) for name in cards.SPECIES]
        held = [cards.SPECIES.index(name) for name in player.get("leaders") or []]
        rows.append({"seat": player["seat"], **score_parts(counts, held, player.get("tokens") or 0)})
    return rows


def turn_note(legal: list[dict], view: dict, names: dict) -> str:
    """How many cards the moves ask for: still to pay for the animal taken, or still to lay face
    down to break a tie (and with whom the bid ties). The moves list one card per kind."""
    kinds = {action["type"] for action in legal}
    # The Eagle's moves said in words (a mail listed "eagle Forest 2 Forest 3" lines, then "keep
    # Forest 2", with no word of what they meant).
    if "eagle_bid" in kinds:
        return _(
            "You hold the Eagle Leader: besides a single bid, you may bid two cards face down "
            "(“%(eagle)s” and the two cards). Once the bids are revealed you keep one of them as your "
            "bid; the other goes back to your hand."
        ) % {"eagle": COMMANDS["eagle"]}
    if "eagle_choose" in kinds and len(view.get("sealed_bid") or []) == 2:
        first, second = (habitat_card(card["id"] if isinstance(card, dict) else card) for card in view["sealed_bid"])
        return _(
            "The bids are revealed: keep one of your two cards as your bid (%(first)s or %(second)s); "
            "the other goes back to your hand."
        ) % {"first": first, "second": second}
    me = next((player for player in view["players"] if player["seat"] == view.get("seat")), None)
    if me is None or me["bid"] is None or me["bid"].get("value") is None:
        return ""
    value = me["bid"]["value"]
    if "pay" in kinds and view.get("taking"):
        count = value - 1 - len(me["payment"] or [])
        return ngettext(
            "You are taking the %(animal)s with your bid of %(bid)s: pay %(count)s more card from your hand.",
            "You are taking the %(animal)s with your bid of %(bid)s: pay %(count)s more cards from your hand.",
            count,
        ) % {"animal": animal(view["taking"]["id"]), "bid": habitat_card(me["bid"]["id"]), "count": count}
    if "tie_pay" in kinds:
        count = value - 1 - (me["payment_face_down"] or 0)
        from games.bymail.render import name_of  # the mails' naming of seats (imports this module)

        tied = [
            name_of(names, player["seat"])
            for player in view["players"]
            if player["seat"] != me["seat"] and (player["bid"] or {}).get("value") == value
        ]
        return ngettext(
            "Your bid of %(bid)s ties with %(others)s: lay %(count)s more card face down beside it. "
            "Whoever lays the higher total takes first.",
            "Your bid of %(bid)s ties with %(others)s: lay %(count)s more cards face down beside it. "
            "Whoever lays the higher total takes first.",
            count,
        ) % {"bid": habitat_card(me["bid"]["id"]), "others": ", ".join(tied), "count": count}
    if "reveal" in kinds:
        # 2020: the tie payments left the bid level (a mail listed only "reveal …" lines). Who is
        # still level is not named: after a level reveal it is a part of the first tie.
        return _(
            "Your bid of %(bid)s and its payment still tie: reveal a card from your hand, or the top card "
            "of the deck, as the others still tied do. The higher card takes first; level cards reveal "
            "again. Revealed cards are discarded: they pay for nothing."
        ) % {"bid": habitat_card(me["bid"]["id"])}
    return ""
