"""Wizard in mail: hand, trump, bids and tricks; commands like "bid 2", "play red 7", "play wizard"."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bymail.render import name_of, section
from games.presenters.wizard.terms import CARD_WORDS, CASES, SUIT_CASE, SUITS, SUM_CASE
from games.presenters.wizard.terms import CASE_GLUE as CASE_GLUE
from games.presenters.wizard.terms import COMMANDS as WORDS


def card(card_id: str | None) -> str:
    if not card_id:
        return "-"
    suit, _dash, rank = card_id.partition("-")
    if suit == "wizard":
        return str(CARD_WORDS["wizard"])
    if suit == "jester":
        return str(CARD_WORDS["jester"])
    return f"{SUITS.get(suit, suit)} {rank}"


def phrase(action: dict, view: dict) -> str:
    kind = action["type"]
    if kind == "bid":
        return f"{WORDS['bid']} {action['bid']}"
    if kind == "play":
        return f"{WORDS['play']} {card(action['card'])}"
    if kind == "choose_trump":
        return f"{WORDS['trump']} {SUITS.get(action['suit'], action['suit'])}"
    return kind


def case_phrase(case: str) -> str:
    """An answer ahead's case as a mail lists it and a reply writes it: "if blue is led"."""
    if case in SUITS:
        return SUIT_CASE % {"suit": SUITS[case]}
    if case.startswith("sum:"):
        return SUM_CASE % {"sum": case.partition(":")[2]}
    return str(CASES.get(case, case))


def cases_phrase(cases: list[str]) -> str:
    """Several cases that allow the same moves, as one line: the sums of the bids as a range."""
    sums = [int(case.partition(":")[2]) for case in cases if case.startswith("sum:")]
    parts = []
    if len(sums) > 1:
        span = _("%(low)s to %(high)s") % {"low": min(sums), "high": max(sums)}
        parts.append(SUM_CASE % {"sum": span})
    elif sums:
        parts.append(case_phrase(f"sum:{sums[0]}"))
    parts += [case_phrase(case) for case in cases if not case.startswith("sum:")]
    return " / ".join(parts)


def case_group(phase: str, case: str) -> str:
    """The call a case is for, as a mail heads its cases: "Your card in trick 3"."""
    round_part, _colon, call = phase.partition(":")
    if call == "bid":
        return _("Your bid in round %(round)s") % {"round": round_part[1:]}
    trick = int(call[1:]) + 1
    if case == "lead":
        return _("Your lead of trick %(trick)s") % {"trick": trick}
    return _("Your card in trick %(trick)s") % {"trick": trick}


def command_word(action: dict) -> str:
    key = {"bid": "bid", "play": "play", "choose_trump": "trump"}.get(action["type"])
    return str(WORDS[key]) if key else ""


def board(view: dict, names: dict) -> list[dict]:
    me = view["seat"]
    sections = []
    if view["hand"] is not None:
        sections.append(section(_("Your hand"), [", ".join(card(c) for c in view["hand"]) or "-"]))
    for seat, hand in enumerate(view.get("hands") or []):
        if hand is not None and seat != me:  # clairvoyance shows the others' hands
            sections.append(
                section(_("Hand of %(name)s") % {"name": name_of(names, seat)}, [", ".join(map(card, hand))])
            )
    trump = SUITS.get(view["trump"], _("none")) if view["trump"] else _("none")
    sections.append(
        section(
            _("Round %(round)s of %(rounds)s") % {"round": view["round"], "rounds": view["num_rounds"]},
            [_("Trump card: %(card)s; trump: %(trump)s") % {"card": card(view["trump_card"]), "trump": trump}],
        )
    )
    lines = []
    for seat, bid in enumerate(view["bids"]):
        shown = bid if bid is not None else (_("sealed") if view["has_bid"][seat] else "-")
        lines.append(
            _("%(name)s: bid %(bid)s, tricks %(tricks)s, score %(score)s")
            % {
                "name": name_of(names, seat),
                "bid": shown,
                "tricks": view["tricks_won"][seat],
                "score": view["scores"][seat],
            }
        )
    sections.append(section(_("Players"), lines))
    if view["trick"]:
        played = ", ".join(f"{name_of(names, entry['seat'])} {card(entry['card'])}" for entry in view["trick"])
        sections.append(section(_("Trick so far"), [played]))
    if view.get("last_trick"):
        last = view["last_trick"]
        played = ", ".join(f"{name_of(names, entry['seat'])} {card(entry['card'])}" for entry in last["cards"])
        sections.append(
            section(_("Last trick"), [played, _("won by %(name)s") % {"name": name_of(names, last["winner"])}])
        )
    return sections


def round_of(phase_key: str) -> str | None:
    head = (phase_key or "").split(":", 1)[0]
    return head[1:] if head.startswith("r") and head[1:].isdigit() else None


def results(view: dict, names: dict, extra: dict) -> list[dict]:
    if not view["score_table"]:
        return []
    row = view["score_table"][-1]
    lines = [
        ngettext(
            "%(name)s: bid %(bid)s, took %(tricks)s trick, %(points)+d points, total %(score)s",
            "%(name)s: bid %(bid)s, took %(tricks)s tricks, %(points)+d points, total %(score)s",
            row["tricks"][seat],
        )
        % {
            "name": name_of(names, seat),
            "bid": row["bids"][seat],
            "tricks": row["tricks"][seat],
            "points": row["points"][seat],
            "score": row["scores"][seat],
        }
        for seat in range(len(row["scores"]))
    ]
    return [section(_("Round %(round)s") % {"round": row["round"]}, lines)]
