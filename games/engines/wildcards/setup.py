"""Options and the game setup (both editions)."""

from __future__ import annotations

from games.engines.base import IllegalOptions, gettext_noop, make_rng

from .cards import (
    ANIMAL_SPECIES,
    ANIMALS_REMOVED,
    HAND_SIZE,
    LEO_PILE_SIZE,
    NUM_ANIMALS,
    NUM_HABITAT_CARDS,
    REFILL,
    SPECIES,
    THREE_PLAYER_RANDOM_AFTER_SPECIES,
)
from .rounds import start_round
from .state import shuffle

DEFAULT_OPTIONS = {"edition": "2022", "leo": False, "three_player_removal": "one_per_species"}
EDITIONS = ("2020", "2022")
REMOVALS = ("one_per_species", "random")


def validate_options(num_players: int, options: dict | None) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalOptions(gettext_noop("Options must be a dictionary."))
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise IllegalOptions(gettext_noop("Unknown option(s): %(unknown)s."), unknown=", ".join(map(str, unknown)))
    if type(num_players) is not int or not 2 <= num_players <= 5:
        raise IllegalOptions(gettext_noop("Wild Cards is played by 2 to 5 players (2 only with Leo)."))
    edition = options.get("edition", DEFAULT_OPTIONS["edition"])
    if edition not in EDITIONS:
        raise IllegalOptions(gettext_noop("The edition must be '2020' or '2022'."))
    leo = options.get("leo", num_players == 2 and edition == "2022")
    if type(leo) is not bool:
        raise IllegalOptions(gettext_noop("The option 'leo' must be true or false."))
    removal = options.get("three_player_removal", DEFAULT_OPTIONS["three_player_removal"])
    if removal not in REMOVALS:
        raise IllegalOptions(gettext_noop("The 3-player removal must be 'one_per_species' or 'random'."))
    if leo and edition != "2022":
        raise IllegalOptions(gettext_noop("The virtual player Leo exists only in the 2022 edition."))
    if leo and num_players > 4:
        raise IllegalOptions(gettext_noop("Leo joins games of 2 to 4 players."))
    if num_players == 2 and not leo:
        raise IllegalOptions(gettext_noop("A 2-player game needs the virtual player Leo (2022 edition)."))
    return {"edition": edition, "leo": leo, "three_player_removal": removal}


def new_game(num_players: int, seed: int | str, options: dict | None = None) -> dict:
    options = validate_options(num_players, options)
    parts = num_players + (1 if options["leo"] else 0)  # Leo is set up as one more player
    rng = make_rng(seed, "setup")
    animals = list(range(NUM_ANIMALS))
    shuffle(rng, animals)
    removed = ANIMALS_REMOVED[parts]
    out: list[int] = []
    if parts == 3 and options["three_player_removal"] == "one_per_species":
        # The rulebooks' suggestion: one of every species, then the rest at random.
        for species in range(len(SPECIES)):
            animal = next(a for a in animals if ANIMAL_SPECIES[a] == species)
            animals.remove(animal)
            out.append(animal)
        removed = THREE_PLAYER_RANDOM_AFTER_SPECIES
    out.extend(animals.pop() for _ in range(removed))
    display = [animals.pop() for _ in range(parts - 1)]
    deck = list(range(NUM_HABITAT_CARDS))
    shuffle(rng, deck)
    hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(num_players)]
    leo_pile = []
    if options["leo"]:
        leo_pile = [deck.pop() for _ in range(LEO_PILE_SIZE)] + [REFILL]
        shuffle(rng, leo_pile)
    state = {
        "num_players": num_players,
        "seed": seed,
        "options": options,
        "leo": num_players if options["leo"] else None,
        "parts": parts,
        "round": 0,
        "phase": "setup",
        "wait": 0,
        "over": False,
        "to_act": [],
        "deck": deck,
        "discard": [],
        "hands": hands,
        "refill_in_hand": [True] * num_players,
        "sealed": None,
        "leo_sealed": None,
        "bids": [None] * parts,
        "shown": [None] * parts,
        "table": [[] for _ in range(parts)],
        "face_down": [False] * parts,
        "animal_deck": animals,
        "display": display,
        "out": out,
        "coll": [[[] for _ in SPECIES] for _ in range(parts)],
        "leaders": [-1] * len(SPECIES),
        "tokens": [0] * num_players,
        "talisman": rng.randrange(num_players) if options["edition"] == "2022" else None,
        "talisman_used": False,
        "leo_pile": leo_pile,
        "groups": None,
        "order": [],
        "turn": -1,
        "taking": None,
        "reveal": None,
        "tie_pile": [],
        "known": [[] for _ in range(num_players)],
        "shuffles": 0,
        "log": [],
        "final": None,
    }
    start_round(state)
    return state
