"""The fair-play rules, one by one, live and in a rebuild alike (tournaments/ratings/fair_play.py)."""

import pytest
from django.core.management import call_command

from games.models import Action
from games.services.errors import ActionRejected
from tests.conftest import make_user
from tests.ratings.conftest import finished_game, moved, replaced
from tournaments.ratings.leaderboards import established_rating
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.services import do_rate_game
from tournaments.services import do_create_tournament, do_register

pytestmark = pytest.mark.django_db

MONTH = 31 * 24 * 60  # minutes


def check(capsys) -> str:
    call_command("recompute_ratings", "--check", "--quiet-progress")
    return capsys.readouterr().out


def test_a_two_player_game_a_player_quit_before_three_moves_of_their_own_is_not_rated(people, capsys):
    alice, bob = people[:2]
    two = finished_game([(alice, 1), (bob, 2)], left=(bob,), moves=2)
    three = finished_game([(alice, 1), (bob, 2)], left=(bob,), moves=3, minutes=1)
    assert do_rate_game(two.pk) == []
    assert len(do_rate_game(three.pk)) == 2
    assert "No differences: 2 games, 2 rating changes" in check(capsys)


def test_who_quit_a_larger_table_before_three_moves_is_left_out_and_those_who_played_are_rated(people, capsys):
    # A no-show's seat goes to a bot, the two others play all twenty rounds: one player's quit
    # does not void the game for everyone.
    alice, bob, carol, dave = people[:4]
    early = finished_game([(alice, 1), (bob, 2), (carol, 3)], left=(carol,), moves=2)
    late = finished_game([(alice, 1), (bob, 2), (carol, 3)], left=(carol,), moves=3, minutes=1)
    two_gone = finished_game(
        [(alice, 1), (bob, 2), (carol, 3), (dave, 4)], left=(bob, dave), minutes=2, idle=(bob, dave)
    )
    changes = {change.player_id: change for change in do_rate_game(early.pk)}
    assert set(changes) == {alice.pk, bob.pk}
    # Between the two who played it is a plain two-player result: Alice's gain is Bob's loss.
    assert changes[alice.pk].delta == pytest.approx(-changes[bob.pk].delta) and changes[alice.pk].delta > 0
    assert len(do_rate_game(late.pk)) == 3
    assert {change.player_id for change in do_rate_game(two_gone.pk)} == {alice.pk, carol.pk}
    assert "No differences: 3 games, 7 rating changes" in check(capsys)


def test_a_no_show_whose_seat_the_organisers_gave_to_a_bot_is_left_out_of_the_rating(people, capsys):
    alice, bob, daan = people[0], people[1], people[3]
    from games.models import Seat

    game = finished_game([(alice, 1), (bob, 2)], minutes=5)
    Seat.objects.create(game=game, position=2, user=None, rank=3, score=0, kind=Seat.Kind.BOT)
    replaced(game, 2, daan, successor=None)  # a bot took the seat; Daan never moved
    assert {change.player_id for change in do_rate_game(game.pk)} == {alice.pk, bob.pk}
    assert "No differences: 1 games, 2 rating changes" in check(capsys)


def test_default_moves_after_timeouts_bots_and_organisers_are_not_the_players_own(people):
    alice, bob = people[:2]
    game = finished_game([(alice, 1), (bob, 2)], left=(bob,), idle=(bob,))
    start = game.actions.count()
    Action.objects.bulk_create(
        Action(game=game, seq=start + i, seat=1, payload={}, channel=channel, actor=bob if i == 0 else None)
        for i, channel in enumerate([Action.Channel.WEB, Action.Channel.TIMEOUT, Action.Channel.BOT] * 2)
    )
    Action.objects.create(game=game, seq=start + 6, seat=1, payload={}, channel=Action.Channel.ORGANISER, actor=alice)
    assert do_rate_game(game.pk) == []  # one move of bob's own: the rest were made for him


def test_a_player_whose_seat_went_to_someone_else_before_three_moves_voids_the_game(people, capsys):
    alice, bob, carol = people[:3]
    game = finished_game([(alice, 1), (carol, 2)])
    moved(game, bob, seat=1, count=2)
    replaced(game, 1, bob)
    # Carol, a substitute, is not rated: with Bob left out, Alice is alone.
    assert do_rate_game(game.pk) == []
    assert "No differences: 1 games, 0 rating changes" in check(capsys)


def win(rating: float, other: float) -> float:
    """A provisional player's full gain for beating `other`."""
    return 40 * (1 - 1 / (1 + 10 ** ((other - rating) / 400)))


def test_the_kth_game_of_a_pair_within_thirty_days_counts_one_kth(people, capsys):
    alice, bob = people[:2]
    gains, full = [], []
    for minutes in (0, 60, 120, MONTH + 120):  # the last a month after: a first meeting again
        changes = {c.player_id: c for c in do_rate_game(finished_game([(alice, 1), (bob, 2)], minutes=minutes).pk)}
        gains.append(changes[alice.pk].delta)
        full.append(win(changes[alice.pk].before, changes[bob.pk].before))
    assert gains == pytest.approx([full[0], full[1] / 2, full[2] / 3, full[3]])
    assert "No differences: 4 games" in check(capsys)


def test_other_pairs_at_the_same_table_keep_their_full_weight(people):
    alice, bob, carol = people[:3]
    do_rate_game(finished_game([(alice, 1), (bob, 2)]).pk)
    game = finished_game([(carol, 1), (alice, 2), (bob, 3)], minutes=1)
    changes = {c.player_id: c for c in do_rate_game(game.pk)}
    # Carol meets both for the first time; only alice against bob is a repeat.
    assert changes[carol.pk].delta == pytest.approx(
        20 * ((1 - 1 / (1 + 10 ** ((1520 - 1500) / 400))) + (1 - 1 / (1 + 10 ** ((1480 - 1500) / 400))))
    )


def test_it_counts_the_different_people_met_and_a_rebuild_agrees(people, capsys):
    alice, bob, carol, dave, erin = people
    for minutes, table in enumerate([[alice, bob], [alice, bob], [alice, carol, dave], [bob, erin]]):
        do_rate_game(finished_game([(user, rank) for rank, user in enumerate(table, 1)], minutes=minutes).pk)
    opponents = dict(Rating.objects.values_list("player__username", "opponents"))
    assert opponents == {"alice": 3, "bob": 2, "carol": 2, "dave": 2, "erin": 1}
    assert "No differences: 4 games" in check(capsys)
    Rating.objects.filter(player=alice).update(opponents=9)
    with pytest.raises(Exception, match="differences"):
        check(capsys)


def test_a_farmer_whose_second_account_makes_three_moves_is_rated_but_never_established(people, settings, capsys):
    farmer, alt = people[:2]
    for game in range(12):
        do_rate_game(finished_game([(farmer, 1), (alt, 2)], left=(alt,), minutes=game * 60).pk)
    rating = Rating.objects.get(player=farmer)
    assert rating.games == 12 and rating.opponents == 0  # a resignation meets nobody
    # Twelve wins in a day weigh as 1 + 1/2 + ... + 1/12 games: far less than twelve.
    assert rating.rating - 1500 < 3.2 * 20
    assert RatingChange.objects.filter(player=farmer).count() == 12
    assert established_rating(farmer, "wizard") is None
    organiser = make_user("organiser")
    gate = do_create_tournament(organiser, "Gate", "wizard", "swiss", rounds=3, min_rating=1400)
    with pytest.raises(ActionRejected) as refused:
        do_register(gate.pk, farmer)  # rated above the minimum, but on games against one account
    assert refused.value.code == "rating_too_low"
    assert "No differences: 12 games" in check(capsys)


def test_meetings_older_than_the_window_are_forgotten(people, settings, capsys):
    settings.RATING_REPEAT_DAYS = 1
    alice, bob = people[:2]
    do_rate_game(finished_game([(alice, 1), (bob, 2)]).pk)
    later = {c.player_id: c for c in do_rate_game(finished_game([(alice, 1), (bob, 2)], minutes=24 * 60).pk)}
    # Exactly a day later: the first meeting is out of the window, the second counts in full.
    assert later[alice.pk].delta == pytest.approx(win(1520, 1480))
    assert "No differences: 2 games" in check(capsys)


def test_a_substitute_who_quits_early_neither_voids_the_game_nor_is_rated(people, capsys):

    alice, bob, carol = people[:3]
    # Bob played his seat (three moves of his own) until it went to Carol, who quit after one.
    game = finished_game([(alice, 1), (carol, 2)], left=(carol,), moves=1)
    moved(game, bob, seat=1, count=3)
    replaced(game, 1, bob)
    assert {change.player_id for change in do_rate_game(game.pk)} == {alice.pk, bob.pk}
    assert "No differences: 1 games, 2 rating changes" in check(capsys)


def test_an_early_resignation_stays_out_of_the_rating_when_the_seat_is_handed_back(
    people, settings, capsys, monkeypatch
):
    # Bob resigns before a move of his own (he is told that leaves him out of the rating), a bot
    # plays his seat, and near the end the creator (a friend, or Bob's second account) hands it
    # back: Bob is not rated at the place the bot reached.
    from django.test import override_settings

    from games.engines import get_engine
    from games.services import do_accept_seat, do_action, do_create_game, do_join, do_offer_seat, do_resign
    from games.services.bot_moves import do_bot_move
    from tests.conftest import register_engine
    from tests.games.toy_engine import ToyEngine
    from tests.tournaments.helpers import play_out

    register_engine(monkeypatch, ToyEngine())
    settings.GAME_MAX_SEAT_CHANGES_PER_HOUR = 100
    alice, bob, carol = people[:3]
    game = do_create_game(alice, "toy", 3, rated=True, seed="handed-back")
    do_join(game.pk, bob)
    do_join(game.pk, carol)
    seat = game.seats.get(user=bob).position
    do_resign(game.pk, bob)
    engine = get_engine("toy")
    game.refresh_from_db()
    while game.state["round"] < 3:  # the bot plays Bob's seat for two rounds
        position = engine.to_act(game.state)[0]
        occupant = game.seats.get(position=position)
        if occupant.user_id == bob.pk:
            with override_settings(GAME_BOT_BUDGETS={"good": 4, "strong": 8}):
                do_bot_move(game.pk, position)
        else:
            action = engine.auto_action(game.state, position)
            do_action(game.pk, position, action, "web", user=occupant.user, expected_version=game.version)
        game.refresh_from_db()
    do_accept_seat(do_offer_seat(game.pk, alice, seat, bob).pk, bob)
    play_out(game)
    game.refresh_from_db()
    assert game.status == game.Status.FINISHED and game.seats.get(position=seat).user_id == bob.pk
    # Bob stays out; Alice and Carol, who played it, are rated between themselves.
    assert {change.player_id for change in do_rate_game(game.pk)} == {alice.pk, carol.pk}
    assert "No differences: 1 games, 2 rating changes" in check(capsys)


def test_an_established_player_gains_nothing_from_beating_new_accounts(people, settings, capsys):
    # Second accounts made to lose, moves and all, must not lift a rating.
    # Once a rating is established, a result against a rating not yet established moves only the
    # newcomer's (elo.counts_for).
    settings.LEADERBOARD_MIN_GAMES = settings.LEADERBOARD_MIN_OPPONENTS = 2
    farmer = make_user("farmer")
    alice, bob = people[:2]
    for minutes, (winner, loser) in enumerate([(farmer, alice), (bob, farmer), (alice, bob)]):
        do_rate_game(finished_game([(winner, 1), (loser, 2)], minutes=minutes).pk)
    before = Rating.objects.get(player=farmer).rating
    assert established_rating(farmer, "wizard") == pytest.approx(before)
    assert established_rating(alice, "wizard") is not None
    socks = [make_user(f"sock{i}") for i in range(3)]
    for number, sock in enumerate(socks):
        game = finished_game([(farmer, 1), (sock, 2)], minutes=10 + number)
        changes = {c.player_id: c for c in do_rate_game(game.pk)}
        assert changes[farmer.pk].delta == 0 and changes[farmer.pk].after == pytest.approx(before)
        assert changes[sock.pk].delta < -19  # the newcomer's own rating takes its loss in full
    # At a table, only the result against the other established player counts for the farmer.
    table = finished_game([(farmer, 1), (socks[0], 2), (alice, 3)], minutes=20)
    changes = {c.player_id: c for c in do_rate_game(table.pk)}
    expected_win = 1 / (1 + 10 ** ((changes[alice.pk].before - before) / 400))
    # K / (n - 1) = 40 / 2, and this is the pair's second meeting: it counts a half.
    assert changes[farmer.pk].delta == pytest.approx(40 / 2 * (1 - expected_win) / 2)
    assert changes[socks[0].pk].delta > 0  # it still beat an established player
    assert Rating.objects.get(player=farmer).games == 6  # every rated game counts for the gate
    assert "No differences: 7 games" in check(capsys)


def test_second_accounts_that_play_only_each_other_never_become_established(people, settings, capsys):
    # Five new accounts playing ten games among themselves must not become established, go onto
    # the leaderboard, and then lose to a real player for points.
    # Once a pool has established players, a player becomes established only by meeting enough
    # different established ones (a pool's first players establish each other).
    settings.LEADERBOARD_MIN_GAMES = settings.LEADERBOARD_MIN_OPPONENTS = 2
    alice, bob, carol = people[:3]
    minute = 0
    for winner, loser in [(alice, bob), (bob, carol), (carol, alice)]:  # the founders
        do_rate_game(finished_game([(winner, 1), (loser, 2)], minutes=minute).pk)
        minute += 1
    assert all(established_rating(player, "wizard") is not None for player in (alice, bob, carol))
    socks = [make_user(f"sock{i}") for i in range(3)]
    for _twice in range(2):
        for i, j in [(0, 1), (1, 2), (2, 0)]:
            do_rate_game(finished_game([(socks[i], 1), (socks[j], 2)], minutes=minute).pk)
            minute += 1
    for sock in socks:
        rating = Rating.objects.get(player=sock)
        assert rating.games == 4 and rating.opponents == 0  # no established opponent met
        assert established_rating(sock, "wizard") is None
    before = Rating.objects.get(player=alice).rating
    changes = {c.player_id: c for c in do_rate_game(finished_game([(alice, 1), (socks[0], 2)], minutes=minute).pk)}
    assert changes[alice.pk].delta == 0 and Rating.objects.get(player=alice).rating == before
    # A sock that meets a second established player is established: it played real people.
    do_rate_game(finished_game([(bob, 1), (socks[0], 2)], minutes=minute + 1).pk)
    assert Rating.objects.get(player=socks[0]).opponents == 2
    assert established_rating(socks[0], "wizard") is not None
    assert "No differences: 11 games" in check(capsys)


@pytest.mark.parametrize("late_first", [True, False])
def test_a_game_rated_after_a_later_one_that_ended_the_pools_founding_is_rated_as_in_finish_order(
    people, settings, capsys, late_first
):
    # The pool's founding (too few established players: everyone counts) is the whole
    # pool's, so a game rated after a later game of other players that ended it is not rated as
    # if founding were over, where the rebuild, in finish order, still counts everyone.
    settings.LEADERBOARD_MIN_GAMES = settings.LEADERBOARD_MIN_OPPONENTS = 2
    a, b, c, d, e = people
    do_rate_game(finished_game([(a, 1), (b, 2)], minutes=0).pk)
    do_rate_game(finished_game([(b, 1), (c, 2)], minutes=1).pk)  # b established: founding goes on
    late = finished_game([(a, 1), (c, 2)], minutes=3)  # a and c established: founding is over
    early = finished_game([(d, 1), (e, 2)], minutes=2)  # two newcomers, while founding went on
    for game in (late, early) if late_first else (early, late):
        do_rate_game(game.pk)
    flags = dict(RatingChange.objects.filter(game=early).values_list("player_id", "established"))
    assert flags == {d.pk: True, e.pk: True}
    assert Rating.objects.get(player=d).opponents == 1
    assert "No differences: 4 games" in check(capsys)


def test_a_game_rated_after_later_ones_once_founding_is_long_over_is_rated_without_a_rebuild(
    people, settings, capsys, monkeypatch
):
    settings.LEADERBOARD_MIN_GAMES = settings.LEADERBOARD_MIN_OPPONENTS = 2
    a, b, c, d, e = people
    for minutes, (winner, loser) in enumerate([(a, b), (b, c), (c, a), (d, a)]):  # d: a newcomer's game
        do_rate_game(finished_game([(winner, 1), (loser, 2)], minutes=minutes).pk)
    late = finished_game([(a, 1), (b, 2)], minutes=20)
    early = finished_game([(e, 1), (c, 2)], minutes=10)
    do_rate_game(late.pk)
    import tournaments.ratings.services as services

    monkeypatch.setattr(services, "rebuild", lambda pools: pytest.fail("a rebuild where none was needed"))
    changes = {change.player_id: change for change in do_rate_game(early.pk)}
    assert changes[c.pk].delta == 0 and not changes[e.pk].established
    assert "No differences: 6 games" in check(capsys)
