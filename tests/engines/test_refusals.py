"""An engine's refusal is an English template and its values, so the site can translate it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from games.engines import get_engine
from games.engines.base import IllegalAction, IllegalOptions, gettext_noop

ENGINES = Path(__file__).resolve().parents[2] / "games" / "engines"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def test_a_refusal_reads_as_its_english_with_the_values_filled_in_and_keeps_both():
    error = IllegalAction(gettext_noop("You do not hold %(card)s."), card="red-5")
    assert str(error) == "You do not hold red-5."
    assert error.template == "You do not hold %(card)s."
    assert error.params == {"card": "red-5"}
    assert isinstance(error, ValueError)


def test_a_refusal_without_values_is_its_text_as_written():
    error = IllegalOptions("Options must be 100% clear.")
    assert str(error) == "Options must be 100% clear."
    assert error.template == "Options must be 100% clear." and error.params == {}


def test_gettext_noop_only_marks_a_message():
    assert gettext_noop("The game is over.") == "The game is over."


def test_an_engine_refusal_carries_its_template_and_values():
    engine = get_engine("wizard")
    with pytest.raises(IllegalOptions) as refused:
        engine.validate_options(5, {"monocolor": True})
    assert refused.value.template == "Monocolor is for %(min)s or %(max)s players."
    assert refused.value.params == {"min": 3, "max": 4}
    assert str(refused.value) == "Monocolor is for 3 or 4 players."


def _templates_named(tree: ast.Module) -> dict[str, list[str]]:
    """Module-level names bound to a template, or to a mapping of templates: name -> its templates."""
    named: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values = node.value.values if isinstance(node.value, ast.Dict) else [node.value]
            texts = [_marked(value) for value in values]
            if texts and all(text is not None for text in texts):
                named[node.targets[0].id] = texts
    return named


def _marked(node: ast.expr) -> str | None:
    """The text of `gettext_noop("...")`, or None for anything else."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "gettext_noop"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return node.args[0].value
    return None


def _refusals():
    for path in sorted(ENGINES.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        named = _templates_named(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("IllegalAction", "IllegalOptions"):
                yield f"{path.relative_to(ENGINES)}:{node.lineno}", node, named


def test_every_engine_refusal_is_a_marked_template_given_exactly_its_values():
    # makemessages finds only `gettext_noop("...")`: an f-string, a joined or a bare string would
    # reach every player in English. A value missing from the template (or one too many) would
    # break the refusal in some language only.
    checked = 0
    for where, call, named in _refusals():
        assert call.args, f"{where}: a refusal without a message"
        first = call.args[0]
        marked = _marked(first)
        if marked is not None:
            templates = [marked]
        else:
            base = first.value if isinstance(first, ast.Subscript) else first
            assert isinstance(base, ast.Name) and base.id in named, (
                f'{where}: the message is not gettext_noop("...") nor a name bound to such templates'
            )
            templates = named[base.id]
        given = {keyword.arg for keyword in call.keywords}
        assert any(set(PLACEHOLDER.findall(text)) == given for text in templates), (
            f"{where}: values {sorted(given)} do not fit {templates}"
        )
        checked += 1
    assert checked > 80
