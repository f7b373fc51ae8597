"""Options: the seven variants, their player counts and which of them combine."""

import pytest

from games.engines.base import IllegalOptions
from games.engines.wizard import ENGINE
from games.engines.wizard.options import OPTION_NAMES


def test_it_fills_every_option_with_its_default():
    assert ENGINE.validate_options(4, None) == dict.fromkeys(OPTION_NAMES, False)
    assert ENGINE.validate_options(4, {"dark_wizard": True})["dark_wizard"] is True


@pytest.mark.parametrize("num_players", [3, 4, 5, 6])
def test_it_accepts_3_to_6_players(num_players):
    assert ENGINE.validate_options(num_players, {}) == ENGINE.default_options


@pytest.mark.parametrize("num_players", [0, 1, 7, 10])
def test_it_rejects_other_player_counts(num_players):
    with pytest.raises(IllegalOptions, match="players"):
        ENGINE.validate_options(num_players, {})


def test_it_turns_the_two_player_variant_on_for_two_players_with_hidden_bids():
    options = ENGINE.validate_options(2, None)
    assert options["two_players"] is True
    assert options["hidden_bids"] is True


def test_it_rejects_two_players_without_the_two_player_variant():
    with pytest.raises(IllegalOptions, match="exactly 2 players|2 with the two-player"):
        ENGINE.validate_options(2, {"two_players": False})


def test_it_rejects_the_two_player_variant_for_more_players():
    with pytest.raises(IllegalOptions, match="exactly 2 players"):
        ENGINE.validate_options(3, {"two_players": True})


def test_it_rejects_open_bids_in_the_two_player_variant():
    with pytest.raises(IllegalOptions, match="revealed at the end of the round"):
        ENGINE.validate_options(2, {"hidden_bids": False})


@pytest.mark.parametrize("num_players", [2, 5, 6])
def test_it_rejects_monocolor_outside_3_or_4_players(num_players):
    with pytest.raises(IllegalOptions, match="Monocolor is for 3 or 4 players"):
        ENGINE.validate_options(num_players, {"monocolor": True})


@pytest.mark.parametrize("sealed", [{"blind_bids": True}, {"hidden_bids": True}])
def test_it_rejects_the_bid_sum_restriction_with_sealed_bids(sealed):
    with pytest.raises(IllegalOptions, match="bid-sum restriction needs open bids"):
        ENGINE.validate_options(4, {"bid_sum_restriction": True, **sealed})


def test_it_rejects_the_bid_sum_restriction_with_two_players():
    with pytest.raises(IllegalOptions, match="bid-sum restriction"):
        ENGINE.validate_options(2, {"bid_sum_restriction": True})


def test_it_combines_every_variant_that_the_rules_allow():
    every_open = {"dark_wizard": True, "bid_sum_restriction": True, "clairvoyance": True, "monocolor": True}
    assert ENGINE.validate_options(4, every_open) == {**ENGINE.default_options, **every_open}
    sealed = {"blind_bids": True, "hidden_bids": True, "dark_wizard": True, "clairvoyance": True, "monocolor": True}
    assert ENGINE.validate_options(3, sealed) == {**ENGINE.default_options, **sealed}
    two = ENGINE.validate_options(2, {"blind_bids": True, "dark_wizard": True, "clairvoyance": True})
    assert two["two_players"] and two["hidden_bids"] and two["clairvoyance"]


def test_it_rejects_unknown_options_and_non_boolean_values():
    with pytest.raises(IllegalOptions, match="Unknown option"):
        ENGINE.validate_options(4, {"jokers": True})
    with pytest.raises(IllegalOptions, match="true or false"):
        ENGINE.validate_options(4, {"dark_wizard": "yes"})
    with pytest.raises(IllegalOptions, match="mapping"):
        ENGINE.validate_options(4, ["dark_wizard"])
    with pytest.raises(IllegalOptions, match="whole number"):
        ENGINE.validate_options("4", {})


def test_validated_options_validate_again_to_themselves():
    for num_players, options in [(2, {}), (4, {"monocolor": True}), (5, {"blind_bids": True})]:
        full = ENGINE.validate_options(num_players, options)
        assert ENGINE.validate_options(num_players, full) == full


def test_new_game_rejects_bad_options():
    with pytest.raises(IllegalOptions):
        ENGINE.new_game(6, 1, {"monocolor": True})
