"""Wild Cards: the round's public log (bids revealed, animals taken, passes, refills, ties);
across the end of a round, what changed in the collections and leaders."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.bymail.render import name_of
from games.bymail.render.wildcards import card, event_line, species
from games.presenters.wildcards import participants


def _collections(before: dict, after: dict, names: dict) -> list[str]:
    lines = []
    old, new = participants(before), participants(after)
    for who, player in new.items():
        was = (old.get(who) or {}).get("collection") or {}
        for name, count in (player.get("collection") or {}).items():
            if count > was.get(name, 0):
                lines.append(_("%(who)s took the %(animal)s") % {"who": name_of(names, who), "animal": species(name)})
        gained = set(player.get("leaders") or []) - set((old.get(who) or {}).get("leaders") or [])
        for name in sorted(gained):
            lines.append(
                _("%(who)s is now the %(animal)s Leader") % {"who": name_of(names, who), "animal": species(name)}
            )
    return lines


def _sentence(line: str) -> str:
    return line if line.endswith(".") else f"{line}."


def changes(before: dict, after: dict, actor: int, names: dict) -> list[str]:
    if before.get("round") == after.get("round"):
        lines = []
        old = participants(before)
        for who, player in participants(after).items():
            if player.get("has_bid") and not (old.get(who) or {}).get("has_bid") and player.get("bid") is None:
                lines.append(_("%(who)s placed a bid face down.") % {"who": name_of(names, who)})
        if after.get("taking") and not before.get("taking"):
            animal = species(after["taking"]["species"])
            lines.append(
                _("%(who)s chose the %(animal)s and pays for it.") % {"who": name_of(names, actor), "animal": animal}
            )
        was = old.get(actor) or {}
        now = participants(after).get(actor) or {}
        if (
            len(now.get("payment") or []) > len(was.get("payment") or [])
            and not after.get("log", [])[len(before.get("log") or []) :]
        ):
            paid = card(now["payment"][-1])
            lines.append(_("%(who)s paid %(card)s.") % {"who": name_of(names, actor), "card": paid})
        elif now.get("payment_face_down", 0) > was.get("payment_face_down", 0):
            lines.append(_("%(who)s laid a card face down to break the tie.") % {"who": name_of(names, actor)})
        entries = (after.get("log") or [])[len(before.get("log") or []) :]
        lines += [_sentence(line) for entry in entries if (line := event_line(entry, names))]
        if not lines:  # the Meerkat's swap shows only in the collections
            lines = [f"{line}." for line in _collections(before, after, names)]
        return lines
    # The round ended with this move and its log was replaced by the new round's.
    lines = [f"{line}." for line in _collections(before, after, names)]
    if after.get("round"):
        lines.append(_("Round %(round)s begins.") % {"round": after["round"]})
    return lines
