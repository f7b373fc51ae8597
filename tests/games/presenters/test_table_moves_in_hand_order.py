"""The table's list of moves names a hand's cards in the order the table shows the hand, as the
turn mail does (not the Wild Cards bids in the order the cards were drawn,
"Forest 2, Wild 1, Mountains 2, Forest 3", beside a hand sorted by habitat)."""

from __future__ import annotations

import json

from games import presenters
from games.engines import get_engine
from games.engines.wildcards.cards import REFILL_NAME
from games.presenters.wildcards.table import habitat_card
from tests.conftest import make_user
from tests.games.conftest import start_game


def test_a_wild_cards_table_lists_the_bids_in_the_order_of_the_hand_it_shows(db):
    game = start_game([make_user("ann"), make_user("ben")], engine="wildcards")
    engine = get_engine("wildcards")
    for position in (0, 1):
        hand = [habitat_card(card["id"]) for card in engine.view(game.state, position)["hand"]]
        drawn = [action["card"] for action in engine.legal_actions(game.state, position) if action["type"] == "bid"]
        payloads = [json.loads(choice["payload"]) for choice in presenters.legal_action_choices(game, position)]
        bids = [payload["card"] for payload in payloads if payload["type"] == "bid"]
        # The Refill card, not in the hand's list of Habitat cards, comes after them, as in the hand.
        assert bids[-1] == REFILL_NAME
        listed = [habitat_card(card) for card in bids[:-1]]
        assert len(listed) > 2 and sorted(listed) == sorted(habitat_card(card) for card in drawn if card != REFILL_NAME)
        assert listed == [card for card in dict.fromkeys(hand) if card in listed], (hand, listed)
