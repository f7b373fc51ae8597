"""What a game's presentation may give, and what the site does where it gives nothing.

A game's presentation is the package `games/presenters/<game>/` with four modules, found
through `games.registry.part(game, part)`:

- `table`: the table page (labels, pointing at cards, marks of the last move);
- `mail`: the mails and the replies (the seat's board as sections, a move as a reply command,
  the round's results, answers ahead as a mail lists them);
- `terms`: the game's words in every language (reply commands, options, glossary);
- `recap`: what happened between two views of one seat, in sentences.

Each hook below is a module-level name of that module. A required hook has no default: the
registry's test fails on a game without it. Everything is built from `engine.view(state,
seat)`, never from the raw state, so a presentation cannot show what its viewer may not see.
A game's templates (`templates/games/table/<game>.html`), rules pages and bot are listed in
docs/contributing.md ("Adding a game").
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Hook:
    name: str
    # What it is given and gives back; "constant" for a value rather than a function.
    signature: str
    # None for a required hook; otherwise what the site does without it.
    default: str | None

    @property
    def required(self) -> bool:
        return self.default is None

    @property
    def callable(self) -> bool:
        return self.signature != "constant"


HOOKS: dict[str, tuple[Hook, ...]] = {
    "table": (
        Hook("action_label", "(action, view) -> str", "the move's type and fields, as 'bid: value 3'"),
        Hook("turn_note", "(legal, view, names) -> str", "no sentence above the moves"),
        Hook("pointing", "(view, legal) -> [entry]", "the moves as buttons only, nothing to point at"),
        Hook("refusals", "(view, legal) -> {pick: why}", "no card is marked as refused"),
        Hook("refused_actions", "(view, legal) -> [(action, why)]", "a reply naming a forbidden move is not told why"),
        Hook("last_move", "(before, after, actor) -> [key]", "nothing on the table is marked as just changed"),
    ),
    "mail": (
        Hook("board", "(view, names) -> [section]", None),
        Hook("phrase", "(action, view) -> str", None),
        Hook("round_of", "(phase_key) -> str | None", None),
        Hook("results", "(view, names, extra) -> [section]", None),
        Hook("results_extra", "(state at the round's start, [(seat, action)]) -> dict", "results get {} as extra"),
        Hook("RESULTS_UNIT", "constant", "'round'"),
        Hook("turn_note", "(legal, view, names) -> str", "no sentence under the reply commands"),
        Hook("in_hand_order", "(legal, view) -> [action]", "the moves in the engine's order"),
        Hook("command_word", "(action) -> str", "a reply's first words are not told apart from the rest"),
        Hook("case_phrase", "(case) -> str", "the case's key as it is"),
        Hook("cases_phrase", "(cases) -> str", "the cases' phrases joined by ' / '"),
        Hook("case_group", "(phase, case) -> str", "the phase's key"),
        Hook("CASE_GLUE", "constant", "no word of a case phrase is glue"),
    ),
    "terms": (
        Hook("COMMANDS", "constant", None),
        Hook("OPTIONS", "constant", None),
        Hook("CHOICES", "constant", None),
        Hook("GLOSSARY", "constant", None),
        Hook("RESULT_WORDS", "constant", "'2nd, 3 points'"),
        Hook("SCORE_WORDS", "constant", "'3 points'"),
        Hook("OPTION_HELP", "constant", "nothing said under an option"),
        Hook("OPTION_PLAYERS", "constant", "every option matters at every table size"),
        Hook("set_up_players", "(num_seats, options) -> int", "set up for as many players as seats"),
    ),
    "recap": (Hook("changes", "(before, after, actor, names) -> [str]", None),),
}


def missing_hooks(part: str, module: ModuleType | None) -> list[str]:
    """The required hooks of `part` that `module` lacks, and hooks given in the wrong form
    (a function where a constant belongs, or the other way round)."""
    if module is None:
        return [f"{part}: the module is missing"]
    found = []
    for hook in HOOKS[part]:
        value = getattr(module, hook.name, None)
        if value is None:
            if hook.required:
                found.append(f"{part}.{hook.name}: missing")
        elif callable(value) != hook.callable:
            found.append(f"{part}.{hook.name}: should be {'a function' if hook.callable else 'a constant'}")
    return found
