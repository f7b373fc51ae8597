"""An engine's refusal is an English template and its values, so the site can translate it."""

from __future__ import annotations

from games.engines.base import IllegalAction, IllegalOptions, gettext_noop


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
