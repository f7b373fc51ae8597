"""A bye is worth one win unless the organiser says otherwise: bye_points blank by default.

No form or API ever set bye_points, so a 2 on a tournament that has not started is the old
default: it becomes blank (one win). Running and finished tournaments keep the value they
were played under, so their standings do not change under their players.
"""

from django.db import migrations, models


def blank_the_old_default(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(status="registration", bye_points=2).update(bye_points=None)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_tournament_problem"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="bye_points",
            field=models.FloatField(blank=True, default=None, null=True),
        ),
        migrations.RunPython(blank_the_old_default, migrations.RunPython.noop),
    ]
