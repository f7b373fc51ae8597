"""Search over sampled states: Good (determinized Monte Carlo) and Strong (ISMCTS).

Both start from the seat's view and a sampler (`game.sample(view, seat, rng)`), never
from the real state: every state they play on is a guess dealt from what the seat has
seen, with a seed of its own, so they cannot read hidden cards or future deals.
Budgets count rollouts and iterations, never time, so one rng gives one move on every
machine (a retried task makes the same move).

- `flat_monte_carlo`: each rollout samples a state, picks a first action by UCB1
  (every action once first), plays on with the game's Standard policy to the horizon
  (`game.horizon_reached`) and scores it (`game.evaluate`, 0..1). The move is the action
  with the best mean.
- `sequential_halving`: the same rollouts, but every candidate still in play is rolled
  out from the same sampled states, and the worse half is dropped round by round
  (the Good of Wizard and Emu Ranchers; Wizard's Strong).
- `ismcts`: single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012):
  one tree of actions for every seat; each iteration samples a state, descends through
  the children legal in it by UCB with availability counts, adds one node, rolls out
  with Standard and backs up each seat's own reward. The move is the most visited.
"""

from __future__ import annotations

import math
import random
from typing import Any, Protocol

from games.engines.base import Action, Engine, State


class Game(Protocol):
    """What a game's bot module gives the search (see games/bots/<game>.py)."""

    def sample(self, view: dict, seat: int, rng: random.Random) -> State: ...

    def rollout_action(self, state: State, seat: int) -> Action: ...

    def evaluate(self, state: State, seat: int, start: State) -> float: ...

    def horizon_reached(self, state: State, start: State) -> bool: ...


MAX_ROLLOUT_STEPS = 2000


def action_key(action: Action) -> str:
    return repr(sorted(action.items()))


def rollout(engine: Engine, game: Any, state: State, start: State) -> State:
    """Play Standard for every seat from `state` to the horizon; the state reached."""
    # A game may play its rollouts' own (legal) moves without the engine's checks.
    to_act, apply, policy = engine.to_act, getattr(game, "rollout_apply", engine.apply), game.rollout_action
    for _ in range(MAX_ROLLOUT_STEPS):
        if engine.is_over(state) or game.horizon_reached(state, start):
            break
        seats = to_act(state)
        if not seats:
            break
        who = seats[0]
        state = apply(state, who, policy(state, who))
    return state


def flat_monte_carlo(
    engine: Engine, game: Any, view: dict, seat: int, legal: list[Action], rng: random.Random, rollouts: int
) -> Action:
    if len(legal) == 1:
        return legal[0]
    count = [0] * len(legal)
    total = [0.0] * len(legal)
    for done in range(rollouts):
        if done < len(legal):
            index = done
        else:
            log_n = math.log(done)
            index = max(
                range(len(legal)),
                key=lambda i: (total[i] / count[i] + 0.6 * math.sqrt(log_n / count[i]), -i),
            )
        start = game.sample(view, seat, rng)
        end = rollout(engine, game, engine.apply(start, seat, legal[index]), start)
        count[index] += 1
        total[index] += game.evaluate(end, seat, start)
    best = max(range(len(legal)), key=lambda i: (total[i] / count[i] if count[i] else -1.0, -i))
    return legal[best]


def sequential_halving(
    engine: Engine, game: Any, view: dict, seat: int, legal: list[Action], rng: random.Random, rollouts: int
) -> Action:
    """Sequential halving (Karnin, Koren & Somekh 2013) over common sampled states.

    The budget is split evenly over log2(k) rounds; in each round every action still in
    play is rolled out from the same sampled states, then the worse half is dropped. The
    actions left have always been compared on the same deals, so a difference between
    them is the actions' own and not the luck of the deal (common random numbers): far
    fewer rollouts tell two close moves apart than with a fresh state for each rollout.
    Ties go to the earlier action (a game lists its Standard move first).
    """
    if len(legal) == 1:
        return legal[0]
    arms = list(range(len(legal)))
    total = [0.0] * len(legal)
    rounds = math.ceil(math.log2(len(arms)))
    spent = 0
    for done_rounds in range(rounds):
        share = (rollouts - spent) // (rounds - done_rounds)
        for _ in range(max(1, share // len(arms))):
            start = game.sample(view, seat, rng)
            for index in arms:
                end = rollout(engine, game, engine.apply(start, seat, legal[index]), start)
                total[index] += game.evaluate(end, seat, start)
                spent += 1
        # Every arm left has seen every sample so far: totals compare like with like.
        arms.sort(key=lambda i: (-total[i], i))
        arms = arms[: math.ceil(len(arms) / 2)]
    return legal[arms[0]]


class _Node:
    __slots__ = ("children", "visits", "avail", "reward", "player", "action", "blind")

    def __init__(self, player: int | None, action: Action | None):
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.player = player
        self.action = action
        # Where a seat moved while others were also to act: per other seat, per action key,
        # [visits, reward, availability] of its next move, made blind of this one (see `ismcts`).
        self.blind: dict[int, dict[str, list[float]]] = {}


def ismcts(
    engine: Engine,
    game: Any,
    view: dict,
    seat: int,
    legal: list[Action],
    rng: random.Random,
    iterations: int,
    exploration: float = 0.7,
) -> Action:
    """Single-observer ISMCTS, with the moves of a sealed wait chosen blind of each other.

    The tree takes a sealed wait's moves one after another, and a node below another seat's
    move holds statistics for that move alone: chosen there, a sealed bid would answer the
    bids it cannot see (the others would outbid exactly the bid they are searched against,
    and the searching seat, deeper down, would bid knowing theirs). So the first move of a
    seat that was already to act when another seat moved is chosen from statistics kept
    where that other move was made, one set per seat, whatever was played in between:
    decoupled UCT, as Lanctot et al. (2013) search simultaneous moves. The tree still
    branches on every move made, so what follows sees all of them, as the game then does.
    """
    if len(legal) == 1:
        return legal[0]
    root = _Node(None, None)
    root_keys = [action_key(action) for action in legal]
    seats = range(view_num_players(view))
    for _ in range(iterations):
        start = state = game.sample(view, seat, rng)
        node = root
        path = [root]
        blind: list[tuple[list[float], int]] = []
        # Seats to act, blind, since the move made at `wait_node`.
        wait_node, pending = root, set()
        first = True
        while not engine.is_over(state) and not game.horizon_reached(state, start):
            acting = engine.to_act(state)
            if not acting:
                break
            if first:
                # The searching seat moves first (in a simultaneous phase it may not be to_act[0]).
                who, actions, keys = seat, legal, root_keys
                first = False
            else:
                who = acting[0]
                actions = engine.legal_actions(state, who)
                keys = [action_key(action) for action in actions]
            if who in pending:
                pending.discard(who)
                decoupled = wait_node.blind.setdefault(who, {})
            else:
                decoupled = None
                if len(acting) > 1:
                    wait_node, pending = node, {other for other in acting if other != who}
                else:
                    pending = set()
            children = node.children
            if decoupled is not None:
                index = _blind_choice(decoupled, keys, rng, exploration)
                blind.append((decoupled[keys[index]], who))
                child = children.get(keys[index])
                state = engine.apply(state, who, actions[index])
                if child is None:
                    child = children[keys[index]] = _Node(who, actions[index])
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            untried = [i for i, key in enumerate(keys) if key not in children]
            for key in keys:
                child = children.get(key)
                if child is not None:
                    child.avail += 1
            if untried:
                index = untried[rng.randrange(len(untried))]
                child = _Node(who, actions[index])
                children[keys[index]] = child
                state = engine.apply(state, who, actions[index])
                path.append(child)
                break
            best, best_score = None, -1.0
            for i, key in enumerate(keys):
                child = children[key]
                score = child.reward / child.visits + exploration * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = i, score
            node = children[keys[best]]
            state = engine.apply(state, who, actions[best])
            path.append(node)
        end = rollout(engine, game, state, start)
        rewards = [game.evaluate(end, other, start) for other in seats]
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.player]
        for stats, who in blind:
            stats[0] += 1
            stats[1] += rewards[who]
    best_key = max(root_keys, key=lambda key: root.children[key].visits if key in root.children else -1)
    return legal[root_keys.index(best_key)]


def _blind_choice(stats: dict[str, list[float]], keys: list[str], rng: random.Random, exploration: float) -> int:
    """UCB1 with availability counts over one seat's statistics for a wait: a move never tried first."""
    untried = []
    for i, key in enumerate(keys):
        entry = stats.get(key)
        if entry is None or not entry[0]:
            untried.append(i)
            stats.setdefault(key, [0, 0.0, 1])
        else:
            entry[2] += 1
    if untried:
        return untried[rng.randrange(len(untried))]
    best, best_score = 0, -1.0
    for i, key in enumerate(keys):
        visits, reward, avail = stats[key]
        score = reward / visits + exploration * math.sqrt(math.log(avail) / visits)
        if score > best_score:
            best, best_score = i, score
    return best


def view_num_players(view: dict) -> int:
    if "num_players" in view:
        return view["num_players"]
    if "hand_sizes" in view:  # Emu Ranchers
        return len(view["hand_sizes"])
    return len(view["players"])
