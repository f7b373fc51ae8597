from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, Seat
from games.services.errors import ActionRejected
from tests.tournaments.helpers import make_players
from tournaments.models import Entry, Tournament
from tournaments.services import do_create_tournament, do_leave, do_register, do_start
from tournaments.services import registration as registration_service


@pytest.fixture
def swiss(db):
    organiser = make_players(1, "org")[0]
    return do_create_tournament(
        organiser, "Autumn Swiss", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=3
    )


def test_it_registers_a_player_once(swiss):
    alice = make_players(1)[0]
    do_register(swiss.pk, alice)
    with pytest.raises(ActionRejected) as rejected:
        do_register(swiss.pk, alice)
    assert rejected.value.code == "already_registered"
    assert Entry.objects.filter(tournament=swiss).count() == 1


def test_it_refuses_registration_after_the_window(swiss):
    swiss.registration_closes_at = timezone.now() - timedelta(hours=1)
    swiss.save()
    with pytest.raises(ActionRejected) as rejected:
        do_register(swiss.pk, make_players(1)[0])
    assert rejected.value.code == "closed"
    assert not swiss.entries.exists()


def test_it_refuses_registration_before_the_window_opens(swiss):
    swiss.registration_opens_at = timezone.now() + timedelta(hours=1)
    swiss.save()
    with pytest.raises(ActionRejected, match="not opened"):
        do_register(swiss.pk, make_players(1)[0])
    assert not swiss.entries.exists()


def test_it_refuses_registration_when_full(swiss):
    swiss.capacity = 2
    swiss.save()
    first, second, third = make_players(3)
    do_register(swiss.pk, first)
    do_register(swiss.pk, second)
    with pytest.raises(ActionRejected) as rejected:
        do_register(swiss.pk, third)
    assert rejected.value.code == "full"
    assert swiss.entries.count() == 2


def test_it_refuses_a_player_below_the_minimum_rating(swiss, monkeypatch):
    swiss.min_rating = 1600
    swiss.save()
    low, high = make_players(2)
    monkeypatch.setattr(registration_service, "rating_of", lambda user, engine: 1700 if user == high else 1550)
    with pytest.raises(ActionRejected) as rejected:
        do_register(swiss.pk, low)
    assert rejected.value.code == "rating_too_low"
    do_register(swiss.pk, high)
    assert list(swiss.entries.values_list("user", flat=True)) == [high.pk]


def test_it_refuses_a_player_whose_games_often_ended_without_them(swiss):
    swiss.min_reliability = 0.8
    swiss.save()
    flaky, other = make_players(2)
    for index in range(4):
        game = Game.objects.create(
            engine="wildcards",
            seed=str(index),
            num_seats=2,
            created_by=flaky,
            status=Game.Status.FINISHED,
            finished_at=timezone.now(),
        )
        status = Seat.Status.LEFT if index < 2 else Seat.Status.PLAYING
        Seat.objects.create(game=game, user=flaky, position=0, status=status)
        Seat.objects.create(game=game, user=other, position=1)  # games with another person count
    with pytest.raises(ActionRejected) as rejected:
        do_register(swiss.pk, flaky)
    assert rejected.value.code == "unreliable"
    assert registration_service.reliability_of(flaky) == 0.5
    do_register(swiss.pk, other)  # no games yet: reliable


def test_an_invitation_only_tournament_refuses_the_uninvited(swiss):
    swiss.invitation_only = True
    swiss.save()
    guest, stranger = make_players(2)
    swiss.invited.add(guest)
    with pytest.raises(ActionRejected) as rejected:
        do_register(swiss.pk, stranger)
    assert rejected.value.code == "invitation_only"
    do_register(swiss.pk, guest)


def test_a_player_can_leave_before_the_start_only(swiss):
    players = make_players(3)
    for player in players:
        do_register(swiss.pk, player)
    do_leave(swiss.pk, players[0])
    assert swiss.entries.count() == 2
    do_register(swiss.pk, players[0])
    do_start(swiss.pk, swiss.created_by)
    with pytest.raises(ActionRejected) as rejected:
        do_leave(swiss.pk, players[1])
    assert rejected.value.code == "started"
    assert swiss.entries.count() == 3


def test_a_tournament_with_too_few_players_does_not_start(swiss):
    for player in make_players(2):
        do_register(swiss.pk, player)
    with pytest.raises(ActionRejected) as rejected:
        do_start(swiss.pk, swiss.created_by)
    assert rejected.value.code == "too_few"
    swiss.refresh_from_db()
    assert swiss.status == Tournament.Status.REGISTRATION and not swiss.round_set.exists()


def test_only_an_organiser_starts_it(swiss):
    players = make_players(3)
    for player in players:
        do_register(swiss.pk, player)
    with pytest.raises(ActionRejected) as rejected:
        do_start(swiss.pk, players[0])
    assert rejected.value.code == "forbidden"
    swiss.refresh_from_db()
    assert swiss.status == Tournament.Status.REGISTRATION


@pytest.mark.parametrize(
    ("engine", "format", "fields", "message"),
    [
        ("chess", "swiss", {"rounds": 3}, "no such game"),
        ("wildcards", "ladder", {"rounds": 3}, "no such tournament format"),
        ("wildcards", "swiss", {}, "number of rounds"),
        ("wildcards", "swiss", {"rounds": 3, "seats_preferred": 6, "seats_max": 6}, "2 to 5"),
        ("emu_ranchers", "double", {"seats_preferred": 3}, "2-player"),
    ],
)
def test_bad_settings_are_refused_with_a_clear_message(db, engine, format, fields, message):
    organiser = make_players(1, "org")[0]
    with pytest.raises(ActionRejected, match=message):
        do_create_tournament(organiser, "Bad", engine, format, **fields)
    assert not Tournament.objects.exists()


def _game_with(player, status: str, others: list, game_status: str = Game.Status.FINISHED, ago: int = 0) -> Game:
    game = Game.objects.create(
        engine="wildcards",
        seed=f"r{Game.objects.count()}",
        num_seats=1 + len(others),
        status=game_status,
        finished_at=timezone.now() - timedelta(days=ago),
    )
    Seat.objects.create(game=game, user=player, position=0, status=status)
    for position, other in enumerate(others, 1):
        Seat.objects.create(game=game, user=other, position=position, kind=Seat.Kind.BOT if other is None else "human")
    return game


def test_quick_games_against_bots_do_not_wash_out_tables_left_to_other_people(db):
    # Twenty quick games against bots alone do not make a player who left ten tables of people
    # "reliable" again.
    flaky, person = make_players(2)
    for _ in range(10):
        _game_with(flaky, Seat.Status.LEFT, [person], ago=30)
    for _ in range(20):
        _game_with(flaky, Seat.Status.PLAYING, [None])
    assert registration_service.reliability_of(flaky) == 0.0


def test_a_table_abandoned_because_its_people_left_counts_against_them(db):
    flaky, person = make_players(2)
    _game_with(flaky, Seat.Status.LEFT, [person], game_status=Game.Status.ABANDONED)
    _game_with(flaky, Seat.Status.PLAYING, [person])
    assert registration_service.reliability_of(flaky) == 0.5


def test_the_page_gives_the_start_and_entry_conditions_and_why_a_player_cannot_enter(db, client):
    # The page shows the start, the registration window, capacity and minimum rating, and offers
    # no "Register" to a player the rating floor would refuse.
    from django.urls import reverse

    organiser = make_players(1, "org")[0]
    starts = timezone.now() + timedelta(days=3)
    tournament = do_create_tournament(
        organiser,
        "Floor Cup",
        "wildcards",
        "swiss",
        seats_preferred=3,
        seats_min=3,
        seats_max=3,
        rounds=3,
        starts_at=starts,
        registration_closes_at=starts - timedelta(hours=1),
        capacity=8,
        min_rating=1550,
        min_reliability=0.5,
    )
    newcomer = make_players(1, "new")[0]
    client.force_login(newcomer)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    conditions = page.split('id="entry-conditions"', 1)[1].split("</p>", 1)[0]
    assert "Starts " in conditions and "Registration closes " in conditions
    assert "0 of 8 places taken." in conditions
    assert "a rating of at least 1550 in this game" in conditions
    assert "at least 50 % of their recent games" in conditions
    assert 'id="cannot-enter"' in page and "needs a rating of at least 1550," in page
    assert reverse("tournaments:register", args=[tournament.pk]) not in page
    # With the floor lifted, the button is back and nothing stands in the way.
    Tournament.objects.filter(pk=tournament.pk).update(min_rating=None)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert 'id="cannot-enter"' not in page and reverse("tournaments:register", args=[tournament.pk]) in page


def test_a_player_asked_in_past_the_conditions_accepts_from_the_page_despite_them(db, client):
    # The page shows the invitation's button, not the rating floor's refusal.
    from django.urls import reverse

    from tournaments.services import do_add_entrant

    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Floor", "wildcards", "swiss", seats_preferred=3, seats_min=3, seats_max=3, rounds=3, min_rating=1550
    )
    asked = make_players(1, "asked")[0]
    invitation = do_add_entrant(tournament.pk, organiser, asked)
    client.force_login(asked)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert 'id="asked-in"' in page and 'id="cannot-enter"' not in page
    client.post(reverse("tournaments:accept", args=[invitation.token]))
    assert tournament.entries.filter(user=asked).exists()


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "1 of 6 places taken."),
        ("it", "1 posto occupato su 6."),
        ("es", "1 plaza ocupada de 6."),
        ("nl", "1 van 6 plaatsen bezet."),
    ],
)
def test_the_places_taken_agree_with_the_number_taken(db, client, language, said):
    # In Italian, not "1 posti occupati su 6": the plural follows the count, not the capacity.
    from django.urls import reverse

    from tests.conftest import make_user

    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Six", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2, capacity=6
    )
    do_register(tournament.pk, make_players(1)[0])
    client.force_login(make_user("reader", language=language))
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    conditions = page.split('id="entry-conditions"', 1)[1].split("</p>", 1)[0]
    assert said in conditions, conditions
