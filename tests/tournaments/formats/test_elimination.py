import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.elimination import (
    EMPTY,
    Bracket,
    bracket_order,
    multiplayer_advancers,
    multiplayer_round,
)


def run(bracket: Bracket, rng: random.Random, favourite_wins: float = 0.6, drops_after: int | None = None):
    """Play the bracket out with random results; returns the resolution and the games played."""
    results: dict = {}
    dropped: set = set()
    played = []
    for step in range(1000):
        resolved = bracket.resolve(results, frozenset(dropped))
        if resolved.champion is not None:
            return resolved, played, dropped
        assert resolved.to_play, "a bracket that is not finished always has a match to play"
        if drops_after is not None and step == drops_after:
            alive = [p for match_id in resolved.to_play for p in resolved.players[match_id]]
            dropped.add(rng.choice(alive))
            continue
        for match_id in resolved.to_play:
            a, b = resolved.players[match_id]
            better, worse = (a, b) if bracket.seed_of[a] < bracket.seed_of[b] else (b, a)
            roll = rng.random()
            if roll < 0.05:
                results[match_id] = {a: 1, b: 1}  # a draw: the better seed goes on
            elif roll < favourite_wins:
                results[match_id] = {better: 1, worse: 2}
            else:
                results[match_id] = {better: 2, worse: 1}
            played.append((match_id, a, b, step))
    raise AssertionError("the bracket never finished")


def assert_only_winners_go_on(bracket: Bracket, resolved) -> None:
    for match in bracket.matches:
        if match.id not in resolved.players:
            continue
        for slot, player in zip(match.slots, resolved.players[match.id], strict=True):
            kind, source = slot
            if kind == "winner":
                assert player == resolved.winners[source]
            elif kind == "loser":
                assert player == resolved.losers[source]


def test_bracket_order_puts_seed_one_against_the_last():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_the_top_seeds_get_the_byes():
    bracket = Bracket(list("abcdef"))
    resolved = bracket.resolve({})
    first_round = [resolved.players[m.id] for m in bracket.matches if m.round == 1 and m.bracket == "W"]
    byes = [pair[0] for pair in first_round if EMPTY in pair]
    assert byes == ["a", "b"]
    assert ("d", "e") in first_round or ("e", "d") in first_round


def test_a_tied_match_advances_the_better_seed():
    bracket = Bracket(["a", "b"])
    resolved = bracket.resolve({"W1-1": {"a": 1, "b": 1}})
    assert resolved.champion == "a"


@settings(max_examples=50, deadline=None)
@given(players=st.integers(2, 200), seed=st.integers(0, 10**6))
def test_single_elimination_plays_n_minus_one_games_and_every_loser_leaves(players, seed):
    bracket = Bracket(list(range(players)))
    resolved, played, _ = run(bracket, random.Random(seed))
    assert len(played) == players - 1
    losers = [resolved.losers[match_id] for match_id, _a, _b, _step in played]
    assert len(set(losers)) == players - 1 and resolved.champion not in losers
    # Each match's winner is one of its own two players, and only winners go on.
    for match_id, a, b, _step in played:
        assert resolved.winners[match_id] in (a, b)
    assert_only_winners_go_on(bracket, resolved)
    assert sorted(player for _place, player in resolved.places) == list(range(players))
    assert resolved.places[0] == (1, resolved.champion)


@settings(max_examples=50, deadline=None)
@given(players=st.integers(2, 200), seed=st.integers(0, 10**6))
def test_double_elimination_knocks_out_after_two_losses(players, seed):
    bracket = Bracket(list(range(players)), double=True)
    resolved, played, _ = run(bracket, random.Random(seed))
    losses = Counter(resolved.losers[match_id] for match_id, _a, _b, _step in played)
    assert losses[resolved.champion] <= 1
    assert all(losses[player] == 2 for player in range(players) if player != resolved.champion)
    reset = "GF2" in resolved.winners
    assert len(played) == 2 * players - 2 + (1 if reset else 0)
    assert sorted(player for _place, player in resolved.places) == list(range(players))
    assert_only_winners_go_on(bracket, resolved)
    places = dict((player, place) for place, player in resolved.places)
    assert sorted(places.values())[:2] == [1, 2]


def test_a_grand_final_won_by_the_losers_bracket_champion_is_replayed():
    bracket = Bracket(["a", "b"], double=True)
    results = {"W1-1": {"a": 1, "b": 2}, "GF": {"a": 2, "b": 1}}
    resolved = bracket.resolve(results)
    assert resolved.to_play == ["GF2"] and resolved.champion is None
    results["GF2"] = {"a": 2, "b": 1}
    assert bracket.resolve(results).champion == "b"


def test_a_grand_final_won_by_the_winners_bracket_champion_ends_it():
    bracket = Bracket(["a", "b"], double=True)
    resolved = bracket.resolve({"W1-1": {"a": 1, "b": 2}, "GF": {"a": 1, "b": 2}})
    assert resolved.champion == "a" and "GF2" not in resolved.players
    assert resolved.places == [(1, "a"), (2, "b")]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 120), seed=st.integers(0, 10**6), double=st.booleans(), when=st.integers(0, 6))
def test_a_player_who_drops_mid_event_loses_by_walkover_and_the_bracket_still_finishes(players, seed, double, when):
    bracket = Bracket(list(range(players)), double=double)
    resolved, played, dropped = run(bracket, random.Random(seed), drops_after=when)
    assert resolved.champion not in dropped
    # After the drop nobody plays the dropped player: their matches are walkovers.
    assert not [m for m, a, b, step in played if step > when and dropped & {a, b}]
    assert sorted(player for _place, player in resolved.places) == list(range(players))
    assert_only_winners_go_on(bracket, resolved)


def test_a_wrong_result_is_refused():
    bracket = Bracket(["a", "b"])
    with pytest.raises(ValueError, match="not its players"):
        bracket.resolve({"W1-1": {"a": 1, "z": 2}})


def test_a_bracket_refuses_duplicates_and_a_lone_player():
    with pytest.raises(ValueError, match="twice"):
        Bracket(["a", "a"])
    with pytest.raises(ValueError, match="at least 2"):
        Bracket(["a"])


@settings(max_examples=60, deadline=None)
@given(
    limits=st.sampled_from([(4, 3, 4, 2), (4, 3, 4, 1), (3, 3, 3, 1), (5, 4, 5, 2), (4, 4, 4, 2)]),
    players=st.integers(3, 200),
    seed=st.integers(0, 10**6),
)
def test_multiplayer_knockout_advances_exactly_the_top_of_each_table(limits, players, seed):
    preferred, minimum, maximum, advance = limits
    players = max(players, minimum)
    rng = random.Random(seed)
    entrants = list(range(players))
    seeds = {player: player + 1 for player in entrants}
    while True:
        tables, byes = multiplayer_round(entrants, preferred, minimum, maximum, advance)
        seated = [player for table in tables for player in table]
        assert sorted(seated + byes) == sorted(entrants)
        assert all(minimum <= len(table) <= maximum for table in tables)
        assert byes == sorted(byes, key=seeds.get)
        assert all(seeds[b] < seeds[p] for b in byes for p in seated), "the top seeds have the byes"
        if len(tables) == 1 and not byes:
            break
        results = []
        for table in tables:
            order = list(table)
            rng.shuffle(order)
            results.append({player: place for place, player in enumerate(order, 1)})
        going = multiplayer_advancers(results, byes, advance, seeds, at_least=minimum)
        expected = set(byes)
        for ranks in results:
            expected |= {p for p in ranks if ranks[p] <= advance}
        assert expected <= set(going)
        assert len(going) == max(len(expected), minimum)
        # Anyone topped up to fill the final placed no worse than anyone left out.
        extra = set(going) - expected
        left_out = set(entrants) - set(going)
        place = {p: ranks[p] for ranks in results for p in ranks}
        assert all(place[x] <= place[y] for x in extra for y in left_out)
        assert len(going) < len(entrants)
        entrants = going
    assert len(tables[0]) <= maximum


def test_multiplayer_knockout_refuses_too_few_players_for_a_table():
    with pytest.raises(ValueError, match="cannot fill"):
        multiplayer_round([1, 2], 4, 3, 4, 1)


def test_multiplayer_knockout_refuses_advancing_a_whole_table():
    with pytest.raises(ValueError, match="below the table minimum"):
        multiplayer_round(list(range(12)), 4, 3, 4, 3)


def sixteen_with_a_late_drop():
    """Seed 1 wins round 1 and drops; seed 8 goes on by walkover, loses in round 3 and drops."""
    bracket = Bracket(list(range(1, 17)))
    results = {}
    for match_id in bracket.resolve({}).to_play:
        a, b = bracket.resolve({}).players[match_id]
        results[match_id] = {min(a, b): 1, max(a, b): 2}
    dropped = {1: 2}
    resolved = bracket.resolve(results, dropped)
    assert resolved.winners["W2-1"] == 8 and "W2-1" not in resolved.to_play
    for match_id in resolved.to_play:
        a, b = resolved.players[match_id]
        results[match_id] = {min(a, b): 1, max(a, b): 2}
    resolved = bracket.resolve(results, dropped)
    assert resolved.players["W3-1"] == (8, 4)
    for match_id in resolved.to_play:
        a, b = resolved.players[match_id]
        results[match_id] = {min(a, b): 1, max(a, b): 2}
    return bracket, results, {**dropped, 8: 4}


def test_a_later_drop_never_rewrites_a_walkover_already_given():
    bracket, results, dropped = sixteen_with_a_late_drop()
    resolved = bracket.resolve(results, dropped)
    assert resolved.winners["W2-1"] == 8 and resolved.winners["W3-1"] == 4
    assert resolved.to_play == ["W4-1"] and resolved.players["W4-1"] == (4, 2)
    results["W4-1"] = {4: 2, 2: 1}
    resolved = bracket.resolve(results, dropped)
    assert resolved.champion == 2 and sorted(p for _place, p in resolved.places) == list(range(1, 17))


def test_a_later_drop_given_without_dates_still_keeps_the_played_results():
    bracket, results, dropped = sixteen_with_a_late_drop()
    # The played W3-1 names seed 8: seed 8 won W2-1, whatever the drops say.
    resolved = bracket.resolve(results, frozenset(dropped))
    assert resolved.winners["W2-1"] == 8 and resolved.to_play == ["W4-1"]


def test_two_players_who_dropped_together_both_leave_and_their_next_opponent_walks_over():
    bracket = Bracket(list("abcd"))
    results = {"W1-1": {"a": 1, "d": 2}, "W1-2": {"b": 1, "c": 2}}
    resolved = bracket.resolve(results, {"a": 2, "b": 2})
    assert resolved.winners["W2-1"] is EMPTY and resolved.champion is None and resolved.finished
    assert sorted(p for _place, p in resolved.places) == list("abcd")
    assert dict((p, place) for place, p in resolved.places)["a"] == 2


def test_a_double_forfeit_puts_both_players_out_and_the_bracket_goes_on():
    bracket = Bracket(list("abcd"))
    results = {"W1-1": {"a": None, "d": None}, "W1-2": {"b": 1, "c": 2}}
    resolved = bracket.resolve(results)
    assert resolved.winners["W1-1"] is EMPTY and resolved.players["W2-1"] == (EMPTY, "b")
    assert resolved.champion == "b" and resolved.finished
    assert sorted(p for _place, p in resolved.places) == list("abcd")
    double = Bracket(list("abcd"), double=True)
    resolved = double.resolve(results)
    # Neither no-show gets a second life in the losers' bracket.
    assert resolved.players["L1-1"] == (EMPTY, "c")


def test_a_vacated_qualifying_place_goes_to_the_best_runner_up():
    tables = [{"a": 1, "b": 2, "c": 3, "d": 4}, {"e": 1, "f": 2, "g": 3, "h": 4}, {"i": 1, "j": 3, "k": 2, "l": 4}]
    seeds = {player: number for number, player in enumerate("abcdefghijkl", 1)}
    going = multiplayer_advancers(tables, [], 1, seeds, at_least=3, out=frozenset({"a"}))
    # b, f and k all came 2nd: b has the best seed.
    assert going == ["b", "e", "i"]


def test_nobody_from_a_forfeited_table_goes_on():
    tables = [{"a": None, "b": None, "c": None}, {"d": 1, "e": 2, "f": 3}, {"g": 1, "h": 2, "i": 3}]
    seeds = {player: number for number, player in enumerate("abcdefghi", 1)}
    assert multiplayer_advancers(tables, [], 1, seeds, at_least=3) == ["d", "e", "g"]


def test_a_bye_goes_to_the_best_seed_who_has_not_had_one_yet():
    # 10 players at 3-player tables, 1 going on: seed 1 must not have the bye in round 1 and
    # again in round 2, and first play in the final.
    from tournaments.formats.elimination import multiplayer_round

    tables, byes = multiplayer_round(list(range(1, 11)), 3, 3, 3, 1)
    assert byes == [1]
    tables, byes = multiplayer_round([1, 2, 5, 9], 3, 3, 3, 1, had_byes={1})
    assert byes == [2] and sorted(player for table in tables for player in table) == [1, 5, 9]
    # Everyone has had one: the best seed again.
    tables, byes = multiplayer_round([1, 2, 5, 9], 3, 3, 3, 1, had_byes={1, 2, 5, 9})
    assert byes == [1]


def test_a_match_being_played_is_decided_by_its_game_not_by_a_drop_during_it():
    bracket = Bracket(list("abcde"), double=True)
    results = {"W1-2": {"d": 1, "e": 2}, "W2-2": {"c": 1, "b": 2}}
    resolved = bracket.resolve(results, {"e": 3}, playing={"L2-1", "W2-1"})
    assert resolved.players["L2-1"] == ("e", "b") and "L2-1" in resolved.to_play
    assert "L2-1" not in resolved.winners and "e" not in resolved.eliminated
    results |= {"L2-1": {"e": 1, "b": 2}, "W2-1": {"a": 1, "d": 2}}
    resolved = bracket.resolve(results, {"e": 3})
    # The winner who dropped leaves after the game: their next opponent walks over.
    assert resolved.winners["L2-1"] == "e" and resolved.winners["L3-1"] == "d"
