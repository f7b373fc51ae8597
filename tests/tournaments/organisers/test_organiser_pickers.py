"""The organiser's box offers only what its services accept : the "Drop
player" and "Disqualify" pickers do not list players who have dropped already nor, to an
organiser who plays, their own table-mates of the round, which the services refuse; "Extend the
round" shows only when a table of the round waits for someone."""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from django.urls import reverse

from games.services.errors import ActionRejected
from tests.tournaments.helpers import current_tables, make_players, start
from tournaments.services import (
    do_adjudicate_table,
    do_create_tournament,
    do_disqualify,
    do_drop,
    do_extend_round,
    do_register,
)

pytestmark = pytest.mark.django_db


def _offered(page: str, form_id: str) -> set[str]:
    form = page[page.index(f'id="{form_id}"') :]
    form = form[: form.index("</form>")]
    return set(re.findall(r'<option value="([^"]+)"', form))


def _accepted(action, tournament, organiser, players) -> set[str]:
    """The usernames the service accepts for `action`, each tried and rolled back."""
    accepted = set()
    for player in players:
        try:
            with transaction.atomic():
                action(tournament.pk, organiser, player)
                accepted.add(player.username)
                raise _Undo
        except (ActionRejected, _Undo):
            pass
    return accepted


def _disqualify(tournament_id, organiser, player):
    return do_disqualify(tournament_id, organiser, player, "Played on a second account.")


class _Undo(Exception):
    pass


def _page(client, tournament, user) -> str:
    client.force_login(user)
    return client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()


def _swiss(organiser, players):
    tournament = do_create_tournament(
        organiser, "Pickers", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    for player in players:
        do_register(tournament.pk, player)
    return start(tournament)


def test_the_pickers_leave_out_who_dropped_or_was_disqualified_and_match_the_services(client):
    organiser = make_players(1, "org")[0]
    players = make_players(6)
    tournament = _swiss(organiser, players)
    do_drop(tournament.pk, players[1])
    do_disqualify(tournament.pk, organiser, players[0], "Played on a second account.")
    page = _page(client, tournament, organiser)
    drop, disqualify = _offered(page, "drop-player"), _offered(page, "disqualify-player")
    assert drop == {f"p{i}" for i in range(2, 6)}
    assert disqualify == {f"p{i}" for i in range(1, 6)}  # a player who dropped may still be disqualified
    assert drop == _accepted(do_drop, tournament, organiser, players)
    assert disqualify == _accepted(_disqualify, tournament, organiser, players)


def test_an_organiser_who_plays_is_offered_only_their_own_drop(client):
    # An organiser who entered the event removes nobody but themselves, their table mates and
    # their rivals at other tables alike (no disqualifying a rival for the cut).
    organiser = make_players(1, "org")[0]
    players = make_players(3)
    tournament = _swiss(organiser, [organiser, *players])
    page = _page(client, tournament, organiser)
    drop = _offered(page, "drop-player")
    assert drop == {organiser.username}
    assert 'id="disqualify-player"' not in page
    everyone = [organiser, *players]
    assert drop == _accepted(do_drop, tournament, organiser, everyone)
    assert _accepted(_disqualify, tournament, organiser, everyone) == set()


def test_extend_the_round_is_offered_only_while_a_table_waits_for_someone(client):
    organiser = make_players(1, "org")[0]
    players = make_players(4)
    tournament = _swiss(organiser, players)
    assert "Extend the round" in _page(client, tournament, organiser)
    entries = dict(tournament.entries.values_list("user_id", "pk"))
    for table in current_tables(tournament):
        seated = [entries[seat.user_id] for seat in table.game.seats.order_by("position")]
        do_adjudicate_table(table.pk, organiser, {p: place for place, p in enumerate(seated, 1)}, "quick")
    # The round is over and the next one not made yet (the sweep has not run): nothing waits.
    page = _page(client, tournament, organiser)
    assert "Extend the round" not in page and 'id="drop-player"' in page
    with pytest.raises(ActionRejected) as refused:
        do_extend_round(tournament.pk, organiser, 24)
    assert refused.value.code == "no_deadline"


def test_a_player_dropped_or_disqualified_by_an_organiser_is_told_by_mail():
    # Entrants are told when an organiser removes them.
    from tests.conftest import rendered
    from tests.tournaments.helpers import make_players, register_and_start
    from tournaments.services import do_create_tournament, do_disqualify, do_drop
    from wildcards_site.outbox.models import OutboxMessage

    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "Told", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    first, second, third, _fourth = make_players(4)
    register_and_start(tournament, [first, second, third, _fourth])
    do_drop(tournament.pk, organiser, first)
    do_disqualify(tournament.pk, organiser, second, "Played on a second account.")
    do_drop(tournament.pk, third)  # leaving of one's own accord mails nothing
    dropped = rendered(OutboxMessage.objects.get(key=f"tournament-removed:{tournament.pk}:{first.pk}:dropped"))
    assert dropped.to == first.email and "has withdrawn you: round 1 is your last" in dropped.text
    out = rendered(OutboxMessage.objects.get(key=f"tournament-removed:{tournament.pk}:{second.pk}:disqualified"))
    assert "has disqualified you" in out.text
    assert not OutboxMessage.objects.filter(
        key__contains=f":{third.pk}:", key__startswith="tournament-removed"
    ).exists()


def test_the_mail_of_a_finalist_disqualified_names_the_final_as_their_last_round(db):
    # Disqualified during the final (round 6), the player does not read "from round 7 on you are
    # not paired", a round that never comes.
    from tests.conftest import rendered
    from tournaments.mail.mails import removed_by_organiser
    from wildcards_site.outbox.models import OutboxMessage

    organiser, player = make_players(2, "p")
    tournament = do_create_tournament(organiser, "KO", "emu_ranchers", "single", options={"years": 1})
    tournament.current_round = 6
    removed_by_organiser(player, tournament, organiser, 7, disqualified=True)
    mail = rendered(OutboxMessage.objects.get(key__startswith=f"tournament-removed:{tournament.pk}:{player.pk}:"))
    assert "round 6 is your last, you are not paired after it" in mail.text and "round 7" not in mail.text
    assert "round 6 is your last" in mail.html
    other = make_players(1, "q")[0]
    removed_by_organiser(other, tournament, organiser, 1, disqualified=False)  # while the schedule is drawn up
    early = rendered(OutboxMessage.objects.get(key__startswith=f"tournament-removed:{tournament.pk}:{other.pk}:"))
    assert "before the first round: you are not paired in any round" in early.text


def test_a_player_disqualified_after_dropping_is_told_the_round_they_left_after(db):
    # Dropped during round 1 and disqualified during round 3, the player does not read "round 3
    # is your last": they played no round after round 1.
    from tests.conftest import rendered
    from tests.tournaments.helpers import register_and_start
    from tests.tournaments.whole_events.test_every_event_finishes import settle
    from tournaments.services import do_advance_round
    from wildcards_site.outbox.models import OutboxMessage

    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, "S", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=4
    )
    players = make_players(6)
    tournament = register_and_start(tournament, players)
    do_drop(tournament.pk, players[0])  # of their own accord, during round 1
    for _round in range(2):
        for table in current_tables(tournament):
            users = [seat.user for seat in table.game.seats.all()]
            settle(table.game, {user: place for place, user in enumerate(users, 1)})
        do_advance_round(tournament.pk)
    do_disqualify(tournament.pk, organiser, players[0], "Played on a second account.")
    mail = rendered(OutboxMessage.objects.get(key__startswith="tournament-removed:"))
    assert "round 1 is your last" in mail.text


def test_a_round_robin_withdrawal_mail_tells_the_rule_on_results_not_that_they_stand(db):
    # A no-show dropped in round 4 of a round robin does not read "Your results so far stand",
    # while the standings annul them (left before half their games, as FIDE rules).
    from tests.conftest import rendered
    from tournaments.mail.mails import removed_by_organiser
    from wildcards_site.outbox.models import OutboxMessage

    organiser, player, other = make_players(3, "p")
    swiss = do_create_tournament(
        organiser, "S", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=3
    )
    robin = do_create_tournament(organiser, "R", "cubirds", "round_robin", seats_preferred=2, seats_min=2, seats_max=2)
    for tournament, who in ((swiss, player), (robin, other)):
        tournament.current_round = 4
        removed_by_organiser(who, tournament, organiser, 5, disqualified=False)
        removed_by_organiser(who, tournament, organiser, 5, disqualified=True)
    for kind in ("dropped", "disqualified"):
        kept = rendered(OutboxMessage.objects.get(key=f"tournament-removed:{swiss.pk}:{player.pk}:{kind}"))
        assert "Your results so far stand." in kept.text and "annulled" not in kept.text
        ruled = rendered(OutboxMessage.objects.get(key=f"tournament-removed:{robin.pk}:{other.pk}:{kind}"))
        assert "round 4 is your last" in ruled.text and "Your results so far stand." not in ruled.text
        rule = "fewer than half of their games has every result annulled, for them and their opponents"
        assert rule in ruled.text and rule in ruled.html
