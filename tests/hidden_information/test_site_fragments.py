"""Hidden information in the site's own fragments, tested by changing it.

The tournament page's "Your table", entry card, letter card, entrants, organisers' log, standings,
crosstable, rounds and organiser's box, and the table's seat-offer card, refresh, turn card and
organiser's forms, and the home page's games waiting and events organised, show names, seats,
statuses, places, deadlines and the viewer's own moves, never another's view. To hold them to it:
a tournament table in the middle of a game, with an extension, a disqualification, a seat given to
a bot and offered back in its log, is rendered for every kind of viewer; then the
game's hidden cards are dealt anew (`twins.py`, as the viewer of that seat may not see them) and
its secret seed replaced, and every fragment must read exactly the same.
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engines import get_engine
from games.models import Game
from games.services import do_action, do_say
from games.services.seats import do_offer_seat, do_seat_bot
from tests.hidden_information.twins import TWINS
from tests.tournaments.helpers import current_tables, make_players, start
from tournaments.services import do_create_tournament, do_disqualify, do_extend_round, do_register

TOURNAMENT_FRAGMENTS = (
    "your-table",
    "your-entry",
    "write-to-organisers",
    "entrants",
    "standings",
    "crosstable",
    "table-log",
    "rounds",
    "organiser",
    "rules",  # the game's options, at every table size
)


# The form's token is masked anew on every answer: it says nothing of the game.
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def _section(html: str, ident: str) -> str:
    found = re.search(rf'<section[^>]*id="{ident}".*?</section>', html, re.S)
    return found.group(0) if found else ""


def _fragments(client: Client, tournament_id: int, game_id: int) -> dict[str, str]:
    page = CSRF.sub("", client.get(reverse("tournaments:detail", args=[tournament_id])).content.decode())
    found = {ident: _section(page, ident) for ident in TOURNAMENT_FRAGMENTS}
    table = CSRF.sub("", client.get(reverse("games:table", args=[game_id])).content.decode())
    found["seat-offer"] = "".join(re.findall(r'<section class="card seat-offer"[^>]*>.*?</section>', table, re.S))
    # The table's own refresh (its pace follows the bots thinking), the viewer's turn card ("A bot is
    # thinking", or the viewer's own moves) and the organiser's forms (the seats waited for).
    found["refresh"] = "".join(re.findall(r"<div hidden data-refresh[^>]*></div>", table))
    found["my-turn"] = _section(table, "my-turn")
    found["talk"] = _section(table, "talk")  # the table talk: players' words, never a card
    found["events"] = _section(table, "events")  # the table's log: seats changing hands, by name
    found["table-organiser"] = "".join(re.findall(r'<section class="card organiser"[^>]*>.*?</section>', table, re.S))
    # The home page: the games waiting for the viewer, and the events an organiser runs.
    home = CSRF.sub("", client.get("/").content.decode())
    found["home-waiting"] = _section(home, "waiting")
    found["home-organised"] = _section(home, "organised")
    return found


def _moves(game: Game, count: int) -> None:
    engine = get_engine(game.engine)
    for _ in range(count):
        game.refresh_from_db()
        position = engine.to_act(game.state)[0]
        seat = game.seats.get(position=position)
        action = engine.auto_action(game.state, position)
        do_action(game.pk, position, action, "web", user=seat.user, expected_version=game.version)


@pytest.fixture
def still_minute(monkeypatch):
    """The refresh stamp carries the minute (the time left is in words): held still, so that a
    stamp compared a few seconds apart differs only for what the twins change."""
    from types import SimpleNamespace

    from django.utils import timezone

    moment = timezone.now()
    monkeypatch.setattr("games.play.refresh.timezone", SimpleNamespace(now=lambda: moment))


@pytest.mark.django_db
def test_no_tournament_fragment_or_seat_offer_changes_when_the_hidden_cards_do(still_minute):
    organiser = make_players(1, "org")[0]
    players = make_players(3)
    tournament = do_create_tournament(
        organiser, "Twins", "wildcards", "round_robin", seats_preferred=3, seats_min=3, seats_max=3
    )
    for player in players:
        do_register(tournament.pk, player)
    tournament = start(tournament)
    (table,) = current_tables(tournament)
    game = table.game
    _moves(game, 4)
    do_say(game.pk, players[0], "good luck")
    do_extend_round(tournament.pk, organiser, 12)
    do_disqualify(
        tournament.pk, organiser, players[2], "Played on a second account."
    )  # the organisers' log tells who left
    game.refresh_from_db()
    absent = game.seats.get(position=0).user
    do_seat_bot(game.pk, organiser, 0)
    do_offer_seat(game.pk, organiser, 0, absent)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and game.seat_offers.filter(user=absent).exists()

    # The absent player's seat is the bot's now: they see it as a spectator does (test_leavers.py).
    viewers = [(None, None), (organiser, None)] + [
        (seat.user, seat.position if seat.kind == "human" else None) for seat in game.seats.all()
    ]
    shown = []
    for user, position in viewers:
        client = Client()
        if user is not None:
            client.force_login(user)
        _fragments(client, tournament.pk, game.pk)  # a first look: the recap starts after it from now on
        before = _fragments(client, tournament.pk, game.pk)
        assert before["your-table"] or user not in players  # the entrants' own card is there to compare
        assert before["write-to-organisers"] or user not in players  # their letter card too
        assert before["entrants"]
        if user == absent:
            assert "A seat is offered to you" in before["seat-offer"]
        assert "Organisers" in before["table-log"] and before["crosstable"] and before["refresh"]
        assert "disqualified" in before["table-log"] and "not paired from round 2 on" in before["table-log"]
        assert "good luck" in before["talk"]
        assert "offered the seat of" in before["events"] and "Rules" in before["rules"]
        # The organiser's forms, at the table and on the tournament page, are there to compare.
        assert (before["table-organiser"] and before["organiser"]) or user != organiser
        # The organiser's table list names whom the table waits for; her home page lists the event.
        assert ("waiting for" in before["organiser"] and "Twins" in before["home-organised"]) or user != organiser
        original = Game.objects.get(pk=game.pk)
        for seed in range(3):
            twin = TWINS["wildcards"](original.state, position, random.Random(seed), None)
            assert twin != original.state  # something hidden did change
            Game.objects.filter(pk=game.pk).update(state=twin, seed=f"twin-{seed}")
            after = _fragments(client, tournament.pk, game.pk)
            for key in before:
                assert after[key] == before[key], f"{key} tells a hidden card to {user}: {before[key]!r} {after[key]!r}"
        Game.objects.filter(pk=game.pk).update(state=original.state, seed=original.seed)
        shown.append(before)
    # The viewers did not all see the same thing: the comparison covered each one's own fragments.
    assert len({repr(fragments) for fragments in shown}) > 2
