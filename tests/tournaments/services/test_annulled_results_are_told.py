"""A round robin's leaver before half their games has every result annulled: the players who met
them lose (or are spared) that game's points, and are told so by mail once the annulment counts,
at the end of the round the leaver left after. Their points do not change without a word."""

import pytest

from tests.tournaments.helpers import current_tables, emu_round_robin, finish_round, make_players
from tournaments.models import Tournament
from tournaments.services import do_advance_round, do_drop
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def _annulled(to) -> list[OutboxMessage]:
    return list(OutboxMessage.objects.filter(key__startswith="tournament-annulled:", to=to.email))


def _leaver_and_opponent():
    organiser, *players = make_players(6)
    tournament = emu_round_robin(organiser, players, "Winter Round")  # five players: four games each
    seats = list(current_tables(tournament)[0].game.seats.order_by("position"))
    leaver, opponent = seats[0].user, seats[1].user
    do_drop(tournament.pk, leaver)  # after round 1: one game of four, under half whatever happens
    return tournament, players, leaver, opponent


def test_the_leavers_opponent_is_told_once_their_game_is_annulled():
    tournament, players, leaver, opponent = _leaver_and_opponent()
    assert _annulled(opponent) == []  # the round is under way: nothing is annulled yet
    finish_round(tournament)
    do_advance_round(tournament.pk)  # the sweep looks again: no second mail
    (mail,) = _annulled(opponent)
    from tests.conftest import rendered

    mail = rendered(mail)
    assert mail.subject == f"Winter Round: {leaver.profile.name}'s results are annulled"
    assert f"{leaver.profile.name} left Winter Round having played fewer than half" in mail.text
    assert "Your game against them in round 1 no longer counts" in mail.text
    assert f"/tournaments/{tournament.pk}/" in mail.text
    for other in players:
        if other not in (opponent, leaver):
            assert _annulled(other) == []  # they never met the leaver
    assert _annulled(leaver) == []  # told when they left


def test_nobody_is_told_when_the_leavers_results_stand():
    organiser, *players = make_players(4)
    tournament = emu_round_robin(organiser, players)  # three players: two games each
    finish_round(tournament)
    tournament.refresh_from_db()
    (table,) = current_tables(tournament)
    leaver = table.game.seats.order_by("position")[0].user
    do_drop(tournament.pk, leaver)  # after round 2: two games of two
    finish_round(tournament)
    assert tournament.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED)
    assert not OutboxMessage.objects.filter(key__startswith="tournament-annulled:").exists()


def _finish_by_hand(tournament) -> None:
    """Every table of the current round ends with its seats in order (a result set by hand)."""
    from games.models import Game
    from tests.tournaments.helpers import record_own_moves

    for table in current_tables(tournament):
        game = table.game
        for rank, seat in enumerate(game.seats.order_by("position"), 1):
            seat.rank = rank
            seat.save(update_fields=["rank"])
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
        record_own_moves(game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()


@pytest.mark.parametrize(
    ("least", "said"), [(2, "is now scored as if they had not sat there"), (3, "no longer counts")]
)
def test_at_a_larger_table_the_game_is_said_rescored_or_annulled_as_the_standings_count_it(least, said):
    # At a table of three the others are scored among themselves when two still make a table (the
    # tables' least size), so the mail does not say their game "no longer counts".
    from tests.tournaments.helpers import start
    from tournaments.services import do_create_tournament

    organiser, *players = make_players(7)
    tournament = do_create_tournament(
        organiser, "Triples", "wildcards", "round_robin", seats_preferred=3, seats_min=least, seats_max=3
    )
    from tournaments.services import do_register

    for player in players:
        do_register(tournament.pk, player)
    tournament = start(tournament)
    seats = list(current_tables(tournament)[0].game.seats.order_by("position"))
    leaver, others = seats[0].user, [seat.user for seat in seats[1:]]
    do_drop(tournament.pk, leaver)
    _finish_by_hand(tournament)
    for other in others:
        (mail,) = _annulled(other)
        from tests.conftest import rendered

        text = " ".join(rendered(mail).text.split())
        assert said in text, text
