"""A Wild Cards turn mail says how many cards are still to pay for the animal taken, or to lay
face down to break a tie, and with whom the bid ties. Not
"Your turn goes on: choose the next step" over five "pay ..." lines, with no count, nor a tie
mail listing "lay Forest 1 ..." without saying there is a tie."""

from __future__ import annotations

from django.utils import translation

from games.bymail import render
from games.engines.wildcards import ENGINE
from tests.engines.wildcards.scenario import animal_id, bid, card_id, make_state, tied_2020_at_two, tied_at_three

NAMES = {0: "Ann", 1: "Ben", 2: "Cy"}


def _note(state: dict, seat: int) -> str:
    return render.turn_note("wildcards", ENGINE.legal_actions(state, seat), ENGINE.view(state, seat), NAMES)


def test_the_mail_counts_the_cards_still_to_pay_for_the_animal_taken():
    state = make_state(
        3, "2022", hands={1: ["forest 4", "forest 1", "forest 2", "wild 1", "mountains 2"]}, display=["lion"]
    )
    state = bid(bid(bid(state, 0, "refill"), 1, "forest 4"), 2, "refill")
    for seat in (0, 2):
        state = ENGINE.apply(state, seat, {"type": "done"})
    state = ENGINE.apply(state, 1, {"type": "take", "animal": animal_id(state, "lion")})
    assert _note(state, 1) == "You are taking the Lion with your bid of Forest 4: pay 3 more cards from your hand."
    state = ENGINE.apply(state, 1, {"type": "pay", "card": card_id(state, 1, "forest 1")})
    state = ENGINE.apply(state, 1, {"type": "pay", "card": card_id(state, 1, "forest 2")})
    assert _note(state, 1) == "You are taking the Lion with your bid of Forest 4: pay 1 more card from your hand."
    with translation.override("es"):
        assert "1" in _note(state, 1) and "Forest" not in _note(state, 1)


def test_the_mail_says_whom_a_bid_ties_with_and_how_many_cards_to_lay():
    state = tied_at_three()
    assert state["phase"] == "tie_pay"
    expected = (
        "Your bid of Forest 3 ties with Ben: lay 2 more cards face down beside it. "
        "Whoever lays the higher total takes first."
    )
    assert _note(state, 0) == expected
    state = ENGINE.apply(state, 0, {"type": "tie_pay", "card": card_id(state, 0, "savannah 3")})
    assert "lay 1 more card face down" in _note(state, 0)
    assert _note(state, 2) == ""  # nothing to lay: no note


def test_the_2020_reveal_mail_says_why_and_what_becomes_of_the_card():
    # A Dutch mail player's 2020 reveal mail listed "onthul Bos 1 … onthul trekstapel" and nothing
    # else: not that the tie still stood, nor that the card revealed pays for nothing.
    state = ENGINE.apply(tied_2020_at_two(), 2, {"type": "done"})
    state = ENGINE.apply(state, 0, {"type": "tie_pay", "card": card_id(state, 0, "forest 1")})
    state = ENGINE.apply(state, 1, {"type": "tie_pay", "card": card_id(state, 1, "wild 1")})
    assert state["phase"] == "tie_reveal"
    assert _note(state, 0) == (
        "Your bid of Forest 2 and its payment still tie: reveal a card from your hand, or the "
        "top card of the deck, as the others still tied do. The higher card takes first; level cards "
        "reveal again. Revealed cards are discarded: they pay for nothing."
    )
    assert _note(state, 2) == ""


def test_the_eagle_holders_mail_says_what_an_eagle_bid_is_and_then_what_to_keep():
    # A mail player read 29 lines such as "eagle Forest 2 Forest 3" with no word of what they
    # mean, then "keep Forest 2" alone.
    state = make_state(
        3,
        "2022",
        hands={0: ["forest 3", "mountains 2", "savannah 1"], 1: ["forest 2", "wild 1"], 2: ["mountains 1"]},
        display=["lion", "peacock"],
        collections={0: {"eagle": 1}},
        leaders={"eagle": 0},
    )
    assert _note(state, 0) == (
        "You hold the Eagle Leader: besides a single bid, you may bid two cards face down "
        "(“eagle” and the two cards). Once the bids are revealed you keep one of them as your "
        "bid; the other goes back to your hand."
    )
    assert _note(state, 1) == ""
    state = ENGINE.apply(
        state, 0, {"type": "eagle_bid", "cards": [card_id(state, 0, "forest 3"), card_id(state, 0, "mountains 2")]}
    )
    state = bid(bid(state, 1, "forest 2"), 2, "refill")
    assert state["phase"] == "eagle"
    assert _note(state, 0) == (
        "The bids are revealed: keep one of your two cards as your bid (Forest 3 or Mountains 2); "
        "the other goes back to your hand."
    )


def test_the_mail_explains_the_turn_before_it_lists_the_commands():
    # #68: the tie-payment mail explained the tie after a long list of commands.
    from django.template.loader import render_to_string

    ctx = {"moves": [{"phrase": f"lay Forest {n}"} for n in range(1, 12)], "turn_note": "Your bid ties with Ben."}
    text = render_to_string("emails/game-moves-text.html", ctx)
    html = render_to_string("emails/game-moves-html.html", ctx)
    for rendered in (text, html):
        assert rendered.index("Your bid ties with Ben.") < rendered.index("lay Forest 1")
