"""The shared engine helpers made for speed give exactly what the plain ways give."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.base import SharedAction, copy_state, make_rng, shuffle_seeded


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 17, 32, 33, 60, 110, 1000])
def test_shuffle_seeded_puts_items_in_the_order_random_shuffle_gives(size: int) -> None:
    for seed in [0, 1, "game-7", 2**40]:
        plain = list(range(size))
        make_rng(seed, "deal", size).shuffle(plain)
        fast = list(range(size))
        shuffle_seeded(fast, seed, "deal", size)
        assert fast == plain


@settings(max_examples=300, deadline=None)
@given(size=st.integers(min_value=0, max_value=300), seed=st.integers() | st.text(max_size=12))
def test_shuffle_seeded_matches_random_shuffle_for_any_size_and_seed(size: int, seed: int | str) -> None:
    plain = [f"card-{i}" for i in range(size)]
    make_rng(seed, "reshuffle", 3).shuffle(plain)
    fast = [f"card-{i}" for i in range(size)]
    shuffle_seeded(fast, seed, "reshuffle", 3)
    assert fast == plain


def test_a_shared_action_reads_and_compares_as_a_plain_dict() -> None:
    action = SharedAction(type="play", card="red-7")
    assert action == {"type": "play", "card": "red-7"}
    assert json.loads(json.dumps(action)) == action
    assert copy_state(action) == action and type(copy_state(action)) is dict
    assert {**action, "card": "red-8"} == {"type": "play", "card": "red-8"}


@pytest.mark.parametrize(
    "change",
    [
        lambda action: action.__setitem__("card", "red-8"),
        lambda action: action.__delitem__("card"),
        lambda action: action.update(card="red-8"),
        lambda action: action.pop("card"),
        lambda action: action.popitem(),
        lambda action: action.clear(),
        lambda action: action.setdefault("extra", 1),
        lambda action: action.__ior__({"card": "red-8"}),
    ],
)
def test_a_shared_action_refuses_every_change(change) -> None:
    action = SharedAction(type="play", card="red-7")
    with pytest.raises(TypeError, match="copy an action"):
        change(action)
    assert action == {"type": "play", "card": "red-7"}


def test_a_shared_action_survives_pickle_and_deepcopy() -> None:
    action = SharedAction(type="bid", bid=3)
    for again in (pickle.loads(pickle.dumps(action)), copy.deepcopy(action), copy.copy(action)):
        assert again == action and isinstance(again, SharedAction)
        with pytest.raises(TypeError):
            again["bid"] = 4  # a copy is as read-only as the shared one
    with pytest.raises(TypeError):
        action["bid"] = 4
    assert action == {"type": "bid", "bid": 3}
    plain = dict(action)  # a plain copy is a caller's own to change
    plain["bid"] = 4
    assert plain == {"type": "bid", "bid": 4} and action["bid"] == 3


def test_shuffle_seeded_leaves_other_generators_alone() -> None:
    outside = random.Random(5)
    expected = random.Random(5).random()
    shuffle_seeded(list(range(60)), 5)
    assert outside.random() == expected


def test_shuffle_seeded_falls_back_to_random_shuffle_where_its_shortcuts_do_not_hold(monkeypatch) -> None:
    monkeypatch.setattr("games.engines.base._C_SEED_WORKS", False)
    plain = list(range(60))
    make_rng(9, "deal", 1).shuffle(plain)
    fast = list(range(60))
    shuffle_seeded(fast, 9, "deal", 1)
    assert fast == plain


def test_copy_state_copies_every_container_and_keeps_every_value() -> None:
    from games.engines import get_engine
    from games.engines.simulate import play_random_game, replay

    for name, players in [("wizard", 4), ("cubirds", 3)]:
        engine = get_engine(name)
        play = play_random_game(engine, players, 3, rng=random.Random(3))
        state = replay(engine, players, 3, play.options, play.actions[:60])  # a game under way
        copied = copy_state(state)
        assert copied == state == copy.deepcopy(state)
        originals = {id(item) for item in _containers(state)}
        assert not originals & {id(item) for item in _containers(copied)}, "a container is shared with the original"


def _containers(value) -> list:
    found = []
    if isinstance(value, dict | list):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            found += _containers(item)
    return found
