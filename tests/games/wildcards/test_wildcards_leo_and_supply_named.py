"""Leo and the Leader supply are named as such at the table and in the mails, never as a seat.

Leo is no seat (he is the participant after the last seat) and the supply is nobody: a line
that names them "2", "Seat 3" or "supply takes ..." tells the reader about a player who does
not exist.
"""

from __future__ import annotations

from games.bymail import render
from games.engines.wildcards import ENGINE
from games.presenters.wildcards import mail
from tests.engines.wildcards.scenario import animal_id, bid, card_id, make_state
from tests.games.wildcards.wildcards_told import Told

NAMES = ["Ann", "Ben", "Cy"]


def _leo_bids_savannah_1() -> Told:
    """2022, Ann and Ben with Leo: Ann bids Forest 3, Ben Forest 4, Leo's pile turns up Savannah 1."""
    state = make_state(
        2,
        "2022",
        leo=True,
        hands={0: ["forest 3", "forest 1", "mountains 2"], 1: ["forest 4", "wild 1", "savannah 2", "mountains 1"]},
        display=["lion", "eagle"],
    )
    state["leo_sealed"] = card_id({"hands": [state["deck"]]}, 0, "savannah 1")
    state["deck"].remove(state["leo_sealed"])
    told = Told(state, NAMES[:2])
    told.play(0, {"type": "bid", "card": card_id(told.state, 0, "forest 3")})
    told.play(1, {"type": "bid", "card": card_id(told.state, 1, "forest 4")})
    return told


REVEALED = "Bids revealed: Ann (Forest 3), Ben (Forest 4), Leo (Savannah 1)"


def test_the_revealed_bids_name_leo_on_the_table():
    told = _leo_bids_savannah_1()
    for viewer in (None, 0, 1):
        lines = [line for line in told.this_round(viewer) if line.startswith("Bids revealed")]
        assert len(lines) == 1 and lines[0].startswith(REVEALED), lines


def test_the_revealed_bids_name_leo_in_the_turn_mail():
    told = _leo_bids_savannah_1()
    for viewer in (0, 1):
        lines = [line for line in told.mail_round(viewer) if line.startswith("Bids revealed")]
        assert len(lines) == 1 and lines[0].startswith(REVEALED), lines


def test_the_latest_moves_name_leo_when_the_bids_are_revealed():
    told = _leo_bids_savannah_1()
    for viewer in (None, 0, 1):
        lines = told.latest_moves(viewer)
        assert any(line.startswith(REVEALED) for line in lines), lines
        assert not any("Seat 3" in line for line in lines), lines


def test_the_view_names_leos_bid_leo():
    view = ENGINE.view(_leo_bids_savannah_1().state, None)
    bids = next(entry["bids"] for entry in view["log"] if entry["event"] == "bids")
    assert bids == {"0": "forest 3", "1": "forest 4", "leo": "savannah 1"}


def _meerkat_swapped_away() -> Told:
    """2022, three players. Ann holds the Meerkat Leader with her only Meerkat and a Lion, and
    bids the Refill card: she swaps her Meerkat for the Peacock on display. Nobody has a Meerkat
    left, so its Leader goes back to the supply (RULES-NOTES); she claims the Peacock's."""
    state = make_state(
        3,
        "2022",
        display=["peacock", "eagle"],
        collections={0: {"meerkat": 1, "lion": 1}},
        leaders={"meerkat": 0},
    )
    state = bid(state, 0, "refill")
    state = ENGINE.apply(state, 1, {"type": "bid", "card": state["hands"][1][0]})
    state = ENGINE.apply(state, 2, {"type": "bid", "card": state["hands"][2][0]})
    assert state["phase"] == "swap" and state["to_act"] == [0]
    told = Told(state, NAMES)
    told.play(0, {"type": "swap", "give": "meerkat", "take": animal_id(state, "peacock")})
    assert "meerkat" in told.view(None)["leader_supply"]
    return told


BACK_TO_SUPPLY = "The Meerkat leader goes back to the supply."


def test_a_leader_back_in_the_supply_is_told_as_such_on_the_table():
    told = _meerkat_swapped_away()
    for viewer in (None, 0, 1):
        lines = told.this_round(viewer)
        assert BACK_TO_SUPPLY in lines, lines
        assert not any("supply takes" in line or "Seat" in line for line in lines), lines


def test_a_leader_back_in_the_supply_is_told_as_such_in_the_latest_moves_and_the_mail():
    told = _meerkat_swapped_away()
    for viewer in (None, 0, 1, 2):
        lines = told.latest_moves(viewer)
        assert BACK_TO_SUPPLY in lines, lines
        assert not any("Seat" in line for line in lines), lines
    for viewer in (0, 1, 2):
        lines = told.mail_round(viewer)
        assert BACK_TO_SUPPLY in lines, lines
        assert not any("Seat" in line for line in lines), lines


def test_a_bot_seat_s_name_and_its_bid_read_apart_in_every_language():
    # Not "Bot 1 · bot de nivel Bueno Bosque 2", the level running into the card.
    from django.utils import translation

    from games.presenters.wildcards.log import event_line

    names = {0: "Valentina", 1: "Bot 1 · bot de nivel Bueno"}
    with translation.override("es"):
        bids = event_line({"event": "bids", "bids": {"0": "mountains 3", "1": "forest 2"}}, names)
        ties = event_line({"event": "tie_payment", "totals": {"0": 7, "1": 5}}, names)
    assert bids == "Pujas reveladas: Valentina (Montañas 3), Bot 1 · bot de nivel Bueno (Bosque 2)."
    assert ties.endswith(": Valentina (7), Bot 1 · bot de nivel Bueno (5).")


def _leo_holds_the_peacock_leader() -> dict:
    state = make_state(
        2,
        "2022",
        leo=True,
        display=["lion", "eagle"],
        collections={"leo": {"peacock": 1}, 0: {"lion": 1}},
        leaders={"peacock": "leo"},
    )
    return state


def test_the_turn_mail_tells_leos_animals_leader_and_pile():
    # A mail-only player read "Leo: Forest 2; animals: Peacock 1" while the table showed Leo
    # holding the Peacock Leader; his players' lines name their Leaders.
    state = _leo_holds_the_peacock_leader()
    view = ENGINE.view(state, 0)
    players = next(
        s["lines"] for s in render.board("wildcards", view, dict(enumerate(NAMES[:2]))) if s["title"] == "Players"
    )
    leo = [line for line in players if line.startswith("Leo:")]
    pile = view["leo"]["pile_size"]
    assert leo == [f"Leo: {pile} cards in his pile; has bid; animals: Peacock 1; Leader of Peacock"]


def test_the_round_results_mail_lists_leos_collection():
    # The round's results ("Collections now") listed only the seats: Leo's animals were missing.
    state = _leo_holds_the_peacock_leader()
    view = ENGINE.view(state, 1)
    sections = mail.results(view, dict(enumerate(NAMES[:2])), {"log": []})
    collections = next(s["lines"] for s in sections if s["title"] == "Collections now")
    assert any(line.startswith("Leo:") and "Peacock 1" in line and "Leader of Peacock" in line for line in collections)
