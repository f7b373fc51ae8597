"""Finished games change ratings once each: bots ignored, leavers last, unrated games skipped."""

import pytest

from games.models import Game, Seat
from tests.ratings.conftest import finished_game, moved, replaced
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.services import do_rate_game
from tournaments.ratings.tasks import rate_game

pytestmark = pytest.mark.django_db


def rating(user, pool="wizard"):
    return Rating.objects.get(player=user, pool=pool)


def test_it_rates_a_two_player_win(people):
    alice, bob = people[:2]
    game = finished_game([(alice, 1), (bob, 2)])
    do_rate_game(game.pk)
    assert rating(alice).rating == pytest.approx(1520)
    assert rating(bob).rating == pytest.approx(1480)
    change = RatingChange.objects.get(game=game, player=bob)
    assert (change.before, change.after, change.delta) == pytest.approx((1500, 1480, -20))
    assert rating(alice).wins == 1 and rating(bob).wins == 0
    assert rating(alice).games == 1 and rating(alice).provisional


def test_a_player_who_left_counts_as_last_of_five(people):
    alice, bob, carol, dave, erin = people
    game = finished_game([(alice, 1), (bob, 2), (carol, 3), (dave, 4), (erin, 5)], left=(erin,))
    do_rate_game(game.pk)
    assert [rating(u).rating for u in people] == pytest.approx([1520, 1510, 1500, 1490, 1480])


def test_bots_are_not_rated_and_their_pairs_ignored(people):
    alice, bob = people[:2]
    game = finished_game([(None, 1), (alice, 2), (bob, 3)])
    do_rate_game(game.pk)
    # Only alice against bob counts, with the two-player K.
    assert rating(alice).rating == pytest.approx(1520)
    assert rating(bob).rating == pytest.approx(1480)
    assert RatingChange.objects.filter(game=game).count() == 2
    assert rating(alice).wins == 0  # the bot won the table


def test_a_person_against_bots_only_is_not_rated(people):
    game = finished_game([(people[0], 1), (None, 2)])
    assert do_rate_game(game.pk) == []
    assert not Rating.objects.exists()


def test_unrated_and_abandoned_games_change_nothing(people):
    alice, bob = people[:2]
    unrated = finished_game([(alice, 1), (bob, 2)], rated=False)
    abandoned = finished_game([(alice, 1), (bob, 2)])
    Game.objects.filter(pk=abandoned.pk).update(status=Game.Status.ABANDONED)
    assert do_rate_game(unrated.pk) == [] and do_rate_game(abandoned.pk) == []
    assert not RatingChange.objects.exists()


def test_finishing_twice_rates_once(people):
    alice, bob = people[:2]
    game = finished_game([(alice, 1), (bob, 2)])
    do_rate_game(game.pk)
    assert do_rate_game(game.pk) == []
    assert RatingChange.objects.filter(game=game).count() == 2
    assert rating(alice).rating == pytest.approx(1520) and rating(alice).games == 1


def test_a_retried_task_rates_once(people):
    alice, bob = people[:2]
    game = finished_game([(alice, 2), (bob, 1)])
    rate_game.apply(args=[game.pk])
    rate_game.apply(args=[game.pk])
    assert rating(bob).rating == pytest.approx(1520) and rating(bob).games == 1
    assert RatingChange.objects.count() == 2


def test_provisional_k_switches_after_twenty_games(people):
    alice, bob = people[:2]
    for minute in range(21):
        do_rate_game(finished_game([(alice, 1), (bob, 1)], minutes=minute).pk)  # draws keep 1500
    changes = list(RatingChange.objects.filter(player=alice).order_by("finished_at"))
    assert changes[19].games_before == 19 and changes[20].games_before == 20
    assert rating(alice).games == 21 and not rating(alice).provisional
    assert rating(alice).peak == pytest.approx(1500)
    # Now a win, a month after the draws (so it is not a repeat that counts less): alice has
    # her established K (20), bob too.
    do_rate_game(finished_game([(alice, 1), (bob, 2)], minutes=31 * 24 * 60).pk)
    assert rating(alice).rating == pytest.approx(1510)


def test_pools_are_separate_per_game(people):
    alice, bob = people[:2]
    do_rate_game(finished_game([(alice, 1), (bob, 2)], engine="wizard").pk)
    do_rate_game(finished_game([(alice, 2), (bob, 1)], engine="cubirds", minutes=1).pk)
    assert rating(alice, "wizard").rating == pytest.approx(1520)
    assert rating(alice, "cubirds").rating == pytest.approx(1480)


def test_a_player_replaced_at_a_seat_counts_last_and_the_substitute_is_not_rated(people, capsys):
    from django.core.management import call_command

    alice, bob, carol, dave = people[:4]
    # Dave sat at seat 2 until it was offered to Carol, who finished second. Carol did not play the
    # game from its start: a seat handed over late (a bot played it well) would sell its rank to a
    # second account, so a substitute is not rated; Dave counts last.
    game = finished_game([(alice, 1), (carol, 2), (bob, 3)])
    moved(game, dave, seat=1)
    replaced(game, 1, dave, "Carol")
    do_rate_game(game.pk)
    ranks = dict(RatingChange.objects.filter(game=game).values_list("player_id", "rank"))
    assert ranks == {alice.pk: 1, bob.pk: 3, dave.pk: 4}
    assert rating(dave).rating < rating(bob).rating < rating(alice).rating
    assert rating(bob).rating == pytest.approx(1500)  # beat Dave, lost to Alice
    assert not Rating.objects.filter(player=carol).exists()
    call_command("recompute_ratings", "--check", "--quiet-progress")
    assert "No differences: 1 games, 3 rating changes" in capsys.readouterr().out


def test_in_a_chain_of_substitutes_only_the_seats_first_player_is_rated(people, capsys):
    from django.core.management import call_command

    alice, bob, carol, dave = people[:4]
    # Bob's seat went to Carol, then from Carol to Dave, who finished first.
    game = finished_game([(dave, 1), (alice, 2)])
    moved(game, bob, seat=0)
    moved(game, carol, seat=0)
    for previous in (bob, carol):
        replaced(game, 0, previous)
    do_rate_game(game.pk)
    ranks = dict(RatingChange.objects.filter(game=game).values_list("player_id", "rank"))
    assert ranks == {alice.pk: 2, bob.pk: 3}
    call_command("recompute_ratings", "--check", "--quiet-progress")
    assert "No differences: 1 games, 2 rating changes" in capsys.readouterr().out


def test_a_seat_given_to_a_bot_still_rates_the_player_who_lost_it_last(people):
    alice, bob = people[:2]
    game = finished_game([(alice, 2), (None, 1)])
    moved(game, bob, seat=1)
    replaced(game, 1, bob, successor=None)
    do_rate_game(game.pk)
    assert rating(alice).rating == pytest.approx(1520) and rating(bob).rating == pytest.approx(1480)


def test_bots_at_every_level_stay_unrated_and_a_seat_taken_over_rates_its_player(people):
    alice, bob, carol = people[:3]
    game = finished_game([(None, 1), (alice, 2), (None, 3), (bob, 4), (carol, 5)], left=(carol,))
    for position, level in ((0, "strong"), (2, "beginner"), (4, "good")):  # carol's seat: the takeover bot
        Seat.objects.filter(game=game, position=position).update(bot_level=level)
    do_rate_game(game.pk)
    rated = set(RatingChange.objects.filter(game=game).values_list("player_id", flat=True))
    assert rated == {alice.pk, bob.pk, carol.pk}
    assert rating(carol).rating < 1500  # ranked last, below both who stayed
