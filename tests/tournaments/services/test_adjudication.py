"""Organisers adjudicate a table: its places or a forfeit, with a reason, logged and mailed, only
before the next round is made; an abandoned knock-out final waits for that decision (issue 28)."""

import html

import pytest
from django.urls import reverse

from games.bymail.preferences import do_set_preferences
from games.models import Game, GameEvent, Seat
from games.services.errors import ActionRejected
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, play_out, record_own_moves, register_and_start
from tournaments.models import Table, Tournament
from tournaments.services import (
    do_adjudicate_table,
    do_advance_round,
    do_create_tournament,
    do_drop,
)
from tournaments.services.results import played_rounds, swiss_standings
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return make_players(1, "org")[0]


def nobody_played(game: Game) -> None:
    """Every seat timed out: bots took them all and the game was abandoned."""
    game.seats.update(kind=Seat.Kind.BOT, status=Seat.Status.LEFT)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)


def entries_at(tournament, table) -> list[int]:
    """The entry ids at a table, in seat order."""
    users = [seat.user_id for seat in table.game.seats.order_by("position")]
    by_user = dict(tournament.entries.values_list("user_id", "pk"))
    return [by_user[user] for user in users]


@pytest.fixture
def swiss(organiser):
    tournament = do_create_tournament(
        organiser, "Adjudicated", "wildcards", "swiss", seats_preferred=4, seats_min=4, seats_max=4, rounds=2
    )
    return register_and_start(tournament, make_players(8))


def test_an_organiser_sets_the_places_of_a_table_nobody_played(swiss, organiser):
    first, second = current_tables(swiss)
    nobody_played(first.game)
    a, b, c, d = entries_at(swiss, first)
    do_adjudicate_table(first.pk, organiser, {a: 2, b: 1, c: 3, d: None}, "  The server lost the game.  ")
    rounds = played_rounds(swiss)
    assert rounds[0].tables[0].ranks == {a: 2, b: 1, c: 3, d: None} and rounds[0].tables[0].adjudicated
    play_out(second.game)
    points = {row.player: row.points for row in swiss_standings(swiss, list(swiss.entries.all()), played_rounds(swiss))}
    # 4/2/1/0 by place; the forfeit scores nothing.
    assert (points[b], points[a], points[c], points[d]) == (4, 2, 1, 0)
    event = GameEvent.objects.get(game=first.game, kind=GameEvent.Kind.ADJUDICATED)
    assert event.actor == organiser and event.detail["reason"] == "The server lost the game."
    assert [row["rank"] for row in event.detail["result"]] == [1, 2, 3, None]


def test_the_players_of_the_table_are_mailed_the_decision_in_their_language(swiss, organiser):
    first, _second = current_tables(swiss)
    italian = first.game.seats.order_by("position").first().user
    type(italian.profile).objects.filter(user=italian).update(language="it")
    nobody_played(first.game)
    ids = entries_at(swiss, first)
    do_adjudicate_table(first.pk, organiser, dict(zip(ids, [1, 2, 3, 4], strict=True)), "Abandoned by the site")
    mails = OutboxMessage.objects.filter(key__startswith="table-adjudicated:")
    seated = {seat.user.email: seat.user for seat in first.game.seats.select_related("user__profile")}
    assert sorted(mail.to for mail in mails) == sorted(seated)
    for mail in mails:
        assert "Abandoned by the site" in mail.text and "Adjudicated" in mail.subject
        names = [seat.user.profile.name for seat in first.game.seats.order_by("position")]
        assert f"1. {names[0]}" in mail.text
        if mail.to == italian.email:
            assert "organizzatori" in mail.subject and "Motivo" in mail.text
        else:
            assert "organisers" in mail.subject and "Reason" in mail.text


def test_the_mail_follows_each_players_choice_of_game_over_mail(swiss, organiser):
    """An adjudication is the table's result: players who turned off "Game over" mail get none."""
    first, _second = current_tables(swiss)
    quiet, *others = [seat.user for seat in first.game.seats.order_by("position")]
    do_set_preferences(quiet, {"game-over": False})
    nobody_played(first.game)
    ids = entries_at(swiss, first)
    do_adjudicate_table(first.pk, organiser, dict(zip(ids, [1, 2, 3, 4], strict=True)), "Abandoned by the site")
    mails = OutboxMessage.objects.filter(key__startswith="table-adjudicated:")
    assert sorted(mail.to for mail in mails) == sorted(user.email for user in others)
    # Each turns its kind off in one click, as every other mail does.
    for mail in mails:
        assert "/mail/unsubscribe/" in mail.text and "/mail/unsubscribe/" in mail.html
        assert mail.headers["List-Unsubscribe"].startswith("<") and "List-Unsubscribe-Post" in mail.headers
        assert mail.headers["X-Wildcards-Event"] == "table-adjudicated"  # not the game-over mail's kind
    # The decision stands for everyone, mailed or not.
    assert GameEvent.objects.filter(game=first.game, kind=GameEvent.Kind.ADJUDICATED).count() == 1


def test_the_decision_is_in_the_organisers_log(swiss, organiser, client):
    first, _second = current_tables(swiss)
    ids = entries_at(swiss, first)
    do_adjudicate_table(first.pk, organiser, dict.fromkeys(ids), "Nobody showed up")
    page = client.get(f"/tournaments/{swiss.pk}/").content.decode()
    log = page.split('id="table-log"')[1].split("</section>")[0]
    assert "Nobody showed up" in log and "forfeits" in log
    client.force_login(first.game.seats.first().user)
    table_page = client.get(reverse("games:table", args=[first.game_id])).content.decode()
    assert "Nobody showed up" in table_page  # the table's own log tells it too


def test_adjudicating_a_stalled_table_stops_its_game(swiss, organiser):
    first, _second = current_tables(swiss)
    assert first.game.status == Game.Status.RUNNING
    a, b, c, d = entries_at(swiss, first)
    do_adjudicate_table(first.pk, organiser, {a: 1, b: 1, c: 4, d: 3}, "Stuck for a week")
    first.game.refresh_from_db()
    assert first.game.status == Game.Status.ABANDONED
    assert not first.game.deadlines.filter(closed_at__isnull=True).exists()
    # A shared first place, then 4th and 3rd: already a ranking, kept as given.
    assert played_rounds(swiss)[0].tables[0].ranks == {a: 1, b: 1, c: 4, d: 3}


def test_the_organisers_box_names_an_adjudicated_table_as_the_rounds_list_does(swiss, organiser, client):
    # The round says "result set by the organisers", so the organiser's own box does not say
    # "Table 1 · abandoned", as if the decision had not been taken.
    first, _second = current_tables(swiss)
    a, b, c, d = entries_at(swiss, first)
    do_adjudicate_table(first.pk, organiser, {a: 1, b: 2, c: 3, d: 4}, "Stuck for a week")
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode()
    box = page.split('id="adjudicate"', 1)[1].split("</div>", 1)[0]
    summary = box.split("<summary>", 1)[1].split("</summary>", 1)[0]
    assert summary == "Table 1 · result set by the organisers", summary


def test_places_are_normalised_to_a_ranking():
    from tournaments.services.adjudication import competition_ranks

    assert competition_ranks({1: 1, 2: 3, 3: 3, 4: None}) == {1: 1, 2: 2, 3: 2, 4: None}
    assert competition_ranks({1: 2, 2: 2}) == {1: 1, 2: 1}


def test_an_adjudication_of_the_current_round_replaces_a_result_already_played(swiss, organiser):
    first, _second = current_tables(swiss)
    play_out(first.game)
    ids = entries_at(swiss, first)
    do_adjudicate_table(first.pk, organiser, dict(zip(ids, [4, 3, 2, 1], strict=True)), "Collusion")
    assert played_rounds(swiss)[0].tables[0].ranks == dict(zip(ids, [4, 3, 2, 1], strict=True))
    first.game.refresh_from_db()
    assert first.game.status == Game.Status.FINISHED  # the game's own record stays as played


def test_it_is_refused_once_the_next_round_is_made_and_nothing_changes(swiss, organiser):
    first, second = current_tables(swiss)
    play_out(first.game)
    play_out(second.game)
    do_advance_round(swiss.pk)
    swiss.refresh_from_db()
    assert swiss.current_round == 2
    before = played_rounds(swiss)[0].tables[0].ranks
    ids = entries_at(swiss, first)
    with pytest.raises(ActionRejected, match="next round has been made"):
        do_adjudicate_table(first.pk, organiser, dict(zip(ids, [4, 3, 2, 1], strict=True)), "Too late")
    assert played_rounds(swiss)[0].tables[0].ranks == before
    assert not GameEvent.objects.filter(kind=GameEvent.Kind.ADJUDICATED).exists()
    assert not OutboxMessage.objects.filter(key__startswith="table-adjudicated:").exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("no_reason", "reason"),
        ("long_reason", "reason"),
        ("place_too_high", "from 1 to 4"),
        ("missing_player", "every player"),
        ("stranger", "every player"),
        ("not_a_number", "whole number"),
        ("not_an_organiser", "organisers"),
    ],
)
def test_bad_input_gets_a_clear_message_and_changes_nothing(swiss, organiser, change, message):
    first, second = current_tables(swiss)
    ids = entries_at(swiss, first)
    ranks, reason, user = dict(zip(ids, [1, 2, 3, 4], strict=True)), "Because", organiser
    if change == "no_reason":
        reason = "   "
    elif change == "long_reason":
        reason = "x" * 501
    elif change == "place_too_high":
        ranks[ids[0]] = 5
    elif change == "missing_player":
        del ranks[ids[0]]
    elif change == "stranger":
        ranks[entries_at(swiss, second)[0]] = 1
    elif change == "not_a_number":
        ranks[ids[0]] = "first"
    elif change == "not_an_organiser":
        user = first.game.seats.first().user
    with pytest.raises(ActionRejected, match=message):
        do_adjudicate_table(first.pk, user, ranks, reason)
    first.refresh_from_db()
    first.game.refresh_from_db()
    assert first.adjudicated_ranks is None and first.game.status == Game.Status.RUNNING
    assert not GameEvent.objects.filter(kind=GameEvent.Kind.ADJUDICATED).exists()


def test_staff_may_adjudicate(swiss):
    staff = make_user("staffer", staff=True)
    first, _second = current_tables(swiss)
    do_adjudicate_table(first.pk, staff, dict.fromkeys(entries_at(swiss, first)), "Double forfeit")
    assert Table.objects.get(pk=first.pk).adjudicated_ranks is not None


def test_a_finished_tournament_refuses(organiser):
    tournament = do_create_tournament(
        organiser, "Short", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=1
    )
    tournament = register_and_start(tournament, make_players(3))
    (table,) = current_tables(tournament)
    play_out(table.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    with pytest.raises(ActionRejected, match="running tournament"):
        do_adjudicate_table(table.pk, organiser, dict.fromkeys(entries_at(tournament, table)), "Late")


def test_an_abandoned_final_waits_for_the_organisers_decision(organiser, client):
    tournament = do_create_tournament(organiser, "Final", "emu_ranchers", "single", options={"years": 1})
    tournament = register_and_start(tournament, make_players(2))
    (final,) = current_tables(tournament)
    nobody_played(final.game)
    assert do_advance_round(tournament.pk) is None
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # not ended without a champion, nor by seed
    client.force_login(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'id="awaiting-decision"' in page and "waiting for your decision" in page
    assert f"/tournaments/{tournament.pk}/tables/{final.game_id}/adjudicate/" in page
    low, high = entries_at(tournament, final)
    response = client.post(
        f"/tournaments/{tournament.pk}/tables/{final.game_id}/adjudicate/",
        {f"rank-{low}": "2", f"rank-{high}": "1", "reason": "Both agreed the second seat had won"},
    )
    assert response.status_code == 302
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = dict(tournament.entries.values_list("pk", "final_place"))
    assert places == {high: 1, low: 2}


def test_a_double_forfeit_declared_on_the_final_ends_the_event_without_a_champion(organiser):
    tournament = do_create_tournament(organiser, "Final", "emu_ranchers", "single", options={"years": 1})
    tournament = register_and_start(tournament, make_players(2))
    (final,) = current_tables(tournament)
    nobody_played(final.game)
    from tournaments.pages.presenters import tournament_data

    waiting = tournament_data(tournament)
    assert waiting["awaiting_decision"] and not waiting["knocked_out"]  # nobody is out before the decision
    do_adjudicate_table(final.pk, organiser, dict.fromkeys(entries_at(tournament, final)), "Neither came")
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert 1 not in set(tournament.entries.values_list("final_place", flat=True))


def _final_nobody_played(organiser):
    """Nine players at 3-player tables, one going on from each: round 1 played, and nobody plays
    the final."""
    tournament = do_create_tournament(
        organiser, "KO", "wildcards", "single", seats_preferred=3, seats_min=3, seats_max=3, advance_per_table=1
    )
    tournament = register_and_start(tournament, make_players(9))
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    (final,) = current_tables(tournament)
    nobody_played(final.game)
    return tournament, final


def test_an_abandoned_multiplayer_final_waits_then_finishes_after_adjudication(organiser):
    tournament, final = _final_nobody_played(organiser)
    assert do_advance_round(tournament.pk) is None
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    # While the organisers decide, the finalists are not told they are out: a decision may crown them.
    from tournaments.pages.presenters import tournament_data

    assert tournament_data(tournament)["awaiting_decision"]
    assert not set(entries_at(tournament, final)) & tournament_data(tournament)["knocked_out"]
    a, b, c = entries_at(tournament, final)
    do_adjudicate_table(final.pk, organiser, {a: 3, b: 1, c: 2}, "Decided on the score when the server failed")
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = dict(tournament.entries.values_list("pk", "final_place"))
    assert (places[b], places[c], places[a]) == (1, 2, 3)
    # Out in round 1, by hand: a place shared by those at the same place at their tables (the
    # seconds 4th, the thirds 7th, unless a random game tied two of them).
    from tournaments.services.results import played_rounds

    first_round = played_rounds(tournament)[0]
    out = {
        player: rank for table in first_round.tables for player, rank in table.ranks.items() if player not in (a, b, c)
    }
    assert {player: places[player] for player in out} == {
        player: 4 + sum(1 for other in out.values() if other < rank) for player, rank in out.items()
    }


def test_a_double_forfeit_declared_on_a_multiplayer_final_crowns_nobody(organiser):
    # The finalists of a 3-player final decided a double forfeit do not share first place: the
    # guide promises no champion, as a 2-player final gives.
    tournament, final = _final_nobody_played(organiser)
    finalists = entries_at(tournament, final)
    do_adjudicate_table(final.pk, organiser, dict.fromkeys(finalists), "Nobody came")
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = dict(tournament.entries.values_list("pk", "final_place"))
    assert 1 not in places.values()
    # By hand: the three finalists share 2nd (nobody won, all went further than the rest).
    assert {places[player] for player in finalists} == {2}
    assert min(place for player, place in places.items() if player not in finalists) == 5


def test_the_page_says_who_was_called_up_and_why(organiser, client):
    tournament = do_create_tournament(
        organiser, "KO", "wildcards", "single", seats_preferred=4, seats_min=3, seats_max=4, advance_per_table=1
    )
    tournament = register_and_start(tournament, make_players(12))
    seed_of = dict(tournament.entries.values_list("user_id", "seed"))
    seconds = []
    winner = None
    for table in current_tables(tournament):
        seats = sorted(table.game.seats.select_related("user__profile"), key=lambda s: seed_of[s.user_id])
        for place, seat in enumerate(seats, 1):
            Seat.objects.filter(pk=seat.pk).update(rank=place)
        record_own_moves(table.game)
        Game.objects.filter(pk=table.game_id).update(status=Game.Status.FINISHED)
        winner = winner or seats[0].user
        seconds.append(seats[1])
    do_drop(tournament.pk, organiser, winner)
    do_advance_round(tournament.pk)
    best_second = min(seconds, key=lambda seat: seed_of[seat.user_id])
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    called = page.split('class="called-up"')[1].split("</p>")[0]
    assert "best of those knocked out" in called and f"{best_second.user.profile.name} (place 2 at table" in called
    assert f"{winner.profile.name} (dropped out)" in called


def test_the_form_for_a_table_everyone_left_after_playing_starts_from_its_places(swiss, organiser):
    # Such a table counts, ranked by when each left: the page shows the places, and the form does
    # not offer "forfeit" for everyone, which sent unchanged would wipe a result that counts.
    from datetime import UTC, datetime, timedelta

    from tests.tournaments.helpers import record_own_moves
    from tournaments.pages.presenters import tournament_data

    first, _second = current_tables(swiss)
    record_own_moves(first.game)
    start = datetime.now(UTC)
    seats = list(first.game.seats.order_by("position"))
    for minutes, seat in enumerate(seats):  # the seat at position 0 left first
        Seat.objects.filter(pk=seat.pk).update(
            kind=Seat.Kind.BOT, status=Seat.Status.LEFT, left_at=start + timedelta(minutes=minutes)
        )
    Game.objects.filter(pk=first.game.pk).update(status=Game.Status.ABANDONED)
    a, b, c, d = entries_at(swiss, first)
    (table,) = [t for t in tournament_data(swiss)["adjudicable"] if t["number"] == first.number]
    choices = {player["entry"]: choice for player, choice in table["players_choices"]}
    # By hand: the later one left, the better: d, c, b, a.
    assert choices == {d: 1, c: 2, b: 3, a: 4}
    shown = {player["entry"]: (player["rank"], player["forfeit"]) for player in table["players"]}
    assert shown == {d: (1, False), c: (2, False), b: (3, False), a: (4, False)}


def test_a_shared_first_place_in_a_knock_out_match_is_refused_and_changes_nothing(organiser):
    # Both finalists given 1st is refused ("Both agreed to share"), or the bracket would crown the
    # better seed alone: a match needs a winner.
    tournament = do_create_tournament(organiser, "Final", "emu_ranchers", "single", options={"years": 1})
    tournament = register_and_start(tournament, make_players(2))
    (final,) = current_tables(tournament)
    nobody_played(final.game)
    do_advance_round(tournament.pk)
    with pytest.raises(ActionRejected) as rejected:
        do_adjudicate_table(final.pk, organiser, dict.fromkeys(entries_at(tournament, final), 1), "Both agreed")
    assert rejected.value.code == "needs_a_winner"
    final.refresh_from_db()
    assert final.adjudicated_ranks is None


def test_the_form_of_a_multiplayer_knock_out_says_a_tie_where_places_go_on_is_broken_by_seed(organiser, swiss, client):
    # Placing two players level 1st at a knock-out table sends the better seed on, as the rules
    # page says, and the form says so too.
    knock_out = do_create_tournament(
        organiser, "KO", "wildcards", "single", seats_preferred=3, seats_min=3, seats_max=3, advance_per_table=1
    )
    knock_out = register_and_start(knock_out, make_players(9, "ko"))
    client.force_login(organiser)
    said = "the better seed goes on"
    page = client.get(reverse("tournaments:detail", args=[knock_out.pk])).content.decode()
    assert page.split('id="adjudicate"', 1)[1].count(said) == 3  # one a table
    page = client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode()
    assert 'id="adjudicate"' in page and said not in page  # a Swiss table's tie is shared
    # The final's form does not say the same: nobody goes on from a final, and players placed
    # level there share their place.
    for table in current_tables(knock_out):
        play_out(table.game)
    do_advance_round(knock_out.pk)
    knock_out.refresh_from_db()
    assert len(current_tables(knock_out)) == 1  # the final
    page = client.get(reverse("tournaments:detail", args=[knock_out.pk])).content.decode()
    assert 'id="adjudicate"' in page and said not in page


def test_a_second_organiser_posting_from_a_page_drawn_before_the_first_result_is_refused(swiss, organiser, client):
    # Two organisers load the page and set different results at once: both are not told "The
    # table's result is set", nor do the players get two conflicting mails.
    from tournaments.services import do_add_organiser

    other = make_user("olga")
    do_add_organiser(swiss.pk, organiser, other)
    first, _second = current_tables(swiss)
    nobody_played(first.game)
    a, b, c, d = entries_at(swiss, first)
    pages = {}
    for person in (organiser, other):
        client.force_login(person)
        page = client.get(f"/tournaments/{swiss.pk}/").content.decode()
        form = page.split(f"/tournaments/{swiss.pk}/tables/{first.game_id}/adjudicate/")[1].split("</form>")[0]
        pages[person.pk] = html.unescape(form.split('name="drawn" value="')[1].split('"')[0])
    assert pages[organiser.pk] == pages[other.pk]
    url = f"/tournaments/{swiss.pk}/tables/{first.game_id}/adjudicate/"
    mails = OutboxMessage.objects.filter(key__startswith="table-adjudicated:")
    client.force_login(organiser)
    ranks = {f"rank-{a}": "1", f"rank-{b}": "2", f"rank-{c}": "3", f"rank-{d}": "4"}
    client.post(url, {**ranks, "reason": "Lucía's call", "drawn": pages[organiser.pk]})
    sent = mails.count()
    assert sent > 0
    client.force_login(other)
    olga = {**ranks, f"rank-{a}": "4", f"rank-{d}": "1", "reason": "Olga's call"}
    response = client.post(url, {**olga, "drawn": pages[other.pk]}, follow=True)
    assert "Another organiser set this table's result meanwhile" in html.unescape(response.content.decode())
    assert mails.count() == sent  # nothing more mailed
    assert Table.objects.get(pk=first.pk).adjudicated_ranks == {str(a): 1, str(b): 2, str(c): 3, str(d): 4}
    # Drawn again, the page carries the result as it stands: a change from it is taken.
    page = client.get(f"/tournaments/{swiss.pk}/").content.decode()
    drawn = html.unescape(page.split(url)[1].split('name="drawn" value="')[1].split('"')[0])
    response = client.post(url, {**olga, "drawn": drawn}, follow=True)
    assert "Another organiser" not in html.unescape(response.content.decode()), drawn
    assert Table.objects.get(pk=first.pk).adjudicated_ranks[str(d)] == 1


def test_a_table_whose_result_the_organisers_set_reads_so_on_its_game_page_replay_your_table_and_lists(
    swiss, organiser, client
):
    # The decided table's game does not read "Wizard #34 abandonada", nor its replay "...
    # abandonada", nor the winner's "Tu mesa" "Ronda 2, mesa 1 · abandonada", as the round's list
    # says "resultado fijado por los organizadores".
    first, _second = current_tables(swiss)
    ids = entries_at(swiss, first)
    do_adjudicate_table(first.pk, organiser, dict(zip(ids, [1, 2, 3, 4], strict=True)), "The server lost it")
    player = first.game.seats.order_by("position").first().user
    client.force_login(player)
    said = "result set by the organisers"
    table = html.unescape(client.get(reverse("games:table", args=[first.game_id])).content.decode())
    assert f'<small class="status status-abandoned">{said}</small>' in table
    replay = html.unescape(client.get(reverse("games:replay", args=[first.game_id])).content.decode())
    assert f">{said}</small>" in replay
    page = html.unescape(client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode())
    yours = page.split('id="your-table"', 1)[1].split("</section>", 1)[0]
    assert f"· {said}" in yours and "abandoned" not in yours
    # Session 38's note: the player's home page and game list still said "abandoned".
    home = html.unescape(client.get("/").content.decode())
    line = home.split(f'href="/games/{first.game_id}/"', 1)[1].split("</p>", 1)[0]
    assert said in line and "abandoned" not in line, line
    mine = html.unescape(client.get(reverse("games:player", args=[player.username])).content.decode())
    row = mine.split(f'href="/games/{first.game_id}/"', 1)[1].split("</tr>", 1)[0]
    assert said in row and "abandoned" not in row, row


def test_a_game_abandoned_without_a_decision_still_reads_abandoned(swiss, client):
    first, _second = current_tables(swiss)
    nobody_played(first.game)
    table = html.unescape(client.get(reverse("games:table", args=[first.game_id])).content.decode())
    assert '<small class="status status-abandoned">abandoned</small>' in table


def test_the_form_for_a_table_still_playing_chooses_no_place_for_the_organiser(swiss, organiser, client):
    # The form of a running table does not come up with places in seat order, or an organiser who
    # only writes a reason would decide a result nobody chose (the scores may say otherwise).
    from tournaments.pages.presenters import tournament_data

    first, _second = current_tables(swiss)
    (table,) = [t for t in tournament_data(swiss)["adjudicable"] if t["number"] == first.number]
    assert [choice for _player, choice in table["players_choices"]] == ["", "", "", ""]
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode()
    form = page.split(f'action="/tournaments/{swiss.pk}/tables/{first.game_id}/adjudicate/"', 1)[1].split("</form>")[0]
    selects = form.split("<select")[1:]
    assert len(selects) == 4
    for select in selects:
        assert " required" in select.split(">", 1)[0]
        assert " selected" not in select.split("</select>", 1)[0]
    # Sent with a reason and no places, it is refused and nothing changes.
    ids = entries_at(swiss, first)
    answer = client.post(
        reverse("tournaments:adjudicate", args=[swiss.pk, first.game_id]),
        {**{f"rank-{entry}": "" for entry in ids}, "reason": "Stalled", "drawn": table["drawn"]},
        follow=True,
    )
    assert "A place is a whole number, or a forfeit." in html.unescape(answer.content.decode())
    first.refresh_from_db()
    assert first.adjudicated_ranks is None and first.game.status == Game.Status.RUNNING


def test_the_organisers_forms_that_cannot_be_undone_ask_first(swiss, organiser, client):
    # "Disqualify" asks first, as Cancel does, not acting on one tap.
    client.force_login(organiser)
    page = html.unescape(client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode())
    for form, question in (
        ('id="drop-player"', "Drop this player?"),
        ('id="disqualify-player"', "Disqualify this player?"),
        (f'action="/tournaments/{swiss.pk}/tables/', "Set this table’s result?"),
    ):
        opening = page.split(form, 1)[1].split(">", 1)[0]
        assert f'data-confirm="{question}' in opening, (form, opening)


def test_the_organisers_see_who_holds_each_table_up(client, swiss, organiser):
    # Not "Table 1 · running", which tells nothing of which table stalled.
    from games.models import Deadline

    first, _second = current_tables(swiss)
    waiting = Deadline.objects.filter(game=first.game, closed_at=None)
    assert waiting.exists()  # every seat bids at once in Wild Cards
    seat = first.game.seats.get(position=waiting.first().seat)
    Seat.objects.filter(pk=seat.pk).update(consecutive_timeouts=2)
    client.force_login(organiser)
    rows = client.get(f"/tournaments/{swiss.pk}/").context["adjudicable"]
    row = next(row for row in rows if row["game_id"] == first.game_id)
    waits = {line["name"]: line for line in row["waiting_for"]}
    assert set(waits) == {str(s.name) for s in first.game.seats.filter(position__in=waiting.values("seat"))}
    assert waits[str(seat.name)]["missed"] == 2
    html = client.get(f"/tournaments/{swiss.pk}/").content.decode()
    block = html[html.index(f'id="adjudicate-{first.game_id}"') :]
    block = block[: block.index("</summary>")]
    assert f"{seat.name} (2 missed in a row)" in block
