"""Creating a tournament, registering for it and leaving it before the start."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game, Seat
from games.services.errors import ActionRejected
from tournaments.models import Entry, Tournament
from tournaments.services.rules import checked_settings
from wildcards_site.accounts.bot_accounts import is_bot_account

# How many of a player's latest finished games count for their reliability.
RELIABILITY_GAMES = 20


def rating_of(user, engine: str) -> float | None:
    """The player's rating in the game's pool (issue 16), or None when unrated or not established:
    a rating from a few games, or from games against one or two people, is below any min_rating
    and seeds as a newcomer's (issue 26: ratings must not be bought)."""
    from tournaments.ratings.leaderboards import established_rating
    from tournaments.ratings.pools import pool_for

    return established_rating(user, pool_for(engine))


def _established_rules() -> dict[str, int]:
    from tournaments.ratings.leaderboards import rules

    return rules()


def ratings_of(user_ids: list[int], engine: str) -> dict[int, float]:
    """The established ratings of these players in the game's pool, by user id (the others are
    missing: they seed as newcomers, as `rating_of` says)."""
    from tournaments.ratings.leaderboards import established
    from tournaments.ratings.pools import pool_for

    rows = established(pool_for(engine)).filter(player_id__in=user_ids).values_list("player_id", "rating")
    return dict(rows)


def reliability_of(user) -> float:
    """Share of the player's latest finished games with other people that they finished
    themselves (not replaced by a bot after timeouts, not resigned); a player without such
    games counts as reliable. Games against bots alone do not count (twenty quick ones would
    wash out a record of leaving people's tables), and a table abandoned because its people
    left does."""
    with_people = Seat.objects.filter(game_id=OuterRef("game_id"), user__isnull=False).exclude(user=user)
    statuses = list(
        Seat.objects.filter(user=user, game__status__in=(Game.Status.FINISHED, Game.Status.ABANDONED))
        .filter(Exists(with_people))
        .order_by(F("game__finished_at").desc(nulls_last=True))
        .values_list("status", flat=True)[:RELIABILITY_GAMES]
    )
    if not statuses:
        return 1.0
    return sum(1 for status in statuses if status == Seat.Status.PLAYING) / len(statuses)


def do_create_tournament(creator, name: str, engine_name: str, format: str, **fields) -> Tournament:
    """A tournament open for registration, with its creator as organiser. Bad settings change nothing."""
    settings_ = checked_settings({"name": name, "engine": engine_name, "format": format, **fields})
    check_times_to_come(settings_, {})
    with transaction.atomic():
        _check_daily_limit(creator)
        tournament = Tournament.objects.create(created_by=creator, **settings_)
        tournament.organisers.add(creator)
    return tournament


def check_times_to_come(chosen: dict, before: dict, now: datetime | None = None) -> None:
    """A start or a registration close set in the past is a typo (last year's date, say): kept,
    it would have the sweep cancel the event a minute later for want of players.
    Times already passed and left as they were stand."""
    now = now or timezone.now()
    for field, message in (
        ("starts_at", _("The start time is in the past: give a time to come, or none to start by hand.")),
        ("registration_closes_at", _("Registration cannot close in the past: give a time to come, or none.")),
    ):
        when = chosen.get(field)
        if when is not None and when != before.get(field) and when <= now:
            raise ActionRejected("in_the_past", message)


def _check_daily_limit(creator) -> None:
    """Anyone may organise, but not flood the list: so many tournaments a day (staff: no limit).

    The creator's row is locked, so two creations at once are counted one after the other.
    """
    if creator.is_staff:
        return
    limit = settings.TOURNAMENTS_PER_DAY
    get_user_model().objects.select_for_update().filter(pk=creator.pk).exists()
    since = timezone.now() - timedelta(days=1)
    if Tournament.objects.filter(created_by=creator, created_at__gte=since).count() >= limit:
        raise ActionRejected(
            "too_many",
            ngettext(
                "You may create at most %(count)s tournament a day; try again tomorrow.",
                "You may create at most %(count)s tournaments a day; try again tomorrow.",
                limit,
            )
            % {"count": limit},
        )


def check_not_named_organiser(tournament: Tournament, user) -> None:
    """As no entrant is named an organiser (services/organisers.py): organisers decide at the
    entrants' tables. Only its creator may play in their own event."""
    if user.pk != tournament.created_by_id and tournament.organisers.filter(pk=user.pk).exists():
        raise ActionRejected(
            "organiser", _("You organise this tournament: step down as an organiser first to play in it.")
        )


def check_bot_accounts_allowed(tournament: Tournament, user) -> None:
    """A bot account enters only where the organisers allow bot accounts, invited or not."""
    if not tournament.allow_bot_accounts and is_bot_account(user):
        raise ActionRejected(
            "bot_accounts_not_allowed",
            _("This tournament does not take bot accounts: its organisers have not allowed them."),
        )


def registration_refusal(tournament: Tournament, user, now: datetime | None = None) -> str:
    """Why `user` could not enter now ("" if they could): the tournament's page says so instead
    of offering a button that fails (at a rating floor, say)."""
    try:
        check_can_register(tournament, user, now or timezone.now())
    except ActionRejected as refusal:
        return refusal.message
    return ""


def check_can_register(tournament: Tournament, user, now: datetime) -> float | None:
    """Every entry condition, in the order a player meets them; returns the player's rating."""
    late_swiss = tournament.takes_late_entries
    if not tournament.takes_entries:
        raise ActionRejected("closed", _("Registration for this tournament is closed."))
    if tournament.registration_opens_at and now < tournament.registration_opens_at:
        raise ActionRejected("closed", _("Registration has not opened yet."))
    if tournament.registration_closes_at and now > tournament.registration_closes_at and not late_swiss:
        raise ActionRejected("closed", _("Registration for this tournament is closed."))
    if tournament.entries.filter(user=user).exists():
        raise ActionRejected("already_registered", _("You are already registered."))
    check_bot_accounts_allowed(tournament, user)
    if tournament.removed.filter(pk=user.pk).exists():
        raise ActionRejected(
            "removed", _("The organisers took you out of this tournament: only they can ask you in again.")
        )
    check_not_named_organiser(tournament, user)
    if tournament.status != Tournament.Status.REGISTRATION and (
        tournament.organisers.filter(pk=user.pk).exists() or tournament.former_organisers.filter(pk=user.pk).exists()
    ):
        # A late entry: who organised the event since its start decided at its tables, rivals'
        # included: one could disqualify players, step down and enter.
        raise ActionRejected(
            "organised", _("You have organised this tournament since it started: you cannot enter it now.")
        )
    if tournament.capacity and tournament.entries.count() >= tournament.capacity:
        raise ActionRejected("full", _("This tournament is full."))
    if tournament.invitation_only and not tournament.invited.filter(pk=user.pk).exists():
        raise ActionRejected("invitation_only", _("This tournament is by invitation only."))
    rating = rating_of(user, tournament.engine)
    if tournament.min_rating is not None and (rating is None or rating < tournament.min_rating):
        raise ActionRejected(
            "rating_too_low",
            _(
                "This tournament needs a rating of at least %(min)s, from at least %(games)s rated games "
                "against %(opponents)s different established players."
            )
            % {"min": f"{tournament.min_rating:g}", **_established_rules()},
        )
    if tournament.min_reliability is not None and reliability_of(user) < tournament.min_reliability:
        raise ActionRejected("unreliable", _("Too many of your recent games ended without you."))
    return rating


def do_register(tournament_id: int, user, now: datetime | None = None) -> Entry:
    """Enter a tournament open for registration, if its conditions allow."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        rating = check_can_register(tournament, user, now)
        try:
            with transaction.atomic():
                return Entry.objects.create(tournament=tournament, user=user, rating=rating or 1500)
        except IntegrityError:
            raise ActionRejected("already_registered", _("You are already registered.")) from None


def unpaired_latecomer(tournament: Tournament, user) -> bool:
    """Whether `user` entered a started Swiss late and no round has paired them yet (no table, no
    bye): they may leave as before a start, not drop out "after this round", a round they are not
    in."""
    from tournaments.models import Bye, Table

    entry = tournament.entries.filter(user=user).first() if tournament.takes_late_entries else None
    if entry is None or entry.disqualified or entry.dropped_before_round is not None:
        return False  # a disqualification or a drop stands: leaving would wipe it
    seated = Table.objects.filter(round__tournament=tournament, game__seats__user=user).exists()
    return not seated and not Bye.objects.filter(round__tournament=tournament, entry__user=user).exists()


def do_leave(tournament_id: int, user) -> None:
    """Leave before the start, or before the first round that pairs a latecomer; after it,
    dropping (`do_drop`) is the way out."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.status != Tournament.Status.REGISTRATION and not unpaired_latecomer(tournament, user):
            raise ActionRejected("started", _("The tournament has started: drop out instead."))
        deleted, _rows = tournament.entries.filter(user=user).delete()
        if not deleted:
            raise ActionRejected("not_registered", _("You are not registered."))
