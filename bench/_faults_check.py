"""Games for the fault suite, and the counts it reports: waits, actions, mail, verify_games."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

ENGINES = ("wildcards", "wizard", "cubirds", "emu_ranchers")


def make_games(count: int, prefix: str) -> list[int]:
    """`count` running games cycling through the four games, each seat a different player."""
    from games.engines import get_engine
    from games.services import do_create_game, do_join
    from tests.conftest import make_user

    ids = []
    for number in range(count):
        name = ENGINES[number % len(ENGINES)]
        engine = get_engine(name)
        seats = max(engine.min_players, min(3, engine.max_players))
        users = [make_user(f"{prefix}{number}s{seat}") for seat in range(seats)]
        game = do_create_game(users[0], name, seats, {}, seed=f"{prefix}-{number}")
        for user in users[1:]:
            do_join(game.pk, user)
        ids.append(game.pk)
    return ids


def expected_defaults(game) -> int:
    """How many default actions closing the game's open waits once plays (as `_play_defaults` does)."""
    from games.engines import get_engine
    from games.services.bot_choice import timeout_action

    engine = get_engine(game.engine)
    state = game.state
    seats = sorted(game.deadlines.filter(closed_at__isnull=True).values_list("seat", flat=True))
    played = 0
    for seat in seats:
        key = engine.phase_key(state)
        while not engine.is_over(state) and seat in engine.to_act(state) and engine.phase_key(state) == key:
            state = engine.apply(state, seat, timeout_action(engine, state, seat, game.pk, game.version + played))
            played += 1
    return played


def make_overdue(game_ids: list[int], now: datetime) -> tuple[list[int], dict[int, int]]:
    """Move every open wait of these games one second into the past; returns the waits and the defaults due."""
    from games.models import Deadline, Game

    expected = {game.pk: expected_defaults(game) for game in Game.objects.filter(pk__in=game_ids)}
    waits = Deadline.objects.filter(game_id__in=game_ids, closed_at__isnull=True)
    wait_ids = list(waits.values_list("pk", flat=True))
    waits.update(closes_at=now - timedelta(seconds=1))
    return wait_ids, expected


def open_waits(wait_ids: list[int]) -> int:
    from games.models import Deadline

    return Deadline.objects.filter(pk__in=wait_ids, closed_at__isnull=True).count()


@dataclass
class Waits:
    once: int = 0
    twice: int = 0
    never: int = 0
    latest: timedelta = timedelta(0)


def count_waits(wait_ids: list[int], expected: dict[int, int]) -> Waits:
    """Each wait: never (still open), twice (its game got more defaults than one close plays), or once."""
    from django.db.models import Count, Q

    from games.models import Action, Deadline, Game

    timeouts = dict(
        Game.objects.filter(pk__in=expected)
        .annotate(n=Count("actions", filter=Q(actions__channel=Action.Channel.TIMEOUT)))
        .values_list("pk", "n")
    )
    result = Waits()
    for wait in Deadline.objects.filter(pk__in=wait_ids):
        if wait.closed_at is None:
            result.never += 1
            continue
        result.latest = max(result.latest, wait.closed_at - wait.closes_at)
        if timeouts[wait.game_id] > expected[wait.game_id]:
            result.twice += 1
        else:
            result.once += 1
    return result


@dataclass
class Mail:
    queued: int = 0
    once: int = 0
    twice: int = 0
    resent: int = 0
    lost: int = 0
    dropped: int = 0
    latest: timedelta = timedelta(0)
    lost_keys: list[str] = field(default_factory=list)


def mail_since(first_pk: int) -> list:
    from wildcards_site.outbox.models import OutboxMessage

    return list(OutboxMessage.objects.filter(pk__gt=first_pk).order_by("pk"))


def last_mail_pk() -> int:
    from wildcards_site.outbox.models import OutboxMessage

    return OutboxMessage.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def mail_settled(first_pk: int) -> bool:
    """No mail queued since `first_pk` is still waiting to be sent."""
    from wildcards_site.outbox.models import OutboxMessage

    waiting = (OutboxMessage.Status.PENDING, OutboxMessage.Status.SENDING)
    return not OutboxMessage.objects.filter(pk__gt=first_pk, status__in=waiting).exists()


def count_mail(first_pk: int, deliveries, dead_claims: dict | None = None, killed_at: list | None = None) -> Mail:
    """Mail queued since `first_pk`, matched with the SMTP sink's deliveries by Message-ID.

    `dead_claims`: key -> claimed_at of the mail a killed worker held (one claimed_at is one
    batch); `killed_at`: when workers were killed. A mail of such a batch, claimed before a kill,
    delivered exactly twice is `resent` (the dead worker's copy, taken by the SMTP server just
    before the kill, and the one sent after its stale claim), one a batch at most: a worker
    sends one mail at a time. Any other second delivery is `twice`.
    """
    from wildcards_site.outbox.models import OutboxMessage

    dead_claims = dead_claims or {}
    last_kill = max(killed_at or [], default=None)
    batches_resent: set = set()
    result = Mail()
    for row in mail_since(first_pk):
        result.queued += 1
        if row.status == OutboxMessage.Status.DROPPED:
            result.dropped += 1
            continue
        received = deliveries.get((row.headers or {}).get("Message-ID", "").strip(), 0)
        batch = dead_claims.get(row.key)
        if received == 0 or row.status != OutboxMessage.Status.SENT:
            result.lost += 1
            result.lost_keys.append(f"{row.key} ({row.status}, {received} delivered)")
        elif received == 1:
            result.once += 1
        elif received == 2 and batch is not None and last_kill and batch <= last_kill and batch not in batches_resent:
            batches_resent.add(batch)
            result.resent += 1
        else:
            result.twice += 1
        if row.sent_at:
            result.latest = max(result.latest, row.sent_at - row.created_at)
    return result


def verify_all() -> tuple[int, int]:
    """verify_games over every started game: (games checked, games that disagree with their log)."""
    from games.history.replay import verify
    from games.models import Game

    checked = bad = 0
    for game in Game.objects.filter(state__isnull=False).iterator():
        checked += 1
        bad += bool(verify(game))
    return checked, bad
