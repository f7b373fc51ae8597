"""The daily digest (every game waiting for the player, soonest deadline first) and the tournament round start."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db.models import F
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.timesince import timeuntil

from games.ahead.models import AHEAD_WAIT, StoredAnswer
from games.bymail import ahead_text, mail_context, mails_ahead
from games.bymail.headers import game_headers
from games.bymail.tokens import WaitToken, reply_address
from games.engines import get_engine
from games.engines.base import answers_ahead
from games.models import Deadline, Game, Seat
from wildcards_site.accounts.models import Profile
from wildcards_site.accounts.time_zones import zone_named
from wildcards_site.outbox.sending import queue_mail

DIGEST_HOUR = 7  # local time of the recipient


def _local_now(profile: Profile, now: datetime) -> datetime:
    return timezone.localtime(now, zone_named(profile.time_zone))


def digest(user, now: datetime | None = None) -> bool:
    """Queue today's digest for `user`; False when nothing waits for them (no mail then)."""
    now = now or timezone.now()
    profile = user.profile
    waits = list(
        Deadline.objects.filter(
            closed_at__isnull=True,
            game__status=Game.Status.RUNNING,
            game__seats__user=user,
            game__seats__position=F("seat"),
        )
        .select_related("game")
        .order_by("closes_at")
    )
    with translation.override(profile.language):
        ahead = _answerable_ahead(user)
    if not waits and not ahead:
        return False
    with translation.override(profile.language):
        games = [
            {
                "name": mail_context.game_name(wait.game),
                "deadline": mail_context.local_time(wait.closes_at, profile),
                "time_left": timeuntil(wait.closes_at, now),
                "url": settings.SITE_URL + reverse("games:table", args=[wait.game_id]),
                "reply_to": reply_address(WaitToken(wait.game_id, wait.seat, wait.game.version, wait.pk)),
            }
            for wait in waits
        ]
    key = f"digest:{user.pk}:{_local_now(profile, now).date().isoformat()}"
    headers = game_headers(key, None, user.pk, "digest")
    ctx = {
        "player": profile.name,
        "games": games,
        "ahead": ahead,
        "preferences_url": settings.SITE_URL + reverse("bymail:preferences"),
        "unsubscribe_url": headers["List-Unsubscribe"][1:-1],
    }
    return queue_mail(key, "digest", user.email, ctx, profile.language, headers) is not None


def _answerable_ahead(user) -> list[dict]:
    """The games where the player, not called now, may answer ahead a call not yet answered: as
    the answer-ahead mail lists its cases (merged here for a player who takes the digest)."""
    seats = Seat.objects.filter(
        user=user, kind=Seat.Kind.HUMAN, status=Seat.Status.PLAYING, game__status=Game.Status.RUNNING
    ).select_related("game")
    found = []
    for seat in seats:
        game = seat.game
        engine = get_engine(game.engine)
        if not answers_ahead(engine) or not game.allow_ahead or seat.position in engine.to_act(game.state):
            continue
        cases = engine.ahead_cases(game.state, seat.position)
        phase = mails_ahead.phase_to_tell(cases)
        stored = StoredAnswer.objects.filter(game=game, seat=seat.position, phase=phase).exclude(case=mails_ahead.LEAD)
        if phase is None or stored.exists():
            continue
        groups = ahead_text.groups(game.engine, engine.view(game.state, seat.position), cases)
        found.append(
            {
                "name": mail_context.game_name(game),
                "url": settings.SITE_URL + reverse("games:table", args=[game.pk]),
                "reply_to": reply_address(WaitToken(game.pk, seat.position, game.version, AHEAD_WAIT)),
                "groups": groups,
                "example": ahead_text.example(game.engine, groups),
            }
        )
    return found


def send_digests(now: datetime | None = None) -> int:
    """Hourly: the digest of every player who asked for one and whose local time is DIGEST_HOUR."""
    now = now or timezone.now()
    sent = 0
    for profile in Profile.objects.filter(email_digest=True, user__is_active=True).select_related("user"):
        if _local_now(profile, now).hour == DIGEST_HOUR and digest(profile.user, now):
            sent += 1
    return sent
