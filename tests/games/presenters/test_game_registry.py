"""One registry of games: every game has its engine, its four presentation parts with every
required hook, its bot and its title; and every hook the site reads is one the protocol lists."""

import ast
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.utils import translation

from games import registry
from games.engines import ENGINE_NAMES
from games.presenters.base import HOOKS, missing_hooks

ROOT = Path(__file__).resolve().parents[3]
# The generic modules that read a game's presentation hooks.
READERS = {
    "table": ["games/presenters/__init__.py", "games/presenters/pointing.py"],
    "mail": ["games/bymail/render.py", "games/bymail/mails.py", "games/bymail/mail_context.py"],
    "terms": ["games/terms.py", "games/presenters/game_settings.py", "games/rules_pages/views.py"],
    "recap": ["games/recap.py"],
}


@pytest.mark.parametrize("name", ENGINE_NAMES)
@pytest.mark.parametrize("part", registry.PARTS)
def test_every_game_gives_every_required_hook_of_each_part(name, part):
    assert missing_hooks(part, registry.part(name, part)) == []


@pytest.mark.parametrize("name", ENGINE_NAMES)
def test_every_game_has_an_engine_a_bot_and_a_title_in_every_language(name):
    assert registry.engine(name).name == name
    bot = registry.bot(name)
    assert callable(bot.standard) and (callable(getattr(bot, "sample", None)) or callable(getattr(bot, "legal", None)))
    assert isinstance(bot.GOOD_ROLLOUTS, int) and isinstance(bot.STRONG_ITERATIONS, int)
    with translation.override("en"):
        english = registry.title(name)
    assert english and english != name
    with translation.override("it"):
        assert registry.title(name)


def test_the_checker_finds_a_missing_hook_and_one_in_the_wrong_form():
    mail = SimpleNamespace(board=lambda view, names: [], phrase=lambda action, view: "", round_of="r1")
    assert missing_hooks("mail", mail) == ["mail.round_of: should be a function", "mail.results: missing"]
    assert missing_hooks("recap", None) == ["recap: the module is missing"]


def test_a_name_that_is_no_game_has_no_presentation_and_its_title_is_the_name():
    assert registry.part("toy", "table") is None
    assert registry.title("toy") == "toy"
    with pytest.raises(ValueError):
        registry.part("wizard", "tables")


def _names_read(path: Path) -> set[str]:
    """Hook names a generic module reads off a game's module: `getattr(x, "name", ...)`,
    `_hook(engine, "name")`, `hasattr(x, "name")` and `module.name` / `found.name`."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        reads = isinstance(node, ast.Call) and getattr(node.func, "id", None) in {"getattr", "hasattr", "_hook"}
        if reads and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
            names.add(str(node.args[1].value))
        if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) in {"module", "found"}:
            names.add(node.attr)
    return names


@pytest.mark.parametrize("part", registry.PARTS)
def test_every_hook_the_site_reads_is_listed_in_the_protocol(part):
    listed = {hook.name for hook in HOOKS[part]}
    read = set().union(*(_names_read(ROOT / path) for path in READERS[part]))
    # Names that are not a game's: a query set's `filter`, a Django setting, a prefetch cache.
    other = {name for name in read if not re.fullmatch(r"[A-Za-z_]+", name)} | {
        "filter",
        "append",
        "sort",
        "setdefault",
        "get",
        "update",
        "values",
        "_prefetched_objects_cache",
        "decided",
        "apply_steps",
    }
    assert (read - other) - listed <= set(), (read - other) - listed
    assert read & listed, "the readers read none of the part's hooks: the list of readers is out of date"


def test_no_generic_module_names_a_game():
    # A game's particulars belong to its own packages: the generic services, mails and views
    # ask the game's presentation instead of testing its name.
    generic = [
        *ROOT.glob("games/services/*.py"),
        *ROOT.glob("games/bymail/*.py"),
        *ROOT.glob("games/play/*.py"),
        ROOT / "games/presenters/__init__.py",
        ROOT / "games/recap.py",
        ROOT / "games/terms.py",
        *ROOT.glob("games/rules_pages/*.py"),
        *ROOT.glob("games/lobby/*.py"),
        *ROOT.glob("games/history/*.py"),
    ]
    found = []
    for path in generic:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"""engine(\.name)? (==|!=|in) [("'](wildcards|wizard|cubirds|emu_ranchers)""", line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
