"""A finished CuBirds table speaks CuBirds: no points (a player's result is their rank and the
birds they collected), the final result in the order of the ranks, and one list of what happened.

So not "rank 2, 3 points" on the finished table, as CuBirds has no points, nor rank 2 before
rank 1 (seat order) in the "Final result", nor "Latest events" repeating "Latest moves" under it."""

import re

import pytest
from django.urls import reverse

from games.engines import get_engine
from games.presenters.cubirds import table as cubirds
from games.templatetags.places import ordinal
from tests.games.conftest import play_to_the_end, seat_user, start_game
from tests.games.presenters.test_cubirds_table import _finished_games

pytestmark = pytest.mark.django_db
ENGINE = get_engine("cubirds")


@pytest.fixture
def finished(players):
    game = play_to_the_end(start_game(players, engine="cubirds"))
    assert game.status == "finished"
    return game


def test_the_players_card_gives_the_rank_and_the_birds_collected_never_points(client, finished):
    client.force_login(seat_user(finished, 0))
    page = client.get(reverse("games:table", args=[finished.pk])).content.decode()
    players = page.split('class="card seats"')[1].split("</section>")[0]
    assert "points" not in players
    for seat in finished.seats.all():
        birds = "bird collected" if seat.score == 1 else "birds collected"
        assert f"{ordinal(seat.rank)}, {seat.score} {birds}" in players


def test_the_history_gives_the_birds_collected_and_other_games_their_points(client, finished, players):
    wizard = play_to_the_end(start_game(players, engine="wizard", options={}))
    client.force_login(players[0])
    history = client.get(reverse("games:history")).content.decode()
    results = re.findall(r'<span class="rank">\((.*?)\)</span>', history, re.S)
    assert any("birds collected" in result or "bird collected" in result for result in results)
    cubirds_row, wizard_row = (history.split(f"{game}</a>")[1].split("</tr>")[0] for game in (finished, wizard))
    assert "point" not in cubirds_row and "collected" in cubirds_row
    assert "points" in wizard_row and "collected" not in wizard_row


def test_the_final_result_is_in_the_order_of_the_ranks():
    for state in _finished_games():
        rows = cubirds.race(ENGINE.view(state, 0))["rows"]
        assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)
        assert sorted(row["seat"] for row in rows) == list(range(state["num_players"]))


def test_the_table_tells_the_moves_once_and_the_replay_keeps_the_events(client, finished):
    client.force_login(seat_user(finished, 0))
    table = client.get(reverse("games:table", args=[finished.pk])).content.decode()
    assert "Latest moves" in table and "Latest events" not in table
    replay = client.get(reverse("games:replay", args=[finished.pk])).content.decode()
    assert "Latest events" in replay  # the replay has no log of the moves' sentences: its view keeps them


def test_a_small_family_is_told_in_the_singular_in_italian():
    # Not "…e ne ha aggiunti 1 alla collezione".
    from django.utils import translation

    from games.presenters.cubirds.recap import event_line

    with translation.override("it"):
        one = event_line({"type": "family", "seat": 0, "count": 3, "species": "owl", "collected": 1}, {0: "Ana"})
        two = event_line({"type": "family", "seat": 0, "count": 6, "species": "owl", "collected": 2}, {0: "Ana"})
    assert "ne ha aggiunto 1 alla collezione" in one
    assert "ne ha aggiunti 2 alla collezione" in two


def test_the_score_sheet_follows_the_recorded_places_when_the_engines_winner_had_left(client, finished):
    # The player who never moved left, and their seat's bot completed seven species: the table
    # must not say "elena won the game." above "Daan won with birds of 7 species." and rank Daan
    # first, where the tournament and the game-over mail have elena first.
    from games.models import Seat

    winner = finished.state["winner"]
    seats = {seat.position: seat for seat in finished.seats.all()}
    others = sorted(position for position in seats if position != winner)
    Seat.objects.filter(pk=seats[winner].pk).update(status=Seat.Status.LEFT, rank=len(seats))
    for place, position in enumerate(others, 1):
        Seat.objects.filter(pk=seats[position].pk).update(rank=place)
    gone, first = seats[winner].name, seats[others[0]].name
    client.force_login(seat_user(finished, others[0]))
    page = client.get(reverse("games:table", args=[finished.pk])).content.decode()
    sheet = page.split('class="wc-final cb-race"', 1)[1].split("</table>", 1)[0]
    ranked = re.findall(r"<tr[^>]*><td>(\d+)</td><td>([^<]+?)(?: \(|<)", sheet)
    assert ranked[0] == ("1", first) and ranked[-1] == (str(len(seats)), gone), ranked
    ending = page.split('data-testid="ending">', 1)[1].split("</p>", 1)[0]
    assert f"{gone} had left the game" in ending and f"{first} won" not in ending


def test_the_game_over_mail_counts_the_birds_collected_and_other_games_their_points(finished, players):
    # CuBirds' game-over mail does not read "1. Bot 1 · Strong bot: 10", a bare number.
    from tests.conftest import rendered
    from wildcards_site.outbox.models import OutboxMessage

    wizard = play_to_the_end(start_game(players, engine="wizard", options={}))
    for game, words in ((finished, "collected"), (wizard, "point")):
        mail = rendered(OutboxMessage.objects.get(key=f"over:{game.pk}:0"))
        for seat in game.seats.all():
            name = str(seat.label)
            counted = f"{name}: {seat.score} {'bird' if seat.score == 1 else 'birds'} collected"
            if words == "point":
                counted = f"{name}: {seat.score} {'point' if seat.score == 1 else 'points'}"
            assert counted in mail.text and counted in mail.html, (counted, mail.text)
        assert ("point" in mail.text) == (words == "point")
