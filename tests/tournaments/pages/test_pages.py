import pytest
from django.urls import reverse

from tests.tournaments.helpers import current_tables, make_players, play_out
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_create_tournament, do_register, do_start


@pytest.fixture
def organiser(db):
    return make_players(1, "org")[0]


def login(client, user):
    client.force_login(user)


def test_the_list_shows_tournaments_by_status_and_filters_by_game(client, organiser):
    do_create_tournament(
        organiser, "Wild Open", "wildcards", "swiss", rounds=2, seats_preferred=3, seats_min=3, seats_max=3
    )
    do_create_tournament(organiser, "Emu Cup", "emu_ranchers", "single")
    page = client.get(reverse("tournaments:list")).content.decode()
    assert "Wild Open" in page and "Emu Cup" in page
    page = client.get(reverse("tournaments:list"), {"game": "emu_ranchers"}).content.decode()
    assert "Emu Cup" in page and "Wild Open" not in page


def test_a_player_registers_from_the_page_and_a_second_time_is_refused(client, organiser):
    tournament = do_create_tournament(organiser, "Cup", "emu_ranchers", "single")
    player = make_players(1)[0]
    login(client, player)
    url = reverse("tournaments:register", args=[tournament.pk])
    client.post(url)
    response = client.post(url, follow=True)
    assert "already registered" in response.content.decode()
    assert tournament.entries.count() == 1


def test_organiser_actions_by_a_player_are_refused_and_change_nothing(client, organiser):
    tournament = do_create_tournament(organiser, "Cup", "emu_ranchers", "single")
    players = make_players(2)
    for player in players:
        do_register(tournament.pk, player)
    login(client, players[0])
    response = client.post(reverse("tournaments:organise", args=[tournament.pk, "start"]), follow=True)
    assert "Only the tournament" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION


def test_the_tournament_page_shows_pairings_standings_and_the_bracket(client, organiser):
    tournament = do_create_tournament(organiser, "Emu Cup", "emu_ranchers", "single", options={"years": 1})
    players = make_players(3)
    for player in players:
        do_register(tournament.pk, player)
    login(client, organiser)
    client.post(reverse("tournaments:organise", args=[tournament.pk, "start"]))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    table = current_tables(tournament)[0]
    assert reverse("games:table", args=[table.game_id]) in page
    assert "<svg" in page and 'data-match="W2-1"' in page and 'data-match="W1-1"' in page
    # A knock-out is told by its bracket: no Swiss standings (Buchholz of zeros) beside it.
    assert "Round 2" in page and 'id="standings"' not in page


def test_the_json_api_gives_pairings_and_standings(client, organiser):
    tournament = do_create_tournament(
        organiser, "Wild", "wildcards", "swiss", rounds=1, seats_preferred=3, seats_min=3, seats_max=3
    )
    for player in make_players(3):
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    data = client.get(reverse("tournaments:api_detail", args=[tournament.pk])).json()
    assert data["name"] == "Wild" and data["status"] == "running" and data["current_round"] == 1
    assert len(data["pairings"][0]["tables"][0]["players"]) == 3
    # Nobody has played yet: all three level on points and every tie-break share 1st (#68).
    assert [row["position"] for row in data["standings"]] == [1, 1, 1]
    listing = client.get(reverse("tournaments:api_list")).json()
    assert [t["id"] for t in listing["tournaments"]] == [tournament.pk]


def test_the_player_page_lists_their_tournaments(client, organiser):
    tournament = do_create_tournament(organiser, "Cup", "emu_ranchers", "single")
    player = make_players(1)[0]
    do_register(tournament.pk, player)
    page = client.get(reverse("tournaments:player", args=[player.username])).content.decode()
    assert "Cup" in page


def test_an_organiser_creates_a_tournament_from_the_form(client, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:create"),
        {
            "name": "Spring",
            "engine": "wildcards",
            "format": "swiss",
            "seats_preferred": 3,
            "seats_min": 3,
            "seats_max": 4,
            "rounds": 4,
            "top_cut": 0,
            "rated": "on",
            "phase_hours": 24,
        },
    )
    tournament = Tournament.objects.get(name="Spring")
    assert response.url == reverse("tournaments:detail", args=[tournament.pk])
    assert tournament.phase_seconds == 24 * 3600 and tournament.rounds == 4
    assert list(tournament.organisers.all()) == [organiser]


def test_the_form_shows_the_services_refusal_and_creates_nothing(client, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:create"),
        {
            "name": "Bad",
            "engine": "wildcards",
            "format": "swiss",
            "seats_preferred": 3,
            "seats_min": 3,
            "seats_max": 3,
            "top_cut": 0,
            "phase_hours": 24,
        },
    )
    assert "needs a number of rounds" in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_games_player_page_lists_the_players_tournaments_and_links_them(client, organiser):
    from tests.conftest import make_user
    from tournaments.services import do_register

    player = make_user("paula", display_name="Paula")
    cup = do_create_tournament(organiser, "Emu Cup", "emu_ranchers", "single")
    do_register(cup.pk, player)
    page = client.get("/games/players/paula/").content.decode()
    assert 'id="tournaments"' in page
    assert f'href="/tournaments/{cup.pk}/"' in page and "Emu Cup" in page
    assert 'href="/tournaments/players/paula/"' in page
    assert 'id="tournaments"' not in client.get(f"/games/players/{organiser.username}/").content.decode()


def _match_box(page: str, match: str) -> str:
    return page.split(f'data-match="{match}"', 1)[1].split("</g>", 1)[0]


def test_the_bracket_names_a_player_known_to_be_in_a_match_before_their_opponent_is(client, organiser):
    # After a bye, seed 1's next match does not read "— / —", as seed 1 is known to play it,
    # and their round-1 mail says "the bracket shows which" opponent.
    tournament = do_create_tournament(organiser, "Five", "emu_ranchers", "single", options={"years": 1})
    players = make_players(5)
    for player in players:
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    seed_one = tournament.entries.get(seed=1).user.profile.name
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    next_match = next(
        match for match in ("W2-1", "W2-2") if seed_one in _match_box(page, match)
    )  # seed 1 had a bye: their next match is known
    assert "—" in _match_box(page, next_match)  # the opponent is not


def test_the_bracket_marks_a_player_who_dropped_so_a_walkover_reads_as_one(client, organiser):
    tournament = do_create_tournament(organiser, "Four", "emu_ranchers", "single", options={"years": 1})
    players = make_players(4)
    for player in players:
        do_register(tournament.pk, player)
    do_start(tournament.pk, organiser)
    for table in current_tables(tournament):
        play_out(table.game)
    # A winner of round 1 drops before the final: their opponent there wins by walkover (a
    # player round 1 put out has nothing left to drop out of). The winner as the bracket reads
    # the result: a shared 1st (the deals are random) goes to the better seed.
    from tournaments.pages.presenters import tournament_data

    out = tournament_data(tournament)["knocked_out"]
    seated = {seat.user_id for seat in current_tables(tournament)[0].game.seats.all()}
    leaver = next(e.user for e in tournament.entries.select_related("user") if e.user_id in seated and e.pk not in out)
    from tournaments.services import do_drop

    do_drop(tournament.pk, organiser, leaver)
    do_advance_round(tournament.pk)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    bracket = page.split("<svg", 1)[1].split("</svg>", 1)[0]
    assert f"{leaver.profile.name} (dropped)" in bracket


def test_a_round_robin_nobody_has_entered_yet_does_not_say_zero_rounds(client, organiser):
    # Not "0 rounds: everyone meets everyone" before anyone has entered.
    tournament = do_create_tournament(
        organiser, "Empty Robin", "cubirds", "round_robin", seats_preferred=2, seats_min=2, seats_max=2
    )
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "0 rounds" not in page
    assert "as many rounds as it takes everyone to meet everyone" in page
    for player in make_players(3):
        do_register(tournament.pk, player)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "3 rounds: everyone meets everyone" in page
