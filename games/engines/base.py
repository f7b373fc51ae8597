"""The contract every game engine keeps, and small helpers they share.

Engines are pure Python: no Django import, no I/O, no global randomness.
A game is `new_game(num_players, seed, options)` plus the list of actions
applied to it; state, actions and views are plain JSON-serialisable data.
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from typing import Any, Protocol, runtime_checkable

State = dict[str, Any]
Action = dict[str, Any]


def gettext_noop(message: str) -> str:
    """`message` itself: marks an English template for translation without translating it.

    Engines never import Django, so they cannot translate; Django's makemessages still finds
    every `gettext_noop("...")` in them by this name and puts it in the catalogs, and the site
    translates it when it shows the refusal (`games.services.refusals.refusal_text`).
    """
    return message


class Refusal(ValueError):
    """A refusal players read: an English template and the values it names.

    `IllegalAction(gettext_noop("You do not hold %(card)s."), card=card)`: `str()` is the English
    with the values filled in; the site translates `.template` and fills in `.params`. A template
    with no params is used as it is (a "%" in it needs no escaping then). A value that is a word
    players read (a suit) is given as `word("red")`: the site translates it too.
    """

    def __init__(self, template: str, /, **params: object) -> None:
        english = {name: value["template"] if _is_word(value) else value for name, value in params.items()}
        super().__init__(template % english if params else template)
        self.template = template
        self.params = params


def word(message: str) -> dict:
    """A refusal's value that is itself a word to translate (a msgid the catalogs hold)."""
    return {"template": message}


def _is_word(value: object) -> bool:
    return isinstance(value, dict) and "template" in value


class IllegalAction(Refusal):
    """An action the rules do not allow now. The message is shown to players."""


class IllegalOptions(Refusal):
    """Options that do not describe a playable game. The message is shown to players."""


def answers_ahead(engine: object) -> bool:
    """Whether the engine lets players answer ahead (its optional `ahead_cases` and `ahead_facts`)."""
    return hasattr(engine, "ahead_cases") and hasattr(engine, "ahead_facts")


def hands_over_rounds(engine: object) -> bool:
    """Whether a delegate may take one round's card play (its optional `round_key` and `card_play`)."""
    return hasattr(engine, "round_key") and hasattr(engine, "card_play")


@runtime_checkable
class Engine(Protocol):
    """What `games.engines.get_engine(name)` returns.

    Seats are numbered 0..num_players-1. Automatic participants that no
    person plays (Leo in Wild Cards) are not seats: the engine moves them
    itself, so no seat ever waits for them.

    Optional: `forced_action(state, seat) -> Action | None`, the seat's only
    legal action when everyone at the table can tell it is the only one (the
    last card of a Wizard round), else None. The site makes it at once. It must
    read nothing hidden from the others: a move forced only by the seat's own
    hidden cards is not forced, since making it at once would tell them.

    Optional, for answers ahead (`games.services.ahead`), both or neither:
    `ahead_cases(state, seat) -> [{"phase": str, "case": str, "moves": [Action]}]`, what the
    seat may answer now for a later call of its own: a phase names one call, a case what will
    then be public; the moves name only what the seat sees. `ahead_facts(state, seat) ->
    (phase, [case, ...]) | None`, for a seat called now: its phase and the cases that hold,
    the most particular first (an answer for the first whose move is legal is played).
    And, optionally, `ahead_stale(state, seat, case) -> Refusal | None`: for a called seat's answer
    whose case no longer holds, why (what it named has changed), to tell its owner; and
    `ahead_move(state, seat, action) -> Action`: the move a stored answer makes when it is played
    (the same animal or card kind, when the very card it named is gone but another is as good).

    Optional, for a delegate of one round's card play (`games.services.delegate`), both or
    neither: `round_key(state) -> str`, the round now ("r3"); `card_play(state, seat) -> bool`,
    whether what the seat is asked now is a card of that play (not a bid).
    """

    name: str
    min_players: int
    max_players: int
    default_options: dict[str, Any]

    def validate_options(self, num_players: int, options: dict | None) -> dict:
        """Return the complete options (defaults filled in) or raise IllegalOptions."""

    def new_game(self, num_players: int, seed: int | str, options: dict | None = None) -> State:
        """The state before the first action. Every state has "num_players"."""

    def to_act(self, state: State) -> list[int]:
        """Seats that must act now; several in a simultaneous (sealed) phase."""

    def phase_key(self, state: State) -> str:
        """A string that changes whenever a new wait begins (a new phase or turn).

        The site opens a new deadline when this changes; while it stays the
        same, the seats left in `to_act` are still answering the same call.
        """

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """The seat's legal actions now.

        An engine may share these dicts between calls (Wild Cards builds
        them once): copy an action before changing it.
        """

    def apply(self, state: State, seat: int, action: Action) -> State:
        """Return the new state; never mutate `state`; raise IllegalAction."""

    def auto_action(self, state: State, seat: int) -> Action:
        """The legal action taken for `seat` when a deadline passes (also the simple bot)."""

    def view(self, state: State, seat: int | None) -> dict:
        """What `seat` may see; `None` is a spectator. Never contains hidden cards."""

    def is_over(self, state: State) -> bool: ...

    def result(self, state: State) -> list[dict]:
        """[{"seat", "score", "rank"}], rank 1 wins, equal ranks for shared places."""


def make_rng(seed: int | str, *salt: object) -> random.Random:
    """A generator that gives the same numbers on every machine and Python.

    Seeding with a string uses SHA-512 of its bytes (random's version 2),
    so `make_rng(seed, "reshuffle", 3)` is stable and independent of other
    draws. Store the counters you salt with in the state, never the
    generator.
    """
    return random.Random(":".join(str(part) for part in (seed, *salt)))


def shuffle_seeded(items: list, seed: int | str, *salt: object) -> None:
    """`make_rng(seed, *salt).shuffle(items)`: the same order, card for card, in less time.

    Every deal and reshuffle of a game goes through here. Two things are saved, neither of which
    changes a number drawn:
    - the generator: `make_rng` seeds twice (the C constructor with the string's hash, then
      `Random.seed` with its SHA-512, in Python); this seeds once, straight to the C seed with
      the very integer `Random.seed` computes, on one generator per thread that never leaves
      this function;
    - the draws: `Random.shuffle` makes two Python calls per card (`_randbelow_with_getrandbits`:
      k = n.bit_length() bits, drawn again until below n); this draws the same bits inline, with
      each step's k computed once per deck size.
    tests/engines/test_base_helpers.py compares both ways over sizes and seeds.
    """
    size = len(items)
    if size < 2:
        return
    if not _C_SEED_WORKS:
        make_rng(seed, *salt).shuffle(items)
        return
    rng = _generator()
    text = ":".join(str(part) for part in (seed, *salt)).encode()
    _c_seed(rng, int.from_bytes(text + hashlib.sha512(text).digest()))
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS.get(size) or _shuffle_steps(size):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """(position, choices, bits) for each swap of a shuffle of `size` items, as Random.shuffle."""
    steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    _SHUFFLE_STEPS[size] = steps
    return steps


def _generator() -> random.Random:
    """This thread's generator for shuffle_seeded (reseeded at every use)."""
    try:
        return _THREAD.rng
    except AttributeError:
        _THREAD.rng = random.Random(0)
        return _THREAD.rng


def _c_seed_works() -> bool:
    """Whether seeding C-level with Random.seed's integer gives Random.seed's generator here."""
    try:
        probe = random.Random(0)
        text = b"probe:1"
        _c_seed(probe, int.from_bytes(text + hashlib.sha512(text).digest()))
        reference = random.Random("probe:1")
        return [probe.getrandbits(32) for _ in range(3)] == [reference.getrandbits(32) for _ in range(3)]
    except TypeError:
        return False


_c_seed = getattr(random.Random.__mro__[1], "seed", None)  # _random.Random.seed, the C one
_THREAD = threading.local()
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
_C_SEED_WORKS = _c_seed_works()


class SharedAction(dict):
    """An action an engine builds once and hands out from `legal_actions` again and again.

    A plain dict for reading, comparing and JSON; changing it raises TypeError, because the same
    object is every later menu's action too (copy it first: `dict(action)`).
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("engines share their legal actions: copy an action before changing it")

    __setitem__ = __delitem__ = __ior__ = _refuse  # type: ignore[assignment]
    update = pop = popitem = clear = setdefault = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        # Pickle and deepcopy would rebuild it key by key through __setitem__.
        return (SharedAction, (dict(self),))


def copy_state(state: State) -> State:
    """A deep copy of plain JSON data, several times faster than copy.deepcopy.

    Search needs none (`apply` never changes its input); this is for callers that edit.
    """
    return _copy(state)


def _copy(value: Any) -> Any:
    # Leaves (strings, numbers, None) are kept without a call each: most of a state is leaves.
    if isinstance(value, dict):
        return {key: _copy(item) if isinstance(item, _CONTAINERS) else item for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) if isinstance(item, _CONTAINERS) else item for item in value]
    return value


_CONTAINERS = (dict, list)


def json_round_trip(value: Any) -> Any:
    """What `value` becomes after being stored as JSON: the test of serialisability."""
    return json.loads(json.dumps(value, sort_keys=True))


def shared_ranks(scores: list[tuple[int, tuple]]) -> list[dict]:
    """Rank seats by a sort key, highest first; equal keys share a rank.

    `scores` is [(seat, key)], where key is a tuple such as (score, animals)
    and the first element of the key is reported as the score.
    """
    ordered = sorted(scores, key=lambda pair: pair[1], reverse=True)
    result = []
    for position, (seat, key) in enumerate(ordered):
        if position and key == ordered[position - 1][1]:
            rank = result[-1]["rank"]
        else:
            rank = position + 1
        result.append({"seat": seat, "score": key[0], "rank": rank})
    return sorted(result, key=lambda row: row["seat"])


def complete_options(options: object, defaults: dict[str, Any]) -> dict[str, Any]:
    """The defaults overlaid with `options`; IllegalOptions for a non-mapping or an unknown name.

    Checking each value is the engine's job; this is the part every engine shares.
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalOptions(gettext_noop("Options must be a mapping of option names to values."))
    unknown = sorted(str(name) for name in options if name not in defaults)
    if unknown:
        raise IllegalOptions(
            gettext_noop("Unknown option(s): %(unknown)s. Known: %(known)s."),
            unknown=", ".join(unknown),
            known=", ".join(defaults),
        )
    return {**defaults, **options}
