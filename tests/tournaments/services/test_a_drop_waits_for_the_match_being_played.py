"""An organiser drops a player "after this round" while their losers'-bracket match is played:
the match is decided by its game, not by the drop. An organiser's report (five entrants, double
elimination): the bracket marked the opponent winner at once and seeded them into the next
match while the table still ran; when the dropped player then won the game, the next match
changed from "2. Ben" to "5. Eli (dropped)"."""

import re

import pytest
from django.urls import reverse

from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, register_and_start
from tests.tournaments.whole_events.test_every_event_finishes import settle
from tournaments.services import do_advance_round, do_create_tournament, do_drop

pytestmark = pytest.mark.django_db

NAMES = ("ann", "ben", "cat", "dan", "eli")  # seeds 1 to 5


def drawn_match(page: str, match_id: str) -> str:
    """The SVG group of one bracket match."""
    found = re.search(rf'<g class="match[^"]*" data-match="{match_id}">(.*?)</g>', page, re.S)
    assert found, f"{match_id} is not drawn"
    return found.group(1)


def winners_in(group: str) -> list[str]:
    return re.findall(r'class="winner">([^<]*)<', group)


def bracket_page(client, tournament) -> str:
    return client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()


def table_of(tournament, match_id: str):
    return next(table for table in current_tables(tournament) if table.match == match_id)


def play(tournament, results: dict[str, tuple]) -> None:
    """Each named match ends won by the first user given."""
    for match_id, (winner, loser) in results.items():
        settle(table_of(tournament, match_id).game, {winner: 1, loser: 2})


@pytest.fixture
def eli_plays_ben_in_the_losers_bracket():
    """Round 2 under way: Eli (5) plays Ben (2) in L2-1, Ann (1) plays Dan (4) in W2-1."""
    organiser = make_user("org", display_name="Org")
    users = {name: make_user(name, display_name=name.title()) for name in NAMES}
    tournament = do_create_tournament(organiser, "Double", "emu_ranchers", "double", options={"years": 1})
    tournament = register_and_start(tournament, users.values())
    assert {entry.user.username: entry.seed for entry in tournament.entries.select_related("user")} == {
        name: seed for seed, name in enumerate(NAMES, 1)
    }
    # Round 1: the seeds with byes who meet already play (W2-2) beside the one first-round match.
    play(tournament, {"W1-2": (users["dan"], users["eli"]), "W2-2": (users["cat"], users["ben"])})
    do_advance_round(tournament.pk)
    assert {table.match for table in current_tables(tournament)} == {"W2-1", "L2-1"}
    return organiser, users, tournament


def test_it_shows_no_winner_of_a_match_whose_player_was_dropped_while_its_game_runs(
    client, eli_plays_ben_in_the_losers_bracket
):
    organiser, users, tournament = eli_plays_ben_in_the_losers_bracket
    do_drop(tournament.pk, organiser, users["eli"])  # "The player leaves after this round"
    page = bracket_page(client, tournament)
    assert winners_in(drawn_match(page, "L2-1")) == []
    assert 'class="match current" data-match="L2-1"' in page
    # Nobody goes on from L2-1 yet: the next match still waits for its player.
    assert "Ben" not in drawn_match(page, "L3-1")
    assert 'data-match="L3-1"' in page and 'class="match current" data-match="L3-1"' not in page


def test_it_keeps_the_dropped_player_in_until_their_game_ends(eli_plays_ben_in_the_losers_bracket):
    from tournaments.pages.presenters import tournament_data

    organiser, users, tournament = eli_plays_ben_in_the_losers_bracket
    do_drop(tournament.pk, organiser, users["eli"])
    eli = tournament.entries.get(user=users["eli"]).pk
    data = tournament_data(tournament)
    assert eli not in data["knocked_out"] and eli not in data["beaten"]


def test_a_dropped_player_who_wins_their_game_gives_the_next_opponent_a_walkover(
    client, eli_plays_ben_in_the_losers_bracket
):
    organiser, users, tournament = eli_plays_ben_in_the_losers_bracket
    do_drop(tournament.pk, organiser, users["eli"])
    play(tournament, {"L2-1": (users["eli"], users["ben"]), "W2-1": (users["ann"], users["dan"])})
    page = bracket_page(client, tournament)
    assert winners_in(drawn_match(page, "L2-1")) == ["5. Eli (dropped)"]
    # The drop takes effect after the round: Eli does not play L3-1, Dan walks over.
    assert "5. Eli (dropped)" in drawn_match(page, "L3-1")
    assert winners_in(drawn_match(page, "L3-1")) == ["4. Dan"]
    do_advance_round(tournament.pk)
    (table,) = current_tables(tournament)
    assert table.match == "W3-1"
    assert {seat.user for seat in table.game.seats.all()} == {users["ann"], users["cat"]}
