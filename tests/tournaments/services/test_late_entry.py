"""A Swiss that takes late entries says so and lets latecomers register from its page.

An organiser sets "Late entries until round 3": a player opening the running tournament sees a
way to enter, and is told that they can."""

import pytest
from django.urls import reverse

from tests.conftest import make_user
from tests.tournaments.helpers import make_players, register_and_start, start
from tournaments.models import Entry
from tournaments.services import do_accept_tournament_invitation, do_create_tournament, do_invite_to_tournament

pytestmark = pytest.mark.django_db


def _unstarted_swiss(organiser, late_join_before_round: int, **settings):
    return do_create_tournament(
        organiser,
        "Late Swiss",
        "cubirds",
        "swiss",
        seats_preferred=2,
        seats_min=2,
        seats_max=2,
        rounds=3,
        late_join_before_round=late_join_before_round,
        **settings,
    )


def _swiss(late_join_before_round: int, prefix: str = "p"):
    tournament = _unstarted_swiss(make_user(f"olga-{prefix}"), late_join_before_round)
    return register_and_start(tournament, make_players(4, prefix=prefix))


def _entry_box(client, tournament) -> str:
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    return page.split('id="your-entry"')[1].split("</section>")[0] if 'id="your-entry"' in page else ""


def test_a_latecomer_reads_the_rule_and_registers_from_the_page(client):
    tournament = _swiss(late_join_before_round=3)
    late = make_user("lucia", display_name="Lucia")
    client.force_login(late)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Latecomers may enter until round 3 is paired, with no points for the rounds they missed." in page
    box = _entry_box(client, tournament)
    assert "You would be paired from round 2 on." in box and "Register" in box
    answer = client.post(reverse("tournaments:register", args=[tournament.pk]), follow=True).content.decode()
    assert "You are in." in answer
    assert Entry.objects.filter(tournament=tournament, user=late).exists()
    # Not paired yet: she leaves as before a start, not "after this round", a round she is not in.
    box = _entry_box(client, tournament)
    assert "Drop out after this round" not in box and ">Leave</button>" in box


def test_a_latecomer_not_yet_paired_leaves_and_once_paired_drops_out(client):
    from tests.tournaments.helpers import current_tables, play_out
    from tournaments.services import do_advance_round, do_leave, do_register

    tournament = _swiss(late_join_before_round=3)
    late, later = make_user("lucia"), make_user("marta")
    do_register(tournament.pk, late)
    do_register(tournament.pk, later)
    client.force_login(late)
    answer = client.post(reverse("tournaments:leave", args=[tournament.pk]), follow=True).content.decode()
    assert "You have left." in answer
    assert not Entry.objects.filter(tournament=tournament, user=late).exists()
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)  # round 2 pairs Marta
    client.force_login(later)
    assert "Drop out after this round" in _entry_box(client, tournament)
    from games.services.errors import ActionRejected

    with pytest.raises(ActionRejected) as refused:
        do_leave(tournament.pk, later)
    assert refused.value.code == "started"
    assert Entry.objects.filter(tournament=tournament, user=later).exists()


def test_a_swiss_past_its_late_entries_or_without_them_offers_no_registration(client):
    client.force_login(make_user("lucia"))
    for tournament in (_swiss(0, prefix="a"), _swiss(1, prefix="b")):
        page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
        assert "Latecomers" not in page
        assert _entry_box(client, tournament) == ""


def _invitation_only_swiss(late_join_before_round: int = 3):
    organiser = make_user("olga-inv")
    tournament = _unstarted_swiss(organiser, late_join_before_round, invitation_only=True)
    players = make_players(4, prefix="i")
    for player in players:
        do_invite_to_tournament(tournament.pk, organiser, player.username)
        invitation = tournament.invitations.get(user=player)
        do_accept_tournament_invitation(invitation.token, player)
    return organiser, tournament


def test_an_invited_latecomer_reads_the_invitation_and_accepts_it_after_the_start(client):
    # An address invited before the start signs up after it: not "Registration for this
    # tournament is closed", with no Accept button and nothing on their home page, while the
    # event still takes late entries.
    from tournaments.models import TournamentInvitation

    organiser, tournament = _invitation_only_swiss()
    do_invite_to_tournament(tournament.pk, organiser, "gus@example.org")
    tournament = start(tournament)
    gus = make_user("gus")  # signs up with the invited address (make_user gives username@example.org)
    invitation = TournamentInvitation.objects.get(email="gus@example.org")
    client.force_login(gus)
    page = client.get(reverse("tournaments:invitation", args=[invitation.token])).content.decode()
    assert "closed" not in page and "Accept" in page
    home = client.get(reverse("home")).content.decode()
    assert "Late Swiss" in home
    answer = client.post(reverse("tournaments:accept", args=[invitation.token]), follow=True).content.decode()
    assert "You are in." in answer and Entry.objects.filter(tournament=tournament, user=gus).exists()


def test_an_organiser_who_does_not_play_invites_a_latecomer_while_late_entries_are_open():
    organiser, tournament = _invitation_only_swiss(late_join_before_round=2)
    tournament = start(tournament)
    late = make_user("lena")
    do_invite_to_tournament(tournament.pk, organiser, "lena")
    invitation = tournament.invitations.get(user=late)
    do_accept_tournament_invitation(invitation.token, late)
    assert Entry.objects.filter(tournament=tournament, user=late).exists()


def test_no_latecomer_is_invited_once_late_entries_are_over():
    from games.services.errors import ActionRejected

    organiser, tournament = _invitation_only_swiss(late_join_before_round=0)
    tournament = start(tournament)
    make_user("lena")
    with pytest.raises(ActionRejected) as refused:
        do_invite_to_tournament(tournament.pk, organiser, "lena")
    assert refused.value.code == "started"
    assert "while the tournament takes entries" in refused.value.message


def test_a_paused_swiss_still_takes_the_late_entries_its_page_promises(client):
    # Paused, the page does not say "Latecomers may enter until round 3" only for registering to
    # answer "Registration for this tournament is closed".
    from tournaments.services import do_pause_tournament

    tournament = _swiss(late_join_before_round=3, prefix="z")
    do_pause_tournament(tournament.pk, tournament.created_by)
    late = make_user("lucia")
    client.force_login(late)
    assert "Register" in _entry_box(client, tournament)
    answer = client.post(reverse("tournaments:register", args=[tournament.pk]), follow=True).content.decode()
    assert "You are in." in answer


def test_the_organisers_box_offers_the_invitation_while_late_entries_are_open(client):
    organiser, tournament = _invitation_only_swiss(late_join_before_round=3)
    tournament = start(tournament)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    box = page.split('id="organiser"')[1].split("</section>")[0]
    assert reverse("tournaments:organise", args=[tournament.pk, "invite"]) in box


def test_a_latecomer_disqualified_before_their_first_round_cannot_leave_and_come_back_clean(client):
    # The card offers no "Leave" to a disqualified latecomer: leaving would delete the entry with
    # its disqualification, and registering again would make a clean one.
    from games.services.errors import ActionRejected
    from tournaments.services import do_disqualify, do_leave, do_register

    tournament = _swiss(late_join_before_round=3)
    late = make_user("lucia")
    do_register(tournament.pk, late)
    do_disqualify(tournament.pk, tournament.created_by, late, "Played on a second account.")
    client.force_login(late)
    box = _entry_box(client, tournament)
    assert "You are disqualified" in box and ">Leave</button>" not in box
    with pytest.raises(ActionRejected):
        do_leave(tournament.pk, late)
    assert Entry.objects.get(tournament=tournament, user=late).disqualified
