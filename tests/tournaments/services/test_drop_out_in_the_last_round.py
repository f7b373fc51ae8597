"""Nothing follows a tournament's last round: its players are not offered to drop out "after
this round", not even in a knock-out's final."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import current_tables, make_players, play_out, register_and_start
from tournaments.services import do_advance_round, do_create_tournament

pytestmark = pytest.mark.django_db

DROP = "Drop out after this round"
LAST = "This is the last round: nothing follows it to drop out of."


def _entry_card(tournament, user) -> str:
    client = Client()
    client.force_login(user)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    return page.split('id="your-entry"', 1)[1].split("</section>", 1)[0]


def _next_round(tournament) -> None:
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()


def _started(format: str, players: list, engine: str = "cubirds", seats: int = 2, **extra):
    """A tournament of `format` at tables of exactly `seats`, `players` registered and started; its organiser."""
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Event", engine, format, seats_preferred=seats, seats_min=seats, seats_max=seats, **extra
    )
    return register_and_start(tournament, players), organiser


def test_a_knockout_offers_to_drop_out_before_its_final_and_not_in_it():
    players = make_players(4)
    tournament, _organiser = _started("single", players)
    seated = current_tables(tournament)[0].game.seats.first().user
    assert DROP in _entry_card(tournament, seated) and LAST not in _entry_card(tournament, seated)
    _next_round(tournament)
    (final,) = current_tables(tournament)
    finalist = final.game.seats.first().user
    card = _entry_card(tournament, finalist)
    assert DROP not in card and LAST in card


@pytest.mark.parametrize(("engine", "seats", "count"), [("cubirds", 2, 4), ("wildcards", 3, 6)])
def test_a_swiss_s_last_round_offers_no_drop_out(engine, seats, count):
    players = make_players(count)
    tournament, _organiser = _started("swiss", players, engine=engine, seats=seats, rounds=2)
    assert DROP in _entry_card(tournament, players[0])
    _next_round(tournament)
    assert tournament.current_round == 2
    card = _entry_card(tournament, players[0])
    assert DROP not in card and LAST in card


def test_a_round_robin_offers_to_drop_out_until_its_last_scheduled_round():
    players = make_players(4)  # three rounds
    tournament, _organiser = _started("round_robin", players)
    for _round in (1, 2):
        assert DROP in _entry_card(tournament, players[0])
        _next_round(tournament)
    assert tournament.current_round == 3
    card = _entry_card(tournament, players[0])
    assert DROP not in card and LAST in card


def test_a_drop_out_sent_anyway_in_the_last_round_is_refused_and_changes_nothing():
    from games.services.errors import ActionRejected
    from tournaments.services import do_drop

    players = make_players(4)
    tournament, organiser = _started("swiss", players, rounds=1)
    for who, by in ((players[0], None), (players[1], organiser)):
        with pytest.raises(ActionRejected) as refused:
            do_drop(tournament.pk, by or who, who if by else None)
        assert refused.value.code == "last_round"
    assert not tournament.entries.filter(dropped_before_round__isnull=False).exists()


def test_a_round_robin_round_that_drops_emptied_is_not_one_to_come():
    # With one player of each of round 3's tables gone, round 3 is passed over and round
    # 2 is the last; it is not offered as one with a round after it.
    from tournaments.services import do_drop

    players = make_players(4)
    tournament, _organiser = _started("round_robin", players)
    _next_round(tournament)
    assert tournament.current_round == 2
    by_entry = {entry.pk: entry.user for entry in tournament.entries.select_related("user")}
    third_tables, _byes = tournament.schedule[2]
    leavers = [by_entry[table[0]] for table in third_tables]
    stayers = [by_entry[table[1]] for table in third_tables]
    for leaver in leavers:
        do_drop(tournament.pk, leaver)
    for stayer in stayers:
        card = _entry_card(tournament, stayer)
        assert DROP not in card and LAST in card
    _next_round(tournament)
    assert tournament.status == tournament.Status.FINISHED  # round 3 was indeed passed over


def test_the_organisers_box_offers_nobody_to_drop_in_the_last_round():
    # The organiser's "Player to drop" list is not offered, as its choice would be refused.
    players = make_players(4)
    tournament, organiser = _started("swiss", players, rounds=2)
    client = Client()
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert 'id="drop-player"' in page and 'id="disqualify-player"' in page
    _next_round(tournament)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert 'id="drop-player"' not in page
    assert 'id="disqualify-player"' in page  # a disqualification still puts a player last


def test_your_table_s_state_is_said_in_a_table_s_words():
    # In Italian, not "Turno 1, tavolo 2 · finita" (the game's gender) in the card beside "Tavolo
    # 2 · finito" in the rounds list.
    from django.utils import translation

    players = make_players(4)
    tournament, _organiser = _started("swiss", players, rounds=2)
    table = current_tables(tournament)[0]
    play_out(table.game)
    player = table.game.seats.first().user
    player.profile.language = "it"
    player.profile.save(update_fields=["language"])
    client = Client()
    client.force_login(player)
    with translation.override("it"):
        page = client.get(reverse("tournaments:detail", args=[tournament.pk]), HTTP_ACCEPT_LANGUAGE="it").content
    card = page.decode().split('id="your-table"', 1)[1].split("</section>", 1)[0]
    assert "· finito" in card and "finita" not in card


def test_a_paused_event_s_last_round_takes_no_drop_out_either():
    # The rule holds not only while the event runs.
    from games.services.errors import ActionRejected
    from tournaments.services import do_drop, do_pause_tournament

    players = make_players(4)
    tournament, organiser = _started("swiss", players, rounds=1)
    do_pause_tournament(tournament.pk, organiser)
    assert DROP not in _entry_card(tournament, players[0])
    with pytest.raises(ActionRejected) as refused:
        do_drop(tournament.pk, players[0])
    assert refused.value.code == "last_round"


def test_a_player_the_knock_out_put_out_is_not_offered_to_the_organisers_and_cannot_be_dropped():
    # "Jugador a retirar" does not list the players round 1 put out: dropped, they would read
    # "(dropped)" in the final standings, not knocked out.
    from games.services.errors import ActionRejected
    from tournaments.models import Entry
    from tournaments.pages.organisers_box import organiser_choices
    from tournaments.pages.presenters import tournament_data
    from tournaments.services import do_drop

    players = make_players(8)
    tournament, organiser = _started("single", players)
    _next_round(tournament)
    data = tournament_data(tournament)
    out = data["beaten"]
    assert out == data["knocked_out"] and len(out) == 4
    choices = organiser_choices(tournament, organiser, data["entries"], data["last_round"], out)
    offered = {entry.pk for entry in choices["to_drop"]}
    assert offered and not offered & out
    # The page the organiser reads offers the same.
    client = Client()
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    picker = page.split('id="drop-player"', 1)[1].split("</select>", 1)[0]
    usernames = set(Entry.objects.filter(pk__in=offered).values_list("user__username", flat=True))
    assert {name for name in usernames if f'value="{name}"' in picker} == usernames
    for name in Entry.objects.filter(pk__in=out).values_list("user__username", flat=True):
        assert f'value="{name}"' not in picker
    loser = Entry.objects.get(pk=next(iter(out)))
    with pytest.raises(ActionRejected) as refused:
        do_drop(tournament.pk, organiser, loser.user)
    assert refused.value.code == "knocked_out"
    with pytest.raises(ActionRejected):
        do_drop(tournament.pk, loser.user)  # nor by themselves
    loser.refresh_from_db()
    assert loser.dropped_before_round is None


def test_a_multiplayer_knock_outs_player_left_out_may_still_drop_to_decline_a_call_up():
    # Who did not go on from a table of three may still be called up, should a qualifier drop
    # before the next round is made: they may leave first, and the organisers may drop them.
    from tournaments.pages.organisers_box import organiser_choices
    from tournaments.pages.presenters import tournament_data
    from tournaments.services import do_drop

    players = make_players(9)
    tournament, organiser = _started("single", players, engine="wildcards", seats=3, advance_per_table=1)
    for table in current_tables(tournament):
        play_out(table.game)
    data = tournament_data(tournament)
    assert len(data["knocked_out"]) == 6 and not data["beaten"]
    choices = organiser_choices(tournament, organiser, data["entries"], data["last_round"], data["beaten"])
    left_out = [entry for entry in data["entries"] if entry.pk in data["knocked_out"]]
    assert {entry.pk for entry in left_out} <= {entry.pk for entry in choices["to_drop"]}
    assert do_drop(tournament.pk, left_out[0].user).dropped_before_round == 2
