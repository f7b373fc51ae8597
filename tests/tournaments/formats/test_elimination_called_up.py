"""What a multiplayer knock-out page tells of a round's advancement: the runners-up called up
and the qualifiers whose places they took (worked by hand)."""

from tournaments.formats.elimination import CallUp, called_up, multiplayer_advancers


def test_a_dropped_table_winner_is_replaced_by_the_best_runner_up_and_both_are_named():
    seeds = {player: number for number, player in enumerate("abcdefghi", 1)}
    tables = [{"a": 1, "f": 2, "g": 3}, {"b": 1, "e": 2, "h": 3}, {"c": 1, "d": 2, "i": 3}]
    going = multiplayer_advancers(tables, [], 1, seeds, 3, frozenset({"a"}))
    # The seconds are f (seed 6), e (5) and d (4): d is the best runner-up by seed.
    assert going == ["b", "c", "d"]
    calls, vacated = called_up(tables, [], 1, seeds, set(going))
    assert calls == [CallUp("d", 2, 2)] and vacated == ["a"]


def test_a_forfeited_table_leaves_its_place_to_a_runner_up_and_no_call_up_without_a_vacancy():
    seeds = {player: number for number, player in enumerate("abcdef", 1)}
    tables = [{"a": None, "d": None, "e": None}, {"b": 1, "c": 2, "f": 3}]
    going = multiplayer_advancers(tables, [], 1, seeds, 3, frozenset())
    assert going == ["b", "c", "f"]  # the final needs 3: both runners-up of the played table
    calls, vacated = called_up(tables, [], 1, seeds, set(going))
    assert calls == [CallUp("c", 1, 2), CallUp("f", 1, 3)] and vacated == ["a"]
    assert called_up([{"a": 1, "b": 2}], ["c"], 1, {"a": 1, "b": 2, "c": 3}, {"a", "c"}) == ([], [])
