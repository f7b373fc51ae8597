"""Organisers are mailed what needs them or changes their event: an entrant leaving (by their own
hand, another organiser's, or the site's for a no-show), a knock-out waiting for their decision,
an event the sweep cannot move on, its end, and being named an organiser. Else they learn
all of it only by opening the event's page, and a knock-out final nobody played waits for a
decision its organisers are never asked for."""

from __future__ import annotations

import pytest

from games.bymail.preferences import do_set_preferences
from games.models import Action, Game, Seat
from tests.conftest import make_user, rendered
from tests.tournaments.helpers import current_tables, make_players, play_out, register_and_start
from tournaments.models import Tournament
from tournaments.services import do_add_organiser, do_advance_round, do_create_tournament, do_disqualify, do_drop
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def told(organiser) -> list[OutboxMessage]:
    """The organisers' mail sent to `organiser`, rendered."""
    rows = OutboxMessage.objects.filter(key__startswith="tournament-organiser:", to=organiser.email).order_by("pk")
    return [rendered(row) for row in rows]


@pytest.fixture
def organisers():
    """The creator and a co-organiser named before the start; neither plays."""
    first = make_user("org", display_name="Olga")
    second = make_user("coorg", display_name="Cosimo")
    return first, second


def _swiss(organisers, rounds: int = 3) -> Tournament:
    first, second = organisers
    tournament = do_create_tournament(
        first, "Autumn Swiss", "emu_ranchers", "swiss", options={"years": 1}, rounds=rounds
    )
    do_add_organiser(tournament.pk, first, second)
    return register_and_start(tournament, make_players(4))


def test_a_named_organiser_is_told_who_named_them_and_what_they_will_be_mailed(organisers):
    first, second = organisers
    tournament = do_create_tournament(first, "Autumn Swiss", "emu_ranchers", "swiss", options={"years": 1}, rounds=3)
    do_add_organiser(tournament.pk, first, second)
    (mail,) = told(second)
    assert mail.subject == "You are now an organiser of Autumn Swiss"
    assert "Olga has named you an organiser of Autumn Swiss" in mail.text
    assert "turn these mails off in your mail settings" in mail.text
    assert "Mail preferences: http" in mail.text and "/mail/preferences/" in mail.html
    assert f"/tournaments/{tournament.pk}/" in mail.text and f"/tournaments/{tournament.pk}/" in mail.html
    assert told(first) == []  # who named them knows


def test_every_organiser_is_told_when_an_entrant_drops_out(organisers):
    tournament = _swiss(organisers)
    leaver = tournament.entries.order_by("pk").first().user
    do_drop(tournament.pk, leaver)
    for organiser in organisers:
        mails = [mail for mail in told(organiser) if ":left:" in mail.key]
        assert len(mails) == 1, organiser
        (mail,) = mails
        assert mail.subject == f"Autumn Swiss: {leaver.profile.name} has dropped out"
        assert f"{leaver.profile.name} has dropped out of Autumn Swiss: round 1 is their last" in mail.text
        assert "Their results so far stand." in mail.text
    # Entrants are not sent the organisers' mail.
    assert not OutboxMessage.objects.filter(key__startswith="tournament-organiser:", to=leaver.email).exists()


def test_the_other_organisers_are_told_of_a_disqualification_and_not_the_one_who_made_it(organisers):
    first, second = organisers
    tournament = _swiss(organisers)
    player = tournament.entries.order_by("pk").first().user
    do_disqualify(tournament.pk, second, player, "Played on a second account.")
    assert [mail for mail in told(second) if ":left:" in mail.key] == []
    (mail,) = [mail for mail in told(first) if ":left:" in mail.key]
    assert mail.subject == f"Autumn Swiss: Cosimo disqualified {player.profile.name}"
    assert f"Cosimo has disqualified {player.profile.name}: round 1 is their last" in mail.text


def test_organisers_are_told_in_their_own_language(organisers):
    first, second = organisers
    type(first.profile).objects.filter(user=first).update(language="it")
    tournament = _swiss(organisers)
    leaver = tournament.entries.order_by("pk").first().user
    do_drop(tournament.pk, leaver)
    (mail,) = [mail for mail in told(first) if ":left:" in mail.key]
    assert mail.subject == f"Autumn Swiss: {leaver.profile.name} ha lasciato il torneo"
    assert "has dropped out" not in mail.text


def test_an_organiser_who_turned_organising_mail_off_is_not_told(organisers):
    first, second = organisers
    do_set_preferences(first, {"tournament-organising": False})
    tournament = _swiss(organisers)
    do_drop(tournament.pk, tournament.entries.order_by("pk").first().user)
    assert told(first) == []
    assert len([mail for mail in told(second) if ":left:" in mail.key]) == 1


def _nobody_played(game: Game) -> None:
    """Every seat timed out: bots took them all and the game was abandoned."""
    game.seats.update(kind=Seat.Kind.BOT, status=Seat.Status.LEFT)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)


def _unplayed_final(creator, entrants, co_organiser=None):
    """A two-player knock-out final of `entrants`, created by `creator` (with `co_organiser`),
    which nobody plays: (tournament, its table)."""
    tournament = do_create_tournament(creator, "Final", "emu_ranchers", "single", options={"years": 1})
    if co_organiser is not None:
        do_add_organiser(tournament.pk, creator, co_organiser)
    tournament = register_and_start(tournament, entrants)
    (final,) = current_tables(tournament)
    _nobody_played(final.game)
    return tournament, final


def _links_to_the_form(mail, tournament, final, reader) -> None:
    """The mail links to the table's form on the event's page, which `reader` is shown."""
    from django.test import Client

    link = f"/tournaments/{tournament.pk}/#adjudicate-{final.game_id}"
    assert link in mail.text and link in mail.html
    client = Client()
    client.force_login(reader)
    assert f'id="adjudicate-{final.game_id}"' in client.get(f"/tournaments/{tournament.pk}/").content.decode()


def test_organisers_are_asked_once_for_a_decision_a_knock_out_waits_for(organisers):
    first, second = organisers
    tournament, final = _unplayed_final(first, make_players(2), second)
    assert do_advance_round(tournament.pk) is None
    assert do_advance_round(tournament.pk) is None  # the sweep looks again: no second mail
    for organiser in organisers:
        (mail,) = [mail for mail in told(organiser) if ":waiting:" in mail.key]
        assert mail.subject == "Final waits for your decision"
        assert "nobody played table 1" in mail.text
        # The link opens the table's form on the event's page (the form's own address answers
        # a click with an empty 405).
        _links_to_the_form(mail, tournament, final, second)


def test_an_entrant_withdrawn_for_a_no_show_is_told_to_the_organisers(organisers):
    tournament = _swiss(organisers)
    first_table, second_table = current_tables(tournament)
    play_out(first_table.game)
    absent = second_table.game.seats.order_by("position")[1].user
    present = second_table.game.seats.order_by("position")[0].user
    # The game ended with a move of the present player's own and none of the absent one's: a
    # forfeit of theirs (services/results.py), as when a bot played out their seat.
    game = second_table.game
    game.seats.filter(user=absent).update(rank=None, kind=Seat.Kind.BOT, status=Seat.Status.LEFT)
    game.seats.filter(user=present).update(rank=1)
    position = game.seats.get(user=present).position
    Action.objects.create(game=game, seq=game.actions.count(), seat=position, payload={}, channel="web", actor=present)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    do_advance_round(tournament.pk)
    for organiser in organisers:
        (mail,) = [mail for mail in told(organiser) if ":left:" in mail.key]
        assert mail.subject == f"Autumn Swiss: the site withdrew {absent.profile.name}"
        assert f"{absent.profile.name} made no move of their own at their table in round 1" in mail.text
        assert "not paired from round 2 on" in mail.text


def test_organisers_who_do_not_play_are_mailed_the_final_places(organisers):
    first, _second = organisers
    tournament = _swiss(organisers, rounds=1)
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    for organiser in organisers:
        (mail,) = [
            rendered(row)
            for row in OutboxMessage.objects.filter(key__startswith="tournament-final:", to=organiser.email)
        ]
        assert mail.subject == f"Autumn Swiss (#{tournament.pk}) is over"
        assert "Final standings" in mail.text and "you finished" not in mail.text
    # Entrants get theirs once, as before.
    entrant = tournament.entries.first().user
    assert OutboxMessage.objects.filter(key__startswith="tournament-final:", to=entrant.email).count() == 1


def test_organisers_are_told_once_a_day_when_the_sweep_cannot_move_their_event_on():
    from tests.tournaments.services.test_table_sizes_and_options import _stuck_on_a_table_of_two
    from tournaments.services.sweep import sweep_tournaments

    organiser, tournament = _stuck_on_a_table_of_two()
    assert tournament.problem
    sweep_tournaments()  # stuck again: no second mail
    (mail,) = [mail for mail in told(organiser) if ":stuck:" in mail.key]
    assert mail.subject == f"{tournament.name} cannot go on"
    assert "Round 2 needs a table of 2 players" in mail.text
    assert f"/tournaments/{tournament.pk}/" in mail.text and "its page says what you can do" in mail.text


def test_only_organisers_who_do_not_play_are_asked_for_a_decision(organisers):
    # The creator who plays is not asked to set the result of a table they may not decide.
    first, second = organisers
    tournament, final = _unplayed_final(first, [first, make_players(1)[0]], second)
    do_advance_round(tournament.pk)
    assert [mail for mail in told(first) if ":waiting:" in mail.key] == []
    assert len([mail for mail in told(second) if ":waiting:" in mail.key]) == 1


def test_an_organiser_who_plays_is_not_told_of_their_own_leaving_as_an_organiser(organisers):
    first, second = organisers
    tournament = do_create_tournament(first, "Autumn Swiss", "emu_ranchers", "swiss", options={"years": 1}, rounds=3)
    do_add_organiser(tournament.pk, first, second)
    tournament = register_and_start(tournament, [first, *make_players(3)])
    do_drop(tournament.pk, first)
    assert [mail for mail in told(first) if ":left:" in mail.key] == []
    (mail,) = [mail for mail in told(second) if ":left:" in mail.key]
    assert "Olga has dropped out of Autumn Swiss" in mail.text


def _played_to_the_final(first, second):
    """A knock-out of four by `first` with `second`, its semi-finals played: the final is seated."""
    tournament = do_create_tournament(first, "KO", "emu_ranchers", "single", options={"years": 1})
    do_add_organiser(tournament.pk, first, second)
    tournament = register_and_start(tournament, make_players(4))
    for table in current_tables(tournament):
        play_out(table.game)
    do_advance_round(tournament.pk)
    return tournament


def test_a_player_already_out_of_the_knock_out_is_told_so_when_disqualified(organisers):
    # Carmen, beaten in round 1, is disqualified during the final: she and the organisers are not
    # mailed "round 2 is her last", a round she never had.
    first, second = organisers
    tournament = _played_to_the_final(first, second)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    (final,) = current_tables(tournament)
    finalists = {seat.user_id for seat in final.game.seats.all()}
    beaten = tournament.entries.exclude(user_id__in=finalists).first().user
    do_disqualify(tournament.pk, second, beaten, "Played on a second account.")
    own = rendered(OutboxMessage.objects.get(key__startswith=f"tournament-removed:{tournament.pk}:{beaten.pk}:"))
    assert "you were already out of the knock-out" in own.text and "round 2" not in own.text
    (mail,) = [mail for mail in told(first) if ":left:" in mail.key]
    assert f"Cosimo has disqualified {beaten.profile.name}, who was already out of the knock-out" in mail.text
    assert "round 2" not in mail.text


def _round_robin(organisers):
    from tests.tournaments.helpers import emu_round_robin

    return emu_round_robin(organisers[0], make_players(5), "Autumn Round")


def _seated_now(tournament) -> list:
    return [seat.user for table in current_tables(tournament) for seat in table.game.seats.all()]


def _left_mail(organiser) -> str:
    (mail,) = [mail for mail in told(organiser) if ":left:" in mail.key]
    return mail.text


def test_a_round_robin_leaver_is_said_to_lose_every_result_when_they_cannot_reach_half(organisers):
    # The organisers' mail gives more than the rule, or Noor has to work out that every result
    # of round 1 is annulled.
    tournament = _round_robin(organisers)
    leaver = _seated_now(tournament)[0]
    do_drop(tournament.pk, leaver)
    text = _left_mail(organisers[0])
    assert f"{leaver.profile.name} has played 0 of their 4 scheduled games" in text
    assert "every result of theirs is annulled" in text and "In a round robin, a player who" not in text


def test_a_round_robin_leaver_is_told_their_results_stand_or_fall_with_the_game_under_way(organisers):
    from tests.tournaments.helpers import finish_round

    tournament = _round_robin(organisers)
    finish_round(tournament)
    played_one = {
        seat.user.pk for table in tournament.round_set.get(number=1).tables.all() for seat in table.game.seats.all()
    }
    leaver = next(user for user in _seated_now(tournament) if user.pk in played_one)
    do_drop(tournament.pk, leaver)
    text = _left_mail(organisers[0])
    assert f"{leaver.profile.name} has played 1 of their 4 scheduled games" in text
    assert "if they finish this round's game, their results stand" in text


def test_a_round_robin_leaver_past_half_keeps_their_results(organisers):
    from tests.tournaments.helpers import finish_round

    tournament = _round_robin(organisers)
    finish_round(tournament)
    finish_round(tournament)
    counts = {}
    for number in (1, 2):
        for table in tournament.round_set.get(number=number).tables.all():
            for seat in table.game.seats.all():
                counts[seat.user] = counts.get(seat.user, 0) + 1
    leaver = next(user for user, games in counts.items() if games == 2)
    do_drop(tournament.pk, leaver)
    text = _left_mail(organisers[0])
    assert f"{leaver.profile.name} has played 2 of their 4 scheduled games" in text
    assert "at least half: their results stand" in text


def test_the_other_organisers_are_told_when_one_sets_a_tables_result(organisers):
    # Both organisers are asked for the decision, so the one who did not make it hears of it,
    # not only from the final standings (in a round that is not the last, they could decide
    # the same table again).
    from tournaments.services import do_adjudicate_table

    first, second = organisers
    tournament, final = _unplayed_final(first, make_players(2), second)
    do_advance_round(tournament.pk)
    low, high = tournament.entries.order_by("pk").values_list("pk", flat=True)
    do_adjudicate_table(final.pk, first, {low: 2, high: 1}, "Both agreed the second seat had won.")
    assert [mail for mail in told(first) if ":decided:" in mail.key] == []
    (mail,) = [mail for mail in told(second) if ":decided:" in mail.key]
    assert mail.subject == "Final: Olga set the result of table 1"
    assert "Olga has set the result of table 1 in round 1 of Final" in mail.text
    # The result itself, as the players' mail gives it, not only the reason, and
    # the reason's own full stop not doubled ("won.”.").
    winner, loser = (tournament.entries.get(pk=pk).user.profile.name for pk in (high, low))
    assert f"“Both agreed the second seat had won”: 1. {winner}, 2. {loser}." in mail.text


def test_a_finalist_disqualified_during_the_final_is_told_it_is_their_last_round(organisers):
    # The "already out" test runs before the disqualification, which puts a player out at once,
    # or a finalist would be told they had been out already.
    first, second = organisers
    tournament = _played_to_the_final(first, second)
    (final,) = current_tables(tournament)
    finalist = final.game.seats.order_by("position").first().user
    do_disqualify(tournament.pk, second, finalist, "Played on a second account.")
    own = rendered(OutboxMessage.objects.get(key__startswith=f"tournament-removed:{tournament.pk}:{finalist.pk}:"))
    assert "round 2 is your last" in own.text and "already out" not in own.text
    (mail,) = [mail for mail in told(first) if ":left:" in mail.key]
    assert "round 2 is their last" in mail.text and "already out" not in mail.text


def test_a_round_robin_leaver_whose_game_is_over_is_not_said_to_hang_on_it(organisers):
    # A player who dropped after their own table ended, the round still going on at other tables,
    # is not said to keep their results "if they finish this round's game".
    from tests.tournaments.whole_events.test_every_event_finishes import settle

    tournament = _round_robin(organisers)
    first_table = current_tables(tournament)[0]
    seated = [seat.user for seat in first_table.game.seats.order_by("position")]
    settle(first_table.game, {seated[0]: 1, seated[1]: 2})
    do_drop(tournament.pk, seated[0])
    text = _left_mail(organisers[0])
    assert f"{seated[0].profile.name} has played 1 of their 4 scheduled games" in text
    assert "if they finish this round's game" not in text
    assert "every result of theirs is annulled" in text


def test_the_sites_staff_are_asked_when_every_organiser_plays(organisers):
    # Session 40's note: where the only organiser plays, a waiting knock-out asked nobody, and
    # only staff, whom nothing told, could decide: it stood still for good.
    first, _second = organisers
    staff = make_user("staffer", display_name="Stella")
    type(staff).objects.filter(pk=staff.pk).update(is_staff=True)
    idle = make_user("gone", display_name="Gone")
    type(idle).objects.filter(pk=idle.pk).update(is_staff=True, is_active=False)
    tournament, final = _unplayed_final(first, [first, make_players(1)[0]])
    assert do_advance_round(tournament.pk) is None
    assert do_advance_round(tournament.pk) is None  # once a round, as organisers are asked
    # The organiser who plays is told who will decide, not asked to.
    (theirs,) = [mail for mail in told(first) if ":waiting:" in mail.key]
    assert "you play in it, so you may not decide: the site's staff are asked to" in theirs.text
    assert "adjudicate-" not in theirs.text
    assert [mail for mail in told(idle) if ":waiting:" in mail.key] == []
    (mail,) = [mail for mail in told(staff) if ":waiting:" in mail.key]
    assert mail.subject == "Final waits for your decision"
    assert "its organisers play in it" in mail.text and "the site's staff" in mail.text
    _links_to_the_form(mail, tournament, final, staff)


def test_staff_who_play_in_the_event_are_not_asked(organisers):
    first, _second = organisers
    staff = make_user("staffer", display_name="Stella")
    type(staff).objects.filter(pk=staff.pk).update(is_staff=True)
    tournament, final = _unplayed_final(first, [first, staff])
    do_advance_round(tournament.pk)
    assert [mail for mail in told(staff) if ":waiting:" in mail.key] == []


def test_without_staff_the_organisers_are_not_told_staff_will_decide(organisers, caplog):
    # With no staff outside the event, nobody can decide; the organisers must not read
    # that staff were asked, and the site's log says the event waits for good.
    import logging

    first, _second = organisers
    tournament, final = _unplayed_final(first, [first, make_players(1)[0]])
    with caplog.at_level(logging.WARNING, logger="tournaments"):
        do_advance_round(tournament.pk)
    assert [mail for mail in told(first) if ":waiting:" in mail.key] == []
    assert "waits for a decision nobody may make" in caplog.text
