"""The Emu Ranchers table shows each bird's worth while the year runs, and at the end of a
year a score sheet and every bird's score."""

import random
import re

import pytest
from django.template.loader import get_template

from games.engines import get_engine
from games.presenters.emu_ranchers.table import bird_worth
from tests.engines.emu_ranchers.helpers import after_a_take_from_the_discard_pile

ENGINE = get_engine("emu_ranchers")


def render(view: dict) -> str:
    html = get_template("games/table/emu_ranchers.html").render(
        {"view": view, "seat_names": ["Ann", "Bo"], "actions": []}
    )
    return re.sub(r"\s+", " ", html)


def test_each_bird_shows_what_it_would_score_now():
    state, rng = ENGINE.new_game(2, "emu-worth"), random.Random(3)
    for _ in range(12):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    view = ENGINE.view(state, 0)
    birds = [bird for ranch in view["ranches"] for bird in ranch]
    assert birds
    html = render(view)
    assert html.count("worth ") >= len(birds)
    for bird in birds:
        assert f"worth {bird_worth(bird):+d} now" in html


def test_the_end_of_a_year_shows_the_score_sheet_and_every_birds_score():
    state, rng = ENGINE.new_game(2, "emu-end", {"years": 1}), random.Random(5)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    view = ENGINE.view(state, 0)
    html = render(view)
    assert "Score sheet" in html and "Year 1 bird by bird" in html
    for seat, ranch in enumerate(view["history"][-1]["seats"]):
        assert f"{['Ann', 'Bo'][seat]}: {ranch['score']:+d}" in html
        for bird in ranch["birds"]:
            assert f"scored {bird['score']:+d}" in html


@pytest.mark.parametrize("language", ["en", "nl"])
def test_it_marks_a_crown_alike_on_the_table_and_in_the_mail(language):
    from django.utils import translation

    from games.presenters.emu_ranchers import mail as emu_mail
    from games.templatetags.plain_cards import decktet_card

    crown = {"id": "huntress", "name": "The Huntress", "kind": "crown", "rank": 10, "suits": ["moons"]}
    with translation.override(language):
        table, mail = decktet_card(crown), emu_mail.card(crown)
    assert table["corner"] in mail.split() and "10" not in mail
    assert table["caption"]  # a Crown has a name of its own, shown under the mark


def test_the_table_shows_the_card_the_other_took_from_the_discard_pile_and_nothing_else_of_its_hand():
    state = after_a_take_from_the_discard_pile()
    html = render(ENGINE.view(state, 0))
    assert "In hand, taken from the discard pile: The Market" in html
    for hidden in ("painter", "savage"):
        assert hidden not in html.lower()
    # The taker's own table does not repeat it: the card is in the hand shown below.
    assert "taken from the discard pile" not in render(ENGINE.view(state, 1))


def test_the_mail_shows_the_card_the_other_took_from_the_discard_pile():
    from games.presenters.emu_ranchers import mail as emu_mail

    state = after_a_take_from_the_discard_pile()
    sections = emu_mail.board(ENGINE.view(state, 0), {0: "Ann", 1: "Bo"})
    lines = [line for section in sections for line in section["lines"]]
    assert any(line.startswith("In hand, taken from the discard pile: The Market") for line in lines), lines
    assert not any("Painter" in line or "Savage" in line for line in lines)


def test_a_score_of_one_reads_one_point_so_far():
    # Not "1 points so far".
    state = ENGINE.new_game(2, "emu-one")
    state = {**state, "scores": [1, 7]}
    html = render(ENGINE.view(state, 0))
    assert "1 point so far" in html and "1 points so far" not in html and "7 points so far" in html
