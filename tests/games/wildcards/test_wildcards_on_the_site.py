"""A whole Wild Cards game played through the service by three people, and what pages show."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engines import get_engine
from games.history.replay import verify
from games.models import Action, Game
from games.presenters.wildcards.table import habitat_card
from games.services import do_action, sweep_overdue
from tests.conftest import make_user
from tests.games.conftest import play_until_cards_are_discarded, seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("wildcards")


@pytest.fixture
def trio(db):
    return [make_user(name) for name in ("ana", "ben", "cleo")]


def test_three_people_play_a_whole_game_through_the_service(trio):
    game = start_game(trio, engine="wildcards", options={"edition": "2022"})
    steps = 0
    while game.status == Game.Status.RUNNING:
        position = ENGINE.to_act(game.state)[0]
        action = ENGINE.auto_action(game.state, position)
        do_action(game.pk, position, action, "web", user=seat_user(game, position), expected_version=game.version)
        game.refresh_from_db()
        steps += 1
        assert steps < 2000
    assert game.status == Game.Status.FINISHED
    assert verify(game) == []
    expected = {row["seat"]: row for row in ENGINE.result(game.state)}
    for seat in game.seats.all():
        assert (seat.score, seat.rank) == (expected[seat.position]["score"], expected[seat.position]["rank"])
    assert Action.objects.filter(game=game).count() == game.version


def test_timeouts_alone_finish_a_game(trio):
    game = start_game(trio, engine="wildcards", phase_seconds=3600)
    game.timeouts_before_bot = 1000
    game.save()
    for _sweep in range(3000):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        closes = game.deadlines.filter(closed_at__isnull=True).order_by("closes_at").first().closes_at
        sweep_overdue(now=closes)
    assert game.status == Game.Status.FINISHED
    assert verify(game) == []


def test_no_page_shows_another_seats_hand_or_sealed_bid(trio):
    game = start_game(trio, engine="wildcards")
    # Two of three bid: their bids are sealed until the third is in.
    for position in (0, 1):
        game.refresh_from_db()
        action = ENGINE.legal_actions(game.state, position)[0]
        do_action(game.pk, position, action, "web", user=seat_user(game, position), expected_version=game.version)
    game.refresh_from_db()
    for viewer in (0, 1, 2, None):
        client = Client()
        if viewer is not None:
            client.force_login(seat_user(game, viewer))
        pages = [
            client.get(reverse("games:table", args=[game.pk])).content.decode(),
            client.get(reverse("games:table", args=[game.pk]), headers={"HX-Request": "true"}).content.decode(),
            client.get(reverse("home")).content.decode(),
        ]
        my_cards = set()
        if viewer is not None:
            my_cards = {f'data-card="{card["id"]}"' for card in ENGINE.view(game.state, viewer)["hand"]}
        for page in pages:
            shown = set(re.findall(r'data-card="\d+"', page))
            others = set()
            for seat in range(3):
                if seat != viewer:
                    others |= {f'data-card="{card["id"]}"' for card in ENGINE.view(game.state, seat)["hand"]}
            assert not (shown & (others - my_cards)), f"seat {viewer} sees another hand"
        # A sealed bid shows only to its bidder.
        for seat in (0, 1):
            bid_card = ENGINE.view(game.state, seat)["sealed_bid"][0]["id"]
            marker = f"Your sealed bid: {habitat_card(bid_card)}"
            assert (marker in pages[0]) == (viewer == seat)


def _pile_by_habitat(discard: list[int]) -> list[tuple[str, str]]:
    """(habitat name, its values lowest first) for each habitat in the pile, in the rulebook's
    order: worked out here from the cards' data, not by the presenter."""
    from games.engines.wildcards.cards import HABITAT, VALUE
    from games.presenters.wildcards.terms import HABITATS

    groups = []
    for habitat in ("forest", "mountains", "savannah", "wild"):
        values = sorted(VALUE[card] for card in discard if HABITAT[card] == habitat)
        if values:
            groups.append((str(HABITATS[habitat]), ", ".join(map(str, values))))
    assert groups, "the discard pile is empty"
    return groups


def test_the_table_lists_the_open_discard_pile_by_habitat_for_every_viewer(trio):
    game = play_until_cards_are_discarded(start_game(trio, engine="wildcards", options={"edition": "2022"}))
    discard = game.state["discard"]
    lines = [f"<strong>{name}</strong>: {values}" for name, values in _pile_by_habitat(discard)]
    for viewer in (0, 1, 2, None):
        client = Client()
        if viewer is not None:
            client.force_login(seat_user(game, viewer))
        page = client.get(reverse("games:table", args=[game.pk])).content.decode()
        pile = page[page.index('data-testid="discard-pile"') :]
        pile = pile[: pile.index("</details>")]
        count = len(discard)
        assert f"Discard pile: {count} card{'s' if count != 1 else ''}" in pile
        for line in lines:
            assert line in pile, f"viewer {viewer} does not see {line}"


def test_the_turn_mail_lists_the_open_discard_pile_by_habitat(trio, settings):
    """A player who plays by mail reads the pile in the mail, as the table shows it."""
    from tests.conftest import rendered
    from wildcards_site.outbox.models import OutboxMessage

    settings.GAME_MAIL_GRACE_SECONDS = 0
    game = play_until_cards_are_discarded(start_game(trio, engine="wildcards", options={"edition": "2022"}))
    # Play on until someone is asked to move with cards in the pile (a payment goes on by one seat).
    for _step in range(200):
        if OutboxMessage.objects.filter(key__startswith="turn:", recipe__version=game.version).exists():
            break
        position = ENGINE.to_act(game.state)[0]
        action = ENGINE.auto_action(game.state, position)
        do_action(game.pk, position, action, "web", user=seat_user(game, position), expected_version=game.version)
        game.refresh_from_db()
    discard = game.state["discard"]
    lines = [f"{name}: {values}" for name, values in _pile_by_habitat(discard)]
    count = len(discard)
    heading = f"Discard pile: {count} card{'s' if count != 1 else ''}"
    mails = [
        rendered(row) for row in OutboxMessage.objects.filter(key__startswith="turn:", recipe__version=game.version)
    ]
    assert mails, "nobody was asked to move"
    for mail in mails:
        text = mail.text
        assert f"== {heading} ==" in text
        pile = text[text.index(heading) :]
        for line in lines:
            assert f"  {line}\n" in pile
        assert heading in mail.html and lines[0] in mail.html


def _known_names(game, seat: int) -> list[str]:
    """Worked out from the state and the cards' data, not by the presenter."""
    from games.engines.wildcards.cards import HABITAT, VALUE
    from games.presenters.wildcards.terms import HABITATS

    cards = sorted(game.state["known"][seat], key=lambda card: (HABITAT[card], VALUE[card]))
    return [f"{HABITATS[HABITAT[card]]} {VALUE[card]}" for card in cards]


def _player_section(page: str, seat: int) -> str:
    """A seat's section under Players on the Wild Cards table."""
    players = page[page.index('class="wc-players-grid"') :]
    section = players[players.index(f'data-seat="{seat}">') :]
    return section[: section.index("</section>")]


def test_the_table_names_the_cards_everyone_saw_go_back_into_a_hand(trio):
    from tests.games.conftest import play_until_a_card_is_known

    game = play_until_a_card_is_known(start_game(trio, engine="wildcards", options={"edition": "2022"}))
    holder = next(seat for seat in range(3) if game.state["known"][seat])
    names = _known_names(game, holder)
    for viewer in (0, 1, 2, None):
        client = Client()
        if viewer is not None:
            client.force_login(seat_user(game, viewer))
        page = client.get(reverse("games:table", args=[game.pk])).content.decode()
        section = _player_section(page, holder)
        line = re.search(r'data-testid="known-in-hand">(.*?)</p>', section, re.S)
        assert line, f"viewer {viewer} is not told what seat {holder} is known to hold"
        words = "Others know you hold" if viewer == holder else "Known in hand"
        assert line.group(1).strip() == f"{words}: {', '.join(names)}"
        for seat in range(3):
            if not game.state["known"][seat]:
                assert 'data-testid="known-in-hand"' not in _player_section(page, seat)


def test_the_turn_mail_names_the_cards_everyone_saw_go_back_into_a_hand(trio, settings):
    from tests.conftest import rendered
    from tests.games.conftest import play_until_a_card_is_known
    from wildcards_site.outbox.models import OutboxMessage

    settings.GAME_MAIL_GRACE_SECONDS = 0
    game = play_until_a_card_is_known(start_game(trio, engine="wildcards", options={"edition": "2022"}))
    holder = next(seat for seat in range(3) if game.state["known"][seat])
    names = ", ".join(_known_names(game, holder))
    mails = [
        rendered(row) for row in OutboxMessage.objects.filter(key__startswith="turn:", recipe__version=game.version)
    ]
    assert mails, "nobody was asked to move"
    holder_name = seat_user(game, holder).profile.display_name or seat_user(game, holder).username
    for mail in mails:
        players = mail.text[mail.text.index("== Players ==") :]
        line = next(line for line in players.splitlines() if line.strip().startswith(holder_name))
        to_holder = mail.to == seat_user(game, holder).email
        assert ("others know you hold " if to_holder else "known to hold ") + names in line
