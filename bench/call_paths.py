"""One web move and one mail reply followed call by call: which of our functions run, in what order,
which modules are left and entered again, how many row locks, whether anything renders under one.

Usage: python -m bench call_paths [--summary]

A Wild Cards game of three, after one warm-up move each way (imports and caches filled): a
signed-in POST of a legal move to the table's act view through Django's test Client, then a raw
MIME reply to the next seat's reply address, posted to Mailgun's inbound webhook. Calls into our
code (games/, tournaments/, wildcards_site/) are seen with sys.monitoring's PY_START (a generator
resumed is not a new call), `SELECT ... FOR UPDATE` through `connection.execute_wrapper`, renders
through a wrapper on Django's Template.render. "Up to the move" ends at the INSERT of the action.
A module entered again: in the order of first entries, in every call, and on the stack (a module
that calls out and is called back, A > B > A). It counts; it times nothing.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import json
import os
import sys
from collections import Counter
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from bench._site import setup_django

PACKAGES = ("games", "tournaments", "wildcards_site")
SECRET, SIGNING_KEY = "hook:secret-for-bench", "key-mailgun-signing-for-bench"
TOOL = sys.monitoring.PROFILER_ID


class Trace:
    """Our calls, the locks taken and the templates rendered while `recording`."""

    def __init__(self, root: Path):
        self.root, self.recording, self.modules = root, False, {}
        self.calls: list[tuple[str, str, tuple[str, ...]]] = []  # module, qualname, our modules on the stack
        self.locks: list[str] = []
        self.renders: list[tuple[str, bool, bool]] = []  # template, in a transaction, holding a lock
        self.queries, self.locked, self.stored_at, self.render_depth = 0, False, None, 0

    def module_of(self, filename: str) -> str | None:
        if filename not in self.modules:
            try:
                parts = Path(filename).resolve().relative_to(self.root).with_suffix("").parts
            except ValueError:
                parts = ()
            ours = bool(parts) and parts[0] in PACKAGES
            self.modules[filename] = ".".join(p for p in parts if p != "__init__") if ours else None
        return self.modules[filename]

    def on_start(self, code, offset):
        module = self.module_of(code.co_filename)
        if module is None:
            return sys.monitoring.DISABLE  # never ours: not asked again for this code
        if not self.recording or code.co_name == "<module>":
            return None
        frame, stack = sys._getframe(1), []
        while frame is not None:
            found = self.module_of(frame.f_code.co_filename)
            if found:
                stack.append(found)
            frame = frame.f_back
        self.calls.append((module, code.co_qualname, tuple(reversed(stack))))
        return None

    def on_query(self, execute, sql, params, many, context):
        from django.db import connection

        if self.recording:
            self.queries += 1
            text = " ".join(str(sql).split())
            if not connection.in_atomic_block:
                self.locked = False  # autocommit: no transaction is open
            if "FOR UPDATE" in text.upper():
                self.locks.append(text.partition(" FROM ")[2].split(" ")[0].strip('"'))
                self.locked = True
            if self.stored_at is None and text.upper().startswith('INSERT INTO "GAMES_ACTION"'):
                self.stored_at = len(self.calls)
        return execute(sql, params, many, context)


def install(trace: Trace):
    """Hooks on the connection and the template engine; returns the function that removes them."""
    from django.db import connection
    from django.template import base

    original_render = base.Template.render

    def render(template, context):
        outermost = trace.render_depth == 0
        trace.render_depth += 1
        try:
            if trace.recording and outermost:
                name = getattr(template.origin, "template_name", None) or template.name or "<string>"
                trace.renders.append((str(name), connection.in_atomic_block, trace.locked))
            return original_render(template, context)
        finally:
            trace.render_depth -= 1

    def ends(method):
        def wrapped(*args, **kwargs):
            try:
                return method(*args, **kwargs)
            finally:
                trace.locked = False  # commit or rollback of the transaction ends its row locks

        return wrapped

    base.Template.render = render
    connection.commit, connection.rollback = ends(connection.commit), ends(connection.rollback)
    connection.execute_wrappers.append(trace.on_query)
    sys.monitoring.use_tool_id(TOOL, "bench.call_paths")
    sys.monitoring.register_callback(TOOL, sys.monitoring.events.PY_START, trace.on_start)
    sys.monitoring.set_events(TOOL, sys.monitoring.events.PY_START)

    def remove():
        sys.monitoring.set_events(TOOL, 0)
        sys.monitoring.free_tool_id(TOOL)
        connection.execute_wrappers.remove(trace.on_query)
        del connection.commit, connection.rollback
        base.Template.render = original_render

    return remove


def new_game(number: int):
    from games.models import Game
    from games.services import do_create_game, do_join
    from tests.conftest import make_user

    users = [make_user(f"cp{number}x{i}") for i in range(3)]
    game = do_create_game(users[0], "wildcards", 3, {}, seed=f"call-paths-{number}")
    for user in users[1:]:
        do_join(game.pk, user)
    return Game.objects.get(pk=game.pk)


def web_move(client, game):
    """POST the first legal move of the first seat to act, as the table's form does (signed in beforehand)."""
    from games.engines import get_engine

    engine = get_engine(game.engine)
    seat = engine.to_act(game.state)[0]
    client.force_login(game.seats.get(position=seat).user)
    action = engine.legal_actions(game.state, seat)[0]
    return lambda: client.post(f"/games/{game.pk}/act/", {"action": json.dumps(action), "version": game.version})


def mail_reply(client, game):
    """A reply to the turn mail of the first seat to act, as Mailgun's inbound webhook posts it."""
    from django.utils import translation

    from games.bymail import render
    from games.bymail.tokens import WaitToken, reply_address
    from games.engines import get_engine
    from games.models import Deadline

    engine = get_engine(game.engine)
    seat = engine.to_act(game.state)[0]
    user = game.seats.get(position=seat).user
    deadline = Deadline.objects.get(game=game, seat=seat, closed_at__isnull=True)
    with translation.override(user.profile.language):
        phrase = render.phrase(game.engine, engine.legal_actions(game.state, seat)[0], engine.view(game.state, seat))
    reply = EmailMessage()
    reply["From"] = user.email
    reply["To"] = reply_address(WaitToken(game.pk, seat, game.version, deadline.pk))
    reply["Subject"] = f"Re: your turn in game {game.pk}"
    reply["Message-ID"] = make_msgid(domain="mail.example.org")
    reply["Date"] = "Tue, 3 Mar 2026 10:00:00 +0100"
    reply.set_content(f"{phrase}\n\nOn Tue, 3 Mar 2026 at 09:00, Wildcards wrote:\n> Your turn.\n")
    raw = reply.as_bytes()
    token, timestamp = hashlib.sha256(raw).hexdigest()[:50], "1741000000"
    signature = hmac.new(SIGNING_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    form = {"recipient": str(reply["To"]), "sender": user.email, "from": user.email, "subject": str(reply["Subject"])}
    form |= {"body-mime": raw.decode(), "timestamp": timestamp, "token": token, "signature": signature}
    form["message-headers"] = json.dumps([[k, str(v)] for k, v in reply.items()])
    auth = "Basic " + base64.b64encode(SECRET.encode()).decode()
    client.logout()
    return lambda: client.post("/anymail/mailgun/inbound_mime/", data=form, HTTP_AUTHORIZATION=auth)


def reentered(modules: list[str]) -> str:
    """Modules that come back after another of ours ran between: 'name xN' for N separate stays."""
    runs = [m for i, m in enumerate(modules) if i == 0 or modules[i - 1] != m]
    again = [(m, n) for m, n in Counter(runs).most_common() if n > 1]
    return f"{len(again)}: " + (", ".join(f"{m} x{n}" for m, n in again) or "none")


def report(title: str, trace: Trace, status: int, stored: int, summary: bool) -> None:
    calls = trace.calls
    until = trace.stored_at if trace.stored_at is not None else len(calls)
    first: dict[str, tuple[str, int]] = {}  # function: its module, our frames on the stack
    for module, qualname, stack in calls[:until]:
        first.setdefault(f"{module}.{qualname}", (module, len(stack)))
    # Below the view or the webhook's handler: the middleware (wildcards_site) left out.
    below = [c for c in calls[:until] if any(not m.startswith("wildcards_site") for m in c[2])]
    named = [c for c in below if not c[1].endswith(("<genexpr>", "<lambda>"))]
    callbacks: dict[str, str] = {}
    for _module, _qualname, stack in calls:
        chain = [m for i, m in enumerate(stack) if i == 0 or stack[i - 1] != m]
        for index, name in enumerate(chain):
            if name in chain[:index] and name not in callbacks:
                callbacks[name] = " > ".join(chain[chain.index(name) : index + 1])
    under_lock = [name for name, _open, locked in trace.renders if locked]
    in_transaction = [name for name, open_, _locked in trace.renders if open_]
    print(f"-- {title}: HTTP {status}, moves stored {stored}, {trace.queries} SQL statements")
    print(f"  our calls: {until} up to the INSERT of the move, {len(calls)} in the whole request")
    print(f"  distinct functions: {len(first)} up to the move, {len({c[:2] for c in calls})} in all")
    print(
        f"  below the view or webhook handler, up to the move: {len(below)} calls, "
        f"{len({c[:2] for c in below})} distinct; without genexprs and lambdas {len(named)} calls, "
        f"{len({c[:2] for c in named})} distinct"
    )
    path = [module for module, _depth in first.values()]
    print(f"  modules entered again, in the order of first entries up to the move ({reentered(path)})")
    print(f"  modules entered again, every call up to the move ({reentered([c[0] for c in calls[:until]])})")
    print(
        f"  modules called back on the stack, whole request ({len(callbacks)}): "
        + ("; ".join(callbacks.values()) or "none")
    )
    print(f"  row locks taken: {len(trace.locks)} ({', '.join(trace.locks) or 'none'})")
    print(
        f"  templates rendered: {len(trace.renders)}; in an open transaction: {len(in_transaction)}; "
        f"while holding a row lock: {len(under_lock)} ({', '.join(under_lock) or 'none'})"
    )
    if not summary:
        print("  functions entered up to the stored move, in order (indented by our frames on the stack):")
        for name, (_module, depth) in first.items():
            print(f"    {'  ' * (depth - 1)}{name}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench call_paths")
    parser.add_argument("--summary", action="store_true", help="the figures without the list of functions")
    args = parser.parse_args(argv)
    os.environ.setdefault("CELERY_BROKER_URL", "memory://")  # tasks queued after a commit go nowhere
    setup_django("wc_bench_call_paths")
    from django.conf import settings
    from django.test import Client

    from games.models import Action

    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": SECRET, "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    client = Client()
    trace = Trace(Path(settings.BASE_DIR).resolve())
    remove = install(trace)
    try:
        for number, measured in ((0, False), (1, True)):
            game = new_game(number)
            for title, move in (("web move", web_move), ("mail reply", mail_reply)):
                game.refresh_from_db()
                before = Action.objects.filter(game=game).count()
                post = move(client, game)
                trace.__init__(trace.root)
                trace.recording = True
                status = post().status_code
                trace.recording = False
                stored = Action.objects.filter(game=game).count() - before
                if measured:
                    report(title, trace, status, stored, args.summary)
    finally:
        remove()
