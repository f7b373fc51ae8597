"""An account's stream: its turns with what it may play, its games starting and ending, invitations."""

from __future__ import annotations

import random

from games.api.models import ApiToken
from games.engines import get_engine
from games.models import Game, Seat
from games.services import do_action, do_create_game, do_join
from games.services.invitations import do_invite
from games.services.lobby import TimeControl
from tests.conftest import make_user
from tests.events.conftest import Stream


def test_an_account_hears_its_game_start_and_each_turn_once_with_what_it_may_play(asgi_server):
    alice, bob = make_user("alice"), make_user("bob")
    _row, token = ApiToken.issue(bob, "bot")
    stream = Stream(asgi_server, "/stream/events", token)
    game = do_create_game(alice, "cubirds", 2, {}, time_control=TimeControl(), seed="turns")
    do_join(game.pk, bob)
    started = stream.next()
    assert started == {**started, "type": "game_started", "game": game.pk}
    game.refresh_from_db()
    engine = get_engine("cubirds")
    seats = {s.user_id: s.position for s in game.seats.all()}
    rng = random.Random(7)
    turns = 0
    while turns < 3:
        seat = engine.to_act(game.state)[0]
        if seat == seats[bob.pk]:
            turn = stream.until(lambda e: e["type"] == "your_turn")
            assert (turn["game"], turn["seat"], turn["version"]) == (game.pk, seat, game.version)
            assert turn["actions"] == engine.legal_actions(game.state, seat)
            assert turn["view"] == engine.view(game.state, seat)
            turns += 1
        user = alice if seat == seats[alice.pk] else bob
        action = rng.choice(engine.legal_actions(game.state, seat))
        do_action(game.pk, seat, action, "api", user=user, expected_version=game.version)
        game.refresh_from_db()
    stream.close()


def test_an_account_that_connects_hears_of_every_turn_it_owes_now(asgi_server):
    alice, bob = make_user("alice"), make_user("bob")
    games = []
    for seed in ("a", "b"):
        game = do_create_game(alice, "cubirds", 2, {}, time_control=TimeControl(), seed=seed)
        do_join(game.pk, bob)
        games.append(Game.objects.get(pk=game.pk))
    to_act = get_engine("cubirds").to_act
    owed = {g.pk for g in games for s in g.seats.filter(user=bob) if s.position in to_act(g.state)}
    _row, token = ApiToken.issue(bob, "bot")
    stream = Stream(asgi_server, "/stream/events", token)
    heard = set()
    for _ in owed:
        event = stream.next()
        assert event["type"] == "your_turn"
        heard.add(event["game"])
    assert heard == owed
    assert stream.nothing_within(0.5)
    stream.close()


def test_an_invitation_and_the_end_of_a_game_reach_the_account(asgi_server):
    alice, bob = make_user("alice"), make_user("bob")
    _row, token = ApiToken.issue(bob, "bot")
    stream = Stream(asgi_server, "/stream/events", token)
    game = do_create_game(alice, "cubirds", 2, {}, time_control=TimeControl(), seed="invite")
    invitation = do_invite(game.pk, alice, "bob")
    invited = stream.next()
    assert (invited["type"], invited["invitation"], invited["game"]) == ("invitation", invitation.pk, game.pk)
    do_join(game.pk, bob)
    game.refresh_from_db()
    engine = get_engine("cubirds")
    users = {s.position: s.user for s in game.seats.all() if s.kind == Seat.Kind.HUMAN}
    rng = random.Random(8)
    while game.status == Game.Status.RUNNING:
        seat = engine.to_act(game.state)[0]
        action = rng.choice(engine.legal_actions(game.state, seat))
        do_action(game.pk, seat, action, "api", user=users[seat], expected_version=game.version)
        game.refresh_from_db()
    over = stream.until(lambda e: e["type"] == "game_over", timeout=30)
    assert sorted(row["rank"] for row in over["result"]) == sorted(s.rank for s in game.seats.all())
    stream.close()


def test_a_tournament_round_tells_each_entrant_its_game(asgi_server):
    from tournaments.services import do_create_tournament, do_register, do_start

    organiser, alice, bob = make_user("org"), make_user("alice"), make_user("bob")
    tournament = do_create_tournament(
        organiser, "Open", "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=2
    )
    for user in (alice, bob):
        do_register(tournament.pk, user)
    _row, token = ApiToken.issue(bob, "bot")
    stream = Stream(asgi_server, "/stream/events", token)
    do_start(tournament.pk, organiser)
    (game,) = Game.objects.filter(seats__user=bob)
    heard = stream.until(lambda e: e["type"] == "tournament_round")
    assert (heard["tournament"], heard["round"], heard["games"], heard["bye"]) == (tournament.pk, 1, [game.pk], None)
    stream.close()


def test_the_sender_hears_an_invitation_declined(asgi_server):
    from games.services.invitations import do_decline_invitation

    alice, bob = make_user("alice"), make_user("bob")
    _row, token = ApiToken.issue(alice, "bot")
    stream = Stream(asgi_server, "/stream/events", token)
    game = do_create_game(alice, "cubirds", 2, {}, time_control=TimeControl(), seed="declined")
    invitation = do_invite(game.pk, alice, "bob")
    do_decline_invitation(invitation.pk, bob)
    heard = stream.until(lambda e: e["type"] == "invitation_declined")
    assert (heard["invitation"], heard["game"]) == (invitation.pk, game.pk)
    stream.close()
