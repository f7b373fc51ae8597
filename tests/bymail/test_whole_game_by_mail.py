"""A whole Wild Cards game played only by mail: turn mails from a real SMTP server, replies in by webhook."""

from __future__ import annotations

import pytest

from games.bymail.models import InboundMail
from games.models import Action, Game
from games.services import do_action
from tests.bymail.conftest import listed_moves, post_mailgun, post_postmark, reply_mime, text_of
from tests.conftest import make_user
from tests.games.conftest import seat_user, start_game
from tournaments.ratings.services import do_rate_game


def _play_by_mail(client, deliver, game: Game) -> None:
    latest: dict[str, object] = {}
    answered: set[str] = set()
    for _round in range(400):
        for message in deliver():
            assert message["X-Wildcards-Event"] != "move-refused", message.get_body().get_content()
            # These players answer what they are asked now; answers ahead are tested on their own.
            if message["Reply-To"] and message["X-Wildcards-Event"] != "answer-ahead":
                latest[str(message["To"])] = message
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return
        waiting = [m for m in latest.values() if m["Message-ID"] not in answered]
        assert waiting, "the game waits but no mail asks anybody to move"
        message = waiting[0]
        answered.add(message["Message-ID"])
        moves = listed_moves(message)
        assert moves, message.get_body().get_content()
        raw = reply_mime(message, str(message["To"]), moves[0])
        post = post_postmark if len(answered) % 2 else post_mailgun
        assert post(client, raw).status_code == 200
    raise AssertionError("the game did not end")


@pytest.mark.django_db
def test_it_plays_a_whole_wild_cards_game_by_mail_with_the_result_of_the_same_moves_on_the_site(client, mail_server):
    alice = make_user("alice", display_name="Alice")
    bruno = make_user("bruno", language="it", time_zone="Europe/Rome")
    game = start_game([alice, bruno], engine="wildcards")
    _play_by_mail(client, mail_server, game)

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    # Every move by mail, but those the rules forced (an empty hand's Refill bid), made by the site.
    actions = list(game.actions.exclude(channel=Action.Channel.FORCED).order_by("seq"))
    assert {a.channel for a in actions} == {Action.Channel.EMAIL_REPLY}
    assert InboundMail.objects.filter(outcome="accepted").count() == len(actions)
    # A rated game's game-over mail waits for its rating, which the finishing commit makes on
    # the site (no commit hook runs inside this test's transaction): made here, the mail goes.
    assert not [m for m in mail_server.inbox.messages if m["X-Wildcards-Event"] == "game-over"]
    assert do_rate_game(game.pk)
    mail_server()
    over = [m for m in mail_server.inbox.messages if m["X-Wildcards-Event"] == "game-over"]
    assert len(over) == 2
    texts = {str(m["To"]): text_of(m) for m in over}
    assert "Rating changes" in texts["alice@example.org"]
    assert "Variazioni di punteggio" in texts["bruno@example.org"]

    # The same moves made on the site give the same result.
    site = start_game([make_user("carol"), make_user("dave")], engine="wildcards")
    for action in actions:
        user = seat_user(site, action.seat)
        do_action(site.pk, action.seat, action.payload, Action.Channel.WEB, user=user, expected_version=site.version)
        site.refresh_from_db()
    assert site.status == Game.Status.FINISHED
    assert site.state == game.state
    by_mail = [(s.position, s.score, s.rank) for s in game.seats.order_by("position")]
    on_site = [(s.position, s.score, s.rank) for s in site.seats.order_by("position")]
    assert by_mail == on_site
