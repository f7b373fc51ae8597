"""A game that stops because no player is left in it says so: by mail to everyone who had a seat
(they were told "only the game's end is mailed to you") and on its table: when Marta's
seat goes to a bot, then Alice and Bruno resign, the game is "abandoned", and everyone hears of
it, its page saying why."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from games.services import do_resign
from tests.bymail.conftest import text_of
from tests.conftest import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


def test_everyone_who_had_a_seat_is_mailed_when_the_last_player_leaves(mail_server, client):
    ann, ben, cid = (make_user(n, display_name=n.title()) for n in ("ann", "ben", "cid"))
    game = start_game([ann, ben, cid], engine="wizard")
    mail_server()  # the first turn's mails
    for user in (ann, ben, cid):
        do_resign(game.pk, user)
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    over = {str(m["To"]): m for m in mail_server() if m["X-Wildcards-Event"] == "game-over"}
    assert set(over) == {ann.email, ben.email, cid.email}
    for message in over.values():
        assert str(message["Subject"]) == f"Wizard #{game.pk} stopped: every player has left it"
        text = text_of(message)
        assert "every player has left it" in text and "Final standings" not in text, text
    client.force_login(ann)
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert 'id="abandoned-why"' in page and "every player has left it" in page


def test_a_table_the_organisers_decided_gets_their_mail_not_this_one(mail_server):
    # Adjudication stops a live game too (tournaments/services/adjudication.py); its players are
    # mailed the decision, not that everyone left.
    from tournaments.services import do_adjudicate_table

    organiser, tournament, table = _one_table_swiss("Decided")
    mail_server()
    entries = {e.user_id: e.pk for e in tournament.entries.all()}
    ranks = {entries[seat.user_id]: seat.position + 1 for seat in table.game.seats.all()}
    do_adjudicate_table(table.pk, organiser, ranks, "A server fault")
    events = [m["X-Wildcards-Event"] for m in mail_server()]
    assert "game-over" not in events and events


def test_a_tournament_table_everyone_left_says_its_event_ranks_them(mail_server, client):
    # A tournament ranks a table everyone left by when each left (the last to leave
    # wins it), so "without a result" and "counts for nobody's rating" would be wrong there.
    _organiser, _tournament, table = _one_table_swiss("Left")
    mail_server()
    first, second = (seat.user for seat in table.game.seats.order_by("position"))
    do_resign(table.game_id, first)
    do_resign(table.game_id, second)
    over = [m for m in mail_server() if m["X-Wildcards-Event"] == "game-over"]
    assert len(over) == 2
    for message in over:
        text = text_of(message)
        assert "ranks its players by when each left" in text and "without a result" not in text, text
    client.force_login(second)
    page = client.get(reverse("games:table", args=[table.game_id])).content.decode()
    notice = page.split('id="abandoned-why"', 1)[1].split("</p>", 1)[0]
    assert "ranks its players by when each left" in notice


def _one_table_swiss(name: str):
    """A one-round Swiss of two CuBirds players, started: (organiser, tournament, its table)."""
    from tests.tournaments.helpers import current_tables, make_players, register_and_start
    from tournaments.services import do_create_tournament

    organiser = make_players(1, "org")[0]
    tournament = do_create_tournament(
        organiser, name, "cubirds", "swiss", seats_preferred=2, seats_min=2, seats_max=2, rounds=1
    )
    tournament = register_and_start(tournament, make_players(2))
    (table,) = current_tables(tournament)
    return organiser, tournament, table
