"""A reply naming a card of the player's hand that the rules forbid now is refused with the rule,
as the table says it on the card, not only "“play green 3” is not one of
your legal moves now" when the player must follow the suit led."""

from __future__ import annotations

import pytest

from games.bymail.models import InboundMail
from games.bymail.render import phrase
from games.engines import get_engine
from games.engines.wizard.rules import led_suit, legal_cards
from games.models import Action
from tests.bymail.conftest import post_postmark, reply_mime, text_of
from tests.conftest import make_user
from tests.games.conftest import play_until, start_game

pytestmark = pytest.mark.django_db


def _must_follow(state) -> bool:
    """The seat to play holds the suit led and a card of another suit it may not play."""
    if state["phase"] != "play" or not state["trick"]:
        return False
    hand = state["hands"][state["turn"]]
    return len(legal_cards(hand, state["trick"])) < len(hand)


def _forbidden_card_reply(client, mail_server, settings, language: str = "en"):
    settings.GAME_MAIL_GRACE_SECONDS = 0  # the turn mail goes at once, though the moves were made on the web
    alice, bruno = make_user("amy", display_name="Alice"), make_user("bb", display_name="Bruno")
    for user in (alice, bruno):
        type(user.profile).objects.filter(user=user).update(language=language)
    game = start_game([alice, bruno], engine="wizard")
    game = play_until(game, _must_follow, "a seat that must follow suit")
    seat = game.state["turn"]
    player = game.seats.get(position=seat).user
    hand = game.state["hands"][seat]
    allowed = legal_cards(hand, game.state["trick"])
    forbidden = next(card for card in hand if card not in allowed)
    view = get_engine("wizard").view(game.state, seat)
    mail = [m for m in mail_server() if str(m["To"]) == player.email][-1]
    from django.utils import translation

    with translation.override(language):
        line = phrase("wizard", {"type": "play", "card": forbidden}, view)
    assert post_postmark(client, reply_mime(mail, player.email, line)).status_code == 200
    answer = [m for m in mail_server() if str(m["To"]) == player.email][-1]
    return game, line, led_suit(game.state["trick"]), text_of(answer)


def test_a_card_that_does_not_follow_suit_is_refused_with_the_rule(client, mail_server, settings):
    game, line, suit, text = _forbidden_card_reply(client, mail_server, settings)
    assert InboundMail.objects.get().outcome == "unknown_command"
    assert not Action.objects.filter(game=game, channel=Action.Channel.EMAIL_REPLY).exists()
    assert f"you hold {suit}, the suit led, and must follow it" in text
    assert "not one of your legal moves" not in text


def test_the_rule_is_said_in_the_players_language(client, mail_server, settings):
    _game, _line, _suit, text = _forbidden_card_reply(client, mail_server, settings, "it")
    assert "legal move" not in text and "must follow" not in text
    assert "devi rispondere al colore" in text


def test_a_card_the_player_does_not_hold_is_still_not_one_of_their_moves(client, mail_server, settings):
    settings.GAME_MAIL_GRACE_SECONDS = 0
    alice, bruno = make_user("amy", display_name="Alice"), make_user("bb", display_name="Bruno")
    game = start_game([alice, bruno], engine="wizard")
    game = play_until(game, _must_follow, "a seat that must follow suit")
    seat = game.state["turn"]
    player = game.seats.get(position=seat).user
    other = game.state["hands"][1 - seat][0]  # the opponent's card: nothing about it is said
    view = get_engine("wizard").view(game.state, seat)
    mail = [m for m in mail_server() if str(m["To"]) == player.email][-1]
    line = phrase("wizard", {"type": "play", "card": other}, view)
    assert post_postmark(client, reply_mime(mail, player.email, line)).status_code == 200
    text = text_of([m for m in mail_server() if str(m["To"]) == player.email][-1])
    assert "is not one of your legal moves now" in text and "must follow" not in text


def _menu_where(condition):
    """(menu, hand, legal cards) at the first decision of seeded random 2-player Wizard games
    where the seat to play must follow suit and `condition(hand, legal)` holds."""
    import random

    from games.bymail import commands

    engine = get_engine("wizard")
    for seed in range(200):
        state, rng = engine.new_game(2, f"m{seed}"), random.Random(seed)
        while state["phase"] != "over":
            seat = engine.to_act(state)[0]
            if _must_follow(state):
                hand, allowed = state["hands"][seat], legal_cards(state["hands"][seat], state["trick"])
                if condition(hand, allowed):
                    legal = engine.legal_actions(state, seat)
                    return commands.menu("wizard", legal, engine.view(state, seat)), hand, allowed
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    raise AssertionError("no such decision in 200 games")


def _numbered(card: str) -> bool:
    return card.split("-")[0] not in ("wizard", "jester")


def test_a_forbidden_card_written_without_the_verb_is_told_the_rule():
    from games.bymail import commands

    menu, hand, allowed = _menu_where(lambda hand, allowed: any(_numbered(c) for c in hand if c not in allowed))
    forbidden = next(card for card in hand if card not in allowed and _numbered(card))
    suit, rank = forbidden.split("-")
    with pytest.raises(commands.CommandError, match="the suit led, and must follow it"):
        menu.match(f"{suit} {rank}")


def test_a_rank_alone_shared_by_a_legal_and_a_forbidden_card_is_not_played():
    # "7" matches the legal Blue 7 and the forbidden Red 7 they hold too: not played, as the
    # player may have meant the Red 7.
    from games.bymail import commands

    def shared(hand, allowed):
        legal_ranks = {c.split("-")[1] for c in allowed if _numbered(c)}
        return any(_numbered(c) and c.split("-")[1] in legal_ranks for c in hand if c not in allowed)

    menu, hand, allowed = _menu_where(shared)
    rank = next(
        c.split("-")[1]
        for c in hand
        if c not in allowed and _numbered(c) and c.split("-")[1] in {a.split("-")[1] for a in allowed if _numbered(a)}
    )
    with pytest.raises(commands.CommandError, match="more than one of your cards"):
        menu.match(rank)


@pytest.mark.parametrize("verb", ["play", "gioca", "juega"])
def test_the_verb_alone_plays_the_only_legal_card_though_forbidden_cards_are_held(verb):
    # Session 40's note: "play" with one card allowed was refused as "more than one of your
    # cards" once a forbidden card was in the hand; the verb names no card, so only the legal
    # moves can be meant, as before the forbidden cards were known to the menu.
    menu, hand, allowed = _menu_where(lambda hand, allowed: len(allowed) == 1 and len(hand) > 1)
    assert menu.match(verb) == {"type": "play", "card": allowed[0]}


def test_the_verb_alone_with_several_legal_cards_is_still_refused():
    from games.bymail import commands

    menu, _hand, allowed = _menu_where(lambda hand, allowed: len(set(allowed)) > 1 and len(allowed) < len(hand))
    with pytest.raises(commands.CommandError, match="more than one move"):
        menu.match("play")
