"""Wizard: cards played, tricks won, bids (sealed ones only as made), trump chosen, rounds scored."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.bymail.render import name_of
from games.presenters.wizard.table import card_name
from games.presenters.wizard.terms import SUITS


def changes(before: dict, after: dict, actor: int, names: dict) -> list[str]:
    lines: list[str] = []
    who = name_of(names, actor)
    same_round = before.get("round") == after.get("round")
    if same_round and not before.get("trump") and after.get("trump"):
        suit = SUITS.get(after["trump"], after["trump"])
        lines.append(_("%(who)s chose trump: %(suit)s.") % {"who": who, "suit": suit})
    if same_round:
        old_bids, new_bids = before.get("bids") or [], after.get("bids") or []
        for seat, (old, new) in enumerate(zip(old_bids, new_bids, strict=False)):
            if old is None and new is not None:
                lines.append(_("%(who)s bid %(bid)s.") % {"who": name_of(names, seat), "bid": new})
        had, has = before.get("has_bid") or [], after.get("has_bid") or []
        if actor < min(len(has), len(had), len(new_bids)) and has[actor] and not had[actor] and new_bids[actor] is None:
            lines.append(_("%(who)s made a sealed bid.") % {"who": who})
    finished = after.get("last_trick") if after.get("last_trick") != before.get("last_trick") else None
    played = finished["cards"] if finished else after.get("trick") or []
    for play in played[len(before.get("trick") or []) :]:
        lines.append(
            _("%(who)s played %(card)s.") % {"who": name_of(names, play["seat"]), "card": card_name(play["card"])}
        )
    if finished:
        lines.append(_("%(who)s won the trick.") % {"who": name_of(names, finished["winner"])})
    if len(after.get("score_table") or []) > len(before.get("score_table") or []):
        row = after["score_table"][-1]
        scores = ", ".join(
            _("%(who)s %(points)+d (bid %(bid)s, took %(tricks)s)")
            % {"who": name_of(names, seat), "points": points, "bid": bid, "tricks": tricks}
            for seat, (points, bid, tricks) in enumerate(zip(row["points"], row["bids"], row["tricks"], strict=True))
        )
        lines.append(_("Round %(round)s scored: %(scores)s.") % {"round": row["round"], "scores": scores})
    return lines
