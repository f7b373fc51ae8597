"""The Wizard table shows each player what the engine's view lets them see, variants included."""

import re

import pytest
from django.urls import reverse

from games.engines import get_engine
from games.services.play import do_action
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("wizard")


def cards_under(page: str, testid: str) -> list[str]:
    block = re.search(rf'data-testid="{testid}">(.*?)</div>', page, re.S)
    return re.findall(r'data-card="([^"]+)"', block.group(1)) if block else []


def play_until(game, phase: str) -> None:
    """Each seat to act takes its first legal move until the game reaches `phase`."""
    while game.state["phase"] != phase:
        seat = ENGINE.to_act(game.state)[0]
        action = ENGINE.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
        game.refresh_from_db()


def test_it_shows_the_others_hands_but_not_ones_own_while_bidding_under_clairvoyance(client, players):
    game = start_game(players, engine="wizard", options={"clairvoyance": True})
    play_until(game, "bid")  # a trump to choose first (the dealer turned a Wizard)
    me = ENGINE.to_act(game.state)[0]
    client.force_login(seat_user(game, me))
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()

    hands = game.state["hands"]
    for seat in range(len(players)):
        if seat == me:
            assert cards_under(page, f"hand-of-{seat}") == []
        else:
            assert cards_under(page, f"hand-of-{seat}") == hands[seat]
            assert f"Hand of {seat_user(game, seat).profile.name}" in page
    assert cards_under(page, "my-hand") == []
    assert not any(f'data-card="{card}"' in page for card in hands[me])  # not even elsewhere on the page
    assert "until every bid is in" in page


def test_it_shows_only_ones_own_hand_without_clairvoyance(client, players):
    game = start_game(players, engine="wizard")
    me = ENGINE.to_act(game.state)[0]
    client.force_login(seat_user(game, me))
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert cards_under(page, "my-hand") == game.state["hands"][me]
    assert "hand-of-" not in page


def test_it_shows_ones_own_hand_again_once_the_bids_are_in_under_clairvoyance(client, players):
    game = start_game(players, engine="wizard", options={"clairvoyance": True})
    play_until(game, "play")
    me = ENGINE.to_act(game.state)[0]
    client.force_login(seat_user(game, me))
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert cards_under(page, "my-hand") == game.state["hands"][me]
    assert "hand-of-" not in page


def test_the_spanish_table_says_bid_with_one_word(client, players):
    # Spanish Wizard says one word, not "Apuesta" on the buttons, "Oferta" over the bids column
    # and "pujas" for the phase (Wild Cards' word).
    game = start_game(players, engine="wizard")
    play_until(game, "bid")
    me = ENGINE.to_act(game.state)[0]
    user = seat_user(game, me)
    user.profile.language = "es"
    user.profile.save()
    client.force_login(user)
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert "Apuesta" in page
    assert "Oferta" not in page and "puja" not in page.lower()


def test_the_score_table_says_whose_column_is_whose(client, players):
    # The score table names the players, not "0 / 1 / 0" a round.
    game = start_game(players, engine="wizard")
    while game.state["round"] == 1:  # round 1 scored: the table has a row
        seat = ENGINE.to_act(game.state)[0]
        action = ENGINE.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
        game.refresh_from_db()
    client.force_login(players[0])
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert "Score table" in page
    names = " / ".join(seat.name for seat in game.seats.order_by("position"))
    order = re.search(r'id="score-table-order">([^<]+)<', page).group(1)
    assert order.endswith(names), order
