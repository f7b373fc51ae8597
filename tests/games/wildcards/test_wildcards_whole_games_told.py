"""Whole Wild Cards games, played with a seeded random policy, told move by move: every entry the
engine writes into a round's log is told in words, in order, in the table's log of the latest
moves (every seat and a spectator), in the table's "This round", in the turn mail's "This round
so far" and in the round's results mail; no move is told as a bare "moved."; nobody is named
"Seat N"; and a move laid face down names no card, except a bid to its own bidder.

The words expected of each log entry are written out here from the rules (who, which animal,
which card), not taken from the presenters.
"""

from __future__ import annotations

import random
import re

import pytest

from games.bymail import render
from games.engines.wildcards import ENGINE
from games.engines.wildcards.cards import HABITAT, VALUE
from games.presenters.wildcards import mail
from tests.games.wildcards.wildcards_told import Told, public_log

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]
HABITATS = {"forest": "Forest", "mountains": "Mountains", "savannah": "Savannah", "wild": "Wild"}
SPECIES = {
    "peacock": "Peacock",
    "squirrel": "Squirrel",
    "eagle": "Eagle",
    "ibex": "Ibex",
    "lion": "Lion",
    "meerkat": "Meerkat",
}
# Every kind of entry the engine writes into a round's log (games/engines/wildcards).
KINDS = {
    "round",
    "bids",
    "eagle",
    "refill",
    "reshuffle",
    "leader",
    "swap",
    "discard",
    "tie_payment",
    "talisman_decides",
    "tie_reveal",
    "order",
    "take",
    "pass",
    "ibex",
    "talisman",
    "end",
}
SEALED = ("bid", "eagle_bid", "tie_pay", "reveal")
OWN_BID_NAMED = ("bid", "eagle_bid")
CARD_WORDS = re.compile(r"\b(Forest|Mountains|Savannah|Wild) \d|Refill")


def _label(label: str) -> str:
    """A card as the log writes it ("forest 3", "refill"), in the words a line must have."""
    if label == "refill":
        return "Refill"
    habitat, value = label.split()
    return f"{HABITATS[habitat]} {value}"


def _name(who) -> str:
    return "Leo" if who == "leo" else NAMES[int(who)]


def expected(entry: dict) -> list[str]:
    """Words one line must hold to tell this log entry."""
    kind = entry["event"]
    who = [] if entry.get("player") in (None, "supply") else [_name(entry["player"])]
    if kind == "round":
        return [f"Round {entry['round']}"]
    if kind == "bids":
        return [f"{_name(p)} ({_label(label)})" for p, label in entry["bids"].items()]
    if kind in ("eagle",):
        return [*who, _label(entry["bid"]), "Eagle"]
    if kind == "refill":
        return [*who, "refills", str(entry["drawn"])]
    if kind == "discard":
        return [*who, "discards", f"{HABITATS[HABITAT[entry['card']]]} {VALUE[entry['card']]}"]
    if kind == "swap":
        return [*who, SPECIES[entry["gave"]], SPECIES[entry["took"]]]
    if kind == "tie_payment":
        return ["Tie payments"] + [f"{_name(p)} ({total})" for p, total in entry["totals"].items()]
    if kind == "talisman_decides":
        return ["Talisman", _name(entry["holder"]), ", ".join(_name(p) for p in entry["order"])]
    if kind == "tie_reveal":
        return [*who, _label(entry["card"]) if entry["card"] else "no card"]
    if kind == "order":
        return [", ".join(_name(p) for p in entry["order"])] if entry["order"] else ["Nobody"]
    if kind == "take":
        return [*who, "takes", SPECIES[entry["species"]]]
    if kind == "pass":
        return [*who, "pile"] if entry["player"] == "leo" else [*who, "passes", f"draws {entry['drawn']}"]
    if kind == "leader":
        animal = SPECIES[entry["species"]]
        return [animal, "supply"] if entry["player"] == "supply" else [*who, animal]
    if kind == "ibex":
        return [*who, _label(entry["card"]), "Ibex"]
    if kind == "talisman":
        return [*who, "Talisman"]
    if kind == "reshuffle":
        return ["shuffled", "one card" if entry["cards"] == 1 else f"{entry['cards']} cards"]
    if kind == "end":
        return ["game ends"]
    raise AssertionError(f"a kind of log entry this test does not know: {entry}")


def assert_told_in_order(entries: list[dict], lines: list[str], where: str) -> None:
    """Each entry has a line holding its words, the lines in the entries' order."""
    at = 0
    for entry in entries:
        words = expected(entry)
        while at < len(lines) and not all(word in lines[at] for word in words):
            at += 1
        assert at < len(lines), f"{where}: {entry} ({words}) is not told in {lines}"
        at += 1


def assert_in_words(lines: list[str], where: str) -> None:
    for line in lines:
        assert line.strip(), f"{where}: an empty line"
        assert not line.endswith(" moved."), f"{where}: {line!r} does not say what the move was"
        assert "Seat " not in line and "supply takes" not in line, f"{where}: {line!r}"
        assert not re.search(r"[_{}]|\bNone\b|The table changed", line), f"{where}: {line!r} shows a raw key"
        assert not re.match(r"^\w+: [A-Z]", line), f"{where}: {line!r} reads like a move's label"


def _logged(before: dict, states: list[dict]) -> list[dict]:
    """The entries the engine wrote into the round's log in one move (across a round's end too)."""
    entries = []
    for state in states:
        if state["round"] != before["round"]:
            entries += ENGINE.view(state, None)["log"]
        else:
            entries += ENGINE.view(state, None)["log"][len(ENGINE.view(before, None)["log"]) :]
        before = state
    return entries


def play(players: int, options: dict, seed: int) -> Told:
    rng = random.Random(seed)
    told = Told(ENGINE.new_game(players, seed, ENGINE.validate_options(players, options)), NAMES[:players])
    while not ENGINE.is_over(told.state):
        seat = rng.choice(ENGINE.to_act(told.state))
        told.play(seat, rng.choice(ENGINE.legal_actions(told.state, seat)))
    return told


GAMES = [
    (3, {"edition": "2022"}, range(3)),
    (4, {"edition": "2022"}, range(2)),
    (5, {"edition": "2022"}, range(2)),
    (3, {"edition": "2020"}, range(3)),
    (4, {"edition": "2020"}, range(2)),
    (5, {"edition": "2020"}, range(1)),
    (2, {"edition": "2022", "leo": True}, range(3)),
    (3, {"edition": "2022", "leo": True}, range(2)),
    (4, {"edition": "2022", "leo": True}, range(2)),
]
KINDS_SEEN: set[str] = set()


@pytest.mark.parametrize(("players", "options", "seeds"), GAMES)
def test_every_entry_of_the_log_and_every_move_is_told_in_words(players, options, seeds):
    names = dict(enumerate(NAMES[:players]))
    for seed in seeds:
        told = play(players, options, seed)
        viewers = [None, *range(players)]
        told_moves = {viewer: told.moves(viewer) for viewer in viewers}
        state = told.start
        for index, action in enumerate(told.actions):
            states = ENGINE.apply_steps(state, action.seat, action.payload)
            entries = _logged(state, states)
            KINDS_SEEN.update(entry["event"] for entry in entries)
            for viewer in viewers:
                where = f"{players} {options} seed {seed} move {index} {action.payload} viewer {viewer}"
                lines = told_moves[viewer][index]
                assert lines, f"{where}: not told"
                assert_in_words(lines, where)
                assert_told_in_order(entries, lines, where)
                quiet = states[-1]["phase"] == state["phase"] and states[-1]["wait"] == state["wait"]
                if action.payload["type"] in SEALED and quiet:
                    if viewer == action.seat and action.payload["type"] in OWN_BID_NAMED:
                        # The bidder saw the card it laid: its own log names it (a finished
                        # game's replay tells each move so).
                        assert CARD_WORDS.search(" ".join(lines)), f"{where}: the bidder's own card is not named"
                    else:
                        assert not CARD_WORDS.search(" ".join(lines)), f"{where}: a face-down card is named: {lines}"
            # The turn mail's "This round so far", for one seat in turn.
            seat = index % players
            view = ENGINE.view(states[-1], seat)
            sections = render.board("wildcards", view, names)
            board = next(s["lines"] for s in sections if s["title"] == "This round so far")
            assert_in_words(board, f"mail board, move {index}")
            assert_told_in_order(view["log"], board, f"mail board, move {index}")
            if len(states) > 1 and not states[-1]["over"]:
                _check_round_end(state, action, states, players)
            state = states[-1]


def _check_round_end(before: dict, action, states: list[dict], players: int) -> None:
    """The round's results mail and the table as the round was cleared away tell the whole round."""
    where = f"round {before['round']}, ended by {action.payload}"
    cleared = states[1]
    log = ENGINE.view(cleared, None)["log"]
    assert mail.closing_log(before, [(action.seat, action.payload)]) == log
    names = dict(enumerate(NAMES[:players]))
    results = mail.results(ENGINE.view(states[-1], 0), names, {"log": log})[0]["lines"]
    assert_in_words(results, f"results mail, {where}")
    assert_told_in_order(log, results, f"results mail, {where}")
    if before["round"] % 3 == 1:  # the template is slow: every third round
        table = public_log(ENGINE.view(cleared, 0), NAMES[:players])
        assert_in_words(table, f"table, {where}")
        assert_told_in_order(log, table, f"table, {where}")


def test_the_games_played_here_write_every_kind_of_log_entry():
    """Run after the games above (same module): had a kind never been met, nothing checked its words."""
    if not KINDS_SEEN:
        for players, options, seeds in GAMES:
            for seed in seeds:
                told = play(players, options, seed)
                state = told.start
                for action in told.actions:
                    states = ENGINE.apply_steps(state, action.seat, action.payload)
                    KINDS_SEEN.update(entry["event"] for entry in _logged(state, states))
                    state = states[-1]
    assert KINDS_SEEN >= KINDS, KINDS - KINDS_SEEN
