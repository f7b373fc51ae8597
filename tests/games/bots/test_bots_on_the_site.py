"""Bots on the site: levels chosen at creation, Standard on deadlines, takeovers at Good, labels everywhere."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import bots
from games.api.models import ApiToken
from games.engines import get_engine
from games.models import Action, Deadline, Game, Seat
from games.services import ActionRejected, do_action, do_create_game, do_join, do_resign, sweep_overdue
from games.services.bot_choice import bot_rng
from games.services.bot_moves import stalled_bot_games
from tests.games.conftest import start_game
from tests.games.lobby.test_create_form import form_for

pytestmark = pytest.mark.django_db


def _first_close(game: Game):
    return Deadline.objects.filter(game=game, closed_at__isnull=True).order_by("closes_at").first().closes_at


def _timed_out_move(game: Game) -> tuple[int, dict]:
    """Let every open wait pass; the first timeout move stored (its seat and payload)."""
    version = game.version
    sweep_overdue(now=_first_close(game) + timedelta(seconds=1))
    action = Action.objects.get(game=game, seq=version)
    assert action.channel == Action.Channel.TIMEOUT
    return action.seat, action.payload


def test_a_timed_out_wizard_player_gets_the_standard_bots_move_not_the_engines_default(players):
    engine = get_engine("wizard")
    for seed in (f"t{n}" for n in range(60)):
        game = do_create_game(players[0], "wizard", 3, seed=seed)
        for user in players[1:]:
            do_join(game.pk, user)
        game.refresh_from_db()
        seat = engine.to_act(game.state)[0]
        standard = bots.choose(engine, game.state, seat, "standard", bot_rng(game.pk, game.version, seat))
        if standard != engine.auto_action(game.state, seat):
            break  # a position where the two differ, so the test can tell them apart
        Game.objects.filter(pk=game.pk).delete()
    else:
        pytest.fail("no position where Standard and the engine's default differ")
    assert _timed_out_move(game) == (seat, standard)


def test_wild_cards_sealed_bids_keep_the_games_own_default_on_timeout(players):
    game = start_game(players, engine="wildcards")
    engine = get_engine("wildcards")
    assert game.state["phase"] == "bid"
    seat = min(engine.to_act(game.state))
    expected = engine.auto_action(game.state, seat)
    assert _timed_out_move(game) == (seat, expected)


def test_a_player_who_times_out_too_often_is_taken_over_by_a_good_bot(players):
    game = start_game(players, phase_seconds=86400)
    sweep_overdue(now=_first_close(game) + timedelta(seconds=1))
    game.refresh_from_db()
    leader = game.state["leader"]
    sweep_overdue(now=_first_close(game) + timedelta(seconds=1))
    seat = game.seats.get(position=leader)
    assert (seat.kind, seat.bot_level, seat.level) == (Seat.Kind.BOT, "good", "good")


def test_a_player_who_resigns_leaves_a_good_bot(players):
    game = start_game(players)
    do_resign(game.pk, players[1])
    assert game.seats.get(user=players[1]).level == "good"


def test_the_creation_form_gives_each_bot_seat_its_level(client, players):
    client.force_login(players[0])
    form = form_for("wizard", 4) | {"bots": 3, "bot_level_1": "strong", "bot_level_2": "beginner"}
    response = client.post(reverse("games:create"), form)
    assert response.status_code == 302
    levels = sorted(Seat.objects.filter(kind=Seat.Kind.BOT).values_list("bot_level", flat=True))
    assert levels == ["beginner", "standard", "strong"]  # the third was left at its default


def test_an_unknown_bot_level_in_the_form_gets_a_clear_message_and_creates_nothing(client, players):
    client.force_login(players[0])
    response = client.post(reverse("games:create"), form_for("wizard", 3) | {"bots": 1, "bot_level_1": "expert"})
    assert response.status_code == 200
    assert "Select a valid choice. expert is not one of the available choices." in response.content.decode()
    assert not Game.objects.exists() and not Seat.objects.exists()


def test_an_unknown_bot_level_is_refused_by_the_service_and_changes_nothing(players):
    with pytest.raises(ActionRejected) as refused:
        do_create_game(players[0], "wizard", 3, bots=2, bot_levels=["good", "grandmaster"])
    assert refused.value.code == "bad_options"
    assert "There is no bot level “grandmaster”: choose Beginner, Standard, Good or Strong." in refused.value.message
    assert not Game.objects.exists() and not Seat.objects.exists()


def test_the_level_labels_are_translated(client, players):
    for language, words in {
        "it": ["Principiante", "Standard", "Buono", "Forte"],
        "es": ["Principiante", "Estándar", "Bueno", "Fuerte"],
        "nl": ["Beginner", "Standaard", "Goed", "Sterk"],
    }.items():
        players[0].profile.language = language  # a player's pages come in the player's language
        players[0].profile.save()
        client.force_login(players[0])
        text = client.get(reverse("games:create"), {"engine": "wizard"}).content.decode()
        assert all(f">{word}</option>" in text for word in words), language


def test_bot_seats_say_so_with_their_level_on_the_lobby_table_history_replay_and_api(client, players):
    game = do_create_game(players[0], "wizard", 4, bots=2, bot_levels=["strong", "beginner"])
    client.force_login(players[0])
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert 'data-bot-level="strong">Strong<' in lobby and 'data-bot-level="beginner">Beginner<' in lobby
    game = do_create_game(players[1], "wizard", 3, bots=2, bot_levels=["good", "strong"], seed="s1")
    client.force_login(players[1])
    table = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert table.count('class="bot"') == 2 and "Good bot" in table and "Strong bot" in table
    replay = client.get(reverse("games:replay", args=[game.pk])).content.decode()
    assert "· Good bot" in replay and "· Strong bot" in replay
    _row, token = ApiToken.issue(players[1], "test")
    answer = Client().get(f"/api/v1/games/{game.pk}", headers={"Authorization": f"Bearer {token}"})
    rows = json.loads(answer.content)["players"]
    assert sorted((row["is_bot"], row["bot_level"]) for row in rows) == [
        (False, None),
        (True, "good"),
        (True, "strong"),
    ]


def test_the_history_lists_a_bot_seat_with_its_level(client, players):
    game = start_game(players)
    do_resign(game.pk, players[2])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now())
    html = client.get(reverse("games:history")).content.decode()
    assert 'data-bot-level="good">· Good bot<' in html


def test_the_sweep_finds_a_searching_bot_whose_move_was_lost(players):
    game = do_create_game(players[0], "wizard", 3, bots=2, bot_levels=["good", "good"], seed="s2")
    game.refresh_from_db()
    waiting = [s for s in get_engine("wizard").to_act(game.state) if game.seats.get(position=s).kind == "bot"]
    assert waiting, "the seed should leave a bot to act"
    assert stalled_bot_games(now=game.started_at + timedelta(seconds=5)) == []  # its task has time yet
    assert stalled_bot_games(now=game.started_at + timedelta(minutes=10)) == [(game.pk, waiting)]


def test_a_bot_move_for_a_seat_a_person_took_back_is_refused_and_changes_nothing(players):
    game = do_create_game(players[0], "wizard", 3, bots=2, bot_levels=["good", "good"], seed="s2")
    game.refresh_from_db()
    human = game.seats.get(kind=Seat.Kind.HUMAN).position
    version = game.version
    engine = get_engine("wizard")
    action = engine.legal_actions(game.state, human)[0] if human in engine.to_act(game.state) else {"type": "bid"}
    with pytest.raises(ActionRejected) as refused:
        do_action(game.pk, human, action, Action.Channel.BOT, expected_version=version)
    assert refused.value.code == "not_a_bot"
    assert Game.objects.get(pk=game.pk).version == version


def _table(game: Game, user) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("games:table", args=[game.pk])).content.decode()


def test_the_table_refreshes_every_two_seconds_while_a_searching_bot_thinks(players):
    game = do_create_game(players[0], "wizard", 3, bots=2, bot_levels=["good", "strong"], seed="s2")
    game.refresh_from_db()
    assert game.seats.get(kind=Seat.Kind.HUMAN).position not in get_engine("wizard").to_act(game.state)
    page = _table(game, players[0])
    assert 'hx-trigger="every 2s"' in page
    assert "A bot is thinking; its move shows here in a moment." in page


def test_standard_bots_answer_at_once_so_the_table_keeps_its_slow_refresh(players):
    game = do_create_game(players[0], "wizard", 3, bots=2, bot_levels=["standard", "beginner"], seed="s2")
    game.refresh_from_db()
    assert get_engine("wizard").to_act(game.state) == [game.seats.get(kind=Seat.Kind.HUMAN).position]
    page = _table(game, players[0])
    assert 'hx-trigger="every 20s"' in page and "A bot is thinking" not in page


def test_a_player_with_a_sealed_bid_to_make_keeps_the_slow_refresh_until_it_is_in(players):
    # Wild Cards' bids are sealed: the person bids while the Good bots think. A quick refresh
    # would reset a bid half pointed at, so it waits until the person's own bid is in.
    game = do_create_game(players[0], "wildcards", 3, bots=2, bot_levels=["good", "good"], seed="s1")
    game.refresh_from_db()
    engine = get_engine("wildcards")
    human = game.seats.get(kind=Seat.Kind.HUMAN).position
    assert sorted(engine.to_act(game.state)) == [0, 1, 2]
    assert 'hx-trigger="every 20s"' in _table(game, players[0])

    bid = engine.auto_action(game.state, human)
    do_action(game.pk, human, bid, Action.Channel.WEB, user=players[0], expected_version=game.version)
    game.refresh_from_db()
    assert human not in engine.to_act(game.state)
    assert 'hx-trigger="every 2s"' in _table(game, players[0])


def test_a_bot_whose_task_was_lost_does_not_keep_every_table_refreshing_every_two_seconds(players, settings):
    # The broker down: no task moves the bot and the sweep cannot queue one either. After
    # GAME_BOT_STALL_SECONDS without a move the table goes back to its slow refresh.
    from games.services.bot_moves import bots_thinking

    game = do_create_game(players[0], "wizard", 3, bots=2, bot_levels=["good", "strong"], seed="s2")
    game.refresh_from_db()
    stall = timedelta(seconds=settings.GAME_BOT_STALL_SECONDS)
    assert bots_thinking(game, now=timezone.now()) != []
    assert bots_thinking(game, now=timezone.now() + stall + timedelta(seconds=1)) == []
    Action.objects.filter(game=game).update(created_at=timezone.now() - stall - timedelta(seconds=1))
    Game.objects.filter(pk=game.pk).update(started_at=timezone.now() - stall - timedelta(seconds=1))
    page = _table(game, players[0])
    assert 'hx-trigger="every 20s"' in page and "A bot is thinking" not in page


def test_a_game_against_bots_alone_is_never_rated_even_when_asked(players):
    # "Rated" ticked with every other seat a bot would promise what cannot be: the game would
    # finish with no rating changed (bots are never rated).
    alone = do_create_game(players[0], "wizard", 3, bots=2, rated=True)
    with_people = do_create_game(players[1], "wizard", 3, bots=1, rated=True)
    assert alone.rated is False
    assert with_people.rated is True


def test_the_create_form_says_a_game_against_bots_alone_is_not_rated(client, players):
    client.force_login(players[0])
    page = client.get(reverse("games:create") + "?engine=wizard").content.decode()
    assert "A game against bots alone is never rated." in page
    response = client.post(reverse("games:create"), form_for("wizard", 3) | {"bots": 2})
    assert response.status_code == 302
    assert Game.objects.get().rated is False
