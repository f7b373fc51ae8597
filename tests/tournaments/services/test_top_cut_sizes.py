"""A Swiss top cut at tables of more than two must seat every knock-out round without a bye.

A cut of 4 at tables of 3 would seat one table of 3 and give seed 1 a bye straight to the final,
which would then need a runner-up called up from that table to be seated. So the cut must fit
the tables, and the refusal names the cuts that do. Tables of two keep any cut: a bracket's byes are the
usual way to seat a field that is not a power of two.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from games.services.errors import ActionRejected
from tests.tournaments.helpers import make_players
from tournaments.models import Tournament
from tournaments.services import do_create_tournament, do_update_tournament

pytestmark = pytest.mark.django_db

# Worked by hand (the tables' split prefers the preferred size; a round's winners, `advance` a
# table, make the next round; a fit reaches one final table with no bye on the way).
# (fewest, preferred, most, advance) -> every cut from 2 to 64 that fits.
FITTING = {
    (3, 3, 3, 1): [3, 9, 27],
    (4, 4, 4, 1): [4, 16, 64],
    (4, 4, 4, 2): [4, 8, 16, 32, 64],
    # 5-8 players need a bye or leave two to go on; 9-12 sit at three tables, 13-16 at four;
    # 17-32 leave 5 to 8 (a bye again); 33-64 sit at 9 to 16 tables.
    (3, 4, 4, 1): [3, 4, *range(9, 17), *range(33, 65)],
}


def _swiss(organiser, fewest: int, preferred: int, most: int, top_cut: int, advance: int = 1) -> Tournament:
    return do_create_tournament(
        organiser,
        "Cut",
        "cubirds",
        "swiss",
        rounds=3,
        seats_min=fewest,
        seats_preferred=preferred,
        seats_max=most,
        top_cut=top_cut,
        advance_per_table=advance,
    )


@pytest.mark.parametrize(("tables", "fits"), FITTING.items())
def test_a_top_cut_is_taken_exactly_when_every_knock_out_round_seats_everyone(tables, fits):
    organiser = make_players(1, "org")[0]
    organiser.is_staff = True  # no daily limit on creating events
    organiser.save()
    fewest, preferred, most, advance = tables
    taken = []
    for cut in range(2, 65):
        try:
            _swiss(organiser, fewest, preferred, most, cut, advance)
        except ActionRejected as refused:
            assert refused.code == "bad_options", refused.message
            continue
        taken.append(cut)
    assert taken == fits
    assert Tournament.objects.count() == len(fits)  # a refused cut created nothing


def test_the_refusal_names_the_cuts_that_fit():
    organiser = make_players(1, "org")[0]
    with pytest.raises(ActionRejected) as refused:
        _swiss(organiser, 3, 3, 3, top_cut=4)
    assert "top cut of 4" in refused.value.message
    assert "3, 9 or 27" in refused.value.message
    assert not Tournament.objects.exists()
    with translation.override("it"), pytest.raises(ActionRejected) as refused:
        _swiss(organiser, 3, 4, 4, top_cut=20)
    assert "una fase finale di 20" in refused.value.message
    assert "3, 4, 9–16 o 33–64" in refused.value.message


def test_tables_of_two_take_any_cut():
    organiser = make_players(1, "org")[0]
    organiser.is_staff = True
    organiser.save()
    assert [_swiss(organiser, 2, 2, 2, cut).top_cut for cut in (2, 3, 5, 6, 12)] == [2, 3, 5, 6, 12]


def test_several_players_may_go_on_from_each_table_of_a_swiss_top_cut():
    # Refused before with "Only a knock-out with tables of more than two can send several
    # players on", which a Swiss with a knock-out top cut read as a contradiction.
    organiser = make_players(1, "org")[0]
    tournament = _swiss(organiser, 4, 4, 4, top_cut=8, advance=2)
    assert (tournament.top_cut, tournament.advance_per_table) == (8, 2)


def test_players_going_on_from_each_table_of_a_swiss_without_a_top_cut_are_refused_saying_why():
    organiser = make_players(1, "org")[0]
    with pytest.raises(ActionRejected) as refused:
        _swiss(organiser, 4, 4, 4, top_cut=0, advance=2)
    assert "top cut" in refused.value.message
    assert not Tournament.objects.exists()


def test_an_event_made_before_the_rule_may_still_be_edited_without_touching_its_cut():
    # An event in registration with a cut of 4 at tables of 3 (made before the rule) does not
    # refuse every save, a name alone included.
    organiser = make_players(1, "org")[0]
    cup = _swiss(organiser, 3, 3, 3, top_cut=3)
    Tournament.objects.filter(pk=cup.pk).update(top_cut=4)  # as stored before the rule
    cup = do_update_tournament(cup.pk, organiser, name="Old Cup 2027")
    assert (cup.name, cup.top_cut) == ("Old Cup 2027", 4)
    with pytest.raises(ActionRejected) as refused:  # a change of the cut or the tables is checked
        do_update_tournament(cup.pk, organiser, top_cut=5)
    assert "would give byes" in refused.value.message


def test_a_cut_larger_than_the_field_is_drawn_at_the_largest_size_that_fits():
    # A cut of 9 at tables of 3 with 8 players would seat two tables and two byes (the
    # seed-1-to-the-final problem the rule is for): the knock-out takes the top 3.
    from tests.tournaments.helpers import current_tables, play_out, register_and_start
    from tournaments.services import do_advance_round

    organiser = make_players(1, "org")[0]
    cup = register_and_start(_swiss(organiser, 3, 3, 3, top_cut=9), make_players(8))
    for _round in range(3):
        for table in current_tables(cup):
            play_out(table.game)
        do_advance_round(cup.pk)
        cup.refresh_from_db()
    knock_out = cup.round_set.get(number=4)
    assert knock_out.tables.count() == 1 and not knock_out.byes.exists()
    assert len(cup.cut) == 3
    seated = {seat.user_id for seat in knock_out.tables.get().game.seats.all()}
    assert seated == set(cup.entries.filter(pk__in=cup.cut).values_list("user_id", flat=True))


def test_an_older_cut_that_does_not_fit_is_drawn_as_set_when_enough_players_remain():
    # The trimming takes the largest fitting cut only without players enough: an older event's
    # cut of 4 at tables of 3 (kept through saves) does not draw 3 with 12 players.
    from tests.tournaments.helpers import current_tables, play_out, register_and_start
    from tournaments.services import do_advance_round

    organiser = make_players(1, "org")[0]
    cup = _swiss(organiser, 3, 3, 3, top_cut=3)
    Tournament.objects.filter(pk=cup.pk).update(top_cut=4)  # stored before the rule
    cup = register_and_start(do_update_tournament(cup.pk, organiser, name="Old Cup"), make_players(12))
    for _round in range(4):
        for table in current_tables(cup):
            play_out(table.game)
        do_advance_round(cup.pk)
        cup.refresh_from_db()
    assert len(cup.cut) == 4
