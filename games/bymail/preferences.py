"""Which mail a player wants: one switch per event type, the digest, unsubscribing."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.bymail.models import MailOptOut
from wildcards_site.accounts.models import profile_for

# Event type -> its label; the first three are fields of the Profile, the rest opt-out rows.
EVENTS = {
    "your-turn": _("Your turn"),
    "answer-ahead": _("Answer ahead: what you can answer before your turn comes"),
    "phase-results": _("Results of each round"),
    "reminder": _("Reminders before a deadline"),
    "timed-out": _("You timed out"),
    "game-over": _("Game over"),
    "table-changes": _("Changes at my tables: pauses, extended deadlines, seats changing hands"),
    "tournament-round": _("Tournaments I entered: each round, the results and any change to the event"),
    # Apart from the round mail: turning the organisers' words off must not hide a round's table.
    "tournament-message": _("Messages from a tournament's organisers"),
    "tournament-letter": _("Letters from the entrants of tournaments I organise"),
    "tournament-organising": _(
        "Tournaments I organise: entrants leaving, tables waiting for a decision, an event that cannot go on, its end"
    ),
}
PROFILE_FIELDS = {"your-turn": "email_turns", "phase-results": "email_results", "reminder": "email_reminders"}


def wants(user, event: str) -> bool:
    """True when `user` should get mail of this event type (turn and answer-ahead mail are also
    off under the digest)."""
    if user is None or not user.email or not user.is_active:
        return False
    profile = profile_for(user)
    if event in ("your-turn", "answer-ahead") and profile.email_digest:
        return False
    if event in PROFILE_FIELDS:
        return getattr(profile, PROFILE_FIELDS[event])
    known = getattr(user, "_mail_opt_outs", None)
    if known is not None:
        return event not in known
    return not MailOptOut.objects.filter(user=user, event=event).exists()


def load_opt_outs(users) -> None:
    """Read the opt-outs of many players in one query, for `wants` (the deadline sweep mails many)."""
    users = [user for user in users if user is not None]
    off: dict[int, set[str]] = {user.pk: set() for user in users}
    for user_id, event in MailOptOut.objects.filter(user_id__in=off).values_list("user_id", "event"):
        off[user_id].add(event)
    for user in users:
        user._mail_opt_outs = off[user.pk]


def current(user) -> dict[str, bool]:
    profile = profile_for(user)
    off = set(MailOptOut.objects.filter(user=user).values_list("event", flat=True))
    return {
        event: getattr(profile, PROFILE_FIELDS[event]) if event in PROFILE_FIELDS else event not in off
        for event in EVENTS
    }


@transaction.atomic
def do_set_preferences(user, choices: dict[str, bool], digest: bool | None = None) -> None:
    profile = profile_for(user)
    fields = []
    for event, on in choices.items():
        if event not in EVENTS:
            raise ValueError(f"unknown mail event {event!r}")
        if event in PROFILE_FIELDS:
            setattr(profile, PROFILE_FIELDS[event], on)
            fields.append(PROFILE_FIELDS[event])
        elif on:
            MailOptOut.objects.filter(user=user, event=event).delete()
        else:
            MailOptOut.objects.get_or_create(user=user, event=event)
    if digest is not None:
        profile.email_digest = digest
        fields.append("email_digest")
    if fields:
        profile.save(update_fields=fields)


def do_unsubscribe(user, event: str) -> None:
    """One-click unsubscribe: the event type of the mail it came from; the digest turns the digest off."""
    if event == "digest":
        do_set_preferences(user, {}, digest=False)
    else:
        do_set_preferences(user, {event: False})
