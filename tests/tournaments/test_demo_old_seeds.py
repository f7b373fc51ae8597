"""A demo database whose games are seeded with the bare tag ("demo-wizard") does not get every
demo game a second time at the next `load_demo` (scripts/run runs it at each start), though
`demo_game(tag)` looks only for "tag:" seeds; nor do the old, guessable deals stay in play."""

import pytest
from django.core.management import call_command

from games.management.demo import DEMO_GAMES, load_demo_games
from games.models import Game

pytestmark = pytest.mark.django_db


def test_loading_the_demo_again_over_one_loaded_before_the_change_adds_no_game(capsys):
    call_command("load_demo")
    for *_rest, tag in DEMO_GAMES:
        # As the code before the change stored them: the tag itself was the seed.
        Game.objects.filter(seed__startswith=f"{tag}:").update(seed=tag)
    before = Game.objects.filter(tournament_table=None).count()
    made = load_demo_games()
    assert [game.seed for game in made] == []
    assert Game.objects.filter(tournament_table=None).count() == before
