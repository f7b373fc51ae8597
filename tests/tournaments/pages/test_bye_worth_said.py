"""A round robin's bye is said at its worth: a scheduled rest scores the bye's points, a game its
table-mates left unplayed is won by forfeit, and a table left short by a player whose results
are annulled scores nothing. Carmen is not mailed "a bye scores 4" for a round
the standings then count as 0 (its leaver had played under half their games)."""

import html

import pytest
from django.urls import reverse

from tests.tournaments.helpers import emu_round_robin, finish_round, make_players
from tournaments.pages.presenters import tournament_data
from tournaments.services import do_drop
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def _round_robin(players):
    organiser, *entrants = players
    # A scheduled rest worth less than a win, so the two cannot be told alike.
    return emu_round_robin(organiser, entrants, "Leavers", bye_points=0.5)


def _opponent_in_round(tournament, leaver, number: int):
    """The entrant the schedule sets against `leaver` in round `number` (2-player tables)."""
    entry = tournament.entries.get(user=leaver).pk
    tables, _rests = tournament.schedule[number - 1]
    (other,) = next(set(table) - {entry} for table in tables if entry in table)
    return tournament.entries.get(pk=other)


def _bye_words(tournament, entry, number: int, client) -> tuple[str, str]:
    mail = OutboxMessage.objects.get(key=f"tournament:{tournament.name} (#{tournament.pk}):{number}:{entry.user_id}")
    client.force_login(entry.user)
    page = html.unescape(client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode())
    return mail.text, page.split('id="your-table"', 1)[1].split("</section>", 1)[0]


def test_a_game_a_leaver_whose_results_stand_left_unplayed_is_said_to_be_won_by_forfeit(client):
    players = make_players(5)
    tournament = _round_robin(players)
    leaver = players[1]
    finish_round(tournament)  # one game of three each
    do_drop(tournament.pk, leaver)
    finish_round(tournament)  # the leaver plays round 2 too: two of three, their results stand
    opponent = _opponent_in_round(tournament, leaver, 3)
    text, card = _bye_words(tournament, opponent, 3, client)
    for said in (text, card):
        assert "a bye scores" not in said, said
        assert "you win the game by forfeit, which scores 1." in said, said
    points = {row["entry"]: row["points"] for row in tournament_data(tournament)["standings"]}
    finish_round(tournament)
    after = {row["entry"]: row["points"] for row in tournament_data(tournament)["standings"]}
    assert tournament.bye_score != tournament.win_score
    assert after[opponent.pk] - points[opponent.pk] == tournament.win_score  # a win's points, as said


def test_a_bye_left_by_an_early_leaver_is_said_to_score_nothing(client):
    players = make_players(5)
    tournament = _round_robin(players)
    leaver = players[1]
    do_drop(tournament.pk, leaver)  # during round 1: one game of three, under half
    finish_round(tournament)
    opponent = _opponent_in_round(tournament, leaver, 2)
    text, card = _bye_words(tournament, opponent, 2, client)
    for said in (text, card):
        assert "a bye scores" not in said, said
        assert "scores nothing" in said, said
    points = {row["entry"]: row["points"] for row in tournament_data(tournament)["standings"]}
    finish_round(tournament)
    after = {row["entry"]: row["points"] for row in tournament_data(tournament)["standings"]}
    assert after[opponent.pk] == points[opponent.pk]  # nothing, as said


def test_a_round_robin_started_before_schedules_were_kept_says_its_rest_as_a_bye(client):
    # bye_kinds checks the stored schedule is there before reading it: a round robin from before
    # schedules were kept must not answer its resting entrant's page with a 500.
    from tournaments.models import Bye, Tournament

    players = make_players(6)  # five entrants: someone rests every round
    tournament = _round_robin(players)
    Tournament.objects.filter(pk=tournament.pk).update(schedule=None)
    resting = Bye.objects.get(round__tournament=tournament, round__number=1).entry
    client.force_login(resting.user)
    page = html.unescape(client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode())
    card = page.split('id="your-table"', 1)[1].split("</section>", 1)[0]
    assert "You have a bye in round 1: a bye scores 0.5" in card, card


def test_the_rounds_list_says_which_bye_was_won_by_forfeit(client):
    # Not "Rests: Marco, Ilse" alike on the page: Ilse's is a game her table-mate left (a win)
    # and Marco's a scheduled rest.
    players = make_players(5)
    tournament = _round_robin(players)
    leaver = players[1]
    finish_round(tournament)
    do_drop(tournament.pk, leaver)
    finish_round(tournament)  # two of three: their results stand
    opponent = _opponent_in_round(tournament, leaver, 3)
    name = opponent.user.profile.name
    for finished in (False, True):  # the round under way, then over
        page = html.unescape(client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode())
        round_three = page.split('id="rounds"', 1)[1].split("Round 3</h2>", 1)[1].split("</div>", 1)[0]
        byes = round_three.split("Byes:", 1)[1].split("</p>", 1)[0]
        assert f"{name} (won by forfeit)" in " ".join(byes.split()), (finished, byes)
        if not finished:
            finish_round(tournament)
