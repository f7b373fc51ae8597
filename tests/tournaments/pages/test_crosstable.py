"""The round robin's crosstable and the tie-breaks in words on the tournament page."""

import re

import pytest
from django.urls import reverse

from games.models import Game
from tests.tournaments.helpers import current_tables, emu_round_robin, make_players, play_out, start
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_create_tournament, do_drop, do_register


@pytest.fixture
def organiser(db):
    return make_players(1, "org")[0]


def _round_robin(organiser, players, **fields):
    return emu_round_robin(organiser, players, **fields)


def _cells(page: str) -> dict[int, list[tuple[str, str]]]:
    """Game id -> (outcome class, shown text) of each link to it inside the crosstable."""
    table = page.split('id="crosstable"', 1)[1].split("</section>", 1)[0]
    found: dict[int, list[tuple[str, str]]] = {}
    for outcome, game_id, text in re.findall(
        r'<a class="meeting (\w+)" href="/games/(\d+)/"[^>]*><span aria-hidden="true">([^<]*)</span>', table
    ):
        found.setdefault(int(game_id), []).append((outcome, text))
    return found


def test_the_crosstable_shows_each_meeting_from_both_sides_with_a_link_to_its_game(client, organiser):
    players = make_players(4)
    tournament = _round_robin(organiser, players)
    for _ in range(3):
        for table in current_tables(tournament):
            play_out(table.game)
        do_advance_round(tournament.pk)
        tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    cells = _cells(page)
    games = Game.objects.filter(tournament_table__round__tournament=tournament).prefetch_related("seats")
    assert len(games) == 6 and set(cells) == {game.pk for game in games}
    words = {1: "1st", 2: "2nd"}
    for game in games:
        ranks = sorted(seat.rank for seat in game.seats.all())
        # The oracle is the seats' own ranks: each side of the meeting shows its place, and is
        # ahead exactly when its rank is the better one (a shared place is level).
        expected = sorted(
            ("level" if ranks[0] == ranks[1] else ("ahead" if mine == min(ranks) else "behind"), words[mine])
            for mine in ranks
        )
        assert sorted(cells[game.pk]) == expected
    assert "A struck-out place" not in page  # nobody left: nothing to explain


def test_a_game_being_played_shows_as_playing_and_a_swiss_has_no_crosstable(client, organiser):
    players = make_players(4)
    tournament = _round_robin(organiser, players)
    first, second = current_tables(tournament)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert _cells(page) == {table.game_id: [("playing", "…")] * 2 for table in (first, second)}
    play_out(first.game)
    cells = _cells(client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode())
    assert cells[second.game_id] == [("playing", "…")] * 2
    assert sorted(text for _outcome, text in cells[first.game_id]) in (["1st", "2nd"], ["1st", "1st"])

    swiss = do_create_tournament(
        organiser, "Swiss", "emu_ranchers", "swiss", rounds=2, options={"years": 1}, seats_preferred=2, seats_max=2
    )
    for player in players:
        do_register(swiss.pk, player)
    swiss = start(swiss)
    for table in current_tables(swiss):
        play_out(table.game)
    do_advance_round(swiss.pk)
    page = client.get(reverse("tournaments:detail", args=[swiss.pk])).content.decode()
    assert 'id="standings"' in page and 'id="crosstable"' not in page


def _standings_page(client, organiser) -> str:
    tournament = _round_robin(organiser, make_players(4, "tb"))
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert page.count('id="tie-breaks"') == 1 and page.index('id="standings"') < page.index('id="tie-breaks"')
    return page


@pytest.mark.parametrize("language", ["it", "es", "nl"])
def test_the_tie_breaks_are_explained_in_the_viewers_language(client, organiser, language):
    swiss = do_create_tournament(organiser, "Swiss", "emu_ranchers", "swiss", rounds=2)
    round_robin = do_create_tournament(organiser, "RR", "emu_ranchers", "round_robin")
    english = {}
    for tournament in (swiss, round_robin):
        page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
        english[tournament.format] = page.split('id="tie-breaks">', 1)[1].split("</", 1)[0].strip()
    assert english["swiss"].startswith("Ranked by points. Ties are broken by Buchholz")
    assert english["round_robin"].startswith("Ranked by points. Ties are broken by Sonneborn-Berger")
    assert "everyone has met everyone" in english["round_robin"] and "met everyone" not in english["swiss"]
    # Once there are standings, the tie-breaks are told under them, not twice; a round robin's
    # standings show its first tie-break.
    page = _standings_page(client, organiser)
    assert 'id="tie-breaks"' in page and "<th>Sonneborn-Berger</th>" in page.split('id="standings"', 1)[1]
    for tournament in (swiss, round_robin):
        page = client.get(
            reverse("tournaments:detail", args=[tournament.pk]), HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
        shown = page.split('id="tie-breaks">', 1)[1].split("</", 1)[0].strip()
        assert shown and shown != english[tournament.format] and "Buchholz" in shown


def _marks(page: str) -> dict[int, list[tuple[str, str, str]]]:
    """Row entry id -> (outcome class, shown text, words) of each meeting in its row, linked or not."""
    table = page.split('id="crosstable"', 1)[1].split("</section>", 1)[0]
    rows = re.findall(r'<tr data-entry="(\d+)">(.*?)</tr>', table, re.S)
    return {
        int(entry): re.findall(
            r'<(?:a|span) class="meeting (\w+)"[^>]*><span aria-hidden="true">([^<]*)</span>'
            r'<span class="visually-hidden">([^<]*)</span>',
            row,
        )
        for entry, row in rows
    }


def _play_with_a_drop(organiser, drop_before: int):
    """Four players at 2-player tables; the first drops during round `drop_before - 1`."""
    players = make_players(4)
    tournament = _round_robin(organiser, players)
    leaver = players[0]
    for number in range(1, 4):
        for table in current_tables(tournament):
            play_out(table.game)
        if number + 1 == drop_before:
            do_drop(tournament.pk, organiser, leaver)
        do_advance_round(tournament.pk)
        tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    return tournament, tournament.entries.get(user=leaver)


def test_the_crosstable_strikes_out_the_meetings_of_a_player_whose_results_are_annulled(client, organiser):
    # The standings do not count the games of a player who left before half of them, so neither
    # does the crosstable show them as played, with their places in colour.
    tournament, leaver = _play_with_a_drop(organiser, drop_before=2)
    (game,) = Game.objects.filter(tournament_table__round__number=1, seats__user=leaver.user)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    marks = [mark for row in _marks(page).values() for mark in row]
    annulled = [mark for mark in marks if mark[0] == "annulled"]
    assert len(annulled) == 2  # the leaver's one game, from both sides
    assert sorted(text for _outcome, text, _words in annulled) == sorted(
        {1: "1st", 2: "2nd"}[seat.rank] for seat in game.seats.all()
    )
    assert all("annulled" in words for _outcome, _text, words in annulled)
    assert "A struck-out place does not count" in page
    # The three games among the others stay as they were, from both sides.
    assert sum(outcome in ("ahead", "behind", "level") for outcome, _text, _words in marks) == 6


def test_the_crosstable_shows_the_forfeits_a_late_leaver_left(client, organiser):
    tournament, leaver = _play_with_a_drop(organiser, drop_before=3)
    tables, _rests = tournament.schedule[2]
    (opponent,) = next(set(table) - {leaver.pk} for table in tables if leaver.pk in table)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    rows = _marks(page)
    forfeits = {entry: [mark[:2] for mark in row if "forfeit" in mark[0]] for entry, row in rows.items()}
    assert forfeits.pop(leaver.pk) == [("lost_by_forfeit", "−")]
    assert forfeits.pop(opponent) == [("won_by_forfeit", "+")]
    assert set(map(tuple, forfeits.values())) == {()}
    marks = [mark for row in rows.values() for mark in row]
    assert sum(outcome in ("ahead", "behind", "level") for outcome, _text, _words in marks) == 10
    assert not [mark for mark in marks if mark[0] == "annulled"]
    assert "+ and − are games a player who left later forfeited" in page


def test_a_pair_meeting_twice_has_only_the_meeting_the_standings_annulled_struck_out():
    # At tables of three a pair can meet twice: the meeting voided with an annulled player (the
    # table left below its least size) does not show as played because the pair's later meeting
    # counts.
    from tournaments.formats.swiss import RoundResult
    from tournaments.pages.crosstable import meetings
    from tournaments.services.results import Counted, CountedRound, PlayedRound, PlayedTable

    first = PlayedRound(1, "round_robin", [PlayedTable(1, "", 101, "finished", {1: 1, 2: 2, 3: 3})], [])
    again = PlayedRound(7, "round_robin", [PlayedTable(1, "", 107, "finished", {1: 2, 2: 1, 4: 3})], [])
    counted = Counted(
        [CountedRound(1, 0, RoundResult([])), CountedRound(7, 6, RoundResult([{1: 2, 2: 1, 4: 3}]))],
        left={3: 2},
        annulled={3},
    )
    met = meetings([first, again], counted, schedule=[[[[1, 2, 3]], []]] * 7)
    assert [(m.round, m.outcome) for m in met[(1, 2)]] == [(1, "annulled"), (7, "behind")]
    assert [(m.round, m.outcome) for m in met[(1, 3)]] == [(1, "annulled")]


def test_a_forfeit_in_a_round_passed_over_shows_without_a_round_number():
    # A round passed over is not numbered as the round made after it, or two games of a
    # two-player event would seem to share one round.
    from tournaments.formats.swiss import RoundResult
    from tournaments.pages.crosstable import _cell, meetings
    from tournaments.services.results import Counted, CountedRound

    schedule = [[[[1, 2], [3, 4]], []], [[[1, 4], [2, 3]], []]]
    counted = Counted([CountedRound(2, 1, RoundResult([], [], [1, 3]), made=False)], left={4: 2, 2: 2}, annulled=set())
    met = meetings([], counted, schedule)
    assert [(m.round, m.outcome) for m in met[(1, 4)]] == [(None, "won_by_forfeit")]
    assert [(m.round, m.outcome) for m in met[(4, 1)]] == [(None, "lost_by_forfeit")]
    assert _cell(met[(1, 4)][0], "Ann", "Dan")["words"] == "Won by forfeit (Dan had left)"
