"""CuBirds has no points: its score sheet is each player's race to the rulebook's two wins, and
at the end a sentence saying how the game was won."""

import random

from django.template.loader import get_template
from django.utils import translation

from games.engines import get_engine
from games.engines.cubirds.cards import WIN_PAIRS_BIRDS, WIN_PAIRS_SPECIES, WIN_SPECIES
from games.presenters.cubirds import table as cubirds

ENGINE = get_engine("cubirds")
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def _finished_games(count: int = 12):
    for seed in range(count):
        rng = random.Random(seed)
        state = ENGINE.new_game(2 + seed % 3, f"cb-race-{seed}", {})
        for _ in range(3000):
            if not ENGINE.to_act(state):
                break
            seat = ENGINE.to_act(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            families = [a for a in legal if a["type"] == "family"]  # families make games end by a win
            state = ENGINE.apply(state, seat, rng.choice(families or legal))
        assert not ENGINE.to_act(state)
        yield state


def _render(view: dict) -> str:
    context = {"view": view, "seat_names": NAMES[: view["num_players"]], "actions": []}
    with translation.override("en"):
        return get_template("games/table/cubirds.html").render(context)


def _row(race: dict, seat: int) -> dict:
    return next(row for row in race["rows"] if row["seat"] == seat)


def test_the_race_counts_what_lies_in_each_collection():
    state = ENGINE.new_game(3, "cb-race", {})
    rng = random.Random(3)
    for _ in range(60):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    view = ENGINE.view(state, None)
    race = cubirds.race(view)
    assert race["goals"] == {"species": WIN_SPECIES, "threes": WIN_PAIRS_SPECIES, "birds": WIN_PAIRS_BIRDS}
    for row, collection in zip(race["rows"], state["collections"], strict=True):
        species = [card.split("-")[0] for card in collection]
        assert row["birds"] == len(collection)
        assert row["species"] == len(set(species))
        assert row["threes"] == len([name for name in set(species) if species.count(name) >= WIN_PAIRS_BIRDS])
        assert row["rank"] is None and not row["won"]
    page = _render(view)
    assert "The race to win" in page and f"Species (a win at {WIN_SPECIES})" in page


def test_a_finished_game_says_how_it_was_won_and_ranks_everyone():
    ends = set()
    for state in _finished_games():
        view = ENGINE.view(state, 0)
        race = cubirds.race(view)
        end, winner = state["end"], state["winner"]
        ends.add(end)
        with translation.override("en"):
            sentence = cubirds.ending(view, NAMES)
        if end == "seven_species":
            assert sentence == f"{NAMES[winner]} won with birds of {WIN_SPECIES} species."
            assert _row(race, winner)["species"] >= WIN_SPECIES
        elif end == "two_threes":
            assert sentence.startswith(f"{NAMES[winner]} won with {WIN_PAIRS_SPECIES} species of")
            assert _row(race, winner)["threes"] >= WIN_PAIRS_SPECIES
        else:
            assert sentence == "The cards ran out: the largest collection wins."
        assert sorted(row["rank"] for row in race["rows"])[0] == 1
        assert [row["won"] for row in race["rows"]].count(True) == (1 if winner is not None else 0)
        page = _render(view)
        assert "Final result" in page and sentence.replace("'", "&#x27;") in page
        if winner is not None:
            assert '<tr class="cb-won"><td>1</td>' in page
    assert ends == {"seven_species", "two_threes", "no_redeal"}, ends  # the seeds reach all three ends


def test_a_hand_of_one_bird_reads_one_card_in_hand():
    # Not "1 cards in hand".
    state = ENGINE.new_game(2, "cb-one", {})
    state = {**state, "hands": [state["hands"][0][:1], state["hands"][1]]}
    html = _render(ENGINE.view(state, None))
    assert "1 card in hand" in html and "1 cards in hand" not in html
    assert f"{len(state['hands'][1])} cards in hand" in html
