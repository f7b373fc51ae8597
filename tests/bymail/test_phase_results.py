"""After a round: what it revealed (bids, tricks, who took what, scores), mailed to every player."""

from __future__ import annotations

import pytest

from games.engines import get_engine
from games.models import Action
from games.services import do_action
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
        action = engine.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, Action.Channel.WEB, user=seat_user(game, seat), expected_version=game.version)
    raise AssertionError("the round did not end")


@pytest.mark.django_db
def test_it_mails_the_wizard_round_results_to_each_player_in_their_language():
    users = [make_user("ann"), make_user("ben", language="es"), make_user("cas")]
    game = start_game(users, engine="wizard")
    results = OutboxMessage.objects.filter(key__startswith="results:")
    _play_until(game, "wizard", results.exists)
    assert results.count() == 3
    spanish = rendered(results.get(to="ben@example.org"))
    assert "ronda 1" in spanish.subject and "bazas" in spanish.text
    assert "took" in rendered(results.get(to="ann@example.org")).text


@pytest.mark.django_db
def test_it_mails_the_wild_cards_round_with_bids_and_who_took_what():
    game = start_game([make_user("ann"), make_user("ben", language="it")], engine="wildcards")
    results = OutboxMessage.objects.filter(key__startswith="results:")
    _play_until(game, "wildcards", results.exists)
    english = rendered(results.get(to="ann@example.org")).text
    assert "Bids revealed" in english
    assert "takes the" in english or "passes and draws" in english
    assert ": Take the" not in english and ": Pass" not in english  # words, not the labels of moves
    assert "Offerte rivelate" in rendered(results.get(to="ben@example.org")).text


def test_one_trick_is_said_in_the_singular(db):
    # A walk-through: "Alice: bid 0, took 1 tricks" (and "1 prese", "1 bazas").
    from django.utils import translation

    from games.bymail.render import wizard

    view = {"score_table": [{"round": 2, "bids": [0, 1], "tricks": [1, 2], "points": [-10, 30], "scores": [-10, 30]}]}
    names = {0: "Alice", 1: "Bruno"}
    lines = wizard.results(view, names, {})[0]["lines"]
    assert "Alice: bid 0, took 1 trick, -10 points" in lines[0] and "took 2 tricks" in lines[1]
    with translation.override("it"):
        assert "1 presa" in wizard.results(view, names, {})[0]["lines"][0]
