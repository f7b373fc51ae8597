"""Per-event switches, one-click unsubscribe, the daily digest and vacation days."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from games.bymail import preferences, vacations
from games.bymail.headers import unsubscribe_url
from games.bymail.mails_digest import digest
from games.models import Deadline, Vacation
from tests.conftest import make_user, rendered
from tests.games.conftest import start_game
from wildcards_site.outbox.models import OutboxMessage


@pytest.mark.django_db
def test_turn_mail_carries_list_unsubscribe_and_one_click_turns_it_off(client):
    alice, bruno = make_user("alice"), make_user("bruno")
    start_game([alice, bruno], engine="wildcards")
    row = rendered(OutboxMessage.objects.get(to="alice@example.org"))
    assert row.headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    path = row.headers["List-Unsubscribe"].strip("<>").split("://", 1)[1].split("/", 1)[1]
    assert client.get("/" + path).status_code == 200
    alice.profile.refresh_from_db()
    assert alice.profile.email_turns  # GET only asks
    assert client.post("/" + path, {"List-Unsubscribe": "One-Click"}).status_code == 200
    alice.profile.refresh_from_db()
    assert not alice.profile.email_turns
    assert not preferences.wants(alice, "your-turn")


@pytest.mark.django_db
def test_the_unsubscribe_page_speaks_the_language_of_the_player_it_was_mailed_to(client):
    # Marta's Italian mail's link, opened signed out in an English browser, asks in Italian, not
    # "Stop mail of this kind: Results of each round?".
    marta = make_user("marta", language="it")
    path = unsubscribe_url(marta.pk, "phase-results").split("://", 1)[1].split("/", 1)[1]
    page = client.get("/" + path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'lang="it"' in page and "Stop mail of this kind" not in page
    done = client.post("/" + path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'lang="it"' in done


@pytest.mark.django_db
def test_a_forged_unsubscribe_link_changes_nothing(client):
    alice = make_user("alice")
    url = unsubscribe_url(alice.pk, "your-turn")
    response = client.post(url.split("8000", 1)[1][:-3] + "xx/")
    assert response.status_code == 400
    alice.profile.refresh_from_db()
    assert alice.profile.email_turns


@pytest.mark.django_db
def test_the_preferences_page_switches_each_event_type(client):
    alice = make_user("alice")
    client.force_login(alice)
    data = {f"event_{event}": "on" for event in preferences.EVENTS if event != "game-over"}
    assert client.post("/mail/preferences/", data).status_code == 302
    assert not preferences.wants(alice, "game-over")
    assert preferences.wants(alice, "timed-out")
    assert client.get("/mail/preferences/").status_code == 200


@pytest.mark.django_db
def test_the_digest_replaces_turn_mail_and_lists_games_by_time_left():
    alice, bruno, carol = make_user("alice"), make_user("bruno"), make_user("carol")
    preferences.do_set_preferences(alice, {}, digest=True)
    alice.refresh_from_db()
    first = start_game([alice, bruno], engine="wildcards")
    second = start_game([carol, alice], engine="wildcards")
    assert not OutboxMessage.objects.filter(to="alice@example.org", key__startswith="turn:").exists()
    Deadline.objects.filter(game=second).update(closes_at=timezone.now() + timedelta(hours=2))
    assert digest(alice)
    row = OutboxMessage.objects.get(to="alice@example.org", key__startswith="digest:")
    assert row.text.index(f"#{second.pk}") < row.text.index(f"#{first.pk}")
    assert not digest(alice)  # once a day


@pytest.mark.django_db
def test_booking_vacation_moves_open_deadlines_within_the_yearly_allowance(client, settings):
    settings.VACATION_DAYS_PER_YEAR = 10
    alice, bruno = make_user("alice"), make_user("bruno")
    game = start_game([alice, bruno], engine="wildcards")
    position = game.seats.get(user=alice).position
    before = Deadline.objects.get(game=game, seat=position, closed_at__isnull=True).closes_at
    client.force_login(alice)
    today = vacations.local_today(alice)
    response = client.post("/mail/vacation/", {"vacation-first_day": today.isoformat(), "vacation-days": 3})
    assert response.status_code == 302
    after = Deadline.objects.get(game=game, seat=position, closed_at__isnull=True).closes_at
    assert after > before
    refused = client.post(
        "/mail/vacation/", {"vacation-first_day": (today + timedelta(days=20)).isoformat(), "vacation-days": 8}
    )
    assert refused.status_code == 400
    assert "only 7 of your 10" in refused.content.decode() or today.month == 12
    with pytest.raises(vacations.VacationRefused):
        vacations.do_book_vacation(alice, date(2000, 1, 1), 1)
    assert Vacation.objects.filter(user=alice).count() == 1


@pytest.mark.django_db
def test_a_vacation_booked_for_today_stops_the_clock_from_now_not_from_midnight():
    # Booked today, the hours since midnight, already spent on a deadline, are not given back: a
    # wait nearly run out is not rescued.
    alice, bruno = make_user("alice"), make_user("bruno")
    game = start_game([alice, bruno], engine="wildcards")
    position = game.seats.get(user=alice).position
    wait = Deadline.objects.get(game=game, seat=position, closed_at__isnull=True)
    Deadline.objects.filter(pk=wait.pk).update(opened_at=wait.opened_at - timedelta(hours=20))
    before = Deadline.objects.get(pk=wait.pk).closes_at
    moment = timezone.now()
    vacation = vacations.do_book_vacation(alice, vacations.local_today(alice), 1)
    assert moment <= vacation.starts_at <= timezone.now()
    after = Deadline.objects.get(pk=wait.pk).closes_at
    # The clock stops from the booking to the vacation's end: no more than that is given back.
    assert after - before <= vacation.ends_at - moment
    assert vacations.days_used(alice, vacations.local_today(alice).year) == 1  # today counts whole


@pytest.mark.django_db
def test_a_vacation_far_in_the_future_is_refused_with_a_reason_not_a_crash(client):
    # A first day of 9999-12-31 must not answer 500 (its end overflows).
    alice = make_user("alice")
    client.force_login(alice)
    response = client.post("/mail/vacation/", {"vacation-first_day": "9999-12-31", "vacation-days": 2})
    assert response.status_code == 400
    assert "at most a year ahead" in response.content.decode()
    assert not Vacation.objects.filter(user=alice).exists()
