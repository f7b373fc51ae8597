"""An invitation goes to one valid address: lists, header breaks and markup are refused and nothing is stored."""

import pytest
from django.urls import reverse

from games.models import Invitation
from games.services import ActionRejected, do_create_game, do_invite
from wildcards_site.outbox.models import OutboxMessage

BAD = [
    "a@example.org, b@example.org",
    "a@example.org;b@example.org",
    "a@example.org\r\nBcc: b@example.org",
    "a@example.org\nb@example.org",
    "<script>@example.org",
    "a@x",
    "@example.org",
    "a b@example.org",
]


@pytest.fixture
def lobby(players):
    return do_create_game(players[0], "toy", 3, {})


@pytest.mark.parametrize("who", BAD)
def test_a_bad_address_is_refused_by_the_service(players, lobby, who):
    with pytest.raises(ActionRejected) as refused:
        do_invite(lobby.pk, players[0], who)
    assert refused.value.code == "bad_address"
    assert not Invitation.objects.exists() and not OutboxMessage.objects.filter(key__startswith="invite:").exists()


@pytest.mark.parametrize("who", BAD)
def test_a_bad_address_on_the_table_gets_a_clear_message(client, players, lobby, who):
    client.force_login(players[0])
    response = client.post(reverse("games:invite", args=[lobby.pk]), {"who": who}, follow=True)
    assert "is not one valid email address" in response.content.decode()
    assert not Invitation.objects.exists()


def test_one_valid_address_is_invited(players, lobby):
    do_invite(lobby.pk, players[0], "  friend@example.org ")
    assert Invitation.objects.get().email == "friend@example.org"


def test_a_newcomer_is_invited_in_the_inviters_language(db):
    """Carmen's invitation to a friend with no account comes in her language, not English.
    The friend has no language of their own yet; the inviter's is the better guess."""
    from tests.conftest import make_user

    carmen = make_user("carmen", display_name="Carmen", language="es")
    game = do_create_game(carmen, "toy", 3, {})
    do_invite(game.pk, carmen, "amiga@example.org")
    mail = OutboxMessage.objects.get(to="amiga@example.org")
    assert "Carmen te invita" in mail.subject, mail.subject
    # A player with an account gets their own language, whoever invites them.
    make_user("dirk", language="nl")
    do_invite(game.pk, carmen, "dirk")
    assert OutboxMessage.objects.get(to="dirk@example.org").subject.startswith("Carmen nodigt je uit")


def test_an_invitation_starts_the_games_conversation_in_the_mailbox(db):
    """The game's later mails (turns, results) are threaded on the game's root id; the invitation,
    its first mail, stood apart from them in the invited player's mailbox."""
    from games.bymail.headers import game_root_id
    from tests.conftest import make_user

    carmen = make_user("carmen", display_name="Carmen")
    make_user("dirk")
    game = do_create_game(carmen, "toy", 3, {})
    do_invite(game.pk, carmen, "dirk")
    headers = OutboxMessage.objects.get(to="dirk@example.org").headers
    assert headers["References"] == headers["In-Reply-To"] == game_root_id(game.pk)
    assert headers["Message-ID"].startswith("<") and headers["X-Wildcards-Event"] == "invitation"
