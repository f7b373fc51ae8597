"""An organiser who plays in their own event holds no power over any of its tables or entrants,
their rivals' at other tables included; a named co-organiser does not enter it. (Their own table:
test_organiser_at_own_table.py.)"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from games.models import Action, Deadline
from games.services import ActionRejected, do_pause, do_seat_bot
from tests.conftest import make_user
from tests.tournaments.helpers import act_as_organiser_for_seat_to_move, current_tables, make_players
from tournaments.models import Tournament
from tournaments.services import (
    do_adjudicate_table,
    do_create_tournament,
    do_disqualify,
    do_drop,
    do_extend_round,
    do_register,
    do_start,
)

pytestmark = pytest.mark.django_db


def test_only_an_organiser_who_does_not_play_extends_the_whole_round():
    # The round's extension reaches every table alike, but timed by an organiser who plays it
    # could save their own clock or delay a rival's win by timeout: another organiser's.
    from tournaments.services import do_add_organiser

    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Long Cup", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=2
    )
    helper = make_user("helper")
    do_add_organiser(tournament.pk, organiser, helper)  # before the start: a playing organiser names none after
    do_register(tournament.pk, organiser)
    for player in make_players(5):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    tournament.refresh_from_db()
    games = [table.game_id for table in current_tables(tournament)]
    assert len(games) == 2
    waits = Deadline.objects.filter(game_id__in=games, closed_at__isnull=True)
    before = dict(waits.values_list("pk", "closes_at"))
    with pytest.raises(ActionRejected) as refused:
        do_extend_round(tournament.pk, organiser, 24)
    assert refused.value.code == "plays_in_event"
    assert dict(Deadline.objects.filter(pk__in=before).values_list("pk", "closes_at")) == before
    assert do_extend_round(tournament.pk, helper, 24) == len(before)
    after = dict(Deadline.objects.filter(pk__in=before).values_list("pk", "closes_at"))
    assert {pk: after[pk] - before[pk] for pk in before} == {pk: timedelta(hours=24) for pk in before}


def test_an_organiser_who_plays_neither_removes_a_rival_before_the_start_nor_cancels_a_running_event():
    from tournaments.services import do_cancel_tournament, do_remove_entrant

    organiser = make_user("org")
    tournament = do_create_tournament(organiser, "Cup", "wildcards", "swiss", rounds=2)
    do_register(tournament.pk, organiser)
    rivals = make_players(3)
    for rival in rivals:
        do_register(tournament.pk, rival)
    with pytest.raises(ActionRejected) as refused:
        do_remove_entrant(tournament.pk, organiser, rivals[0])
    assert refused.value.code == "plays_in_event"
    assert tournament.entries.filter(user=rivals[0]).exists()
    do_start(tournament.pk, organiser)
    with pytest.raises(ActionRejected) as refused:
        do_cancel_tournament(tournament.pk, organiser)
    assert refused.value.code == "plays_in_event"
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_an_organiser_who_plays_may_still_cancel_before_the_start():
    from tournaments.services import do_cancel_tournament

    organiser = make_user("org")
    tournament = do_create_tournament(organiser, "Cup", "wildcards", "swiss", rounds=2)
    do_register(tournament.pk, organiser)
    do_cancel_tournament(tournament.pk, organiser)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED


def test_a_co_organiser_does_not_enter_the_event_until_they_step_down():
    # An entrant is never named an organiser, nor may an organiser named first
    # then register, and decide at their rivals' tables as an entrant.
    from tournaments.services import do_add_organiser, do_create_tournament, do_register, do_remove_organiser

    creator = make_user("creator")
    tournament = do_create_tournament(creator, "Cup", "wildcards", "swiss", rounds=2)
    helper = make_user("helper")
    do_add_organiser(tournament.pk, creator, helper)
    with pytest.raises(ActionRejected) as refused:
        do_register(tournament.pk, helper)
    assert refused.value.code == "organiser"
    assert not tournament.entries.filter(user=helper).exists()
    do_remove_organiser(tournament.pk, helper, helper)
    do_register(tournament.pk, helper)
    do_register(tournament.pk, creator)  # the creator may still play in their own event
    assert set(tournament.entries.values_list("user", flat=True)) == {helper.pk, creator.pk}


def test_a_player_asked_in_and_then_named_an_organiser_cannot_accept_the_entry():
    # Asked in past the conditions (not an organiser yet), then named one (not an entrant yet),
    # the friend may not accept and be both.
    from tournaments.models import TournamentInvitation
    from tournaments.services import (
        do_accept_tournament_invitation,
        do_add_entrant,
        do_add_organiser,
        do_create_tournament,
    )

    creator = make_user("creator")
    tournament = do_create_tournament(creator, "Cup", "wildcards", "swiss", rounds=2)
    friend = make_user("friend")
    do_add_entrant(tournament.pk, creator, friend)
    do_add_organiser(tournament.pk, creator, friend)
    invitation = TournamentInvitation.objects.get(tournament=tournament, user=friend)
    with pytest.raises(ActionRejected) as refused:
        do_accept_tournament_invitation(invitation.token, friend)
    assert refused.value.code == "organiser"
    assert not tournament.entries.filter(user=friend).exists()


def _event_of_four(staff=False, referee=None):
    """An organiser (staff or not) who plays, three rivals, two tables: the organiser's and
    another; `referee` named an organiser before the start (a playing organiser names none after)."""
    from tournaments.services import do_add_organiser

    organiser = make_user("org", staff=staff)
    tournament = do_create_tournament(
        organiser, "Open", "wildcards", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2
    )
    if referee is not None:
        do_add_organiser(tournament.pk, organiser, referee)
    do_register(tournament.pk, organiser)
    rivals = make_players(3)
    for rival in rivals:
        do_register(tournament.pk, rival)
    do_start(tournament.pk, organiser)
    tournament.refresh_from_db()
    other = next(t for t in current_tables(tournament) if not t.game.seats.filter(user=organiser).exists())
    return tournament, other, organiser


@pytest.mark.parametrize("staff", [False, True])
def test_an_organiser_who_plays_holds_no_power_over_the_tables_of_their_rivals_either(staff):
    # The creator who plays may not touch their own table, nor hand a rival's seat at another
    # table to a bot, adjudicate it, or disqualify a rival for the cut.
    tournament, other, organiser = _event_of_four(staff=staff)
    game = other.game
    rival_seat = game.seats.order_by("position").first()
    before = (rival_seat.kind, rival_seat.status)
    with pytest.raises(ActionRejected):
        do_seat_bot(game.pk, organiser, rival_seat.position)
    with pytest.raises(ActionRejected):
        do_pause(game.pk, organiser)
    entries = dict(tournament.entries.values_list("user", "pk"))
    with pytest.raises(ActionRejected) as refused:
        do_adjudicate_table(other.pk, organiser, {entries[s.user_id]: None for s in game.seats.all()}, "Mine now")
    assert refused.value.code == "plays_in_event"
    for remove in (do_drop, do_disqualify):
        with pytest.raises(ActionRejected) as refused:
            reason = ("Played on a second account.",) if remove is do_disqualify else ()
            remove(tournament.pk, organiser, rival_seat.user, *reason)
        assert refused.value.code == "plays_in_event"
    rival_seat.refresh_from_db()
    other.refresh_from_db()
    assert (rival_seat.kind, rival_seat.status) == before
    assert other.adjudicated_ranks is None
    assert not tournament.entries.filter(disqualified=True).exists()
    assert not tournament.entries.filter(dropped_before_round__isnull=False).exists()


def test_a_co_organiser_who_does_not_play_still_manages_every_table():
    helper = make_user("helper")
    tournament, other, _organiser = _event_of_four(referee=helper)
    rival = other.game.seats.order_by("position").first().user
    do_disqualify(tournament.pk, helper, rival, "Played on a second account.")
    assert tournament.entries.get(user=rival).disqualified


def test_the_page_offers_an_organiser_who_plays_only_their_own_drop(client):
    tournament, _other, organiser = _event_of_four()
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk]))
    choices = page.context["choices"]
    assert [entry.user_id for entry in choices["to_drop"]] == [organiser.pk]
    assert choices["to_disqualify"] == []
    html = page.content.decode()
    assert "an organiser who does not play decides its tables" in html
    assert 'id="adjudicate"' not in html
    assert not choices["extendable"]
    for action in ("cancel", "pause", "add_organiser"):
        assert reverse("tournaments:organise", args=[tournament.pk, action]) not in html


def test_staff_who_play_in_the_event_cannot_act_for_a_rival_at_another_table():
    # The organiser channel (acting for another seat) checks the event the staff member plays in,
    # not only the game's own seats.
    tournament, other, organiser = _event_of_four(staff=True)
    game = other.game
    with pytest.raises(ActionRejected) as refused:
        act_as_organiser_for_seat_to_move(game, organiser)
    assert refused.value.code == "forbidden"
    assert not Action.objects.filter(game=game).exists()


def started_swiss(plays: bool = True, late_until: int = 0, referee=None) -> tuple[Tournament, object]:
    """A Swiss of six at tables of three, started by its creator (who plays in it unless told);
    `referee` named an organiser before the start."""
    from tournaments.services import do_add_organiser

    creator = make_user("creator")
    tournament = do_create_tournament(
        creator,
        "Cup",
        "wildcards",
        "swiss",
        seats_preferred=3,
        seats_min=3,
        seats_max=3,
        rounds=3,
        late_join_before_round=late_until,
    )
    if referee is not None:
        do_add_organiser(tournament.pk, creator, referee)
    players = make_players(5 if plays else 6)
    for player in [creator, *players] if plays else players:
        do_register(tournament.pk, player)
    do_start(tournament.pk, creator)
    tournament.refresh_from_db()
    return tournament, creator


def test_an_organiser_who_plays_names_no_organiser_once_the_event_has_started():
    # The creator, losing, may not name their own second account an organiser mid-event to
    # adjudicate the creator's table, give a rival's seat to a bot, disqualify another.
    from tournaments.services import do_add_organiser

    tournament, creator = started_swiss()
    sock = make_user("sock")
    with pytest.raises(ActionRejected) as refused:
        do_add_organiser(tournament.pk, creator, sock)
    assert refused.value.code == "plays_in_event"
    assert list(tournament.organisers.all()) == [creator]


def test_an_organiser_who_plays_removes_no_other_organiser_once_it_runs_but_may_step_down():
    # A losing creator may not remove the neutral co-organiser, leaving nobody able to decide.
    from tournaments.services import do_remove_organiser

    referee = make_user("referee")
    tournament, creator = started_swiss(referee=referee)
    with pytest.raises(ActionRejected) as refused:
        do_remove_organiser(tournament.pk, creator, referee)
    assert refused.value.code == "plays_in_event"
    assert set(tournament.organisers.all()) == {creator, referee}
    do_remove_organiser(tournament.pk, creator, creator)
    assert list(tournament.organisers.all()) == [referee]


def test_an_organiser_who_plays_neither_pauses_nor_resumes_the_event():
    # A pause makes no new round, so a losing creator could freeze the event for good.
    from tournaments.services import do_pause_tournament, do_resume_tournament

    tournament, creator = started_swiss()
    with pytest.raises(ActionRejected) as refused:
        do_pause_tournament(tournament.pk, creator)
    assert refused.value.code == "plays_in_event"
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.PAUSED)  # a referee paused it
    with pytest.raises(ActionRejected) as refused:
        do_resume_tournament(tournament.pk, creator)
    assert refused.value.code == "plays_in_event"


def test_nobody_who_organised_a_started_event_enters_it_late():
    # An organiser may not disqualify rivals in round 1, step down and enter late; nor may the
    # creator do the same without stepping down.
    from tournaments.services import do_remove_organiser

    referee = make_user("referee")
    tournament, creator = started_swiss(plays=False, late_until=3, referee=referee)
    do_remove_organiser(tournament.pk, referee, referee)
    for organiser in (creator, referee):
        with pytest.raises(ActionRejected) as refused:
            do_register(tournament.pk, organiser)
        assert refused.value.code == "organised"
    assert not tournament.entries.filter(user__in=[creator, referee]).exists()
    do_register(tournament.pk, make_user("latecomer"))  # late entries stay open to everyone else


def test_the_last_organiser_who_does_not_play_stays_while_the_event_runs():
    # A referee who paused the event may not step down and leave it to the creator, who plays and
    # may neither resume it nor name anyone: frozen for good.
    from tournaments.services import do_pause_tournament, do_remove_organiser

    referee = make_user("referee")
    tournament, creator = started_swiss(referee=referee)
    do_pause_tournament(tournament.pk, referee)
    with pytest.raises(ActionRejected) as refused:
        do_remove_organiser(tournament.pk, referee, referee)
    assert refused.value.code == "last_referee"
    assert set(tournament.organisers.all()) == {creator, referee}
    do_remove_organiser(tournament.pk, creator, creator)  # the one who plays may step down
    assert list(tournament.organisers.all()) == [referee]


def test_before_the_start_an_organiser_who_plays_may_still_remove_one_they_named():
    from tournaments.services import do_add_organiser, do_remove_organiser

    creator = make_user("creator")
    tournament = do_create_tournament(creator, "Cup", "wildcards", "swiss", rounds=2)
    do_register(tournament.pk, creator)
    mistaken = make_user("mistaken")
    do_add_organiser(tournament.pk, creator, mistaken)
    do_remove_organiser(tournament.pk, creator, mistaken)
    assert list(tournament.organisers.all()) == [creator]
