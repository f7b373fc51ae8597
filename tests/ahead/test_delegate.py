"""A delegate: a round's card play or every move until the player is back, at Standard, marked."""

from __future__ import annotations

import re

import pytest

from games.engines import get_engine
from games.models import Action, Deadline, Seat
from games.services import ActionRejected, do_action
from games.services.delegate import do_delegate, do_end_delegate
from tests.conftest import make_user
from tests.games.conftest import play_until, seat_user, start_game

pytestmark = pytest.mark.django_db
ENGINE = get_engine("wizard")


def _bids_done():
    """Round 4 of a 3-player game, every bid made and the first card not yet played."""
    game = start_game([make_user(name) for name in ("ann", "ben", "cy")], engine="wizard")
    return play_until(
        game,
        lambda s: s["round"] == 4 and s["phase"] == "play" and s["trick_number"] == 0 and not s["trick"],
        "round 4's play",
    )


def _play_round_out(game, round_number: int):
    while game.state["round"] == round_number and game.status == "running":
        seat = ENGINE.to_act(game.state)[0]
        action = ENGINE.legal_actions(game.state, seat)[0]
        do_action(game.pk, seat, action, "web", user=seat_user(game, seat), expected_version=game.version)
        game.refresh_from_db()
    return game


def test_a_delegate_plays_the_rest_of_the_round_and_stops_with_it(db):
    game = _bids_done()
    seat = (game.state["turn"] + 1) % 3
    do_delegate(game.pk, seat_user(game, seat), "round")
    game.refresh_from_db()
    game = _play_round_out(game, 4)
    mine = Action.objects.filter(game=game, seat=seat, payload__type="play")
    in_round = [a for a in mine if a.seq >= game.version - 100]
    assert in_round and all(a.channel in (Action.Channel.DELEGATE, Action.Channel.FORCED) for a in in_round[-4:])
    assert Action.objects.filter(game=game, seat=seat, channel=Action.Channel.DELEGATE).count() >= 3
    assert Seat.objects.get(game=game, position=seat).delegate == ""
    # Round 5: the seat is asked again (its bid, or its card), never played for.
    game = play_until(game, lambda s: seat in ENGINE.to_act(s), "the seat asked in round 5")
    assert Deadline.objects.filter(game=game, seat=seat, closed_at__isnull=True).exists()


def test_a_delegate_until_i_am_back_plays_every_move_until_the_player_says_so(db):
    game = _bids_done()
    seat = (game.state["turn"] + 1) % 3
    user = seat_user(game, seat)
    do_delegate(game.pk, user, "back")
    game.refresh_from_db()
    game = _play_round_out(game, 4)
    game = play_until(game, lambda s: s["round"] == 5 and s["phase"] == "play", "round 5's play")
    assert Action.objects.filter(game=game, seat=seat, channel=Action.Channel.DELEGATE, payload__type="bid").exists()
    assert do_end_delegate(game.pk, user)
    game = play_until(game, lambda s: seat in ENGINE.to_act(s), "the seat asked again")
    assert Deadline.objects.filter(game=game, seat=seat, closed_at__isnull=True).exists()


def test_a_delegate_is_refused_where_the_organisers_do_not_allow_one(db):
    game = _bids_done()
    game.allow_delegates = False
    game.save(update_fields=["allow_delegates"])
    with pytest.raises(ActionRejected) as refused:
        do_delegate(game.pk, seat_user(game, 0), "round")
    assert refused.value.code == "forbidden"
    assert not Seat.objects.exclude(delegate="").exists()


def test_a_delegated_move_is_marked_in_the_table_s_log(client):
    game = _bids_done()
    seat = game.state["turn"]  # called now: the delegate moves at once
    do_delegate(game.pk, seat_user(game, seat), "round")
    client.force_login(seat_user(game, (seat + 1) % 3))
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert re.search(r"Move \d+ by \w+ \(delegate\)", page)


def test_nobody_else_can_tell_a_seat_holds_a_delegate_before_it_moves(client):
    game = _bids_done()
    seat = (game.state["turn"] + 2) % 3  # plays last in the trick: not called now
    other = seat_user(game, (seat + 1) % 3)
    strip = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"|stamp=[0-9a-f]+')

    def pages() -> list[str]:
        client.logout()
        shown = [client.get(f"/games/{game.pk}/?since=0").content.decode()]  # a spectator
        client.force_login(other)  # the recap from a fixed version: a look moves it on
        shown.append(client.get(f"/games/{game.pk}/?since=0").content.decode())
        return [strip.sub("", page) for page in shown]

    before = pages()
    do_delegate(game.pk, seat_user(game, seat), "round")
    assert pages() == before
    client.force_login(seat_user(game, seat))
    assert 'id="delegate"' in client.get(f"/games/{game.pk}/").content.decode()


def test_a_delegated_move_is_marked_in_the_recap_mails_tell(db):
    from games import recap as recaps
    from games.history.replay_steps import Replay

    game = _bids_done()
    seat = game.state["turn"]  # called now: the delegate moves at once
    version = game.version
    do_delegate(game.pk, seat_user(game, seat), "round")
    game.refresh_from_db()
    names = {s.position: s.name for s in game.seats.all()}
    told = recaps.recap(game, (seat + 1) % 3, version, names, replay=Replay.of(game))
    assert told.lines and told.lines[0].endswith("(played by the delegate)")


def test_a_seat_with_a_delegate_is_not_mailed_for_answers_ahead(db, settings):
    from wildcards_site.outbox.models import OutboxMessage

    settings.GAME_MAIL_GRACE_SECONDS = 0
    game = _bids_done()
    leader = game.state["turn"]
    away = (leader + 1) % 3
    do_delegate(game.pk, seat_user(game, away), "back")
    game.refresh_from_db()
    before = set(OutboxMessage.objects.filter(key__startswith="ahead:").values_list("key", flat=True))
    game = _play_round_out(game, 4)
    game = play_until(game, lambda s: s["round"] == 6, "two more rounds")
    asked = set(OutboxMessage.objects.filter(key__startswith="ahead:").values_list("key", flat=True)) - before
    seats_asked = {int(key.split(":")[2]) for key in asked}
    assert seats_asked and away not in seats_asked, asked  # the others are still asked


def test_the_button_to_take_the_seat_back_starts_with_a_capital_in_every_language(client):
    game = _bids_done()
    seat = (game.state["turn"] + 2) % 3
    user = seat_user(game, seat)
    do_delegate(game.pk, user, "back")
    client.force_login(user)
    for language, label in (("it", "Sono tornato"), ("es", "He vuelto"), ("en", "I am back")):
        user.profile.language = language
        user.profile.save()
        page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert re.search(rf'data-scope="end">{label}</button>', page), language
