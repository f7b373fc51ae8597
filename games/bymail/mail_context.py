"""What every game mail shows: the game's name, times in the reader's zone, the seats' names,
and a turn's context (the seat's view, its moves with a reply command and a link each, what the
others did and said since its last mail)."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import pgettext

from games import recap as recaps
from games import table_talk
from games.bymail import ahead_text, render
from games.bymail.belongs_to import belongs_to
from games.bymail.tokens import WaitToken, action_link_token, reply_address
from games.engines import get_engine
from games.engines.base import answers_ahead
from games.models import Action, Deadline, Game, Seat
from games.presenters import action_label
from games.presenters.ahead import dropped_notes
from games.presenters.seat_names import SeatNames
from games.rules_pages.rules import rules_url
from wildcards_site.accounts.time_zones import zone_named
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.wording import format_date

# Menus longer than this (CuBirds' lay, Emu Ranchers' play) are answered by reply only.
MAX_LINKS = 16
# A turn mail tells at most this many moves of the others; the table and the replay have the rest.
MAIL_RECAP_STEPS = 20
MAIL_TALK = 10  # the latest lines of table talk a turn mail carries


def local_time(moment, profile) -> str:
    """A moment in the recipient's time zone, with month and day names as the active language writes them."""
    local = timezone.localtime(moment, zone_named(profile.time_zone))
    # Translators: a date format (Django's letters); Spanish "l j \d\e F \d\e Y, H:i".
    pattern = pgettext("moment in a mail", "l j F Y, H:i")
    return f"{format_date(local, pattern)} ({profile.time_zone})"


def game_name(game: Game) -> str:
    return str(game)


def game_seats(game: Game) -> list[Seat]:
    """The seats with their players' profiles; those prefetched with the game when they were."""
    if "seats" in getattr(game, "_prefetched_objects_cache", {}):
        return list(game.seats.all())
    return list(game.seats.select_related("user__profile"))


def seat_names(game: Game) -> SeatNames:
    """Each seat as mails list it: a bot seat with its mark and level ("Cy · Good bot"), as on the
    site; a move told from before a bot took a seat names its player (`seat_names.names_along`)."""
    return SeatNames(game_seats(game))


def base_context(game: Game, seat: Seat) -> dict:
    return {
        "belongs_to": belongs_to(game),
        "game": game,
        "game_name": game_name(game),
        "seat": seat,
        "player": str(seat.name),
        "table_url": settings.SITE_URL + reverse("games:table", args=[game.pk]),
        "rules_url": rules_url(game.engine),
        "preferences_url": settings.SITE_URL + reverse("bymail:preferences"),
    }


def turn_context(game: Game, seat: Seat, deadline: Deadline) -> dict:
    """The seat's view, what it is asked with a reply command (and a link) per legal move, and the deadline.

    Call inside `translation.override(recipient's language)`.
    """
    engine = get_engine(game.engine)
    view = engine.view(game.state, seat.position)
    wait = WaitToken(game.pk, seat.position, game.version, deadline.pk)
    legal = render.in_hand_order(game.engine, engine.legal_actions(game.state, seat.position), view)
    moves = []
    listed = set()
    for action in legal:
        phrase = render.phrase(game.engine, action, view)
        if phrase in listed:
            continue  # two alike cards (the Eagle's two bids): one command, which takes either
        listed.add(phrase)
        move = {"phrase": phrase, "label": action_label(action, game.engine, view)}
        if len(legal) <= MAX_LINKS:
            token = action_link_token(seat.user_id, wait, action)
            move["link"] = settings.SITE_URL + reverse("bymail:act", args=[token])
        moves.append(move)
    profile = seat.user.profile
    names = seat_names(game)
    cases = engine.ahead_cases(game.state, seat.position) if answers_ahead(engine) else []
    return base_context(game, seat) | {
        "ahead_groups": ahead_text.groups(game.engine, view, cases) if cases else [],
        "ahead_dropped": dropped_notes(game, seat, view) if answers_ahead(engine) else [],
        "recap": _since_last_move(game, seat, names),
        **_talk_since_last_mail(game, seat),
        "board": render.board(game.engine, view, names),
        "moves": moves,
        "turn_note": render.turn_note(game.engine, legal, view, names),
        "reply_to": reply_address(wait),
        "deadline": local_time(deadline.closes_at, profile),
    }


def _since_last_move(game: Game, seat: Seat, names: dict) -> recaps.Recap:
    """What the others did between this seat's last move and the version the mail is about (a
    move made for the player, forced, answered ahead or a delegate's, is not one: they never saw
    the cards played before it)."""
    last_own = (
        game.actions.filter(seat=seat.position, seq__lt=game.version, channel__in=Action.SEEN_CHANNELS)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    since = last_own + 1 if last_own is not None else 0
    return recaps.recap(game, seat.position, since, names, upto=game.version, max_steps=MAIL_RECAP_STEPS)


def _talk_since_last_mail(game: Game, seat: Seat) -> dict:
    """What the others wrote at the table since this seat's last turn mail went out (all of it
    before the first): a line written after that mail, even before the player moved, is in this one."""
    last_mail = (
        OutboxMessage.objects.filter(key__startswith=f"turn:{game.pk}:{seat.position}:", sent_at__isnull=False)
        .order_by("-sent_at")
        .values_list("claimed_at", "sent_at")
        .first()
    )
    since = (last_mail[0] or last_mail[1]) if last_mail else None  # written when claimed, so the claim
    talk, left_out = table_talk.said_since(game, since, seat.user_id, MAIL_TALK)
    return {"talk": talk, "talk_left_out": left_out}
