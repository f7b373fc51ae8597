from django.db import migrations, models


def bots_play_standard(apps, schema_editor):
    # Bot seats from before levels played the engine's default, closest to Standard.
    Seat = apps.get_model("games", "Seat")
    Seat.objects.filter(kind="bot", bot_level="").update(bot_level="standard")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_tables_without_creator_and_seat_offers"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="bot_level",
            field=models.CharField(
                blank=True,
                choices=[("beginner", "Beginner"), ("standard", "Standard"), ("good", "Good"), ("strong", "Strong")],
                default="",
                max_length=10,
            ),
        ),
        migrations.RunPython(bots_play_standard, migrations.RunPython.noop),
    ]
