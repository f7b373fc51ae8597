"""Events that must finish whatever players do: late drops, no-shows, abandoned tables, byes.

Results are set on the tables' seats directly where a test needs a given winner (the games'
own play is tested in tests/games); no-shows go through the games' real resign path.
"""

import pytest

from games.engines import get_engine
from games.models import Game, Seat
from games.services import do_action
from games.services.organiser import do_resign
from tests.tournaments.helpers import current_tables, make_players, play_out, record_own_moves, register_and_start
from tournaments.models import Round, Tournament
from tournaments.services import do_advance_round, do_create_tournament, do_disqualify, do_drop
from tournaments.services.results import played_rounds, swiss_standings

pytestmark = pytest.mark.django_db


def settle(game: Game, ranks: dict) -> None:
    """The game ends with these ranks (user -> rank)."""
    for seat in game.seats.all():
        seat.rank = ranks[seat.user]
        seat.save(update_fields=["rank"])
    record_own_moves(game)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)


def nobody_played(game: Game) -> None:
    """Every seat timed out: bots took them all and the game was abandoned."""
    game.seats.update(kind=Seat.Kind.BOT, status=Seat.Status.LEFT)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)


def better_seed_wins(tournament, seed_of, upset=()) -> None:
    for table in current_tables(tournament):
        users = [seat.user for seat in table.game.seats.all()]
        order = sorted(users, key=seed_of.get, reverse=bool(set(users) & set(upset)))
        settle(table.game, {user: place for place, user in enumerate(order, 1)})


@pytest.mark.parametrize("leaves", ["drop", "disqualify"])
def test_it_finishes_a_bracket_whose_walkover_winner_leaves_later(leaves):
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(organiser, "Late drop", "emu_ranchers", "single", options={"years": 1})
    players = make_players(16)
    tournament = register_and_start(tournament, players)
    seed_of = {entry.user: entry.seed for entry in tournament.entries.select_related("user")}
    by_seed = {seed: user for user, seed in seed_of.items()}
    better_seed_wins(tournament, seed_of)
    do_drop(tournament.pk, by_seed[1])
    do_advance_round(tournament.pk)
    assert {t.match for t in current_tables(tournament)} == {"W2-2", "W2-3", "W2-4"}  # seed 8 walks over
    better_seed_wins(tournament, seed_of)
    do_advance_round(tournament.pk)
    better_seed_wins(tournament, seed_of)  # seed 4 beats seed 8 in W3-1
    if leaves == "drop":
        # Put out by that result, seed 8 has nothing left to drop out of (the organisers' list
        # does not offer such players); disqualifying stays.
        from games.services.errors import ActionRejected

        with pytest.raises(ActionRejected) as refused:
            do_drop(tournament.pk, by_seed[8])
        assert refused.value.code == "knocked_out"
    else:
        do_disqualify(tournament.pk, organiser, by_seed[8], "Played on a second account.")
    do_advance_round(tournament.pk)
    tables = current_tables(tournament)
    assert [t.match for t in tables] == ["W4-1"]
    better_seed_wins(tournament, seed_of)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and not tournament.problem
    places = {entry.seed: entry.final_place for entry in tournament.entries.all()}
    assert places[2] == 1 and places[4] == 2 and None not in places.values()


def test_a_multiplayer_knockout_calls_up_the_best_runner_up_when_a_table_winner_drops():
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "KO", "wildcards", "single", seats_preferred=4, seats_min=3, seats_max=4, advance_per_table=1
    )
    players = make_players(12)
    tournament = register_and_start(tournament, players)
    seed_of = {entry.user: entry.seed for entry in tournament.entries.select_related("user")}
    tables = current_tables(tournament)
    assert len(tables) == 3
    winners, seconds = [], []
    for table in tables:
        order = sorted((seat.user for seat in table.game.seats.all()), key=seed_of.get)
        settle(table.game, {user: place for place, user in enumerate(order, 1)})
        winners.append(order[0])
        seconds.append(order[1])
    do_drop(tournament.pk, winners[0])
    do_advance_round(tournament.pk)
    final = current_tables(tournament)
    assert len(final) == 1
    best_second = min(seconds, key=seed_of.get)
    assert {seat.user for seat in final[0].game.seats.all()} == {winners[1], winners[2], best_second}
    play_out(final[0].game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = {entry.user: entry.final_place for entry in tournament.entries.all()}
    # Final 1-3; out in round 1: the winner who dropped (first at his table) 4th, the two other
    # seconds share 5th, the thirds 7th, the fourths 10th (unless the final tied).
    final_places = sorted(places[user] for user in (winners[1], winners[2], best_second))
    assert sorted(places.values()) == [*final_places, 4, 5, 5, 7, 7, 7, 10, 10, 10]
    assert places[winners[0]] == 4


def test_a_table_where_nobody_played_gives_nobody_points():
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Ghosts", "wildcards", "swiss", seats_preferred=4, seats_min=4, seats_max=4, rounds=2
    )
    tournament = register_and_start(tournament, make_players(8))
    first, second = current_tables(tournament)
    nobody_played(first.game)
    play_out(second.game)
    rounds = played_rounds(tournament)
    assert set(rounds[0].tables[0].ranks.values()) == {None}
    points = {row.player: row.points for row in swiss_standings(tournament, list(tournament.entries.all()), rounds)}
    assert all(points[player] == 0 for player in rounds[0].tables[0].ranks)
    # Seeds are secret, so the played table may end in shared places: players sharing a place
    # share the points of the places they cover (worked by hand: 4/2/1/0, two tied 2nd get 1.5).
    ranks = rounds[0].tables[1].ranks
    place_points = [4, 2, 1, 0]
    for player, rank in ranks.items():
        better = sum(1 for other in ranks.values() if other < rank)
        tied = sum(1 for other in ranks.values() if other == rank)
        assert points[player] == sum(place_points[better : better + tied]) / tied
    assert sum(points[player] for player in ranks) == 7


def _one_table_of_three():
    """A one-round Swiss of three players at one Wild Cards table: (tournament, players, game)."""
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Leaver", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=1
    )
    players = make_players(3)
    tournament = register_and_start(tournament, players)
    (table,) = current_tables(tournament)
    return tournament, players, table.game


def test_a_player_who_left_a_game_ranks_below_everyone_who_played_it():
    tournament, players, game = _one_table_of_three()
    engine = get_engine(game.engine)
    seat = game.seats.get(user=players[0]).position
    do_action(game.pk, seat, engine.auto_action(game.state, seat), "web", user=players[0], expected_version=0)
    do_resign(game.pk, players[0])  # after a move of their own: they played, then left
    play_out(game)
    (played,) = played_rounds(tournament)[0].tables
    leaver = tournament.entries.get(user=players[0]).pk
    stayed = sorted(rank for entry, rank in played.ranks.items() if entry != leaver)
    assert played.ranks[leaver] == 3
    # The two who stayed may tie on points (the deal is random): then they share first place.
    assert stayed in ([1, 2], [1, 1])


def test_a_player_who_left_without_a_move_of_their_own_forfeits_the_table():
    tournament, players, game = _one_table_of_three()
    do_resign(game.pk, players[0])
    play_out(game)
    (played,) = played_rounds(tournament)[0].tables
    leaver = tournament.entries.get(user=players[0]).pk
    assert played.ranks[leaver] is None
    assert sorted(rank for entry, rank in played.ranks.items() if entry != leaver) in ([1, 2], [1, 1])


def test_a_bye_at_two_player_tables_is_worth_one_win():
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(organiser, "Odd", "emu_ranchers", "swiss", rounds=1, options={"years": 1})
    tournament = register_and_start(tournament, make_players(3))
    (bye,) = played_rounds(tournament)[0].byes
    (table,) = current_tables(tournament)
    play_out(table.game)
    rows = swiss_standings(tournament, list(tournament.entries.all()), played_rounds(tournament))
    assert {row.player: row.points for row in rows}[bye] == 1


def test_an_organiser_can_still_set_what_a_bye_is_worth():
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Odd", "emu_ranchers", "swiss", rounds=1, bye_points=0.5, options={"years": 1}
    )
    tournament = register_and_start(tournament, make_players(3))
    (bye,) = played_rounds(tournament)[0].byes
    play_out(current_tables(tournament)[0].game)
    rows = swiss_standings(tournament, list(tournament.entries.all()), played_rounds(tournament))
    assert {row.player: row.points for row in rows}[bye] == 0.5


def _round_robin_of_four(drop_before: int, how: str = "drop"):
    """Four players at 2-player tables, 1 point a win; P wins every game it plays, the others
    draw among themselves; P drops before round `drop_before` (`how`: drops, drops and is then
    disqualified, or is disqualified)."""
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "RR", "cubirds", "round_robin", seats_preferred=2, seats_min=2, seats_max=2, place_points=[1, 0]
    )
    players = make_players(4)
    tournament = register_and_start(tournament, players)
    leaver = players[0]
    for number in range(1, 4):
        for table in current_tables(tournament):
            users = [seat.user for seat in table.game.seats.all()]
            settle(table.game, {user: 1 if user == leaver or leaver not in users else 2 for user in users})
        if number + 1 == drop_before:
            if how != "disqualify":
                do_drop(tournament.pk, organiser, leaver)  # during the round: not seated from the next on
            if how != "drop":
                do_disqualify(tournament.pk, organiser, leaver, "Played on a second account.")
        do_advance_round(tournament.pk)
        tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    points = {
        row.player: row.points
        for row in swiss_standings(tournament, list(tournament.entries.all()), played_rounds(tournament))
    }
    return tournament, {entry.user: points[entry.pk] for entry in tournament.entries.all()}, leaver, players


@pytest.mark.parametrize("how", ["drop", "drop then disqualify", "disqualify"])
def test_a_round_robin_annuls_a_player_who_drops_before_half_their_games(how):
    # A player who beat two and dropped does not hand the three he had not met a free win each,
    # or those who lost to him would finish below them. FIDE's rule is the same for a player
    # removed, and a disqualification after a drop does not undo it.
    tournament, points, leaver, players = _round_robin_of_four(drop_before=2, how=how)
    others = [player for player in players if player != leaver]
    # By hand: the others drew every game among them (two games each after P's round, half a
    # point each); P's win and the byes his absence made count for nobody.
    assert {player: points[player] for player in others} == dict.fromkeys(others, 1.0)
    assert points[leaver] == 0
    places = dict(tournament.entries.values_list("user", "final_place"))
    assert {places[player.pk] for player in others} == {1} and places[leaver.pk] == 4


def test_a_round_robin_player_who_drops_after_half_their_games_forfeits_the_rest():
    tournament, points, leaver, players = _round_robin_of_four(drop_before=3)
    others = [player for player in players if player != leaver]
    # P beat two (both lost a point to him) and forfeited the third game: a win for that one.
    first_two = Round.objects.filter(tournament=tournament, number__lte=2)
    tables = [[seat.user for seat in table.game.seats.all()] for round_ in first_two for table in round_.tables.all()]
    met = {user for users in tables if leaver in users for user in users} - {leaver}
    assert points[leaver] == 2
    assert len(met) == 2
    for player in others:
        # Two draws among the others (half a point each), and the forfeit won by the one P missed.
        assert points[player] == 1.0 + (0 if player in met else 1)


def test_a_round_robin_scores_the_forfeit_of_a_round_the_leaver_emptied_of_every_table():
    # Three players at 2-player tables: each round one table and a rest. A player who leaves
    # after their first game, before their last, leaves that round without a table: it is
    # passed over, yet their opponent there still wins the forfeit and the player scheduled to
    # rest still rests (docs/organisers.md, round robin withdrawals).
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser,
        "RR of three",
        "cubirds",
        "round_robin",
        seats_preferred=2,
        seats_min=2,
        seats_max=2,
        place_points=[1, 0],
        bye_points=0.25,
    )
    players = make_players(3)
    tournament = register_and_start(tournament, players)
    user_of = {entry.pk: entry.user for entry in tournament.entries.select_related("user")}
    (last_table,), (rester,) = tournament.schedule[2]
    leaver, opponent = (user_of[player] for player in last_table)
    for number in (1, 2):
        for table in current_tables(tournament):
            settle(table.game, dict.fromkeys([seat.user for seat in table.game.seats.all()], 1))  # a draw
        if number == 2:
            do_drop(tournament.pk, organiser, leaver)  # during round 2: not seated from round 3 on
        do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert Round.objects.filter(tournament=tournament).count() == 2
    rows = swiss_standings(tournament, list(tournament.entries.all()), played_rounds(tournament))
    points = {user_of[row.player]: row.points for row in rows}
    # By hand: the leaver played one draw and rested once; so did their last opponent, who also
    # wins the forfeit; the third drew twice and rests in the last round.
    assert points == {leaver: 0.5 + 0.25, opponent: 0.5 + 0.25 + 1, user_of[rester]: 1.0 + 0.25}
    places = dict(tournament.entries.values_list("user", "final_place"))
    assert places[opponent.pk] == 1 and places[user_of[rester].pk] == 2 and places[leaver.pk] == 3


def test_a_swiss_that_drops_end_before_its_last_round_says_so_on_its_page(client):
    # A three-round Swiss that ends after round 1 (too few players left to seat a table) says why
    # on its page.
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Short", "cubirds", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=3
    )
    players = make_players(4)
    tournament = register_and_start(tournament, players)
    (table,) = current_tables(tournament)
    seated = [seat.user for seat in table.game.seats.all()]
    for leaver in seated[:2]:
        do_drop(tournament.pk, organiser, leaver)
    settle(table.game, {user: place for place, user in enumerate(seated, 1)})
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'id="ended-early"' in page and "It ended after round 1 of 3" in page


def test_a_round_robin_that_played_its_last_scheduled_round_is_not_said_to_end_early(client):
    # A round passed over in the middle leaves fewer rounds made than scheduled: the page does not
    # say the event ended early, as its last scheduled round was played.
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "RR", "cubirds", "round_robin", seats_preferred=2, seats_min=2, seats_max=2, place_points=[1, 0]
    )
    tournament = register_and_start(tournament, make_players(3))
    user_of = {entry.pk: entry.user for entry in tournament.entries.select_related("user")}
    (_last_table,), (rester,) = tournament.schedule[2]
    for number in (1, 2):
        for table in current_tables(tournament):
            settle(table.game, dict.fromkeys([seat.user for seat in table.game.seats.all()], 1))
        if number == 1:
            do_drop(tournament.pk, organiser, user_of[rester])  # their round-2 table is passed over
        do_advance_round(tournament.pk)
        tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert Round.objects.filter(tournament=tournament).count() == 2
    assert 'id="ended-early"' not in client.get(f"/tournaments/{tournament.pk}/").content.decode()
