"""The game-over mail of a rated game tells each player's rating change.

The rating is made on the finishing commit, after the mail was queued: a rated game's mail waits
for it (else the mail's rating block is always empty), and goes anyway
when the rating never comes.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.services import do_resign
from tests.bymail.conftest import text_of
from tests.conftest import make_user, rendered
from tests.games.conftest import start_game
from tests.tournaments.helpers import play_out
from tournaments.ratings.models import RatingChange
from wildcards_site.outbox.models import OutboxMessage
from wildcards_site.outbox.sending import send_due

pytestmark = pytest.mark.django_db


def _people():
    return [make_user("ann", display_name="Ann"), make_user("ben", display_name="Ben", language="it")]


def _over(game: Game, to: str) -> OutboxMessage:
    return OutboxMessage.objects.get(key__startswith=f"over:{game.pk}:", to=to)


def test_the_game_over_mail_of_a_rated_game_gives_each_players_rating_before_and_after(
    mail_server, django_capture_on_commit_callbacks
):
    ann, ben = _people()
    game = start_game([ann, ben], engine="emu_ranchers")
    assert game.rated
    with django_capture_on_commit_callbacks(execute=True):  # the finishing commit rates the game
        play_out(game)
    changes = {change.player_id: change for change in RatingChange.objects.filter(game=game)}
    assert set(changes) == {ann.pk, ben.pk}
    mails = {str(m["To"]): m for m in mail_server() if m["X-Wildcards-Event"] == "game-over"}
    assert set(mails) == {"ann@example.org", "ben@example.org"}

    def told(text: str, name: str) -> tuple[int, int, int]:
        before, after, delta = re.search(rf"{name}: (\d+) → (\d+) \(([+-]?\d+)\)", text).groups()
        return int(before), int(after), int(delta)

    english, italian = text_of(mails["ann@example.org"]), text_of(mails["ben@example.org"])
    assert "Rating changes" in english
    for text in (english, italian):
        for user, name in ((ann, "Ann"), (ben, "Ben")):
            before, after, delta = told(text, name)
            change = changes[user.pk]
            assert abs(before - change.before) <= 0.5 and abs(after - change.after) <= 0.5
            assert delta == after - before != 0  # the change between the numbers shown
    assert "Variazioni di punteggio" in italian


def test_a_rated_game_s_mail_waits_for_its_rating_and_goes_once_it_is_made():
    ann, ben = _people()
    game = start_game([ann, ben], engine="emu_ranchers")
    play_out(game)  # no commit hook runs here: the game is not rated yet
    assert not RatingChange.objects.filter(game=game).exists()
    assert send_due() == 0  # held: neither mail goes without its rating
    assert _over(game, "ann@example.org").status == OutboxMessage.Status.PENDING

    from tournaments.ratings.services import do_rate_game

    assert do_rate_game(game.pk)
    row = _over(game, "ann@example.org")
    assert row.next_attempt_at <= timezone.now()
    ann_change = RatingChange.objects.get(game=game, player=ann)
    assert f"Ann: {ann_change.before:.0f} → {ann_change.after:.0f}" in rendered(row).text


def test_a_rated_game_s_mail_goes_without_ratings_when_the_rating_never_comes():
    ann, ben = _people()
    game = start_game([ann, ben], engine="emu_ranchers")
    play_out(game)
    row = _over(game, "ann@example.org")
    # The fallback: the periodic sweep sends it once the wait is over, rating or not.
    assert timedelta(minutes=5) <= row.next_attempt_at - timezone.now() <= timedelta(minutes=16)
    OutboxMessage.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now())
    text = rendered(_over(game, "ann@example.org")).text
    assert "is over" in text and "Rating changes" not in text


def test_an_unrated_game_s_mail_does_not_wait(mail_server):
    ann, ben = _people()
    game = start_game([ann, ben], engine="emu_ranchers")
    Game.objects.filter(pk=game.pk).update(rated=False)
    play_out(game)
    over = [m for m in mail_server() if m["X-Wildcards-Event"] == "game-over"]
    assert len(over) == 2
    assert all("Rating changes" not in text_of(m) for m in over)


def test_a_game_whose_rating_is_voided_sends_its_mail_at_once_with_no_changes(django_capture_on_commit_callbacks):
    ann, ben = _people()
    game = start_game([ann, ben], engine="emu_ranchers")
    with django_capture_on_commit_callbacks(execute=True):
        do_resign(game.pk, ben)  # before three moves of his own: nobody's rating changes
        play_out(game)
    assert not RatingChange.objects.filter(game=game).exists()
    row = _over(game, "ann@example.org")
    assert row.next_attempt_at <= timezone.now()
    assert "Rating changes" not in rendered(row).text


def test_a_game_a_pool_s_rebuild_rated_first_still_sends_its_mail_with_the_changes():
    # Another game's finish rebuilds the pool (rating this game too) before this game's own rating
    # step runs, which finds it rated: its mail goes then, not ten minutes later without them.
    from tournaments.ratings.pools import pool_for
    from tournaments.ratings.services import do_rate_game, rebuild

    ann, ben = _people()
    game = start_game([ann, ben], engine="emu_ranchers")
    play_out(game)
    game.refresh_from_db()
    rebuild({pool_for(game.engine, game.options)})
    assert RatingChange.objects.filter(game=game).count() == 2
    assert do_rate_game(game.pk) == []
    row = _over(game, "ann@example.org")
    assert row.next_attempt_at <= timezone.now()
    assert "Rating changes" in rendered(row).text


def test_the_game_over_mail_marks_who_was_new_to_ratings_and_why_an_established_player_kept_theirs(settings):
    # Not "Alice: 1520 → 1520 (0)" after a win, with no reason.
    from tests.ratings.conftest import finished_game
    from tournaments.ratings.services import do_rate_game

    settings.LEADERBOARD_MIN_GAMES = settings.LEADERBOARD_MIN_OPPONENTS = 1
    ann, ben = _people()
    do_rate_game(finished_game([(ann, 1), (ben, 2)], engine="emu_ranchers").pk)  # both established by it
    joost = make_user("joost", display_name="Joost", language="nl")
    game = start_game([ann, joost], engine="emu_ranchers")
    play_out(game)
    do_rate_game(game.pk)
    english, dutch = rendered(_over(game, "ann@example.org")), rendered(_over(game, "joost@example.org"))
    assert re.search(r"Joost: \d+ → \d+ \([+-]\d+\) \(new to ratings\)", english.text)
    assert re.search(r"Ann: (\d+) → \1 \(0\)", english.text)
    assert "Results against players new to ratings change only their own ratings." in english.text
    assert "(new to ratings)" in english.html and "Results against players new to ratings" in english.html
    assert "(nieuw in de rating)" in dutch.text


def test_a_game_among_newcomers_marks_nobody():
    ann, ben = _people()
    game = start_game([ann, ben], engine="emu_ranchers")
    play_out(game)
    from tournaments.ratings.services import do_rate_game

    do_rate_game(game.pk)
    text = rendered(_over(game, "ann@example.org")).text
    assert "Rating changes" in text and "new to ratings" not in text
