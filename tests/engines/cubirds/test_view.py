"""What each seat sees: its own hand, the table, sizes of what is hidden."""

import json

from games.engines.cubirds import ENGINE
from games.engines.simulate import play_random_game

VIEW_KEYS = {
    "game", "num_players", "seat", "turn", "player", "step", "to_act", "species", "rows", "collections",
    "collection_counts", "collection_sizes", "hand_sizes", "deck_size", "discard_size", "events", "hand",
    "hand_counts", "legal_actions", "over", "end", "winner", "result", "hands",
}  # fmt: skip


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    state = ENGINE.new_game(4, seed=7)
    for seat in range(4):
        view = ENGINE.view(state, seat)
        assert set(view) == VIEW_KEYS
        assert sorted(card["id"] for card in view["hand"]) == sorted(state["hands"][seat])
        assert view["hand_sizes"] == [8, 8, 8, 8]
        assert view["hands"] is None
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                assert not any(f'"{card}"' in text for card in state["hands"][other])
        assert not any(f'"{card}"' in text for card in state["deck"] + state["discard"])
        assert view["deck_size"] == len(state["deck"]) and view["discard_size"] == len(state["discard"])
    assert ENGINE.view(state, 0)["legal_actions"] == ENGINE.legal_actions(state, 0)
    assert ENGINE.view(state, 1)["legal_actions"] == []


def test_a_spectator_sees_no_hand():
    state = ENGINE.new_game(3, seed=3)
    view = ENGINE.view(state, None)
    assert view["hand"] is None and view["seat"] is None
    text = json.dumps(view)
    assert not any(f'"{card}"' in text for hand in state["hands"] for card in hand)
    assert [[card["id"] for card in row] for row in view["rows"]] == state["rows"]
    assert view["collection_sizes"] == [1, 1, 1]


def test_the_end_of_the_game_shows_every_hand_and_the_result():
    state = play_random_game(ENGINE, 3, 11).final_state
    view = ENGINE.view(state, None)
    assert view["over"] and view["to_act"] == [] and view["player"] is None
    assert [[card["id"] for card in hand] for hand in view["hands"]] == state["hands"]
    assert view["result"] == ENGINE.result(state)


def test_the_events_tell_what_the_last_turns_did():
    state = ENGINE.new_game(2, seed=5)
    action = ENGINE.legal_actions(state, 0)[0]
    after = ENGINE.apply(state, 0, action)
    event = ENGINE.view(after, 1)["events"][0]
    assert {key: event[key] for key in ("turn", "seat", "type", "species", "row", "side")} == {
        "turn": 1, "seat": 0, **action,
    }  # fmt: skip
    assert event["count"] == sum(1 for card in state["hands"][0] if card.startswith(action["species"] + "-"))
