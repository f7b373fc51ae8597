"""The organisers' pages: the creation form with every setting, the settings page until the start,
the buttons of the Organiser box, and the invitee's side of an invitation (issue 29)."""

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_players
from tournaments.models import Tournament
from tournaments.services import (
    do_accept_tournament_invitation,
    do_cancel_tournament,
    do_create_tournament,
    do_invite_to_tournament,
    do_register,
)
from wildcards_site.outbox.models import OutboxMessage


@pytest.fixture
def organiser(db):
    return make_players(1, "org")[0]


@pytest.fixture
def cup(organiser):
    return do_create_tournament(organiser, "Emu Cup", "emu_ranchers", "single")


FORM = {
    "name": "Wizard Swiss",
    "engine": "wizard",
    "format": "swiss",
    "seats_preferred": 4,
    "seats_min": 3,
    "seats_max": 4,
    "rounds": 3,
    "top_cut": 0,
    "advance_per_table": 1,
    "place_points": "5, 3, 1, 0",
    "bye_points": 3,
    "late_join_before_round": 2,
    "clock": "bank:brisk",
    "phase_hours": 24,
    "weekend_pause": "on",
    "rated": "on",
    "min_rating": 1400,
    "min_reliability": 80,
    "registration_closes_at": "2030-01-10T18:00",
    "starts_at": "2030-01-11T09:00",
    "option_wizard_dark_wizard": "on",
    "option_emu_ranchers_years": 2,  # another game's option: not read
}


def test_the_creation_form_takes_every_setting_and_the_games_options(client, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:create")).content.decode()
    assert 'data-engine="wildcards"' in page and 'name="option_wildcards_edition"' in page
    assert 'name="option_emu_ranchers_years"' in page and 'name="option_wizard_dark_wizard"' in page
    response = client.post(reverse("tournaments:create"), FORM)
    tournament = Tournament.objects.get(name="Wizard Swiss")
    assert response.url == reverse("tournaments:detail", args=[tournament.pk])
    assert tournament.options["dark_wizard"] is True and "years" not in tournament.options
    assert tournament.place_points == [5, 3, 1, 0] and tournament.bye_points == 3
    assert tournament.late_join_before_round == 2 and tournament.weekend_pause
    assert tournament.clock == "bank" and tournament.bank_start_seconds == 3 * 86400
    assert tournament.min_rating == 1400 and tournament.min_reliability == 0.8
    assert tournament.registration_closes_at and tournament.starts_at


def test_the_creation_form_shows_the_checks_against_the_game_and_format(client, organiser):
    client.force_login(organiser)
    page = client.post(reverse("tournaments:create"), {**FORM, "place_points": "1, 3"}).content.decode()
    assert "cannot score fewer points" in page
    page = client.post(reverse("tournaments:create"), {**FORM, "format": "round_robin"}).content.decode()
    assert "Only a Swiss tournament takes late entries" in page
    assert not Tournament.objects.exists()


def test_the_organiser_edits_the_settings_until_the_start(client, organiser, cup):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:edit", args=[cup.pk])).content.decode()
    assert 'value="Emu Cup"' in page
    data = {**FORM, "name": "Emu Cup II", "engine": "emu_ranchers", "format": "single", "seats_preferred": 2}
    data.update(seats_min=2, seats_max=2, rounds="", place_points="", late_join_before_round=0)
    response = client.post(reverse("tournaments:edit", args=[cup.pk]), data)
    assert response.status_code == 302
    cup.refresh_from_db()
    assert cup.name == "Emu Cup II" and cup.options["years"] == 2 and cup.clock == "bank"


def test_others_get_no_settings_page_and_nothing_changes(client, organiser, cup):
    client.force_login(make_players(1)[0])
    assert client.get(reverse("tournaments:edit", args=[cup.pk])).status_code == 404
    assert client.post(reverse("tournaments:edit", args=[cup.pk]), {**FORM}).status_code == 404
    cup.refresh_from_db()
    assert cup.name == "Emu Cup"


def test_the_list_and_its_filter_name_the_games_for_people(client, organiser, cup):
    page = client.get(reverse("tournaments:list")).content.decode()
    assert "Emu Ranchers" in page and "· emu_ranchers" not in page
    assert '<option value="emu_ranchers">Emu Ranchers</option>' in page


def test_the_organiser_invites_past_the_conditions_and_removes_players_from_the_page(client, organiser, cup):
    ana, ben = make_players(2)
    do_register(cup.pk, ben)
    client.force_login(organiser)
    url = reverse("tournaments:organise", args=[cup.pk, "add"])
    page = client.post(url, {"username": ana.username}, follow=True).content.decode()
    assert "The player is invited: they are in once they accept." in page
    assert not cup.entries.filter(user=ana).exists()
    do_accept_tournament_invitation(cup.invitations.get(user=ana).token, ana)
    url = reverse("tournaments:organise", args=[cup.pk, "remove"])
    client.post(url, {"username": ben.username})
    assert list(cup.entries.values_list("user__username", flat=True)) == [ana.username]


def test_a_mistyped_username_says_so_on_the_tournament_page_and_adds_nobody(client, organiser, cup):
    # A typo in "Add a player" left the organiser on a bare "No such player." page, off the site.
    client.force_login(organiser)
    url = reverse("tournaments:organise", args=[cup.pk, "add"])
    response = client.post(url, {"username": "nobody-by-that-name"}, follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == reverse("tournaments:detail", args=[cup.pk])
    assert "No player has the username “nobody-by-that-name”." in response.content.decode()
    assert not cup.entries.exists()


def test_an_invitee_accepts_from_the_mail_link(client, organiser, cup):
    cup.invitation_only = True
    cup.save()
    client.force_login(organiser)
    client.post(reverse("tournaments:organise", args=[cup.pk, "invite"]), {"who": "ana@example.org"})
    invitation = cup.invitations.get()
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert "ana@example.org" in page and "not answered yet" in page
    ana = make_players(1, "ana")[0]
    client.force_login(ana)
    page = client.get(reverse("tournaments:invitation", args=[invitation.token])).content.decode()
    assert "Accept the invitation" in page
    client.post(reverse("tournaments:accept", args=[invitation.token]))
    assert cup.entries.filter(user=ana).exists()


def test_an_invited_player_sees_accept_on_the_page_and_others_see_by_invitation(client, organiser, cup):
    cup.invitation_only = True
    cup.save()
    ana, ben = make_players(2)
    do_invite_to_tournament(cup.pk, organiser, ana.username)
    client.force_login(ben)
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert "This tournament is by invitation only." in page and ">Register<" not in page
    client.force_login(ana)
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert "Accept the invitation" in page
    client.post(reverse("tournaments:register", args=[cup.pk]))
    assert cup.entries.filter(user=ana).exists()


def test_message_and_cancel_from_the_page(client, organiser, cup):
    do_register(cup.pk, make_players(1)[0])
    client.force_login(organiser)
    client.post(reverse("tournaments:organise", args=[cup.pk, "message"]), {"text": "Welcome!"})
    assert OutboxMessage.objects.filter(key__startswith="tournament-message:").count() == 1
    client.post(reverse("tournaments:organise", args=[cup.pk, "cancel"]))
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.CANCELLED


def test_the_organiser_box_is_gone_after_the_end(client, organiser, cup):
    client.force_login(organiser)
    assert 'id="organiser"' in client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    do_cancel_tournament(cup.pk, organiser)
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert 'id="organiser"' not in page and "Edit settings" not in page


def test_the_cancel_form_takes_a_reason_the_page_shows_and_keeps_a_refused_one(client, organiser, cup):
    do_register(cup.pk, make_players(1)[0])
    client.force_login(organiser)
    url = reverse("tournaments:organise", args=[cup.pk, "cancel"])
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert 'name="why"' in page and "maxlength" not in page.split('name="why"')[1].split(">")[0]
    refused = client.post(url, {"why": "y" * 600}, follow=True).content.decode()
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.REGISTRATION
    assert "at most 500 characters" in refused and "y" * 600 in refused  # kept in its box, to shorten
    client.post(url, {"why": "Too few of us this month."})
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.CANCELLED
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert "Cancelled by its organisers: “Too few of us this month.”" in page
