"""How many days a game by mail takes, and how many mails a player gets, as players really reply.

Usage: python -m bench game_days [--games N] [--only wizard] [--players 4] [--median-hours 8] [--models abc]

Whole games through the services (`do_action`, `do_answer_ahead`, the deadline sweep, the
mails queued) on a simulated clock. Each player replies to each mail after a log-normal delay
(median 1 h or 8 h, sigma 1), capped just before the deadline (48 h); the move is the seat's
default move (`auto_action`). Three models:

(a) a player answers only what a turn mail asks (as before answers ahead);
(b) also, each answer-ahead mail is answered whole, once, after its own delay: every case it
    lists, with the first move the case allows (the bids: whatever the others bid, the first;
    Wild Cards' second and third choices and payment cards: the next move of the list; its
    refill: done, the default);
(c) as (b), and every Wizard player hands the card play of rounds of 8 cards or more to a
    delegate after bidding (said in the reply that bids: at once when the play starts).

Prints one line a cell: `wizard 4p (b) days 118.2 mails 96 (turn 60, ahead 36)`, the medians
over the games, then the ratio of (b) to (a), and for Wizard that ratio's floor when each trick
waits once on its slowest seat (a target relative to 4 players is measured against it). Mails
are counted when queued (the simulation sends each at once, so none is dropped for being late).
"""

from __future__ import annotations

import argparse
import heapq
import math
import os
import random
import statistics
import sys
from datetime import UTC, datetime, timedelta
from unittest import mock

from bench._site import setup_django

CELLS = [("wizard", 3), ("wizard", 4), ("wizard", 6), ("wildcards", 3), ("emu_ranchers", 2), ("cubirds", 4)]
DEADLINE_HOURS = 48
START = datetime(2027, 1, 4, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def delay(rng: random.Random, median_hours: float) -> timedelta:
    hours = rng.lognormvariate(math.log(median_hours), 1.0)
    return timedelta(hours=min(hours, DEADLINE_HOURS - 0.01))


def play(engine_name: str, players: int, model: str, seed: int, median_hours: float, clock: Clock) -> dict:
    from django.contrib.auth import get_user_model

    from games.bymail.preferences import do_set_preferences
    from games.engines import get_engine
    from games.models import Action, Deadline, Game
    from games.services import ActionRejected, do_action, do_create_game, do_join, sweep_overdue
    from games.services.ahead import do_answer_ahead
    from games.services.delegate import do_delegate
    from games.services.lobby import TimeControl
    from wildcards_site.accounts.models import profile_for
    from wildcards_site.outbox.models import OutboxMessage

    rng = random.Random(f"{engine_name}{players}{model}{seed}")
    users = []
    for n in range(players):
        user, _ = get_user_model().objects.get_or_create(username=f"p{n}", defaults={"email": f"p{n}@example.org"})
        profile_for(user)
        # (a) is the site before answers ahead: nobody gets their mail.
        do_set_preferences(user, {"answer-ahead": model != "a"})
        users.append(user)
    clock.now = START
    engine = get_engine(engine_name)
    game = do_create_game(
        users[0],
        engine_name,
        players,
        None,
        time_control=TimeControl(phase_seconds=DEADLINE_HOURS * 3600),
        seed=f"days-{seed}",
    )
    for user in users[1:]:
        do_join(game.pk, user)
    events: list[tuple[datetime, int, str, int]] = []
    seen = {"wait": 0, "ahead": 0}  # the last Deadline and OutboxMessage looked at
    order = 0

    def look() -> None:
        nonlocal order
        waits = Deadline.objects.filter(game=game, pk__gt=seen["wait"]).order_by("pk").values_list("pk", flat=True)
        mails = OutboxMessage.objects.filter(key__startswith=f"ahead:{game.pk}:", pk__gt=seen["ahead"])
        found = [("wait", pk) for pk in waits]
        if model in "bc":
            found += [("ahead", pk) for pk in mails.order_by("pk").values_list("pk", flat=True)]
        for kind, pk in found:
            seen[kind] = max(seen[kind], pk)
            order += 1
            heapq.heappush(events, (clock.now + delay(rng, median_hours), order, kind, pk))

    def seat_user(position: int):
        return game.seats.get(position=position).user

    look()
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        due = Deadline.objects.filter(game=game, closed_at__isnull=True).order_by("closes_at").first()
        if events and (due is None or events[0][0] < due.closes_at):
            at, _order, kind, pk = heapq.heappop(events)
            clock.now = max(clock.now, at)
            if kind == "wait":
                if model in "bc":
                    # The turn mail lists what its move may bring next (a Wild Cards refill if the
                    # Refill card is bid): the reply answers it with the move.
                    called = Deadline.objects.get(pk=pk)
                    if called.closed_at is None:
                        user = seat_user(called.seat)
                        _answer_ahead(game, called.seat, engine, do_answer_ahead, user, ActionRejected)
                seat = _answer_wait(game, pk, engine, do_action, seat_user, Action, Deadline, ActionRejected)
            else:
                seat = OutboxMessage.objects.get(pk=pk).recipe["seat"]
            if model in "bc" and seat is not None:
                # The turn mail lists what else may be answered now (the next lead), as the
                # answer-ahead mail lists its cases: a reply answers all of it.
                _answer_ahead(game, seat, engine, do_answer_ahead, seat_user(seat), ActionRejected)
        elif due is not None:
            clock.now = max(clock.now, due.closes_at + timedelta(seconds=1))
            sweep_overdue(now=clock.now)
        else:
            raise RuntimeError(f"game {game.pk} waits on nobody and nothing is scheduled")
        if model == "c":
            _delegate_big_rounds(game, users, do_delegate)
        look()
    days = (game.finished_at - START).total_seconds() / 86400
    turn = [OutboxMessage.objects.filter(key__startswith=f"turn:{game.pk}:{seat}:").count() for seat in range(players)]
    ahead = [
        OutboxMessage.objects.filter(key__startswith=f"ahead:{game.pk}:{seat}:").count() for seat in range(players)
    ]
    return {"days": days, "turn": turn, "ahead": ahead}


def _answer_wait(game, deadline_pk, engine, do_action, seat_user, Action, Deadline, ActionRejected) -> int | None:  # noqa: N803, E501
    """The seat that replied, or None when its wait was closed before the reply came."""
    deadline = Deadline.objects.get(pk=deadline_pk)
    if deadline.closed_at is not None:
        return None
    user = seat_user(deadline.seat)
    # A reply of several lines: every step of the turn the mail asked for (CuBirds: lay, then draw).
    while Deadline.objects.filter(pk=deadline_pk, closed_at__isnull=True).exists():
        game.refresh_from_db()
        if deadline.seat not in engine.to_act(game.state):
            break
        action = engine.auto_action(game.state, deadline.seat)
        try:
            do_action(
                game.pk, deadline.seat, action, Action.Channel.EMAIL_REPLY, user=user, expected_version=game.version
            )
        except ActionRejected:
            break
    return deadline.seat


def _delegate_big_rounds(game, users, do_delegate) -> None:
    """(c): once a round of 8 cards or more is in its play, every player's delegate takes it."""
    game.refresh_from_db()
    state = game.state
    if game.status != "running" or state["phase"] != "play" or state["hand_size"] < 8:
        return
    for seat in game.seats.all():
        if seat.delegate != f"round:r{state['round']}":
            do_delegate(game.pk, seat.user, "round")


def _answer_ahead(game, seat, engine, do_answer_ahead, user, ActionRejected) -> None:  # noqa: N803
    """Every case the seat may answer now, as a player answering a mail's list whole: the first card
    a case allows, the last card for a lead (not the one just named for this trick), a bid of
    "whatever the others bid" (the first)."""
    game.refresh_from_db()
    # Wild Cards' second and third choices take other animals than the first; its payment
    # cards are different cards, one a case.
    ordinal = {"second": 1, "third": 2}
    paid = 0
    for case in engine.ahead_cases(game.state, seat):
        if case["case"].startswith("sum:") or not case["moves"]:
            continue
        index = ordinal.get(case["case"], 0)
        if case["case"].startswith("pay"):
            index, paid = paid, paid + 1
        if case["case"] == "lead" or case["case"].startswith("refill"):
            move = case["moves"][-1]  # not the card just named for this trick; a refill as its default, done
        else:
            move = case["moves"][index % len(case["moves"])]
        try:
            do_answer_ahead(game.pk, user, case["phase"], case["case"], move, "email_reply")
        except ActionRejected:
            continue
        game.refresh_from_db()


def one_wait_ratio(players: int, median_hours: float, samples: int = 200_000) -> float:
    """The wait of a trick whose seats all answer at once (the slowest of `players` replies)
    over that of seats called in turn (`players` replies one after another): what answering
    one trick ahead can reach at best. Fewer players gain less: 3 waits become one of the
    slowest of 3, against 4 becoming the slowest of 4."""
    rng = random.Random(0)
    slowest = sum(max(delay(rng, median_hours) for _ in range(players)) / timedelta(hours=1) for _ in range(samples))
    one = sum(delay(rng, median_hours) / timedelta(hours=1) for _ in range(samples))
    return slowest / (players * one)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench game_days")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", default="", help="one game: wizard, wildcards, cubirds, emu_ranchers")
    parser.add_argument("--players", default="", help="comma-separated player counts: only those cells")
    parser.add_argument("--median-hours", default="8", help="comma-separated medians of a reply, in hours")
    parser.add_argument("--models", default="abc")
    args = parser.parse_args(argv)
    os.environ["LOG_LEVEL"] = "WARNING"
    os.environ["GAME_MAIL_GRACE_SECONDS"] = "0"
    # A database of the run's own cells: two runs side by side (one game each) do not meet.
    cells_name = f"{args.only or 'all'}_{args.players.replace(',', '_') or 'all'}"
    setup_django(f"wc_bench_game_days_{cells_name}")
    from django.conf import settings

    settings.GAME_MAIL_GRACE_SECONDS = 0
    clock = Clock()
    counts = {int(n) for n in args.players.split(",") if n}
    cells = [(name, n) for name, n in CELLS if (not args.only or name == args.only) and (not counts or n in counts)]
    with mock.patch("django.utils.timezone.now", clock):
        for median in [float(m) for m in args.median_hours.split(",")]:
            print(f"-- replies: log-normal, median {median:g} h, sigma 1, capped at the {DEADLINE_HOURS} h deadline")
            for name, players in cells:
                figures = {}
                for model in args.models:
                    if model == "c" and name != "wizard":
                        continue  # only Wizard has rounds whose card play a delegate takes
                    runs = [play(name, players, model, seed, median, clock) for seed in range(args.games)]
                    days = statistics.median(run["days"] for run in runs)
                    turn = statistics.median(count for run in runs for count in run["turn"])
                    ahead = statistics.median(count for run in runs for count in run["ahead"])
                    mails = statistics.median(
                        t + a for run in runs for t, a in zip(run["turn"], run["ahead"], strict=True)
                    )
                    figures[model] = days
                    print(
                        f"{name} {players}p ({model}) days {days:.1f} mails {mails:g} (turn {turn:g}, ahead {ahead:g})"
                        f"  [{args.games} games]"
                    )
                    sys.stdout.flush()
                for model in ("b", "c"):
                    if "a" in figures and model in figures:
                        print(f"{name} {players}p ({model})/(a) days {figures[model] / figures['a']:.2f}")
                if name == "wizard" and "b" in figures:
                    print(
                        f"{name} {players}p floor of (b)/(a) if every trick waited once, on its slowest seat:"
                        f" {one_wait_ratio(players, median):.2f}"
                    )


if __name__ == "__main__":
    main(sys.argv[1:])
