"""A Swiss's standings count whole rounds: while a round is played, its finished tables do not
count yet. A finished table's winner still on 0 points is explained: the standings say which
round counts when."""

import pytest
from django.urls import reverse

from tests.tournaments.helpers import current_tables, make_players, play_out, register_and_start
from tournaments.services import do_create_tournament

pytestmark = pytest.mark.django_db


def _standings(client, tournament) -> str:
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    return page.split('id="standings"', 1)[1].split("</section>", 1)[0]


def test_the_standings_say_the_round_under_way_counts_once_it_has_ended(client):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Whole Rounds", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    tournament = register_and_start(tournament, make_players(4))
    first, _second = current_tables(tournament)
    play_out(first.game)
    standings = _standings(client, tournament)
    assert "Round 1 counts once all its tables have ended." in standings
    points = _columns(standings)[2]
    assert points == ["0"] * 4  # the winner has no point yet


def test_the_standings_of_a_finished_swiss_say_nothing_of_it(client):
    from tournaments.models import Tournament
    from tournaments.services import do_advance_round

    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Done", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=1
    )
    tournament = register_and_start(tournament, make_players(4))
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert "counts once" not in _standings(client, tournament)


def test_the_opponents_average_is_rounded_halves_up_as_people_round():
    # 3.625 reads "3.63", not "3.62", and 6.125 "6.13".
    from tournaments.numbers import hundredths

    assert [hundredths(value) for value in (3.625, 6.125, 2.5, 1 / 3)] == [3.63, 6.13, 2.5, 0.33]


def _columns(standings: str) -> list[list[str]]:
    import re

    body = standings.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = [re.findall(r"<td>(.*?)</td>", row) for row in body.split("</tr>") if "<td>" in row]
    return [list(column) for column in zip(*rows, strict=True)]


@pytest.mark.parametrize("format", ["swiss", "round_robin"])
def test_each_tie_break_column_writes_its_numbers_alike(client, format):
    # Not "0" beside "0.0" in one Buchholz column.
    from tournaments.services import do_advance_round

    organiser = make_players(1, "org")[0]
    extra = {"rounds": 2} if format == "swiss" else {}
    tournament = do_create_tournament(
        organiser, "Alike", "cubirds", format, seats_preferred=2, seats_min=2, seats_max=2, **extra
    )
    tournament = register_and_start(tournament, make_players(5))  # odd: someone has a bye
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    columns = _columns(_standings(client, tournament))
    tie_breaks = columns[3:6] if format == "round_robin" else columns[3:5]  # the opponents' average too
    for column in tie_breaks:
        decimals = {cell.partition(".")[2].__len__() for cell in column}
        assert len(decimals) == 1, column


def test_a_column_takes_the_decimals_its_numbers_need_in_the_readers_format():
    from django.utils import translation

    from tournaments.numbers import alike

    assert alike([0, 1.0, 2]) == ["0", "1", "2"]
    assert alike([0, 1.5, 2.0]) == ["0.0", "1.5", "2.0"]
    assert alike([1 / 3, 1.5]) == ["0.33", "1.50"]
    assert alike([1.125, 0.5]) == ["1.13", "0.50"]  # halves up, as the opponents' average rounds
    with translation.override("it"):
        assert alike([0, 1.5]) == ["0,0", "1,5"]


def test_players_level_on_points_and_every_tie_break_share_their_place_while_the_event_runs(client):
    # #68: after round 1 of a Swiss fully tied players read 3 and 4 (the page says they share a place).
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Level", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    tournament = register_and_start(tournament, make_players(4))
    standings = _standings(client, tournament)  # nothing counts yet: all four level on everything
    places, keys = _columns(standings)[0], list(zip(*_columns(standings)[2:], strict=True))
    assert len(set(keys)) == 1 and places == ["1"] * 4
