"""Submitting actions as players would: over HTTP to the web processes, and by reply mail."""

from __future__ import annotations

import http.client
import json
import secrets
import subprocess
import sys
from urllib.parse import urlencode

CSRF = secrets.token_hex(16)  # 32 characters: Django accepts the unmasked secret


def session_for(user) -> str:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.SESSION_LOGIN_BACKEND
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def next_move(game_id: int, pick: int = 0):
    """(game, seat, action, the seat's player) for a seat the game waits for, with its default move."""
    from games.engines import get_engine
    from games.models import Game

    game = Game.objects.get(pk=game_id)
    engine = get_engine(game.engine)
    waiting = engine.to_act(game.state)
    seat = waiting[pick % len(waiting)]
    user = game.seats.select_related("user").get(position=seat).user
    return game, seat, engine.auto_action(game.state, seat), user


def post_action(port: int, game_id: int, version: int, action: dict, session: str) -> int:
    """POST the action as the table's form does; returns the HTTP status (0 when nothing answered)."""
    body = urlencode({"action": json.dumps(action), "version": version, "csrfmiddlewaretoken": CSRF})
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"sessionid={session}; csrftoken={CSRF}"}
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("POST", f"/games/{game_id}/act/", body, headers)
        response = conn.getresponse()
        response.read()
        conn.close()
        return response.status
    except OSError:
        return 0


def reply_mail(game, seat: int, action: dict, user, message_id: str) -> bytes:
    """A player's plain-text reply to the seat's reply address, naming the move as the mail's menu does."""
    from django.utils import translation

    from games.bymail import render
    from games.bymail.tokens import WaitToken, reply_address
    from games.engines import get_engine

    deadline = game.deadlines.get(seat=seat, closed_at__isnull=True)
    address = reply_address(WaitToken(game.pk, seat, game.version, deadline.pk))
    with translation.override("en"):
        command = render.phrase(game.engine, action, get_engine(game.engine).view(game.state, seat))
    return (
        f"From: {user.email}\r\nTo: {address}\r\nSubject: Re: your move\r\nMessage-ID: {message_id}\r\n"
        f"Content-Type: text/plain; charset=utf-8\r\n\r\n{command}\r\n"
    ).encode()


def receive_in_process(raw: bytes):
    from anymail.inbound import AnymailInboundMessage

    from games.bymail.inbound import receive

    return receive(AnymailInboundMessage.parse_raw_mime_bytes(raw))


def receive_by_command(raw: bytes, env: dict, cwd) -> str:
    """`manage.py receive_mail` as a mail server would run it; returns what it printed."""
    done = subprocess.run(
        [sys.executable, "manage.py", "receive_mail"], input=raw, env=env, cwd=cwd, capture_output=True, timeout=120
    )
    return (done.stdout + done.stderr).decode(errors="replace").strip()
