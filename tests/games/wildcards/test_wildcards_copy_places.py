"""Which copy of an animal a move takes is said only where it matters.

RULES-NOTES: Leo takes the animal closest to the animal deck, so while he is still to take in
the round, two copies of a species on display are different choices, and the moves name them
("the Squirrel nearest the deck"). Without Leo, or once he has taken, copies are
interchangeable: the moves offer one per species and their labels, previews and reply commands
name the species alone.
"""

from __future__ import annotations

from django.template.loader import get_template

from games.bymail import commands, render
from games.engines.wildcards import ENGINE
from games.presenters import action_label
from games.presenters.pointing import pointing_for
from tests.engines.wildcards.scenario import bid, card_id, make_state
from tests.games.wildcards.wildcards_told import REFILL_CARD

PLACES = ("nearest the deck", "farthest from the deck", "in the middle")


def _said(state: dict, seat: int) -> list[str]:
    """Everything the seat is told of its take and swap moves: labels, previews, reply commands,
    and the names the table gives the animals on display."""
    view = ENGINE.view(state, seat)
    legal = [a for a in ENGINE.legal_actions(state, seat) if a["type"] in ("take", "swap")]
    said = [action_label(a, "wildcards", view) for a in legal]
    said += [render.phrase("wildcards", a, view) for a in legal]
    said += [entry["preview"] for entry in pointing_for("wildcards", view, legal).values()]
    context = {"view": view, "refill_card": REFILL_CARD, "seat_names": ["Ann", "Ben", "Cy"], "marks": set()}
    context["actions"] = [
        {"label": action_label(a, "wildcards", view), "pick": f"display:{a.get('animal', a.get('take'))}"}
        for a in legal
    ]
    said.append(get_template("games/table/wildcards.html").render(context))
    return said


def _two_squirrels_without_leo(edition: str) -> dict:
    # Ann bids highest and takes first; the display shows two Squirrels.
    state = make_state(
        3,
        edition,
        hands={0: ["forest 3", "forest 1", "mountains 2"], 1: ["forest 2", "wild 1"], 2: ["mountains 1", "wild 1"]},
        display=["squirrel", "squirrel"],
    )
    return bid(bid(bid(state, 0, "forest 3"), 1, "forest 2"), 2, "mountains 1")


def test_without_leo_the_copies_of_an_animal_are_not_told_apart():
    for edition in ("2020", "2022"):
        state = _two_squirrels_without_leo(edition)
        assert state["to_act"] == [0] and state["phase"] == "acquire"
        said = _said(state, 0)
        assert "Take the Squirrel" in said and "take Squirrel" in said
        assert not any(place in text for text in said for place in PLACES), said


def test_without_leo_the_reply_take_squirrel_takes_a_squirrel():
    state = _two_squirrels_without_leo("2020")
    view = ENGINE.view(state, 0)
    legal = ENGINE.legal_actions(state, 0)
    taken = commands.menu("wildcards", legal, view).match("take squirrel")
    assert taken["type"] == "take" and taken["animal"] in state["display"]


def _with_leo(display: list[str], leo_bid: str) -> dict:
    """2022, three players and Leo, who bids `leo_bid`: Ann bids Forest 3, Ben Forest 2, Cy Savannah 2."""
    state = make_state(
        3,
        "2022",
        leo=True,
        hands={0: ["forest 3", "forest 1", "mountains 2"], 1: ["forest 2", "wild 1"], 2: ["savannah 2", "wild 1"]},
        display=display,
    )
    state["leo_sealed"] = card_id({"hands": [state["deck"]]}, 0, leo_bid)
    state["deck"].remove(state["leo_sealed"])
    return bid(bid(bid(state, 0, "forest 3"), 1, "forest 2"), 2, "savannah 2")


def test_once_leo_has_taken_the_copies_are_not_told_apart():
    # Leo's Forest 4 goes first and takes the Lion, nearest the deck; Ann then sees two Squirrels.
    state = _with_leo(["lion", "squirrel", "squirrel"], "forest 4")
    assert state["to_act"] == [0] and state["order"][0] == state["leo"] and len(state["display"]) == 2
    said = _said(state, 0)
    assert "Take the Squirrel" in said
    assert not any(place in text for text in said for place in PLACES), said


def test_while_leo_is_still_to_take_the_copies_apart_are_named():
    # Leo's Mountains 1 goes last and takes what lies nearest the deck: with Squirrel, Lion,
    # Squirrel, the Squirrel Ann takes decides whether Leo gets the other Squirrel or the Lion.
    state = _with_leo(["squirrel", "lion", "squirrel"], "mountains 1")
    assert state["to_act"] == [0] and state["order"][-1] == state["leo"]
    view = ENGINE.view(state, 0)
    labels = [action_label(a, "wildcards", view) for a in ENGINE.legal_actions(state, 0) if a["type"] == "take"]
    assert "Take the Squirrel nearest the deck" in labels and "Take the Squirrel farthest from the deck" in labels


def test_while_leo_is_still_to_take_neighbouring_copies_are_one_choice_with_no_place():
    # Squirrel, Squirrel, Lion: taking either Squirrel leaves Leo the other, nearest the deck.
    state = _with_leo(["squirrel", "squirrel", "lion"], "mountains 1")
    assert state["order"][-1] == state["leo"]
    said = _said(state, 0)
    assert "Take the Squirrel" in said
    assert not any(place in text for text in said for place in PLACES), said
