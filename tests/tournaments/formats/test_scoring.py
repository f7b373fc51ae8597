from tournaments.formats.scoring import advancing_order, place_points


def test_places_score_the_configured_points():
    assert place_points({"a": 1, "b": 2, "c": 3, "d": 4}, (4, 2, 1, 0)) == {"a": 4, "b": 2, "c": 1, "d": 0}


def test_players_sharing_a_place_share_its_points():
    assert place_points({"a": 1, "b": 2, "c": 2, "d": 4}, (4, 2, 1, 0)) == {"a": 4, "b": 1.5, "c": 1.5, "d": 0}


def test_places_beyond_the_list_score_nothing():
    assert place_points({"a": 1, "b": 2, "c": 3}, (3,)) == {"a": 3, "b": 0, "c": 0}


def test_a_tie_advances_the_better_seed():
    assert advancing_order({"a": 1, "b": 1, "c": 3}, {"a": 5, "b": 2, "c": 1}) == ["b", "a", "c"]
