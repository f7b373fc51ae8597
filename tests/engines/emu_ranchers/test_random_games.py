"""Random full games through the shared contract checks, plus Emu Ranchers' own invariants."""

import json
from collections import Counter

import pytest

from games.engines.emu_ranchers import ENGINE
from games.engines.emu_ranchers.birds import is_valid_bird, score_bird
from games.engines.emu_ranchers.cards import HAND_SIZE, deck_for
from tests.engines.contract import check_random_games

OPTION_SETS = [
    {},
    {"excuse": True, "pawns": True},
    {"excuse": True, "courts": True},
    {"excuse": True, "pawns": True, "courts": True},
    {"pawns": True, "courts": True, "first_player": 1},
]

JUNK = [
    {"type": "hatch", "card": "no-such-card", "draw": "deck"},
    {"type": "hatch", "card": ["sailor"], "draw": "deck"},
    {"type": "grow", "card": "sailor", "bird": -1, "draw": "deck"},
    {"type": "grow", "card": "sailor", "bird": True, "draw": "deck"},
    {"type": "grow", "card": "sailor", "bird": "0", "draw": "deck"},
    {"type": "grow", "card": "sailor", "bird": 99},
    {"type": "discard", "card": "excuse", "draw": "discard"},
    {"type": "discard"},
    {"type": "done", "card": "sailor"},
    {"type": 3},
]


def invariant(state: dict) -> None:
    cards = [*state["deck"], *state["discard"], *(card for hand in state["hands"] for card in hand)]
    cards += [card for ranch in state["ranches"] for bird in ranch for card in bird]
    assert Counter(cards) == Counter(deck_for(state["options"])), "cards were lost or duplicated"
    for ranch in state["ranches"]:
        for bird in ranch:
            assert is_valid_bird(bird), f"invalid bird {bird}"
    for seat in (0, 1):
        assert set(state["taken"][seat]) <= set(state["hands"][seat]), "a card shown as taken is not in that hand"
    if state["phase"] == "play":
        assert [len(hand) for hand in state["hands"]] == [HAND_SIZE, HAND_SIZE]
        assert state["deck"], "the year goes on after the last card was drawn"
    else:
        assert not state["deck"]
    finished = state["options"]["years"] if state["phase"] == "over" else state["year"] - 1
    assert len(state["history"]) == finished
    firsts = [year["first_player"] for year in state["history"]]
    assert all(a != b for a, b in zip(firsts, firsts[1:], strict=False)), "the first player must alternate"
    assert state["scores"] == [sum(year["seats"][s]["score"] for year in state["history"]) for s in (0, 1)]
    if state["phase"] != "over":
        return  # the history is checked once, at the end: it never changes afterwards
    for year in state["history"]:
        for ranch in year["seats"]:
            for bird in ranch["birds"]:
                assert bird["score"] == score_bird(bird["cards"])["score"]
                assert (sum(b["score"] for b in ranch["birds"] if not b["excused"])) == ranch["score"]


def leak_check(state: dict, seat: int | None, view: dict) -> None:
    # Past years are public and reuse this year's card ids, so only the current table is scanned;
    # without the options (whose key "excuse" is also a card id), a quoted id can only be a card.
    text = json.dumps({key: value for key, value in view.items() if key not in ("history", "options")})
    hidden = set(state["deck"]) | set(state["discard"][:-1])
    for other in (0, 1):
        if other != seat:
            # A card the other took from the discard pile was seen taken: it is public.
            hidden |= set(state["hands"][other]) - set(state["taken"][other])
    leaked = {card for card in hidden if f'"{card}"' in text}
    assert not leaked, f"seat {seat} sees hidden cards {leaked}"
    assert "seed" not in view


def option_id(options: dict) -> str:
    return "-".join(sorted(options)) or "basic"


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_id)
def test_random_one_year_games_keep_every_rule(options):
    # Every 6th step gets the costly checks (purity, JSON, junk actions, views); invariants run at every step.
    checked = check_random_games(
        ENGINE,
        2,
        {**options, "years": 1},
        seeds=range(150),
        invariant=invariant,
        leak_check=leak_check,
        junk_actions=JUNK,
        deep_every=6,
    )
    assert checked > 150 * 20


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_id)
def test_many_random_one_year_games_keep_the_invariants(options):
    # The bulk of the games: invariants at every step, the costly checks on the first step only.
    seeds = range(10_000, 10_300)
    checked = check_random_games(ENGINE, 2, {**options, "years": 1}, seeds=seeds, invariant=invariant, deep_every=10**9)
    assert checked > 300 * 20


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_id)
def test_random_four_year_games_keep_every_rule(options):
    checked = check_random_games(
        ENGINE,
        2,
        options,
        seeds=range(1000, 1010),
        invariant=invariant,
        leak_check=leak_check,
        junk_actions=JUNK,
        deep_every=4,
    )
    assert checked > 10 * 80


def test_games_played_by_auto_action_finish_and_stay_valid():
    checked = 0
    for seed in range(60):
        state = ENGINE.new_game(2, seed, OPTION_SETS[seed % len(OPTION_SETS)])
        while not ENGINE.is_over(state):
            invariant(state)
            seat = ENGINE.to_act(state)[seed % len(ENGINE.to_act(state))]
            action = ENGINE.auto_action(state, seat)
            assert action in ENGINE.legal_actions(state, seat)
            state = ENGINE.apply(state, seat, action)
            checked += 1
        invariant(state)
    assert checked > 60 * 40
