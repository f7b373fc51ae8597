"""A no-show (a seat that never made a move of its own: every deadline missed, a bot took it over)
scores nothing, like a forfeit, however the bot that played the seat placed it. At a 4-player
Swiss table where one player played and three never answered, the no-shows do not take places
2-4, the best of them scoring more than players of the other table who played every move and
came third."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engines import get_engine
from games.models import Game, Seat
from games.services import do_action
from games.services.bot_moves import do_bot_move
from games.services.deadlines import close_games
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.services import do_create_tournament, do_register, do_start
from tournaments.services.results import played_rounds, swiss_standings

pytestmark = pytest.mark.django_db


def play_alone(game: Game, player, settings) -> Game:
    """`player` plays every move asked of them; nobody else at the table ever answers."""
    settings.GAME_BOT_BUDGETS = {"good": 4, "strong": 8}
    engine = get_engine(game.engine)
    later = timezone.now()
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return game
        waiting = engine.to_act(game.state)
        seats = {seat.position: seat for seat in game.seats.all()}
        mine = [p for p in waiting if seats[p].user_id == player.pk and seats[p].kind == Seat.Kind.HUMAN]
        if mine:
            action = engine.auto_action(game.state, mine[0])
            do_action(game.pk, mine[0], action, "web", user=player, expected_version=game.version)
            continue
        bots = [p for p in waiting if seats[p].kind == Seat.Kind.BOT]
        if bots:
            do_bot_move(game.pk, bots[0])
            continue
        later += timedelta(days=15)
        close_games([game.pk], later)  # the no-shows' deadlines pass


def _swiss_started(engine: str, seats: int, players: int, rounds: int, top_cut: int = 0):
    """A started Swiss of `players` at tables of exactly `seats`; the organiser does not play."""
    from tournaments.models import Tournament

    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Swiss", engine, "swiss", seats_preferred=seats, seats_min=seats, seats_max=seats, rounds=rounds
    )
    if top_cut:
        Tournament.objects.filter(pk=tournament.pk).update(top_cut=top_cut)
    for player in make_players(players):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    return tournament


def _fours_started(rounds: int):
    """A Swiss of eight at 4-player tables, started: two tables."""
    return _swiss_started("wildcards", 4, 8, rounds)


def test_a_no_show_scores_nothing_and_never_more_than_a_player_who_played(settings):
    tournament = _fours_started(rounds=1)
    full, lonely = current_tables(tournament)
    play_out(full.game)  # all four play
    present = lonely.game.seats.order_by("position").first().user
    game = play_alone(lonely.game, present, settings)
    assert game.status == Game.Status.FINISHED
    no_shows = {seat.user_id for seat in game.seats.all() if seat.user_id != present.pk}
    assert all(seat.status == Seat.Status.LEFT for seat in game.seats.all() if seat.user_id in no_shows)

    entries = list(tournament.entries.all())
    user_of = {entry.pk: entry.user_id for entry in entries}
    standings = swiss_standings(tournament, entries, played_rounds(tournament))
    points = {user_of[row.player]: row.points for row in standings}
    # Hand-worked with the default points (4, 2, 1, 0 for places 1-4): the one who played alone wins
    # their table (4); the no-shows forfeit (0); the full table scores 4, 2, 1, 0 (shared on ties).
    assert points[present.pk] == 4
    assert all(points[user] == 0 for user in no_shows)
    assert sum(points[seat.user_id] for seat in full.game.seats.all()) == 7


def _two_player_table():
    tournament = _swiss_started("cubirds", 2, 2, rounds=1)
    (table,) = current_tables(tournament)
    return tournament, table


def _own_moves(game: Game, moves: dict) -> None:
    """Each player makes so many moves of their own, as their turns come (the others' turns too)."""
    engine = get_engine(game.engine)
    while any(count > 0 for count in moves.values()):
        game.refresh_from_db()
        position = engine.to_act(game.state)[0]
        seat = game.seats.get(position=position)
        if seat.kind == Seat.Kind.BOT:
            do_bot_move(game.pk, position)
            continue
        do_action(
            game.pk,
            position,
            engine.auto_action(game.state, position),
            "web",
            user=seat.user,
            expected_version=game.version,
        )
        moves[seat.user] = moves.get(seat.user, 0) - 1


def test_a_player_left_alone_who_stops_too_still_wins_the_table(settings):
    # The opponent resigned, the player left alone stopped too (a bot played both seats on), the
    # game was abandoned: both forfeiting, the player who stayed would lose a win they had in
    # hand and finish level with the one who quit first.
    from games.services.organiser import do_resign

    tournament, table = _two_player_table()
    first, second = (seat.user for seat in table.game.seats.order_by("position"))
    _own_moves(table.game, {first: 3, second: 3})
    do_resign(table.game.pk, first)
    _own_moves(table.game, {second: 2})  # plays on alone a while
    do_resign(table.game.pk, second)
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.ABANDONED
    (played,) = played_rounds(tournament)
    entry = dict(tournament.entries.values_list("user", "pk"))
    assert played.tables[0].ranks == {entry[second.pk]: 1, entry[first.pk]: 2}


def test_a_table_everyone_left_without_a_move_of_their_own_is_still_a_double_forfeit(settings):
    from games.services.organiser import do_resign

    tournament, table = _two_player_table()
    for seat in table.game.seats.order_by("position"):
        do_resign(table.game.pk, seat.user)
    (played,) = played_rounds(tournament)
    assert set(played.tables[0].ranks.values()) == {None}


def test_a_swiss_no_show_is_withdrawn_from_the_next_round_and_told(settings):
    # A player who never moved in round 2 does not stay in, get round 3's bye (worth a win) and
    # sit again. FIDE withdraws a player who forfeits without a word.
    from tournaments.models import Round
    from tournaments.services import do_advance_round
    from wildcards_site.outbox.models import OutboxMessage

    tournament = _fours_started(rounds=2)
    full, lonely = current_tables(tournament)
    play_out(full.game)
    present = lonely.game.seats.order_by("position").first().user
    play_alone(lonely.game, present, settings)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    no_shows = {seat.user_id for seat in lonely.game.seats.all() if seat.user_id != present.pk}
    entries = {entry.user_id: entry for entry in tournament.entries.all()}
    assert {user: entries[user].dropped_before_round for user in no_shows} == dict.fromkeys(no_shows, 2)
    second = Round.objects.get(tournament=tournament, number=2)
    seated = {seat.user_id for table in second.tables.all() for seat in table.game.seats.all()}
    byes = {bye.entry.user_id for bye in second.byes.select_related("entry")}
    assert not (seated | byes) & no_shows
    assert seated | byes == set(entries) - no_shows
    told = OutboxMessage.objects.filter(key__startswith=f"tournament-no-show:{tournament.pk}:")
    assert {row.to for row in told} == {entries[user].user.email for user in no_shows}
    assert present.pk not in no_shows and entries[present.pk].dropped_before_round is None
    # Their own page says why they are out, as the mail did: they did not drop out themselves (not
    # "You have dropped out").
    from django.test import Client
    from django.urls import reverse

    reader = Client()
    reader.force_login(entries[sorted(no_shows)[0]].user)
    page = reader.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "You have dropped out" not in page
    # The entrants' list says why they are out, so that its organiser learns of
    # the withdrawal.
    entrants = page.split('id="entrants"', 1)[1].split("</section>", 1)[0]
    assert entrants.count("(withdrawn by the site: no move of their own in round 1)") == len(no_shows)
    assert "You were withdrawn for not moving at your table in round 1: you are not paired from round 2 on." in page
    # The standings say the same words, not "(dropped)".
    standings = page.split('id="standings"', 1)[1].split("</section>", 1)[0]
    assert standings.count("(withdrawn by the site: no move of their own in round 1)") == len(no_shows)
    assert "(dropped" not in standings


def test_the_player_who_left_last_wins_a_table_everyone_left_whoever_moved_last(settings):
    # Ranked by the last move, the first to quit would win when they had just moved and the other,
    # left alone, stopped without moving again.
    from games.services.organiser import do_resign

    tournament, table = _two_player_table()
    game = table.game
    first, second = (seat.user for seat in game.seats.order_by("position"))
    _own_moves(game, {first: 2, second: 2})
    game.refresh_from_db()
    engine = get_engine(game.engine)
    just_moved = second if engine.to_act(game.state)[0] == game.seats.get(user=first).position else first
    other = first if just_moved == second else second
    do_resign(game.pk, just_moved)
    do_resign(game.pk, other)
    (played,) = played_rounds(tournament)
    entry = dict(tournament.entries.values_list("user", "pk"))
    assert played.tables[0].ranks == {entry[other.pk]: 1, entry[just_moved.pk]: 2}


def test_reading_the_rounds_costs_a_few_queries_whatever_the_field(django_assert_max_num_queries):
    # Each seat's rank runs no query of its own: 6 for 32 players, not 38.
    tournament = _swiss_started("cubirds", 2, 32, rounds=2)
    with django_assert_max_num_queries(8):
        played_rounds(tournament)


def _swiss_of_twos(players: int, rounds: int, top_cut: int = 0):
    tournament = _swiss_started("cubirds", 2, players, rounds, top_cut)
    return tournament.organisers.get(), tournament


def _nobody_plays(game: Game) -> None:
    """Every deadline of the table passes with no move made, until the game is over."""
    later = timezone.now()
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return
        later += timedelta(days=15)
        close_games([game.pk], later)


def test_two_no_shows_at_one_table_are_both_withdrawn(settings):
    # A table nobody played counts its no-shows too, or its two players would be paired again in
    # round 2.
    from tournaments.models import Round
    from tournaments.services import do_advance_round

    organiser, tournament = _swiss_of_twos(4, rounds=3)
    played, empty = current_tables(tournament)
    play_out(played.game)
    _nobody_plays(empty.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    absent = {seat.user_id for seat in empty.game.seats.all()}
    entries = {entry.user_id: entry for entry in tournament.entries.all()}
    assert {user: entries[user].dropped_before_round for user in absent} == dict.fromkeys(absent, 2)
    second = Round.objects.get(tournament=tournament, number=2)
    seated = {seat.user_id for table in second.tables.all() for seat in table.game.seats.all()}
    assert not seated & absent
    assert seated == {seat.user_id for seat in played.game.seats.all()}


def test_a_player_the_organiser_places_at_a_table_they_never_played_is_not_withdrawn(settings):
    # The organiser's decision is the result: a player they give a place (the site lost their
    # moves, say) was not a no-show.
    from tournaments.services import do_advance_round
    from tournaments.services.adjudication import do_adjudicate_table

    organiser, tournament = _swiss_of_twos(4, rounds=3)
    played, empty = current_tables(tournament)
    play_out(played.game)
    _nobody_plays(empty.game)
    first, second = [seat.user_id for seat in empty.game.seats.order_by("position")]
    entry_of = dict(tournament.entries.values_list("user", "pk"))
    do_adjudicate_table(empty.pk, organiser, {entry_of[first]: 1, entry_of[second]: None}, "First was there")
    do_advance_round(tournament.pk)
    entries = {entry.user_id: entry for entry in tournament.entries.all()}
    assert entries[first].dropped_before_round is None
    assert entries[second].dropped_before_round == 2


def test_a_no_show_in_the_last_swiss_round_does_not_make_the_top_cut(settings):
    # The Swiss's last round withdraws its no-shows too, or a player who won rounds 1-2 and never
    # came to round 3 would take a place in the knockout.
    from tournaments.models import Round
    from tournaments.services import do_advance_round

    organiser, tournament = _swiss_of_twos(4, rounds=2, top_cut=2)
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    lonely, other = current_tables(tournament)
    present, absent = [seat.user for seat in lonely.game.seats.order_by("position")]
    play_alone(lonely.game, present, settings)
    play_out(other.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.entries.get(user=absent).dropped_before_round == 3
    final = Round.objects.get(tournament=tournament, number=3)
    assert final.stage == "elimination"
    seated = {seat.user_id for table in final.tables.all() for seat in table.game.seats.all()}
    assert absent.pk not in seated and len(seated) == 2


def test_a_no_show_handed_their_seat_back_before_the_end_still_forfeits(settings):
    # A player who never moved, whose seat a bot played and was handed back to them before the
    # end (an organiser's offer accepted), does not keep the bot's place.
    from games.services.seats import do_seat_bot

    tournament, table = _two_player_table()
    game = table.game
    present, absent = [seat.user for seat in game.seats.order_by("position")]
    organiser = tournament.organisers.get()
    do_seat_bot(game.pk, organiser, game.seats.get(user=absent).position)
    play_out(game)  # the present player's moves and the bot's
    # The seat as `do_accept_seat` leaves it, and the bot's win as the game recorded it.
    Seat.objects.filter(game=game, user=absent).update(
        kind=Seat.Kind.HUMAN, status=Seat.Status.PLAYING, left_at=None, rank=1
    )
    Seat.objects.filter(game=game, user=present).update(rank=2)
    (played,) = played_rounds(tournament)
    entry = dict(tournament.entries.values_list("user", "pk"))
    assert played.tables[0].ranks == {entry[present.pk]: 1, entry[absent.pk]: None}
    assert played.tables[0].absent == {entry[absent.pk]}


def test_those_who_left_a_finished_game_are_ranked_by_when_they_left_not_by_their_bots(settings):
    # At a table where A quit first and B later, the last player does not choose who comes second
    # (finishing the game ranking A and B by their bots' scores, stopping by when they left).
    from games.services.organiser import do_resign

    tournament = _swiss_started("cubirds", 3, 3, rounds=1)
    (table,) = current_tables(tournament)
    game = table.game
    first, second, last = [seat.user for seat in game.seats.order_by("position")]
    _own_moves(game, {first: 1, second: 1, last: 1})
    do_resign(game.pk, first)
    _own_moves(game, {second: 1})
    do_resign(game.pk, second)
    play_out(game)  # the last player's moves and the leavers' bots
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    # The game's record as if the first leaver's bot had outscored the second's.
    Seat.objects.filter(game=game, user=first).update(rank=2)
    Seat.objects.filter(game=game, user=second).update(rank=3)
    (played,) = played_rounds(tournament)
    entry = dict(tournament.entries.values_list("user", "pk"))
    assert played.tables[0].ranks == {entry[last.pk]: 1, entry[second.pk]: 2, entry[first.pk]: 3}


def test_a_round_robin_no_show_is_withdrawn_and_never_stands_above_a_player_who_played(settings):
    # In a round robin of three, a player who never moved in round 1 does not take round 2's
    # scheduled bye (worth a win) and stand above the player who played both rounds and lost
    # them. A round robin withdraws such a player, as a Swiss does.
    from tests.tournaments.helpers import register_and_start
    from tournaments.services import do_advance_round
    from wildcards_site.outbox.models import OutboxMessage

    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Round robin", "emu_ranchers", "round_robin", seats_preferred=2, seats_min=2, seats_max=2
    )
    tournament = register_and_start(tournament, make_players(3))
    (table,) = current_tables(tournament)
    present, absent = (seat.user for seat in table.game.seats.order_by("position"))
    play_alone(table.game, present, settings)
    do_advance_round(tournament.pk)
    entries = {entry.user_id: entry for entry in tournament.entries.all()}
    assert entries[absent.pk].dropped_before_round == 2
    assert entries[present.pk].dropped_before_round is None
    told = OutboxMessage.objects.filter(key__startswith=f"tournament-no-show:{tournament.pk}:")
    assert [row.to for row in told] == [absent.email]
    # Its mail states a round robin's rule for results (a Swiss keeps them; here they may go).
    (mail,) = told
    assert "fewer than half of their games has every result annulled" in " ".join(mail.text.split())
    assert "Your results so far stand" not in mail.text

    # Whatever is left to play, the no-show never stands above someone who played.
    for _round in range(2, 10):
        tournament.refresh_from_db()
        if tournament.status != tournament.Status.RUNNING:
            break
        for table in current_tables(tournament):
            play_out(table.game)
        do_advance_round(tournament.pk)
        standings = swiss_standings(tournament, list(tournament.entries.all()), played_rounds(tournament))
        points = {row.player: row.points for row in standings}
        played = [entry.pk for user, entry in entries.items() if user != absent.pk]
        assert all(points[entries[absent.pk].pk] <= points[player] for player in played)
    assert tournament.status == tournament.Status.FINISHED and _round >= 3


def test_round_robin_no_shows_whose_withdrawal_empties_the_rounds_left_are_withdrawn_and_not_seated_again(settings):
    # With one no-show at each table of round 2, and round 3's tables holding one each,
    # withdrawing them leaves no round to play: they are withdrawn all the same, not seated again
    # in round 3.
    from tests.tournaments.helpers import register_and_start
    from tournaments.services import do_advance_round

    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Round robin", "emu_ranchers", "round_robin", seats_preferred=2, seats_min=2, seats_max=2
    )
    tournament = register_and_start(tournament, make_players(4))
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    user_of = {entry.pk: entry.user for entry in tournament.entries.select_related("user")}
    third, _byes = tournament.schedule[2]
    # Round 2's tables: one player of each misses every move; round 3 seats each of them with a player.
    absent_entries = set()
    for table in current_tables(tournament):
        seated = [seat.user for seat in table.game.seats.order_by("position")]
        entries = {entry: user for entry, user in user_of.items() if user in seated}
        absent = next(e for e in entries if any(e in t and not (set(t) - {e}) & absent_entries for t in third))
        absent_entries.add(absent)
        play_alone(table.game, next(u for e, u in entries.items() if e != absent), settings)
    assert all(len(set(t) & absent_entries) == 1 for t in third)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    dropped = set(tournament.entries.filter(dropped_before_round=3).values_list("pk", flat=True))
    assert dropped == absent_entries
    assert tournament.status == tournament.Status.FINISHED  # nothing left to play: nobody seated again
