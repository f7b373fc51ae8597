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


def test_a_player_level_first_who_lost_the_tie_on_seed_is_called_up_before_a_second():
    # The call-up does not count places down the table's list, or e (level 1st with b, out on
    # seed) would count as 2nd and lose the call-up to d, 2nd at its table, on seed, though the
    # final standings put e above d. The game's place decides, then the seed.
    seeds = {player: number for number, player in enumerate("abcdefghi", 1)}
    tables = [{"a": 1, "f": 2, "g": 3}, {"b": 1, "e": 1, "h": 3}, {"c": 1, "d": 2, "i": 3}]
    going = multiplayer_advancers(tables, [], 1, seeds, 3, frozenset({"a"}))
    assert going == ["b", "c", "e"]
    calls, vacated = called_up(tables, [], 1, seeds, set(going))
    assert calls == [CallUp("e", 1, 1)] and vacated == ["a"]


def test_runners_up_level_at_the_cut_go_by_the_game_s_place_with_two_going_on():
    seeds = {player: number for number, player in enumerate("abcdefgh", 1)}
    # Two go on a table: g is level 2nd with b (out on seed), d is 3rd; a drops.
    tables = [{"a": 1, "b": 2, "g": 2, "e": 4}, {"c": 1, "d": 2, "f": 3, "h": 4}]
    going = multiplayer_advancers(tables, [], 2, seeds, 4, frozenset({"a"}))
    assert going == ["b", "c", "d", "g"]
    calls, _vacated = called_up(tables, [], 2, seeds, set(going))
    assert calls == [CallUp("g", 0, 2)]
