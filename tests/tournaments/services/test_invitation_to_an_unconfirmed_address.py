"""An invitation by address goes to whoever holds the address, not to an account that never
confirmed it: anyone may sign up with another's address and never confirm it; an invitation
bound to that account would say "for another player" to the address's real owner, and die with
the account when the owner signed up in its place."""

import pytest

from games.models import Invitation
from games.services import do_create_game, do_invite
from games.services.lobby import do_join
from tests.conftest import make_user
from tests.tournaments.helpers import make_players
from tournaments.models import TournamentInvitation
from tournaments.services import (
    do_accept_tournament_invitation,
    do_create_tournament,
    do_invite_to_tournament,
    do_update_tournament,
)
from wildcards_site.accounts.forms import remove_unconfirmed

pytestmark = pytest.mark.django_db

ADDRESS = "owner@example.org"


def _squatter():
    """An account signed up with someone else's address, never confirmed."""
    squatter = make_user("squatter", active=False)
    squatter.email = ADDRESS
    squatter.save(update_fields=["email"])
    return squatter


def _owner_signs_up():
    """The address's owner signs up: their sign-up takes the unconfirmed account's place."""
    remove_unconfirmed("owner", ADDRESS)
    owner = make_user("owner")
    owner.email = ADDRESS
    owner.save(update_fields=["email"])
    return owner


def test_a_tournament_invitation_by_address_is_for_the_owner_not_an_unconfirmed_account():
    organiser = make_players(1, "org")[0]
    cup = do_create_tournament(
        organiser, "Closed", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    do_update_tournament(cup.pk, organiser, invitation_only=True)
    _squatter()
    invitation = do_invite_to_tournament(cup.pk, organiser, ADDRESS)
    assert invitation.user is None
    assert not cup.invited.filter(username="squatter").exists()
    owner = _owner_signs_up()
    invitation = TournamentInvitation.objects.get(pk=invitation.pk)  # still there
    do_accept_tournament_invitation(invitation.token, owner)
    assert cup.entries.filter(user=owner).exists()


def test_a_game_invitation_by_address_is_for_the_owner_not_an_unconfirmed_account():
    host = make_user("host")
    game = do_create_game(host, "cubirds", 2)
    _squatter()
    invitation = do_invite(game.pk, host, ADDRESS)
    assert invitation is not None and invitation.user is None
    owner = _owner_signs_up()
    invitation = Invitation.objects.get(pk=invitation.pk)
    do_join(game.pk, owner, token=invitation.token)
    assert game.seats.filter(user=owner).exists()
