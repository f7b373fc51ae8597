"""Organisers' messages got a switch of their own ("tournament-message"); before, they went under
"tournament-round", the one switch for all tournament mail. A player who had turned that off
turned the messages off too: they keep it off, and are not mailed them again."""

from django.db import migrations


def keep_messages_off(apps, schema_editor) -> None:
    opt_out = apps.get_model("bymail", "MailOptOut")
    off = opt_out.objects.filter(event="tournament-round").values_list("user_id", flat=True)
    opt_out.objects.bulk_create(
        [opt_out(user_id=user_id, event="tournament-message") for user_id in off], ignore_conflicts=True
    )


class Migration(migrations.Migration):
    dependencies = [("bymail", "0001_initial")]

    operations = [migrations.RunPython(keep_messages_off, migrations.RunPython.noop)]
