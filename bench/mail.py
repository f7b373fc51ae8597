"""Turn mail benchmark: render and send N your-turn mails to a local SMTP server, beside raw smtplib.

`python -m bench mail [N]` (default 10,000). Each mail is rendered as the
outbox renders it: the seat's private Wild Cards view (`engine.view`) as
sections, a reply command, a signed link per legal move, the per-seat
Reply-To, the three templates in the recipient's language; then it is sent
through Django's SMTP mailer, one connection for the batch. The baseline
sends the same number of copies of one rendered mail with smtplib over one
connection to the same in-process aiosmtpd server, in the same run. The
floor line sends mails rendered beforehand: what Django's own message
serialisation and SMTP mailer cost, which no rendering speed can beat; the
same mails with a connection each show what sharing one saves.
"""

from __future__ import annotations

import os
import random
import smtplib
import socket
import time


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards_site.settings")
    import django

    django.setup()


class _Sink:
    def __init__(self):
        self.count = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        self.count += 1
        return "250 OK"


def _states(count: int):
    from games.engines import get_engine

    engine = get_engine("wildcards")
    rng = random.Random(9)
    states = []
    for index in range(count):
        state = engine.new_game(rng.choice((2, 3, 4)), f"bench-{index}")
        for _ in range(rng.randrange(0, 30)):
            if engine.is_over(state):
                break
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        if not engine.is_over(state):
            states.append(state)
    return engine, states


def _render(engine, state, index: int, language: str):
    from django.utils import translation

    from games.bymail import render
    from games.bymail.tokens import WaitToken, action_link_token, reply_address
    from games.presenters import action_label
    from wildcards_site.emails import make_message

    seat = engine.to_act(state)[0]
    view = engine.view(state, seat)
    wait = WaitToken(index, seat, index, index)
    with translation.override(language):
        moves = [
            {
                "phrase": render.phrase("wildcards", action, view),
                "label": action_label(action, "wildcards"),
                "link": "http://127.0.0.1:8000/mail/act/" + action_link_token(index, wait, action) + "/",
            }
            for action in engine.legal_actions(state, seat)
        ]
        ctx = {
            "game_name": f"Wild Cards #{index}",
            "player": "Alice",
            "board": render.board("wildcards", view, {0: "Alice", 1: "Bruno", 2: "Carla", 3: "Dirk"}),
            "moves": moves,
            "deadline": "Tuesday 3 March 2026, 10:00 (Europe/Rome)",
            "table_url": f"http://127.0.0.1:8000/games/{index}/",
        }
    headers = {"Reply-To": reply_address(wait), "References": f"<game-{index}@bench>"}
    return make_message("your-turn", f"player{index}@example.org", ctx, language, headers)


def main(argv: list[str]) -> None:
    _setup()
    from aiosmtpd.controller import Controller
    from django.core.mail import mailers

    total = int(argv[0]) if argv else 10_000
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sink = _Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        engine, states = _states(300)
        languages = ("en", "it", "es", "nl")
        from django.conf import settings

        settings.MAILERS = {
            "default": {
                "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "OPTIONS": {"host": "127.0.0.1", "port": port},
            }
        }
        connection = mailers.create_connection("default")
        start = time.perf_counter()
        rendered_seconds = 0.0
        sample = b""
        with connection:
            for index in range(total):
                before = time.perf_counter()
                message = _render(engine, states[index % len(states)], index, languages[index % 4])
                rendered_seconds += time.perf_counter() - before
                connection.send_messages([message])
                if not sample:
                    sample = message.message().as_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        ours = time.perf_counter() - start
        received_ours = sink.count

        # Django's floor: the same kind of mail, rendered beforehand (not timed), only
        # serialised by Django's EmailMessage and sent through its SMTP mailer.
        floor_total = min(total, 3000)
        prepared = [
            _render(engine, states[index % len(states)], index, languages[index % 4]) for index in range(floor_total)
        ]
        connection = mailers.create_connection("default")
        start = time.perf_counter()
        with connection:
            for message in prepared:
                connection.send_messages([message])
        floor_seconds = time.perf_counter() - start
        # The same mails with a connection each, as the outbox sent them until it kept one a batch.
        start = time.perf_counter()
        for message in prepared:
            single = mailers.create_connection("default")
            with single:
                single.send_messages([message])
        each_seconds = time.perf_counter() - start

        payload = sample  # one of the rendered mails, byte for byte
        start = time.perf_counter()
        with smtplib.SMTP("127.0.0.1", port) as raw:
            for index in range(total):
                raw.sendmail("games@example.org", [f"player{index}@example.org"], payload)
        raw_seconds = time.perf_counter() - start
    finally:
        controller.stop()
    print(
        f"  rendered and sent {received_ours} turn mails in {ours:.1f} s: {total / ours:.0f} mails/s "
        f"(rendering {rendered_seconds / total * 1000:.2f} ms a mail; a mail is ~{len(payload)} bytes)"
    )
    print(f"  raw smtplib, same server, the same count of one rendered mail's bytes: {total / raw_seconds:.0f} mails/s")
    print(f"  ratio: {(total / ours) / (total / raw_seconds):.2f} of the raw rate")
    floor_rate = floor_total / floor_seconds
    print(
        f"  floor, mails rendered beforehand and only serialised and sent by Django's mailer: {floor_rate:.0f} mails/s "
        f"= {floor_rate / (total / raw_seconds):.2f} of the raw rate (no rendering can do better)"
    )
    print(
        f"  the same with a connection each (the outbox's batches share one): {floor_total / each_seconds:.0f} mails/s "
        f"= {floor_seconds / each_seconds:.2f} of one connection's rate"
    )
