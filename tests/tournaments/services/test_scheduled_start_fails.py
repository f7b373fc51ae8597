"""A scheduled start that cannot happen cancels the tournament the way its organisers' Cancel
does: every entrant is mailed, and so are the organisers, who did not cancel it themselves;
the reason is kept and shown on its page, and the event stays in the list, not silently set to cancelled
by the sweep, mailed to nobody and gone from /tournaments/."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.services.errors import ActionRejected
from tests.conftest import make_user, rendered
from tests.tournaments.helpers import make_players
from tournaments.models import Tournament
from tournaments.services import (
    do_cancel_tournament,
    do_create_tournament,
    do_register,
    do_update_tournament,
    sweep_tournaments,
)
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return make_players(1, "org")[0]


def _scheduled(organiser, name="Lonely Cup"):
    starts = timezone.now() + timedelta(hours=1)
    return do_create_tournament(
        organiser, name, "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=2, starts_at=starts
    )


def _cancel_mails(tournament) -> dict[str, OutboxMessage]:
    rows = OutboxMessage.objects.filter(key__startswith=f"tournament-cancelled:{tournament.pk}:")
    return {row.to: rendered(row) for row in rows}


def test_a_scheduled_start_with_too_few_entrants_cancels_and_mails_entrants_and_organisers(organiser):
    tournament = _scheduled(organiser)
    entrant = make_user("solo", display_name="Solo", language="it")
    do_register(tournament.pk, entrant)
    sweep_tournaments(now=timezone.now() + timedelta(hours=2))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED and tournament.finished_at is not None
    assert tournament.cancel_reason == {"code": "too_few", "needed": 3}
    mails = _cancel_mails(tournament)
    assert set(mails) == {entrant.email, organiser.email}
    english = mails[organiser.email]
    assert "Lonely Cup" in english.subject
    assert "could not start at its scheduled time: it needs at least 3 players, and 1 entered." in english.text
    assert "the organisers have cancelled" not in english.text
    assert "Lonely Cup" in mails[entrant.email].text
    # Once: the next sweep finds nothing to start or cancel again.
    sweep_tournaments(now=timezone.now() + timedelta(hours=3))
    assert len(_cancel_mails(tournament)) == 2


def test_the_page_says_why_and_the_list_still_shows_it(client, organiser):
    tournament = _scheduled(organiser)
    sweep_tournaments(now=timezone.now() + timedelta(hours=2))
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "could not start at its scheduled time: it needs at least 3 players, and 0 entered." in page
    listing = client.get(reverse("tournaments:list")).content.decode()
    assert "Lonely Cup" in listing and reverse("tournaments:detail", args=[tournament.pk]) in listing


def test_the_organisers_own_cancel_is_told_as_theirs(client, organiser):
    tournament = _scheduled(organiser, "Called Off")
    entrant = make_players(1)[0]
    do_register(tournament.pk, entrant)
    do_cancel_tournament(tournament.pk, organiser)
    tournament.refresh_from_db()
    assert tournament.cancel_reason is None
    mails = _cancel_mails(tournament)
    assert set(mails) == {entrant.email}  # the organiser cancelled it: no mail to themselves
    assert "the organisers have cancelled Called Off" in mails[entrant.email].text
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Cancelled by its organisers." in page


def test_a_start_that_an_organiser_made_meanwhile_is_not_cancelled(organiser):
    tournament = _scheduled(organiser)
    for player in make_players(3):
        do_register(tournament.pk, player)
    sweep_tournaments(now=timezone.now() + timedelta(hours=2))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.cancel_reason is None
    assert not _cancel_mails(tournament)


@pytest.mark.parametrize("field", ["starts_at", "registration_closes_at"])
def test_a_start_or_a_closing_time_in_the_past_is_refused_and_changes_nothing(organiser, field):
    # A start typed with last year's date is refused, or the event would be cancelled a minute
    # later for want of players.
    past = timezone.now() - timedelta(days=300)
    with pytest.raises(ActionRejected) as rejected:
        do_create_tournament(
            organiser,
            "Typo Cup",
            "wildcards",
            "swiss",
            seats_preferred=3,
            seats_min=3,
            seats_max=3,
            rounds=2,
            **{field: past},
        )
    assert rejected.value.code == "in_the_past"
    assert not Tournament.objects.filter(name="Typo Cup").exists()
    tournament = _scheduled(organiser)
    with pytest.raises(ActionRejected) as rejected:
        do_update_tournament(tournament.pk, organiser, **{field: past})
    assert rejected.value.code == "in_the_past"
    tournament.refresh_from_db()
    assert getattr(tournament, field) != past
    # A time already passed and left as it was stops no other change.
    Tournament.objects.filter(pk=tournament.pk).update(registration_closes_at=past + timedelta(days=1))
    do_update_tournament(tournament.pk, organiser, name="Renamed")


def test_the_organisers_cancellation_mail_goes_under_their_own_switch(organiser):
    # The organiser's mail of the site's cancellation carries the organisers' switch, not the
    # entrants', whose unsubscribe link would silence the mail of events they play in.
    from games.bymail.preferences import do_set_preferences

    tournament = _scheduled(organiser)
    entrant = make_user("solo", display_name="Solo")
    do_register(tournament.pk, entrant)
    do_set_preferences(organiser, {"tournament-organising": False})
    sweep_tournaments(now=timezone.now() + timedelta(hours=2))
    assert set(_cancel_mails(tournament)) == {entrant.email}
    other = _scheduled(organiser, "Second Cup")
    do_register(other.pk, entrant)
    do_set_preferences(organiser, {"tournament-organising": True})
    sweep_tournaments(now=timezone.now() + timedelta(hours=2))
    mail = _cancel_mails(other)[organiser.email]
    assert mail.headers["X-Wildcards-Event"] == "tournament-organising"
