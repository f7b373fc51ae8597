"""RULES-NOTES: Leo takes the animal closest to the animal deck, so with Leo still to take,
each copy of a species on display whose choice changes what he takes is a move of its own."""

from __future__ import annotations

import random

from games.engines.wildcards import ENGINE
from games.engines.wildcards.cards import ANIMAL_SPECIES


def _states(options: dict, phase: str, games: int = 60):
    """Every state of some random games in which a seat must act in `phase`."""
    for seed in range(games):
        rng = random.Random(seed)
        state = ENGINE.new_game(4 if options.get("leo") else 3, seed, options)  # 4 + Leo: 4 animals shown
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            if state["phase"] == phase:
                yield state, seat
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


def _leo_takes_next(state: dict) -> bool:
    return state["leo"] in state["order"][state["turn"] + 1 :]


def _species_left(display: list[int]) -> list[int]:
    return [ANIMAL_SPECIES[animal] for animal in display]


def test_it_offers_each_copy_whose_choice_changes_what_leo_takes():
    found = 0
    for state, seat in _states({"edition": "2022", "leo": True}, "acquire"):
        display = state["display"]
        taken = [action["animal"] for action in ENGINE.legal_actions(state, seat) if action["type"] == "take"]
        if _leo_takes_next(state):
            # One move per distinct display left behind: none missing, none repeated.
            outcomes = {}
            for index, animal in enumerate(display):
                outcomes.setdefault(tuple(_species_left(display[:index] + display[index + 1 :])), animal)
            assert sorted(tuple(_species_left([a for a in display if a != animal])) for animal in taken) == sorted(
                outcomes
            )
            species = _species_left(display)
            found += len(taken) > len(set(species))
        else:
            assert len(taken) == len({ANIMAL_SPECIES[animal] for animal in display})
    assert found, "no state with two copies apart on display was met"


def test_it_offers_a_meerkat_swap_for_every_copy_when_leo_plays():
    found = 0
    for state, seat in _states({"edition": "2022", "leo": True}, "swap", games=300):
        swaps = [action for action in ENGINE.legal_actions(state, seat) if action["type"] == "swap"]
        takes = {action["take"] for action in swaps}
        owned = [s for s, animals in enumerate(state["coll"][seat]) if animals]
        expected = {a for a in state["display"] if any(s != ANIMAL_SPECIES[a] for s in owned)}
        assert takes == expected
        found += len(takes) > len({ANIMAL_SPECIES[a] for a in takes})
    assert found, "no swap with two copies on display was met"


def test_it_offers_one_copy_per_species_without_leo():
    for state, seat in _states({"edition": "2022"}, "acquire", games=20):
        taken = [action["animal"] for action in ENGINE.legal_actions(state, seat) if action["type"] == "take"]
        assert len(taken) == len({ANIMAL_SPECIES[animal] for animal in state["display"]})


def _two_copies_apart():
    for state, seat in _states({"edition": "2022", "leo": True}, "acquire"):
        takes = [a for a in ENGINE.legal_actions(state, seat) if a["type"] == "take"]
        if _leo_takes_next(state) and len(takes) > len({ANIMAL_SPECIES[a["animal"]] for a in takes}):
            return state, seat
    raise AssertionError("no state with two copies apart on display")


def test_the_page_labels_and_reply_commands_name_each_copy():
    from django.utils import translation

    from games.bymail import commands, render
    from games.presenters import action_label

    state, seat = _two_copies_apart()
    view = ENGINE.view(state, seat)
    legal = ENGINE.legal_actions(state, seat)
    takes = [a for a in legal if a["type"] == "take"]
    labels = [action_label(a, "wildcards", view) for a in takes]
    assert len(set(labels)) == len(labels)
    assert any("nearest the deck" in label for label in labels)
    assert any("farthest from the deck" in label for label in labels)
    menu = commands.menu("wildcards", legal, view)
    with translation.override("it"):
        for action in takes:
            assert menu.match(render.phrase("wildcards", action, view)) == action
