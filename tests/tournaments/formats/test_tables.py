import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.tables import Seating, TableSizeError, split


def test_ten_players_at_four_player_tables_sit_four_three_three():
    assert split(10, 4, 3, 4) == Seating((4, 3, 3), 0)


def test_an_odd_number_of_players_at_two_player_tables_gives_one_bye():
    assert split(7, 2, 2, 2) == Seating((2, 2, 2), 1)


def test_five_players_who_cannot_all_sit_give_the_fewest_byes():
    assert split(5, 4, 3, 4) == Seating((4,), 1)


@pytest.mark.parametrize(("preferred", "minimum", "maximum"), [(5, 3, 4), (2, 3, 4), (3, 4, 3), (1, 0, 2)])
def test_it_refuses_sizes_that_do_not_make_a_range(preferred, minimum, maximum):
    with pytest.raises(TableSizeError):
        split(10, preferred, minimum, maximum)


def fits(players: int, minimum: int, maximum: int) -> bool:
    return players == 0 or any(t * minimum <= players <= t * maximum for t in range(1, players + 1))


@settings(max_examples=300, deadline=None)
@given(
    players=st.integers(0, 200),
    limits=st.tuples(st.integers(2, 5), st.integers(2, 5), st.integers(2, 5)).map(sorted),
)
def test_every_player_sits_within_the_limits_or_has_one_of_the_fewest_byes(players, limits):
    minimum, preferred, maximum = limits
    seating = split(players, preferred, minimum, maximum)
    assert sum(seating.sizes) + seating.byes == players
    assert all(minimum <= size <= maximum for size in seating.sizes)
    assert max(seating.sizes, default=0) - min(seating.sizes, default=0) <= 1
    assert not any(fits(players - fewer, minimum, maximum) for fewer in range(seating.byes))
