"""The create-game form offers each game's options in the rulebooks' words, as the choices the
engine accepts, and never contradicts the engine's own rules for a player count."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.engines import get_engine
from games.engines.wildcards.cards import ANIMAL_SPECIES, SPECIES
from games.models import Game

pytestmark = pytest.mark.django_db


def form_for(engine: str, seats: int, **options) -> dict:
    form = {
        "engine": engine,
        "num_seats": seats,
        "bots": 0,
        "visibility": "open",
        "clock": "phase",
        "phase_seconds": 86400,
        "timeouts_before_bot": 2,
        "rated": "on",
    }
    return form | {f"option_{key}": value for key, value in options.items()}


def test_it_creates_a_two_player_wizard_game_with_the_two_player_variant(client, players):
    client.force_login(players[0])
    response = client.post(reverse("games:create"), form_for("wizard", 2))
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.options["two_players"] is True and game.options["hidden_bids"] is True


def test_it_refuses_the_two_player_variant_for_four_players_with_a_clear_message(client, players):
    client.force_login(players[0])
    response = client.post(reverse("games:create"), form_for("wizard", 4, two_players="on"))
    assert response.status_code == 200
    assert "The two-player variant is for exactly 2 players." in response.content.decode()
    assert not Game.objects.exists()


def test_it_offers_the_wild_cards_edition_and_removal_as_choices(client, players):
    client.force_login(players[0])
    page = client.get(reverse("games:create"), {"engine": "wildcards"}).content.decode()
    assert '<select name="option_edition"' in page and '<select name="option_three_player_removal"' in page
    assert 'value="2020"' in page and 'value="one_per_species"' in page
    response = client.post(
        reverse("games:create"), form_for("wildcards", 3, edition="2020", three_player_removal="random")
    )
    assert response.status_code == 302
    options = Game.objects.get().options
    assert options["edition"] == "2020" and options["three_player_removal"] == "random"


def test_it_labels_each_three_player_removal_with_what_the_engine_removes(client, players):
    client.force_login(players[0])
    page = client.get(reverse("games:create"), {"engine": "wildcards"}).content.decode()
    labels = dict(re.findall(r'<option value="(one_per_species|random)"[^>]*>([^<]*)</option>', page))
    engine = get_engine("wildcards")
    for seed in range(5):
        out = engine.new_game(3, seed, {"three_player_removal": "random"})["out"]
        assert re.findall(r"\d+", labels["random"]) == [str(len(out))]
        out = engine.new_game(3, seed, {"three_player_removal": "one_per_species"})["out"]
        assert sorted(ANIMAL_SPECIES[animal] for animal in out[: len(SPECIES)]) == list(range(len(SPECIES)))
        assert labels["one_per_species"].startswith("One animal of each species")
        assert re.findall(r"\d+", labels["one_per_species"]) == [str(len(out) - len(SPECIES))]


def test_it_refuses_an_edition_that_does_not_exist_and_creates_nothing(client, players):
    client.force_login(players[0])
    response = client.post(
        reverse("games:create"), form_for("wildcards", 3, edition="2021", three_player_removal="random")
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Game.objects.exists()


def test_it_gives_two_wild_cards_players_leo_when_the_box_is_left_empty(client, players):
    client.force_login(players[0])
    client.post(
        reverse("games:create"), form_for("wildcards", 2, edition="2022", three_player_removal="one_per_species")
    )
    assert Game.objects.get().options["leo"] is True


@pytest.mark.parametrize(("posted", "stored"), [("random", "random"), ("0", 0), ("1", 1)])
def test_it_lets_the_creator_choose_emu_ranchers_first_player(client, players, posted, stored):
    client.force_login(players[0])
    response = client.post(reverse("games:create"), form_for("emu_ranchers", 2, years=3, first_player=posted))
    assert response.status_code == 302
    assert Game.objects.get().options["first_player"] == stored


def test_it_names_the_options_in_the_players_language_from_the_games_terms(client, players):
    players[0].profile.language = "it"
    players[0].profile.save()
    client.force_login(players[0])
    with translation.override("it"):
        page = client.get(reverse("games:create"), {"engine": "wizard"}, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Dichiarazione al Buio" in page and "Stregone Oscuro" in page


def test_a_game_whose_seats_are_all_filled_by_bots_says_it_has_started_not_to_invite(client, players):
    client.force_login(players[0])
    response = client.post(reverse("games:create"), form_for("wizard", 3) | {"bots": 2}, follow=True)
    game = Game.objects.get()
    assert game.status == Game.Status.RUNNING
    page = response.content.decode()
    assert "The game has started: you play against the bots." in page
    assert "Invite players" not in page


def test_a_game_with_open_seats_asks_its_creator_to_invite_players(client, players):
    client.force_login(players[0])
    response = client.post(reverse("games:create"), form_for("wizard", 3) | {"bots": 1}, follow=True)
    assert Game.objects.get().status == Game.Status.OPEN
    assert "Your game is created. Invite players, or wait for them to join." in response.content.decode()


@pytest.mark.parametrize(
    ("bots", "said"),
    [
        (4, "At most 3 of the 4 seats can be bots: one is yours."),
        (10**18, "Ensure this value is less than or equal to 4."),
    ],
)
def test_it_refuses_more_bots_than_seats_beside_the_creator_quickly_and_creates_nothing(client, players, bots, said):
    # A posted bots=10**18 made the form list a level for each before anything checked the count,
    # and held a worker until its memory ran out.
    client.force_login(players[0])
    response = client.post(reverse("games:create"), form_for("cubirds", 4) | {"bots": bots})
    assert response.status_code == 200
    assert said in response.content.decode()
    assert not Game.objects.exists()
