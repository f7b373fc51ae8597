import pytest
from django.core import mail  # noqa: F401 - keeps the locmem backend visible in failures

from games.history.replay import rebuild_state, verify
from games.models import Action, Deadline, Game, Seat
from games.services import ActionRejected, do_action
from tests.games.conftest import play_to_the_end, seat_user, start_game
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def bid(game, position, card=None, version=None, channel=Action.Channel.WEB):
    game.refresh_from_db()
    hand = game.state["hands"][position]
    return do_action(
        game.pk,
        position,
        {"type": "bid", "card": card if card is not None else hand[0]},
        channel,
        user=seat_user(game, position),
        expected_version=game.version if version is None else version,
    )


def test_it_starts_the_game_when_the_last_seat_is_taken(players):
    game = start_game(players)
    assert game.status == Game.Status.RUNNING
    assert sorted(game.seats.values_list("position", flat=True)) == [0, 1, 2]
    waits = Deadline.objects.filter(game=game, closed_at__isnull=True)
    assert sorted(waits.values_list("seat", flat=True)) == [0, 1, 2]
    # Each bidder is mailed once, through the outbox.
    assert OutboxMessage.objects.filter(key__startswith=f"turn:{game.pk}:").count() == 3


def test_it_keeps_the_phase_open_until_every_bid_is_in(players):
    game = start_game(players)
    bid(game, 0)
    bid(game, 1)
    game.refresh_from_db()
    assert game.state["phase"] == "bid"
    assert list(Deadline.objects.filter(game=game, closed_at__isnull=True).values_list("seat", flat=True)) == [2]


def test_it_closes_the_sealed_phase_when_all_bids_are_in(players):
    game = start_game(players)
    for position in range(3):
        bid(game, position)
    game.refresh_from_db()
    assert game.state["phase"] == "claim"
    waits = Deadline.objects.filter(game=game, closed_at__isnull=True)
    assert list(waits.values_list("seat", flat=True)) == [game.state["leader"]]
    assert Deadline.objects.filter(game=game, outcome=Deadline.Outcome.ACTED).count() == 3


def test_it_rejects_a_stale_version_and_changes_nothing(players):
    game = start_game(players)
    bid(game, 0, version=0)
    with pytest.raises(ActionRejected) as rejected:
        bid(game, 1, version=0)
    assert rejected.value.code == "stale"
    assert "moved on" in rejected.value.message
    game.refresh_from_db()
    assert game.version == 1
    assert Action.objects.filter(game=game).count() == 1


def test_a_repeated_submission_stores_one_action(players):
    game = start_game(players)
    bid(game, 0, version=0)
    with pytest.raises(ActionRejected):
        bid(game, 0, version=0)
    assert Action.objects.filter(game=game).count() == 1


def test_it_refuses_to_act_for_a_seat_that_is_not_yours(players):
    game = start_game(players)
    hand = game.state["hands"][1]
    with pytest.raises(ActionRejected) as rejected:
        do_action(game.pk, 1, {"type": "bid", "card": hand[0]}, "web", user=seat_user(game, 0), expected_version=0)
    assert rejected.value.code == "not_your_seat"
    assert not Action.objects.exists()


def test_it_explains_an_illegal_action_and_changes_nothing(players):
    game = start_game(players)
    before = game.state
    with pytest.raises(ActionRejected) as rejected:
        do_action(game.pk, 0, {"type": "bid", "card": 999}, "web", user=seat_user(game, 0), expected_version=0)
    assert rejected.value.code == "illegal"
    assert rejected.value.message == "That is not a move you can make now."
    game.refresh_from_db()
    assert game.state == before and game.version == 0


def test_people_channels_must_say_which_version_they_answer(players):
    game = start_game(players)
    with pytest.raises(ActionRejected) as rejected:
        do_action(
            game.pk,
            0,
            {"type": "bid", "card": game.state["hands"][0][0]},
            "web",
            user=seat_user(game, 0),
            expected_version=None,
        )
    assert rejected.value.code == "stale"


def test_it_plays_a_whole_game_and_stores_the_result_on_the_seats(players):
    game = play_to_the_end(start_game(players))
    assert game.status == Game.Status.FINISHED
    assert game.finished_at is not None
    seats = list(game.seats.order_by("rank"))
    assert seats[0].rank == 1
    assert all(seat.score is not None for seat in seats)
    assert not Deadline.objects.filter(game=game, closed_at__isnull=True).exists()
    assert verify(game) == []
    assert rebuild_state(game) == game.state
    assert OutboxMessage.objects.filter(key__startswith=f"over:{game.pk}:").count() == 3


def test_bots_move_at_once_and_nobody_waits_for_them(players):
    game = start_game(players[:1], bots=2)
    assert game.status == Game.Status.RUNNING
    bots = set(game.seats.filter(kind=Seat.Kind.BOT).values_list("position", flat=True))
    assert len(bots) == 2
    assert set(Deadline.objects.filter(game=game, closed_at__isnull=True).values_list("seat", flat=True)).isdisjoint(
        bots
    )
    assert Action.objects.filter(game=game, channel=Action.Channel.BOT).count() == 2
    game = play_to_the_end(game)
    assert game.status == Game.Status.FINISHED


def test_the_verify_command_finds_a_tampered_cache(players):
    from django.core.management import CommandError, call_command

    game = start_game(players)
    bid(game, 0)
    game.refresh_from_db()
    call_command("verify_games", game.pk)
    game.state["hands"][1] = []
    game.save()
    with pytest.raises(CommandError):
        call_command("verify_games", game.pk)
    call_command("verify_games", game.pk, "--repair")
    game.refresh_from_db()
    assert verify(game) == []


def test_only_staff_may_act_for_another_seat_not_even_the_creator(players):
    from tests.conftest import make_user

    game = start_game(players)
    action = {"type": "bid", "card": game.state["hands"][1][0]}
    outsider = players[2] if game.created_by_id != players[2].pk else players[1]
    for user in (outsider, game.created_by):
        with pytest.raises(ActionRejected) as rejected:
            do_action(game.pk, 1, action, Action.Channel.ORGANISER, user=user, expected_version=0)
        assert rejected.value.code == "forbidden"
    assert not Action.objects.filter(game=game).exists()
    do_action(game.pk, 1, action, Action.Channel.ORGANISER, user=make_user("keeper", staff=True), expected_version=0)
    assert Action.objects.get(game=game).channel == "organiser"


def test_an_engine_that_fails_on_junk_still_gives_a_clear_refusal(players, monkeypatch):
    from tests.games.toy_engine import ToyEngine

    game = start_game(players)

    def broken_apply(self, state, seat, action):
        raise TypeError("list indices must be integers")

    monkeypatch.setattr(ToyEngine, "apply", broken_apply)
    with pytest.raises(ActionRejected) as rejected:
        do_action(game.pk, 0, {"type": "bid", "card": [1]}, "web", user=seat_user(game, 0), expected_version=0)
    assert rejected.value.code == "illegal" and "not understood" in rejected.value.message
    assert not Action.objects.filter(game=game).exists()
