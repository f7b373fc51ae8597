from datetime import UTC, datetime, timedelta

import pytest

from games.engines import get_engine
from games.models import Action, Deadline, Game, Seat, Vacation
from games.presenters import action_label
from games.services import (
    do_action,
    do_close_overdue,
    do_extend_deadline,
    do_pause,
    do_resign,
    do_resume,
    do_send_reminders,
    sweep_overdue,
)
from games.services.timing import extend_for_vacation
from tests.conftest import rendered
from tests.games.conftest import seat_user, start_game
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db
DAY = 86400


def open_waits(game):
    return Deadline.objects.filter(game=game, closed_at__isnull=True)


def later(game, **delta):
    return open_waits(game).order_by("closes_at").first().closes_at + timedelta(**delta)


def test_the_sweep_closes_an_overdue_phase_with_the_default_action(players):
    game = start_game(players, phase_seconds=DAY)
    assert sweep_overdue(now=later(game, seconds=-1)) == 0
    assert sweep_overdue(now=later(game, seconds=1)) == 3
    game.refresh_from_db()
    assert game.state["phase"] == "claim"
    timeouts = Action.objects.filter(game=game, channel=Action.Channel.TIMEOUT)
    assert timeouts.count() == 3
    assert Deadline.objects.filter(game=game, outcome=Deadline.Outcome.TIMEOUT).count() == 3


def test_closing_twice_changes_nothing(players):
    game = start_game(players, phase_seconds=DAY)
    moment = later(game, seconds=1)
    assert do_close_overdue(game.pk, now=moment) == 3
    game.refresh_from_db()
    version = game.version
    assert do_close_overdue(game.pk, now=moment) == 0
    assert sweep_overdue(now=moment) == 0
    game.refresh_from_db()
    assert game.version == version


def test_only_the_seats_that_did_not_act_get_the_default(players):
    game = start_game(players, phase_seconds=DAY)
    position = 1
    do_action(
        game.pk,
        position,
        {"type": "bid", "card": game.state["hands"][position][-1]},
        "web",
        user=seat_user(game, position),
        expected_version=0,
    )
    sweep_overdue(now=later(game, seconds=1))
    timed_out = set(Action.objects.filter(game=game, channel="timeout").values_list("seat", flat=True))
    assert timed_out == {0, 2}


def test_a_late_bid_after_the_timeout_is_refused_as_stale(players):
    game = start_game(players, phase_seconds=DAY)
    sweep_overdue(now=later(game, seconds=1))
    with pytest.raises(Exception) as rejected:
        do_action(game.pk, 0, {"type": "bid", "card": 1}, "web", user=seat_user(game, 0), expected_version=0)
    assert rejected.value.code == "stale"


def test_reminders_go_out_once_with_a_lead_that_fits_the_phase(players):
    game = start_game(players, phase_seconds=DAY)
    closes = later(game)
    assert do_send_reminders(now=closes - timedelta(hours=2)) == 0
    assert do_send_reminders(now=closes - timedelta(minutes=59)) == 3
    assert do_send_reminders(now=closes - timedelta(minutes=30)) == 0
    assert OutboxMessage.objects.filter(key__startswith="reminder:").count() == 3


def test_longer_phases_are_reminded_three_hours_ahead(players):
    game = start_game(players, phase_seconds=3 * DAY)
    closes = later(game)
    assert do_send_reminders(now=closes - timedelta(hours=4)) == 0
    assert do_send_reminders(now=closes - timedelta(hours=2, minutes=59)) == 3


def test_a_one_hour_phase_is_reminded_when_a_quarter_of_it_is_left_not_at_once(players):
    # With one-hour phases the reminder does not go a minute after the turn opens, before the
    # turn mail it reminds of (a one-hour lead is the whole phase).
    game = start_game(players, phase_seconds=3600)
    closes = later(game)
    assert do_send_reminders(now=closes - timedelta(minutes=59)) == 0
    assert do_send_reminders(now=closes - timedelta(minutes=16)) == 0
    assert do_send_reminders(now=closes - timedelta(minutes=15)) == 3


def test_no_reminder_goes_to_a_player_moving_at_the_table_right_now(players, settings):
    # A newcomer playing live at the table got reminder after reminder.
    from games.models import Action

    settings.GAME_MAIL_GRACE_SECONDS = 180
    game = start_game(players, phase_seconds=DAY)
    closes = later(game)
    now = closes - timedelta(minutes=30)
    moved = Action.objects.create(
        game=game, seq=99, seat=0, payload={"type": "noop"}, channel=Action.Channel.WEB, actor=seat_user(game, 0)
    )
    Action.objects.filter(pk=moved.pk).update(created_at=now - timedelta(seconds=30))  # moments before
    assert do_send_reminders(now=now) == 2  # the two away from the table
    assert do_send_reminders(now=now + timedelta(minutes=10)) == 1  # gone from the table since: reminded


def test_a_bot_takes_the_seat_after_two_timeouts_in_a_row(players):
    game = start_game(players, phase_seconds=DAY)
    # Everyone times out in the bid; the leader times out in the claim.
    sweep_overdue(now=later(game, seconds=1))
    game.refresh_from_db()
    leader = game.state["leader"]
    sweep_overdue(now=later(game, seconds=1))
    seat = game.seats.get(position=leader)
    assert seat.kind == Seat.Kind.BOT and seat.status == Seat.Status.LEFT
    timeouts = [rendered(row) for row in OutboxMessage.objects.filter(key__startswith="timeout:")]
    assert sum("bot" in row.subject for row in timeouts) == 1


def test_a_game_whose_humans_all_left_ends_as_abandoned(players):
    game = start_game(players, phase_seconds=DAY)
    for _round in range(6):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        sweep_overdue(now=later(game, seconds=1))
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    assert not open_waits(game).exists()


def test_the_last_waits_of_an_abandoned_game_are_recorded_as_timed_out(players):
    # Their default moves were played and mailed: they are not "no longer needed".
    game = start_game(players, phase_seconds=DAY)
    while game.status == Game.Status.RUNNING:
        last_waits = set(open_waits(game).values_list("pk", flat=True))
        sweep_overdue(now=later(game, seconds=1))
        game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    outcomes = set(Deadline.objects.filter(pk__in=last_waits).values_list("outcome", flat=True))
    assert outcomes == {Deadline.Outcome.TIMEOUT}


def test_resigning_hands_the_seat_to_a_bot_and_ranks_the_player_last(players):
    game = start_game(players, phase_seconds=DAY)
    quitter = seat_user(game, 0)
    do_resign(game.pk, quitter)
    seat = game.seats.get(position=0)
    assert seat.kind == Seat.Kind.BOT and seat.status == Seat.Status.RESIGNED
    assert Action.objects.filter(game=game, seat=0, channel="bot").exists()
    from tests.games.conftest import play_to_the_end

    game = play_to_the_end(game)
    assert game.seats.get(position=0).rank == 3


def test_a_player_who_resigned_ranks_last_even_with_the_best_score_and_the_others_tied(players):
    # One round: each bids its lowest card and only the highest bidder scores, so the two who stay score 0.
    game = start_game(players, options={"rounds": 1}, phase_seconds=DAY)
    leader = max(range(3), key=lambda position: min(game.state["hands"][position]))
    do_resign(game.pk, seat_user(game, leader))
    from tests.games.conftest import play_to_the_end

    game = play_to_the_end(game)
    seats = {seat.position: seat for seat in game.seats.all()}
    stayed = [position for position in seats if position != leader]
    assert seats[leader].score > 0 and [seats[position].score for position in stayed] == [0, 0]
    assert seats[leader].rank == 3
    assert [seats[position].rank for position in stayed] == [1, 1]


def test_players_who_left_rank_by_when_they_left_not_by_what_their_bots_scored(players):
    # Two players who resigned are not ranked against each other by their bots' scores, or the
    # first to go could finish above the second for play neither made (and be rated so).
    game = start_game(players, options={"rounds": 1}, phase_seconds=DAY)
    leader = max(range(3), key=lambda position: min(game.state["hands"][position]))
    first, second = leader, (leader + 1) % 3  # the first to go holds the winning bid
    start = datetime.now(UTC)
    do_resign(game.pk, seat_user(game, first), now=start)
    do_resign(game.pk, seat_user(game, second), now=start + timedelta(hours=1))
    from tests.games.conftest import play_to_the_end

    game = play_to_the_end(game)
    seats = {seat.position: seat for seat in game.seats.all()}
    assert seats[first].score > seats[second].score
    stayed = 3 - first - second
    assert (seats[stayed].rank, seats[second].rank, seats[first].rank) == (1, 2, 3)


def test_players_who_left_at_the_same_moment_share_their_place(players):
    game = start_game(players, options={"rounds": 1}, phase_seconds=DAY)
    leader = max(range(3), key=lambda position: min(game.state["hands"][position]))
    gone = [leader, (leader + 1) % 3]
    start = datetime.now(UTC)
    for position in gone:
        do_resign(game.pk, seat_user(game, position), now=start)
    from tests.games.conftest import play_to_the_end

    game = play_to_the_end(game)
    assert sorted(game.seats.filter(position__in=gone).values_list("rank", flat=True)) == [2, 2]


def test_a_pause_moves_deadlines_by_its_length_and_stops_the_sweep(players):
    game = start_game(players, phase_seconds=DAY)
    before = {d.seat: d.closes_at for d in open_waits(game)}
    start = datetime.now(UTC)
    do_pause(game.pk, players[0], now=start)
    assert sweep_overdue(now=later(game, days=5)) == 0
    do_resume(game.pk, players[0], now=start + timedelta(hours=30))
    after = {d.seat: d.closes_at for d in open_waits(game)}
    for position, closes in before.items():
        assert after[position] - closes == timedelta(hours=30)


def test_only_the_creator_or_staff_may_pause(players):
    from games.services import ActionRejected

    game = start_game(players)
    with pytest.raises(ActionRejected) as rejected:
        do_pause(game.pk, players[1])
    assert rejected.value.code == "forbidden"
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING


def test_an_extension_moves_one_seats_deadline(players):
    game = start_game(players, phase_seconds=DAY)
    before = {d.seat: d.closes_at for d in open_waits(game)}
    do_extend_deadline(game.pk, players[0], 2, 10)
    after = {d.seat: d.closes_at for d in open_waits(game)}
    assert after[2] - before[2] == timedelta(hours=10)
    assert after[0] == before[0] and after[1] == before[1]


def test_a_vacation_extends_the_players_open_deadlines(players):
    game = start_game(players, phase_seconds=DAY)
    away = seat_user(game, 1)
    wait = open_waits(game).get(seat=1)
    starts = wait.opened_at + timedelta(hours=6)
    Vacation.objects.create(user=away, starts_at=starts, ends_at=starts + timedelta(days=3))
    extend_for_vacation(away.pk)
    wait.refresh_from_db()
    assert wait.closes_at - wait.opened_at == timedelta(days=4)
    assert open_waits(game).get(seat=0).closes_at - wait.opened_at == timedelta(days=1)


def test_weekend_pause_skips_saturday_and_sunday(players):
    from games.services import do_create_game, do_join
    from games.services.lobby import TimeControl

    game = do_create_game(players[0], "toy", 2, time_control=TimeControl(phase_seconds=DAY, weekend_pause=True))
    do_join(game.pk, players[1], now=datetime(2026, 11, 20, 12, tzinfo=UTC))
    for wait in open_waits(game):
        opened = wait.opened_at
        if opened.weekday() == 4 and opened.hour >= 0:
            assert wait.closes_at.weekday() == 0
        assert (wait.closes_at - opened) >= timedelta(days=1)


def test_a_time_bank_pays_for_the_time_used_and_earns_the_increment(players):
    game = start_game(
        players, clock="bank", bank_start_seconds=10 * DAY, bank_increment_seconds=DAY, bank_cap_seconds=10 * DAY
    )
    wait = open_waits(game).get(seat=0)
    assert wait.closes_at - wait.opened_at == timedelta(days=10)
    do_action(
        game.pk,
        0,
        {"type": "bid", "card": game.state["hands"][0][0]},
        "web",
        user=seat_user(game, 0),
        expected_version=0,
        now=wait.opened_at + timedelta(days=3),
    )
    seat = game.seats.get(position=0)
    # 10 days - 3 used + 1 earned = 8 days.
    assert seat.bank_seconds == 8 * DAY


def test_it_says_in_the_timeout_mail_which_move_was_made(players):
    game = start_game(players, phase_seconds=DAY)
    sweep_overdue(now=later(game, seconds=1))
    made = Action.objects.get(game=game, seat=0, channel=Action.Channel.TIMEOUT)
    label = action_label(made.payload, game.engine)
    mail = rendered(OutboxMessage.objects.get(key__startswith="timeout:", recipe__seat=0))
    assert f"made for you: {label}" in mail.text
    assert label in mail.html


def _board_text(game, position: int | None, state: dict) -> str:
    from games.bymail import render
    from games.bymail.mail_context import seat_names
    from games.engines import get_engine

    sections = render.board(game.engine, get_engine(game.engine).view(state, position), seat_names(game))
    return "".join(
        f"== {section['title']} ==\n" + "".join(f"  {line}\n" for line in section["lines"]) for section in sections
    )


def test_the_timeout_mail_shows_the_table_as_the_timeout_left_it_not_as_the_bot_played_on(players):
    # The mail is built when sent, and must not show the hand a bot has played on to since, to a
    # player who left (who sees the table only as a spectator on the site).
    from games.history.replay import state_at

    game = start_game(players, phase_seconds=DAY)
    sweep_overdue(now=later(game, seconds=1))
    game.refresh_from_db()
    leader = game.state["leader"]
    sweep_overdue(now=later(game, seconds=1))  # the leader's second timeout: a bot takes the seat
    game.refresh_from_db()
    assert game.seats.get(position=leader).kind == Seat.Kind.BOT
    row = OutboxMessage.objects.filter(key__startswith="timeout:", recipe__seat=leader).order_by("pk").last()
    made = row.recipe["made"]
    then = state_at(game, max(made) + 1)
    while _board_text(game, leader, game.state) == _board_text(game, leader, then):
        sweep_overdue(now=later(game, seconds=1))  # the others time out; the bot plays on
        game.refresh_from_db()
        assert game.status == Game.Status.RUNNING
    text = rendered(row).text.replace("\n\n", "\n")  # the template leaves a blank line between sections
    # As a spectator sees the table then: the hand is the bot's (not a card the default move drew,
    # which the bot then plays on with).
    assert _board_text(game, None, then) in text
    assert "Your hand" not in text
    assert _board_text(game, leader, then) not in text and _board_text(game, leader, game.state) not in text


def test_a_last_timeout_whose_default_move_ends_the_game_finishes_it_and_does_not_abandon_it(players):
    # The last person's timeout gives the seat to a bot, so nobody is left, but the game is not
    # abandoned (mailed "stopped without a result", unrated): the default move has just played
    # it to its end.
    from games.services import do_action, do_create_game, do_join, do_resign
    from games.services.lobby import TimeControl

    ann, ben, *_rest = players
    game = do_create_game(
        ann, "toy", 2, {"rounds": 1}, time_control=TimeControl(phase_seconds=DAY), timeouts_before_bot=1
    )
    do_join(game.pk, ben)
    game.refresh_from_db()
    engine = get_engine("toy")
    for seat in engine.to_act(game.state):
        user = game.seats.get(position=seat).user
        do_action(
            game.pk, seat, engine.legal_actions(game.state, seat)[0], "web", user=user, expected_version=game.version
        )
        game.refresh_from_db()
    leader = engine.to_act(game.state)[0]
    do_resign(game.pk, game.seats.exclude(position=leader).get().user)
    sweep_overdue(now=later(game, seconds=1))
    game.refresh_from_db()
    assert engine.is_over(game.state)
    assert game.status == Game.Status.FINISHED
