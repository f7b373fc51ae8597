"""Mail about what a creator or an organiser did at a table, queued in the outbox.

Each act is a `GameEvent`; the mail tells it in the words of the table's log
(templates/games/game_event.html), in the recipient's language.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from games.bymail import preferences
from games.bymail.headers import game_headers, unsubscribe_url
from games.models import GameEvent, SeatOffer
from wildcards_site.outbox.sending import queue_mail


def _seat_names(game) -> list[str]:
    return [str(seat.name) for seat in game.seats.select_related("user__profile").order_by("position")]


def table_event(event: GameEvent, recipients: list, offer_back: bool = False) -> None:
    """Tell each recipient what happened at the table (a pause, an extension, a seat changing hands),
    unless they turned "Changes at my tables" off; each mail can turn it off in one click.
    `offer_back`: the recipient created the game and may offer the seat a bot took to a person."""
    game = event.game
    ctx = {
        "offer_back": offer_back,
        "event": event,
        "seat_names": _seat_names(game),
        "game_name": str(game),
        "link": settings.SITE_URL + reverse("games:table", args=[game.pk]),
    }
    for user in recipients:
        if not preferences.wants(user, "table-changes"):
            continue
        key = f"table-event:{event.pk}:{user.pk}"
        headers = game_headers(key, game.pk, user.pk, "table-changes")
        mail_ctx = {**ctx, "unsubscribe_url": unsubscribe_url(user.pk, "table-changes")}
        queue_mail(key, "table-event", user.email, mail_ctx, user.profile.language, headers, user.profile.time_zone)


def seat_offered(offer: SeatOffer) -> None:
    """Ask the player whether they take the seat; nothing happens unless they accept."""
    game = offer.game
    ctx = {
        "game_name": str(game),
        "seat": _seat_names(game)[offer.position],
        "by": offer.offered_by.profile.name if offer.offered_by else "",
        "own_seat": offer.gives_own_seat_back(),
        "days": settings.GAME_SEAT_OFFER_DAYS,
        "link": settings.SITE_URL + reverse("games:table", args=[game.pk]) + "#seat-offer",
    }
    key = f"seat-offer:{offer.pk}"
    # In the game's conversation, as the seat's turn mails will be once it is taken.
    headers = game_headers(key, game.pk, None, "seat-offer")
    queue_mail(key, "seat-offer", offer.user.email, ctx, offer.user.profile.language, headers)


def table_adjudicated(event: GameEvent, recipients: list, tournament: str, tournament_link: str) -> None:
    """Tell the players of a tournament table the result its organisers set for it, and why.

    It is the table's result, so it follows each player's choice of "Game over" mail.
    """
    game = event.game
    ctx = {
        "event": event,
        "seat_names": _seat_names(game),
        "game_name": str(game),
        "tournament": tournament,
        "tournament_link": tournament_link,
        "link": settings.SITE_URL + reverse("games:table", args=[game.pk]),
    }
    for user in recipients:
        if not preferences.wants(user, "game-over"):
            continue
        key = f"table-adjudicated:{event.pk}:{user.pk}"
        # Turned off in one click as every other mail is.
        headers = game_headers(key, game.pk, user.pk, "game-over")
        headers["X-Wildcards-Event"] = "table-adjudicated"  # its own kind, under the "Game over" switch
        mail_ctx = {**ctx, "unsubscribe_url": unsubscribe_url(user.pk, "game-over")}
        profile = user.profile
        queue_mail(key, "table-adjudicated", user.email, mail_ctx, profile.language, headers, profile.time_zone)
