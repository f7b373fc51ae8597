"""A knock-out whose other semi-final nobody played waits for the organisers' decision, even when
the semi-final that was played was won by a player who had dropped out after it. Alice drops
"after this round", wins her semi-final, nobody plays the other: the event does not end at once
with Alice, who left, as its champion, with no organiser asked."""

import pytest

from tests.tournaments.helpers import current_tables, make_players, register_and_start
from tests.tournaments.services.test_adjudication import entries_at, nobody_played
from tests.tournaments.whole_events.test_every_event_finishes import settle
from tournaments.models import Tournament
from tournaments.services import do_adjudicate_table, do_advance_round, do_create_tournament, do_drop

pytestmark = pytest.mark.django_db


def _semi_finals(organiser):
    tournament = do_create_tournament(organiser, "KO", "emu_ranchers", "single", options={"years": 1})
    tournament = register_and_start(tournament, make_players(4))
    played, unplayed = current_tables(tournament)
    leaver, other = [seat.user for seat in played.game.seats.order_by("position")]
    do_drop(tournament.pk, leaver)
    settle(played.game, {leaver: 1, other: 2})  # the leaver wins the semi-final they played
    nobody_played(unplayed.game)
    return tournament, played, unplayed, leaver


def test_the_event_waits_for_a_decision_instead_of_crowning_a_leaver():
    organiser = make_players(1, "org")[0]
    tournament, _played, _unplayed, _leaver = _semi_finals(organiser)
    assert do_advance_round(tournament.pk) is None
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    from tournaments.pages.presenters import tournament_data

    assert tournament_data(tournament)["awaiting_decision"]


def test_after_the_decision_the_other_semi_finals_winner_is_champion_by_walkover():
    organiser = make_players(1, "org")[0]
    tournament, played, unplayed, leaver = _semi_finals(organiser)
    do_advance_round(tournament.pk)
    winner, loser = entries_at(tournament, unplayed)
    do_adjudicate_table(unplayed.pk, organiser, {winner: 1, loser: 2}, "The players agreed the result")
    for _ in range(3):
        do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = dict(tournament.entries.values_list("pk", "final_place"))
    assert places[winner] == 1
    assert places[tournament.entries.get(user=leaver).pk] != 1


def _one_semi_final_unplayed():
    """Semi-finals of four: the first won by its first seat, nobody played the second.
    (organiser, tournament, the unplayed table, the winner of the played one)"""
    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(organiser, "KO", "emu_ranchers", "single", options={"years": 1})
    tournament = register_and_start(tournament, make_players(4))
    played, unplayed = current_tables(tournament)
    winner, loser = [seat.user for seat in played.game.seats.order_by("position")]
    settle(played.game, {winner: 1, loser: 2})
    nobody_played(unplayed.game)
    return organiser, tournament, unplayed, winner


def test_a_semi_final_nobody_played_is_decided_before_the_other_winner_is_crowned_without_a_final():
    # Nobody played one semi-final, the organiser (who played) won the other: the event does not
    # end at once with him champion, no final played and nobody asked.
    # The unplayed table decides who plays the final: the organisers decide it first.
    organiser, tournament, unplayed, winner = _one_semi_final_unplayed()
    assert do_advance_round(tournament.pk) is None
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    from tournaments.pages.presenters import tournament_data

    assert tournament_data(tournament)["awaiting_decision"]
    first, second = entries_at(tournament, unplayed)
    do_adjudicate_table(unplayed.pk, organiser, {first: 1, second: 2}, "Second had warned us")
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    (final,) = current_tables(tournament)  # a final is played after all
    finalists = {seat.user_id for seat in final.game.seats.all()}
    assert finalists == {winner.pk, tournament.entries.get(pk=first).user_id}


def test_an_adjudicated_double_forfeit_lets_the_other_winner_be_champion():
    organiser, tournament, unplayed, winner = _one_semi_final_unplayed()
    do_advance_round(tournament.pk)
    first, second = entries_at(tournament, unplayed)
    do_adjudicate_table(unplayed.pk, organiser, {first: None, second: None}, "Neither came")
    for _ in range(2):
        do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.entries.get(user=winner).final_place == 1
