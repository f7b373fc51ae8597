"""A game's refusal reaches each player in their own language, not in the engine's English."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.engines.wildcards.cards import NUM_HABITAT_CARDS
from games.models import Action, Game
from tests.conftest import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db

NOT_IN_HAND = {
    "en": "That Habitat card is not in your hand.",
    "it": "Questa carta habitat non è nella tua mano.",
    "es": "Esa carta de hábitat no está en tu mano.",
    "nl": "Die leefgebiedkaart zit niet in je hand.",
}


def _bid_a_card_not_held(client, game, user):
    position = game.seats.get(user=user).position
    held = set(game.state["hands"][position])
    card = next(card for card in range(NUM_HABITAT_CARDS) if card not in held)
    client.force_login(user)
    return client.post(
        reverse("games:act", args=[game.pk]),
        {"action": json.dumps({"type": "bid", "card": card}), "version": game.version},
        follow=True,
    ).content.decode()


def test_an_italian_player_is_refused_an_illegal_move_in_italian(client, players):
    bruno = make_user("bruno", language="it")
    game = start_game([players[0], bruno], engine="wildcards")
    page = _bid_a_card_not_held(client, game, bruno)
    assert NOT_IN_HAND["it"] in page
    assert NOT_IN_HAND["en"] not in page
    assert not Action.objects.filter(game=game).exists()


@pytest.mark.parametrize("language", ["en", "es", "nl"])
def test_every_player_is_refused_an_illegal_move_in_their_language(client, players, language):
    player = make_user("player", language=language)
    game = start_game([players[0], player], engine="wildcards")
    assert NOT_IN_HAND[language] in _bid_a_card_not_held(client, game, player)


def test_an_italian_player_is_told_in_italian_why_the_game_cannot_be_made_with_those_options(client):
    bruno = make_user("bruno", language="it")
    client.force_login(bruno)
    form = {"engine": "wizard", "num_seats": 5, "bots": 0, "visibility": "open", "clock": "phase"}
    form |= {"phase_seconds": 86400, "timeouts_before_bot": 2, "option_monocolor": "on"}
    page = client.post(reverse("games:create"), form).content.decode()
    assert "La variante Monocolore è per 3 o 4 giocatori." in page
    assert not Game.objects.exists()


def _api_bid_a_card_not_held(game, user, headers: dict | None = None, answer_too: bool = False):
    from tests.api.conftest import api_for

    api = api_for(user)
    api.headers.update(headers or {})
    position = game.seats.get(user=user).position
    held = set(game.state["hands"][position])
    card = next(card for card in range(NUM_HABITAT_CARDS) if card not in held)
    answer = api.post(f"/games/{game.pk}/actions", {"version": game.version, "action": {"type": "bid", "card": card}})
    assert answer.status_code == 422
    return answer if answer_too else answer.json()


def test_an_api_client_that_names_no_language_is_answered_in_the_players(players, settings):
    # A token's requests do not take the browser's Accept-Language only: a script sends none,
    # and an Italian player's bot would read every refusal in English.
    settings.API_RATE_LIMIT = 100_000
    bruno = make_user("bruno", language="it")
    game = start_game([players[0], bruno], engine="wildcards")
    assert NOT_IN_HAND["it"] in json.dumps(_api_bid_a_card_not_held(game, bruno), ensure_ascii=False)


def test_an_api_client_that_asks_for_a_language_is_answered_in_it(players, settings):
    settings.API_RATE_LIMIT = 100_000
    bruno = make_user("bruno", language="it")
    game = start_game([players[0], bruno], engine="wildcards")
    answer = _api_bid_a_card_not_held(game, bruno, {"Accept-Language": "es"})
    assert NOT_IN_HAND["es"] in json.dumps(answer, ensure_ascii=False)


def test_an_api_answer_names_its_language_and_a_language_not_offered_falls_back_to_the_players(players, settings):
    # An Italian player's refusal in Italian does not come under "Content-Language: en", and
    # "Accept-Language: de" (a language the site does not speak) falls back to the player's.
    settings.API_RATE_LIMIT = 100_000
    bruno = make_user("bruno", language="it")
    game = start_game([players[0], bruno], engine="wildcards")
    for headers, language in (
        ({}, "it"),
        ({"Accept-Language": "de"}, "it"),
        ({"Accept-Language": "*"}, "it"),
        ({"Accept-Language": "es-ES,de;q=0.8"}, "es"),
    ):
        answer = _api_bid_a_card_not_held(game, bruno, headers, answer_too=True)
        assert NOT_IN_HAND[language] in json.dumps(answer.json(), ensure_ascii=False), headers
        assert answer["Content-Language"] == language, headers
