"""A player moving at the table is not mailed about each turn, or each round, while they are there.

Against three Strong bots from the table, the bots answer within a second, and a "Your move"
mail for every one of the player's turns would be 59 in a few minutes, besides a results mail a
round. Mail to a player who moved on the site within GAME_MAIL_GRACE_SECONDS waits that long: a
turn mail is dropped if they play the turn meanwhile (as any mail for a turn already played is),
a round's results if they move on at the table, and both are sent if they leave.
"""

from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from games.engines import get_engine
from games.models import Action, Game
from games.services import do_action
from tests.bymail.conftest import text_of
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db

GRACE = 180


@pytest.fixture(autouse=True)
def grace(settings):
    settings.GAME_MAIL_GRACE_SECONDS = GRACE


def _act(game: Game, seat: int, channel: str = Action.Channel.WEB) -> Game:
    engine = get_engine(game.engine)
    action = engine.legal_actions(game.state, seat)[0]
    do_action(game.pk, seat, action, channel, user=seat_user(game, seat), expected_version=game.version)
    game.refresh_from_db()
    return game


def _round_to(game: Game, seat: int, channel: str = Action.Channel.WEB) -> Game:
    """`seat` moves (by `channel`), then the others, until `seat` is to act again."""
    engine = get_engine(game.engine)
    game = _act(game, seat, channel)
    while seat not in engine.to_act(game.state):
        game = _act(game, engine.to_act(game.state)[0])
    return game


def _turn_mail(game: Game, seat: int) -> OutboxMessage:
    return OutboxMessage.objects.filter(key__startswith=f"turn:{game.pk}:{seat}:").latest("pk")


def _later(seconds: int):
    """The clock `seconds` from now, for the outbox that decides what is due."""
    return mock.patch("django.utils.timezone.now", return_value=timezone.now() + timedelta(seconds=seconds))


def _wizard_table() -> tuple[Game, int]:
    game = start_game([make_user(name) for name in ("ann", "ben", "cid")], engine="wizard")
    return game, get_engine("wizard").to_act(game.state)[0]


def test_a_turn_the_player_plays_at_the_table_within_the_grace_is_never_mailed(mail_server):
    game, first = _wizard_table()
    mail_server()  # the opening turn mail: nobody had moved yet, it goes at once
    game = _round_to(game, first)

    mine = _turn_mail(game, first)
    assert mine.next_attempt_at >= timezone.now() + timedelta(seconds=GRACE - 30)
    assert seat_user(game, first).email not in {m["To"] for m in mail_server()}  # not due yet

    game = _act(game, first)  # played from the table: the mail has nothing to ask
    with _later(GRACE + 1):
        delivered = mail_server()
    assert seat_user(game, first).email not in {m["To"] for m in delivered}
    mine.refresh_from_db()
    assert mine.status == OutboxMessage.Status.DROPPED


def test_a_player_who_leaves_the_table_gets_the_turn_mail_once_the_grace_is_over(mail_server):
    game, first = _wizard_table()
    mail_server()
    game = _round_to(game, first)
    with _later(GRACE + 1):
        delivered = [m for m in mail_server() if m["To"] == seat_user(game, first).email]
    # Round 1's cards played themselves (each seat's only card), so its results come too.
    texts = [text_of(m) for m in delivered]
    turns = [text for text in texts if "it is your move in Wizard" in text]
    results = [text for text in texts if "Round 1 of Wizard #" in text and "is over" in text]
    assert len(texts) == 2 and len(turns) == 1 and len(results) == 1
    assert _turn_mail(game, first).status == OutboxMessage.Status.SENT


@pytest.mark.parametrize("channel", [Action.Channel.EMAIL_REPLY, Action.Channel.EMAIL_LINK])
def test_a_player_who_moved_by_mail_is_mailed_about_the_next_turn_at_once(mail_server, channel):
    game, first = _wizard_table()
    mail_server()
    game = _round_to(game, first, channel=channel)
    assert _turn_mail(game, first).next_attempt_at <= timezone.now()
    assert seat_user(game, first).email in {m["To"] for m in mail_server()}


def test_a_player_moving_through_the_api_is_not_mailed_each_turn_either(mail_server):
    # A program playing through the API has the same grace, or the player behind it receives a
    # turn mail for every trick (239 in five minutes).
    game, first = _wizard_table()
    mail_server()
    game = _round_to(game, first, channel=Action.Channel.API)
    assert _turn_mail(game, first).next_attempt_at >= timezone.now() + timedelta(seconds=GRACE - 30)
    game = _act(game, first, channel=Action.Channel.API)  # played meanwhile: nothing to ask
    with _later(GRACE + 1):
        delivered = mail_server()
    assert seat_user(game, first).email not in {m["To"] for m in delivered}


def test_the_others_are_mailed_at_once_whatever_the_mover_does(mail_server):
    game, first = _wizard_table()
    mail_server()
    game = _act(game, first)
    after = get_engine("wizard").to_act(game.state)[0]
    assert _turn_mail(game, after).next_attempt_at <= timezone.now()
    assert seat_user(game, after).email in {m["To"] for m in mail_server()}


def test_no_grace_mails_every_turn_at_once(mail_server, settings):
    settings.GAME_MAIL_GRACE_SECONDS = 0
    game, first = _wizard_table()
    mail_server()
    game = _round_to(game, first)
    assert seat_user(game, first).email in {m["To"] for m in mail_server()}


def _to_the_next_round(game: Game, seat: int) -> Game:
    """Everyone plays on the site until a new round starts and `seat` is to act in it."""
    engine = get_engine(game.engine)
    start = game.state["round"]
    while game.state["round"] == start or seat not in engine.to_act(game.state):
        game = _act(game, engine.to_act(game.state)[0])
    return game


def _results_mail(game: Game, seat: int) -> OutboxMessage:
    return OutboxMessage.objects.get(key=f"results:{game.pk}:1:{seat}")


def test_a_round_the_player_saw_end_at_the_table_is_not_mailed_if_they_move_on(mail_server):
    game, first = _wizard_table()
    mail_server()
    game = _to_the_next_round(game, first)  # round 1 of Wizard: one bid and one card each
    mine, others = _results_mail(game, first), [_results_mail(game, s) for s in range(3) if s != first]
    assert mine.next_attempt_at >= timezone.now() + timedelta(seconds=GRACE - 30)
    game = _act(game, first)  # the player moves on at the table: they saw the round end
    with _later(GRACE + 1):
        delivered = mail_server()
    assert seat_user(game, first).email not in {m["To"] for m in delivered if m["X-Wildcards-Event"] == "phase-results"}
    mine.refresh_from_db()
    assert mine.status == OutboxMessage.Status.DROPPED
    for row in others:  # dropped for whoever moved on at the table after the round ended, sent to the rest
        row.refresh_from_db()
        moved_on = Action.objects.filter(game=game, seat=row.recipe["seat"], seq__gte=row.recipe["version"]).exists()
        assert row.status == (OutboxMessage.Status.DROPPED if moved_on else OutboxMessage.Status.SENT)


def test_a_player_who_left_the_table_gets_the_rounds_results_after_the_grace(mail_server):
    game, first = _wizard_table()
    mail_server()
    game = _to_the_next_round(game, first)
    with _later(GRACE + 1):
        delivered = [m for m in mail_server() if m["To"] == seat_user(game, first).email]
    assert "phase-results" in {m["X-Wildcards-Event"] for m in delivered}
    assert _results_mail(game, first).status == OutboxMessage.Status.SENT


def test_a_move_made_longer_ago_than_the_grace_does_not_hold_the_mail(mail_server):
    game, first = _wizard_table()
    mail_server()
    game = _act(game, first)
    Action.objects.filter(game=game, seat=first).update(created_at=timezone.now() - timedelta(seconds=GRACE + 1))
    engine = get_engine("wizard")
    while first not in engine.to_act(game.state):
        game = _act(game, engine.to_act(game.state)[0])
    assert _turn_mail(game, first).next_attempt_at <= timezone.now()


def test_a_good_bots_answer_from_its_task_holds_the_mail_of_the_player_at_the_table(mail_server):
    # The case the demo showed: the person's turn opens in the bot's own move, made by its task.
    from games.services import do_create_game
    from games.services.bot_moves import do_bot_move

    ann = make_user("ann")
    game = do_create_game(ann, "wizard", 3, bots=2, bot_levels=["good", "good"], seed="s2")
    engine = get_engine("wizard")
    person = game.seats.get(user=ann).position
    mail_server()
    for _step in range(40):
        game.refresh_from_db()
        if person in engine.to_act(game.state) and Action.objects.filter(game=game, seat=person).exists():
            break
        if person in engine.to_act(game.state):
            game = _act(game, person)
        else:
            do_bot_move(game.pk, engine.to_act(game.state)[0])  # as the worker would, at once
    last = Action.objects.filter(game=game).latest("seq")
    assert last.channel == Action.Channel.BOT
    assert _turn_mail(game, person).next_attempt_at >= timezone.now() + timedelta(seconds=GRACE - 30)


def test_a_short_wait_is_mailed_at_once_even_to_a_player_at_the_table(mail_server):
    # A wait shorter than two graces (a low time bank) cannot afford to hold its mail back.
    game = start_game([make_user(name) for name in ("ann", "ben", "cid")], engine="wizard", phase_seconds=300)
    first = get_engine("wizard").to_act(game.state)[0]
    mail_server()
    game = _round_to(game, first)
    assert _turn_mail(game, first).next_attempt_at <= timezone.now()


def test_a_seat_that_changed_hands_is_not_at_the_table_with_its_old_player():
    from games.services.notify import at_the_table

    game, first = _wizard_table()
    game = _act(game, first)
    seat = game.seats.get(position=first)
    assert at_the_table(game, [seat], timezone.now()) == {first}
    Action.objects.filter(game=game, seat=first).update(actor=make_user("dee"))  # moved by somebody else
    assert at_the_table(game, [seat], timezone.now()) == set()


def _cubirds_turn_at_the_table() -> tuple[Game, int]:
    """Two players on the site; the first has just come back to a turn of their own, with its
    turn mail held back because they moved at the table moments ago."""
    game = start_game([make_user(name) for name in ("ann", "ben")], engine="cubirds")
    first = get_engine("cubirds").to_act(game.state)[0]
    return _next_turn(game, first), first


def _next_turn(game: Game, seat: int, channel: str = Action.Channel.WEB) -> Game:
    """`seat` plays out its turn (lay, draw or not, family) by `channel`, the other theirs."""
    engine = get_engine("cubirds")
    while seat in engine.to_act(game.state):
        game = _act(game, seat, channel)
    while seat not in engine.to_act(game.state):
        game = _act(game, engine.to_act(game.state)[0])
    return game


def _lay(game: Game, seat: int, channel: str = Action.Channel.WEB) -> Game:
    engine = get_engine("cubirds")
    lay = next(a for a in engine.legal_actions(game.state, seat) if a["type"] == "lay")
    do_action(game.pk, seat, lay, channel, user=seat_user(game, seat), expected_version=game.version)
    game.refresh_from_db()
    assert seat in engine.to_act(game.state)  # the same turn goes on: one wait, one deadline
    return game


def test_a_turn_of_several_steps_played_out_at_the_table_is_never_mailed(mail_server):
    # The CuBirds turn mail, held back while they are at the table, is dropped once they lay
    # there: it would show the hand before the lay, offer lays no longer legal, and their reply
    # to it would be refused as "you already answered".
    game, first = _cubirds_turn_at_the_table()
    mail_server()
    mine = _turn_mail(game, first)
    assert mine.next_attempt_at >= timezone.now() + timedelta(seconds=GRACE - 30)
    game = _lay(game, first)  # the first step of the turn, at the table
    with _later(GRACE - 60):
        assert seat_user(game, first).email not in {m["To"] for m in mail_server()}
    while first in get_engine("cubirds").to_act(game.state):  # the rest of the turn
        game = _act(game, first)
    with _later(2 * GRACE):
        delivered = mail_server()
    assert seat_user(game, first).email not in {m["To"] for m in delivered if m["X-Wildcards-Event"] == "your-turn"}
    mine.refresh_from_db()
    assert mine.status == OutboxMessage.Status.DROPPED


def test_a_player_who_leaves_halfway_through_a_turn_is_mailed_the_step_it_is_at(mail_server):
    # Dropping the mail once they begin the turn at the table would leave a player who then
    # closes the page without any mail until the reminder, days later in a slow game.
    game, first = _cubirds_turn_at_the_table()
    mail_server()
    with _later(100):  # they think, then lay
        game = _lay(game, first)
    with _later(GRACE + 1):  # the grace after the turn opened: they laid since, may be at it still
        assert seat_user(game, first).email not in {m["To"] for m in mail_server()}
    with _later(100 + GRACE + 1):  # the grace after the lay: gone
        delivered = [m for m in mail_server() if m["To"] == seat_user(game, first).email]
    assert [m["X-Wildcards-Event"] for m in delivered] == ["your-turn"]
    text = text_of(delivered[0])
    engine = get_engine("cubirds")
    view = engine.view(game.state, first)
    from games.bymail import render

    for action in engine.legal_actions(game.state, first):  # the step after the lay
        assert f"\n  {render.phrase('cubirds', action, view)}\r\n" in text
    assert re.search(r"\blay \w+ row \d", text) is None


@pytest.mark.parametrize("channel", [Action.Channel.EMAIL_LINK, Action.Channel.EMAIL_REPLY])
def test_a_turn_mail_sent_after_the_first_step_asks_for_the_next_one(mail_server, settings, channel):
    # A turn mail still in the outbox when the player made the turn's first step by mail (a busy
    # worker, a broker back up): it is built when sent, from the game as it stands then.
    from games.bymail import render
    from games.bymail.tokens import find_reply_token
    from games.services.mail_reply import do_mail_moves

    settings.GAME_MAIL_GRACE_SECONDS = 0
    game = start_game([make_user(name) for name in ("ann", "ben")], engine="cubirds")
    first = get_engine("cubirds").to_act(game.state)[0]
    mail_server()
    game = _next_turn(game, first, channel=channel)
    mine = _turn_mail(game, first)
    game = _lay(game, first, channel=channel)
    delivered = [m for m in mail_server() if m["To"] == seat_user(game, first).email]
    assert [m["X-Wildcards-Event"] for m in delivered] == ["your-turn"]
    mine.refresh_from_db()
    assert mine.status == OutboxMessage.Status.SENT
    text = text_of(delivered[0])
    engine = get_engine("cubirds")
    step = engine.legal_actions(game.state, first)
    view = engine.view(game.state, first)
    for action in step:  # the step the turn is at (draw or not, or a family), as reply commands
        assert f"\n  {render.phrase('cubirds', action, view)}\r\n" in text
    assert re.search(r"\blay \w+ row \d", text) is None  # laid already: no lay to offer
    wait = find_reply_token([delivered[0]["Reply-To"]])
    assert wait.version == game.version  # a reply to it answers the turn as it stands
    moved = do_mail_moves(wait, seat_user(game, first), [step[0]], channel)
    assert moved.applied == [step[0]]


def test_a_turn_a_timeout_opens_holds_the_mail_of_the_player_at_the_table(mail_server):
    # Lucía moves at the table, another player's deadline passes 14 seconds later: no turn mail
    # at once, as she is still there.
    from games.models import Deadline
    from games.services import sweep_overdue

    game, first = _wizard_table()
    mail_server()
    game = _act(game, first)
    engine = get_engine("wizard")
    while first not in engine.to_act(game.state):
        Deadline.objects.filter(game=game, closed_at__isnull=True).update(closes_at=timezone.now())
        sweep_overdue(now=timezone.now())
        game.refresh_from_db()
    assert Action.objects.filter(game=game).latest("seq").channel == Action.Channel.TIMEOUT
    assert _turn_mail(game, first).next_attempt_at >= timezone.now() + timedelta(seconds=GRACE - 30)
    # Nor the results of the round the timeouts ended, which the player saw end at the table.
    assert seat_user(game, first).email not in {m["To"] for m in mail_server()}
