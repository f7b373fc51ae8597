"""The bench's ceiling level, which sees every hand (bench/_sees_every_hand.py): what it is dealt, where it sits."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

import bench._sees_every_hand as sees
from bench.bots import FIGURES, seeing_every_hand
from games.bots import wildcards, wizard
from games.engines import get_engine
from games.engines.simulate import play_random_game, replay

WILDCARDS = get_engine("wildcards")
WIZARD = get_engine("wizard")


def _wildcards_in_the_middle():
    options = {"edition": "2022", "leo": True}
    play = play_random_game(WILDCARDS, 2, 5, options)
    return replay(WILDCARDS, 2, 5, play.options, play.actions[: len(play.actions) // 2])


def test_it_deals_every_hand_as_it_is_and_the_piles_to_draw_anew():
    truth = _wildcards_in_the_middle()
    before = copy.deepcopy(truth)
    dealt = sees.deal_from_truth("wildcards", truth, random.Random(1))
    assert truth == before  # the piles were shuffled in a copy
    for key in ("hands", "sealed", "table", "coll", "display", "discard", "refill_in_hand"):
        assert dealt[key] == truth[key], key
    for pile in ("deck", "animal_deck", "leo_pile"):
        assert Counter(dealt[pile]) == Counter(truth[pile]), pile
    # The order still to be drawn is dealt anew, and so are later reshuffles (a fresh seed).
    assert dealt["deck"] != truth["deck"] and dealt["animal_deck"] != truth["animal_deck"]
    assert dealt["seed"] != truth["seed"]


def test_its_search_samples_from_the_real_state_and_the_samplers_come_back(monkeypatch):
    play = play_random_game(WIZARD, 4, 8)
    truth = replay(WIZARD, 4, 8, play.options, play.actions[:40])
    seat = WIZARD.to_act(truth)[0]
    dealt = []
    original = sees.deal_from_truth

    def recording(game_name, state, rng):
        dealt.append(original(game_name, state, rng))
        return dealt[-1]

    monkeypatch.setattr(sees, "deal_from_truth", recording)
    samplers = (wizard.sample, wizard.strong_sample)
    action = sees.SeesEveryHand("good").act_on_state(WIZARD, truth, seat, random.Random(2), 20)
    assert action in WIZARD.legal_actions(truth, seat)
    assert dealt and all(state["hands"] == truth["hands"] for state in dealt)
    assert (wizard.sample, wizard.strong_sample) == samplers


def test_the_samplers_come_back_when_the_search_fails(monkeypatch):
    def failing(*args, **kwargs):
        raise RuntimeError("search failed")

    monkeypatch.setattr(sees, "choose", failing)
    sampler = wildcards.sample
    with pytest.raises(RuntimeError):
        sees.SeesEveryHand("strong").act_on_state(WILDCARDS, _wildcards_in_the_middle(), 0, random.Random(0), 5)
    assert wildcards.sample is sampler


def test_each_good_or_strong_figure_gets_a_twin_on_the_same_table():
    agents = {}
    twins = seeing_every_hand(FIGURES, agents)
    searched = [f for f in FIGURES if f.cost != "fast" and f.levels[0] in ("good", "strong")]
    assert len(twins) == len(searched) > 0
    for figure, twin in zip(searched, twins, strict=True):
        assert (twin.game, twin.players, twin.options, twin.target, twin.measure) == (
            figure.game,
            figure.players,
            figure.options,
            figure.target,
            figure.measure,
        )
        assert twin.levels == (sees.level_name(figure.levels[0]), *figure.levels[1:])
        assert agents[twin.levels[0]].level == figure.levels[0]
