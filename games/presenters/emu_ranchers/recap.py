"""Emu Ranchers: birds hatched and grown, cards discarded and taken, players done, years scored."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.bymail.render import name_of
from games.presenters.emu_ranchers.mail import card
from games.presenters.emu_ranchers.table import grown_birds


def changes(before: dict, after: dict, actor: int, names: dict) -> list[str]:
    lines: list[str] = []
    who = name_of(names, actor)
    same_year = before.get("year") == after.get("year")
    if same_year:
        old = (before.get("ranches") or [[], []])[actor]
        new = (after.get("ranches") or [[], []])[actor]
        for index in grown_birds(before, after, actor):
            if index >= len(old):
                first = card(new[index]["cards"][0])
                lines.append(_("%(who)s hatched a bird with %(card)s.") % {"who": who, "card": first})
            else:
                lines.append(
                    _("%(who)s grew bird %(bird)s with %(card)s.")
                    % {"who": who, "bird": index + 1, "card": card(new[index]["cards"][-1])}
                )
        grew = bool(lines)
        if not grew and after.get("discard_size", 0) > before.get("discard_size", 0):
            lines.append(_("%(who)s discarded %(card)s.") % {"who": who, "card": card(after.get("discard_top"))})
        elif grew and after.get("discard_size", 0) < before.get("discard_size", 0):
            lines.append(
                _("%(who)s took %(card)s from the discard pile.")
                % {"who": who, "card": card(before.get("discard_top"))}
            )
        done_before, done_after = before.get("done") or [], after.get("done") or []
        if actor < min(len(done_before), len(done_after)) and done_after[actor] and not done_before[actor] and not grew:
            lines.append(_("%(who)s is done growing.") % {"who": who})
    if len(after.get("history") or []) > len(before.get("history") or []):
        year = after["history"][-1]
        scores = ", ".join(
            _("%(who)s %(points)+d") % {"who": name_of(names, seat), "points": ranch["score"]}
            for seat, ranch in enumerate(year["seats"])
        )
        lines.append(_("Year %(year)s scored: %(scores)s.") % {"year": year["year"], "scores": scores})
    return lines
