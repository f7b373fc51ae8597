"""Organisers edit a tournament until the start, add, remove and invite entrants, cancel, and
write to every entrant (issue 29)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.services.errors import ActionRejected
from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.models import Tournament, TournamentInvitation
from tournaments.services import (
    do_accept_tournament_invitation,
    do_add_entrant,
    do_cancel_tournament,
    do_create_tournament,
    do_invite_to_tournament,
    do_message_entrants,
    do_register,
    do_remove_entrant,
    do_start,
    do_update_tournament,
)
from wildcards_site.outbox.models import OutboxMessage


@pytest.fixture
def organiser(db):
    return make_players(1, "org")[0]


@pytest.fixture
def swiss(organiser):
    return do_create_tournament(
        organiser, "Autumn Swiss", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=3
    )


def test_it_updates_every_setting_until_the_start(swiss, organiser):
    do_update_tournament(
        swiss.pk,
        organiser,
        name="Winter Swiss",
        engine="wizard",
        options={"dark_wizard": True},
        seats_preferred=4,
        seats_min=3,
        seats_max=4,
        rounds=5,
        place_points=[5, 3, 1, 0],
        bye_points=3,
        clock="bank",
        weekend_pause=True,
        min_reliability=0.8,
    )
    swiss.refresh_from_db()
    assert (swiss.name, swiss.engine, swiss.rounds, swiss.seats_max) == ("Winter Swiss", "wizard", 5, 4)
    assert swiss.options["dark_wizard"] is True and swiss.place_points == [5, 3, 1, 0]
    assert swiss.clock == "bank" and swiss.weekend_pause and swiss.min_reliability == 0.8


def test_it_refuses_an_edit_that_creation_would_refuse_and_changes_nothing(swiss, organiser):
    for bad in (
        {"rounds": None},
        {"seats_max": 9},
        {"place_points": [1, 2, 0]},
        {"options": {"edition": "1999"}},
        {"late_join_before_round": 9},
        {"advance_per_table": 2},
        {"min_reliability": 1.5},
        {"registration_opens_at": timezone.now(), "registration_closes_at": timezone.now() - timedelta(days=1)},
    ):
        with pytest.raises(ActionRejected) as rejected:
            do_update_tournament(swiss.pk, organiser, **bad)
        assert rejected.value.code == "bad_options", bad
    swiss.refresh_from_db()
    assert swiss.rounds == 3 and swiss.seats_max == 3 and swiss.place_points == [4, 2, 1]


def test_creation_refuses_the_same_bad_settings(organiser):
    with pytest.raises(ActionRejected) as rejected:
        do_create_tournament(organiser, "Bad", "wildcards", "swiss", rounds=3, place_points=[1, 2, 0])
    assert rejected.value.code == "bad_options"
    assert not Tournament.objects.exists()


def test_it_refuses_edits_from_others_and_after_the_start(swiss, organiser):
    stranger, *players = make_players(4)
    with pytest.raises(ActionRejected) as rejected:
        do_update_tournament(swiss.pk, stranger, name="Mine")
    assert rejected.value.code == "forbidden"
    for player in players:
        do_register(swiss.pk, player)
    with pytest.raises(ActionRejected):
        do_update_tournament(swiss.pk, organiser, capacity=2)  # three are in already
    do_start(swiss.pk, organiser)
    with pytest.raises(ActionRejected) as rejected:
        do_update_tournament(swiss.pk, organiser, name="Later")
    assert rejected.value.code == "started"
    swiss.refresh_from_db()
    assert swiss.name == "Autumn Swiss"


def test_an_organiser_invites_a_player_past_the_conditions_but_not_past_capacity(swiss, organiser):
    first, second, late = make_players(3)
    do_update_tournament(swiss.pk, organiser, invitation_only=True, min_rating=2500, capacity=2)
    invitations = [do_add_entrant(swiss.pk, organiser, player) for player in (first, second, late)]
    # Nobody is entered without agreeing, not even into rated games.
    assert not swiss.entries.exists()
    mail = OutboxMessage.objects.get(key=f"tournament-invite:{invitations[0].pk}")
    assert mail.to == first.email
    do_accept_tournament_invitation(invitations[0].token, first)  # waives invitation and rating
    do_accept_tournament_invitation(invitations[1].token, second)
    with pytest.raises(ActionRejected) as rejected:
        do_accept_tournament_invitation(invitations[2].token, late)
    assert rejected.value.code == "full"
    assert set(swiss.entries.values_list("user__username", flat=True)) == {"p0", "p1"}
    with pytest.raises(ActionRejected) as rejected:
        do_add_entrant(swiss.pk, organiser, make_players(1, "later")[0])
    assert rejected.value.code == "full"


def test_a_plain_invitation_waives_no_rating_floor(swiss, organiser):
    player = make_players(1)[0]
    do_update_tournament(swiss.pk, organiser, min_rating=2500)
    invitation = do_invite_to_tournament(swiss.pk, organiser, player.username)
    with pytest.raises(ActionRejected):
        do_accept_tournament_invitation(invitation.token, player)
    assert not swiss.entries.exists()


def test_an_organiser_removes_a_player_before_the_start_only(swiss, organiser):
    players = make_players(4)
    for player in players:
        do_register(swiss.pk, player)
    do_remove_entrant(swiss.pk, organiser, players[0])
    assert not swiss.entries.filter(user=players[0]).exists()
    # Told, as a player withdrawn later is.
    from tests.conftest import rendered
    from wildcards_site.outbox.models import OutboxMessage

    told = OutboxMessage.objects.get(key__startswith=f"tournament-removed:{swiss.pk}:{players[0].pk}:")
    assert "has withdrawn you before the first round: you are not paired in any round" in rendered(told).text
    with pytest.raises(ActionRejected):
        do_remove_entrant(swiss.pk, players[1], players[2])  # not an organiser
    assert OutboxMessage.objects.filter(key__startswith="tournament-removed").count() == 1
    do_start(swiss.pk, organiser)
    with pytest.raises(ActionRejected) as rejected:
        do_remove_entrant(swiss.pk, organiser, players[1])
    assert rejected.value.code == "started"


def test_an_invited_player_accepts_from_the_mail_link_and_is_in(swiss, organiser):
    invitee, stranger = make_players(2)
    do_update_tournament(swiss.pk, organiser, invitation_only=True)
    with pytest.raises(ActionRejected) as rejected:
        do_register(swiss.pk, invitee)
    assert rejected.value.code == "invitation_only"
    invitation = do_invite_to_tournament(swiss.pk, organiser, invitee.username)
    mail = OutboxMessage.objects.get(key=f"tournament-invite:{invitation.pk}")
    assert mail.to == invitee.email and invitation.token in mail.text and "Autumn Swiss" in mail.subject
    with pytest.raises(ActionRejected):
        do_accept_tournament_invitation(invitation.token, stranger)
    do_accept_tournament_invitation(invitation.token, invitee)
    assert swiss.entries.filter(user=invitee).exists()
    with pytest.raises(ActionRejected) as rejected:
        do_register(swiss.pk, stranger)
    assert rejected.value.code == "invitation_only"


def test_an_invited_player_can_join_from_the_tournament_page(swiss, organiser):
    invitee = make_players(1)[0]
    do_update_tournament(swiss.pk, organiser, invitation_only=True)
    do_invite_to_tournament(swiss.pk, organiser, invitee.username)
    do_register(swiss.pk, invitee)
    assert swiss.entries.filter(user=invitee).exists()


def test_an_address_without_an_account_is_invited_and_the_newcomer_accepts(swiss, organiser):
    do_update_tournament(swiss.pk, organiser, invitation_only=True)
    invitation = do_invite_to_tournament(swiss.pk, organiser, "new@example.org")
    assert invitation.user is None and OutboxMessage.objects.filter(to="new@example.org").exists()
    newcomer = make_players(1, "new")[0]
    do_accept_tournament_invitation(invitation.token, newcomer)
    invitation.refresh_from_db()
    assert invitation.user == newcomer and invitation.accepted_at and swiss.entries.filter(user=newcomer).exists()
    with pytest.raises(ActionRejected):
        do_accept_tournament_invitation(invitation.token, newcomer)


def test_a_newcomer_is_invited_in_the_organisers_language(swiss, organiser):
    """As a game's invitation: someone with no account yet gets the inviter's language, not English."""
    organiser.profile.language = "it"
    organiser.profile.save(update_fields=["language"])
    do_invite_to_tournament(swiss.pk, organiser, "nuovo@example.org")
    mail = OutboxMessage.objects.get(to="nuovo@example.org")
    assert mail.subject.startswith("Org0 ti invita"), mail.subject


@pytest.mark.parametrize("who", ["a@x.org, b@y.org", "a@x.org\nBcc: c@z.org", "<b>@x", "nobody-here"])
def test_it_refuses_bad_addresses_and_unknown_names(swiss, organiser, who):
    with pytest.raises(ActionRejected):
        do_invite_to_tournament(swiss.pk, organiser, who)
    assert not TournamentInvitation.objects.exists() and not OutboxMessage.objects.exists()


def test_one_invitation_a_person_so_nobody_is_mailed_twice(swiss, organiser):
    do_invite_to_tournament(swiss.pk, organiser, "new@example.org")
    with pytest.raises(ActionRejected) as rejected:
        do_invite_to_tournament(swiss.pk, organiser, "NEW@example.org")
    assert rejected.value.code == "already_invited"
    assert OutboxMessage.objects.count() == 1


def test_only_organisers_invite(swiss):
    with pytest.raises(ActionRejected) as rejected:
        do_invite_to_tournament(swiss.pk, make_players(1)[0], "new@example.org")
    assert rejected.value.code == "forbidden"


def test_cancelling_mails_every_entrant_and_leaves_tables_to_end_unrated(swiss, organiser):
    players = make_players(6)
    for player in players:
        do_register(swiss.pk, player)
    do_start(swiss.pk, organiser)
    first, second = current_tables(swiss)
    play_out(first.game)
    do_cancel_tournament(swiss.pk, organiser)
    swiss.refresh_from_db()
    assert swiss.status == Tournament.Status.CANCELLED
    first.game.refresh_from_db()
    second.game.refresh_from_db()
    assert first.game.rated and not second.game.rated and second.game.status == Game.Status.RUNNING
    assert OutboxMessage.objects.filter(key__startswith=f"tournament-cancelled:{swiss.pk}:").count() == 6
    play_out(second.game)
    from tournaments.services import do_advance_round

    assert do_advance_round(swiss.pk) is None and swiss.round_set.count() == 1
    with pytest.raises(ActionRejected):
        do_cancel_tournament(swiss.pk, organiser)


def test_cancelling_before_the_start_and_only_by_organisers(swiss, organiser):
    do_register(swiss.pk, make_players(1)[0])
    with pytest.raises(ActionRejected):
        do_cancel_tournament(swiss.pk, make_players(1, "x")[0])
    do_cancel_tournament(swiss.pk, organiser)
    swiss.refresh_from_db()
    assert swiss.status == Tournament.Status.CANCELLED
    assert OutboxMessage.objects.filter(key__startswith="tournament-cancelled:").count() == 1


def test_a_cancellation_before_the_start_speaks_of_no_table(swiss, organiser):
    # The mail of an event cancelled before its start does not say "a table still being played
    # goes on to its end", of an event that has no table.
    from tests.conftest import rendered

    player = make_players(1)[0]
    do_register(swiss.pk, player)
    do_cancel_tournament(swiss.pk, organiser)
    mail = rendered(OutboxMessage.objects.get(key__startswith="tournament-cancelled:"))
    assert "have cancelled" in mail.text and "before its start" in mail.text
    assert "table" not in mail.text.split("http", 1)[0]
    assert "table" not in mail.html.split("http", 1)[0]


def test_a_round_robin_cancelled_while_its_schedule_is_made_speaks_of_its_start_as_past(organiser):
    # An event that has started but has no table yet (a round robin preparing its schedule) is
    # not said to be cancelled "before its start".
    from tests.conftest import rendered

    cup = do_create_tournament(
        organiser, "Prepared", "cubirds", "round_robin", seats_preferred=2, seats_min=2, seats_max=2
    )
    for player in make_players(4):
        do_register(cup.pk, player)
    Tournament.objects.filter(pk=cup.pk).update(status=Tournament.Status.PREPARING)
    do_cancel_tournament(cup.pk, organiser)
    mail = rendered(OutboxMessage.objects.filter(key__startswith="tournament-cancelled:").first())
    assert "before its start" not in mail.text and "table" not in mail.text.split("http", 1)[0]
    assert "as its first round was being made: no round will be played" in mail.text


def test_an_empty_or_long_message_is_refused_saying_which(swiss, organiser):
    # An empty message is not answered "at most 2000 characters".
    from tournaments.models import OrganiserMessage

    with pytest.raises(ActionRejected) as empty:
        do_message_entrants(swiss.pk, organiser, "   ")
    assert empty.value.code == "bad_message" and "empty" in empty.value.message
    assert "2000" not in empty.value.message
    with pytest.raises(ActionRejected) as long:
        do_message_entrants(swiss.pk, organiser, "x" * 2001)
    assert "at most 2000 characters" in long.value.message and "2001" in long.value.message
    assert not OrganiserMessage.objects.exists()


def test_a_long_message_from_the_page_is_refused_whole_and_kept_in_the_box(client, swiss, organiser):
    # The box has no maxlength to cut a pasted 2,495-character message at 2,000 without a word,
    # mid-word for the entrants; a refusal does not empty the box.
    from django.urls import reverse

    from tournaments.models import OrganiserMessage

    do_register(swiss.pk, make_players(1)[0])
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode()
    box = page.split('id="organiser-message"', 1)[1].split(">", 1)[0]
    assert "maxlength" not in box  # the browser would cut a paste silently
    assert "2000 characters" in page.split('for="organiser-message"', 1)[1].split("</label>", 1)[0]
    text = "Dear players, the next round " * 90 + "END."
    url = reverse("tournaments:organise", args=[swiss.pk, "message"])
    page = client.post(url, {"text": text}, follow=True).content.decode()
    assert f"this one has {len(text)}" in page
    assert not OrganiserMessage.objects.exists()
    kept = page.split('id="organiser-message"', 1)[1].split(">", 1)[1].split("</textarea>", 1)[0]
    assert kept == text  # to shorten, not to write again
    page = client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode()
    assert page.split('id="organiser-message"', 1)[1].split(">", 1)[1].startswith("</textarea>")  # once
    # Refused for one event, kept for that one only (another tab's page of another event must
    # not take it, a click from mailing that event's entrants).
    other = do_create_tournament(
        organiser, "Other Cup", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2
    )
    client.post(url, {"text": text})
    page = client.get(reverse("tournaments:detail", args=[other.pk])).content.decode()
    assert page.split('id="organiser-message"', 1)[1].split(">", 1)[1].startswith("</textarea>")
    page = client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode()
    assert text in page


def test_a_message_reaches_every_entrant_once_and_is_rate_limited(swiss, organiser, settings):
    settings.TOURNAMENT_MESSAGES_PER_DAY = 2
    players = make_players(3)
    for player in players:
        do_register(swiss.pk, player)
    message = do_message_entrants(swiss.pk, organiser, "Round 1 starts on Monday.")
    mails = OutboxMessage.objects.filter(key__startswith=f"tournament-message:{message.pk}:")
    assert sorted(mails.values_list("to", flat=True)) == sorted(player.email for player in players)
    assert all("Round 1 starts on Monday." in mail.text for mail in mails)
    from tournaments.mail.mails import tournament_message

    tournament_message(players[0], swiss, message)  # a retry mails nobody twice
    assert mails.count() == 3
    do_message_entrants(swiss.pk, organiser, "Second.")
    with pytest.raises(ActionRejected) as rejected:
        do_message_entrants(swiss.pk, organiser, "Third.")
    assert rejected.value.code == "too_many"
    later = timezone.now() + timedelta(days=1, minutes=1)
    do_message_entrants(swiss.pk, organiser, "Next day.", now=later)


def test_an_organisers_message_says_a_reply_to_it_reaches_nobody(swiss, organiser):
    # The message has no Reply-To of the organiser's (their address stays
    # theirs), so an entrant's reply goes to the site, which must not answer "which game is this about?"
    do_register(swiss.pk, make_players(1)[0])
    message = do_message_entrants(swiss.pk, organiser, "Round 1 starts on Monday.")
    mail = OutboxMessage.objects.get(key__startswith=f"tournament-message:{message.pk}:")
    assert "A reply to this mail does not reach" in mail.text and organiser.email not in mail.text
    assert "A reply to this mail does not reach" in mail.html


def test_messages_come_from_organisers_only_and_not_after_the_end(swiss, organiser):
    with pytest.raises(ActionRejected):
        do_message_entrants(swiss.pk, make_players(1)[0], "Hello")
    with pytest.raises(ActionRejected):
        do_message_entrants(swiss.pk, organiser, "  ")
    do_cancel_tournament(swiss.pk, organiser)
    with pytest.raises(ActionRejected) as rejected:
        do_message_entrants(swiss.pk, organiser, "Hello")
    assert rejected.value.code == "over"


def test_tournament_invitations_count_against_the_addresss_days_share(organiser, settings):
    from games.services import do_create_game, do_invite

    settings.UNASKED_MAILS_PER_DAY = 2
    do_invite(do_create_game(organiser, "wildcards", 3).pk, organiser, "victim@example.org")
    first = do_create_tournament(
        organiser, "One", "wildcards", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2
    )
    do_invite_to_tournament(first.pk, organiser, "victim@example.org")
    second = do_create_tournament(
        organiser, "Two", "wildcards", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2
    )
    with pytest.raises(ActionRejected) as refused:
        do_invite_to_tournament(second.pk, organiser, "victim@example.org")
    assert refused.value.code == "too_many_invitations"
    assert not second.invitations.exists()


@pytest.mark.parametrize(
    ("language", "button", "status"), [("it", "Nomina", "annullato"), ("es", "Nombrar", "cancelado")]
)
def test_the_organisers_words_take_their_own_sense_in_each_language(client, organiser, language, button, status):
    # The button naming another organiser does not read "Nome" (a noun, the field's label), nor a
    # cancelled tournament "annullata" (a game's feminine word).
    from django.urls import reverse

    organiser.profile.language = language
    organiser.profile.save()
    cup = do_create_tournament(
        organiser, "Coppa", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2
    )
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert f"<button>{button}</button>" in page
    do_cancel_tournament(cup.pk, organiser)
    page = client.get(reverse("tournaments:detail", args=[cup.pk])).content.decode()
    assert status in page


def test_an_organisers_reason_for_cancelling_reaches_every_entrant_in_their_words(swiss, organiser):
    # The cancel button takes a reason, so entrants are told why the event is off.
    from tests.conftest import rendered

    entrant = make_players(1)[0]
    do_register(swiss.pk, entrant)
    do_cancel_tournament(swiss.pk, organiser, why="  The venue <b>flooded</b>; we run it again in spring.  ")
    swiss.refresh_from_db()
    assert swiss.cancel_reason == {"code": "organisers", "why": "The venue <b>flooded</b>; we run it again in spring."}
    mails = list(OutboxMessage.objects.filter(key__startswith="tournament-cancelled:"))
    assert [mail.to for mail in mails] == [entrant.email]  # the organisers are not told their own words
    mail = rendered(mails[0])
    assert "the organisers have cancelled Autumn Swiss before its start." in mail.text
    assert "The organisers’ reason: “The venue <b>flooded</b>; we run it again in spring.”" in mail.text
    assert "The venue &lt;b&gt;flooded&lt;/b&gt;; we run it again in spring." in mail.html
    assert "<b>flooded" not in mail.html


def test_a_reason_too_long_is_refused_whole_and_nothing_is_cancelled(swiss, organiser):
    do_register(swiss.pk, make_players(1)[0])
    with pytest.raises(ActionRejected) as long:
        do_cancel_tournament(swiss.pk, organiser, why="x" * 501)
    assert long.value.code == "bad_reason"
    assert "at most 500 characters" in long.value.message and "501" in long.value.message
    swiss.refresh_from_db()
    assert swiss.status == Tournament.Status.REGISTRATION and swiss.cancel_reason is None
    assert not OutboxMessage.objects.filter(key__startswith="tournament-cancelled:").exists()


def test_unsubscribing_from_an_organisers_message_keeps_the_round_mail(swiss, organiser, client):
    # The unsubscribe link under an organiser's message does not switch off every tournament mail:
    # an entrant who wants no chatter still learns each round's table.
    from tests.conftest import rendered

    players = make_players(6)
    for player in players:
        do_register(swiss.pk, player)
    quiet = players[0]
    do_message_entrants(swiss.pk, organiser, "Welcome, all!")
    mail = rendered(OutboxMessage.objects.get(key__startswith="tournament-message:", to=quiet.email))
    assert mail.headers["X-Wildcards-Event"] == "tournament-message"
    link = mail.headers["List-Unsubscribe"][1:-1]
    assert client.post(link, {"List-Unsubscribe": "One-Click"}).status_code == 200
    do_message_entrants(swiss.pk, organiser, "Round 1 starts tomorrow.")
    assert OutboxMessage.objects.filter(key__startswith="tournament-message:", to=quiet.email).count() == 1
    assert OutboxMessage.objects.filter(key__startswith="tournament-message:").count() == 12 - 1
    do_start(swiss.pk, organiser)
    assert OutboxMessage.objects.filter(key__startswith="tournament:", to=quiet.email).exists()


def test_a_player_the_organisers_dropped_reads_so_on_the_page_not_that_they_dropped_out(swiss, organiser, client):
    from django.urls import reverse

    from tournaments.services import do_drop

    players = make_players(6)
    for player in players:
        do_register(swiss.pk, player)
    do_start(swiss.pk, organiser)
    do_drop(swiss.pk, organiser, players[0])
    client.force_login(players[0])
    page = client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode()
    assert "You have dropped out" not in page
    assert "The organisers dropped you: you are not paired from round 2 on." in page
    do_drop(swiss.pk, players[1])
    client.force_login(players[1])
    page = client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode()
    assert "You have dropped out: you are not paired from round 2 on." in page
