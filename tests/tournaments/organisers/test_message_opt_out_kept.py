"""A player who switched tournament mail off before organisers' messages had a switch of their
own (then "tournament-round" covered them: a MailOptOut row of that event) does not get the
messages again: the data migration carries the old choice over to the new switch."""

import importlib

import pytest
from django.apps import apps

from games.bymail.models import MailOptOut
from tests.tournaments.helpers import make_players
from tests.tournaments.organisers.test_organisers import organiser, swiss  # noqa: F401  (fixtures)
from tournaments.services import do_message_entrants, do_register
from wildcards_site.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.bymail.migrations.0002_organisers_messages_keep_the_old_opt_out")


def test_a_player_who_had_turned_all_tournament_mail_off_gets_no_organisers_message(swiss, organiser):  # noqa: F811
    quiet, other, later = make_players(3)
    for player in (quiet, other, later):
        do_register(swiss.pk, player)
    # As stored before the change: the row that "unsubscribe" or the preferences page wrote then.
    MailOptOut.objects.create(user=quiet, event="tournament-round")
    MIGRATION.keep_messages_off(apps, None)
    MIGRATION.keep_messages_off(apps, None)  # run twice (a retried deploy): no second row, no error
    # After the change, turning round mail off leaves the organisers' messages on.
    MailOptOut.objects.create(user=later, event="tournament-round")
    do_message_entrants(swiss.pk, organiser, "Welcome, all!")
    mailed = set(OutboxMessage.objects.filter(key__startswith="tournament-message:").values_list("to", flat=True))
    assert mailed == {other.email, later.email}
