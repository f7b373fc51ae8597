"""A refusal that names a Wizard suit names it in the reader's language ("Devi rispondere al
colore rosso"), not by the engine's id ("Devi rispondere a red"), which a player read on the
table and in a turn mail when a card answered ahead could not be played."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from games.engines import IllegalAction, get_engine
from games.engines.wizard.rules import led_suit, legal_cards
from games.services.refusals import refusal_text, refusal_words
from wildcards_site.wording import words_text

ENGINE = get_engine("wizard")


def _refusal_for_not_following() -> tuple[IllegalAction, str]:
    rng = random.Random(3)
    for number in range(200):
        state = ENGINE.new_game(3, f"follow-{number}")
        while not ENGINE.is_over(state):
            if state["phase"] == "play" and state["trick"]:
                hand = state["hands"][state["turn"]]
                allowed = legal_cards(hand, state["trick"])
                if len(allowed) < len(hand):
                    card = next(card for card in hand if card not in allowed)
                    with pytest.raises(IllegalAction) as refused:
                        ENGINE.apply(state, state["turn"], {"type": "play", "card": card})
                    return refused.value, led_suit(state["trick"])
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    raise AssertionError("no seat ever had to follow suit")


@pytest.mark.parametrize("language", ["it", "es", "nl"])
def test_the_suit_to_follow_is_named_in_the_readers_language(language):
    error, suit = _refusal_for_not_following()
    assert f"must follow {suit}" in str(error)  # the English, for logs and the engine's tests
    with translation.override(language):
        said = refusal_text(error)
        kept = words_text(refusal_words(error))  # as stored with a dropped answer, said later
        word = translation.gettext(suit)
    assert word != suit
    assert word in said and word in kept
    assert f" {suit}" not in said and f" {suit}" not in kept, said
