"""Hidden information, tested by changing it: what a viewer must not know never shows.

At every state of random games, for every seat and the spectator, a twin
state changes everything that viewer must not know (`twins.py`). The view,
the viewer's legal moves, the mail text and the table page fragment must be
the same in both. Then the same next move (any move of the same kind when it
is sealed) is made in both, and as long as that move reveals nothing by the
rules (no round, deal or game ends, no sealed phase closes) the views after it
must be the same too, and so must what the table's log says of that move and the marks
the table puts on it: so a step that is reached, or skipped, because of a hidden
hand shows up as well as a hidden card in a view.
"""

from __future__ import annotations

import random

import pytest
from django.template.loader import get_template

from games import recap as recaps
from games import registry
from games.bymail import render
from games.engines import get_engine
from games.presenters import action_label, last_move_marks
from games.presenters.pointing import payload_key, pointing_for
from tests.hidden_information.twins import TWINS

KEEP_TOP = 15  # more than any single action draws
RENDER_EVERY = 7  # templates are slow: the mail and the page are compared at every 7th step


def _sealed_kind(engine: str, state: dict, action: dict) -> str | None:
    """For a move whose content others do not see, what they do see of it (its kind); else None."""
    kind = action["type"]
    if engine == "wildcards" and kind in ("bid", "eagle_bid", "tie_pay"):
        return kind
    if engine == "wildcards" and kind == "reveal":  # from the deck or from hand shows (RULES-NOTES)
        return "reveal-deck" if action["card"] == "deck" else "reveal-hand"
    if engine == "wizard" and kind == "bid" and (state["options"]["hidden_bids"] or state["options"]["blind_bids"]):
        return kind
    return None


def _reveals_nothing(engine: str, before: dict, action: dict, after: dict) -> bool:
    """Whether the rules reveal nothing hidden by this move (no sealed phase closes, no new deal,
    no card turned face up from a hidden place), so that the views after it must still agree."""
    if engine == "wildcards":
        same = ("round", "phase", "wait")
        return all(after[key] == before[key] for key in same) and not after["over"]
    if engine == "cubirds":
        # Laying or forming a family shows how many birds of a species the hand held.
        quiet = action["type"] in ("draw", "no_draw", "no_family")
        return quiet and after["deals"] == before["deals"] and not after["over"]
    if engine == "emu_ranchers":
        # Drawing the discard pile's top card turns up the card below it.
        quiet = action.get("draw") != "discard"
        return quiet and after["year"] == before["year"] and after["phase"] == before["phase"]
    return after["round"] == before["round"] and after["phase"] == before["phase"]


def _mail_text(engine_name: str, view: dict, legal: list[dict], names: dict) -> str:
    sections = render.board(engine_name, view, names)
    # As the mail lists them (in the order of the hand it shows), with the note on the turn's steps.
    listed = render.in_hand_order(engine_name, legal, view)
    moves = [f"{render.phrase(engine_name, a, view)} | {action_label(a, engine_name, view)}" for a in listed]
    return repr(sections) + "\n" + "\n".join(moves) + "\n" + render.turn_note(engine_name, legal, view, names)


def _page_fragment(engine_name: str, view: dict, legal: list[dict], names: list[str]) -> str:
    """The game's table fragment with the moves as the page gives them, pointing included: each
    move's pick, target and preview (the previews sit on the move forms, so they are compared too)."""
    pointed = pointing_for(engine_name, view, legal)
    actions = []
    for action in legal:
        choice = {"label": action_label(action, engine_name, view), "payload": payload_key(action)}
        choice.update(pointed.get(payload_key(action), {}))
        actions.append(choice)
    context = {
        "view": view,
        "refill_card": {"id": "refill", "habitat": None, "value": None},
        "seat_names": names,
        "actions": actions,
    }
    moves = "\n".join(f"{a['label']} | {a.get('pick')} | {a.get('target')} | {a.get('preview')}" for a in actions)
    # The note above the moves (Wild Cards: the cards still to pay or to lay), as the table shows it.
    note = getattr(registry.part(engine_name, "table"), "turn_note", None)
    said = note(legal, view, dict(enumerate(names))) if note else ""
    return get_template(f"games/table/{engine_name}.html").render(context) + "\n" + moves + "\n" + said


def _told(engine_name: str, before: dict, after: dict, actor: int, names: dict) -> tuple:
    """What the table's log says of one step and what the table marks as its last move."""
    describe = recaps.changes_of(engine_name)
    lines = [str(line) for line in describe(before, after, actor, names)] if describe else []
    return lines, sorted(last_move_marks(engine_name, (before, after, actor)))


def _twin_action(engine_name, engine, state, twin, actor, viewer, action, rng):
    """The move made in the twin: the same one, or one of the same kind when it is sealed."""
    legal = engine.legal_actions(twin, actor)
    if actor != viewer:
        kind = _sealed_kind(engine_name, state, action)
        if kind is not None:
            same_kind = [other for other in legal if _sealed_kind(engine_name, twin, other) == kind]
            return rng.choice(same_kind) if same_kind else None
    return action if action in legal else None


def check_twins(engine_name: str, num_players: int, options: dict, seeds: range) -> int:
    engine = get_engine(engine_name)
    compared = 0
    names = {seat: f"P{seat}" for seat in range(num_players)}
    forced_action = getattr(engine, "forced_action", None)
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.new_game(num_players, seed, engine.validate_options(num_players, options))
        step = 0
        while not engine.is_over(state):
            actor = rng.choice(engine.to_act(state))
            action = rng.choice(engine.legal_actions(state, actor))
            after = engine.apply(state, actor, action)
            for viewer in [None, *range(num_players)]:
                where = f"{engine_name} {options} seed {seed} step {step} viewer {viewer}"
                view = engine.view(state, viewer)
                twin = TWINS[engine_name](state, viewer, rng, None)
                assert engine.view(twin, viewer) == view, f"the view tells a hidden card: {where}"
                legal = engine.legal_actions(state, viewer) if viewer is not None else []
                twin_legal = engine.legal_actions(twin, viewer) if viewer is not None else []
                assert twin_legal == legal, f"the moves offered tell a hidden card: {where}"
                for seat in engine.to_act(state) if forced_action else []:
                    # A move made at once for its seat shows it was forced: only what all can see may say so.
                    assert (forced_action(twin, seat) is None) == (forced_action(state, seat) is None), (
                        f"a move made at once as forced tells a hidden card of seat {seat}: {where}"
                    )
                if step % RENDER_EVERY == 0:
                    twin_view = engine.view(twin, viewer)
                    assert _mail_text(engine_name, twin_view, twin_legal, names) == _mail_text(
                        engine_name, view, legal, names
                    ), f"the mail tells a hidden card: {where}"
                    assert _page_fragment(engine_name, twin_view, twin_legal, list(names.values())) == (
                        _page_fragment(engine_name, view, legal, list(names.values()))
                    ), f"the table page tells a hidden card: {where}"
                near = TWINS[engine_name](state, viewer, rng, KEEP_TOP)
                move = _twin_action(engine_name, engine, state, near, actor, viewer, action, rng)
                if move is None:
                    continue
                near_after = engine.apply(near, actor, move)
                if _reveals_nothing(engine_name, state, action, after) and _reveals_nothing(
                    engine_name, near, move, near_after
                ):
                    seen, near_seen = engine.view(after, viewer), engine.view(near_after, viewer)
                    differ = sorted(key for key in seen if seen[key] != near_seen.get(key))
                    assert not differ, f"what follows {action} tells a hidden card ({', '.join(differ)}): {where}"
                    # The log's sentence and the last move's marks on the table, for this step.
                    told = _told(engine_name, engine.view(near, viewer), near_seen, actor, names)
                    assert told == _told(engine_name, view, seen, actor, names), f"the log tells a hidden card: {where}"
                    compared += 1
            state = after
            step += 1
    return compared


CASES = [
    ("wildcards", 3, {"edition": "2022"}, 6),
    ("wildcards", 4, {"edition": "2020"}, 6),
    ("wildcards", 3, {"edition": "2022", "leo": True}, 4),
    ("wildcards", 5, {"edition": "2022"}, 3),
    ("cubirds", 2, {}, 6),
    ("cubirds", 4, {}, 4),
    ("emu_ranchers", 2, {}, 6),
    ("emu_ranchers", 2, {"excuse": True, "pawns": True, "courts": True}, 4),
    ("wizard", 3, {}, 2),
    ("wizard", 4, {"hidden_bids": True}, 2),
    ("wizard", 3, {"blind_bids": True}, 2),
    ("wizard", 3, {"clairvoyance": True}, 2),
    ("wizard", 2, {"two_players": True}, 2),
    ("wizard", 3, {"monocolor": True}, 2),
]


@pytest.mark.parametrize(("engine_name", "num_players", "options", "games"), CASES)
def test_changing_what_a_viewer_must_not_know_changes_nothing_they_see(engine_name, num_players, options, games):
    compared = check_twins(engine_name, num_players, options, range(games))
    assert compared > 0, "no next move was ever compared"


def test_a_move_made_at_once_because_the_hand_leaves_one_card_to_follow_fails_the_twins(monkeypatch):
    # The double: Wizard's forced move read from the hand (one legal card, a follow the suits in
    # it force). Played at once, it would tell the table that hand held no other card of the suit.
    from games.engines.wizard.engine import WizardEngine

    def follow_forced(self, state, seat):
        legal = self.legal_actions(state, seat) if state["phase"] == "play" else []
        return legal[0] if len(legal) == 1 else None

    monkeypatch.setattr(WizardEngine, "forced_action", follow_forced)
    with pytest.raises(AssertionError, match="a move made at once as forced tells a hidden card"):
        check_twins("wizard", 4, {}, range(2))
