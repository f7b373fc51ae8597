"""Who may enter after organisers acted on them or on the event: a player
the organisers removed does not register again on their own, and staff who acted as organisers
once the event ran never enter it late, as organisers who stepped down do not."""

import pytest

from games.services.errors import ActionRejected
from tests.conftest import make_user
from tests.tournaments.helpers import make_players, register_and_start
from tournaments.services import (
    do_accept_tournament_invitation,
    do_add_entrant,
    do_adjudicate_table,
    do_create_tournament,
    do_disqualify,
    do_invite_to_tournament,
    do_register,
    do_remove_entrant,
    do_update_tournament,
)


@pytest.fixture
def organiser(db):
    return make_players(1, "org")[0]


def swiss(organiser, **fields):
    return do_create_tournament(
        organiser, "Swiss", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=3, **fields
    )


@pytest.mark.parametrize("invitation_only", [False, True])
def test_a_player_the_organisers_removed_cannot_register_again_on_their_own(organiser, invitation_only):
    cup = swiss(organiser)
    player = make_players(1)[0]
    if invitation_only:
        do_update_tournament(cup.pk, organiser, invitation_only=True)
        do_accept_tournament_invitation(do_invite_to_tournament(cup.pk, organiser, player.username).token, player)
    else:
        do_register(cup.pk, player)
    do_remove_entrant(cup.pk, organiser, player)
    with pytest.raises(ActionRejected) as rejected:
        do_register(cup.pk, player)
    assert rejected.value.code == "removed"
    assert not cup.entries.filter(user=player).exists()
    # The organisers may change their mind: asked in again, the player accepts and is in.
    invitation = do_add_entrant(cup.pk, organiser, player)
    do_accept_tournament_invitation(invitation.token, player)
    assert cup.entries.filter(user=player).exists()


def test_a_player_invited_again_after_removal_may_accept(organiser):
    cup = swiss(organiser)
    do_update_tournament(cup.pk, organiser, invitation_only=True)
    player = make_players(1)[0]
    do_accept_tournament_invitation(do_invite_to_tournament(cup.pk, organiser, player.username).token, player)
    do_remove_entrant(cup.pk, organiser, player)
    again = do_invite_to_tournament(cup.pk, organiser, player.username)
    do_accept_tournament_invitation(again.token, player)
    assert cup.entries.filter(user=player).exists()


def test_staff_who_acted_as_organisers_once_it_ran_never_enter_it_late(organiser):
    staff = make_user("referee", staff=True)
    bystander = make_user("bystander", staff=True)
    cup = swiss(organiser, late_join_before_round=3)
    players = make_players(6)
    cup = register_and_start(cup, players)
    table = cup.round_set.get(number=1).tables.first()
    seated = {seat.user_id for seat in table.game.seats.all()}
    ranks = {entry.pk: place for place, entry in enumerate(cup.entries.filter(user_id__in=seated), 1)}
    do_adjudicate_table(table.pk, staff, ranks, "decided by staff")
    do_disqualify(cup.pk, staff, players[5], "Played on a second account.")
    cup.refresh_from_db()
    assert cup.takes_late_entries
    with pytest.raises(ActionRejected) as rejected:
        do_register(cup.pk, staff)
    assert rejected.value.code == "organised"
    # Staff who never acted in it enter late as anyone does.
    do_register(cup.pk, bystander)
    assert cup.entries.filter(user=bystander).exists() and not cup.entries.filter(user=staff).exists()


def _table_acts():
    """What staff may do at a tournament's table through the games' own services."""
    from games.services import organiser as table
    from games.services import seats

    def seat_bot(game, staff):
        seats.do_seat_bot(game.pk, staff, game.seats.filter(kind="human").first().position)

    return {
        "pause": lambda game, staff: table.do_pause(game.pk, staff),
        "extend": lambda game, staff: table.do_extend_deadline(
            game.pk, staff, game.deadlines.filter(closed_at__isnull=True).first().seat, 24
        ),
        "seat a bot": seat_bot,
    }


@pytest.mark.parametrize("act", ["pause", "extend", "seat a bot"])
def test_staff_who_acted_at_one_of_its_tables_never_enter_it_late_either(organiser, act):
    # The table's own organiser actions go through games/services, not the tournament's check:
    # staff who paused a table or handed a seat to a bot are recorded all the same, and may not
    # then enter the event late.
    staff = make_user("referee", staff=True)
    cup = register_and_start(swiss(organiser, late_join_before_round=3), make_players(6))
    game = cup.round_set.get(number=1).tables.first().game
    _table_acts()[act](game, staff)
    with pytest.raises(ActionRejected) as rejected:
        do_register(cup.pk, staff)
    assert rejected.value.code == "organised"
    assert not cup.entries.filter(user=staff).exists()


def test_a_refused_table_act_records_nobody(organiser):
    from games.services import organiser as table

    staff = make_user("referee", staff=True)
    cup = register_and_start(swiss(organiser, late_join_before_round=3), make_players(6))
    game = cup.round_set.get(number=1).tables.first().game
    with pytest.raises(ActionRejected):
        table.do_resume(game.pk, staff)  # not paused: refused
    do_register(cup.pk, staff)
    assert cup.entries.filter(user=staff).exists()
