import pytest

from games.engines import ENGINE_NAMES, get_engine
from games.engines.base import make_rng, shared_ranks


def test_it_rejects_an_unknown_engine_name():
    with pytest.raises(KeyError, match="unknown game engine"):
        get_engine("chess")


def test_it_names_the_four_games():
    assert ENGINE_NAMES == ("wildcards", "wizard", "cubirds", "emu_ranchers")


def test_make_rng_is_stable_across_runs():
    # Fixed numbers: a change here means old games would replay differently.
    assert make_rng(42, "deal", 1).randrange(1000) == 123
    assert make_rng("abc", 1).random() == make_rng("abc", 1).random()
    assert make_rng("abc", 1).random() != make_rng("abc", 2).random()


def test_shared_ranks_gives_equal_places_to_equal_keys():
    ranks = shared_ranks([(0, (10, 3)), (1, (12, 1)), (2, (10, 3)), (3, (10, 2))])
    assert ranks == [
        {"seat": 0, "score": 10, "rank": 2},
        {"seat": 1, "score": 12, "rank": 1},
        {"seat": 2, "score": 10, "rank": 2},
        {"seat": 3, "score": 10, "rank": 4},
    ]
