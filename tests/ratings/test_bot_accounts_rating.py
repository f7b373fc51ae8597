"""A bot account is rated against people only where the game's creator chose so."""

import pytest

from games.models import Game
from games.services.lobby import do_create_game, do_join
from tests.api.conftest import api_for
from tests.conftest import make_user
from tests.ratings.conftest import made_before
from tests.tournaments.helpers import play_out
from tournaments.ratings.models import Rating, RatingChange
from tournaments.ratings.services import do_rate_game
from wildcards_site.accounts.bot_accounts import do_become_bot_account

pytestmark = pytest.mark.django_db


@pytest.fixture
def robo(db):
    user = make_user("robo", display_name="Robo")
    do_become_bot_account(user)
    return user


def played(creator, other, **settings) -> Game:
    game = do_create_game(creator, "emu_ranchers", 2, **settings)
    do_join(game.pk, other)
    game = play_out(Game.objects.get(pk=game.pk))
    assert game.status == Game.Status.FINISHED
    made_before(game, [creator, other])
    do_rate_game(game.pk)
    return game


def test_it_leaves_both_ratings_unchanged_by_default(alice, robo):
    game = played(alice, robo)
    assert not game.rated
    assert not RatingChange.objects.filter(game=game).exists()
    assert not Rating.objects.filter(player__in=[alice, robo]).exists()


def test_it_rates_a_person_against_a_bot_account_when_the_creator_chose_so(alice, robo):
    game = played(alice, robo, rate_bot_accounts=True)
    assert game.rated
    assert {change.player_id for change in RatingChange.objects.filter(game=game)} == {alice.pk, robo.pk}


def test_it_rates_games_among_bot_accounts_alone(robo):
    other = make_user("robo2", display_name="Robo 2")
    do_become_bot_account(other)
    game = played(robo, other)
    assert game.rated
    assert RatingChange.objects.filter(game=game).count() == 2


def test_it_rates_people_among_themselves_as_before(alice, bob):
    game = played(alice, bob)
    assert game.rated and RatingChange.objects.filter(game=game).count() == 2


def test_the_api_creates_a_game_rated_against_bot_accounts(robo):
    answer = api_for(robo).post("/games", {"engine": "emu_ranchers", "num_players": 2, "rate_bot_accounts": True})
    assert answer.status_code == 201, answer.content
    assert answer.json()["rate_bot_accounts"] is True
    assert Game.objects.get(pk=answer.json()["id"]).rate_bot_accounts
    plain = api_for(robo).post("/games", {"engine": "emu_ranchers", "num_players": 2}).json()
    assert plain["rate_bot_accounts"] is False


def test_the_creation_page_offers_the_choice_off_by_default(client, alice):
    client.force_login(alice)
    html = client.get("/games/new/", {"engine": "emu_ranchers"}).content.decode()
    assert 'name="rate_bot_accounts"' in html and 'name="rate_bot_accounts" checked' not in html


def test_the_game_over_mail_marks_the_bot_account_in_the_standings_and_the_rating_changes(alice, robo):
    from tests.conftest import rendered
    from wildcards_site.outbox.models import OutboxMessage

    game = played(alice, robo, rate_bot_accounts=True)
    text = rendered(OutboxMessage.objects.get(key__startswith=f"over:{game.pk}:", to=alice.email)).text
    standings, _sep, changes = text.partition("Rating changes")
    assert "Robo · bot account: " in standings and "Alice · bot account" not in text
    assert "Robo · bot account: " in changes
