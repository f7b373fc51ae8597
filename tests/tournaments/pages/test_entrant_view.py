"""What an entrant sees: where their table belongs, from the table and from the home page."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players
from tests.tournaments.services.test_security import started


def test_a_table_and_the_home_page_link_back_to_the_tournament_by_round_and_table(client, db):
    organiser = make_user("org")
    players = make_players(3)
    tournament = started(organiser, players, name="Spring Cup")
    table = current_tables(tournament)[0]
    client.force_login(players[0])
    wanted = f'href="{reverse("tournaments:detail", args=[tournament.pk])}"'
    page = client.get(reverse("games:table", args=[table.game_id])).content.decode()
    assert wanted in page and "Round 1, table 1 of Spring Cup" in page
    home = client.get("/").content.decode()
    assert wanted in home and "Round 1, table 1 of Spring Cup" in home


def test_pages_name_the_game_and_speak_the_organisers_language(client, db):
    from tournaments.services import do_create_tournament, do_register

    organiser = make_user("olga", language="nl")
    tournament = do_create_tournament(
        organiser, "Emu Cup", "emu_ranchers", "single", seats_preferred=2, seats_min=2, seats_max=2
    )
    for player in make_players(2):
        do_register(tournament.pk, player)
    client.force_login(organiser)
    answer = client.post(reverse("tournaments:organise", args=[tournament.pk, "start"]), follow=True)
    page = answer.content.decode()
    assert "Het toernooi is begonnen." in page and "The tournament has started." not in page
    assert "Emu Ranchers" in page and "emu_ranchers ·" not in page
    rounds = page.split('id="rounds"')[1]
    assert "· bezig ·" in rounds and "· running ·" not in rounds


def test_an_entrant_sees_their_table_deadline_time_control_and_scoring_in_words(client, db):
    organiser = make_user("olga")
    players = make_players(3)
    tournament = started(organiser, players, name="Cup", phase_seconds=36 * 3600)
    table = current_tables(tournament)[0]
    game = table.game
    from games.engines import get_engine

    acting = game.seats.get(position=get_engine(game.engine).to_act(game.state)[0]).user
    client.force_login(acting)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    mine = page.split('id="your-table"')[1].split("</section>")[0]
    assert reverse("games:table", args=[game.pk]) in mine and "Round 1, table 1" in mine
    assert "your move, by" in mine
    # Not "Carmen, Alice" under Alice's own table: the table page says "(you)".
    names = mine.split('class="seats">')[1].split("</p>")[0]
    assert f"{acting.profile.name} (you)" in names
    assert all(f"{seat.name} (you)" not in names for seat in game.seats.exclude(user=acting))
    # "for each move" would read wrong beside the form's "A deadline per phase".
    assert "Time: 36 hours for each phase of play (a move, or a round of sealed bids)." in page
    assert "Points for each place at a table: 1. 4, 2. 2, 3. 1; a bye scores 4." in page
    client.force_login(organiser)  # not playing: no table of theirs
    assert 'id="your-table"' not in client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()


def test_a_knockout_shows_its_bracket_and_final_places_not_a_table_of_zero_buchholz(client, db):
    from tests.tournaments.helpers import play_out
    from tournaments.services import do_advance_round, do_create_tournament, do_register, do_start

    organiser = make_user("olga")
    tournament = do_create_tournament(
        organiser, "KO", "emu_ranchers", "single", seats_preferred=2, seats_min=2, seats_max=2
    )
    for player in make_players(4):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    for _round in range(2):
        for table in current_tables(tournament):
            play_out(table.game)
        do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert 'id="standings"' not in page and "Buchholz" not in page.split('id="rules"')[1].split("</section>")[1]
    places = page.split('id="final-places"')[1].split("</section>")[0]
    assert places.count("<tr>") == 4 and "1.</td>" in places
    assert "Knock-out: the winner of each table goes on" in page


def _entry_box(client, tournament) -> str:
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    return page.split('id="your-entry"')[1].split("</section>")[0]


def _emu_knockout(format: str, players: list):
    from tests.tournaments.helpers import register_and_start
    from tournaments.services import do_create_tournament

    organiser = make_user(f"olga-{format}")
    tournament = do_create_tournament(
        organiser, "Emu Cup", "emu_ranchers", format, options={"years": 1}, seats_preferred=2, seats_min=2, seats_max=2
    )
    return register_and_start(tournament, players)


def _loser(tournament, game):
    """Who lost a two-player table: the worse place, a shared place going to the better seed."""
    seeds = {entry.user_id: entry.seed for entry in tournament.entries.all()}
    seats = sorted(game.seats.all(), key=lambda seat: (seat.rank, seeds[seat.user_id]))
    return seats[-1].user


def _winner(tournament, game):
    return next(seat.user for seat in game.seats.all() if seat.user != _loser(tournament, game))


def _loser_of_the_first_table(tournament):
    from tests.tournaments.helpers import play_out

    return _loser(tournament, play_out(current_tables(tournament)[0].game))


def test_a_player_knocked_out_reads_so_and_is_not_offered_to_drop_out(client, db):
    # Out of the double knock-out after a second loss, Alice is not offered "Drop out after this
    # round", and the page says she is out.
    from tests.tournaments.helpers import play_out
    from tournaments.services import do_advance_round

    players = make_players(4)
    tournament = _emu_knockout("single", players)
    loser = _loser_of_the_first_table(tournament)
    client.force_login(loser)
    box = _entry_box(client, tournament)
    assert "You are out of the knock-out" in box and "Drop out after this round" not in box

    # In a double knock-out the first loss is not the last: the losers of round 1 meet in round 2.
    tournament = _emu_knockout("double", make_players(4, "d"))
    round_one_losers = {_loser(tournament, play_out(table.game)) for table in current_tables(tournament)}
    do_advance_round(tournament.pk)
    for loser in round_one_losers:
        client.force_login(loser)
        box = _entry_box(client, tournament)
        assert "Drop out after this round" in box and "out of the knock-out" not in box
    tables = current_tables(tournament)
    losers_table = next(t for t in tables if {seat.user for seat in t.game.seats.all()} == round_one_losers)
    game = play_out(losers_table.game)
    client.force_login(_loser(tournament, game))
    assert "You are out of the knock-out" in _entry_box(client, tournament)
    client.force_login(_winner(tournament, game))
    assert "Drop out after this round" in _entry_box(client, tournament)


def test_a_player_who_dropped_or_was_disqualified_reads_from_when_and_is_not_offered_to_drop_again(client, db):
    from tests.tournaments.services.test_security import started
    from tournaments.services import do_disqualify, do_drop

    organiser = make_user("olga")
    players = make_players(6)
    tournament = started(organiser, players, name="Cup")
    do_drop(tournament.pk, players[0])
    do_disqualify(tournament.pk, organiser, players[1], "Played on a second account.")
    client.force_login(players[0])
    box = _entry_box(client, tournament)
    assert "You have dropped out: you are not paired from round 2 on." in box
    assert "Drop out after this round" not in box
    client.force_login(players[1])
    box = _entry_box(client, tournament)
    assert "You are disqualified: you are not paired from round 2 on." in box
    assert "Drop out after this round" not in box
    client.force_login(players[2])
    assert "Drop out after this round" in _entry_box(client, tournament)


def test_while_paused_an_entrant_may_still_drop_out_and_reads_that_they_did(client, db):
    # A paused event: do_drop accepts a paused tournament, so the page offers "Drop out" and says
    # who has dropped (not looking at "running" only).
    from tests.tournaments.services.test_security import started
    from tournaments.services import do_disqualify, do_pause_tournament

    organiser = make_user("olga")
    players = make_players(6)
    tournament = started(organiser, players, name="Cup")
    do_pause_tournament(tournament.pk, organiser)
    do_disqualify(tournament.pk, organiser, players[1], "Played on a second account.")
    client.force_login(players[2])
    assert "Drop out after this round" in _entry_box(client, tournament)
    answer = client.post(reverse("tournaments:drop", args=[tournament.pk]), follow=True)
    assert "You leave after this round." in answer.content.decode()
    box = _entry_box(client, tournament)
    assert "You have dropped out: you are not paired from round 2 on." in box
    assert "Drop out after this round" not in box
    client.force_login(players[1])
    assert "You are disqualified: you are not paired from round 2 on." in _entry_box(client, tournament)


def test_drop_out_asks_for_confirmation_as_other_destructive_buttons_do(client, db):
    import re

    from tests.tournaments.services.test_security import started

    players = make_players(3)
    tournament = started(make_user("olga"), players, name="Cup")
    client.force_login(players[0])
    box = _entry_box(client, tournament)
    action = reverse("tournaments:drop", args=[tournament.pk])
    form = re.search(rf'<form[^>]*action="{action}"[^>]*>', box)
    assert form is not None
    question = "Drop out of Cup? From the next round on you are not paired again; this cannot be undone."
    assert f'data-confirm="{question}"' in form.group(0)


def test_a_paused_event_says_its_tables_go_on_with_their_clocks_running(client, db):
    # Not "Paused." alone, while entrants read "your move, by ..." beside "Status: paused": both
    # are told the tables' clocks keep running.
    from tests.tournaments.services.test_security import started

    organiser = make_user("olga")
    tournament = started(organiser, make_players(6), name="Cup")
    client.force_login(organiser)
    answer = client.post(reverse("tournaments:organise", args=[tournament.pk, "pause"]), follow=True)
    assert "The tables under way go on, their clocks running." in answer.content.decode()
    client.force_login(tournament.entries.first().user)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert 'id="paused-words"' in page and "the tables under way go on, their clocks running" in page
