"""A waiting game's invitations: one per person, listed to its players, withdrawn by whoever sent them.

Alice inviting bruno twice does not send him two mails; the page says who is invited, and an
invitation sent to a mistyped address can be taken back."""

import pytest
from django.urls import reverse

from games.models import Game, Invitation
from games.services import ActionRejected, do_create_game, do_invite, do_join, do_withdraw_invitation
from tests.conftest import make_user
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def _invited_section(client, game) -> str:
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    return page.split('id="invited"')[1].split("</section>")[0] if 'id="invited"' in page else ""


def test_inviting_someone_already_invited_is_refused_and_mails_nothing_more(players):
    alice, bob, carol = players
    game = do_create_game(alice, "toy", 4, visibility=Game.Visibility.PRIVATE)
    do_join(game.pk, carol, token=do_invite(game.pk, alice, "carol").token)
    do_invite(game.pk, alice, "friend@example.org")
    do_invite(game.pk, alice, "bob")
    # The same person by another spelling, by their username, or invited by another player.
    for inviter, again in [(alice, " Friend@Example.ORG "), (alice, "BOB"), (carol, "bob")]:
        with pytest.raises(ActionRejected) as refused:
            do_invite(game.pk, inviter, again)
        assert refused.value.code == "already_invited"
    # By an address that is an invited player's, or a seated one's: answered as any address is,
    # so an inviter never learns whose address it is (a refusal would confirm it).
    assert do_invite(game.pk, alice, bob.email) is None
    assert do_invite(game.pk, alice, carol.email) is None
    assert Invitation.objects.filter(game=game).count() == 3
    assert OutboxMessage.objects.filter(key__startswith="invite:").count() == 3


def test_an_address_is_invited_at_most_so_many_times_a_day_from_everyone(players, settings):
    # Withdrawing and sending again, or making game after game, must not mail one person without
    # end: every invitation and seat offer to one address counts against one daily share.
    from games.services import do_withdraw_invitation

    settings.UNASKED_MAILS_PER_DAY = 3
    alice, bob, _carol = players
    game = do_create_game(alice, "toy", 4, visibility=Game.Visibility.PRIVATE)
    for _ in range(3):
        sent = do_invite(game.pk, alice, "victim@example.org")
        OutboxMessage.objects.filter(key=f"invite:{sent.pk}").update(status=OutboxMessage.Status.SENT)
        do_withdraw_invitation(game.pk, sent.pk, alice)
    other = do_create_game(bob, "toy", 3)
    with pytest.raises(ActionRejected) as refused:
        do_invite(other.pk, bob, "Victim@Example.org")
    assert refused.value.code == "too_many_invitations"
    assert "Victim@Example.org" in refused.value.message
    assert OutboxMessage.objects.filter(to__iexact="victim@example.org").count() == 3


@pytest.mark.parametrize(
    ("variants", "other"),
    [
        (["victim+1@example.org", "victim+2@example.org", "Victim@example.org"], "victim+3@example.org"),
        (["v.ictim@gmail.com", "vic.tim+x@googlemail.com", "victim@gmail.com"], "V.I.C.T.I.M@gmail.com"),
        # Quoted local parts and a domain in Unicode or ASCII form.
        (['"victim"@example.com', '"vic\\tim"@example.com', "victim@example.com"], '"victim+z"@example.com'),
        (["victim@exämple.com", "victim@xn--exmple-cua.com", "victim+1@EXÄMPLE.com"], "victim@xn--exmple-cua.com"),
    ],
)
def test_the_daily_share_counts_one_mailbox_however_its_address_is_written(players, settings, variants, other):
    # The share does not count the address as typed: victim+1@, victim+2@ ... all land in one
    # mailbox (as Gmail's dots do), and share one.
    settings.UNASKED_MAILS_PER_DAY = 3
    alice, bob, _carol = players
    for address in variants:
        do_invite(do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE).pk, alice, address)
    with pytest.raises(ActionRejected) as refused:
        do_invite(do_create_game(bob, "toy", 3).pk, bob, other)
    assert refused.value.code == "too_many_invitations"
    do_invite(do_create_game(bob, "toy", 3).pk, bob, "victim2@example.org")  # another mailbox


def test_a_plus_in_a_domain_that_keeps_dots_still_counts_dotted_names_apart(players, settings):
    settings.UNASKED_MAILS_PER_DAY = 1
    alice, bob, _carol = players
    do_invite(do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE).pk, alice, "jo.ann@example.org")
    do_invite(do_create_game(bob, "toy", 3).pk, bob, "joann@example.org")  # a different person there


def test_the_page_says_someone_is_already_invited(client, players):
    alice = players[0]
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    client.force_login(alice)
    client.post(reverse("games:invite", args=[game.pk]), {"who": "bob"})
    page = client.post(reverse("games:invite", args=[game.pk]), {"who": "bob"}, follow=True).content.decode()
    assert "bob is already invited." in page
    assert Invitation.objects.filter(game=game).count() == 1


def test_the_players_see_who_is_invited_and_only_the_inviter_sees_an_address(client, players):
    alice, bob, carol = players
    game = do_create_game(alice, "toy", 4)
    do_invite(game.pk, alice, "friend@example.org")
    do_invite(game.pk, alice, "carol")
    do_join(game.pk, bob)
    client.force_login(alice)
    mine = _invited_section(client, game)
    assert "Carol" in mine and "friend@example.org" in mine
    client.force_login(bob)
    theirs = _invited_section(client, game)
    assert "Carol" in theirs and "an email address, invited by Alice" in theirs
    assert "friend@example.org" not in theirs and "Withdraw" not in theirs
    client.force_login(make_user("watcher"))  # an open game anyone may watch: its invitations are the players' own
    assert _invited_section(client, game) == ""
    # Once taken, an invitation is a seat, no longer listed.
    do_join(game.pk, carol)
    client.force_login(alice)
    assert "Carol" not in _invited_section(client, game)


def test_the_inviter_withdraws_an_invitation_and_its_link_says_so(client, players):
    alice, bob, carol = players
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    do_join(game.pk, bob, token=do_invite(game.pk, alice, "bob").token)
    sent = do_invite(game.pk, alice, "carol")
    withdraw = reverse("games:withdraw_invitation", args=[game.pk, sent.pk])

    client.force_login(bob)  # a fellow player may not take back Alice's invitation
    page = client.post(withdraw, follow=True).content.decode()
    assert "Only the player who sent an invitation can withdraw it." in page
    assert Invitation.objects.get(pk=sent.pk).withdrawn_at is None

    client.force_login(alice)
    page = client.post(withdraw, follow=True).content.decode()
    assert "Invitation to Carol withdrawn." in page
    assert _invited_section(client, game) == ""

    client.force_login(carol)
    assert client.get(reverse("games:table", args=[game.pk])).status_code == 404  # private, no longer invited
    link = client.get(reverse("games:invitation", args=[sent.token])).content.decode()
    assert "This invitation was withdrawn." in link and "Take my seat" not in link
    with pytest.raises(ActionRejected):
        do_join(game.pk, carol, token=sent.token)
    assert not game.seats.filter(user=carol).exists()
    # Withdrawn, the same person may be invited again (a new link).
    again = do_invite(game.pk, alice, "carol")
    assert again.token != sent.token


def test_a_started_games_invitations_cannot_be_withdrawn(client, players):
    alice, bob, carol = players
    game = do_create_game(alice, "toy", 2, visibility=Game.Visibility.PRIVATE)
    sent = do_invite(game.pk, alice, "bob")
    stale = do_invite(game.pk, alice, "carol")
    do_join(game.pk, bob, token=sent.token)  # the game is full and starts
    client.force_login(alice)
    page = client.post(reverse("games:withdraw_invitation", args=[game.pk, stale.pk]), follow=True).content.decode()
    assert "The game is no longer waiting for players." in page
    assert Invitation.objects.get(pk=stale.pk).withdrawn_at is None


def test_a_refusal_never_names_an_address_or_an_account_the_inviter_did_not_type(players):
    # Carol, inviting a newcomer by username, does not read the address Alice typed; and inviting
    # an address does not tell whose account it is.
    alice, bob, carol = players
    game = do_create_game(alice, "toy", 4)
    do_join(game.pk, carol)
    do_invite(game.pk, alice, "secret@example.org")
    newcomer = make_user("newcomer")
    type(newcomer).objects.filter(pk=newcomer.pk).update(email="secret@example.org")
    with pytest.raises(ActionRejected) as refused:
        do_invite(game.pk, carol, "newcomer")
    assert "secret@example.org" not in refused.value.message and "newcomer" in refused.value.message
    mails = OutboxMessage.objects.count()
    # Seated already: answered as any address is (not even "already has a seat"), nothing sent.
    assert do_invite(game.pk, alice, carol.email) is None
    assert OutboxMessage.objects.count() == mails


def test_an_address_that_belongs_to_an_account_is_listed_as_an_address(client, players):
    alice, bob, carol = players
    game = do_create_game(alice, "toy", 4)
    do_join(game.pk, bob)
    do_invite(game.pk, alice, carol.email)
    client.force_login(bob)
    listed = _invited_section(client, game)
    assert "an email address, invited by Alice" in listed and "Carol" not in listed
    client.force_login(alice)
    assert carol.email in _invited_section(client, game)


def test_joining_takes_up_every_invitation_of_that_person(players):
    alice, _bob, _carol = players
    game = do_create_game(alice, "toy", 4)
    do_invite(game.pk, alice, "new@example.org")
    newcomer = make_user("newbie")
    type(newcomer).objects.filter(pk=newcomer.pk).update(email="new@example.org")
    newcomer.refresh_from_db()
    do_join(game.pk, newcomer)  # from the open game's page, without the mail's link
    assert not Invitation.objects.open().filter(game=game).exists()


def test_a_player_who_leaves_takes_their_invitations_with_them(players):
    alice, bob, _carol = players
    game = do_create_game(alice, "toy", 4, visibility=Game.Visibility.PRIVATE)
    do_join(game.pk, bob, token=do_invite(game.pk, alice, "bob").token)
    left_behind = do_invite(game.pk, bob, "friend@example.org")
    from games.services import do_leave_lobby

    do_leave_lobby(game.pk, bob)
    assert Invitation.objects.get(pk=left_behind.pk).withdrawn_at is not None
    with pytest.raises(ActionRejected):
        do_join(game.pk, make_user("friend"), token=left_behind.token)


def test_an_invitation_to_a_player_seats_only_that_player(players):
    alice, bob, carol = players
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    for_bob = do_invite(game.pk, alice, "bob")
    with pytest.raises(ActionRejected) as refused:
        do_join(game.pk, carol, token=for_bob.token)
    assert refused.value.code == "not_yours"  # said plainly
    assert not game.seats.filter(user=carol).exists()
    assert Invitation.objects.get(pk=for_bob.pk).user == bob


def test_one_games_invitation_cannot_be_withdrawn_through_another_game(client, players):
    alice = players[0]
    mine = do_create_game(alice, "toy", 3)
    other = do_create_game(players[1], "toy", 3)
    theirs = do_invite(other.pk, players[1], "carol")
    client.force_login(alice)
    client.post(reverse("games:withdraw_invitation", args=[mine.pk, theirs.pk]))
    assert Invitation.objects.get(pk=theirs.pk).withdrawn_at is None


def test_a_withdrawn_invitation_still_waiting_in_the_outbox_is_never_sent(players):
    # The mail to a mistyped address does not go out once its invitation is withdrawn.
    from wildcards_site.outbox.sending import claim_batch

    alice, bob, _carol = players
    game = do_create_game(alice, "toy", 4, visibility=Game.Visibility.PRIVATE)
    do_join(game.pk, bob, token=do_invite(game.pk, alice, "bob").token)
    mistyped = do_invite(game.pk, alice, "frend@example.org")
    left_behind = do_invite(game.pk, bob, "pal@example.org")
    OutboxMessage.objects.filter(key=f"invite:{mistyped.pk}").update(status=OutboxMessage.Status.PENDING)
    do_withdraw_invitation(game.pk, mistyped.pk, alice)
    from games.services import do_leave_lobby

    do_leave_lobby(game.pk, bob)
    for invitation in (mistyped, left_behind):
        row = OutboxMessage.objects.get(key=f"invite:{invitation.pk}")
        assert row.status == OutboxMessage.Status.DROPPED
    claimed = {row.key for row in claim_batch()}
    assert f"invite:{mistyped.pk}" not in claimed and f"invite:{left_behind.pk}" not in claimed


def test_someone_elses_invitation_and_none_at_all_get_the_same_answer(client, players):
    # The answers do not tell a stranger which invitation ids are open in which game.
    alice, bob, _carol = players
    game = do_create_game(alice, "toy", 3)  # open: anyone may look at the table, and post
    sent = do_invite(game.pk, alice, "carol")
    client.force_login(bob)
    answers = set()
    for invitation_id in (sent.pk, sent.pk + 1000):
        page = client.post(reverse("games:withdraw_invitation", args=[game.pk, invitation_id]), follow=True)
        answers.add(page.content.decode().split('class="messages"')[1].split("</ul>")[0])
    assert len(answers) == 1 and "Only the player who sent an invitation can withdraw it." in answers.pop()
    client.force_login(alice)  # the sender, withdrawing twice, is told it is done already
    client.post(reverse("games:withdraw_invitation", args=[game.pk, sent.pk]))
    again = client.post(reverse("games:withdraw_invitation", args=[game.pk, sent.pk]), follow=True)
    assert "This invitation was taken up or withdrawn already." in again.content.decode()


def test_the_unicode_and_the_ascii_forms_of_a_domain_are_stored_as_one(players):
    alice = players[0]
    game = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    sent = do_invite(game.pk, alice, '"victim"@Exämple.com')
    assert sent.email == "victim@xn--exmple-cua.com"
