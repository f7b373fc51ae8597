"""Our engines beside the public peers, side by side in one process: random games per second.

    python -m bench engine_peers --wizard-game DIR --cubirds DIR [--repeats 15] [--batch 0.4]

DIR is a checkout of each peer's public repository, kept outside this repository and never
committed or vendored (a clone, or `git archive` of a mirror, into a temporary directory):

- simulatedScience/wizard-game, default branch (measured at ffa6741). It needs numpy; its
  `colored_text` (colour printing through `colored` and matplotlib) is replaced by a plain
  stand-in, as no timed game prints.
- NunoMCSilva/CuBirds, branch `dev` (measured at 7f9b90a; its `main` holds only a README).

Either may be left out. What is timed, per game, on one core:

- Wizard, 4 players: ours is `play_random_game` (a uniformly random legal action at every
  decision, through `legal_actions` and `apply`, which checks every action and never changes its
  input). The peer is driven here as its `Wizard_Auto_Play.play_game` drives it (the same calls
  in the same order: its module imports tkinter and matplotlib), `Uniform_Random_Ai` on every
  seat, one `Game_State` mutated in place, no action checked.
- CuBirds, 4 and 2 players: ours through `play_random_game`; the peer is its own `main` loop,
  ``game.play(choice(list(game.get_legal_moves())))`` until `is_endgame()`. A peer game that
  raises (its draw pile can run dry while refilling a row) counts as a game at the time it took:
  that favours the peer.
- Wizard's trick winner alone: `trick_winner` against the peer's `score_trick` on the same
  1,000 random 4-card tricks.

Timing is interleaved: each repeat runs a batch of ours, then a batch of the peer's (the order
alternating), each about `--batch` seconds of this process's CPU time (the machine is shared: wall
time would count the other processes' turns), and the figure is the median of the repeats. The
ratio is ours over the peer's (above 1.0: ours is faster): the median of each repeat's own ratio,
with its quartiles. Games differ in length between engines (other rule readings), so actions per
second are printed beside games per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path

from games.engines import get_engine
from games.engines.simulate import play_random_game

# One batch: plays games from `first` for about `seconds`; returns (games, actions, seconds).
Batch = Callable[[int, float], tuple[int, int, float]]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench engine_peers")
    parser.add_argument("--wizard-game", type=Path, help="checkout of simulatedScience/wizard-game")
    parser.add_argument("--cubirds", type=Path, help="checkout of NunoMCSilva/CuBirds (branch dev)")
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--batch", type=float, default=0.4, help="seconds per batch")
    parser.add_argument(
        "--instructions", type=int, default=0, help="games a side to count instructions of (bench/_instructions.py)"
    )
    args = parser.parse_args(argv)
    if not args.wizard_game and not args.cubirds:
        print("Give --wizard-game DIR and/or --cubirds DIR (checkouts of the peers); see this module's docstring.")
    if args.wizard_game:
        peer = _WizardPeer(args.wizard_game)
        _compare("wizard 4p random games", _ours("wizard", 4), peer.games, args)
        _count_instructions("wizard4", args)
        _compare("  the contract's floor beside the peer", _floor(_WizardFloor()), peer.games, args)
        _compare("wizard trick winner, 1,000 tricks", *_trick_winners(peer), args)
    if args.cubirds:
        peer = _CubirdsPeer(args.cubirds)
        for players in (4, 2):
            peer.played = peer.raised = 0
            _compare(f"cubirds {players}p random games", _ours("cubirds", players), peer.games(players), args)
            print(f"  (the peer raised in {peer.raised} of its {peer.played} games; they count as games)")
            _count_instructions(f"cubirds{players}", args)


def _count_instructions(game: str, args: argparse.Namespace) -> None:
    """Instructions a game of each side (bench/_instructions.py), with --instructions N."""
    from bench import _instructions  # noqa: PLC0415 (only with the option)

    if not args.instructions:
        return
    if not _instructions.available():
        print("  instructions: valgrind is not on the PATH")
        return
    peers = {"wizard-game": args.wizard_game, "cubirds": args.cubirds}
    peers = {name: path for name, path in peers.items() if path}
    ours = _instructions.per_game(f"{game}-ours", args.instructions, peers)
    theirs = _instructions.per_game(f"{game}-peer", args.instructions, peers)
    print(
        f"  instructions a game: ours {ours / 1e6:.2f} M, peer {theirs / 1e6:.2f} M; "
        f"peer/ours {theirs / ours:.3f} (callgrind, PYTHONHASHSEED=0, {args.instructions} games a side)"
    )
    sys.stdout.flush()


def _compare(label: str, ours: Batch, theirs: Batch, args: argparse.Namespace) -> None:
    """Interleaved batches, medians of games/s and actions/s, and the ratio ours/theirs.

    The ratio is the median of each repeat's own ratio (its two batches ran one after the
    other), not the ratio of the two medians: a shared machine's speed drifts between repeats
    by more than the engines differ (two runs of the latter, minutes apart, gave 0.87 and
    1.07), and a pair of adjacent batches sees nearly the same machine. The quartiles of those
    ratios are printed beside it.
    """
    ours_rates: list[tuple[float, float]] = []
    their_rates: list[tuple[float, float]] = []
    first = 0
    for repeat in range(args.repeats):
        pair = [(ours, ours_rates), (theirs, their_rates)]
        for batch, rates in pair if repeat % 2 == 0 else pair[::-1]:
            games, actions, elapsed = batch(first, args.batch)
            rates.append((games / elapsed, actions / elapsed))
        first += 100_000
    ours_games = statistics.median(rate[0] for rate in ours_rates)
    their_games = statistics.median(rate[0] for rate in their_rates)
    ours_actions = statistics.median(rate[1] for rate in ours_rates)
    their_actions = statistics.median(rate[1] for rate in their_rates)
    ratios = [mine[0] / peer[0] for mine, peer in zip(ours_rates, their_rates, strict=True)]
    low, middle, high = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else (ratios[0],) * 3
    print(
        f"{label}: ours {ours_games:.0f}/s ({ours_actions:.0f} actions/s), "
        f"peer {their_games:.0f}/s ({their_actions:.0f} actions/s); "
        f"ratio {statistics.median(ratios):.2f}, quartiles {low:.2f}-{high:.2f} "
        f"(medians of {args.repeats} paired batches of {args.batch} s)"
    )
    sys.stdout.flush()


def _timed(play_one: Callable[[int], int]) -> Batch:
    """A batch from a function that plays game number `n` and returns its number of actions."""

    def batch(first: int, seconds: float) -> tuple[int, int, float]:
        games = actions = 0
        started = time.process_time()
        while True:
            actions += play_one(first + games)
            games += 1
            elapsed = time.process_time() - started
            if elapsed >= seconds:
                return games, actions, elapsed

    return batch


def _ours(name: str, players: int) -> Batch:
    return _timed(ours_game(name, players))


def ours_game(name: str, players: int) -> Callable[[int], int]:
    """Our random game number `n` (play_random_game); returns its number of actions."""
    engine = get_engine(name)
    options = engine.validate_options(players, None)
    rng = random.Random(1)
    return lambda n: len(play_random_game(engine, players, n, options, rng).actions)


def _floor(engine: object) -> Batch:
    rng = random.Random(1)
    return _timed(lambda n: len(play_random_game(engine, 4, n, None, rng).actions))


class _WizardPeer:
    def __init__(self, root: Path):
        sys.path.insert(0, str(root))
        # Its colored_text imports `colored` and matplotlib only to print cards in colour, which
        # no timed game does: a plain stand-in keeps the benchmark free of both.
        plain = types.ModuleType("program_files.colored_text")
        plain.colored_text = lambda text, color: text  # type: ignore[attr-defined]
        sys.modules.setdefault("program_files.colored_text", plain)
        import numpy as np
        from program_files.game_state import Game_State
        from program_files.helper_functions import get_hands
        from program_files.scoring_functions import score_trick
        from program_files.wizard_ais.uniform_random_ai import Uniform_Random_Ai
        from program_files.wizard_card import Wizard_Card

        self.np, self.Game_State, self.get_hands = np, Game_State, get_hands
        self.score_trick, self.Wizard_Card = score_trick, Wizard_Card
        self.ai = Uniform_Random_Ai()
        self.games = _timed(self.play_game)

    def play_game(self, n: int, n_players: int = 4) -> int:
        """`Wizard_Auto_Play.play_game` with `max_rounds=20`, Uniform_Random_Ai on every seat."""
        np, ai = self.np, self.ai
        np.random.seed(n % 2**32)
        random.seed(n)
        actions = 0
        game = self.Game_State(n_players=n_players, verbosity=0)
        for round_nbr in range(1, min(20, 60 // n_players) + 1):
            hands, trump_card = self.get_hands(game.n_players, round_nbr)
            if trump_card is None:
                trump_color = -1
            elif trump_card.value != 14:
                trump_color = trump_card.color
            else:
                trump_color = ai.get_trump_color_choice(
                    hands=hands, active_player=game.round_starting_player, game_state=game
                )
                actions += 1
            game.start_round(hands, trump_card, trump_color)
            predictions = np.zeros(game.n_players, dtype=np.int8)
            player_index = game.round_starting_player
            for _ in range(n_players):
                predictions[player_index] = ai.get_prediction(player_index=player_index, game_state=game)
                player_index = (player_index + 1) % game.n_players
                actions += 1
            game.set_predictions(predictions)
            while game.tricks_to_be_played > 0:
                game.start_trick()
                for _ in range(game.n_players):
                    game.perform_action(ai.get_trick_action(game_state=game))
                    actions += 1
        return actions


def _trick_winners(peer: _WizardPeer) -> tuple[Batch, Batch]:
    """Both trick rules on the same random tricks (card i of the peer is our DECK card of the same kind)."""
    from games.engines.wizard.cards import DECK, SUITS
    from games.engines.wizard.rules import trick_winner

    # The peer's card k: colour k // 15, value k % 15 (0 a Jester, 14 a Wizard, else the rank).
    def ours_card(k: int) -> str:
        value, colour = k % 15, k // 15
        if value == 0:
            return f"jester-{colour + 1}"
        if value == 14:
            return f"wizard-{colour + 1}"
        return f"{SUITS[colour]}-{value}"

    assert sorted(ours_card(k) for k in range(60)) == sorted(DECK)
    rng = random.Random(1)
    ours, theirs = [], []
    for _ in range(1000):
        cards = rng.sample(range(60), 4)
        colour = rng.choice([0, 1, None])
        ours.append(([[seat, ours_card(k)] for seat, k in enumerate(cards)], None if colour is None else SUITS[colour]))
        theirs.append(([peer.Wizard_Card(k) for k in cards], -1 if colour is None else colour))
    # Both rules agree on every trick (the peer knows no variants).
    assert [trick_winner(t, trump) for t, trump in ours] == [peer.score_trick(t, trump) for t, trump in theirs]

    def ours_once(_n: int) -> int:
        for trick, trump in ours:
            trick_winner(trick, trump)
        return len(ours)

    def theirs_once(_n: int) -> int:
        score_trick = peer.score_trick
        for trick, trump in theirs:
            score_trick(trick, trump)
        return len(theirs)

    return _timed(ours_once), _timed(theirs_once)


class _CubirdsPeer:
    def __init__(self, root: Path):
        sys.path.insert(0, str(root))
        import logging

        from cubirds import Game

        # Its module sets the root logger to INFO at import; its debug lines stay off as it meant.
        logging.getLogger().setLevel(logging.INFO)
        self.Game = Game
        self.played = self.raised = 0

    def games(self, players: int) -> Batch:
        return _timed(self.game(players))

    def game(self, players: int) -> Callable[[int], int]:
        """The peer's random game number `n`; returns its number of actions."""

        def play_one(n: int) -> int:
            random.seed(n)
            game = self.Game(players)
            actions = 0
            self.played += 1
            try:
                while not game.is_endgame():
                    game.play(random.choice(list(game.get_legal_moves())))
                    actions += 1
            except (IndexError, ValueError, NotImplementedError):
                self.raised += 1
            return actions

        return play_one


class _WizardFloor:
    """What the engine contract alone costs for a 4-player Wizard game, rules left out.

    The same decisions (15 rounds, 4 bids and hand-size tricks of 4 cards each), driven by the
    same `play_random_game`: a deal is `shuffle_seeded` of 60 cards and 4 sorted hands; a menu is
    the hand (or the bids) as shared actions; `apply` checks nothing and copies what a play
    changes (the 24-key state, the hands list, the hand, the trick). No trick winner, no led suit,
    no scoring. Our engine cannot be faster than this; the peer mutates one object in place and
    checks nothing, so it pays none of it.
    """

    name = "wizard-floor"

    def __init__(self) -> None:
        from games.engines.wizard import actions
        from games.engines.wizard.cards import DECK, sort_hand

        self.deck, self.sort_hand = DECK, sort_hand
        self.play_actions, self.bids = actions.PLAY, actions.BIDS
        real = get_engine("wizard").new_game(4, 0)
        self.padding = {key: value for key, value in real.items() if key not in _FLOOR_KEYS}

    def validate_options(self, num_players: int, options: dict | None) -> dict:
        return {}

    def new_game(self, num_players: int, seed: int, options: dict | None = None) -> dict:
        state = {**self.padding, "seed": seed, "bids": [None] * 4, "played": [], "trick": [], "phase": "bid"}
        return self._deal(state, 1)

    def _deal(self, state: dict, round_number: int) -> dict:
        from games.engines.base import shuffle_seeded

        stock = list(self.deck)
        shuffle_seeded(stock, state["seed"], "deal", round_number)
        hands = [self.sort_hand(stock[i * round_number : (i + 1) * round_number]) for i in range(4)]
        state.update(round=round_number, hands=hands, bids=[None] * 4, turn=0, phase="bid", trick=[], left=round_number)
        return state

    def to_act(self, state: dict) -> list[int]:
        return [state["turn"]] if state["phase"] != "over" else []

    def is_over(self, state: dict) -> bool:
        return state["phase"] == "over"

    def legal_actions(self, state: dict, seat: int) -> list:
        if state["phase"] == "bid":
            return list(self.bids[: state["round"] + 1])
        return [self.play_actions[card] for card in state["hands"][seat]]

    def apply(self, state: dict, seat: int, action: dict) -> dict:
        new = state.copy()
        if state["phase"] == "bid":
            new["bids"] = bids = state["bids"].copy()
            bids[seat] = action["bid"]
            new["turn"] = (seat + 1) % 4
            if seat == 3:
                new["phase"] = "play"
            return new
        new["hands"] = hands = state["hands"].copy()
        hands[seat] = hand = hands[seat].copy()
        hand.remove(action["card"])
        new["trick"] = trick = [*state["trick"], [seat, action["card"]]]
        new["turn"] = (seat + 1) % 4
        if len(trick) == 4:
            new["trick"] = []
            new["left"] -= 1
            if not new["left"]:
                if state["round"] == 15:
                    new["phase"] = "over"
                else:
                    self._deal(new, state["round"] + 1)
        return new


# Keys the floor sets itself; the rest of a real Wizard state pads it to the real size.
_FLOOR_KEYS = ("seed", "bids", "played", "trick", "phase", "round", "hands", "turn")
