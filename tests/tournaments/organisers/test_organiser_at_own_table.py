"""An organiser who enters their own tournament plays their table as any entrant does: no organiser
power over a table where they sit ("a table has no creator: no entrant holds any power over it").
An organiser-entrant may not hand their opponent's seat to a bot, adjudicate their own table as
its winner, pause it or extend their own deadline."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.engines import get_engine
from games.models import Action, Game, Seat
from games.services import ActionRejected, do_action, do_extend_deadline, do_pause, do_seat_bot
from tests.conftest import make_user
from tests.tournaments.helpers import act_as_organiser_for_seat_to_move, current_tables, make_players
from tournaments.services import (
    do_add_entrant,
    do_add_organiser,
    do_adjudicate_table,
    do_create_tournament,
    do_disqualify,
    do_drop,
    do_register,
    do_start,
)

pytestmark = pytest.mark.django_db


def _own_table(co_organiser=None, staff=False, start=True):
    organiser = make_user("org", staff=staff)
    tournament = do_create_tournament(
        organiser, "Open", "wildcards", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2
    )
    if co_organiser is not None:
        # Named before the start, as an organiser who plays must (services/organisers.py).
        do_add_organiser(tournament.pk, organiser, co_organiser)
    do_register(tournament.pk, organiser)  # organisers may play in their own event
    rival = make_players(1)[0]
    do_register(tournament.pk, rival)
    if not start:
        return tournament, None, organiser, rival
    do_start(tournament.pk, organiser)
    tournament.refresh_from_db()
    (table,) = current_tables(tournament)
    return tournament, table, organiser, rival


def _play_a_little(game: Game, rival) -> None:
    engine = get_engine(game.engine)
    while Action.objects.filter(game=game, actor=rival).count() < 3:
        game.refresh_from_db()
        position = engine.to_act(game.state)[0]
        seat = game.seats.get(position=position)
        action = engine.auto_action(game.state, position)
        do_action(game.pk, position, action, "web", user=seat.user, expected_version=game.version)


def test_an_organiser_cannot_give_away_the_seat_of_their_opponent_at_their_own_table():
    _tournament, table, organiser, rival = _own_table()
    _play_a_little(table.game, rival)
    seat = table.game.seats.get(user=rival)
    with pytest.raises(ActionRejected):
        do_seat_bot(table.game.pk, organiser, seat.position)
    seat.refresh_from_db()
    assert (seat.kind, seat.status) == (Seat.Kind.HUMAN, Seat.Status.PLAYING)


def test_an_organiser_cannot_adjudicate_their_own_table():
    tournament, table, organiser, rival = _own_table()
    entries = dict(tournament.entries.values_list("user_id", "pk"))
    with pytest.raises(ActionRejected):
        do_adjudicate_table(table.pk, organiser, {entries[organiser.pk]: 1, entries[rival.pk]: None}, "no show")
    table.refresh_from_db()
    assert table.adjudicated_ranks is None and table.game.status == Game.Status.RUNNING


def test_an_organiser_cannot_pause_their_own_table_or_extend_their_own_deadline():
    _tournament, table, organiser, _rival = _own_table()
    game = table.game
    mine = game.seats.get(user=organiser).position
    with pytest.raises(ActionRejected):
        do_extend_deadline(game.pk, organiser, mine, 24)
    with pytest.raises(ActionRejected):
        do_pause(game.pk, organiser)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING


def test_another_organiser_still_manages_the_table_an_organiser_plays_at():
    helper = make_user("helper")
    _tournament, table, organiser, rival = _own_table(co_organiser=helper)
    game = table.game
    do_extend_deadline(game.pk, helper, game.seats.get(user=organiser).position, 24)
    do_pause(game.pk, helper)
    game.refresh_from_db()
    assert game.status == Game.Status.PAUSED


def test_an_organiser_enters_their_own_event_as_anyone_does_not_by_adding_themselves():
    organiser = make_user("org")
    tournament = do_create_tournament(
        organiser, "Open", "wildcards", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2, min_rating=1600
    )
    helper = make_user("helper")
    tournament.organisers.add(helper)
    with pytest.raises(ActionRejected):
        do_add_entrant(tournament.pk, organiser, organiser)  # would skip the rating floor
    with pytest.raises(ActionRejected):
        do_add_entrant(tournament.pk, organiser, helper)  # nor one organiser for another
    assert not tournament.entries.exists()


def test_an_organiser_cannot_disqualify_or_drop_the_player_at_their_own_table():
    tournament, table, organiser, rival = _own_table()
    with pytest.raises(ActionRejected):
        do_disqualify(tournament.pk, organiser, rival, "Played on a second account.")
    with pytest.raises(ActionRejected):
        do_drop(tournament.pk, organiser, rival)
    entry = tournament.entries.get(user=rival)
    assert not entry.disqualified and entry.dropped_before_round is None
    do_drop(tournament.pk, organiser)  # their own entry is theirs to drop
    assert tournament.entries.get(user=organiser).dropped_before_round == 2


def test_the_tournament_page_offers_an_organiser_who_plays_no_form_for_their_own_table(client):
    helper = make_user("helper")
    tournament, table, organiser, _rival = _own_table(co_organiser=helper)
    url = reverse("tournaments:detail", args=[tournament.pk])
    client.force_login(organiser)
    page = client.get(url).content.decode()
    assert "Adjudicate a table" not in page
    assert f'action="{reverse("tournaments:adjudicate", args=[tournament.pk, table.game_id])}"' not in page
    client.force_login(helper)
    page = client.get(url).content.decode()
    assert f'action="{reverse("tournaments:adjudicate", args=[tournament.pk, table.game_id])}"' in page


def test_a_staff_organiser_who_plays_holds_no_power_over_their_own_table_either():
    # Staff moderate the site's tables, but not one where they sit: no pausing their own table or
    # handing their opponent's seat to a bot.
    _tournament, table, organiser, rival = _own_table(staff=True)
    _play_a_little(table.game, rival)
    game = table.game
    seat = game.seats.get(user=rival)
    for attempt in (
        lambda: do_seat_bot(game.pk, organiser, seat.position),
        lambda: do_pause(game.pk, organiser),
        lambda: do_extend_deadline(game.pk, organiser, game.seats.get(user=organiser).position, 24),
    ):
        with pytest.raises(ActionRejected):
            attempt()
    game.refresh_from_db()
    seat.refresh_from_db()
    assert game.status == Game.Status.RUNNING and (seat.kind, seat.status) == ("human", "playing")
    with pytest.raises(ActionRejected):  # nor play for a table-mate as a moderator
        act_as_organiser_for_seat_to_move(game, organiser)


def test_a_staff_player_sees_no_organiser_box_at_their_own_table(client):
    _tournament, table, organiser, _rival = _own_table(staff=True)
    client.force_login(organiser)
    page = client.get(reverse("games:table", args=[table.game_id])).content.decode()
    assert 'class="card organiser"' not in page
    client.force_login(make_user("moderator", staff=True))
    page = client.get(reverse("games:table", args=[table.game_id])).content.decode()
    assert 'class="card organiser"' in page  # staff who do not play there still moderate it


def test_an_organiser_who_plays_adds_a_co_organiser_who_then_manages_their_table():
    # "another organiser decides this": an organiser can name another one, or only staff could
    # ever act at a table where a non-staff organiser sits.
    # Before the start, while the entrants can still see who decides (a second account named
    # after it would decide at the organiser's own table).
    from tournaments.services import do_remove_organiser

    helper = make_user("helper")
    tournament, table, organiser, rival = _own_table(co_organiser=helper)
    assert set(tournament.organisers.all()) == {organiser, helper}
    do_pause(table.game.pk, helper)
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.PAUSED
    with pytest.raises(ActionRejected):  # nobody but an organiser names one
        do_add_organiser(tournament.pk, rival, make_user("friend"))
    with pytest.raises(ActionRejected):  # an entrant at this table is no co-organiser of it
        do_add_organiser(tournament.pk, helper, rival)
    with pytest.raises(ActionRejected) as refused:  # the last organiser who does not play stays while it runs
        do_remove_organiser(tournament.pk, helper, helper)
    assert refused.value.code == "last_referee"
    do_remove_organiser(tournament.pk, organiser, organiser)  # the organiser who plays steps down
    with pytest.raises(ActionRejected) as refused:  # a tournament keeps at least one organiser
        do_remove_organiser(tournament.pk, helper, helper)
    assert refused.value.code == "last_organiser"
    assert set(tournament.organisers.all()) == {helper}


def test_the_organiser_adds_a_co_organiser_from_the_page(client):
    tournament, _table, organiser, _rival = _own_table(start=False)
    helper = make_user("helper", display_name="Helga")
    client.force_login(organiser)
    url = reverse("tournaments:organise", args=[tournament.pk, "add_organiser"])
    page = client.post(url, {"username": "helper"}, follow=True).content.decode()
    assert "Helga organises this tournament too." in page
    assert tournament.organisers.filter(pk=helper.pk).exists()


def test_an_organiser_who_plays_is_told_why_they_name_nobody_once_it_runs_and_nothing_changes(client):
    tournament, _table, organiser, _rival = _own_table()
    make_user("sock", display_name="Sock")
    client.force_login(organiser)
    url = reverse("tournaments:organise", args=[tournament.pk, "add_organiser"])
    page = client.post(url, {"username": "sock"}, follow=True).content.decode()
    assert "once it has started, an organiser who does not play names others" in page
    assert list(tournament.organisers.all()) == [organiser]
