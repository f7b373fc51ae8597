"""The one-pass trick winner against the rule as first written, three scans, on any trick."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.wizard.cards import DECK, JESTER_VALUE, JESTERS, SUIT, SUITS, VALUE, WIZARD_VALUE, WIZARDS
from games.engines.wizard.rules import trick_winner


def _three_scans(trick: list, trump, dark_wizard: bool, monocolor: bool) -> int:
    """The rule as first written (Wizards, then trump, then the led suit, one scan each): the
    oracle for the one-pass `trick_winner`."""
    values = {card: VALUE[card] for _seat, card in trick}
    wizards = [seat for seat, card in trick if values[card] == WIZARD_VALUE]
    if wizards:
        return wizards[-1] if dark_wizard else wizards[0]
    if monocolor:
        best_seat, best_value = trick[0][0], values[trick[0][1]]
        for seat, card in trick:
            if values[card] > best_value:
                best_seat, best_value = seat, values[card]
        return best_seat
    led = next((SUIT[card] for _seat, card in trick if values[card] != JESTER_VALUE), None)
    for suit in (trump, led):
        if suit is None:
            continue
        best_seat, best_value = None, -1
        for seat, card in trick:
            if SUIT[card] == suit and values[card] > best_value:
                best_seat, best_value = seat, values[card]
        if best_seat is not None:
            return best_seat
    return trick[0][0]


@settings(max_examples=2000, deadline=None)
@given(
    cards=st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True)
    | st.lists(st.sampled_from([*WIZARDS, *JESTERS, "red-3", "blue-9"]), min_size=1, max_size=6, unique=True),
    first_seat=st.integers(min_value=0, max_value=5),
    trump=st.sampled_from([*SUITS, None]),
    dark_wizard=st.booleans(),
    monocolor=st.booleans(),
)
def test_the_one_pass_trick_winner_agrees_with_three_scans(cards, first_seat, trump, dark_wizard, monocolor):
    played = [[(first_seat + i) % 6, card] for i, card in enumerate(cards)]
    expected = _three_scans(played, trump, dark_wizard, monocolor)
    assert trick_winner(played, trump, dark_wizard, monocolor) == expected
