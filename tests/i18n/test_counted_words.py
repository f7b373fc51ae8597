"""A count of one reads in the singular: mail boards, the table's log and move labels say
"1 card", never "1 cards" (ngettext, so that every language chooses its own form)."""

import pytest
from django.utils import translation

from games.engines import get_engine
from games.presenters.cubirds import mail as cubirds_mail
from games.presenters.cubirds import recap as cubirds_recap
from games.presenters.cubirds import table as cubirds_page
from games.presenters.emu_ranchers import mail as emu_mail
from games.presenters.wildcards import mail as wildcards_mail

NAMES = {0: "Ann", 1: "Bea", 2: "Cy"}


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def view_of(engine_name: str, players: int, seat: int = 0) -> dict:
    engine = get_engine(engine_name)
    return engine.view(engine.new_game(players, 1, engine.validate_options(players, {})), seat)


def lines(sections: list[dict]) -> list[str]:
    return [line for section in sections for line in section["lines"]]


@pytest.mark.parametrize(("count", "words"), [(1, "1 card in the deck"), (2, "2 cards in the deck")])
def test_an_emu_ranchers_mail_counts_the_deck(count, words):
    view = view_of("emu_ranchers", 2) | {"deck_size": count}
    assert words in lines(emu_mail.board(view, NAMES))


@pytest.mark.parametrize(
    ("count", "held", "face_down", "tokens", "animals"),
    [
        (1, "1 card in hand", "1 card face down", "1 token", "1 animal left in the deck"),
        (3, "3 cards in hand", "3 cards face down", "3 tokens", "3 animals left in the deck"),
    ],
)
def test_a_wild_cards_mail_counts_hands_payments_tokens_and_animals(count, held, face_down, tokens, animals):
    view = view_of("wildcards", 3)
    view["players"][1] |= {"cards_held": count, "payment_face_down": count, "tokens": count}
    view["animal_deck_size"] = count
    told = lines(wildcards_mail.board(view, NAMES))
    bea = next(line for line in told if line.startswith("Bea:"))
    assert f"{held};" in bea and f"{face_down};" in bea and f"{tokens};" in bea + ";"
    assert animals in told


@pytest.mark.parametrize(
    ("count", "held", "deck"),
    [(1, "Bea: 1 card in hand", "1 card in the deck"), (2, "Bea: 2 cards in hand", "2 cards in the deck")],
)
def test_a_cubirds_mail_counts_hands_and_the_deck(count, held, deck):
    view = view_of("cubirds", 2)
    view["hand_sizes"][1] = count
    view["deck_size"] = count
    told = lines(cubirds_mail.board(view, NAMES))
    assert any(line.startswith(held + ";") for line in told), told
    assert any(line.startswith(deck + ",") for line in told), told


@pytest.mark.parametrize(("count", "words"), [(1, "Ann drew 1 card."), (2, "Ann drew 2 cards.")])
def test_the_cubirds_log_counts_the_cards_drawn(count, words):
    assert cubirds_recap.event_line({"type": "draw", "seat": 0, "count": count}, NAMES) == words


def test_a_cubirds_lay_names_one_bird_in_the_singular_and_more_in_the_plural():
    view = view_of("cubirds", 2)
    assert view["hand_counts"]["toucan"] == 1 and view["hand_counts"]["parrot"] == 2
    one = {"type": "lay", "species": "toucan", "row": 2, "side": "left"}
    two = {"type": "lay", "species": "parrot", "row": 0, "side": "right"}
    assert cubirds_page.action_label(one, view) == "Lay your toucan at the left of row 3"
    assert cubirds_page.action_label(two, view) == "Lay your parrots at the right of row 1"
    assert cubirds_page.action_label(one) == "Lay your toucans at the left of row 3"  # no view: the count is unknown


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ({"duck": 1}, "Draw no cards and keep the card in your hand."),
        ({"duck": 1, "owl": 2}, "Draw no cards and keep the 3 in your hand."),
    ],
)
def test_a_cubirds_pass_counts_the_cards_kept(hand, words):
    view = view_of("cubirds", 2) | {"hand_counts": hand}
    (entry,) = cubirds_page.pointing(view, [{"type": "no_draw"}])
    assert entry["preview"] == words
