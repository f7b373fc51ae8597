"""Every table size a tournament allows must be playable with its game options: checked
at the preferred size only, and stored completed for it (`two_players: False`, `leo: False`), a
round that needed a 2-player table could not be made and the event would stay "running" for ever.

Swiss, round robin and a multiplayer knock-out can each seat any size from the fewest to the
most players at a table (a drop, a bye, an uneven field), so every size is checked at
creation and on the settings page; what a game sets by itself for a size (Wizard's two-player
variant, Wild Cards' Leo) is set table by table.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from games.services.errors import ActionRejected
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, register_and_start
from tournaments.models import Tournament
from tournaments.services import (
    do_adjudicate_table,
    do_create_tournament,
    do_drop,
    do_update_tournament,
    sweep_tournaments,
)

pytestmark = pytest.mark.django_db

MULTIPLAYER_FORMATS = ["swiss", "round_robin", "single"]

# (game, options, fewest, preferred, most, the size that cannot be played, the game's reason)
UNPLAYABLE = [
    ("wildcards", {"edition": "2020"}, 2, 3, 3, 2, "A 2-player game needs the virtual player Leo (2022 edition)."),
    ("wildcards", {"leo": True}, 3, 4, 5, 5, "Leo joins games of 2 to 4 players."),
    ("wizard", {"monocolor": True}, 3, 4, 5, 5, "Monocolor is for 3 or 4 players."),
    ("wizard", {"bid_sum_restriction": True}, 2, 3, 3, 2, "The bid-sum restriction needs open bids made in turn"),
]


def _create(organiser, engine, fmt, options, fewest, preferred, most):
    return do_create_tournament(
        organiser,
        "Sizes",
        engine,
        fmt,
        options=options,
        seats_min=fewest,
        seats_preferred=preferred,
        seats_max=most,
        rounds=3 if fmt == "swiss" else None,
    )


@pytest.mark.parametrize("fmt", MULTIPLAYER_FORMATS)
@pytest.mark.parametrize(("engine", "options", "fewest", "preferred", "most", "size", "reason"), UNPLAYABLE)
def test_a_table_size_the_options_cannot_seat_is_refused_at_creation_naming_size_and_reason(
    fmt, engine, options, fewest, preferred, most, size, reason
):
    organiser = make_players(1, "org")[0]
    with pytest.raises(ActionRejected) as refused:
        _create(organiser, engine, fmt, options, fewest, preferred, most)
    assert refused.value.code == "bad_options"
    assert f"cannot be played by {size} with these options" in refused.value.message
    assert reason in refused.value.message
    assert not Tournament.objects.exists()


def test_a_double_elimination_checks_its_two_player_tables_too():
    organiser = make_players(1, "org")[0]
    with pytest.raises(ActionRejected) as refused:
        _create(organiser, "wildcards", "double", {"edition": "2020"}, 2, 2, 2)
    assert "cannot be played by 2 with these options" in refused.value.message
    assert "needs the virtual player Leo" in refused.value.message


@pytest.mark.parametrize(("engine", "options", "fewest", "preferred", "most", "size", "reason"), UNPLAYABLE)
def test_the_settings_change_that_allows_an_unplayable_size_is_refused_and_changes_nothing(
    engine, options, fewest, preferred, most, size, reason
):
    organiser = make_players(1, "org")[0]
    # Playable as created: only the sizes the options allow.
    tournament = _create(organiser, engine, "swiss", options, 3, 3, 3 if size == 2 else 4)
    with pytest.raises(ActionRejected) as refused:
        do_update_tournament(tournament.pk, organiser, seats_min=fewest, seats_preferred=preferred, seats_max=most)
    assert f"cannot be played by {size} with these options" in refused.value.message and reason in refused.value.message
    tournament.refresh_from_db()
    assert (tournament.seats_min, tournament.seats_max) == (3, 3 if size == 2 else 4)


# The settings form of a Monocolor Wizard event that would seat up to 5 at a table.
MONOCOLOR_UP_TO_FIVE = {
    "name": "Sizes",
    "engine": "wizard",
    "format": "swiss",
    "seats_preferred": 4,
    "seats_min": 3,
    "seats_max": 5,
    "rounds": 3,
    "top_cut": 0,
    "advance_per_table": 1,
    "late_join_before_round": 0,
    "phase_hours": 48,
    "option_wizard_monocolor": "on",
}


def test_the_settings_page_shows_the_refusal(client):
    organiser = make_players(1, "org")[0]
    tournament = _create(organiser, "wizard", "swiss", {"monocolor": True}, 3, 4, 4)
    client.force_login(organiser)
    form = MONOCOLOR_UP_TO_FIVE
    page = client.post(reverse("tournaments:edit", args=[tournament.pk]), form).content.decode()
    assert "Wizard cannot be played by 5 with these options: Monocolor is for 3 or 4 players." in page
    tournament.refresh_from_db()
    assert tournament.seats_max == 4
    page = client.post(reverse("tournaments:create"), {**form, "name": "Another"}).content.decode()
    assert "Wizard cannot be played by 5 with these options" in page
    assert Tournament.objects.count() == 1


def test_an_italian_organiser_reads_in_italian_why_the_game_cannot_seat_a_table_size(client):
    organiser = make_user("org", language="it")
    tournament = _create(organiser, "wizard", "swiss", {"monocolor": True}, 3, 4, 4)
    client.force_login(organiser)
    page = client.post(reverse("tournaments:edit", args=[tournament.pk]), MONOCOLOR_UP_TO_FIVE).content.decode()
    assert "La variante Monocolore è per 3 o 4 giocatori." in page
    assert "Monocolor is for 3 or 4 players." not in page
    tournament.refresh_from_db()
    assert tournament.seats_max == 4


@pytest.mark.parametrize("fmt", MULTIPLAYER_FORMATS)
@pytest.mark.parametrize("engine", ["wizard", "wildcards"])
def test_the_games_own_choice_for_two_players_is_accepted_for_every_format(fmt, engine):
    organiser = make_players(1, "org")[0]
    tournament = _create(organiser, engine, fmt, {}, 2, 3, 3)
    assert tournament.options == {}  # the organiser's choices only: each table's size completes them


def _play_round_by_adjudication(tournament, organiser):
    for table in current_tables(tournament):
        entries = dict(tournament.entries.values_list("user_id", "pk"))
        players = [entries[seat.user_id] for seat in table.game.seats.order_by("position")]
        do_adjudicate_table(table.pk, organiser, {p: place for place, p in enumerate(players, 1)}, "quick result")


@pytest.mark.parametrize(
    ("engine", "two_player_options"),
    [
        ("wizard", {"two_players": True, "hidden_bids": True}),
        ("wildcards", {"leo": True}),
    ],
)
def test_a_drop_that_needs_a_two_player_table_gets_one_with_the_games_two_player_rules(engine, two_player_options):
    """6 entrants at two 3-player tables, one drops, round 2 seats 3 + 2."""
    organiser = make_players(1, "org")[0]
    tournament = _create(organiser, engine, "swiss", {}, 2, 3, 3)
    players = make_players(6)
    tournament = register_and_start(tournament, players)
    _play_round_by_adjudication(tournament, organiser)
    do_drop(tournament.pk, players[0])
    sweep_tournaments()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.problem == ""
    tables = sorted(current_tables(tournament), key=lambda table: table.game.num_seats)
    assert tournament.current_round == 2 and [t.game.num_seats for t in tables] == [2, 3]
    two, three = (table.game for table in tables)
    assert two.status == Game.Status.RUNNING and three.status == Game.Status.RUNNING
    assert all(two.options[key] == value for key, value in two_player_options.items())
    assert all(three.options[key] is False for key in two_player_options)


LEGACY_WIZARD = {
    "blind_bids": False,
    "hidden_bids": False,
    "dark_wizard": False,
    "two_players": False,
    "bid_sum_restriction": False,
    "clairvoyance": False,
    "monocolor": False,
}


def test_an_event_stored_with_options_completed_for_three_gets_its_two_player_table():
    """Options stored before the fix, completed for the preferred size: the migration keeps
    only what differs from the game's defaults, so a 2-player table gets the variant."""
    from importlib import import_module

    migration = import_module("tournaments.migrations.0012_options_are_the_organisers_choices")
    organiser = make_players(1, "org")[0]
    tournament = _create(organiser, "wizard", "swiss", {"dark_wizard": True}, 2, 3, 3)
    Tournament.objects.filter(pk=tournament.pk).update(options={**LEGACY_WIZARD, "dark_wizard": True})
    migration.keep_the_organisers_choices(Tournament)
    tournament.refresh_from_db()
    assert tournament.options == {"dark_wizard": True}


def _stuck_on_a_table_of_two():
    """(organiser, tournament): a Swiss event of Wizard with the bid-sum restriction and 2-player
    tables allowed (data from before the fix); after a drop, the sweep cannot make round 2."""
    organiser = make_players(1, "org")[0]
    tournament = _create(organiser, "wizard", "swiss", {"bid_sum_restriction": True}, 3, 3, 3)
    tournament = register_and_start(tournament, make_players(6))
    Tournament.objects.filter(pk=tournament.pk).update(seats_min=2)
    _play_round_by_adjudication(tournament, organiser)
    do_drop(tournament.pk, tournament.entries.first().user)
    sweep_tournaments()
    tournament.refresh_from_db()
    return organiser, tournament


def test_an_event_stuck_on_a_table_its_options_cannot_seat_tells_the_organiser_what_to_do(client):
    """Data from before the fix (options as the migration leaves them): the bid-sum restriction
    with 2-player tables allowed. After a drop, round 2 needs a 2-player table that no option
    can make."""
    organiser, tournament = _stuck_on_a_table_of_two()
    assert tournament.status == Tournament.Status.RUNNING and tournament.current_round == 1
    assert "Round 2 needs a table of 2 players" in tournament.problem
    assert "ActionRejected" not in tournament.problem
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Wizard cannot be played by 2 with this tournament&#x27;s options" in page
    assert "The bid-sum restriction needs open bids made in turn" in page
    assert "cancel the tournament" in page
    # Players see none of it.
    client.force_login(tournament.entries.last().user)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "cannot be played by 2" not in page


def test_the_stuck_events_problem_reads_in_each_organisers_language(client):
    """The sweep writes the problem down in no reader's language: each organiser reads it in theirs,
    the reason from the game's rules included."""
    organiser, tournament = _stuck_on_a_table_of_two()
    type(organiser.profile).objects.filter(user=organiser).update(language="it")
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    problem = page[page.index('role="alert"') :]
    problem = problem[: problem.index("</p>")]
    # The catalog's Italian, read from the .po file's words: the round, the size and the rule.
    assert "Il turno 2 richiede un tavolo da 2 giocatori" in problem
    assert "La Somma Scoperta di Dichiarazioni richiede dichiarazioni aperte" in problem
    assert "needs a table" not in problem and "bid-sum" not in problem


def test_a_cancelling_refusal_kept_as_data_reads_in_the_readers_language():
    from django.utils import translation

    from tournaments.reasons import cancel_reason_words

    organiser = make_players(1, "org")[0]
    tournament = _create(organiser, "wizard", "swiss", {"bid_sum_restriction": True}, 3, 3, 3)
    reason = {
        "template": "Round %(round)s needs a table of %(size)s players, and %(game)s cannot be played by "
        "%(size)s with this tournament's options: %(reason)s",
        "params": {"round": 1, "size": 2, "game": {"template": "Wizard"}, "reason": {"template": "No."}},
    }
    tournament.cancel_reason = {"code": "unplayable_table", "message": "in English", "words": reason}
    with translation.override("it"):
        said = cancel_reason_words(tournament)
    assert "Il turno 1 richiede un tavolo da 2 giocatori, e Wizard non si può giocare in 2" in said
    assert "in English" not in said
    tournament.cancel_reason = {"code": "unplayable_table", "message": "as it was stored"}  # before words
    with translation.override("it"):
        assert cancel_reason_words(tournament).endswith("as it was stored")


def test_the_default_points_follow_a_change_of_table_size_when_the_organiser_gave_none(db, client):
    # Points left blank at 3-player tables stay blank on the settings page, not "4, 2, 1", so
    # changing to 2-player tables with a top cut is accepted.
    from django.urls import reverse

    from tests.tournaments.helpers import make_players
    from tournaments.services import do_create_tournament, do_update_tournament

    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Sizes", "cubirds", "swiss", seats_preferred=3, seats_min=2, seats_max=3, rounds=3
    )
    assert tournament.place_points == [4, 2, 1]
    client.force_login(organiser)
    page = client.get(reverse("tournaments:edit", args=[tournament.pk])).content.decode()
    field = page.split('name="place_points"', 1)[1].split(">", 1)[0]
    assert "4, 2, 1" not in field
    tournament = do_update_tournament(tournament.pk, organiser, seats_preferred=2, seats_max=2, top_cut=4)
    assert tournament.place_points == [1, 0]
    # Points the organiser chose stay theirs.
    chosen = do_create_tournament(
        organiser,
        "Chosen",
        "cubirds",
        "swiss",
        seats_preferred=3,
        seats_min=2,
        seats_max=3,
        rounds=3,
        place_points=[3, 1, 0],
    )
    page = client.get(reverse("tournaments:edit", args=[chosen.pk])).content.decode()
    assert "3, 1, 0" in page.split('name="place_points"', 1)[1].split(">", 1)[0]


@pytest.mark.parametrize(
    ("engine", "seats", "message"),
    [
        ("wizard", (4, 3, 3), "The players per table (4) must lie between the fewest (3) and the most (3)."),
        ("cubirds", (2, 3, 4), "The players per table (2) must lie between the fewest (3) and the most (4)."),
        ("emu_ranchers", (3, 3, 3), "Tables of this game seat exactly 2 players."),
        ("wizard", (4, 3, 7), "Tables must seat 2 to 6 players."),
    ],
)
def test_a_table_size_out_of_order_is_refused_with_what_is_wrong(db, engine, seats, message):
    # None of these reads "Tables must seat 2 to 5 players", as each size is within that range,
    # nor Emu Ranchers "2 to 2 players".
    from games.services.errors import ActionRejected
    from tests.tournaments.helpers import make_players
    from tournaments.services import do_create_tournament

    organiser = make_players(1, "org")[0]
    preferred, fewest, most = seats
    with pytest.raises(ActionRejected) as refused:
        do_create_tournament(
            organiser, "Sizes", engine, "swiss", seats_preferred=preferred, seats_min=fewest, seats_max=most, rounds=2
        )
    assert refused.value.message == message
