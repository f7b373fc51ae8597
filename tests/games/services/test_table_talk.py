"""Table talk: a game's players write to each other at the table, and read it in their turn mail.

A game played over days had no way to say "good luck", "sorry, away until Monday" or "well
played": the only channel between players was their moves."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, TableMessage
from games.services import ActionRejected, do_create_game, do_leave_lobby, do_say
from games.services.talk import MAX_LENGTH
from tests.conftest import make_user
from tests.games.conftest import play_to_the_end, start_game

pytestmark = pytest.mark.django_db


def _talk(client, game) -> str:
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    return page.split('id="talk"')[1].split("</section>")[0] if 'id="talk"' in page else ""


def test_a_player_says_something_and_everyone_at_the_table_reads_it(client, players):
    alice, bob, _carol = players
    game = start_game(players)
    client.force_login(alice)
    client.post(reverse("games:say", args=[game.pk]), {"text": "Good luck, all!"})
    assert list(TableMessage.objects.values_list("user__username", "text")) == [("alice", "Good luck, all!")]
    client.force_login(bob)
    shown = _talk(client, game)
    assert "Alice" in shown and "Good luck, all!" in shown and 'name="text"' in shown
    # A spectator of an open game reads the talk and has nothing to write with.
    client.force_login(make_user("watcher"))
    shown = _talk(client, game)
    assert "Good luck, all!" in shown and 'name="text"' not in shown


def test_markup_is_shown_as_text_and_lines_are_kept(client, players):
    alice = players[0]
    game = start_game(players)
    do_say(game.pk, alice, "<script>alert(1)</script>\nsecond line")
    client.force_login(players[1])
    shown = _talk(client, game)
    assert "<script>" not in shown and "&lt;script&gt;alert(1)&lt;/script&gt;<br>second line" in shown


def test_only_the_games_players_speak(client, players):
    game = start_game(players)
    stranger = make_user("stranger")
    with pytest.raises(ActionRejected) as refused:
        do_say(game.pk, stranger, "hello")
    assert refused.value.code == "not_seated"
    client.force_login(stranger)
    page = client.post(reverse("games:say", args=[game.pk]), {"text": "hello"}, follow=True).content.decode()
    assert "Only the game&#x27;s players can write at its table." in page
    private = do_create_game(players[0], "toy", 3, visibility=Game.Visibility.PRIVATE)
    assert client.post(reverse("games:say", args=[private.pk]), {"text": "hello"}).status_code == 404
    assert not TableMessage.objects.exists()


@pytest.mark.parametrize(("text", "code"), [("", "empty"), ("   \n\t ", "empty"), ("x" * (MAX_LENGTH + 1), "too_long")])
def test_an_empty_or_too_long_message_is_refused_and_nothing_is_stored(players, text, code):
    game = start_game(players)
    with pytest.raises(ActionRejected) as refused:
        do_say(game.pk, players[0], text)
    assert refused.value.code == code
    assert not TableMessage.objects.exists()


def test_a_refused_message_says_why_on_the_page_and_keeps_nothing(client, players):
    game = start_game(players)
    client.force_login(players[0])
    page = client.post(reverse("games:say", args=[game.pk]), {"text": "x" * 600}, follow=True).content.decode()
    assert f"A message can be at most {MAX_LENGTH} characters long." in page
    assert not TableMessage.objects.exists()


def test_a_burst_is_slowed_down_and_a_minute_later_talk_goes_on(players):
    alice = players[0]
    game = start_game(players)
    now = timezone.now()
    for number in range(5):
        do_say(game.pk, alice, f"message {number}", now=now)
    with pytest.raises(ActionRejected) as refused:
        do_say(game.pk, alice, "one more", now=now)
    assert refused.value.code == "too_fast"
    assert TableMessage.objects.count() == 5
    do_say(game.pk, players[1], "my turn to talk", now=now)  # the limit is each player's own
    do_say(game.pk, alice, "one more", now=now + timedelta(minutes=1, seconds=1))
    assert TableMessage.objects.count() == 7


def test_players_talk_before_the_start_and_after_the_end_but_not_in_a_cancelled_game(players):
    alice = players[0]
    finished = play_to_the_end(start_game(players))
    do_say(finished.pk, players[1], "Well played!")
    waiting = do_create_game(alice, "toy", 3)
    do_say(waiting.pk, alice, "Anyone for a game?")
    do_leave_lobby(waiting.pk, alice)
    with pytest.raises(ActionRejected) as refused:
        do_say(waiting.pk, alice, "hello?")
    assert refused.value.code == "cancelled"
    assert TableMessage.objects.count() == 2


def test_control_characters_are_dropped(players):
    game = start_game(players)
    message = do_say(game.pk, players[0], "  well\x00 played\x1b[31m!\r\nreally  ")
    assert message.text == "well played[31m!\nreally"


def test_bidi_overrides_and_other_invisible_controls_are_dropped(players):
    game = start_game(players)
    message = do_say(game.pk, players[0], "Alice\u202e  nuf\u200b saw\u0085")
    assert message.text == "Alice  nuf saw"


def test_a_player_an_organiser_removed_has_no_more_say(players):
    from games.models import Seat

    game = start_game(players)
    game.seats.filter(user=players[2]).update(kind=Seat.Kind.BOT, status=Seat.Status.REMOVED)
    with pytest.raises(ActionRejected) as refused:
        do_say(game.pk, players[2], "I am still here")
    assert refused.value.code == "not_seated" and not TableMessage.objects.exists()
