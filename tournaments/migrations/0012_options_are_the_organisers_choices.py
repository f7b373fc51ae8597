"""A tournament's options are the organiser's choices, completed by each table's size.

They used to be stored completed for the preferred size (`two_players: False`, `leo: False`),
which forbade a 2-player table what the game sets by itself for two players: a round that
needed one could not be made. The form never sends a value equal to the game's default
(`games.lobby.forms.chosen_options`), so what differs from the defaults is what was chosen.
"""

from django.db import migrations


def keep_the_organisers_choices(Tournament) -> None:
    from games.engines import get_engine

    for tournament in Tournament.objects.exclude(options={}).only("pk", "engine", "options"):
        try:
            defaults = get_engine(tournament.engine).default_options
        except KeyError:
            continue
        chosen = {key: value for key, value in tournament.options.items() if defaults.get(key, object()) != value}
        if chosen != tournament.options:
            Tournament.objects.filter(pk=tournament.pk).update(options=chosen)


def forwards(apps, schema_editor):
    keep_the_organisers_choices(apps.get_model("tournaments", "Tournament"))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_invitation_waives_conditions"),
    ]

    operations = [
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
