"""Who counts as met, live and in a rebuild alike: opponents in games both played to the end, and in
a founding pool only accounts old enough at the game (tournaments/ratings/fair_play.py)."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.conftest import make_user
from tests.ratings.conftest import T0, finished_game
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.services import do_rate_game

pytestmark = pytest.mark.django_db


def check(capsys) -> str:
    call_command("recompute_ratings", "--check", "--quiet-progress")
    return capsys.readouterr().out


def opponents() -> dict[str, int]:
    return dict(Rating.objects.values_list("player__username", "opponents"))


def test_at_a_table_of_three_who_resigned_late_meets_nobody_and_the_two_who_played_on_meet(people, capsys):
    alice, bob, carol = people[:3]
    # Carol resigned after thirty moves of her own: rated (last), but met nobody, nor was met.
    do_rate_game(finished_game([(alice, 1), (bob, 2), (carol, 3)], left=(carol,), moves=30).pk)
    assert opponents() == {"alice": 1, "bob": 1, "carol": 0}
    assert "No differences: 1 games, 3 rating changes" in check(capsys)


def test_in_a_founding_pool_an_account_made_days_before_its_game_vouches_for_nobody(people, capsys):
    alice, bob = people[:2]
    young = make_user("young")
    get_user_model().objects.filter(pk=young.pk).update(date_joined=T0 - timedelta(days=6))
    do_rate_game(finished_game([(alice, 1), (young, 2)]).pk)
    do_rate_game(finished_game([(young, 1), (bob, 2)], minutes=10).pk)
    assert set(RatingChange.objects.filter(player=young).values_list("established", flat=True)) == {False}
    # Six days old: Alice and Bob, a year old, count for it; it counts for neither of them, and
    # its results no more move their ratings than a newcomer's move an established player's.
    assert opponents() == {"alice": 0, "bob": 0, "young": 2}
    assert Rating.objects.get(player=alice).rating == Rating.objects.get(player=bob).rating == 1500
    assert "No differences: 2 games" in check(capsys)


@pytest.mark.parametrize("late_first", [True, False])
def test_a_young_accounts_game_does_not_mark_the_founding_over_for_a_game_rated_out_of_order(
    people, settings, capsys, late_first
):
    # fair_play.founding ends once enough players are established; a game rated after a later
    # one asks whether it had ended at its finish. A rating not established said so once: in a
    # founding pool it no longer does, when its account was too young to count.
    settings.LEADERBOARD_MIN_GAMES = settings.LEADERBOARD_MIN_OPPONENTS = 2
    a, b, c, d, e = people
    young = make_user("young")
    get_user_model().objects.filter(pk=young.pk).update(date_joined=T0)
    do_rate_game(finished_game([(young, 1), (e, 2)], minutes=0).pk)  # young, so not established
    do_rate_game(finished_game([(a, 1), (b, 2)], minutes=1).pk)
    do_rate_game(finished_game([(b, 1), (c, 2)], minutes=2).pk)  # b established: founding goes on
    late = finished_game([(a, 1), (c, 2)], minutes=4)  # a and c established: founding is over
    early = finished_game([(d, 1), (e, 2)], minutes=3)  # while founding went on
    for game in (late, early) if late_first else (early, late):
        do_rate_game(game.pk)
    flags = dict(RatingChange.objects.filter(game=early).values_list("player_id", "established"))
    assert flags == {d.pk: True, e.pk: True}
    assert "No differences: 5 games" in check(capsys)
