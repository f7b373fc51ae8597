"""A Swiss round that seats players who have met before says so on the event's page, and, where
the seating found in the time a round is given is not proven the fewest, says that too with the
lower bound."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, register_and_start
from tournaments.formats.swiss import Pairing
from tournaments.models import Round
from tournaments.services import do_adjudicate_table, do_advance_round, do_create_tournament

pytestmark = pytest.mark.django_db


def _round_card(page: str, number: int) -> str:
    """The text of the round's card in the list of rounds, on one line."""
    card = page.split('<section id="rounds">', 1)[1].split(f"<h2>Round {number}", 1)[1].split("</div>", 1)[0]
    return " ".join(re.sub(r"<[^>]+>", "", card).split())


def _four_at_one_table(organiser):
    tournament = do_create_tournament(
        organiser, "Four", "cubirds", "swiss", seats_preferred=4, seats_min=4, seats_max=4, rounds=2
    )
    tournament = register_and_start(tournament, make_players(4))
    for table in current_tables(tournament):
        entries = [seat_entry for seat_entry in table.game.seats.order_by("position")]
        mapping = dict(tournament.entries.values_list("user_id", "pk"))
        do_adjudicate_table(table.pk, organiser, {mapping[s.user_id]: p for p, s in enumerate(entries, 1)}, "quick")
    do_advance_round(tournament.pk)
    return tournament


def test_a_round_that_must_repeat_says_how_many_and_that_none_could_do_better():
    # Four players at one four-player table: round 2 meets all six pairs again, whatever the seating.
    organiser = make_user("org")
    tournament = _four_at_one_table(organiser)
    second = Round.objects.get(tournament=tournament, number=2)
    assert (second.repeats, second.repeat_bound) == (6, 6)
    page = Client().get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    said = _round_card(page, 2)
    assert (
        "This round seats 6 meetings of players who have met before: every seating of this round repeats at least"
        " that many." in said
    )
    assert "Round 1" in page and "met before" not in " ".join(_round_card(page, 1).split())


def test_a_round_not_proven_the_fewest_says_so_with_its_bound(monkeypatch):
    from tournaments.services import planning

    real = planning.pair_round

    def found_in_time(*args, **kwargs):
        pairing = real(*args, **kwargs)
        return Pairing(pairing.tables, pairing.byes, repeats=pairing.repeats + 2, repeat_bound=pairing.repeats)

    organiser = make_user("org")
    monkeypatch.setattr(planning, "pair_round", found_in_time)
    tournament = _four_at_one_table(organiser)
    second = Round.objects.get(tournament=tournament, number=2)
    assert (second.repeats, second.repeat_bound) == (8, 6)
    page = Client().get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    said = _round_card(page, 2)
    assert (
        "This round seats 8 meetings of players who have met before. A seating with fewer was neither found in the"
        " time a round is given nor proven impossible: at least 6 are unavoidable." in said
    )
