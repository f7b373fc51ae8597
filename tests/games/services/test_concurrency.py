"""Races resolved by the game row lock: run on PostgreSQL with real threads and connections."""

import pytest
from django.db import connection  # noqa: F401 - connection is read by skipif

from games.models import Action, Game
from games.services import ActionRejected, do_action, do_close_overdue
from tests.games.conftest import seat_user, start_game
from tests.racing import race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks need PostgreSQL"),
]


def test_eight_identical_submissions_store_exactly_one_action(players):
    game = start_game(players)
    user = seat_user(game, 0)
    action = {"type": "bid", "card": game.state["hands"][0][0]}
    results = race([lambda: do_action(game.pk, 0, action, "web", user=user, expected_version=0)] * 8)
    accepted = [r for r in results if not isinstance(r, Exception)]
    rejected = [r for r in results if isinstance(r, ActionRejected)]
    assert len(accepted) == 1 and len(rejected) == 7, results
    assert {r.code for r in rejected} == {"stale"}
    assert Action.objects.filter(game=game).count() == 1


def test_different_seats_bidding_at_once_are_all_stored_in_order(players):
    game = start_game(players)
    calls = []
    for position in range(3):
        user = seat_user(game, position)
        action = {"type": "bid", "card": game.state["hands"][position][0]}

        # Each bidder retries once on "stale", as the page does after refreshing.
        def call(position=position, user=user, action=action):
            for _attempt in range(5):
                version = Game.objects.get(pk=game.pk).version
                try:
                    return do_action(game.pk, position, action, "web", user=user, expected_version=version)
                except ActionRejected as rejected:
                    if rejected.code != "stale":
                        raise
            raise AssertionError("never got through")

        calls.append(call)
    results = race(calls)
    assert not any(isinstance(r, Exception) for r in results), results
    seqs = list(Action.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == [0, 1, 2]
    game.refresh_from_db()
    assert game.state["phase"] == "claim"


def test_a_deadline_firing_while_the_last_bid_arrives_has_one_outcome(players):
    game = start_game(players, phase_seconds=3600)
    for position in (0, 1):
        game.refresh_from_db()
        do_action(
            game.pk,
            position,
            {"type": "bid", "card": game.state["hands"][position][0]},
            "web",
            user=seat_user(game, position),
            expected_version=game.version,
        )
    game.refresh_from_db()
    closes = game.deadlines.get(closed_at__isnull=True).closes_at
    user = seat_user(game, 2)
    card = game.state["hands"][2][-1]
    version = game.version
    results = race(
        [
            lambda: do_action(game.pk, 2, {"type": "bid", "card": card}, "web", user=user, expected_version=version),
            lambda: do_close_overdue(game.pk, now=closes),
        ]
    )
    bids = Action.objects.filter(game=game, seat=2, payload__type="bid")
    assert bids.count() == 1, results
    game.refresh_from_db()
    assert game.version == version + 1
    assert game.state["phase"] == "claim"
    # Either the player's card or the default went in, never both.
    assert bids.get().channel in ("web", "timeout")
    assert connection.vendor == "postgresql"


def test_two_players_asking_to_play_again_at_once_get_one_rematch(players):
    from games.services import do_rematch
    from tests.games.conftest import play_to_the_end

    game = play_to_the_end(start_game(players))
    results = race([lambda user=user: do_rematch(game.pk, user) for user in players])
    assert not any(isinstance(r, Exception) for r in results), results
    assert len({r[0].pk for r in results}) == 1
    rematch = Game.objects.get(rematch_of=game)
    assert rematch.seats.count() == 3 and rematch.status == Game.Status.RUNNING
