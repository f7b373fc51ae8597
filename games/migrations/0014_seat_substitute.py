"""Seats remember who held them first and whether their player took them over during the game.

Existing seats are marked from the games' log: a seat that an offer gave to someone (a
`seat_replaced` event naming a successor) is a substitute's unless its player is the one who
held it before the first such change (a player given their own seat back), and a seat's first
player who lost it is remembered. Ratings stored before this upgrade rated substitutes: run
`scripts/manage recompute_ratings` once after it (docs/operators.md).
"""

from django.conf import settings
from django.db import migrations, models
from django.db.models import deletion


def mark_substitutes(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    GameEvent = apps.get_model("games", "GameEvent")
    first: dict[tuple[int, int], int] = {}
    taken: set[tuple[int, int]] = set()
    events = GameEvent.objects.filter(kind="seat_replaced").order_by("created_at", "pk")
    for game_id, seat, detail in events.values_list("game_id", "seat", "detail").iterator(chunk_size=2000):
        if seat is None or not isinstance(detail, dict):
            continue
        key = (game_id, seat)
        if detail.get("successor"):
            taken.add(key)  # a person accepted the seat (not a bot taking it)
        holder = detail.get("previous_user")
        if isinstance(holder, int):
            # The seat's first player: the earliest who lost it to someone else (an event of one
            # taking their own seat back names nobody).
            first.setdefault(key, holder)
    for game_id, position in first.keys() | taken:
        seat = Seat.objects.filter(game_id=game_id, position=position).first()
        if seat is None:
            continue
        holder = first.get((game_id, position))
        if holder is not None and seat.user_id == holder:
            continue  # back with its first player
        seat.first_user_id = holder
        seat.substitute = seat.user_id is not None and (game_id, position) in taken
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
