"""An entrant's letter to the tournament's organisers (`do_write_to_organisers`).

The site tells players who were withdrawn, dropped or disqualified to write to the organisers,
and keeps every address to itself otherwise: a letter is mailed to each organiser who takes
letters, with the entrant's address to answer to, as the form says before it is sent.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bymail import preferences
from games.services.errors import ActionRejected
from tournaments.models import EntrantLetter, Tournament

# A letter about one's place or absence: long enough for that, as the organisers' messages are.
MAX_LETTER_CHARS = 2000


def letter_readers(tournament: Tournament, user) -> list:
    """The organisers a letter of `user`'s reaches: all but themselves, who take letters by mail."""
    organisers = list(tournament.organisers.select_related("profile").exclude(pk=user.pk))
    preferences.load_opt_outs(organisers)  # one query for them all: the page asks on every visit
    return [organiser for organiser in organisers if preferences.wants(organiser, "tournament-letter")]


def do_write_to_organisers(tournament_id: int, user, text: str, now: datetime | None = None) -> EntrantLetter:
    """Mail `text` from entrant `user` to every organiser but themselves; refused, nothing is kept or sent."""
    now = now or timezone.now()
    text = text.strip()
    if not text:
        raise ActionRejected("bad_message", _("The letter is empty: write what to tell the organisers."))
    if len(text) > MAX_LETTER_CHARS:
        raise ActionRejected(
            "bad_message",
            _("A letter has at most %(count)s characters; this one has %(length)s.")
            % {"count": MAX_LETTER_CHARS, "length": len(text)},
        )
    limit = settings.TOURNAMENT_LETTERS_PER_DAY
    with transaction.atomic():
        # The tournament's row serialises an entrant's letters, so two at once count against one limit.
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if not tournament.entries.filter(user=user).exists():
            raise ActionRejected("not_registered", _("Only the tournament's entrants can write to its organisers."))
        readers = letter_readers(tournament, user)
        if not readers:
            raise ActionRejected("no_organisers", _("No other organiser of this tournament takes letters by mail."))
        sent = tournament.letters.filter(author=user, sent_at__gte=now - timedelta(days=1)).count()
        if sent >= limit:
            raise ActionRejected(
                "too_many",
                ngettext(
                    "An entrant sends the organisers at most %(count)s letter a day; try again tomorrow.",
                    "An entrant sends the organisers at most %(count)s letters a day; try again tomorrow.",
                    limit,
                )
                % {"count": limit},
            )
        letter = EntrantLetter.objects.create(tournament=tournament, author=user, text=text, sent_at=now)
        from tournaments.mail.mails import letter_to_organiser

        for organiser in readers:
            letter_to_organiser(organiser, tournament, letter)
        return letter
