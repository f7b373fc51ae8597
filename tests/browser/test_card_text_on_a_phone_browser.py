"""What a card says can be read on a 390 px phone: the birds' names in CuBirds' rows and the
suits of every Emu Ranchers card (a phone player read them at 5 to 7 px: "Petirrojo" in a row,
"bladeren · knopen" on a card), in every language the site speaks."""

import pytest
from playwright.sync_api import expect

from games.engines.cubirds.cards import CARD_SPECIES, SPECIES
from games.engines.emu_ranchers.cards import SUIT_SET
from tests.conftest import make_user
from tests.games.conftest import start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The smallest text a phone's reader is asked to read on a card, in CSS pixels.
READABLE_PX = 8

# Each card text's size as drawn: its font size in the card's own units, times the card's scale
# on the page (a card is an SVG drawn smaller than its viewBox on phones).
DRAWN_SIZES = """selector => [...document.querySelectorAll(selector)].map(text => {
  const svg = text.ownerSVGElement;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [text.textContent, parseFloat(getComputedStyle(text).fontSize) * scale];
})"""


def every_species_in_the_rows(game) -> None:
    """Two birds of different species in each row, every species shown once: the longest names
    of each language are among them."""
    state = game.state
    cards = state["deck"] + [card for row in state["rows"] for card in row]
    firsts = [next(card for card in cards if CARD_SPECIES[card] == name) for name in SPECIES]
    state["deck"] = [card for card in cards if card not in firsts]
    state["rows"] = [firsts[index : index + 2] for index in range(0, len(SPECIES), 2)]
    game.state = state
    game.save(update_fields=["state"])


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_the_birds_names_in_the_rows_can_be_read_on_a_phone(signed_in, live_server, language):
    game = start_game([make_user("rosa", language=language), make_user("remo", language=language)], engine="cubirds")
    every_species_in_the_rows(game)
    page = signed_in("rosa", 390)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    names = page.locator(".cb-row-cards svg text.card-title")
    expect(names.first).to_be_visible()
    drawn = page.evaluate(DRAWN_SIZES, ".cb-row-cards svg text.card-title")
    assert len({name for name, _size in drawn}) >= len(SPECIES)
    assert [(name, round(size, 1)) for name, size in drawn if size < READABLE_PX] == []
    # Larger cards still fit the phone: nothing scrolls the page sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_the_suits_of_every_decktet_card_can_be_read_on_a_phone(signed_in, live_server, language):
    # Pawns and Courts bring the cards of three suits.
    game = start_game(
        [make_user("ugo", language=language), make_user("una", language=language)],
        engine="emu_ranchers",
        options={"pawns": True, "courts": True},
    )
    # A card of three suits in hand, the most lines a card draws.
    seat = game.seats.get(user__username="ugo").position
    state = game.state
    three = next(card for card in state["deck"] if len(SUIT_SET[card]) == 3)
    state["deck"][state["deck"].index(three)] = state["hands"][seat][0]
    state["hands"][seat][0] = three
    game.state = state
    game.save(update_fields=["state"])
    page = signed_in("ugo", 390)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    suits = page.locator("[data-testid=my-hand] svg text.card-line")
    expect(suits.first).to_be_visible()
    drawn = page.evaluate(DRAWN_SIZES, "[data-testid=my-hand] svg text.card-line")
    # Every card in hand names each of its suits on a line of its own.
    hand = game.state["hands"][seat]
    assert len(drawn) >= len(hand) + 2
    assert [(suit, round(size, 1)) for suit, size in drawn if size < READABLE_PX] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # No text of a card runs into another (a third suit over the card's name, say).
    assert page.evaluate(OVERLAPS, "[data-testid=my-hand] svg") == []


# Pairs of texts on one card whose drawn boxes overlap (in the card's own units).
OVERLAPS = """selector => [...document.querySelectorAll(selector)].flatMap(svg => {
  const boxes = [...svg.querySelectorAll("text")]
    .filter(t => t.textContent.trim())
    .map(t => [t.textContent, t.getBBox()]);
  const found = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = boxes[i], [b, q] = boxes[j];
    const across = p.x < q.x + q.width && q.x < p.x + p.width;
    if (across && p.y < q.y + q.height && q.y < p.y + p.height) found.push(a + " / " + b);
  }
  return found;
})"""
