"""Leavers from before `EntrantLeft` existed, for the organisers' log: how each left as the entry
says (who made them is not known: the log names "the organisers"), dated at the start of the
round they left after, so the log and the entrants' list agree on running events."""

from django.db import migrations


def backfill(apps, schema_editor) -> None:
    Entry = apps.get_model("tournaments", "Entry")
    EntrantLeft = apps.get_model("tournaments", "EntrantLeft")
    Round = apps.get_model("tournaments", "Round")
    logged = set(EntrantLeft.objects.values_list("entry_id", flat=True))
    for entry in Entry.objects.filter(dropped_before_round__isnull=False).select_related("tournament"):
        if entry.pk in logged:
            continue
        if entry.disqualified:
            how = "disqualified"
        elif entry.dropped_by == "site":
            how = "withdrawn"
        elif entry.dropped_by == "organisers":
            how = "removed"
        else:
            how = "dropped"
        started = (
            Round.objects.filter(tournament_id=entry.tournament_id, number=entry.dropped_before_round - 1)
            .values_list("started_at", flat=True)
            .first()
        )
        EntrantLeft.objects.create(
            tournament_id=entry.tournament_id,
            entry=entry,
            how=how,
            next_round=entry.dropped_before_round,
            created_at=started or entry.tournament.started_at or entry.registered_at,
        )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0023_entrants_left")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
