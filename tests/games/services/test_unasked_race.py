"""Invitations sent at the same moment to one mailbox take its last daily share once."""

import pytest
from django.db import connection  # noqa: F401 - read by skipif

from games.models import Game, Invitation
from games.services import do_create_game, do_invite
from games.services.errors import ActionRejected
from tests.conftest import make_user
from tests.tournaments.services.test_concurrency import race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks need PostgreSQL"),
]


def test_racing_invitations_to_one_mailbox_take_its_last_share_once(settings):
    # The share is counted under a lock: invitations sent together from different games must not
    # each see one share left.
    settings.UNASKED_MAILS_PER_DAY = 1
    inviters = [make_user(f"inviter{number}") for number in range(4)]
    games = [do_create_game(inviter, "toy", 3, visibility=Game.Visibility.PRIVATE) for inviter in inviters]
    spellings = ["victim@example.org", "Victim+a@example.org", '"victim"@example.org', "victim+b@EXAMPLE.org"]
    results = race(
        [
            lambda game=game, inviter=inviter, address=address: do_invite(game.pk, inviter, address)
            for game, inviter, address in zip(games, inviters, spellings, strict=True)
        ]
    )
    sent = [result for result in results if isinstance(result, Invitation)]
    refused = [result for result in results if isinstance(result, ActionRejected)]
    assert len(sent) == 1, results
    assert len(refused) == 3 and {error.code for error in refused} == {"too_many_invitations"}
    assert Invitation.objects.count() == 1
