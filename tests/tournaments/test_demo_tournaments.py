"""The demo (`scripts/run`'s `load_demo`) has tournaments to look at, and loading it again adds none."""

import pytest
from django.core.management import call_command

from games.models import Game
from tournaments.models import Tournament
from tournaments.ratings.models import RatingChange

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_round_robin_and_a_knock_out_under_way_and_loading_it_again_adds_nothing(capsys):
    # An organiser trying the demo finds tournaments, and leaderboards with players on them.
    call_command("load_demo")
    tournaments = {t.name: t for t in Tournament.objects.filter(created_by__username="organiser")}
    assert set(tournaments) == {"Spring Round Robin", "Emu Double Knock-out"}
    assert all(t.status == Tournament.Status.RUNNING for t in tournaments.values())
    assert Game.objects.filter(tournament_table__round__tournament__in=tournaments.values(), status="running").exists()
    rated = Game.objects.filter(status=Game.Status.FINISHED, rated=True).count()
    assert rated and RatingChange.objects.values("game").distinct().count() == rated  # every rated game rated
    games = Game.objects.count()

    call_command("load_demo")

    assert Tournament.objects.count() == 2 and Game.objects.count() == games


def test_a_demo_tournament_deleted_by_hand_comes_back_alone(capsys):
    call_command("load_demo")
    Tournament.objects.filter(name="Emu Double Knock-out").delete()
    call_command("load_demo")
    assert sorted(Tournament.objects.values_list("name", flat=True)) == ["Emu Double Knock-out", "Spring Round Robin"]


def test_the_demo_tables_are_dealt_from_secret_seeds(capsys):
    # The finished demo game's export shows its seed: were it "demo-finished", the running ones
    # ("demo-wizard", ...) could be dealt again by anyone, every hand and the deck.
    from games.management.demo import DEMO_GAMES, load_demo_games

    call_command("load_demo")
    first = {game.pk: game.seed for game in Game.objects.filter(tournament_table=None)}
    named = [row[-1] for row in DEMO_GAMES]
    assert len(first) >= len(named) and not set(first.values()) & set(named)
    Game.objects.filter(pk__in=first).delete()
    again = {game.seed for game in load_demo_games()}
    assert len(again) == len(named) and not again & set(first.values())  # dealt anew: nothing to guess
    load_demo_games()
    assert Game.objects.filter(tournament_table=None).count() == len(named)  # still made once
