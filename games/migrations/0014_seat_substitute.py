"""Seats remember who held them first and whether their player took them over during the game.

Existing seats are marked from the games' log: a seat that an offer gave to someone (a
`seat_replaced` event naming a successor) is a substitute's unless its player is the one who
held it before the first such change (a player given their own seat back).
"""

from django.conf import settings
from django.db import migrations, models
from django.db.models import deletion


def mark_substitutes(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    GameEvent = apps.get_model("games", "GameEvent")
    first: dict[tuple[int, int], object] = {}
    taken: set[tuple[int, int]] = set()
    events = GameEvent.objects.filter(kind="seat_replaced").order_by("created_at", "pk")
    for game_id, seat, detail in events.values_list("game_id", "seat", "detail").iterator(chunk_size=2000):
        if seat is None or not isinstance(detail, dict) or not detail.get("successor"):
            continue  # a seat given to a bot: it keeps its player
        key = (game_id, seat)
        taken.add(key)
        first.setdefault(key, detail.get("previous_user"))
    for game_id, position in taken:
        holder = first[(game_id, position)]
        seat = Seat.objects.filter(game_id=game_id, position=position).first()
        if seat is None or (holder is not None and seat.user_id == holder):
            continue
        seat.substitute = seat.user_id is not None
        seat.first_user_id = holder if isinstance(holder, int) else None
        seat.save(update_fields=["substitute", "first_user"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_wildcards_action_keys"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="first_user",
            field=models.ForeignKey(
                blank=True, null=True, on_delete=deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL
            ),
        ),
        migrations.AddField(model_name="seat", name="substitute", field=models.BooleanField(default=False)),
        migrations.RunPython(mark_substitutes, migrations.RunPython.noop),
    ]
