"""The private view of each engine as mail sections, reply commands and round results.

Everything here is built from `engine.view(state, seat)` (never raw state)
and speaks the active language: callers render inside
`translation.override(recipient's language)`.

A section is `{"title": str, "lines": [str]}`; the mail templates show it as
plain text and as HTML. Each engine module provides:

- `board(view, names) -> list[section]`: what the seat sees now;
- `phrase(action, view) -> str`: the reply command for a legal action, with
  the card names the mail shows ("bid forest 3", "play wizard");
- `round_of(phase_key) -> str | None`: the round a phase belongs to; a change
  of round sends the round's results;
- `results(view, names, extra) -> list[section]`: what the round revealed;
- optionally `turn_note(legal, view, names) -> str`: a sentence under the reply commands when the
  seat's turn has steps after this one that the reply may carry (CuBirds: the lay), or when the
  moves alone do not say how many are asked for (Wild Cards: the cards still to pay or to lay);
- optionally `RESULTS_UNIT = "year"`: what `round_of` counts, where it is not a round (Emu Ranchers);
- optionally, for a game with answers ahead, `case_phrase(case) -> str`: a case as a mail lists
  it and a reply writes it ("if blue is led"), and `CASE_GLUE`: the words of those phrases, in
  every language, that name no case ("if", "se", "esce"); `cases_phrase(cases)`, several cases
  of one move list as one line; `case_group(phase, case) -> str`, the call they are for;
- optionally `in_hand_order(legal, view) -> list`: the moves in the order of the hand the mail
  shows (Wild Cards lists one card per kind in the order the cards were drawn).
"""

from __future__ import annotations

from types import ModuleType

from django.utils.translation import gettext as _

from games import registry


def module(engine: str) -> ModuleType | None:
    """The game's mail presentation (`games/presenters/<engine>/mail.py`), None for no game."""
    return registry.part(engine, "mail")


def section(title: str, lines: list[str]) -> dict:
    return {"title": str(title), "lines": [str(line) for line in lines]}


def board(engine: str, view: dict, names: dict) -> list[dict]:
    found = module(engine)
    if found is None:
        # A game without its own presenter: its view's keys, as the generic table shows them.
        return [section(str(key).replace("_", " "), [_short(value)]) for key, value in view.items()]
    return found.board(view, names)


def phrase(engine: str, action: dict, view: dict) -> str:
    found = module(engine)
    if found is None:
        return " ".join([str(action.get("type", ""))] + [str(v) for k, v in sorted(action.items()) if k != "type"])
    return found.phrase(action, view)


def command_word(engine: str, action: dict) -> str:
    """The words a phrase of this kind of move starts with ("play" of "play red 7"), where the
    game's presenter tells them; "" where it does not."""
    hook = getattr(module(engine), "command_word", None)
    return hook(action) if hook else ""


def results_unit(engine: str) -> str:
    """ "round", or what the game's results mails count instead ("year")."""
    return getattr(module(engine), "RESULTS_UNIT", "round")


def in_hand_order(engine: str, legal: list[dict], view: dict) -> list[dict]:
    order = getattr(module(engine), "in_hand_order", None)
    return order(legal, view) if order else legal


def turn_note(engine: str, legal: list[dict], view: dict, names: dict) -> str:
    note = getattr(module(engine), "turn_note", None)
    return note(legal, view, names) if note else ""


def case_phrase(engine: str, case: str) -> str:
    hook = getattr(module(engine), "case_phrase", None)
    return hook(case) if hook else case


def cases_phrase(engine: str, cases: list[str]) -> str:
    """Several cases that allow the same moves, as one line of a mail."""
    hook = getattr(module(engine), "cases_phrase", None)
    return hook(cases) if hook else " / ".join(case_phrase(engine, case) for case in cases)


def case_group(engine: str, phase: str, case: str) -> str:
    """The call a case is for, as a mail heads its cases."""
    hook = getattr(module(engine), "case_group", None)
    return hook(phase, case) if hook else phase


def case_glue(engine: str) -> set[str]:
    return set(getattr(module(engine), "CASE_GLUE", ()))


def _short(value) -> str:
    text = str(value)
    return text if len(text) < 300 else text[:297] + "..."


def name_of(names: dict, who) -> str:
    """A participant as mails name it: a seat's player name, or Leo."""
    if who == "leo":
        return _("Leo")
    return str(names.get(who, _("Seat %(number)s") % {"number": (who or 0) + 1 if isinstance(who, int) else who}))


def counts(mapping: dict, label) -> str:
    """`{"lion": 2, "eagle": 0}` as "Lion 2" (zeros left out), or a dash."""
    shown = [f"{label(key)} {value}" for key, value in mapping.items() if value]
    return ", ".join(shown) if shown else "-"
