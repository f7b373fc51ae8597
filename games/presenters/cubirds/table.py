"""CuBirds labels: "Lay your robins at the left of row 2"."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engines.cubirds.cards import LARGE, ORDER, SMALL, WIN_PAIRS_BIRDS, WIN_PAIRS_SPECIES, WIN_SPECIES
from games.presenters.cubirds.terms import BIRD, BIRDS


def action_label(action: dict, view: dict | None = None) -> str:
    kind = action.get("type")
    name = action.get("species")
    birds = BIRDS.get(name, name)
    if kind == "lay":
        row = action.get("row")
        row = row + 1 if isinstance(row, int) else row
        # A lay takes every bird of the species in hand; without the view the count is unknown (0: plural).
        count = ((view or {}).get("hand_counts") or {}).get(name, 0)
        values = {"birds": BIRD.get(name, name) if count == 1 else birds, "row": row}
        if action.get("side") == "left":
            # Translators: the singular names one bird ("il tuo tucano"), the plural more; English has one form.
            text = ngettext(
                "Lay your %(birds)s at the left of row %(row)s",
                "Lay your %(birds)s at the left of row %(row)s",
                count,
            )
        else:
            # Translators: the singular names one bird ("il tuo tucano"), the plural more; English has one form.
            text = ngettext(
                "Lay your %(birds)s at the right of row %(row)s",
                "Lay your %(birds)s at the right of row %(row)s",
                count,
            )
        return text % values
    labels = {
        "draw": _("Draw 2 cards"),
        "no_draw": _("Do not draw"),
        "no_family": _("Form no family"),
    }
    if kind == "family":
        return _("Form a family of %(birds)s") % {"birds": birds}
    return labels.get(kind, "")


def _enclosed(row: list[dict], species: str, side: str) -> tuple[list[str], list[str]]:
    """What laying `species` at `side` of `row` encloses, and the row's species after (the
    engine's rule: the birds between the new cards and the nearest bird of the same species)."""
    same = [index for index, card in enumerate(row) if card["species"] == species]
    if not same:
        return [], [card["species"] for card in row] + [species]
    if side == "left":
        return [card["species"] for card in row[: same[0]]], [card["species"] for card in row[same[0] :]] + [species]
    cut = same[-1] + 1
    return [card["species"] for card in row[cut:]], [card["species"] for card in row[:cut]] + [species]


def _counted(species: list[str]) -> str:
    """ "1 owl and 2 ducks": each species once, in the order of the data."""
    tally: dict[str, int] = {}
    for name in species:
        tally[name] = tally.get(name, 0) + 1
    ordered = sorted(tally.items(), key=lambda item: ORDER[item[0]])
    parts = [f"{count} {BIRDS[name] if count > 1 else BIRD[name]}" for name, count in ordered]
    if len(parts) < 2:
        return "".join(parts)
    return _("%(list)s and %(last)s") % {"list": ", ".join(parts[:-1]), "last": parts[-1]}


def _family_preview(name: str, count: int) -> tuple[str, int]:
    """The family the stack makes, read off the card (small and large family sizes), and how many
    of its birds reach the collection: 1 for a small family, 2 for a large one."""
    values = {"count": count, "birds": BIRDS[name], "small": SMALL[name], "large": LARGE[name]}
    if count >= LARGE[name]:
        kept = 2
        text = _("Form a large family of %(count)s %(birds)s (%(large)s or more)") % values
    else:
        kept = 1
        text = _("Form a small family of %(count)s %(birds)s (%(small)s or more; %(large)s make a large one)") % values
    return _("%(family)s: %(kept)s to your collection, %(rest)s to the discard pile.") % {
        "family": text,
        "kept": kept,
        "rest": count - kept,
    }, kept


def _wins(counts: dict) -> bool:
    """The rulebook's two ways to win, with the numbers of the card data."""
    species = len([n for n in counts.values() if n])
    pairs = len([n for n in counts.values() if n >= WIN_PAIRS_BIRDS])
    return species >= WIN_SPECIES or pairs >= WIN_PAIRS_SPECIES


def pointing(view: dict, legal: list[dict]) -> list[dict]:
    """A species in the hand is picked as one group; a lay goes to a row end, a family to the
    collection. Previews are worked out from the seat's own view: the rows lie face up."""
    hand = view.get("hand_counts") or {}
    me = view.get("seat")
    entries = []
    for action in legal:
        kind = action.get("type")
        if kind == "lay":
            name, row, side = action["species"], action["row"], action["side"]
            count = hand.get(name, 0)
            taken, after = _enclosed(view["rows"][row], name, side)
            laid = _("Lay %(count)s %(birds)s at the %(side)s of row %(row)s") % {
                "count": count,
                "birds": (BIRDS if count > 1 else BIRD)[name],
                "side": _("left") if side == "left" else _("right"),
                "row": row + 1,
            }
            if taken:
                preview = _("%(laid)s: you take %(birds)s into your hand.") % {"laid": laid, "birds": _counted(taken)}
                if len(set(after)) < 2:
                    preview += " " + _("The row is then refilled from the deck.")
            else:
                preview = _("%(laid)s: it encloses no bird; you may then draw 2 cards.") % {"laid": laid}
            entries.append(
                {"payload": action, "pick": f"hand:{name}", "target": f"row:{row}:{side}", "preview": preview}
            )
        elif kind == "family":
            name = action["species"]
            preview, kept = _family_preview(name, hand.get(name, 0))
            if me is not None:
                counts = dict((view.get("collection_counts") or [{}])[me])
                counts[name] = counts.get(name, 0) + kept
                if _wins(counts):
                    preview += " " + _("Your collection then wins the game.")
            entries.append({"payload": action, "pick": f"hand:{name}", "target": "collection", "preview": preview})
        elif kind == "draw":
            entries.append(
                {"payload": action, "pick": "deck", "target": None, "preview": _("Draw 2 cards from the deck.")}
            )
        # Passing is a chip of its own beside the deck or the collection ("pass": the two are
        # never legal together), so that a whole turn can be played by pointing.
        elif kind == "no_draw":
            kept = sum(hand.values())
            preview = ngettext(
                "Draw no cards and keep the card in your hand.",
                "Draw no cards and keep the %(count)s in your hand.",
                kept,
            ) % {"count": kept}
            entries.append({"payload": action, "pick": "pass", "target": None, "preview": preview})
        elif kind == "no_family":
            entries.append(
                {"payload": action, "pick": "pass", "target": None, "preview": _("Form no family: your turn ends.")}
            )
    return entries


# The score sheet of a game without points: how near each player is to the rulebook's two wins.


def race(view: dict, recorded: dict | None = None) -> dict:
    """Per seat: species collected (of WIN_SPECIES), species with WIN_PAIRS_BIRDS birds or more
    (of WIN_PAIRS_SPECIES) and birds in all; at the end, the rank too, the rows then in the order
    of the ranks. Collections lie face up. `recorded`: seat -> the place the site recorded (a
    player who left ranks below those who stayed, whatever their seat's bot collected)."""
    ranks = recorded or {row["seat"]: row["rank"] for row in view.get("result") or []}
    rows = []
    for seat, counts in enumerate(view.get("collection_counts") or []):
        threes = sorted(name for name, count in counts.items() if count >= WIN_PAIRS_BIRDS)
        rows.append(
            {
                "seat": seat,
                "species": len([count for count in counts.values() if count]),
                "threes": len(threes),
                "three_birds": ", ".join(str(BIRDS[name]) for name in threes),
                "birds": (view.get("collection_sizes") or [])[seat],
                "rank": ranks.get(seat),
                "won": ranks.get(seat) == 1 if recorded else view.get("winner") == seat,
            }
        )
    if ranks:  # the final result: first place first, not seat order
        rows.sort(key=lambda row: (row["rank"] is None, row["rank"] or 0, row["seat"]))
    goals = {"species": WIN_SPECIES, "threes": WIN_PAIRS_SPECIES, "birds": WIN_PAIRS_BIRDS}
    return {"rows": rows, "goals": goals}


def ending(view: dict, names: list, recorded: dict | None = None) -> str:
    """How the game ended, in a sentence: the win and its goal, or the cards running out. When
    the seat that reached the goal had been left (`recorded`: the site's places), the goal is
    told as its seat's, and why the places differ."""
    end, winner = view.get("end"), view.get("winner")
    if not view.get("over") or not end:
        return ""
    who = names[winner] if isinstance(winner, int) and winner < len(names) else ""
    left = bool(recorded) and isinstance(winner, int) and recorded.get(winner) != 1
    if end == "seven_species":
        if left:
            return _(
                "%(who)s had left the game when their seat collected birds of %(count)s species: a player "
                "who stays ranks above one who left."
            ) % {"who": who, "count": WIN_SPECIES}
        return _("%(who)s won with birds of %(count)s species.") % {"who": who, "count": WIN_SPECIES}
    if end == "two_threes":
        words = {"who": who, "species": WIN_PAIRS_SPECIES, "birds": WIN_PAIRS_BIRDS}
        if left:
            return (
                _(
                    "%(who)s had left the game when their seat collected %(species)s species of %(birds)s birds "
                    "or more: a player who stays ranks above one who left."
                )
                % words
            )
        return _("%(who)s won with %(species)s species of %(birds)s birds or more.") % words
    return _("The cards ran out: the largest collection wins.")
