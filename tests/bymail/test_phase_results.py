"""After a round: what it revealed (bids, tricks, who took what, scores), mailed to every player."""

from __future__ import annotations

import pytest
from django.test import override_settings

from games.engines import get_engine
from games.models import Action, Seat
from games.services import do_action
from games.services.bot_moves import do_bot_move
from tests.conftest import make_user, rendered
from tests.games.conftest import seat_user, start_game
from wildcards_site.outbox.models import OutboxMessage


def _play_until(game, engine_name, done):
    engine = get_engine(engine_name)
    for _ in range(400):
        game.refresh_from_db()
        if done():
            return
        seat = engine.to_act(game.state)[0]
        if game.seats.get(position=seat).kind == Seat.Kind.BOT:
            # A searching bot moves from its task; here its body runs inline, on a small budget.
            with override_settings(GAME_BOT_BUDGETS={"good": 4, "strong": 8}):
                do_bot_move(game.pk, seat)
            continue
        action = engine.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, Action.Channel.WEB, user=seat_user(game, seat), expected_version=game.version)
    raise AssertionError("the round did not end")


def _first_results(game, engine_name):
    """The results mails of the game's first round (or year), once it has ended."""
    results = OutboxMessage.objects.filter(key__startswith="results:")
    _play_until(game, engine_name, results.exists)
    return results


@pytest.mark.django_db
def test_it_mails_the_wizard_round_results_to_each_player_in_their_language():
    users = [make_user("ann"), make_user("ben", language="es"), make_user("cas")]
    game = start_game(users, engine="wizard")
    results = _first_results(game, "wizard")
    assert results.count() == 3
    spanish = rendered(results.get(to="ben@example.org"))
    assert "ronda 1" in spanish.subject and "bazas" in spanish.text
    assert "took" in rendered(results.get(to="ann@example.org")).text


@pytest.mark.django_db
def test_it_mails_the_wild_cards_round_with_bids_and_who_took_what():
    game = start_game([make_user("ann"), make_user("ben", language="it")], engine="wildcards")
    results = _first_results(game, "wildcards")
    english = rendered(results.get(to="ann@example.org")).text
    assert "Bids revealed" in english
    assert "takes the" in english or "passes and draws" in english
    assert ": Take the" not in english and ": Pass" not in english  # words, not the labels of moves
    assert "Offerte rivelate" in rendered(results.get(to="ben@example.org")).text


def test_one_trick_is_said_in_the_singular(db):
    # Not "Alice: bid 0, took 1 tricks" (nor "1 prese", "1 bazas").
    from django.utils import translation

    from games.presenters.wizard import mail as wizard

    view = {"score_table": [{"round": 2, "bids": [0, 1], "tricks": [1, 2], "points": [-10, 30], "scores": [-10, 30]}]}
    names = {0: "Alice", 1: "Bruno"}
    lines = wizard.results(view, names, {})[0]["lines"]
    assert "Alice: bid 0, took 1 trick, -10 points" in lines[0] and "took 2 tricks" in lines[1]
    with translation.override("it"):
        assert "1 presa" in wizard.results(view, names, {})[0]["lines"][0]


@pytest.mark.django_db
def test_the_round_results_name_a_bot_seat_in_the_readers_language():
    # A Spanish round-results mail names the bot as the same game's turn mails do ("bot de nivel
    # Bueno"), not "Bot 1 · Good bot se lleva: Ardilla".
    from games.services import do_resign

    players = [make_user("ann", display_name="Ann"), make_user("ben", display_name="Ben", language="es")]
    players.append(make_user("cy", display_name="Cy"))
    game = start_game(players, engine="wildcards")
    do_resign(game.pk, players[2])
    results = _first_results(game, "wildcards")
    spanish = rendered(results.get(to="ben@example.org"))
    assert "Cy · bot de nivel Bueno" in spanish.text and "Good bot" not in spanish.text
    assert "Cy · Good bot" in rendered(results.get(to="ann@example.org")).text


@pytest.mark.django_db
def test_the_emu_ranchers_year_results_name_each_bird_s_cards_in_the_readers_language():
    # "uitslag van ronde 1" lists each bird by name, not as Python dicts,
    # "Vogel 1: {'id': 'cave', 'name': 'The Cave', 'kind': 'number', ...}: -16".
    from django.utils import translation

    from games.presenters.emu_ranchers.mail import card

    game = start_game([make_user("ann"), make_user("ben", language="nl")], engine="emu_ranchers")
    results = _first_results(game, "emu_ranchers")
    english, dutch = rendered(results.get(to="ann@example.org")), rendered(results.get(to="ben@example.org"))
    for mail in (english, dutch):
        assert "{'id'" not in mail.text and "'name'" not in mail.html
    assert "results of year 1" in english.subject and "Year 1 of" in english.text
    assert "jaar 1" in dutch.subject and "ronde" not in dutch.subject
    game.refresh_from_db()
    view = get_engine("emu_ranchers").view(game.state, 0)
    first = view["history"][-1]["seats"][0]["birds"][0]["cards"]
    assert ", ".join(card(entry) for entry in first) in english.text
    with translation.override("nl"):
        named = ", ".join(card(entry) for entry in view["history"][-1]["seats"][0]["birds"][0]["cards"])
    assert named in dutch.text
