"""What organisers do besides starting and running: edit the settings before the start, ask
players in past the entry conditions and remove entrants, cancel, and write to every entrant.

Cancelling: see `cancelling.py`.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.services import unasked
from games.services.errors import ActionRejected
from tournaments.mail.mails import invitation_mail_key, removed_by_organiser
from tournaments.models import Entry, OrganiserMessage, Tournament, TournamentInvitation
from tournaments.services.cancelling import cancel
from tournaments.services.registration import (
    check_bot_accounts_allowed,
    check_not_named_organiser,
    check_times_to_come,
    rating_of,
)
from tournaments.services.rules import checked_settings, default_place_points, settings_of
from tournaments.services.running import check_not_playing, check_organiser, plays_in_event
from wildcards_site.outbox.sending import drop_unsent

# An organiser's message is mail to every entrant: long enough for a notice, not for a newsletter.
MAX_MESSAGE_CHARS = 2000
MAX_CANCEL_WHY_CHARS = 500


def _locked_before_start(tournament_id: int, user) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    check_organiser(tournament, user)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise ActionRejected("started", _("The tournament has started: its settings and entrants are fixed."))
    return tournament


# Settings that decide who may still enter (and the name): changing them changes no entrant's
# game. Every other setting is how the event is played.
ENTRY_SETTINGS = frozenset(
    {
        "name",
        "registration_opens_at",
        "registration_closes_at",
        "capacity",
        "min_rating",
        "min_reliability",
        "invitation_only",
        "allow_bot_accounts",
    }
)


def do_update_tournament(tournament_id: int, user, **fields) -> Tournament:
    """Change any settings until the start, checked as at creation; bad settings change nothing.

    Once another player has entered, how the event is played is the entrants' business too: an
    organiser who plays does not change it (making a slow unrated event rated and fast under
    the rivals who had entered it), and when another organiser does,
    every entrant is mailed to read the rules again (they may leave before the start)."""
    with transaction.atomic():
        tournament = _locked_before_start(tournament_id, user)
        before = settings_of(tournament)
        chosen = {**before, **fields}
        if "place_points" not in fields and before.get("place_points") == default_place_points(before["seats_max"]):
            chosen["place_points"] = None  # the default for the old table size follows the new one
        if "options" not in fields and fields.get("engine", tournament.engine) != tournament.engine:
            chosen["options"] = {}  # another game's options mean nothing to this one
        checked = checked_settings(chosen, before)
        check_times_to_come(checked, before)
        entrants = tournament.entries.count()
        if checked.get("capacity") is not None and checked["capacity"] < entrants:
            raise ActionRejected(
                "bad_options",
                _("%(count)s players have entered already: the capacity cannot be lower.") % {"count": entrants},
            )
        bots_entered = tournament.entries.filter(user__profile__bot_account=True)
        if not checked.get("allow_bot_accounts", True) and bots_entered.exists():
            raise ActionRejected(
                "bad_options",
                _("Bot accounts have entered already: remove them before you stop taking bot accounts."),
            )
        rules_changed = any(before.get(key) != value for key, value in checked.items() if key not in ENTRY_SETTINGS)
        others = tournament.entries.exclude(user=user)
        if rules_changed and plays_in_event(tournament, user) and others.exists():
            raise ActionRejected(
                "rules_fixed",
                _(
                    "Other players have entered under these rules: as you play in this tournament, an "
                    "organiser who does not play changes them (and every entrant is told)."
                ),
            )
        for key, value in checked.items():
            setattr(tournament, key, value)
        tournament.save()
        if rules_changed:
            from tournaments.mail.mails import rules_changed as mail_rules_changed

            for entry in others.select_related("user__profile"):
                mail_rules_changed(entry.user, tournament)
        return tournament


def do_add_entrant(tournament_id: int, user, player) -> TournamentInvitation:
    """An organiser asks a player in past the entry conditions (window, invitation list, rating,
    reliability: the organisers' own conditions):
    an invitation that waives them, mailed to the player, who is in once they accept. Nobody is
    entered without agreeing: an organiser could enter strangers into rated games and mail them
    their own words. The capacity is not the organiser's to waive."""
    with transaction.atomic():
        tournament = _locked_before_start(tournament_id, user)
        if player == user or tournament.organisers.filter(pk=player.pk).exists():
            # The entry conditions are waived for players, never for an organiser (oneself, or
            # one organiser for another).
            raise ActionRejected("own_entry", _("Organisers enter their own tournament as every player does."))
        if tournament.entries.filter(user=player).exists():
            raise ActionRejected("already_registered", _("This player is already in the tournament."))
        check_room(tournament)
        tournament.removed.remove(player)  # asked in again after a removal: their choice now
        open_invitation = tournament.invitations.filter(user=player, accepted_at__isnull=True).first()
        if open_invitation is not None:
            # Invited already: the same link now waives the conditions, and no second mail goes out.
            open_invitation.waives_conditions = True
            open_invitation.save(update_fields=["waives_conditions"])
            return open_invitation
        unasked.check_room(player.email, player.profile.name)
        invitation = TournamentInvitation.objects.create(
            tournament=tournament,
            user=player,
            email=player.email,
            invited_by=user,
            token=secrets.token_urlsafe(32),
            waives_conditions=True,
        )
        tournament.invited.add(player)
        from tournaments.mail.mails import tournament_invitation

        tournament_invitation(invitation)
        return invitation


def check_room(tournament: Tournament) -> None:
    if tournament.capacity and tournament.entries.count() >= tournament.capacity:
        raise ActionRejected("full", _("This tournament is full."))


def enter_past_conditions(tournament: Tournament, player) -> Entry:
    """Enter a player whom an organiser asked in past the entry conditions (they accepted)."""
    if tournament.entries.filter(user=player).exists():
        raise ActionRejected("already_registered", _("This player is already in the tournament."))
    check_not_named_organiser(tournament, player)  # named one after they were asked in
    check_bot_accounts_allowed(tournament, player)  # no condition an invitation waives
    check_room(tournament)
    rating = rating_of(player, tournament.engine)
    return Entry.objects.create(tournament=tournament, user=player, rating=1500 if rating is None else rating)


def do_remove_entrant(tournament_id: int, user, player) -> None:
    """An organiser takes a player out before the start (after it: drop or disqualify)."""
    with transaction.atomic():
        tournament = _locked_before_start(tournament_id, user)
        check_not_playing(tournament, user)  # an organiser who plays removes no rival
        deleted, _rows = tournament.entries.filter(user=player).delete()
        if not deleted:
            raise ActionRejected("not_registered", _("This player is not in the tournament."))
        # Out for good unless asked in again: no invitation of theirs, accepted or not, lets
        # them back, and they do not register on their own.
        invitations = tournament.invitations.filter(user=player)
        drop_unsent([invitation_mail_key(pk) for pk in invitations.values_list("pk", flat=True)])
        invitations.delete()
        tournament.invited.remove(player)
        tournament.removed.add(player)
        removed_by_organiser(player, tournament, user, 1, disqualified=False)  # "before the first round"


def do_cancel_tournament(tournament_id: int, user, now: datetime | None = None, why: str = "") -> Tournament:
    """Cancel before or during the event and tell every entrant (`cancelling.cancel`), with the
    organisers' reason in their words when they give one."""
    now = now or timezone.now()
    why = why.strip()
    if len(why) > MAX_CANCEL_WHY_CHARS:
        raise ActionRejected(
            "bad_reason",
            _("A reason has at most %(count)s characters; this one has %(length)s.")
            % {"count": MAX_CANCEL_WHY_CHARS, "length": len(why)},
        )
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        check_organiser(tournament, user)
        if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise ActionRejected("over", _("This tournament is already over."))
        if tournament.status != Tournament.Status.REGISTRATION:
            # Cancelled while they were losing, their table would go unrated and a rival's rating
            # gain with it: once it runs, an organiser who does not play decides.
            check_not_playing(tournament, user)
        return cancel(tournament, now, {"code": Tournament.ORGANISERS_REASON, "why": why} if why else None)


def do_message_entrants(tournament_id: int, user, text: str, now: datetime | None = None) -> OrganiserMessage:
    """Mail every entrant the organiser's words: so many messages a day per tournament, one mail
    per entrant with a key of its own, so a retry never mails anyone twice."""
    now = now or timezone.now()
    text = text.strip()
    if not text:
        raise ActionRejected("bad_message", _("The message is empty: write what to tell the entrants."))
    if len(text) > MAX_MESSAGE_CHARS:
        raise ActionRejected(
            "bad_message",
            _("A message has at most %(count)s characters; this one has %(length)s.")
            % {"count": MAX_MESSAGE_CHARS, "length": len(text)},
        )
    limit = settings.TOURNAMENT_MESSAGES_PER_DAY
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        check_organiser(tournament, user)
        if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise ActionRejected("over", _("This tournament is over."))
        if tournament.messages.filter(sent_at__gte=now - timedelta(days=1)).count() >= limit:
            raise ActionRejected(
                "too_many",
                ngettext(
                    "Entrants get at most %(count)s message a day; try again tomorrow.",
                    "Entrants get at most %(count)s messages a day; try again tomorrow.",
                    limit,
                )
                % {"count": limit},
            )
        message = OrganiserMessage.objects.create(tournament=tournament, author=user, text=text, sent_at=now)
        from tournaments.mail.mails import tournament_message

        for entry in tournament.entries.select_related("user__profile"):
            tournament_message(entry.user, tournament, message)
        return message
