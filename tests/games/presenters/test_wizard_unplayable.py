"""Wizard: a card the player may not play now looks so, and says why; the preview of a card led
says what leading does.

Made to follow red, a player who taps the green 7 must see it is not legal, and why. And leading
a Jester, the preview must not say "it would win the trick now", true of a trick of one card and
wrong about the trick."""

import re

import pytest
from django.urls import reverse

from games.engines import get_engine
from games.models import Game
from games.presenters.wizard import table as wizard
from games.services.play import do_action
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("wizard")
FOLLOW = (
    "{card} cannot be played: you hold {suit}, the suit led, and must follow it "
    "(a Wizard or a Jester may always be played)."
)


def wizard_game_with_a_card_it_may_not_play(players) -> Game:
    """A Wizard game played by the first legal moves until the seat to play holds a card it may
    not play (seed s1: blue led, the red 11 in a hand that holds blue)."""
    game = start_game(players, engine="wizard")
    for _ in range(100):
        game.refresh_from_db()
        seat = ENGINE.to_act(game.state)[0]
        legal = ENGINE.legal_actions(game.state, seat)
        if game.state["phase"] == "play" and len(legal) < len(game.state["hands"][seat]):
            return game
        do_action(game.pk, seat, legal[0], "web", user=seat_user(game, seat), expected_version=game.version)
    raise AssertionError("no seat ever had to follow")


def test_the_cards_of_another_suit_are_refused_with_the_reason_while_one_must_follow():
    view = {
        "seat": 0,
        "hand": ["red-3", "green-7", "wizard-2", "jester-1", "blue-9"],
        "trick": [{"seat": 2, "card": "jester-3"}, {"seat": 1, "card": "red-12"}],
    }
    legal = [{"type": "play", "card": card} for card in ("red-3", "wizard-2", "jester-1")]
    assert wizard.refusals(view, legal) == {
        "hand:green-7": FOLLOW.format(card="Green 7", suit="red"),
        "hand:blue-9": FOLLOW.format(card="Blue 9", suit="red"),
    }


def test_nothing_is_refused_when_any_card_may_be_played_or_none_is_asked():
    hand = ["red-3", "green-7"]
    plays = [{"type": "play", "card": card} for card in hand]
    assert wizard.refusals({"seat": 0, "hand": hand, "trick": []}, plays) == {}
    assert wizard.refusals({"seat": 0, "hand": hand, "trick": [{"seat": 1, "card": "wizard-1"}]}, plays) == {}
    # Bidding, or another player's turn: the hand is not being played from.
    assert wizard.refusals({"seat": 0, "hand": hand, "trick": []}, [{"type": "bid", "bid": 0}]) == {}
    assert wizard.refusals({"seat": 0, "hand": hand, "trick": [{"seat": 1, "card": "red-1"}]}, []) == {}


def test_a_card_led_says_it_leads_and_never_that_it_would_win_the_trick():
    view = {"seat": 0, "options": {}, "trump": "blue", "trick": []}
    cards = ("jester-1", "red-5", "wizard-1")
    entries = {e["pick"]: e["preview"] for e in wizard.pointing(view, [{"type": "play", "card": c} for c in cards])}
    assert entries["hand:jester-1"] == (
        "Play Jester: you lead, but a Jester wins the trick only if every card in it is a Jester."
    )
    assert entries["hand:red-5"] == "Play red 5: you lead the trick."
    assert entries["hand:wizard-1"] == "Play Wizard: it wins the trick, as the first Wizard always does."
    dark = {**view, "options": {"dark_wizard": True}}  # the last Wizard wins: leading one promises nothing
    [entry] = wizard.pointing(dark, [{"type": "play", "card": "wizard-1"}])
    assert entry["preview"] == "Play Wizard: you lead the trick."


def test_the_table_marks_the_card_it_may_not_play_and_only_that_one(client, players):
    game = wizard_game_with_a_card_it_may_not_play(players)
    seat = ENGINE.to_act(game.state)[0]
    legal = {action["card"] for action in ENGINE.legal_actions(game.state, seat)}
    refused = [card for card in game.state["hands"][seat] if card not in legal]
    client.force_login(seat_user(game, seat))
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    marked = re.findall(r'<span class="hand-card unplayable" data-pick="hand:([^"]+)" data-refusal="([^"]+)"', page)
    assert [card for card, _why in marked] == refused
    for card in refused:
        assert f'aria-disabled="true" aria-describedby="refusal-{card}"' in page
        assert f'<span class="visually-hidden" id="refusal-{card}">' in page
    assert 'id="pointing-refusal"' in page
    # Another player sees no reasons: it is not their turn, and the marks would tell of a hand.
    other = next(position for position in range(len(players)) if position != seat)
    client.force_login(seat_user(game, other))
    assert "data-refusal" not in client.get(reverse("games:table", args=[game.pk])).content.decode()
