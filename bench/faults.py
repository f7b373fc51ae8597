"""The fault suite: the site as two web processes, two workers and two beats, broken on purpose.

Usage: python -m bench faults [--short] [--kills 5] [--games 200] [--redis-down 60] [--concurrent 50] [--seed 20]

It starts its own PostgreSQL database (wc_faults_bench), its own Redis on a
free port and a real SMTP sink, then with fixed seeds and bounded loops:
SIGKILLs a worker while it closes overdue waits of all four games (and
restarts it), stops Redis while actions come in over HTTP and by reply mail,
delivers the same Celery tasks and the same inbound mail twice, and submits
one action many times at once. Per fault it prints actions submitted/stored,
waits closed once/twice/never, mail queued/sent once/lost/sent twice,
verify_games and the longest delay, and exits non-zero if anything was lost
or doubled. Beat's sweeps (every 30 s) are also sent by the suite every
`--tick` seconds, so a run takes minutes rather than hours.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from bench import _faults_check as check
from bench import _faults_play as play
from bench._faults_stack import BASE_DIR, MailSink, Stack
from bench._site import fresh_database


@dataclass
class Report:
    name: str
    submitted: int = 0
    stored: int = 0
    waits: check.Waits | None = None
    mail: check.Mail | None = None
    verified: tuple[int, int] = (0, 0)
    delay: timedelta = timedelta(0)
    notes: list[str] = field(default_factory=list)
    # Mail a killed worker had claimed (key -> claimed_at, one value a batch), when workers were
    # killed, and how many mails may be sent twice: a solo worker has one mail in flight, which
    # the SMTP server may have taken before the row said so.
    dead_claims: dict = field(default_factory=dict)
    killed_at: list = field(default_factory=list)
    resends_allowed: int = 0

    @property
    def failed(self) -> bool:
        waits, mail = self.waits or check.Waits(), self.mail or check.Mail()
        return bool(
            self.submitted != self.stored
            or waits.twice
            or waits.never
            or mail.lost
            or mail.twice
            or mail.resent > self.resends_allowed
            or self.verified[1]
        )

    def lines(self) -> list[str]:
        waits, mail = self.waits or check.Waits(), self.mail or check.Mail()
        delay = max(self.delay, waits.latest, mail.latest)
        out = [
            f"{self.name}: {'FAILED' if self.failed else 'ok'}",
            f"  actions submitted {self.submitted}, stored {self.stored}",
            f"  waits closed exactly once {waits.once}, twice {waits.twice}, never {waits.never}",
            f"  mail queued {mail.queued}, sent once {mail.once}, lost {mail.lost}, sent twice {mail.twice} "
            f"(not needed any more: {mail.dropped})",
            *(
                [
                    f"  sent again, with its Message-ID, after a worker died between the SMTP server taking it and "
                    f"recording it: {mail.resent} (at most {self.resends_allowed}, one for each worker killed)"
                ]
                if self.resends_allowed or mail.resent
                else []
            ),
            f"  verify_games: {self.verified[0]} games, {self.verified[1]} disagree with their log",
            f"  longest delay the fault caused: {delay.total_seconds():.1f} s",
        ]
        out += [f"  {note}" for note in self.notes]
        out += [f"  lost: {key}" for key in mail.lost_keys[:10]]
        return out


class Suite:
    def __init__(self, stack: Stack, sink: MailSink, args) -> None:
        self.stack, self.sink, self.args = stack, sink, args
        self.rng = random.Random(args.seed)

    def tick(self) -> None:
        """What beat sends every 30 s: the deadline sweep and the outbox sweep."""
        from games.tasks import sweep_deadlines
        from wildcards_site.outbox.tasks import send_outbox

        for task in (sweep_deadlines, send_outbox):
            with contextlib.suppress(Exception):  # Redis may be down on purpose; the next tick tries again
                task.apply_async(retry=False)

    def settle(self, done, report: Report, first_mail: int, seconds: float) -> None:
        """Tick until `done()` and the fault's mail is out; then a killed worker's claimed mail is waited out.

        Mail a SIGKILLed worker had claimed stays claimed for STALE_CLAIM;
        the suite moves those claims back in time instead of waiting, and says how many.
        """
        from django.db import transaction
        from django.utils import timezone

        from wildcards_site.outbox.models import OutboxMessage
        from wildcards_site.outbox.sending import STALE_CLAIM

        deadline = time.monotonic() + seconds
        moved = 0
        while time.monotonic() < deadline:
            if done() and check.mail_settled(first_mail):
                break
            self.tick()
            time.sleep(self.args.tick)
            if time.monotonic() > deadline - seconds + 5:
                # Held longer than a live worker holds a claim in these runs (--claim), so a dead worker's.
                stuck = OutboxMessage.objects.filter(
                    pk__gt=first_mail,
                    status=OutboxMessage.Status.SENDING,
                    claimed_at__lt=timezone.now() - timedelta(seconds=self.args.claim),
                )
                with transaction.atomic():
                    held = dict(stuck.select_for_update().values_list("key", "claimed_at"))
                    report.dead_claims.update(held)
                    stale = timezone.now() - STALE_CLAIM - timedelta(seconds=1)
                    moved += OutboxMessage.objects.filter(key__in=held).update(claimed_at=stale)
        if moved:
            minutes = STALE_CLAIM.total_seconds() / 60
            report.notes.append(
                f"{moved} mail(s) claimed by a killed worker: their {minutes:g}-minute stale claim was skipped"
            )

    def finish(self, report: Report, first_mail: int) -> Report:
        report.mail = check.count_mail(first_mail, dict(self.sink.deliveries), report.dead_claims, report.killed_at)
        report.verified = check.verify_all()
        for line in report.lines():
            print(line, flush=True)
        return report

    # The faults ------------------------------------------------------------
    def kill_workers(self) -> Report:
        from django.utils import timezone

        report = Report(f"SIGKILL a worker {self.args.kills} times while it closes overdue waits")
        report.resends_allowed = self.args.kills
        ids = check.make_games(self.args.games, "k")
        first_mail = check.last_mail_pk()
        wait_ids, expected = check.make_overdue(ids, timezone.now())
        print(f"  ({len(ids)} games of all four kinds, {len(wait_ids)} overdue waits)", flush=True)
        self.tick()
        for number in range(self.args.kills):
            time.sleep(self.rng.uniform(0.3, 1.5))
            which = number % 2
            report.killed_at.append(timezone.now())
            self.stack.kill(f"worker{which + 1}")
            self.stack.start_worker(which)
            self.tick()
        self.settle(lambda: check.open_waits(wait_ids) == 0, report, first_mail, self.args.settle)
        report.waits = check.count_waits(wait_ids, expected)
        return self.finish(report, first_mail)

    def redis_down(self) -> Report:
        from games.models import Action

        seconds = self.args.redis_down
        report = Report(f"Redis stopped for {seconds:g} s while actions come over HTTP and by reply mail")
        ids = check.make_games(self.args.actions, "r")
        first_mail = check.last_mail_pk()
        self.stack.stop_redis()
        down_at = time.monotonic()
        # Each submission in its own thread at its time: one that waits for the broker does not delay the next.
        took: list[float] = []
        threads = []
        for number, game_id in enumerate(ids):
            time.sleep(max(0.0, down_at + seconds * number / len(ids) - time.monotonic()))
            threads.append(threading.Thread(target=self._submit, args=(number, game_id, took)))
            threads[-1].start()
        for thread in threads:
            thread.join()
        time.sleep(max(0.0, down_at + seconds - time.monotonic()))
        self.stack.start_redis()
        report.submitted = len(ids)  # a submission that raised counts as submitted and not stored
        report.notes.append(
            f"Redis was down {time.monotonic() - down_at:.1f} s; slowest submission meanwhile "
            f"{max(took, default=0):.1f} s (the mail kick waiting for the broker)"
        )
        report.stored = Action.objects.filter(
            game_id__in=ids, channel__in=(Action.Channel.WEB, Action.Channel.EMAIL_REPLY)
        ).count()
        self.settle(lambda: True, report, first_mail, self.args.settle)
        return self.finish(report, first_mail)

    def _submit(self, number: int, game_id: int, took: list[float]) -> None:
        """Half the games get their move over HTTP (both web processes), half by reply mail."""
        from django.db import connection

        try:
            game, seat, action, user = play.next_move(game_id)
            sent = time.monotonic()
            if number % 2 == 0:
                port = self.stack.web_ports[number // 2 % 2]
                play.post_action(port, game.pk, game.version, action, play.session_for(user))
            else:
                play.receive_in_process(play.reply_mail(game, seat, action, user, f"<redis-{number}@faults.example>"))
            took.append(time.monotonic() - sent)
        finally:
            connection.close()

    def duplicates(self) -> Report:
        from django.utils import timezone

        from games.models import Action
        from games.tasks import close_overdue
        from wildcards_site.outbox.tasks import send_outbox_keys

        report = Report("the same Celery task and the same inbound mail delivered twice")
        ids = check.make_games(self.args.actions, "d")
        first_mail = check.last_mail_pk()
        half = len(ids) // 2
        closing, replying = ids[:half], ids[half:]
        wait_ids, expected = check.make_overdue(closing, timezone.now())
        for game_id in closing:
            close_overdue.apply_async((game_id,))
            close_overdue.apply_async((game_id,))
        answers = []
        for number, game_id in enumerate(replying):
            game, seat, action, user = play.next_move(game_id)
            raw = play.reply_mail(game, seat, action, user, f"<twice-{number}@faults.example>")
            first = play.receive_in_process(raw)
            answers.append(
                (first.outcome if first else "duplicate", play.receive_by_command(raw, self.stack.env, BASE_DIR))
            )
            report.submitted += 1
        report.stored = Action.objects.filter(game_id__in=replying, channel=Action.Channel.EMAIL_REPLY).count()
        report.notes.append(
            "inbound: first delivery "
            + ", ".join(sorted({a for a, _ in answers}))
            + "; second: "
            + ", ".join(sorted({b for _, b in answers}))
        )
        self.settle(lambda: check.open_waits(wait_ids) == 0, report, first_mail, self.args.settle)
        keys = [row.key for row in check.mail_since(first_mail)]
        send_outbox_keys.apply_async((keys,))
        send_outbox_keys.apply_async((keys,))
        time.sleep(2 * self.args.tick)
        report.waits = check.count_waits(wait_ids, expected)
        return self.finish(report, first_mail)

    def concurrent(self) -> Report:
        from games.models import Action

        count = self.args.concurrent
        report = Report(f"the same action submitted {count} times at once over HTTP")
        (game_id,) = check.make_games(1, "c")
        first_mail = check.last_mail_pk()
        game, seat, action, user = play.next_move(game_id)
        session = play.session_for(user)
        barrier = threading.Barrier(count)
        statuses: list[int] = []

        def submit(number: int) -> None:
            barrier.wait()
            port = self.stack.web_ports[number % 2]
            statuses.append(play.post_action(port, game.pk, game.version, action, session))

        started = time.monotonic()
        threads = [threading.Thread(target=submit, args=(n,)) for n in range(count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        report.delay = timedelta(seconds=time.monotonic() - started)
        report.submitted = 1  # one action, many times
        report.stored = Action.objects.filter(game_id=game.pk, channel=Action.Channel.WEB).count()
        answered = sum(status in (200, 302) for status in statuses)
        report.notes.append(f"{answered} of {count} requests answered without error; one was stored, the rest stale")
        self.settle(lambda: True, report, first_mail, self.args.settle)
        return self.finish(report, first_mail)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench faults")
    parser.add_argument("--short", action="store_true", help="small counts and a few seconds of Redis downtime")
    parser.add_argument("--kills", type=int)
    parser.add_argument("--games", type=int, help="games whose waits are closed while workers are killed")
    parser.add_argument("--actions", type=int, help="games that get an action in the Redis and duplicate faults")
    parser.add_argument("--redis-down", type=float)
    parser.add_argument("--concurrent", type=int)
    parser.add_argument("--tick", type=float, default=1.0, help="seconds between the suite's sweeps")
    parser.add_argument("--settle", type=float, default=120, help="at most this long to wait for a fault to settle")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--claim", type=float, help="seconds after which a mail claim counts as a dead worker's")
    args = parser.parse_args(argv)
    defaults = (2, 16, 6, 3.0, 20, 15.0) if args.short else (5, 200, 20, 60.0, 50, 60.0)
    for name, value in zip(("kills", "games", "actions", "redis_down", "concurrent", "claim"), defaults, strict=True):
        if getattr(args, name) is None:
            setattr(args, name, value)
    if args.short:
        args.settle = min(args.settle, 40)

    database_url = fresh_database("wc_faults_bench")
    sink = MailSink()
    sink.start()
    folder = Path(tempfile.mkdtemp(prefix="wc-faults-"))
    stack = Stack(database_url, folder, sink.port)
    os.environ.update(stack.env)
    os.environ["LOG_LEVEL"] = "WARNING"  # the suite's own process: its report, not its log lines
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    print(f"logs of every process in {folder}", flush=True)
    started = time.monotonic()
    reports = []
    try:
        stack.start_all()
        suite = Suite(stack, sink, args)
        for fault in (suite.kill_workers, suite.redis_down, suite.duplicates, suite.concurrent):
            reports.append(fault())
    finally:
        stack.stop_all()
        sink.stop()
    lines = {word: len(stack.log_lines(word)) for word in ("action", "close", "mail", "inbound")}
    print(
        f"structured log lines: {lines['action']} actions, {lines['close']} closes, {lines['mail']} mails sent, "
        f"{lines['inbound']} inbound (web and worker processes; the suite's own process logs to its console)"
    )
    failed = [report.name for report in reports if report.failed]
    print(
        f"fault suite: {len(reports) - len(failed)} of {len(reports)} faults held in {time.monotonic() - started:.0f} s"
    )
    if failed:
        sys.exit(f"lost or doubled: {'; '.join(failed)}")
