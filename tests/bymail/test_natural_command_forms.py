"""Each command read in the forms people write it, in each language: the first person, the
imperative and the noun ("Offro foresta 4" was refused where the mail wrote "offerta foresta 4")."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from games.bymail import commands, render
from games.engines import get_engine

# (language, the word the mail writes, the forms a reply may use instead): the rulebooks' verbs.
FORMS = [
    ("it", "offerta", ["offro", "offri"]),
    ("it", "dichiara", ["dichiaro", "dichiarazione"]),
    ("it", "gioca", ["gioco"]),
    ("it", "scambia", ["scambio"]),
    ("it", "paga", ["pago"]),
    ("es", "puja", ["pujo"]),
    ("es", "apuesta", ["apuesto"]),
    ("es", "juega", ["juego"]),
    ("es", "cambia", ["cambio"]),
    ("es", "paga", ["pago"]),
    ("nl", "bied", ["bod"]),
]


def _states():
    """Every 3rd state of whole random games of Wild Cards (both editions) and Wizard, with a
    seat to act: bids, payments, the Meerkat's swap, cards."""
    rng = random.Random(7)
    games = [("wildcards", {"edition": edition}, seed) for edition in ("2020", "2022") for seed in range(4)]
    for name, options, seed in [*games, ("wizard", {}, 0)]:
        engine = get_engine(name)
        state = engine.new_game(3, f"forms-{name}-{options}-{seed}", options)
        step = 0
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            if step % 3 == 0:
                yield name, engine, state, seat
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            step += 1


@pytest.mark.parametrize(("language", "word", "forms"), FORMS)
def test_a_command_in_the_first_person_or_as_a_noun_is_the_same_move(language, word, forms):
    tried = 0
    for name, engine, state, seat in _states():
        legal, view = engine.legal_actions(state, seat), engine.view(state, seat)
        menu = commands.menu(name, legal, view)
        for action in legal:
            with translation.override(language):
                phrase = render.phrase(name, action, view)
            if not phrase.lower().startswith(word + " "):
                continue
            for form in forms:
                written = form.capitalize() + phrase[len(word) :]
                assert menu.match(written) == menu.match(phrase), written
                tried += 1
    assert tried, f"no move of the mail reads “{word} …” in {language}"
