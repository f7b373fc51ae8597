"""Answers ahead in CuBirds: a whole next turn stored while the others play (a lay for a row as it
lies now, the draw, the family), played the moment the seat is called while that row is unchanged;
a lay for a row that changed meanwhile is dropped with why, never played, and the seat asked."""

from __future__ import annotations

import pytest

from games.ahead.models import StoredAnswer
from games.engines import get_engine
from games.models import Action, Deadline
from games.services import do_action
from games.services.ahead import do_answer_ahead
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("cubirds")


def _game():
    return start_game([make_user("ann"), make_user("ben"), make_user("cy")], engine="cubirds")


def _case(game, seat: int, name: str) -> dict:
    return next(c for c in ENGINE.ahead_cases(game.state, seat) if c["case"] == name)


def _play_turn(game, row: int):
    """The player now lays into `row`, and declines the draw and the family if asked."""
    mover = game.state["player"]
    lay = next(a for a in ENGINE.legal_actions(game.state, mover) if a["row"] == row)
    while game.state["player"] == mover and not game.state["over"]:
        legal = ENGINE.legal_actions(game.state, mover)
        action = lay if game.state["step"] == "lay" else next(a for a in legal if a["type"].startswith("no_"))
        do_action(game.pk, mover, action, "web", user=seat_user(game, mover), expected_version=game.version)
        game.refresh_from_db()
    return game


def _store(game, seat: int, case: str, move: dict) -> None:
    do_answer_ahead(game.pk, seat_user(game, seat), _case(game, seat, case)["phase"], case, move, "web")


def test_a_whole_next_turn_stored_ahead_is_played_the_moment_the_seat_is_called(db):
    game = _game()
    mover = game.state["player"]
    nxt = (mover + 1) % 3
    row_case = ENGINE.ahead_cases(game.state, nxt)[3]["case"]
    assert row_case.startswith("row3:")
    lay = _case(game, nxt, row_case)["moves"][0]
    _store(game, nxt, row_case, lay)
    _store(game, nxt, "draw", {"type": "draw"})
    _store(game, nxt, "family", {"type": "no_family"})
    game = _play_turn(game, row=0)  # the row the answer named is untouched
    assert game.state["player"] == (nxt + 1) % 3, "the whole turn was played from the answers"
    made = list(Action.objects.filter(game=game, seat=nxt).order_by("seq"))
    assert made[0].payload == lay
    assert {a.channel for a in made} == {Action.Channel.AHEAD}
    # The fixed deal: the lay encloses nothing, so the turn goes on to the draw and the family.
    assert [a.payload for a in made[1:]] == [{"type": "draw"}, {"type": "no_family"}]
    assert not Deadline.objects.filter(game=game, seat=nxt).exists(), "no wait opened, so no turn mail"
    assert not StoredAnswer.objects.filter(game=game, seat=nxt).exists()


def test_a_lay_for_a_row_changed_meanwhile_is_dropped_with_why_and_the_seat_asked(db):
    game = _game()
    mover = game.state["player"]
    nxt = (mover + 1) % 3
    row_case = ENGINE.ahead_cases(game.state, nxt)[0]["case"]
    _store(game, nxt, row_case, _case(game, nxt, row_case)["moves"][0])
    game = _play_turn(game, row=0)
    assert game.state["player"] == nxt and game.state["step"] == "lay"
    assert Deadline.objects.filter(game=game, seat=nxt, closed_at__isnull=True).exists()
    (answer,) = StoredAnswer.objects.filter(game=game, seat=nxt)
    assert answer.status == StoredAnswer.Status.DROPPED
    assert answer.reason["template"] == "Row %(row)s has changed since you answered."
    assert not Action.objects.filter(game=game, channel=Action.Channel.AHEAD).exists()


def test_a_lay_not_offered_for_that_row_is_refused_and_nothing_is_stored(db):
    from games.services.errors import ActionRejected

    game = _game()
    nxt = (game.state["player"] + 1) % 3
    lay = _case(game, nxt, ENGINE.ahead_cases(game.state, nxt)[1]["case"])["moves"][0]
    with pytest.raises(ActionRejected) as refused:
        _store(game, nxt, ENGINE.ahead_cases(game.state, nxt)[0]["case"], lay)  # a row-1 lay for row 0
    assert refused.value.code == "illegal"
    assert not StoredAnswer.objects.exists()


def test_the_table_offers_the_next_turn_row_by_row_and_says_why_a_stale_lay_was_not_played(client):
    game = _game()
    nxt = (game.state["player"] + 1) % 3
    client.force_login(seat_user(game, nxt))
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Your next turn, as you would play it now" in page
    assert all(f"if row {row} is as you see it now" in page for row in (1, 2, 3, 4))
    row_case = ENGINE.ahead_cases(game.state, nxt)[0]["case"]
    _store(game, nxt, row_case, _case(game, nxt, row_case)["moves"][0])
    game = _play_turn(game, row=0)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Row 1 has changed since you answered." in page
