"""Playing again: a finished game's players ask for a rematch and sit down together again.

Once a game was over, the table said who won and nothing more; starting another meant creating
a game, setting every option again and inviting each player by name."""

import pytest
from django.urls import reverse

from games.models import Game, Invitation, Seat
from games.presenters.game_settings import rated_words
from games.services import (
    ActionRejected,
    do_create_game,
    do_invite,
    do_join,
    do_leave_lobby,
    do_rematch,
    do_resign,
    do_withdraw_invitation,
)
from tests.conftest import make_user
from tests.games.conftest import play_to_the_end, start_game
from wildcards_site.accounts.bot_accounts import do_become_bot_account
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def _finished(players, **kwargs) -> Game:
    return play_to_the_end(start_game(players, **kwargs))


def test_a_player_asks_to_play_again_and_the_others_are_invited_to_the_same_settings(players):
    alice, bob, carol = players
    game = _finished(players, options={"rounds": 2}, phase_seconds=7200, weekend_pause=True)
    rematch, _ = do_rematch(game.pk, bob)
    assert rematch.pk != game.pk and rematch.rematch_of_id == game.pk
    assert (rematch.engine, rematch.options, rematch.num_seats) == ("toy", {"rounds": 2}, 3)
    assert (rematch.phase_seconds, rematch.weekend_pause, rematch.rated) == (7200, True, game.rated)
    # Private: the seats are the players' own, a stranger cannot take one.
    assert rematch.visibility == Game.Visibility.PRIVATE and rematch.status == Game.Status.OPEN
    assert rematch.created_by == bob
    assert list(rematch.seats.values_list("user__username", flat=True)) == ["bob"]
    invited = Invitation.objects.filter(game=rematch)
    assert sorted(invited.values_list("user__username", flat=True)) == ["alice", "carol"]
    assert set(invited.values_list("invited_by__username", flat=True)) == {"bob"}
    assert (
        OutboxMessage.objects.filter(key__in=[f"invite:{pk}" for pk in invited.values_list("pk", flat=True)]).count()
        == 2
    )
    # A fresh deal: never the finished game's seed.
    assert rematch.seed != game.seed


def test_the_others_who_ask_take_their_seats_in_the_same_rematch_and_it_starts_when_full(players):
    alice, bob, carol = players
    game = _finished(players)
    first, _ = do_rematch(game.pk, bob)
    assert do_rematch(game.pk, alice) == (first, "joined")
    assert Invitation.objects.get(game=first, user=alice).accepted_at is not None
    assert do_rematch(game.pk, carol)[0].pk == first.pk
    first.refresh_from_db()
    assert first.status == Game.Status.RUNNING
    assert sorted(first.seats.values_list("user__username", flat=True)) == ["alice", "bob", "carol"]
    assert Game.objects.filter(rematch_of=game).count() == 1


def test_asking_again_changes_nothing(players):
    bob = players[1]
    game = _finished(players)
    first, _ = do_rematch(game.pk, bob)
    mails = OutboxMessage.objects.count()
    assert do_rematch(game.pk, bob) == (first, "seated")
    assert Game.objects.filter(rematch_of=game).count() == 1
    assert Invitation.objects.filter(game=first).count() == 2 and OutboxMessage.objects.count() == mails


def test_bots_keep_their_seats_and_levels(players):
    alice = players[0]
    game = do_create_game(alice, "toy", 3, bots=2, bot_levels=["good", "beginner"], seed="s1")
    game = play_to_the_end(Game.objects.get(pk=game.pk))
    assert game.status == Game.Status.FINISHED
    rematch, _ = do_rematch(game.pk, alice)
    levels = sorted(rematch.seats.filter(kind=Seat.Kind.BOT).values_list("bot_level", flat=True))
    assert levels == ["beginner", "good"]
    # Nobody else to wait for: a game against bots alone starts at once.
    assert rematch.status == Game.Status.RUNNING
    assert not Invitation.objects.filter(game=rematch).exists()


def test_a_rematch_against_bots_alone_says_it_has_started(client, players):
    alice = players[0]
    game = do_create_game(alice, "toy", 2, bots=1, seed="s1")
    game = play_to_the_end(Game.objects.get(pk=game.pk))
    client.force_login(alice)
    page = client.post(reverse("games:rematch", args=[game.pk]), follow=True).content.decode()
    assert "The rematch has started." in page


def test_a_player_a_bot_took_over_from_is_invited_again(players):
    alice, bob, carol = players
    game = start_game(players)
    do_resign(game.pk, carol)
    game = play_to_the_end(Game.objects.get(pk=game.pk))
    rematch, _ = do_rematch(game.pk, alice)
    assert sorted(Invitation.objects.filter(game=rematch).values_list("user__username", flat=True)) == ["bob", "carol"]
    assert not rematch.seats.filter(kind=Seat.Kind.BOT).exists()


def test_only_the_games_players_may_ask_and_only_once_it_is_over(players):
    alice = players[0]
    running = start_game(players)
    with pytest.raises(ActionRejected) as refused:
        do_rematch(running.pk, alice)
    assert refused.value.code == "not_over"
    finished = _finished([make_user(name) for name in ("dan", "eve")])
    with pytest.raises(ActionRejected) as refused:
        do_rematch(finished.pk, alice)
    assert refused.value.code == "not_a_player"
    assert not Game.objects.filter(rematch_of__isnull=False).exists()


def test_a_cancelled_rematch_can_be_asked_for_again(players):
    alice, bob, carol = players
    game = _finished(players)
    first, _ = do_rematch(game.pk, bob)
    do_leave_lobby(first.pk, bob)  # its creator cancels it
    second, _ = do_rematch(game.pk, alice)
    assert second.pk != first.pk and second.created_by == alice and second.status == Game.Status.OPEN


def test_a_rematch_that_started_without_you_says_so(players):
    alice, bob, carol = players
    game = _finished(players)
    rematch, _ = do_rematch(game.pk, bob)
    do_rematch(game.pk, alice)
    dan = make_user("dan")
    do_join(rematch.pk, dan, token=do_invite(rematch.pk, bob, "dan").token)  # carol did not answer: dan plays
    with pytest.raises(ActionRejected) as refused:
        do_rematch(game.pk, carol)
    assert refused.value.code == "rematch_started"
    assert not rematch.seats.filter(user=carol).exists()


def test_the_finished_table_offers_its_players_to_play_again(client, players):
    alice, bob, carol = players
    game = _finished(players)
    page = reverse("games:table", args=[game.pk])
    button = f'action="{reverse("games:rematch", args=[game.pk])}"'
    client.force_login(make_user("watcher"))
    assert button not in client.get(page).content.decode()
    client.force_login(bob)
    assert button in client.get(page).content.decode()
    answer = client.post(reverse("games:rematch", args=[game.pk]), follow=True)
    rematch = Game.objects.get(rematch_of=game)
    assert answer.redirect_chain[-1][0] == reverse("games:table", args=[rematch.pk])
    told = answer.content.decode().split('class="message success">')[1].split("</li>")[0]
    assert told in [
        f"A new game with the same settings: {names} are invited by mail."
        for names in ("Alice and Carol", "Carol and Alice")
    ]
    # Alice sees who asked, and sits down with one click.
    client.force_login(alice)
    shown = client.get(page).content.decode()
    assert "Bob asks to play again." in shown and button in shown
    client.post(reverse("games:rematch", args=[game.pk]))
    assert rematch.seats.filter(user=alice).exists()
    assert "You have a seat in the rematch." in client.get(page).content.decode()
    # The rematch's own table links back to the game it plays again.
    assert (
        reverse("games:table", args=[game.pk]) in client.get(reverse("games:table", args=[rematch.pk])).content.decode()
    )


def test_asking_for_a_rematch_of_a_running_game_changes_nothing_and_says_why(client, players):
    game = start_game(players)
    client.force_login(players[0])
    page = client.post(reverse("games:rematch", args=[game.pk]), follow=True).content.decode()
    assert "A game can be played again once it is over." in page
    assert not Game.objects.filter(rematch_of=game).exists()


def test_the_invitation_mail_says_it_plays_the_game_again(players):
    alice, bob, carol = players
    game = _finished(players)
    rematch, _ = do_rematch(game.pk, bob)
    invited = Invitation.objects.get(game=rematch, user=alice)
    mail = OutboxMessage.objects.get(key=f"invite:{invited.pk}")
    assert mail.to == alice.email
    assert f"It is a rematch of {game}, which you played together, with the same settings." in mail.text
    assert f"It is a rematch of {game}" in mail.html


def test_pressing_again_says_you_have_a_seat_and_never_shows_an_address_another_player_typed(client, players):
    alice, bob, carol = players
    game = _finished(players)
    rematch, _ = do_rematch(game.pk, bob)
    do_rematch(game.pk, alice)
    do_invite(rematch.pk, alice, "secret.friend@example.org")
    client.force_login(bob)
    page = client.post(reverse("games:rematch", args=[game.pk]), follow=True).content.decode()
    assert "You have a seat in the rematch." in page and "secret.friend" not in page


def test_a_stranger_learns_nothing_of_a_private_game_by_asking_to_play_it_again(client, players):
    alice, bob, carol = players
    private = do_create_game(alice, "toy", 3, visibility=Game.Visibility.PRIVATE)
    client.force_login(make_user("stranger"))
    assert client.post(reverse("games:rematch", args=[private.pk])).status_code == 404
    assert client.post(reverse("games:rematch", args=[999_999])).status_code == 404
    # An open game's stranger hears they are not a player, whatever the game's state.
    with pytest.raises(ActionRejected) as refused:
        do_rematch(start_game(players).pk, make_user("other"))
    assert refused.value.code == "not_a_player"


def test_a_player_who_left_the_rematch_may_sit_down_again_but_not_one_whose_invitation_was_withdrawn(players):
    alice, bob, carol = players
    game = _finished(players)
    rematch, _ = do_rematch(game.pk, bob)
    do_rematch(game.pk, alice)
    do_leave_lobby(rematch.pk, alice)
    assert do_rematch(game.pk, alice) == (rematch, "joined")
    withdrawn = Invitation.objects.get(game=rematch, user=carol)
    do_withdraw_invitation(rematch.pk, withdrawn.pk, bob)
    with pytest.raises(ActionRejected) as refused:
        do_rematch(game.pk, carol)
    assert refused.value.code == "private"
    assert not rematch.seats.filter(user=carol).exists()


def test_a_player_an_organiser_removed_is_neither_invited_back_nor_may_ask(players):
    alice, bob, carol = players
    game = _finished(players)
    game.seats.filter(user=carol).update(kind=Seat.Kind.BOT, status=Seat.Status.REMOVED)
    with pytest.raises(ActionRejected) as refused:
        do_rematch(game.pk, carol)
    assert refused.value.code == "not_a_player"
    rematch, _ = do_rematch(game.pk, alice)
    assert list(Invitation.objects.filter(game=rematch).values_list("user__username", flat=True)) == ["bob"]


def test_only_players_of_the_earlier_game_are_told_the_invitation_is_a_rematch(players):
    alice, bob, carol = players
    game = _finished(players)
    rematch, _ = do_rematch(game.pk, bob)
    dan = do_invite(rematch.pk, bob, make_user("dan").username)  # someone who did not play it
    carol_mail = OutboxMessage.objects.get(key=f"invite:{Invitation.objects.get(game=rematch, user=carol).pk}")
    dan_mail = OutboxMessage.objects.get(key=f"invite:{dan.pk}")
    assert f"It is a rematch of {game}" in carol_mail.text
    assert "rematch" not in dan_mail.text and str(game) not in dan_mail.text


def test_asking_again_and_again_after_cancelling_is_refused_within_the_hour(players):
    alice, bob, carol = players
    game = _finished(players)
    for _ in range(3):
        rematch, _ = do_rematch(game.pk, bob)
        do_leave_lobby(rematch.pk, bob)
    mails = OutboxMessage.objects.count()
    with pytest.raises(ActionRejected) as refused:
        do_rematch(game.pk, bob)
    assert refused.value.code == "too_often" and OutboxMessage.objects.count() == mails
    assert do_rematch(game.pk, alice)[1] == "created"  # another player may still ask


def test_a_finished_game_against_bots_alone_offers_a_rematch_without_inviting_anyone(client, players):
    # After a game against bots the card does not say "the others are invited by mail", with
    # nobody to invite.
    alice = players[0]
    game = play_to_the_end(Game.objects.get(pk=do_create_game(alice, "toy", 2, bots=1, seed="s1").pk))
    client.force_login(alice)
    card = client.get(reverse("games:table", args=[game.pk])).content.decode().split('id="rematch"', 1)[1]
    card = card.split("</section>", 1)[0]
    assert "invited by mail" not in card
    assert "A new game with the same bots and settings: it starts at once." in card
    people = _finished(players[:2])
    client.force_login(players[0])
    card = client.get(reverse("games:table", args=[people.pk])).content.decode().split('id="rematch"', 1)[1]
    assert "the others are invited by mail" in card.split("</section>", 1)[0]


def test_a_rematch_of_a_game_left_unrated_by_a_bot_account_is_rated_as_its_creator_chose(players):
    alice, bob, carol = players
    do_become_bot_account(carol)
    game = _finished(players)
    assert not game.rated and game.unrated_for_bot_accounts  # it seated a bot account and a person
    assert rated_words(game) == "not rated: it seats a bot account and a person"  # the table says why
    rematch, _ = do_rematch(game.pk, alice)
    assert rematch.rated and not rematch.unrated_for_bot_accounts
    # Played again with the bot account, it is left unrated again when it starts.
    for user in (bob, carol):
        do_join(rematch.pk, user)
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.RUNNING and not rematch.rated


def test_a_rematch_of_a_game_its_creator_left_unrated_stays_unrated(players):
    alice, bob, carol = players
    do_become_bot_account(carol)
    game = do_create_game(alice, "toy", 3, rated=False, seed="s1")
    for user in (bob, carol):
        do_join(game.pk, user)
    game = play_to_the_end(Game.objects.get(pk=game.pk))
    assert not game.unrated_for_bot_accounts
    rematch, _ = do_rematch(game.pk, alice)
    assert not rematch.rated
