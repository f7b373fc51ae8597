from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_options_are_the_organisers_choices"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="cancel_reason",
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
    ]
