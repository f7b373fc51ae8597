"""Tournament mail: a round's start (each entrant's table, or bye), the final places, invitations."""

from __future__ import annotations

from django.utils import translation

from games.bymail import preferences
from games.bymail.headers import game_headers
from tournaments.numbers import alike
from wildcards_site.outbox.sending import queue_mail
from wildcards_site.wording import names_list

TOP = 10


def mail_round(tournament, number: int, seated: list, byes: list, idle: list, stage: str) -> None:
    """Each entrant of the round is mailed: their table(s), their bye (user, `services.byes`
    kind), or why a bracket seats them nowhere."""
    # The number keeps the mail's outbox key unique when two tournaments share a name.
    label = f"{tournament.name} (#{tournament.pk})"
    knockout = stage == "elimination"
    # Read once for the whole round: this runs while the tournament row is locked.
    known = round_known([table for _user, tables in seated for table in tables])
    preferences.load_opt_outs([user for user, _tables in seated] + [user for user, _kind in byes] + idle)
    for user, tables in seated:
        round_started(user, tournament, label, number, tables, "", knockout, known)
    for user, kind in byes:
        round_started(user, tournament, label, number, [], kind, knockout, known)
    for user in idle:
        round_started(user, tournament, label, number, [], "", knockout, known)


def round_started(
    user, tournament, label: str, number: int, tables: list, bye: str, knockout: bool, known: dict | None = None
) -> None:
    """A round has started: each of the entrant's tables (`tournaments.models.Table`, with its
    game), whom they play there and by when their first move is due; or their bye, `bye` its
    kind (`services.byes`: in a knock-out it goes on, elsewhere it scores what the kind says).
    `label`: the tournament as the mail names it. `known`: the round's seats and open deadlines
    read once for every entrant (`round_known`), else read here."""
    from django.conf import settings
    from django.urls import reverse

    from games.bymail.mail_context import local_time

    if not preferences.wants(user, "tournament-round"):
        return
    profile = user.profile
    key = f"tournament:{label}:{number}:{user.pk}"
    headers = game_headers(key, None, user.pk, "tournament-round")
    known = known or round_known(tables)
    with translation.override(profile.language):
        shown = []
        for table in tables:
            game = table.game
            seats = known["seats"].get(game.pk, [])
            mine = next(seat for seat in seats if seat.user_id == user.pk)
            wait = known["waits"].get((game.pk, mine.position))
            others = [str(seat.label) for seat in seats if seat.pk != mine.pk]
            shown.append(
                {
                    "number": table.number,
                    "others": names_list(others),
                    "name": str(game),
                    "url": settings.SITE_URL + reverse("games:table", args=[game.pk]),
                    "deadline": local_time(wait.closes_at, profile) if wait else None,
                }
            )
        ctx = {
            "player": profile.name,
            "tournament": label,
            "round": number,
            "tables": shown,
            "bye": bye,
            "knockout": knockout,
            "bye_points": f"{tournament.bye_score:g}",
            "win_points": f"{tournament.win_score:g}",
            "tournament_url": _tournament_url(tournament),
            "unsubscribe_url": headers["List-Unsubscribe"][1:-1],
        }
    queue_mail(key, "tournament-round", user.email, ctx, profile.language, headers)


def round_known(tables: list) -> dict:
    """The seats (with their players' profiles) and open deadlines of these tables, one query each."""
    from games.models import Deadline, Seat

    games = [table.game_id for table in tables]
    seats: dict[int, list] = {}
    for seat in (
        Seat.objects.filter(game_id__in=games).select_related("user__profile").order_by("game", "position", "pk")
    ):
        seats.setdefault(seat.game_id, []).append(seat)
    waits = {(wait.game_id, wait.seat): wait for wait in Deadline.objects.filter(game_id__in=games, closed_at=None)}
    return {"seats": seats, "waits": waits}


def tournament_final(
    user,
    tournament: str,
    key: str,
    place: int | None,
    top: list[dict],
    url: str,
    swiss_points: bool = False,
    event: str = "tournament-round",
) -> None:
    """The tournament is over. `top` holds {"place", "name", "points", "disqualified", "dropped"}
    rows, best first; points None where the format counts none (a knock-out). `swiss_points`: the points are those of a
    Swiss whose top cut decided the first places. `event`: the switch it goes under, for an
    entrant the round mails' (only the organisers' messages have their own), for an organiser
    who does not play the organisers' mail."""
    if not preferences.wants(user, event):
        return
    profile = user.profile
    mail_key = f"tournament-final:{key}:{user.pk}"
    headers = game_headers(mail_key, None, user.pk, event)
    with translation.override(profile.language):
        top = top[:TOP]
        if any(row["points"] is not None for row in top):
            # As the standings' column writes them: "12" not "12.0", and in the reader's format.
            shown = alike([row["points"] or 0 for row in top])
            top = [row | {"points": words} for row, words in zip(top, shown, strict=True)]
        ctx = {
            "player": profile.name,
            "tournament": tournament,
            "place": place,
            "top": top,
            "swiss_points": swiss_points,
            "tournament_url": url,
            "unsubscribe_url": headers["List-Unsubscribe"][1:-1],
        }
    queue_mail(mail_key, "tournament-final", user.email, ctx, profile.language, headers)


def _tournament_url(tournament) -> str:
    from django.conf import settings
    from django.urls import reverse

    return settings.SITE_URL + reverse("tournaments:detail", args=[tournament.pk])


def invitation_mail_key(invitation_id: int) -> str:
    return f"tournament-invite:{invitation_id}"


def tournament_invitation(invitation) -> None:
    """An organiser's invitation: sent whatever the invitee's preferences, like a game's (one a person)."""
    from django.conf import settings
    from django.urls import reverse

    # Someone with no account yet has no language of their own: the organiser's is the better guess.
    language = (invitation.user if invitation.user_id else invitation.invited_by).profile.language
    link = settings.SITE_URL + reverse("tournaments:invitation", args=[invitation.token])
    # The game's name in the mail's language.
    with translation.override(language or settings.LANGUAGE_CODE):
        game = invitation.tournament.game_title
    ctx = {
        "tournament": invitation.tournament.name,
        "game": game,
        "inviter": invitation.invited_by.profile.name,
        "link": link,
        # "Sign up first" only to an address without an account.
        "has_account": invitation.user_id is not None,
    }
    queue_mail(invitation_mail_key(invitation.pk), "tournament-invitation", invitation.email, ctx, language)


def _to_entrant(user, tournament, name: str, key: str, extra: dict, event: str = "tournament-round") -> None:
    """A mail to one entrant, under the switch for tournament mail (organisers' messages have their own)."""
    if not preferences.wants(user, event):
        return
    profile = user.profile
    headers = game_headers(key, None, user.pk, event)
    ctx = {
        "player": profile.name,
        "tournament": tournament.name,
        "tournament_url": _tournament_url(tournament),
        "unsubscribe_url": headers["List-Unsubscribe"][1:-1],
        **extra,
    }
    queue_mail(key, name, user.email, ctx, profile.language, headers)


def tournament_cancelled(user, tournament, stage: str = "tables", event: str = "tournament-round") -> None:
    """Cancelled by its organisers, or by the site with a reason (said in the reader's language).
    `stage`: "before" its start, after it with "tables" (they go on to their end), or with
    "none" yet (a round robin making its schedule)."""
    from tournaments.reasons import cancel_reason_words, organisers_why

    with translation.override(user.profile.language):
        reason = cancel_reason_words(tournament)
    key = f"tournament-cancelled:{tournament.pk}:{user.pk}"
    extra = {"reason": reason, "stage": stage, "why": organisers_why(tournament)}
    # `event`: the switch it goes under, the organisers' own for an organiser who does not play.
    _to_entrant(user, tournament, "tournament-cancelled", key, extra, event=event)


def tournament_message(user, tournament, message) -> None:
    """One mail per entrant and message: the key makes a second attempt a no-op."""
    key = f"tournament-message:{message.pk}:{user.pk}"
    extra = {"organiser": message.author.profile.name, "text": message.text}
    _to_entrant(user, tournament, "tournament-message", key, extra, event="tournament-message")


def letter_to_organiser(organiser, tournament, letter) -> None:
    """An entrant's letter (services/letters.py), with their address to answer to."""
    author = letter.author
    key = f"tournament-letter:{letter.pk}:{organiser.pk}"
    headers = game_headers(key, None, organiser.pk, "tournament-letter", reply_to=author.email)
    profile = organiser.profile
    ctx = {
        "player": profile.name,
        "author": author.profile.name,
        "address": author.email,
        "text": letter.text,
        "tournament": tournament.name,
        "tournament_url": _tournament_url(tournament),
        "unsubscribe_url": headers["List-Unsubscribe"][1:-1],
    }
    queue_mail(key, "tournament-letter", organiser.email, ctx, profile.language, headers)


def no_show_withdrawn(user, tournament, round_number: int) -> None:
    """Withdrawn for a table they never made a move at (services/running.py)."""
    key = f"tournament-no-show:{tournament.pk}:{user.pk}"
    facts = {"round": round_number, "next": round_number + 1}
    facts["round_robin"] = tournament.format_spec.annuls_early_leavers  # its results may be annulled
    _to_entrant(user, tournament, "tournament-no-show", key, facts)


def annulled_key(tournament_id: int, leaver_id: int, user_id: int) -> str:
    return f"tournament-annulled:{tournament_id}:{leaver_id}:{user_id}"


def results_annulled(user, tournament, leaver, rounds: list[int], rescored: list[int]) -> None:
    """`leaver` left a round robin before half their games: `user`'s games against them in `rounds`
    no longer count, and their tables of `rescored` are scored as if the leaver had not sat there
    (services/annulments.py)."""
    key = annulled_key(tournament.pk, leaver.pk, user.pk)
    with translation.override(user.profile.language):
        numbers = names_list([str(number) for number in rounds])
        others = names_list([str(number) for number in rescored])
    extra = {"leaver": leaver.profile.name, "numbers": numbers, "games": len(rounds)}
    extra |= {"rescored_numbers": others, "rescored": len(rescored)}
    _to_entrant(user, tournament, "tournament-annulled", key, extra)


def removed_by_organiser(
    user, tournament, organiser, next_round: int, disqualified: bool, out: bool = False, reason: str = ""
) -> None:
    """An organiser dropped or disqualified the player (services/leaving.py): they are told, and why."""
    kind = "disqualified" if disqualified else "dropped"
    key = f"tournament-removed:{tournament.pk}:{user.pk}:{kind}"
    # The round under way is their last: named, since a next round may never come (a final).
    extra = {"organiser": organiser.profile.name, "last": next_round - 1, "disqualified": disqualified}
    extra["reason"] = reason
    extra["out"] = out  # a knock-out had put them out already: no round is their last
    # A round robin may annul a leaver's results (formats/withdrawals.py): its rule, not "they stand".
    extra["round_robin"] = tournament.format_spec.annuls_early_leavers
    _to_entrant(user, tournament, "tournament-removed", key, extra)


def rules_changed(user, tournament) -> None:
    """The organisers changed how the event is played after the player entered
    (services/organising.py): read the rules again; at most one such mail a day an entrant."""
    from django.utils import timezone

    key = f"tournament-rules:{tournament.pk}:{user.pk}:{timezone.now().date().isoformat()}"
    _to_entrant(user, tournament, "tournament-rules", key, {})
