"""Places in words in the four languages, and a result's points with the right plural."""

import pytest
from django.template import Context, Template
from django.utils import translation

from games.templatetags.places import ordinal

ENGLISH = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 10: "10th", 11: "11th", 12: "12th", 13: "13th", 21: "21st"}
ENGLISH |= {22: "22nd", 23: "23rd", 101: "101st", 111: "111th", 112: "112th"}


@pytest.mark.parametrize(("number", "words"), sorted(ENGLISH.items()))
def test_english_places_follow_the_teens_rule(number, words):
    with translation.override("en"):
        assert ordinal(number) == words


@pytest.mark.parametrize(
    ("language", "first", "twelfth"), [("it", "1º", "12º"), ("es", "1.º", "12.º"), ("nl", "1e", "12e")]
)
def test_places_are_written_as_each_language_writes_them(language, first, twelfth):
    with translation.override(language):
        assert ordinal(1) == first and ordinal(12) == twelfth and ordinal(23) == twelfth.replace("12", "23")


def test_a_result_says_point_for_one_and_points_otherwise():
    template = Template('{% include "history/_result.html" %}')
    seat = type("Seat", (), {"game": type("Game", (), {"engine": "wizard"})})
    for score, words in [(1, "1st, 1 point"), (0, "1st, 0 points"), (-84, "1st, -84 points"), (42, "1st, 42 points")]:
        seat.rank, seat.score = 1, score
        with translation.override("en"):
            assert template.render(Context({"seat": seat})) == words
    seat.rank, seat.score = 2, 1
    with translation.override("it"):
        assert template.render(Context({"seat": seat})) == "2º, 1 punto"
    seat.score = 5
    with translation.override("nl"):
        assert template.render(Context({"seat": seat})) == "2e, 5 punten"
