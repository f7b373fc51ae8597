"""No mail to one player shows another player's hidden cards."""

from __future__ import annotations

import re

import pytest

from games.engines import get_engine
from games.models import Action, Game
from games.services import do_action
from tests.bymail.conftest import text_of
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game


def _suited(cards) -> set[str]:
    # Wizard's suited cards are unique ("red 7"); Wizards and Jesters are not, so they prove nothing.
    return {card.replace("-", " ") for card in cards if not card.startswith(("wizard", "jester"))}


@pytest.mark.django_db
def test_it_never_mails_a_wizard_player_another_players_hand(mail_server, settings):
    # Every turn mail goes at once, so each is read here (the wait for a player who just moved at
    # the table has its own tests: test_mail_at_the_table.py).
    settings.GAME_MAIL_GRACE_SECONDS = 0
    users = [make_user(name, display_name=name.title()) for name in ("ann", "ben", "cas")]
    game = start_game(users, engine="wizard")
    engine = get_engine("wizard")
    address = {game.seats.get(position=p).user.email: p for p in range(3)}
    checked = recaps = 0
    for _step in range(60):
        game.refresh_from_db()
        hands = game.state.get("hands")
        for message in mail_server():
            seat = address[str(message["To"])]
            others = set()
            for position, hand in enumerate(hands or []):
                if position != seat:
                    others |= _suited(hand)
            if message["X-Wildcards-Event"] != "your-turn":
                continue  # results and game-over mails speak of earlier deals, reshuffled since
            # The last trick of the previous deal is public, and its cards may be in new hands now.
            body = re.sub(r"== last trick ==\n(  .*\n)*", "", text_of(message).lower().replace("\r\n", "\n"))
            # So are the moves since the player's last one, which may reach into the previous deal:
            # that part may name only cards that were played, never one still in a hand unplayed.
            recap = re.search(r"since your last move:\n((?:- .*\n)*)", body)
            if recap:
                body = body.replace(recap.group(0), "")
                played = _suited(a.payload["card"] for a in game.actions.all() if a.payload.get("type") == "play")
                named = {card for card in others if re.search(rf"\b{card}\b", recap.group(1))}
                assert named <= played, (message["Subject"], named - played)
                recaps += 1
            # Cards in other hands are unplayed: no trick, trump or score line names them.
            leaked = [card for card in others if re.search(rf"\b{card}\b", body)]
            assert not leaked, (message["Subject"], leaked)
            checked += 1
        if game.status != Game.Status.RUNNING:
            break
        seat = engine.to_act(game.state)[0]
        action = engine.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, Action.Channel.WEB, user=seat_user(game, seat), expected_version=game.version)
    assert checked > 10 and recaps > 5


@pytest.mark.django_db
def test_it_never_mails_a_wild_cards_player_the_others_sealed_bid(mail_server):
    alice, bruno = make_user("alice"), make_user("bruno")
    game = start_game([alice, bruno], engine="wildcards")
    mail_server()
    engine = get_engine("wildcards")
    # Alice bids; Bruno's next mails may say she has bid, never what.
    action = {"type": "bid", "card": "refill"}
    do_action(game.pk, 0, action, Action.Channel.WEB, user=seat_user(game, 0), expected_version=0)
    game.refresh_from_db()
    view = engine.view(game.state, 1)
    assert view["players"][0]["bid"] is None
    from games.bymail import mail_context

    seat = game.seats.get(position=1)
    wait = game.deadlines.get(seat=1, closed_at__isnull=True)
    context = mail_context.turn_context(game, seat, wait)
    lines = [line for section in context["board"] for line in section["lines"]]
    row = next(line for line in lines if line.startswith(str(game.seats.get(position=0).name)))
    assert "has bid" in row and "Refill" not in row
