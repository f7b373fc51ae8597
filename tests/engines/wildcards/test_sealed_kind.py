"""RULES-NOTES, "A simultaneous phase is sealed": the Refill card has the same back as the
Habitat cards, so while a bid lies face down others see only how many cards a player holds."""

from __future__ import annotations

from games.engines.wildcards import ENGINE
from tests.engines.wildcards.scenario import bid, card_id, make_state

HANDS = {0: ["forest 3", "forest 1", "wild 1", "savannah 2"], 1: ["forest 2", "mountains 1"], 2: ["savannah 1"]}


def _seen_by_others(state: dict, seat: int) -> list[dict]:
    return [ENGINE.view(state, viewer)["players"][seat] for viewer in (None, 1, 2)]


def test_a_sealed_refill_bid_shows_others_only_the_cards_held():
    state = make_state(3, "2022", hands=HANDS, display=["lion", "eagle"])
    refill, habitat = bid(state, 0, "refill"), bid(state, 0, "forest 3")
    assert _seen_by_others(refill, 0) == _seen_by_others(habitat, 0)
    assert _seen_by_others(refill, 0)[0]["cards_held"] == 4
    own = ENGINE.view(refill, 0)["players"][0]
    assert (own["hand_size"], own["refill_in_hand"]) == (4, False)


def test_the_eagles_face_down_cards_show_others_only_the_cards_held():
    state = make_state(3, "2022", hands=HANDS, display=["lion", "eagle"], leaders={"eagle": 0})
    forest_3, forest_1 = card_id(state, 0, "forest 3"), card_id(state, 0, "forest 1")
    with_refill = ENGINE.apply(state, 0, {"type": "eagle_bid", "cards": [forest_3, "refill"]})
    two_habitats = ENGINE.apply(state, 0, {"type": "eagle_bid", "cards": [forest_3, forest_1]})
    assert _seen_by_others(with_refill, 0) == _seen_by_others(two_habitats, 0)
    # After the reveal the holder keeps one card; taking the other back unseen tells nothing either.
    for seat, label in ((1, "forest 2"), (2, "savannah 1")):
        with_refill, two_habitats = bid(with_refill, seat, label), bid(two_habitats, seat, label)
    assert with_refill["phase"] == two_habitats["phase"] == "eagle"
    assert _seen_by_others(with_refill, 0) == _seen_by_others(two_habitats, 0)
    kept_refill = ENGINE.apply(with_refill, 0, {"type": "eagle_choose", "card": forest_3})
    kept_habitat = ENGINE.apply(two_habitats, 0, {"type": "eagle_choose", "card": forest_3})
    assert _seen_by_others(kept_refill, 0) == _seen_by_others(kept_habitat, 0)
