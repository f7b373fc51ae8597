"""Ratings cannot be bought: a second account that resigns at once, or the same opponent again
and again, does not lift a player onto a leaderboard, the home page or past a rating gate."""

import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from games.models import Game
from games.services import do_resign
from games.services.errors import ActionRejected
from tests.conftest import make_user
from tests.history.conftest import new_game, play_on
from tournaments.models import Entry
from tournaments.ratings import leaderboards
from tournaments.ratings.models import Rating, RatingChange
from tournaments.services import do_create_tournament, do_register

pytestmark = pytest.mark.django_db


def farmed_game(farmer, alt, seed: str, capture) -> Game:
    """The farmer's own second account joins, resigns before its first move; the farmer plays the bot out."""
    with capture(execute=True):
        game = new_game([farmer, alt], "cubirds", seed=seed)
        do_resign(game.pk, alt)
        play_on(game, random.Random(seed))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.rated
    return game


def honest_game(players, seed: str, capture) -> Game:
    with capture(execute=True):
        game = play_on(new_game(players, "cubirds", seed=seed), random.Random(seed))
    assert game.status == Game.Status.FINISHED
    return game


def gate(min_rating: int):
    organiser = make_user("organiser")
    return do_create_tournament(
        organiser,
        "Gate",
        "cubirds",
        "swiss",
        seats_preferred=2,
        seats_min=2,
        seats_max=2,
        rounds=3,
        min_rating=min_rating,
    )


def listed(user, client) -> tuple[bool, bool]:
    """(on the CuBirds leaderboard, in the home page's top 10), as an anonymous visitor sees them."""
    board = [row.player_id for row in leaderboards.page("cubirds", 1).rows]
    home = client.get("/")
    top_ten = {pool: rows for pool, _title, rows in home.context["top_tens"]}["cubirds"]
    return user.pk in board, user.pk in [row.player_id for row in top_ten]


@pytest.mark.parametrize("games", [5, 12])
def test_it_keeps_a_farmer_whose_second_account_resigns_at_once_off_every_board_and_gate(
    games, client, django_capture_on_commit_callbacks, capsys
):
    farmer, alt = make_user("farmer", display_name="Farmer"), make_user("farmalt", display_name="Alt")
    for number in range(games):
        farmed_game(farmer, alt, f"farm-{number}", django_capture_on_commit_callbacks)
    assert listed(farmer, client) == (False, False)
    rating = Rating.objects.filter(player=farmer, pool="cubirds").first()
    assert rating is None or rating.rating <= 1500  # nothing bought: not one of those games was rated
    assert not RatingChange.objects.filter(player=farmer).exists()
    with pytest.raises(ActionRejected) as refused:
        do_register(gate(1400).pk, farmer)  # below any min_rating: not established
    assert refused.value.code == "rating_too_low" and "5 different established players" in refused.value.message
    assert not Entry.objects.filter(user=farmer).exists()
    call_command("recompute_ratings", "--check", "--quiet-progress")
    assert "No differences" in capsys.readouterr().out


def test_it_lists_a_player_who_played_ten_real_games_against_five_people(
    client, django_capture_on_commit_callbacks, capsys
):
    player = make_user("steady", display_name="Steady")
    others = [make_user(f"rival{i}", display_name=f"Rival {i}") for i in range(5)]
    # Made a week ago: while nobody is established, accounts made today vouch for nobody.
    get_user_model().objects.filter(pk__in=[player.pk, *(other.pk for other in others)]).update(
        date_joined=timezone.now() - timedelta(days=8)
    )
    for number in range(10):
        honest_game([player, others[number % 5]], f"honest-{number}", django_capture_on_commit_callbacks)
    rating = Rating.objects.get(player=player, pool="cubirds")
    assert rating.games == 10
    assert listed(player, client) == (True, True)
    entry = do_register(gate(int(rating.rating) - 1).pk, player)
    assert entry.rating == pytest.approx(rating.rating)
    call_command("recompute_ratings", "--check", "--quiet-progress")
    assert "No differences: 10 games" in capsys.readouterr().out
