"""The last move is marked on the table: the bird it hatched or grew (Emu Ranchers), the mover's
place and the stacks that grew (Wild Cards), worked out from the viewer's own views."""

import random

import pytest
from django.test import Client
from django.urls import reverse

from games.engines import get_engine
from games.engines.wildcards.cards import ANIMAL_SPECIES, SPECIES
from games.presenters import last_move_marks
from games.presenters.emu_ranchers import table as emu_ranchers
from games.presenters.wildcards import table as wildcards
from games.services.play import do_action
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game

EMU = get_engine("emu_ranchers")
WILD = get_engine("wildcards")


def _step(engine, state, seat, action, viewer):
    after = engine.apply(state, seat, action)
    return after, (engine.view(state, viewer), engine.view(after, viewer), seat)


def test_an_emu_hatch_marks_the_new_bird_and_a_discard_marks_the_pile():
    state = EMU.new_game(2, "emu-last", {})
    seat = EMU.to_act(state)[0]
    hatch = next(a for a in EMU.legal_actions(state, seat) if a["type"] == "hatch")
    state, last = _step(EMU, state, seat, hatch, 1 - seat)  # seen by the other player
    assert emu_ranchers.last_move(*last) == {f"bird:{seat}:0"}
    other = EMU.to_act(state)[0]
    discard = next(a for a in EMU.legal_actions(state, other) if a["type"] == "discard")
    state, last = _step(EMU, state, other, discard, seat)
    assert emu_ranchers.last_move(*last) == {"discard"}


def test_a_grown_emu_bird_is_marked_among_several():
    rng = random.Random(2)
    grown = 0
    for attempt in range(30):
        state = EMU.new_game(2, f"emu-grow-{attempt}", {})
        for _ in range(40):
            if not EMU.to_act(state):
                break
            seat = EMU.to_act(state)[0]
            legal = EMU.legal_actions(state, seat)
            action = rng.choice(legal)
            before_birds = len(state["ranches"][seat])
            year = state["year"]
            state, last = _step(EMU, state, seat, action, seat)
            if action["type"] == "grow" and state["year"] == year and before_birds > 1:
                assert f"bird:{seat}:{action['bird']}" in emu_ranchers.last_move(*last)
                grown += 1
    assert grown > 5


def test_a_wild_cards_payment_marks_the_payer_and_the_stack_that_grew():
    rng = random.Random(4)
    seen = 0
    for attempt in range(10):
        state = WILD.new_game(3, f"wc-last-{attempt}", {"edition": "2022"})
        for _ in range(200):
            if not WILD.to_act(state):
                break
            seat = WILD.to_act(state)[0]
            action = rng.choice(WILD.legal_actions(state, seat))
            taking = state.get("taking")
            state, last = _step(WILD, state, seat, action, (seat + 1) % 3)
            marks = wildcards.last_move(*last)
            assert f"seat:{seat}" in marks
            if action["type"] == "pay" and taking is not None and state.get("taking") is None:
                # The last card paid: the animal joins the payer's collection.
                assert f"stack:{seat}:{SPECIES[ANIMAL_SPECIES[taking]]}" in marks
                seen += 1
    assert seen > 5


def test_a_game_without_the_hook_or_a_log_that_does_not_replay_marks_nothing():
    assert last_move_marks("wizard", ({}, {}, 0)) == set()  # Wizard marks its trick itself
    assert last_move_marks("emu_ranchers", None) == set()


@pytest.mark.django_db
def test_the_emu_table_marks_the_bird_just_hatched_for_both_players_and_spectators():
    users = [make_user("mara"), make_user("milo")]
    game = start_game(users, engine="emu_ranchers")
    seat = EMU.to_act(game.state)[0]
    hatch = next(a for a in EMU.legal_actions(game.state, seat) if a["type"] == "hatch")
    do_action(game.pk, seat, hatch, "web", user=seat_user(game, seat), expected_version=game.version)
    game.refresh_from_db()
    watcher = Client()
    watcher.force_login(seat_user(game, 1 - seat))
    for client in (watcher, Client()):
        page = client.get(reverse("games:table", args=[game.pk])).content.decode()
        ranch = page[page.index(f'data-seat="{seat}"') :]
        assert 'class="emu-bird last-move" data-bird="0" aria-current="true"' in ranch
        assert page.count("emu-bird last-move") == 1


@pytest.mark.django_db
def test_the_wild_cards_table_marks_the_last_bidders_place():
    users = [make_user("wade"), make_user("wynn"), make_user("wyatt")]
    game = start_game(users, engine="wildcards", options={"edition": "2022"})
    seat = WILD.to_act(game.state)[0]
    bid = WILD.legal_actions(game.state, seat)[0]
    do_action(game.pk, seat, bid, "web", user=seat_user(game, seat), expected_version=game.version)
    client = Client()
    client.force_login(seat_user(game, (seat + 1) % 3))
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert f'class="wc-player last-move" data-seat="{seat}"' in page
    assert page.count("wc-player last-move") + page.count("wc-player me last-move") == 1
