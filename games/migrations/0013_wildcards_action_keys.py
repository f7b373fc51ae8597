"""Wild Cards moves in the log keep only their action's keys.

Before the engine refused a move with a key of its own, such moves were stored as sent
(`{"type": "bid", "card": 3, "note": "…"}`); the key changed nothing in the game, and the
engine now refuses it, so a log holding one would no longer replay. The keys are a frozen
copy of `games.engines.wildcards.actions.KEYS` as it was when this was written.
"""

from django.db import migrations

KEYS = {
    "bid": {"type", "card"},
    "eagle_bid": {"type", "cards"},
    "eagle_choose": {"type", "card"},
    "swap": {"type", "give", "take"},
    "no_swap": {"type"},
    "discard": {"type", "card"},
    "done": {"type"},
    "tie_pay": {"type", "card"},
    "reveal": {"type", "card"},
    "take": {"type", "animal"},
    "pass": {"type"},
    "pay": {"type", "card"},
}


def keep_the_actions_own_keys(apps, schema_editor):
    Action = apps.get_model("games", "Action")
    changed = []
    for action in Action.objects.filter(game__engine="wildcards").only("pk", "payload").iterator(chunk_size=2000):
        payload = action.payload
        own = KEYS.get(payload.get("type")) if isinstance(payload, dict) else None
        if own is not None and set(payload) - own:
            action.payload = {key: value for key, value in payload.items() if key in own}
            changed.append(action)
        if len(changed) >= 500:
            Action.objects.bulk_update(changed, ["payload"])
            changed = []
    Action.objects.bulk_update(changed, ["payload"])


class Migration(migrations.Migration):
    dependencies = [("games", "0012_table_message")]

    operations = [migrations.RunPython(keep_the_actions_own_keys, migrations.RunPython.noop)]
