"""What the page and the final mail say of a knock-out.

After a Swiss top cut the standings do not say "Ranked by points", as the top places come from
the knock-out; its rounds do not read "Round 3" like the Swiss rounds; and the final mail of a
pure knock-out does not list every player with "(0.0)" points, which a knock-out does not count.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import current_tables, make_players, play_out, register_and_start
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_create_tournament

pytestmark = pytest.mark.django_db


def _played_to_the_end(tournament: Tournament) -> Tournament:
    for _round in range(20):
        if tournament.status == Tournament.Status.FINISHED:
            return tournament
        for table in current_tables(tournament):
            play_out(table.game)
        do_advance_round(tournament.pk)
        tournament.refresh_from_db()
    raise AssertionError("the tournament did not finish")


def _section(page: str, section_id: str) -> str:
    return page.split(f'id="{section_id}"', 1)[1].split("</section>", 1)[0]


def _swiss_with_a_cut() -> Tournament:
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Cut", "emu_ranchers", "swiss", rounds=2, top_cut=4, options={"years": 1}
    )
    return _played_to_the_end(register_and_start(tournament, make_players(6)))


def test_the_standings_after_a_top_cut_say_the_knock_out_decides_the_top_places(client):
    tournament = _swiss_with_a_cut()
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    standings = _section(page, "standings")
    assert "The top cut decides the first 4 places" in standings


def test_a_swiss_without_a_cut_says_nothing_of_one(client):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(organiser, "No cut", "emu_ranchers", "swiss", rounds=2, options={"years": 1})
    tournament = _played_to_the_end(register_and_start(tournament, make_players(4)))
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "top cut" not in _section(page, "standings").lower()


def test_the_knock_out_rounds_of_a_swiss_are_named_as_its_top_cut(client):
    tournament = _swiss_with_a_cut()
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    rounds = page.split('id="rounds"', 1)[1]
    headings = [part.split("</h2>", 1)[0] for part in rounds.split("<h2>")[1:]]
    assert headings == ["Round 4 · top cut", "Round 3 · top cut", "Round 2", "Round 1"]


def _final_mail(tournament: Tournament):
    from tests.conftest import rendered
    from wildcards_site.outbox.models import OutboxMessage

    entry = tournament.entries.order_by("final_place", "pk").first()
    return rendered(OutboxMessage.objects.get(key=f"tournament-final:{tournament.pk}:{entry.user_id}")).text


def test_the_final_mail_of_a_knock_out_shows_no_points():
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(organiser, "KO", "emu_ranchers", "single", options={"years": 1})
    tournament = _played_to_the_end(register_and_start(tournament, make_players(4)))
    standings = _final_mail(tournament).split("Final standings:", 1)[1]
    assert "1. " in standings and "2. " in standings
    assert "(" not in standings.split("http", 1)[0]  # no points after the names


def test_the_final_mail_of_a_swiss_with_a_cut_says_its_points_are_the_swiss_rounds():
    tournament = _swiss_with_a_cut()
    standings = _final_mail(tournament).split("Final standings", 1)[1]
    assert standings.startswith(" (points from the Swiss rounds):")


def test_a_swiss_top_cut_at_bigger_tables_says_how_many_go_on_from_each(client):
    # A cut with two going on from each table says so on its page.
    organiser = make_players(1, "org")[0]
    cup = do_create_tournament(
        organiser,
        "Two Go On",
        "wildcards",
        "swiss",
        rounds=3,
        seats_min=4,
        seats_preferred=4,
        seats_max=4,
        top_cut=8,
        advance_per_table=2,
    )
    rules = _section(client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode(), "rules")
    assert "top 8 play a knock-out final stage, the best 2 of each table going on" in rules
    pairs = do_create_tournament(organiser, "Pairs", "emu_ranchers", "swiss", rounds=2, top_cut=4)
    rules = _section(client.get(reverse("tournaments:detail", args=[pairs.pk])).content.decode(), "rules")
    assert "top 4 play a knock-out final stage" in rules and "of each table" not in rules


def test_the_rules_name_the_cut_drawn_once_it_is_smaller_than_set(client):
    # A cut of 9 drawn at 3 (8 players left) does not read "top 9".
    organiser = make_players(1, "org")[0]
    cup = do_create_tournament(
        organiser, "Small", "cubirds", "swiss", rounds=1, seats_min=3, seats_preferred=3, seats_max=3, top_cut=9
    )
    cup = _played_to_the_end(register_and_start(cup, make_players(8)))
    assert len(cup.cut) == 3
    rules = _section(client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode(), "rules")
    assert "top 3 play a knock-out final stage" in rules and "top 9" not in rules


@pytest.mark.parametrize("mark", ["disqualified", "dropped"])
def test_the_final_mail_marks_a_player_who_left_as_the_standings_page_does(mark):
    # Walk-throughs: the final mail listed a disqualified player among the others; a Spanish one
    # read "5. Carmen" in the mail where the page listed "5. Carmen (retirada)".
    from tests.conftest import rendered
    from tournaments.services import do_disqualify, do_drop
    from wildcards_site.outbox.models import OutboxMessage

    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Clean Swiss", "cubirds", "swiss", rounds=2, seats_min=2, seats_preferred=2, seats_max=2
    )
    players = make_players(4)
    tournament = register_and_start(tournament, players)
    leaver = players[0]
    if mark == "disqualified":
        do_disqualify(tournament.pk, organiser, leaver, "Played on a second account.")
    else:
        do_drop(tournament.pk, leaver)
    tournament = _played_to_the_end(tournament)
    mail = rendered(OutboxMessage.objects.get(key=f"tournament-final:{tournament.pk}:{players[1].pk}"))
    name = leaver.profile.name
    line = next(line for line in mail.text.splitlines() if name in line)
    assert line.endswith(f"({mark})")
    assert f"{name} (" in mail.html and f"({mark})</li>" in mail.html
    marked = [line for line in mail.text.split("Final standings", 1)[1].splitlines() if f"({mark})" in line]
    assert marked == [line]
