"""Attacks on tournaments: each run as an attacker would run it, and shown to fail."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.engines import get_engine
from games.models import Game, GameEvent, Seat
from games.services import (
    ActionRejected,
    do_accept_seat,
    do_extend_deadline,
    do_offer_seat,
    do_pause,
    do_resume,
    do_seat_bot,
)
from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.models import Tournament
from tournaments.services import do_create_tournament, do_register, do_start, sweep_tournaments
from wildcards_site.outbox.models import OutboxMessage


def started(organiser, players, name="Open", **settings):
    fields = {"seats_preferred": 3, "seats_min": 3, "seats_max": 3, "rounds": 2, **settings}
    tournament = do_create_tournament(organiser, name, "wildcards", "swiss", **fields)
    for player in players:
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    tournament.refresh_from_db()
    return tournament


def test_no_hand_of_a_tournament_game_can_be_computed_from_its_public_numbers(db):
    organiser = make_user("org")
    tournament = started(organiser, make_players(6))
    tables = current_tables(tournament)
    assert len(tables) == 2
    engine = get_engine("wildcards")
    for table in tables:
        game = table.game
        guess = f"t{tournament.pk}-r{table.round.number}-{table.number}"
        assert game.seed != guess
        predicted = engine.new_game(game.num_seats, guess, game.options)
        for seat in range(game.num_seats):
            assert engine.view(predicted, seat) != engine.view(game.state, seat)
    seeds = [table.game.seed for table in tables]
    assert len(set(seeds)) == 2 and all(len(seed) == 32 for seed in seeds)  # 128 random bits each


def test_an_entrant_holds_no_creator_powers_over_their_table(db):
    organiser = make_user("org")
    players = make_players(3)
    tournament = started(organiser, players)
    game = current_tables(tournament)[0].game
    assert game.created_by is None
    first = game.seats.get(position=0).user
    other = game.seats.get(position=1).user
    do_resign_as(game, other)
    # The resignation is in the table's log; nothing the entrant tries below may add to it.
    logged = list(GameEvent.objects.filter(game=game).values_list("kind", flat=True))
    assert logged == [GameEvent.Kind.SEAT_RESIGNED]
    attempts = [
        lambda: do_pause(game.pk, first),
        lambda: do_extend_deadline(game.pk, first, 0, 72),
        lambda: do_seat_bot(game.pk, first, 2),
        lambda: do_offer_seat(game.pk, first, 1, make_user("friend")),
    ]
    for attempt in attempts:
        with pytest.raises(ActionRejected) as rejected:
            attempt()
        assert rejected.value.code == "forbidden"
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert list(GameEvent.objects.filter(game=game).values_list("kind", flat=True)) == logged


def do_resign_as(game, user):
    from games.services import do_resign

    do_resign(game.pk, user)


def test_an_organiser_can_seat_neither_a_stranger_nor_themselves_only_a_bot_or_the_entrant(db):
    organiser = make_user("org")
    players = make_players(3)
    tournament = started(organiser, players)
    game = current_tables(tournament)[0].game
    victim = game.seats.get(position=1).user
    do_seat_bot(game.pk, organiser, 1)
    seat = game.seats.get(position=1)
    assert (seat.user, seat.kind) == (victim, Seat.Kind.BOT)  # the entrant keeps the seat's result
    # The organiser is refused first for offering to themselves, the stranger for the seat's bond.
    for intruder, code in ((organiser, "own_offer"), (make_user("stranger"), "bound_seat")):
        with pytest.raises(ActionRejected) as rejected:
            do_offer_seat(game.pk, organiser, 1, intruder)
        assert rejected.value.code == code
    offer = do_offer_seat(game.pk, organiser, 1, victim)
    do_accept_seat(offer.pk, victim)
    seat.refresh_from_db()
    assert (seat.user, seat.kind, seat.status) == (victim, Seat.Kind.HUMAN, Seat.Status.PLAYING)


def test_organisers_act_within_the_limits_and_every_act_is_logged_on_the_tournament_page_and_mailed(
    client, db, settings
):
    settings.GAME_MAX_PAUSES = 2
    organiser = make_user("org")
    players = make_players(3)
    tournament = started(organiser, players, name="Cup")
    game = current_tables(tournament)[0].game
    for _time in range(2):
        do_pause(game.pk, organiser)
        do_resume(game.pk, organiser)
    with pytest.raises(ActionRejected) as rejected:
        do_pause(game.pk, organiser)
    assert rejected.value.code == "too_many_pauses"
    with pytest.raises(ActionRejected) as rejected:
        do_extend_deadline(game.pk, organiser, game.seats.first().position, 24 * 30)
    assert rejected.value.code == "bad_extension"
    pause = GameEvent.objects.filter(game=game, kind="paused").first()
    for player in players:
        assert OutboxMessage.objects.filter(key=f"table-event:{pause.pk}:{player.pk}", to=player.email).exists()
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Organisers&#x27; log" in page or "Organisers' log" in page
    assert page.count("paused the game.") == 2


def test_a_stranger_seated_at_a_table_by_old_rules_breaks_no_page_and_no_sweep(client, db):
    organiser = make_user("org")
    players = make_players(3)
    broken = started(organiser, players, name="Old")
    healthy = started(organiser, make_players(3, "q"), name="New")
    table = current_tables(broken)[0]
    # Before the seat rules, a creator could give a seat to anyone: such rows may exist.
    Seat.objects.filter(game=table.game, position=0).update(user=make_user("stranger"))
    play_out(table.game)
    for table in current_tables(healthy):
        play_out(table.game)
    for url in (
        reverse("tournaments:detail", args=[broken.pk]),
        f"/tournaments/api/{broken.pk}/",
        f"/api/v1/tournaments/{broken.pk}",
    ):
        response = client.get(url)
        assert response.status_code in (200, 401), url  # the API wants a token
    sweep_tournaments()
    for tournament in (broken, healthy):
        tournament.refresh_from_db()
        assert tournament.current_round == 2, tournament.name


def test_one_broken_tournament_never_stops_the_sweep_and_its_organiser_sees_why(client, db, monkeypatch):
    from tournaments.services import running

    organiser = make_user("org")
    broken = started(organiser, make_players(3), name="Broken")
    healthy = started(organiser, make_players(3, "q"), name="Healthy")
    for tournament in (broken, healthy):
        for table in current_tables(tournament):
            play_out(table.game)
    Tournament.objects.filter(pk__in=[broken.pk, healthy.pk]).update(current_round=1)
    real = running.plan_next_round

    def failing(tournament, entries, rounds):
        if tournament.pk == broken.pk:
            raise KeyError(424242)
        return real(tournament, entries, rounds)

    monkeypatch.setattr(running, "plan_next_round", failing)
    sweep_tournaments()
    broken.refresh_from_db()
    healthy.refresh_from_db()
    assert healthy.current_round == 2
    assert broken.current_round == 1 and "KeyError" in broken.problem
    client.force_login(organiser)
    page = client.get(reverse("tournaments:detail", args=[broken.pk]))
    assert page.status_code == 200 and "could not move on" in page.content.decode()
    monkeypatch.setattr(running, "plan_next_round", real)
    sweep_tournaments()
    broken.refresh_from_db()
    assert broken.current_round == 2 and broken.problem == ""


def test_an_unrated_tournament_rates_none_of_its_games(db):
    organiser = make_user("org")
    tournament = started(organiser, make_players(3), rated=False)
    assert [table.game.rated for table in current_tables(tournament)] == [False]


def test_an_organiser_cycling_a_seat_cannot_flood_its_player_with_mail(db, settings):
    settings.GAME_MAX_SEAT_CHANGES_PER_HOUR = 3
    organiser = make_user("org")
    tournament = started(organiser, make_players(3))
    game = current_tables(tournament)[0].game
    victim = game.seats.get(position=1).user
    refused = 0
    for _cycle in range(20):
        try:
            do_seat_bot(game.pk, organiser, 1)
            offer = do_offer_seat(game.pk, organiser, 1, victim)
            do_accept_seat(offer.pk, victim)
        except ActionRejected as rejected:
            assert rejected.code == "too_many_seat_changes"
            refused += 1
    assert refused >= 18
    seat_mail = OutboxMessage.objects.filter(to=victim.email, key__regex=r"^(table-event|seat-offer):")
    assert 1 <= seat_mail.count() <= 3
