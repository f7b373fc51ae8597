"""A ring of accounts cannot found a leaderboard (docs/organisers.md, "Ratings and leaderboards").

One person made six accounts in a pool nobody else had played (every pool of a new site) and
played ten private rated games, each second account making three moves and resigning: the main
account was established at about 1620, #1 of the CuBirds board, in the anonymous home page's top
10 and past a minimum rating of 1,639, in 73 seconds. Players whose games are real still become
established, on a new site as on an old one.
"""

import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from games.models import Action, Game
from games.services import do_create_game, do_join, do_resign
from games.services.errors import ActionRejected
from games.services.invitations import do_invite
from games.services.lobby import TimeControl
from tests.conftest import make_user
from tests.history.conftest import play_on
from tests.ratings.conftest import T0, finished_game
from tests.ratings.test_farming import gate, listed
from tournaments.models import Entry
from tournaments.ratings.leaderboards import established_rating
from tournaments.ratings.models import Rating
from tournaments.ratings.services import do_rate_game
from tournaments.services import do_register

pytestmark = pytest.mark.django_db


def aged(users, days: int = 30) -> None:
    """The accounts were made `days` ago."""
    get_user_model().objects.filter(pk__in=[user.pk for user in users]).update(
        date_joined=timezone.now() - timedelta(days=days)
    )


def private_game(main, other, seed: str, capture, resign_after: int | None = 3) -> Game:
    """A private rated two-player CuBirds game of `main`'s with `other`, invited by name, through the
    services: `other` makes `resign_after` moves of their own and resigns (None: both play it out)."""
    rng = random.Random(seed)
    game = do_create_game(main, "cubirds", 2, visibility=Game.Visibility.PRIVATE, time_control=TimeControl(), seed=seed)
    do_invite(game.pk, main, other.username)
    do_join(game.pk, other)
    game.refresh_from_db()
    with capture(execute=True):  # the finish's callbacks rate the game
        if resign_after is not None:
            while Action.own_moves(game.pk, other.pk) < resign_after:
                play_on(game, rng, stop_at=game.version + 1)
            do_resign(game.pk, other)
        play_on(game, rng)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.rated
    return game


def ring(capture, resign_after: int | None = 3, age: int | None = None):
    """Six accounts: the main one plays ten private games, two with each of the five others."""
    main = make_user("ringmain", display_name="Main")
    others = [make_user(f"ringalt{i}", display_name=f"Alt {i}") for i in range(5)]
    if age is not None:
        aged([main, *others], age)
    for number in range(10):
        private_game(main, others[number % 5], f"ring-{number}", capture, resign_after)
    return main, others


def assert_refused_by_the_gate(player, min_rating: int) -> None:
    with pytest.raises(ActionRejected) as refused:
        do_register(gate(min_rating).pk, player)
    assert refused.value.code == "rating_too_low"
    assert refused.value.message == (
        f"This tournament needs a rating of at least {min_rating}, from at least 10 rated games "
        "against 5 different established players."
    )
    assert not Entry.objects.filter(user=player).exists()


def no_differences(capsys) -> None:
    call_command("recompute_ratings", "--check", "--quiet-progress")
    assert "No differences" in capsys.readouterr().out


def test_a_ring_of_six_new_accounts_whose_others_resign_after_three_moves_is_listed_nowhere(
    client, django_capture_on_commit_callbacks, capsys
):
    main, _others = ring(django_capture_on_commit_callbacks)
    rating = Rating.objects.get(player=main, pool="cubirds")
    assert rating.games == 10 and rating.rating > 1600  # rated: three moves are a game begun
    assert rating.opponents == 0  # but nobody was met in a game played to its end
    assert established_rating(main, "cubirds") is None
    assert listed(main, client) == (False, False)
    assert_refused_by_the_gate(main, int(rating.rating) - 1)
    client.force_login(main)
    said = client.get("/ratings/cubirds/?me=1").content.decode()
    assert "Only a game both of you played to its end counts as meeting an opponent" in said
    no_differences(capsys)


def test_a_ring_of_accounts_made_today_that_plays_its_games_out_establishes_nobody(
    client, django_capture_on_commit_callbacks, capsys
):
    # While a pool has too few established players, only accounts a week old vouch for anyone:
    # a script playing every game to its end still waits the week.
    main, others = ring(django_capture_on_commit_callbacks, resign_after=None)
    rating = Rating.objects.get(player=main, pool="cubirds")
    assert rating.games == 10 and rating.opponents == 0
    assert not any(established_rating(player, "cubirds") for player in [main, *others])
    assert listed(main, client) == (False, False)
    assert_refused_by_the_gate(main, 1000)
    no_differences(capsys)


def test_old_accounts_whose_others_resign_after_three_moves_establish_nobody(
    client, django_capture_on_commit_callbacks, capsys
):
    main, _others = ring(django_capture_on_commit_callbacks, age=30)
    rating = Rating.objects.get(player=main, pool="cubirds")
    assert rating.games == 10 and rating.opponents == 0  # a resignation meets nobody
    assert listed(main, client) == (False, False)
    assert_refused_by_the_gate(main, 1000)
    no_differences(capsys)


def test_players_of_a_new_site_who_play_real_games_against_five_people_are_established(
    client, django_capture_on_commit_callbacks, capsys
):
    player = make_user("steady", display_name="Steady")
    rivals = [make_user(f"rival{i}", display_name=f"Rival {i}") for i in range(5)]
    aged([player, *rivals], days=8)  # signed up last week, when the site opened
    for number in range(10):
        private_game(player, rivals[number % 5], f"honest-{number}", django_capture_on_commit_callbacks, None)
    rating = Rating.objects.get(player=player, pool="cubirds")
    assert rating.games == 10 and rating.opponents == 5
    assert listed(player, client) == (True, True)
    entry = do_register(gate(int(rating.rating) - 1).pk, player)
    assert entry.rating == pytest.approx(rating.rating)
    no_differences(capsys)


def test_an_account_made_today_is_established_by_real_games_against_established_players(people, capsys):
    # Once a pool has its established players, meeting five of them is what counts: a newcomer
    # need not wait for its account to age.
    founders = [*people, make_user("frank")]  # six accounts a year old (the fixture's games)
    minute = 0
    for _twice in range(2):
        for i, winner in enumerate(founders):
            for loser in founders[i + 1 :]:
                do_rate_game(finished_game([(winner, 1), (loser, 2)], engine="cubirds", minutes=minute).pk)
                minute += 1
    assert all(established_rating(founder, "cubirds") is not None for founder in founders)
    newcomer = make_user("newcomer")
    get_user_model().objects.filter(pk=newcomer.pk).update(date_joined=T0 + timedelta(minutes=minute))
    for number in range(10):
        game = finished_game([(newcomer, 1), (founders[number % 5], 2)], engine="cubirds", minutes=minute + 1 + number)
        do_rate_game(game.pk)
    rating = Rating.objects.get(player=newcomer, pool="cubirds")
    assert rating.opponents == 5 and established_rating(newcomer, "cubirds") == pytest.approx(rating.rating)
    assert do_register(gate(int(rating.rating) - 1).pk, newcomer).rating == pytest.approx(rating.rating)
    no_differences(capsys)
