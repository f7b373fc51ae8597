"""The organisers' log tells who left the event and who made them: her own drop of Noor, Marco's own
drop and Bruno's disqualification, not only as tags in the entrants' list, beside the timeouts and
her adjudication the log tells."""

import pytest

from tests.conftest import make_user
from tests.tournaments.helpers import current_tables, make_players, register_and_start
from tournaments.services import do_create_tournament, do_disqualify, do_drop

pytestmark = pytest.mark.django_db


def test_the_log_tells_each_drop_and_disqualification_with_who_made_it(client):
    olga = make_user("olga", display_name="Olga")
    tournament = do_create_tournament(olga, "Swiss", "emu_ranchers", "swiss", options={"years": 1}, rounds=3)
    players = make_players(6)
    tournament = register_and_start(tournament, players)
    assert current_tables(tournament)
    names = {player: player.profile.name for player in players}
    do_drop(tournament.pk, players[0])  # their own
    do_drop(tournament.pk, olga, players[1])  # an organiser's
    do_disqualify(tournament.pk, olga, players[2], "Played on a second account.")
    client.force_login(olga)
    page = client.get(f"/tournaments/{tournament.pk}/")
    lines = [row["left"] for row in page.context["table_log"] if "left" in row]
    assert lines == [
        f"Olga disqualified {names[players[2]]}: not paired from round 2 on, results so far kept."
        " Reason: Played on a second account.",
        f"Olga dropped {names[players[1]]} from the event: not paired from round 2 on.",
        f"{names[players[0]]} dropped out: not paired from round 2 on.",
    ]
    html = page.content.decode()
    assert f"Olga disqualified {names[players[2]]}" in html[html.index('id="table-log"') :]


def test_leavers_from_before_the_log_kept_them_are_told_too(client):
    # On events already running when the log began, the entrants' list must not tag leavers the
    # log never names. The migration that fills the log from the entries is run here again.
    import importlib

    from django.apps import apps

    from tournaments.models import EntrantLeft, Entry

    backfill = importlib.import_module("tournaments.migrations.0024_entrants_left_before").backfill
    olga = make_user("olga", display_name="Olga")
    tournament = do_create_tournament(olga, "Swiss", "emu_ranchers", "swiss", options={"years": 1}, rounds=3)
    players = make_players(6)
    tournament = register_and_start(tournament, players)
    do_drop(tournament.pk, players[0])
    do_drop(tournament.pk, olga, players[1])
    do_disqualify(tournament.pk, olga, players[2], "Played on a second account.")
    Entry.objects.filter(user=players[3], tournament=tournament).update(dropped_before_round=2, dropped_by="site")
    EntrantLeft.objects.filter(entry__user__in=players[1:3]).delete()  # as before the log kept them
    backfill(apps, None)
    backfill(apps, None)  # run twice: nothing is told twice
    hows = dict(EntrantLeft.objects.values_list("entry__user__username", "how"))
    assert hows == {
        players[0].username: "dropped",
        players[1].username: "removed",
        players[2].username: "disqualified",
        players[3].username: "withdrawn",
    }
    client.force_login(olga)
    lines = [row["left"] for row in client.get(f"/tournaments/{tournament.pk}/").context["table_log"] if "left" in row]
    names = {player: player.profile.name for player in players}
    assert f"The organisers disqualified {names[players[2]]}: not paired from round 2 on, results so far kept." in lines


def test_a_disqualification_says_why_to_the_player_and_in_the_log_and_needs_a_reason(client):
    from tournaments.models import Entry
    from wildcards_site.outbox.models import OutboxMessage

    olga = make_user("olga", display_name="Olga")
    tournament = do_create_tournament(olga, "Swiss", "emu_ranchers", "swiss", options={"years": 1}, rounds=3)
    players = make_players(4)
    tournament = register_and_start(tournament, players)
    client.force_login(olga)
    organise = f"/tournaments/{tournament.pk}/organise/disqualify/"
    for reason in ("", "   ", "x" * 501):  # none, blank, too long: refused, nothing changes
        page = client.post(organise, {"username": players[1].username, "reason": reason}, follow=True)
        assert "Give the reason in at most 500 characters." in page.content.decode()
    assert not Entry.objects.get(tournament=tournament, user=players[1]).disqualified
    page = client.post(organise, {"username": players[1].username, "reason": "Two accounts at one table."}, follow=True)
    assert "The player is disqualified." in page.content.decode()
    mail = OutboxMessage.objects.get(key__startswith="tournament-removed:", to=players[1].email)
    assert "Reason: Two accounts at one table." in mail.text and "Reason: Two accounts at one table." in mail.html
    log = page.content.decode()[page.content.decode().index('id="table-log"') :]
    assert "Reason: Two accounts at one table." in log
