"""Tournaments run through the real game services on PostgreSQL, games played out by default moves.

The two whole events are moved on by a real Celery worker, as in production: the last table's
finish queues the task that makes the next round.
"""

import time

import pytest
from django.urls import reverse

from games.models import Game, Seat
from games.services import do_rematch
from games.services.errors import ActionRejected
from tests.tournaments.helpers import current_tables, make_players, play_out, start
from tournaments.formats import swiss
from tournaments.formats.elimination import Bracket
from tournaments.models import Bye, Round, Table, Tournament
from tournaments.services import (
    do_advance_round,
    do_create_tournament,
    do_disqualify,
    do_drop,
    do_pause_tournament,
    do_register,
    do_resume_tournament,
    results,
    sweep_tournaments,
)
from tournaments.services.results import played_rounds


def entered(tournament, players):
    for player in players:
        do_register(tournament.pk, player)
    return start(tournament)


def play_round(tournament):
    for table in current_tables(tournament):
        play_out(table.game)


def wait_for_the_worker(tournament, number: int) -> None:
    """The last table's finish queued a task: the real worker makes the next round (or ends it)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED or tournament.current_round > number:
            return
        time.sleep(0.1)
    raise AssertionError(f"the worker did not move the tournament on from round {number}")


@pytest.mark.worker
def test_a_nine_player_wild_cards_swiss_runs_three_rounds_to_the_right_standings(live_worker):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Nine", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=3
    )
    tournament = entered(tournament, make_players(9))
    for number in (1, 2, 3):
        tables = current_tables(tournament)
        assert tournament.current_round == number and len(tables) == 3
        assert all(table.game.status == Game.Status.RUNNING and table.game.num_seats == 3 for table in tables)
        play_round(tournament)
        wait_for_the_worker(tournament, number)
    assert tournament.status == Tournament.Status.FINISHED
    # The standings recomputed straight from the games' seats give the same places.
    entries = {entry.user_id: entry for entry in tournament.entries.all()}
    results = []
    for round_ in Round.objects.filter(tournament=tournament).order_by("number"):
        tables = [
            {entries[seat.user_id].pk: seat.rank for seat in table.game.seats.all()} for table in round_.tables.all()
        ]
        results.append(swiss.RoundResult(tables, []))
    expected = swiss.standings({e.pk: e.rating for e in entries.values()}, results, [4, 2, 1], 2)
    # Places as in sport: one more than the number of players with better standings; players
    # level on points and every tie-break share their place.
    merit = {row.player: (row.points, row.buchholz, row.opponents_average, row.rating) for row in expected}
    by_hand = {player: 1 + sum(other > mine for other in merit.values()) for player, mine in merit.items()}
    assert {entry.pk: entry.final_place for entry in entries.values()} == by_hand
    # Everybody gets the final mail with their place.
    from tests.conftest import rendered
    from wildcards_site.outbox.models import OutboxMessage

    finals = OutboxMessage.objects.filter(key__startswith=f"tournament-final:{tournament.pk}:")
    entrants = [entry.user.email for entry in entries.values()]
    assert finals.filter(to__in=entrants).count() == 9
    # The organiser, who does not play, reads the same standings (tournaments/mail/organiser_mails.py).
    assert finals.exclude(to__in=entrants).get().to == tournament.created_by.email
    winner = tournament.entries.filter(final_place=1).first().user
    mail = rendered(finals.get(key=f"tournament-final:{tournament.pk}:{winner.pk}"))
    assert "you finished in place 1." in mail.text
    # Nobody met anybody twice: 9 players at 3 tables over 3 rounds can avoid it.
    met = swiss.pair_counts(results)
    assert max(met.values()) == 1


@pytest.mark.worker
def test_an_eight_player_emu_ranchers_double_elimination_ends_with_its_bracket(live_worker, client):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(organiser, "Emus", "emu_ranchers", "double", options={"years": 1})
    tournament = entered(tournament, make_players(8))
    played = 0
    for _ in range(20):
        if tournament.status == Tournament.Status.FINISHED:
            break
        tables = current_tables(tournament)
        assert all(table.match and table.game.num_seats == 2 for table in tables)
        played += len(tables)
        play_round(tournament)
        wait_for_the_worker(tournament, tournament.current_round)
    assert tournament.status == Tournament.Status.FINISHED
    assert played in (14, 15)  # 2n - 2, or 2n - 1 with the grand-final reset
    # The bracket rebuilt from the games gives the stored places.
    entries = list(tournament.entries.all())
    bracket = Bracket([e.pk for e in sorted(entries, key=lambda e: e.seed)], double=True)
    results = {
        table.match: {tournament.entries.get(user=seat.user).pk: seat.rank for seat in table.game.seats.all()}
        for round_ in tournament.round_set.all()
        for table in round_.tables.all()
    }
    resolved = bracket.resolve(results)
    assert resolved.champion == tournament.entries.get(final_place=1).pk
    assert {entry.pk: entry.final_place for entry in entries} == {player: place for place, player in resolved.places}
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    drawn = {match.id for match in bracket.matches if match.id in resolved.players}
    assert drawn >= {"W1-1", "W3-1", "L1-1", "L4-1", "GF"}
    for match_id in drawn:
        assert f'data-match="{match_id}"' in page


def test_advancing_twice_never_creates_a_round_twice(db):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Twice", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=2
    )
    tournament = entered(tournament, make_players(3))
    assert do_advance_round(tournament.pk) is None  # the table is still being played
    play_round(tournament)
    assert do_advance_round(tournament.pk).number == 2
    assert do_advance_round(tournament.pk) is None
    assert sweep_tournaments() == 0
    assert Round.objects.filter(tournament=tournament).count() == 2


def test_a_dropped_player_is_not_paired_from_the_next_round(db):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Drops", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=2
    )
    players = make_players(7)
    tournament = entered(tournament, players)
    assert Bye.objects.filter(round__tournament=tournament).count() == 1
    do_drop(tournament.pk, players[0])
    do_disqualify(tournament.pk, organiser, players[1], "Played on a second account.")
    play_round(tournament)
    do_advance_round(tournament.pk)
    last = played_rounds(tournament)[-1]
    seated = {player for table in last.tables for player in table.ranks} | set(last.byes)
    gone = {tournament.entries.get(user=players[0]).pk, tournament.entries.get(user=players[1]).pk}
    assert len(seated) == 5 and not seated & gone
    assert len(last.tables) == 1 and len(last.byes) == 2


def test_organiser_actions_by_someone_else_are_refused(db):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Guarded", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=1
    )
    players = make_players(3)
    tournament = entered(tournament, players)
    for action in (
        lambda: do_pause_tournament(tournament.pk, players[0]),
        lambda: do_disqualify(tournament.pk, players[0], players[1], "Played on a second account."),
        lambda: do_drop(tournament.pk, players[0], players[1]),
    ):
        with pytest.raises(ActionRejected) as rejected:
            action()
        assert rejected.value.code == "forbidden"
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert not tournament.entries.filter(disqualified=True).exists()
    assert not tournament.entries.filter(dropped_before_round__isnull=False).exists()


def test_a_paused_tournament_waits_to_start_the_next_round(db):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Paused", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=2
    )
    tournament = entered(tournament, make_players(3))
    do_pause_tournament(tournament.pk, organiser)
    play_round(tournament)
    assert do_advance_round(tournament.pk) is None
    do_resume_tournament(tournament.pk, organiser)
    tournament.refresh_from_db()
    assert tournament.current_round == 2


def test_round_start_mails_are_queued_for_every_seated_player(db):
    from wildcards_site.outbox.models import OutboxMessage

    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Mailed", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=1
    )
    twin = do_create_tournament(
        organiser, "Mailed", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=1
    )
    players = make_players(6)
    entered(tournament, players[:3])
    entered(twin, players[3:])
    keys = set(OutboxMessage.objects.filter(key__startswith="tournament:Mailed").values_list("key", flat=True))
    # Two tournaments with one name still mail every player (the key carries the tournament's number).
    assert keys == {
        f"tournament:Mailed (#{t.pk}):1:{player.pk}"
        for t, group in ((tournament, players[:3]), (twin, players[3:]))
        for player in group
    }


def run_to_the_end(tournament, limit: int = 20) -> int:
    rounds = 0
    while tournament.status != Tournament.Status.FINISHED and rounds < limit:
        play_round(tournament)
        do_advance_round(tournament.pk)
        tournament.refresh_from_db()
        rounds += 1
    assert tournament.status == Tournament.Status.FINISHED
    return rounds


def test_a_swiss_with_a_top_cut_ends_with_a_knockout_between_the_leaders(db):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Cut", "emu_ranchers", "swiss", rounds=2, top_cut=4, options={"years": 1}
    )
    tournament = entered(tournament, make_players(6))
    assert run_to_the_end(tournament) == 4  # 2 Swiss rounds, semi-finals, final
    rounds = played_rounds(tournament)
    assert [r.stage for r in rounds] == ["swiss", "swiss", "elimination", "elimination"]
    semi_finalists = {p for table in rounds[2].tables for p in table.ranks}
    places = dict(tournament.entries.values_list("pk", "final_place"))
    assert {pk for pk, place in places.items() if place <= 4} == semi_finalists
    # The two out at the Swiss stage: 5th and 6th, or 5th together when level on every tie-break.
    assert sorted(places.values()) in ([1, 2, 3, 3, 5, 6], [1, 2, 3, 3, 5, 5])


def test_a_multiplayer_knockout_sends_the_top_two_of_each_table_on(db):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "KO", "wildcards", "single", seats_preferred=4, seats_min=3, seats_max=4, advance_per_table=2
    )
    tournament = entered(tournament, make_players(10))
    first = current_tables(tournament)
    assert sorted(len(table.game.seats.all()) for table in first) == [3, 3, 4]
    run_to_the_end(tournament)
    rounds = played_rounds(tournament)
    rank_in_first = {p: rank for table in rounds[0].tables for p, rank in table.ranks.items()}
    going_on = {p for table in rounds[1].tables for p in table.ranks}
    # 10 players at 3 tables -> 6 (two tables of 3) -> 4 at the final table.
    assert len(going_on) == 6 and all(rank_in_first[p] <= 2 for p in going_on)
    assert [len(r.tables) for r in rounds] == [3, 2, 1]
    assert len(rounds[2].tables[0].ranks) == 4
    # By hand: the final table's ranks first, then those out in round 2, then in round 1; out in
    # the same round at the same place at their tables, players share the place (1, 2, 2, 4).
    merit = {}
    for depth, played in enumerate(rounds):
        for table in played.tables:
            for player, rank in table.ranks.items():
                merit[player] = (depth, -(rank or 99))  # the deepest round reached counts
    places = dict(tournament.entries.values_list("pk", "final_place"))
    assert places == {player: 1 + sum(other > mine for other in merit.values()) for player, mine in merit.items()}


@pytest.mark.parametrize("tied_for_first", [False, True])
def test_a_knockout_that_ends_after_a_round_with_a_bye_places_the_bye_with_the_winners(db, tied_for_first):
    # Drops leave too few to seat a final after a round with a bye: the bye's player, never
    # beaten, is not placed below everyone who lost. Tied for first: a game that
    # ends level at the top (a random game can) goes on with the better seed of the two.
    from tournaments.services.leaving import do_drop

    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "KO", "wildcards", "single", seats_preferred=4, seats_min=4, seats_max=4, advance_per_table=1
    )
    tournament = entered(tournament, make_players(5))
    (table,) = current_tables(tournament)
    (bye,) = Bye.objects.filter(round__tournament=tournament)
    play_out(table.game)
    seed = {entry.user_id: entry.seed for entry in tournament.entries.all()}
    if tied_for_first:
        # Two seats end level at the top, the one listed first with the worse seed (as a random game may).
        listed = list(table.game.seats.all())
        pairs = [(a, b) for i, a in enumerate(listed) for b in listed[i + 1 :] if seed[a.user_id] > seed[b.user_id]]
        level = {seat.pk for seat in (pairs or [listed[:2]])[0]}
        played = {seat.pk: seat.rank for seat in listed}
        rest = [played[seat.pk] for seat in listed if seat.pk not in level]
        for seat in listed:
            seat.rank = 1 if seat.pk in level else 3 + sum(other < played[seat.pk] for other in rest)
        Seat.objects.bulk_update(listed, ["rank"])
    ranks = {seat.user_id: seat.rank for seat in table.game.seats.all()}
    # By hand, from the rules: the best rank goes on, a tie by the better seed (1 is best).
    winner, *losers = sorted(ranks, key=lambda user: (ranks[user], seed[user]))
    for loser in losers:
        do_drop(tournament.pk, organiser, tournament.entries.get(user_id=loser).user)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = dict(tournament.entries.values_list("user_id", "final_place"))
    # By hand: the table's winner and the bye's player both went on and were never beaten (1st
    # together); the three who lost follow in their order at the table, sharing a rank they share.
    assert places[winner] == places[bye.entry.user_id] == 1
    assert {loser: places[loser] for loser in losers} == {
        loser: 3 + sum(ranks[other] < ranks[loser] for other in losers) for loser in losers
    }


def test_a_round_robin_seats_everyone_in_each_round_of_its_schedule(db):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "RR", "wildcards", "round_robin", seats_preferred=3, seats_min=3, seats_max=3
    )
    tournament = entered(tournament, make_players(9))
    assert run_to_the_end(tournament) == 4
    met = swiss.pair_counts([swiss.RoundResult([t.ranks for t in r.tables]) for r in played_rounds(tournament)])
    assert len(met) == 36 and set(met.values()) == {1}


def test_a_late_player_joins_a_running_swiss_before_the_given_round(db):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser,
        "Late",
        "wildcards",
        "swiss",
        seats_preferred=3,
        seats_min=3,
        seats_max=3,
        rounds=3,
        late_join_before_round=2,
    )
    tournament = entered(tournament, make_players(3))
    late, too_late = make_players(2, "late")
    do_register(tournament.pk, late)
    play_round(tournament)
    do_advance_round(tournament.pk)
    last = played_rounds(tournament)[-1]
    assert tournament.entries.get(user=late).pk in {p for t in last.tables for p in t.ranks} | set(last.byes)
    with pytest.raises(ActionRejected) as rejected:
        do_register(tournament.pk, too_late)
    assert rejected.value.code == "closed"


def test_a_rematch_of_a_tournament_table_is_a_casual_game_outside_the_tournament(db):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Again", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=2
    )
    players = make_players(3)
    tournament = entered(tournament, players)
    (table,) = current_tables(tournament)
    play_out(table.game)
    table.game.refresh_from_db()

    rematch, how = do_rematch(table.game.pk, players[0])
    assert how == "created" and rematch.rematch_of_id == table.game.pk
    assert not Table.objects.filter(game=rematch).exists()  # the tournament does not count it
    assert rematch.rated == table.game.rated and rematch.created_by == players[0]
    assert do_advance_round(tournament.pk).number == 2  # the open rematch holds nothing up


def test_a_swiss_top_cut_is_kept_as_drawn_when_the_standings_are_computed_differently_later(db, monkeypatch):
    # The cut is not drawn again from the standings each time the knock-out is planned: a change
    # to how standings are computed (a deploy's fix to a tie-break, say) would redraw the bracket
    # of an event already in its knock-out, which would then refuse its own semi-finals.
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Cut kept", "emu_ranchers", "swiss", rounds=2, top_cut=4, options={"years": 1}
    )
    tournament = entered(tournament, make_players(6))
    for _round in range(2):
        play_round(tournament)
        do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    rounds = played_rounds(tournament)
    assert rounds[-1].stage == "elimination"
    drawn = [row.player for row in results.swiss_standings(tournament, list(tournament.entries.all()), rounds)][:4]
    assert tournament.cut == drawn
    computed = results.swiss_standings
    monkeypatch.setattr(results, "swiss_standings", lambda *args: list(reversed(computed(*args))))
    play_round(tournament)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    semi_finals, final = played_rounds(tournament)[2:]
    # By hand: each semi-final's better place goes on, a tie to the better seed of the cut drawn.
    semi_winners = {min(table.ranks, key=lambda p: (table.ranks[p], drawn.index(p))) for table in semi_finals.tables}
    assert final.stage == "elimination" and {p for table in final.tables for p in table.ranks} == semi_winners
    play_round(tournament)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = dict(tournament.entries.values_list("pk", "final_place"))
    assert sorted(places[p] for p in drawn) == [1, 2, 3, 3]


def test_a_late_entrant_without_a_seed_is_listed_after_the_seeded_entrants(db, client):
    # On SQLite too, the late entrant (no seed) does not head the Entrants list above seed 1
    # (SQLite sorts a missing value first; PostgreSQL last).
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser,
        "Late",
        "wildcards",
        "swiss",
        seats_preferred=3,
        seats_min=3,
        seats_max=3,
        rounds=3,
        late_join_before_round=2,
    )
    tournament = entered(tournament, make_players(3))
    late = make_players(1, "late")[0]
    do_register(tournament.pk, late)
    listed = [entry.user for entry in tournament.entries.all()]
    assert listed[-1] == late and [entry.seed for entry in tournament.entries.all()] == [1, 2, 3, None]
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    names = page.split('id="entrants"', 1)[1].split("</section>", 1)[0]
    assert names.index(late.profile.name) > max(
        names.index(entry.user.profile.name) for entry in tournament.entries.exclude(user=late)
    )
