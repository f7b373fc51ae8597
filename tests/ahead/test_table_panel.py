"""The table's panel of answers ahead: the owner's alone, answered by pointing, refusals said."""

from __future__ import annotations

import json
import re

import pytest

from games.ahead.models import StoredAnswer
from games.engines import get_engine
from tests.conftest import make_user
from tests.games.conftest import play_until, seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("wizard")


def _game(names=("ann", "ben", "cy")):
    game = start_game([make_user(name) for name in names], engine="wizard")
    return play_until(game, lambda s: s["round"] == 3 and s["phase"] == "play" and not s["trick"], "round 3")


def _post(client, game, **fields):
    return client.post(f"/games/{game.pk}/ahead/", fields, follow=True)


def test_the_owner_answers_a_case_by_pointing_and_takes_it_back(client):
    game = _game()
    second = (game.state["turn"] + 1) % 3
    client.force_login(seat_user(game, second))
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="answers-ahead"' in page
    case = next(c for c in ENGINE.ahead_cases(game.state, second) if c["case"] == "any")
    move = json.dumps(case["moves"][0], sort_keys=True)
    answered = _post(client, game, phase=case["phase"], case="any", action=move).content.decode()
    (stored,) = StoredAnswer.objects.filter(game=game, seat=second)
    assert stored.action == case["moves"][0]
    assert "your answer:" in answered and 'aria-pressed="true"' in answered
    _post(client, game, phase=case["phase"], case="any", drop="1")
    assert not StoredAnswer.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"phase": "r3:t9", "case": "any", "action": '{"type": "play", "card": "blue-1"}'}, "cannot be answered"),
        ({"phase": "r3:t0", "case": "any", "action": '{"type": "play", "card": "nope"}'}, "cannot be made"),
        ({"phase": "r3:t0", "case": "any", "action": "{not json"}, "not understood"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message_and_changes_nothing(client, fields, message):
    game = _game()
    second = (game.state["turn"] + 1) % 3
    client.force_login(seat_user(game, second))
    page = _post(client, game, **fields).content.decode()
    assert message in page
    assert not StoredAnswer.objects.exists()


def test_a_stranger_cannot_answer_for_a_seat(client):
    game = _game()
    client.force_login(make_user("eve"))
    case = ENGINE.ahead_cases(game.state, (game.state["turn"] + 1) % 3)[0]
    page = _post(client, game, phase=case["phase"], case=case["case"], action=json.dumps(case["moves"][0]))
    assert "Only the game&#x27;s players can answer ahead" in page.content.decode()
    assert not StoredAnswer.objects.exists()


def _twin(names, engine: str):
    if engine == "wizard":
        return _game(names)
    game = start_game([make_user(name) for name in names], engine=engine)
    if engine == "wildcards":
        from tests.ahead.test_wildcards_answers_ahead import _waiting

        return play_until(game, _waiting, "an acquisition with two players to come")
    return game


def _answering(game) -> int:
    """A seat not called now that has cases to answer ahead."""
    engine = get_engine(game.engine)
    called = engine.to_act(game.state)
    return next(s for s in range(3) if s not in called and engine.ahead_cases(game.state, s))


def _normalised(html: str, game) -> str:
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'"csrfToken": "[^"]+"|data-csrf="[^"]+"', "", html)
    # The refresh's stamp names the seats' rows and the deadlines' moments: another game's differ.
    html = re.sub(r"stamp=[0-9a-f]+", "stamp=S", html)
    html = re.sub(rf"#{game.pk}\b", "#N", html)
    return html.replace(f"/games/{game.pk}/", "/games/N/")


TWINS = ["wizard", "cubirds", "wildcards"]


@pytest.mark.parametrize("engine", TWINS)
def test_nobody_else_can_tell_whether_a_seat_holds_answers(client, engine):
    # Twins: the same deal twice; in one, a seat not called answers every case ahead. The others'
    # pages and the spectator's read the same until a stored answer is played.
    plain, answered = _twin(("ann", "ben", "cy"), engine), _twin(("ann2", "ben2", "cy2"), engine)
    assert plain.state == answered.state
    second = _answering(answered)
    for case in get_engine(engine).ahead_cases(answered.state, second):
        client.force_login(seat_user(answered, second))
        _post(client, answered, phase=case["phase"], case=case["case"], action=json.dumps(case["moves"][0]))
    assert StoredAnswer.objects.filter(game=answered).count() >= 4
    client.logout()

    def page(game, renamed: bool) -> str:
        html = _normalised(client.get(f"/games/{game.pk}/").content.decode(), game)
        for name in ("ann", "ben", "cy") if renamed else ():
            html = html.replace(f"{name}2", name)
        return html

    assert page(plain, False) == page(answered, True)  # a spectator
    for seat in range(3):
        if seat == second:
            continue
        client.force_login(seat_user(plain, seat))
        mine = page(plain, False)
        client.force_login(seat_user(answered, seat))
        assert mine == page(answered, True)


def _mail_texts(game, seats: list[int]) -> list[str]:
    from wildcards_site.outbox.models import OutboxMessage
    from wildcards_site.outbox.sending import render_claimed

    texts = []
    for seat in seats:
        email = seat_user(game, seat).email
        for row in OutboxMessage.objects.filter(to=email).order_by("pk"):
            if row.recipe is not None and not row.text and not render_claimed(row):
                texts.append("not sent: " + row.key.split(":")[0])  # no longer wanted when it would go
                continue
            text = row.text
            text = re.sub(r"play\+[0-9a-z.]+@", "play+T@", text)
            text = re.sub(r"/mail/(act|unsubscribe)/[^\s/]+/", r"/mail/\1/T/", text)
            text = text.replace(f"/games/{game.pk}/", "/games/N/")
            text = re.sub(rf"#{game.pk}\b", "#N", text)
            texts.append(re.sub(r"\b(ann|ben|cy)2\b", r"\1", text).replace(email, "E"))
    return texts


@pytest.mark.parametrize("engine", TWINS)
def test_the_others_mails_read_the_same_whether_or_not_a_seat_holds_answers(client, settings, engine):
    settings.GAME_MAIL_GRACE_SECONDS = 0
    plain, answered = _twin(("ann", "ben", "cy"), engine), _twin(("ann2", "ben2", "cy2"), engine)
    second = _answering(answered)
    for case in get_engine(engine).ahead_cases(answered.state, second):
        client.force_login(seat_user(answered, second))
        _post(client, answered, phase=case["phase"], case=case["case"], action=json.dumps(case["moves"][0]))
    others = [seat for seat in range(3) if seat != second]
    mails = _mail_texts(plain, others)
    assert mails and mails == _mail_texts(answered, others)


@pytest.mark.parametrize("engine", TWINS)
def test_the_others_api_answers_read_the_same_whether_or_not_a_seat_holds_answers(engine):
    from tests.api.conftest import api_for

    plain, answered = _twin(("ann", "ben", "cy"), engine), _twin(("ann2", "ben2", "cy2"), engine)
    second = _answering(answered)
    owner = api_for(seat_user(answered, second))
    for case in get_engine(engine).ahead_cases(answered.state, second):
        body = {"phase": case["phase"], "case": case["case"], "action": case["moves"][0]}
        assert owner.post(f"/games/{answered.pk}/answers-ahead", body).status_code in (200, 201)
    assert StoredAnswer.objects.filter(game=answered).exists()

    def answers(game, seat: int | None, renamed: bool) -> str:
        api = api_for(seat_user(game, seat) if seat is not None else make_user(f"eve{game.pk}"))
        detail, legal = api.get(f"/games/{game.pk}").json(), api.get(f"/games/{game.pk}/legal-actions").json()
        # The game's own number differs between the twins (a card's id may equal it: only these keys).
        for body, key in ((detail, "id"), (legal, "game")):
            if isinstance(body, dict) and body.get(key) == game.pk:
                body[key] = "N"
        text = json.dumps([detail, legal]).replace(f"/games/{game.pk}/", "/games/N/")
        text = re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)", "T", text)  # made a moment apart
        text = text.replace(f"eve{game.pk}", "eve")
        for name in ("ann", "ben", "cy") if renamed else ():
            text = text.replace(f"{name}2", name)
        return text

    for seat in [None, *(s for s in range(3) if s != second)]:
        assert answers(plain, seat, False) == answers(answered, seat, True)


def test_on_the_players_turn_the_table_comes_before_the_answers_ahead_and_the_delegate(client):
    """On a phone the page is one column: 'Click your move on the table' pointed at a hand a
    screen and a half below, under these cards. On the player's turn they follow the table;
    while others play they stay first, as they are then what there is to do."""
    game = _game()
    leader, second = game.state["turn"], (game.state["turn"] + 1) % 3
    for seat, its_turn in ((leader, True), (second, False)):
        client.force_login(seat_user(game, seat))
        page = client.get(f"/games/{game.pk}/").content.decode()
        at = {part: page.index(f'id="{part}"') for part in ("my-turn", "view", "answers-ahead", "delegate")}
        assert at["my-turn"] < at["view"]
        if its_turn:
            assert at["view"] < at["answers-ahead"] and at["view"] < at["delegate"]
        else:
            assert at["answers-ahead"] < at["view"] and at["delegate"] < at["view"]
