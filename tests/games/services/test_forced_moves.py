"""A move the rules leave no choice in, known to be forced by everyone at the table, is made at
once by the site (channel "forced"): nobody waits a day, or is mailed, for the last card of a
Wizard round. A move with a choice, or one forced only by cards others cannot see, still waits."""

import pytest

from games.engines import get_engine
from games.models import Action, Deadline, Game
from games.services import do_action
from tests.games.conftest import seat_user, start_game
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def _bid_all(game: Game, bid: int = 0) -> None:
    """Every seat bids in the round under way."""
    engine = get_engine(game.engine)
    game.refresh_from_db()
    round_number = game.state["round"]
    while True:
        game.refresh_from_db()
        if game.state["phase"] != "bid" or game.state["round"] != round_number:
            return
        seat = engine.to_act(game.state)[0]
        do_action(
            game.pk, seat, {"type": "bid", "bid": bid}, "web", user=seat_user(game, seat), expected_version=game.version
        )


def _play(game: Game) -> None:
    """The seat to act plays its first legal card, at the table."""
    engine = get_engine(game.engine)
    game.refresh_from_db()
    seat = engine.to_act(game.state)[0]
    card = engine.legal_actions(game.state, seat)[0]
    do_action(game.pk, seat, dict(card), "web", user=seat_user(game, seat), expected_version=game.version)


def test_the_last_card_of_a_wizard_round_plays_itself_with_no_wait_and_no_mail(players):
    # By mail, each player's only card of round 1, and the last card of every later round, must
    # not wait up to a day for its player, with a turn mail asking for it.
    game = start_game(players, engine="wizard")
    _bid_all(game)
    game.refresh_from_db()
    assert game.state["round"] == 2 and game.state["phase"] in ("bid", "choose_trump")
    forced = list(game.actions.filter(channel=Action.Channel.FORCED).order_by("seq"))
    assert [action.payload["type"] for action in forced] == ["play"] * 3
    assert [action.actor_id for action in forced] == [None] * 3  # nobody chose it
    assert sum(game.state["history"][0]["tricks"]) == 1  # the round's one trick was played and scored
    # No wait was opened for a play of round 1, and no turn mail asked for one.
    play_waits = Deadline.objects.filter(game=game, phase_key__contains=":play:")
    assert not play_waits.exists()
    turn_mails = OutboxMessage.objects.filter(key__startswith=f"turn:{game.pk}:")
    assert turn_mails.count() == 3 + len(get_engine("wizard").to_act(game.state))  # round 1's bids, round 2's


def test_a_card_with_a_choice_waits_for_its_player_and_the_last_trick_does_not(players):
    game = start_game(players, engine="wizard")
    _bid_all(game)
    game.refresh_from_db()
    engine = get_engine("wizard")
    if game.state["phase"] == "choose_trump":
        seat = engine.to_act(game.state)[0]
        do_action(
            game.pk,
            seat,
            {"type": "choose_trump", "suit": "red"},
            "web",
            user=seat_user(game, seat),
            expected_version=game.version,
        )
    _bid_all(game)
    game.refresh_from_db()
    assert game.state["phase"] == "play" and game.state["round"] == 2
    # Two cards each: the first trick is played by the players, one open wait at a time.
    for _ in range(3):
        game.refresh_from_db()
        assert game.state["phase"] == "play" and game.state["trick_number"] == 0
        assert Deadline.objects.filter(game=game, closed_at=None).count() == 1
        _play(game)
    game.refresh_from_db()
    # The last trick played itself: round 3 is dealt.
    assert game.state["round"] == 3
    last_own = game.actions.filter(channel=Action.Channel.WEB).order_by("-seq").first()
    after = game.actions.filter(seq__gt=last_own.seq).order_by("seq")
    assert [action.channel for action in after] == [Action.Channel.FORCED] * 3


def test_a_forced_move_is_not_counted_as_the_players_own(players):
    game = start_game(players, engine="wizard")
    _bid_all(game)
    for position in range(3):
        # One bid each of their own; the card of round 1 was not theirs to choose.
        assert Action.own_moves(game.pk, seat_user(game, position).pk) == 1


def test_the_next_turn_mail_tells_the_whole_trick_that_played_itself(players):
    # "Since your last move" started after the player's last action, a forced card included, so
    # the cards played before it in that trick were never told.
    from games.presenters.wizard.table import card_name
    from tests.conftest import rendered

    game = start_game(players, engine="wizard")
    _bid_all(game)
    game.refresh_from_db()
    trick = game.state["last_trick"]["cards"]
    asked = get_engine("wizard").to_act(game.state)[0]
    assert asked != trick[0][0]  # it did not lead: a card was played before its own
    mail = rendered(OutboxMessage.objects.filter(key__startswith=f"turn:{game.pk}:{asked}:").latest("created_at"))
    assert "Since your last move" in mail.text
    for _seat, card in trick:
        assert f"played {card_name(card)}." in mail.text
