"""Emu Ranchers by pointing: a card in the hand, then a new bird, a bird (with where the next
card comes from) or the discard pile; the preview gives the bird's worth by the rulebook."""

import random

from django.utils import translation

from games.engines import get_engine
from games.engines.emu_ranchers.birds import bird_score
from games.pointing import payload_key
from games.presenters import emu_ranchers

ENGINE = get_engine("emu_ranchers")


def positions(seeds=10, moves=60, options=None):
    for seed in range(seeds):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, f"emu-point-{seed}", options or {"pawns": True, "courts": True, "excuse": True})
        for _ in range(moves):
            if not ENGINE.to_act(state):
                break
            seat = ENGINE.to_act(state)[0]
            yield state, seat
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))


def test_every_card_move_has_exactly_one_entry_with_a_target_of_its_own():
    checked = 0
    for state, seat in positions():
        legal = ENGINE.legal_actions(state, seat)
        entries = emu_ranchers.pointing(ENGINE.view(state, seat), legal)
        assert {payload_key(e["payload"]) for e in entries} == {payload_key(a) for a in legal if a["type"] != "done"}
        # One pick and one target name one move: nothing is ambiguous to click.
        pairs = [(e["pick"], e["target"]) for e in entries]
        assert len(pairs) == len(set(pairs))
        checked += len(entries)
    assert checked > 1000


def test_a_grows_preview_gives_the_worth_the_engine_then_scores():
    grows = 0
    with translation.override("en"):
        for state, seat in positions():
            for entry in emu_ranchers.pointing(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)):
                action = entry["payload"]
                if action["type"] != "grow":
                    continue
                after = ENGINE.apply(state, seat, action)
                worth = bird_score(after["ranches"][seat][action["bird"]])
                assert f"it would score {worth:+d} now" in entry["preview"]
                grows += 1
    assert grows > 100


def test_nothing_is_pointed_at_for_a_spectator():
    state = ENGINE.new_game(2, "emu-spectator")
    assert emu_ranchers.pointing(ENGINE.view(state, None), ENGINE.legal_actions(state, ENGINE.to_act(state)[0])) == []
