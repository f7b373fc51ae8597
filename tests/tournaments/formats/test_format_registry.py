"""Every registered format answers every hook of `base.Format` itself: a new format that forgot
one fails here, rather than quietly taking another format's answer."""

import pytest

from tournaments.formats import FORMATS, get_format
from tournaments.formats.base import (
    ELIMINATION_STAGE,
    HOOKS,
    ROUND_ROBIN_STAGE,
    SWISS_STAGE,
    Format,
    missing_hooks,
)
from tournaments.formats.kinds import Swiss
from tournaments.formats.swiss import TIE_BREAK_ORDERS


class Settings:
    def __init__(self, rounds=None, top_cut=0):
        self.rounds, self.top_cut = rounds, top_cut


@pytest.mark.parametrize("name", list(FORMATS))
def test_it_gives_every_hook(name):
    spec = get_format(name)
    assert isinstance(spec, Format)
    assert missing_hooks(spec) == []
    assert spec.name == name
    assert spec.stage in (SWISS_STAGE, ROUND_ROBIN_STAGE, ELIMINATION_STAGE)
    assert spec.tie_break_order in TIE_BREAK_ORDERS
    assert spec.next_stage(Settings(rounds=3), []) in (SWISS_STAGE, ROUND_ROBIN_STAGE, ELIMINATION_STAGE)
    for hook in HOOKS:
        value = getattr(spec, hook)
        assert callable(value) or isinstance(value, bool | str), hook


def test_the_check_finds_a_forgotten_hook():
    class Ladder(Format):
        name, title, stage = "ladder", "ladder", SWISS_STAGE

    class QuickSwiss(Swiss):
        name = "quick_swiss"

    missing = missing_hooks(Ladder())
    assert {"annuls_early_leavers", "next_stage", "last_round"} <= set(missing)
    assert not {"name", "title", "stage"} & set(missing)
    assert missing_hooks(QuickSwiss()) == []  # taken from the format it extends: given


def test_the_hooks_cover_the_questions_the_services_ask():
    for hook in ("next_stage", "last_round", "tie_break_order", "annuls_early_leavers", "withdraws_no_shows"):
        assert hook in HOOKS


def test_the_models_choices_are_the_registry():
    from tournaments.models import Tournament

    assert Tournament.Format.values == list(FORMATS)
    assert Tournament.Format.ROUND_ROBIN == "round_robin"
    assert Tournament.Format.DOUBLE_ELIMINATION.label == "double elimination"


def test_an_unknown_format_is_a_key_error():
    with pytest.raises(KeyError):
        get_format("ladder")


def test_a_swiss_plans_its_rounds_then_its_cut():
    swiss = get_format("swiss")
    assert swiss.next_stage(Settings(rounds=2, top_cut=4), ["swiss"]) == SWISS_STAGE
    assert swiss.next_stage(Settings(rounds=2, top_cut=4), ["swiss", "swiss"]) == ELIMINATION_STAGE
    assert swiss.next_stage(Settings(rounds=2), ["swiss", "swiss"]) is None
    assert swiss.last_round(Settings(rounds=2)) == 2
    assert swiss.last_round(Settings(rounds=2, top_cut=4)) is None
