"""Recorded games replay to the very same states: speed work on the engines changes no outcome.

`tests/engines/fixtures/recorded_games.json` holds games played before the engines were made
faster: seed, options, the action log (random legal actions, and the `auto_action` policy) and a
digest of every state along the way. Replaying a log must give the same digests; playing with the
same random numbers must choose the same actions (so the order of `legal_actions` and the
`auto_action` policy are unchanged too). Record again only for a deliberate rule change:
`python -m tests.engines.test_recorded_games` (it rewrites the file).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from games.engines import get_engine
from games.engines.simulate import play_random_game

FIXTURE = Path(__file__).parent / "fixtures" / "recorded_games.json"

# (engine, players, options, seed, policy, initial-state changes)
GAMES = [
    ("wizard", 4, {}, 11, "random", {}),
    ("wizard", 4, {}, 12, "auto", {}),
    ("wizard", 3, {"dark_wizard": True, "bid_sum_restriction": True}, 13, "random", {}),
    ("wizard", 3, {"bid_sum_restriction": True}, 14, "auto", {}),
    ("wizard", 5, {"blind_bids": True, "clairvoyance": True}, 15, "random", {}),
    ("wizard", 4, {"monocolor": True}, 16, "random", {}),
    ("wizard", 2, {}, 17, "random", {}),
    ("wizard", 6, {"hidden_bids": True}, "seed-18", "random", {}),
    ("cubirds", 2, {}, 21, "random", {}),
    ("cubirds", 3, {}, 22, "random", {}),
    ("cubirds", 4, {}, 23, "random", {}),
    ("cubirds", 4, {}, 24, "auto", {}),
    ("cubirds", 5, {}, "seed-25", "random", {}),
    ("cubirds", 2, {}, 26, "auto", {}),
    # Games stored before rules 2 have no "rules" key and replay under rules 1.
    ("cubirds", 3, {}, 27, "random", {"rules": None}),
    ("cubirds", 2, {}, 28, "auto", {"rules": None}),
    # The two other games, each edition, Leo and the extended Decktet.
    ("wildcards", 3, {"edition": "2022"}, 31, "random", {}),
    ("wildcards", 3, {"edition": "2020", "three_player_removal": "random"}, 32, "random", {}),
    ("wildcards", 2, {"edition": "2022", "leo": True}, 33, "random", {}),
    ("wildcards", 4, {"edition": "2022", "leo": True}, 34, "auto", {}),
    ("wildcards", 5, {"edition": "2020"}, "seed-35", "random", {}),
    ("emu_ranchers", 2, {}, 41, "random", {}),
    ("emu_ranchers", 2, {}, 42, "auto", {}),
    ("emu_ranchers", 2, {"excuse": True, "pawns": True, "courts": True}, 43, "random", {}),
    ("emu_ranchers", 2, {"excuse": True, "pawns": True, "courts": True, "years": 1}, "seed-44", "auto", {}),
]


def digest(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:12]


def initial_state(engine, record: dict) -> dict:
    state = engine.new_game(record["players"], record["seed"], record["options"])
    for key, value in record["changes"].items():
        if value is None:
            del state[key]
        else:
            state[key] = value
    return state


def choose_actions(engine, record: dict) -> list:
    """The actions `play_random_game`'s policy takes from `initial_state` with Random(seed)."""
    if not record["changes"]:
        rng = random.Random(record["seed"])
        play = play_random_game(
            engine, record["players"], record["seed"], record["options"], rng, policy=record["policy"]
        )
        return [[seat, action] for seat, action in play.actions]
    # A changed start (rules 1): the same picks as play_random_game, from the changed state.
    rng = random.Random(record["seed"])
    state = initial_state(engine, record)
    actions = []
    while not engine.is_over(state):
        seat = rng.choice(engine.to_act(state))
        if record["policy"] == "auto":
            action = engine.auto_action(state, seat)
        else:
            action = rng.choice(engine.legal_actions(state, seat))
        actions.append([seat, action])
        state = engine.apply(state, seat, action)
    return actions


def record_games() -> list[dict]:
    records = []
    for name, players, options, seed, policy, changes in GAMES:
        engine = get_engine(name)
        record = {
            "engine": name,
            "players": players,
            "options": options,
            "seed": seed,
            "policy": policy,
            "changes": changes,
        }
        record["actions"] = choose_actions(engine, record)
        state = initial_state(engine, record)
        digests = [digest(state)]
        for seat, action in record["actions"]:
            state = engine.apply(state, seat, action)
            digests.append(digest(state))
        record["digests"] = digests
        record["result"] = engine.result(state)
        records.append(record)
    return records


def _load() -> list[dict]:
    # Missing only while recording; the coverage test below then fails.
    return json.loads(FIXTURE.read_text()) if FIXTURE.exists() else []


def _label(record: dict) -> str:
    return f"{record['engine']}-{record['players']}p-{record['seed']}-{record['policy']}"


@pytest.mark.parametrize("record", _load(), ids=_label)
def test_it_replays_recorded_games_to_the_same_states(record: dict) -> None:
    engine = get_engine(record["engine"])
    state = initial_state(engine, record)
    assert digest(state) == record["digests"][0], "the first state changed"
    for step, (seat, action) in enumerate(record["actions"], start=1):
        before, previous = json.dumps(state, sort_keys=True), state
        state = engine.apply(state, seat, action)
        assert json.dumps(previous, sort_keys=True) == before, f"action {step} changed the state it was applied to"
        assert digest(state) == record["digests"][step], f"state after action {step} ({seat}, {action}) changed"
    assert engine.is_over(state)
    assert engine.result(state) == record["result"]


@pytest.mark.parametrize("record", _load(), ids=_label)
def test_it_chooses_the_recorded_actions_with_the_same_random_numbers(record: dict) -> None:
    engine = get_engine(record["engine"])
    assert choose_actions(engine, record) == record["actions"]


def test_the_recording_covers_every_game_listed() -> None:
    assert [_label(record) for record in json.loads(FIXTURE.read_text())] == [
        _label({"engine": name, "players": players, "seed": seed, "policy": policy})
        for name, players, _options, seed, policy, _changes in GAMES
    ]


if __name__ == "__main__":
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(record_games(), separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE}")
