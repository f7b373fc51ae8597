"""What a game's creator may do to other players' seats and to the clock, what only organisers may,
and how a seat changes hands only with its new player's consent."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from games.bymail.headers import game_root_id
from games.bymail.preferences import do_set_preferences
from games.models import Deadline, Game, GameEvent, SeatOffer
from games.permissions import _organiser_checks, register_organiser_check
from games.services import (
    ActionRejected,
    do_accept_seat,
    do_create_game,
    do_decline_seat,
    do_extend_deadline,
    do_invite,
    do_offer_seat,
    do_pause,
    do_resign,
    do_resume_long_pauses,
    do_seat_bot,
)
from tests.conftest import make_user, rendered
from tests.games.conftest import seat_user, start_game
from wildcards_site.outbox.models import OutboxMessage


def _position(game: Game, user) -> int:
    return game.seats.get(user=user).position


def _seats(game: Game) -> list:
    return [(seat.user_id, seat.kind, seat.status) for seat in game.seats.order_by("position")]


def test_the_creator_cannot_take_a_seat_from_a_player_still_playing(players):
    game = start_game(players)
    before = _seats(game)
    with pytest.raises(ActionRejected) as rejected:
        do_seat_bot(game.pk, players[0], 1)
    assert rejected.value.code == "still_playing"
    for new_user in (players[0], make_user("dora")):
        with pytest.raises(ActionRejected):
            do_offer_seat(game.pk, players[0], 1, new_user)
    assert _seats(game) == before
    assert not GameEvent.objects.exists() and not SeatOffer.objects.exists()
    assert not OutboxMessage.objects.filter(key__startswith="seat-").exists()


def test_a_vacated_seat_is_only_offered_and_nobody_sits_there_until_they_accept(players):
    game = start_game(players)
    do_resign(game.pk, players[1])
    position = _position(game, players[1])
    dora = make_user("dora", display_name="Dora")
    offer = do_offer_seat(game.pk, players[0], position, dora)
    assert seat_user(game, position) == players[1]  # still Bob's (a bot plays it)
    offered = OutboxMessage.objects.get(key=f"seat-offer:{offer.pk}")
    assert offered.to == dora.email and "Alice" in offered.text and "Bob" in offered.text
    # In the game's conversation, as the seat's later turn mails will be.
    assert offered.headers["References"] == offered.headers["In-Reply-To"] == game_root_id(game.pk)
    assert offered.headers["X-Wildcards-Event"] == "seat-offer"

    do_accept_seat(offer.pk, dora)
    assert seat_user(game, position) == dora
    assert game.seats.get(position=position).kind == "human"
    event = GameEvent.objects.get(game=game, kind=GameEvent.Kind.SEAT_REPLACED)
    assert (event.seat, event.actor) == (position, players[0])
    assert (event.detail["previous"], event.detail["successor"]) == ("Bob", "Dora")
    assert event.detail["previous_user"] == players[1].pk  # ratings count Bob last
    told = OutboxMessage.objects.get(key=f"table-event:{event.pk}:{players[1].pk}")
    assert told.to == players[1].email and "Dora" in told.text and "Alice" in told.text


def test_a_declined_offer_seats_nobody_and_cannot_be_taken_back(players):
    game = start_game(players)
    do_resign(game.pk, players[1])
    position = _position(game, players[1])
    dora = make_user("dora")
    offer = do_offer_seat(game.pk, players[0], position, dora)
    do_decline_seat(offer.pk, dora)
    assert seat_user(game, position) == players[1]
    with pytest.raises(ActionRejected) as rejected:
        do_accept_seat(offer.pk, dora)
    assert rejected.value.code == "answered"
    assert GameEvent.objects.filter(game=game, kind="seat_declined").count() == 1


def test_only_the_player_offered_the_seat_may_answer_and_only_while_the_offer_lasts(players, settings):
    game = start_game(players)
    do_resign(game.pk, players[1])
    position = _position(game, players[1])
    dora, eve = make_user("dora"), make_user("eve")
    offer = do_offer_seat(game.pk, players[0], position, dora)
    for answer in (do_accept_seat, do_decline_seat):
        with pytest.raises(ActionRejected) as rejected:
            answer(offer.pk, eve)
        assert rejected.value.code == "no_offer"
    later = offer.created_at + timedelta(days=settings.GAME_SEAT_OFFER_DAYS, minutes=1)
    with pytest.raises(ActionRejected) as rejected:
        do_accept_seat(offer.pk, dora, now=later)
    assert rejected.value.code == "expired"
    assert seat_user(game, position) == players[1]


def test_a_second_acceptance_for_a_seat_already_taken_seats_nobody(players):
    game = start_game(players)
    do_resign(game.pk, players[1])
    position = _position(game, players[1])
    dora, eve = make_user("dora"), make_user("eve")
    first = do_offer_seat(game.pk, players[0], position, dora)
    second = do_offer_seat(game.pk, players[0], position, eve)
    do_accept_seat(first.pk, dora)
    with pytest.raises(ActionRejected):
        do_accept_seat(second.pk, eve)
    assert seat_user(game, position) == dora


def test_staff_may_hand_a_seat_still_playing_to_a_bot_and_the_player_is_told(players):
    game = start_game(players)
    staff = make_user("keeper", staff=True)
    position = _position(game, players[2])
    do_seat_bot(game.pk, staff, position)
    seat = game.seats.get(position=position)
    # The player keeps the seat's result (ranking last), so nobody else is rated for it.
    assert (seat.user, seat.kind, seat.status) == (players[2], "bot", "removed")
    assert OutboxMessage.objects.filter(to=players[2].email, key__startswith="table-event:").count() == 1


def test_a_registered_organiser_check_gives_full_powers(players, monkeypatch):
    game = start_game(players)
    referee = make_user("referee")
    monkeypatch.setattr("games.permissions._organiser_checks", list(_organiser_checks))
    register_organiser_check(lambda checked, user: user.username == "referee" and checked.pk == game.pk)
    do_seat_bot(game.pk, referee, 1)
    assert game.seats.get(position=1).kind == "bot"


def test_nobody_may_offer_a_seat_to_a_player_already_seated(players):
    game = start_game(players)
    do_resign(game.pk, players[1])
    with pytest.raises(ActionRejected) as rejected:
        do_offer_seat(game.pk, make_user("keeper", staff=True), _position(game, players[1]), players[2])
    assert rejected.value.code == "already_seated"


def test_a_seat_out_of_range_is_refused_clearly(players):
    game = start_game(players)
    with pytest.raises(ActionRejected) as rejected:
        do_seat_bot(game.pk, make_user("keeper", staff=True), 9)
    assert rejected.value.code == "no_seat"


def test_seat_changes_are_limited_per_hour_so_nobody_can_bomb_a_player_with_mail(players, settings):
    settings.GAME_MAX_SEAT_CHANGES_PER_HOUR = 3
    game = start_game(players)
    do_resign(game.pk, players[1])
    position = _position(game, players[1])
    dora = make_user("dora")
    refused = 0
    for _attempt in range(20):
        try:
            offer = do_offer_seat(game.pk, players[0], position, dora)
        except ActionRejected as rejected:
            assert rejected.code == "too_many_seat_changes"
            refused += 1
            continue
        do_decline_seat(offer.pk, dora)
    assert refused == 17
    assert OutboxMessage.objects.filter(to=dora.email).count() == 3
    start = datetime.now(UTC)
    later = do_offer_seat(game.pk, players[0], position, dora, now=start + timedelta(hours=1, minutes=1))
    assert later.pk


def test_the_replace_form_offers_the_seat_and_the_invitee_takes_it_from_the_table(client, players):
    game = start_game(players)
    do_resign(game.pk, players[1])
    position = _position(game, players[1])
    dora = make_user("dora", display_name="Dora")
    client.force_login(players[0])
    table = html.unescape(client.get(reverse("games:table", args=[game.pk])).content.decode())
    form = table.split(f'action="{reverse("games:replace", args=[game.pk])}"', 1)[1].split(">", 1)[0]
    # forms.js asks before it is sent.
    assert 'data-confirm="Give this seat to a bot, or offer it to the player you named?' in form
    client.post(reverse("games:replace", args=[game.pk]), {"seat": str(position), "username": "dora"})
    assert seat_user(game, position) == players[1]
    offer = SeatOffer.objects.get(game=game, user=dora)
    client.force_login(dora)
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert "A seat is offered to you" in page
    client.post(reverse("games:answer_offer", args=[game.pk, offer.pk]), {"answer": "accept"})
    assert seat_user(game, position) == dora


def test_extensions_are_capped_in_length_and_number(players, settings):
    settings.GAME_MAX_EXTENSIONS, settings.GAME_MAX_EXTENSION_HOURS = 2, 48
    game = start_game(players, phase_seconds=86400)
    with pytest.raises(ActionRejected) as rejected:
        do_extend_deadline(game.pk, players[0], 1, 720)
    assert rejected.value.code == "bad_extension"
    do_extend_deadline(game.pk, players[0], 1, 48)
    do_extend_deadline(game.pk, players[0], 2, 48)
    closes = Deadline.objects.get(game=game, seat=1, closed_at__isnull=True).closes_at
    with pytest.raises(ActionRejected) as rejected:
        do_extend_deadline(game.pk, players[0], 1, 1)
    assert rejected.value.code == "too_many_extensions"
    assert Deadline.objects.get(game=game, seat=1, closed_at__isnull=True).closes_at == closes
    assert GameEvent.objects.filter(game=game, kind="extended").count() == 2


def test_pauses_are_capped_and_a_long_pause_ends_by_itself(players, settings):
    settings.GAME_MAX_PAUSES, settings.GAME_MAX_PAUSE_DAYS = 1, 3
    game = start_game(players, phase_seconds=86400)
    start = datetime.now(UTC)
    do_pause(game.pk, players[0], now=start)
    assert do_resume_long_pauses(now=start + timedelta(days=2)) == 0
    assert do_resume_long_pauses(now=start + timedelta(days=3, minutes=1)) == 1
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    resumed = GameEvent.objects.get(game=game, kind="resumed")
    assert resumed.actor is None
    with pytest.raises(ActionRejected) as rejected:
        do_pause(game.pk, players[0])
    assert rejected.value.code == "too_many_pauses"


def test_a_player_who_turned_off_table_changes_is_not_mailed_a_pause(players):
    do_set_preferences(players[1], {"table-changes": False})
    game = start_game(players, phase_seconds=86400)
    do_pause(game.pk, players[0])
    pause = GameEvent.objects.get(game=game, kind="paused")
    assert not OutboxMessage.objects.filter(key=f"table-event:{pause.pk}:{players[1].pk}").exists()
    told = OutboxMessage.objects.get(key=f"table-event:{pause.pk}:{players[2].pk}")
    # One click turns this kind of mail off, as on every other game mail.
    assert "/unsubscribe/" in told.headers["List-Unsubscribe"]
    assert told.headers["X-Wildcards-Event"] == "table-changes"
    assert told.headers["List-Unsubscribe"][1:-1] in told.text


def test_players_see_why_the_clock_stopped(client, players):
    game = start_game(players)
    do_pause(game.pk, players[0])
    client.force_login(players[1])
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert "the game is paused since" in page
    assert "Alice paused the game." in page


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("games:extend", {}),
        ("games:extend", {"seat": "x", "hours": "2"}),
        ("games:extend", {"seat": "1"}),
        ("games:replace", {"username": "dora"}),
        ("games:replace", {"seat": "99999999999999999999999", "username": ""}),
        ("games:replace", {"seat": "7", "username": ""}),
        # Digits str.isdigit() accepts and int() refuses (else 500s).
        ("games:replace", {"seat": "¹", "username": ""}),
        ("games:extend", {"seat": "²", "hours": "2"}),
        ("games:extend", {"seat": "0", "hours": "9" * 5000}),
    ],
)
def test_organiser_forms_with_missing_or_bad_fields_answer_400_and_change_nothing(client, players, name, data):
    game = start_game(players)
    before = _seats(game)
    client.force_login(players[0])
    response = client.post(reverse(name, args=[game.pk]), data)
    assert response.status_code == 400
    assert _seats(game) == before and not GameEvent.objects.exists()


def test_an_invitation_to_a_game_that_does_not_exist_is_404(client, players):
    client.force_login(players[0])
    assert client.post("/games/999999999999999999/invite/", {"who": "bob"}).status_code == 404


def test_mail_subjects_are_plain_text_not_html(players):
    type(players[0].profile).objects.filter(user=players[0]).update(display_name="Ann O'Neil & Co")
    players[0].refresh_from_db()
    lobby = do_create_game(players[0], "toy", 3, None)
    do_invite(lobby.pk, players[0], "friend@example.org")
    subject = OutboxMessage.objects.get(to="friend@example.org").subject
    assert "Ann O'Neil & Co" in subject and "&#x27;" not in subject and "&amp;" not in subject


def _extend_choices(page: str) -> list[str] | None:
    """The seats the table's Extend form offers (None: no such form)."""
    form = re.search(r'<form[^>]*action="[^"]*/extend/".*?</form>', page, re.S)
    return None if form is None else re.findall(r'<option value="(\d+)"', form.group(0))


def test_the_extend_form_offers_only_the_seats_waited_for(client, players):
    # A creator playing three bots is not offered "Bot 1", whose wait cannot be extended (a bot
    # has none), only to be answered "That seat has no open deadline".
    game = do_create_game(players[0], "wizard", 4, bots=3, bot_levels=["standard"] * 3, seed="s2")
    client.force_login(players[0])
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert _extend_choices(page) == [str(_position(game, players[0]))]

    three = start_game(players, engine="wildcards")  # sealed bids: all three are waited for
    assert _extend_choices(client.get(reverse("games:table", args=[three.pk])).content.decode()) == ["0", "1", "2"]


def test_a_player_who_gave_up_a_seat_is_never_offered_another_one_in_that_game(players, settings):
    # A creator who resigned a losing seat and had it given to a second account may not offer a
    # better vacated seat to themselves and finish rated at its rank.
    settings.GAME_MAX_SEAT_CHANGES_PER_HOUR = 100
    alice, bob, carol = players
    game = start_game(players)
    do_resign(game.pk, carol)
    do_resign(game.pk, alice)
    second = make_user("alice2")
    do_accept_seat(do_offer_seat(game.pk, alice, _position(game, alice), second).pk, second)
    with pytest.raises(ActionRejected) as rejected:
        do_offer_seat(game.pk, alice, _position(game, carol), alice)
    assert rejected.value.code == "own_offer"  # nor to herself at all (test_seat_chains_rated.py)
    with pytest.raises(ActionRejected) as rejected:
        do_offer_seat(game.pk, alice, _position(game, carol), second)  # who holds Alice's seat now
    assert rejected.value.code == "already_seated"
    assert seat_user(game, _position(game, carol)) == carol
    assert not SeatOffer.objects.filter(user=alice).exists()


def test_a_player_may_be_offered_their_own_seat_back(players):
    game = start_game(players)
    bob = players[1]
    position = _position(game, bob)
    do_resign(game.pk, bob)
    do_accept_seat(do_offer_seat(game.pk, players[0], position, bob).pk, bob)
    seat = game.seats.get(position=position)
    assert (seat.user, seat.kind, seat.status, seat.substitute) == (bob, "human", "playing", False)


def test_a_player_who_takes_over_a_seat_is_marked_a_substitute(players):
    game = start_game(players)
    position = _position(game, players[1])
    do_resign(game.pk, players[1])
    dora = make_user("dora")
    do_accept_seat(do_offer_seat(game.pk, players[0], position, dora).pk, dora)
    seat = game.seats.get(position=position)
    assert (seat.user, seat.substitute) == (dora, True)


def test_the_offer_says_whether_the_seat_is_rated_for_its_taker(players):
    game = start_game(players)
    bob = players[1]
    position = _position(game, bob)
    do_resign(game.pk, bob)
    dora = make_user("dora")
    to_dora = do_offer_seat(game.pk, players[0], position, dora)
    to_bob = do_offer_seat(game.pk, players[0], position, bob)
    assert "not rated for you" in OutboxMessage.objects.get(key=f"seat-offer:{to_dora.pk}").text
    assert "rated if the game is rated" in OutboxMessage.objects.get(key=f"seat-offer:{to_bob.pk}").text


def test_seat_offers_to_one_person_count_against_their_days_share_from_every_game(players, settings):
    # Game after game made only to offer its seat: not four mails to one person.
    settings.UNASKED_MAILS_PER_DAY = 2
    alice, bob, carol = players
    victim = make_user("victim", display_name="Vic")
    for _ in range(2):
        game = start_game([alice, bob])
        do_resign(game.pk, bob)
        do_offer_seat(game.pk, alice, _position(game, bob), victim)
    game = start_game([alice, carol])
    do_resign(game.pk, carol)
    with pytest.raises(ActionRejected) as refused:
        do_offer_seat(game.pk, alice, _position(game, carol), victim)
    assert refused.value.code == "too_many_invitations" and "Vic" in refused.value.message
    assert OutboxMessage.objects.filter(to=victim.email).count() == 2
    assert not SeatOffer.objects.filter(game=game).exists()


@pytest.mark.parametrize(
    ("language", "one", "two"), [("en", "1 more hour.", "2 more hours."), ("es", "1 hora más.", "2 horas más.")]
)
def test_an_extension_of_one_hour_is_told_in_the_singular(players, language, one, two):
    # Not "Olga gave Daan 1 more hours" ("1 horas más", "altre 1 ore").
    from django.template.loader import render_to_string
    from django.utils import translation

    game = start_game(players, phase_seconds=86400)
    do_extend_deadline(game.pk, players[0], 1, 1)
    do_extend_deadline(game.pk, players[0], 2, 2)
    events = GameEvent.objects.filter(game=game, kind="extended").order_by("pk")
    with translation.override(language):
        told = [
            render_to_string("games/game_event.html", {"event": event, "seat_names": ["A", "B", "C"]})
            for event in events
        ]
    assert told[0].strip().endswith(one) and told[1].strip().endswith(two)


def test_a_seat_offered_back_to_its_player_reads_as_theirs_at_the_top_of_the_table(client, players):
    # Marta is not offered "the seat of Marta", and the offer is not about 3,000 px down the
    # phone's table, below the board, the log and the talk.
    game = start_game(players)
    do_resign(game.pk, players[1])
    position = _position(game, players[1])
    offer = do_offer_seat(game.pk, players[0], position, players[1])
    body = rendered(OutboxMessage.objects.get(key=f"seat-offer:{offer.pk}")).text
    assert "offers you your seat in" in body and f"the seat of {players[1].profile.name}" not in body, body
    assert f"/games/{game.pk}/#seat-offer" in body
    client.force_login(players[1])
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert "You may take your seat back" in page
    assert page.index('id="seat-offer"') < page.index('class="card seats"') < page.index('id="view"')


def _givable(client, user, game) -> list[str]:
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/").content.decode()
    if "Give seat" not in page:
        return []
    form = page.split("Give seat", 1)[1].split("</select>", 1)[0]
    return [html.unescape(name) for name in re.findall(r'<option value="\d+">([^<]+)</option>', form)]


def test_the_creator_is_offered_only_the_seats_they_may_give(client, players):
    # The creator's panel does not list seats of players still playing, which choosing would be
    # refused ("only an organiser can take a seat from a player still playing").
    game = start_game(players)
    client.force_login(players[0])
    page = html.unescape(client.get(f"/games/{game.pk}/").content.decode())
    assert "Pause" in page  # the creator's panel is there, without the seats form
    assert "Every player is still playing: a seat can be given or offered once its player has left." in page
    assert _givable(client, players[0], game) == []
    do_resign(game.pk, players[1])
    assert _givable(client, players[0], game) == ["Bob"]


def test_an_organiser_is_offered_every_seat(client, players):
    staff = make_user("staffer", display_name="Stella")
    type(staff).objects.filter(pk=staff.pk).update(is_staff=True)
    staff.refresh_from_db()
    game = start_game(players)
    assert sorted(_givable(client, staff, game)) == ["Alice", "Bob", "Carol"]
