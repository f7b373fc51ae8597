"""What the tournament page calls people and rules: a disqualified
player does not read "(dropped)" in the standings; the bracket does not draw a finalist
disqualified during the final as its winner while the final places name the other finalist
champion; a double elimination's rules do not say the winner of each table goes on and the
others are out."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournaments.helpers import current_tables, make_players, play_out, register_and_start
from tournaments.services import do_adjudicate_table, do_advance_round, do_create_tournament, do_disqualify, do_drop

pytestmark = pytest.mark.django_db


def _page(client, tournament) -> str:
    return client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()


def _standings_row(page: str, name: str) -> str:
    section = page[page.index('id="standings"') :]
    return next(row for row in section.split("<tr>") if f"<td>{name}" in row)


def test_the_standings_call_a_disqualified_player_disqualified_and_a_dropped_one_dropped(client):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Labels", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    players = make_players(4)
    tournament = register_and_start(tournament, players)
    entries = dict(tournament.entries.values_list("user_id", "pk"))
    for table in current_tables(tournament):
        seated = [entries[seat.user_id] for seat in table.game.seats.order_by("position")]
        do_adjudicate_table(table.pk, organiser, {p: place for place, p in enumerate(seated, 1)}, "quick")
    do_disqualify(tournament.pk, organiser, players[0], "Played on a second account.")
    do_drop(tournament.pk, players[1])
    page = _page(client, tournament)
    cheat = _standings_row(page, "P0")
    assert "(disqualified)" in cheat and "(dropped" not in cheat
    leaver = _standings_row(page, "P1")
    assert "(dropped out)" in leaver and "(disqualified)" not in leaver
    assert "(dropped" not in _standings_row(page, "P2") and "(disqualified)" not in _standings_row(page, "P2")


def _bracket_winners(page: str) -> list[str]:
    return re.findall(r'class="winner">([^<]*)</text>', page)


def test_the_bracket_crowns_the_champion_of_the_final_places_not_a_disqualified_finalist(client):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(organiser, "Final", "emu_ranchers", "single", options={"years": 1})
    players = make_players(2)
    tournament = register_and_start(tournament, players)
    (final,) = current_tables(tournament)
    play_out(final.game)
    winner = final.game.seats.filter(rank=1).first().user  # the first of two who tied, if they did
    loser = next(player for player in players if player != winner)
    do_disqualify(tournament.pk, organiser, winner, "Played on a second account.")
    do_advance_round(tournament.pk)
    page = _page(client, tournament)
    places = page[page.index('id="final-places"') :]
    assert re.search(rf"<td>1\.</td><td>{loser.profile.name}</td>", places)
    # The card of final places says why the finalist who won the table is last, as the mail does
    # (not "10. Alice", with nothing said).
    assert re.search(rf"<td>2\.</td><td>{winner.profile.name} \(disqualified\)</td>", places)
    bracket = page[page.index('id="bracket"') :]
    seed = {player.pk: number for number, player in enumerate(players, 1)}  # registered in seed order
    assert _bracket_winners(bracket) == [f"{seed[loser.pk]}. {loser.profile.name}"]
    assert f"{seed[winner.pk]}. {winner.profile.name} (disqualified)" in bracket


def test_a_double_elimination_says_how_it_eliminates(client):
    organiser = make_players(1, "org")[0]
    double = do_create_tournament(organiser, "Twice", "emu_ranchers", "double")
    rules = _page(client, double)
    rules = rules[rules.index('id="scoring"') :]
    rules = rules[: rules.index("</p>")]
    assert "a first loss sends a player to the losers' bracket, a second puts them out" in rules.replace("&#x27;", "'")
    assert "the others are out" not in rules
    single = do_create_tournament(organiser, "Once", "emu_ranchers", "single")
    rules = _page(client, single)
    assert "Knock-out: the winner of each table goes on; the others are out." in rules


def test_a_table_s_state_agrees_with_the_word_table_in_italian():
    # Not "Tavolo 1 · finita", the game's word ("partita finita") beside a table.
    from django.utils import translation

    from tournaments.pages.presenters import _table
    from tournaments.services.results import PlayedTable

    names = {1: "Ann", 2: "Ben"}
    for status, words in (("finished", "finito"), ("abandoned", "abbandonato"), ("cancelled", "annullato")):
        table = PlayedTable(1, "", 7, status, {1: 1, 2: 2})
        with translation.override("it"):
            assert _table(table, names)["status_label"] == words
        assert _table(table, names)["status_label"] == status
