"""Wild Cards states gain `known` (cards the table saw go back into a hand): rebuilt from the log.

The engine now records them from the first move. A state cached before has no `known`, so its
game would go on knowing nothing while every state rebuilt from its log (the replay, a mail
rendered at an earlier version, `verify_games`) knows them: each such game's cached state is
rebuilt from its action log, as `verify_games --repair` does. A game whose log does not replay
keeps its state (the engine reads a missing `known` as nothing known).
"""

from django.db import migrations


def rebuild_wildcards_states(apps, schema_editor):
    from games.engines import get_engine

    engine = get_engine("wildcards")
    Game = apps.get_model("games", "Game")
    Action = apps.get_model("games", "Action")
    games = Game.objects.filter(engine="wildcards", state__isnull=False).only(
        "pk", "num_seats", "seed", "options", "state"
    )
    for game in games.iterator(chunk_size=200):
        cached = game.state
        if not isinstance(cached, dict) or "known" in cached:
            continue
        try:
            state = engine.new_game(game.num_seats, game.seed, game.options)
            for seat, payload in Action.objects.filter(game_id=game.pk).order_by("seq").values_list("seat", "payload"):
                state = engine.apply(state, seat, payload)
        except Exception:  # noqa: BLE001 (a log that does not replay keeps its state, as said above)
            continue
        if {key: value for key, value in state.items() if key != "known"} == cached:
            Game.objects.filter(pk=game.pk).update(state=state)


class Migration(migrations.Migration):
    dependencies = [("games", "0015_seat_left_at")]

    operations = [migrations.RunPython(rebuild_wildcards_states, migrations.RunPython.noop)]
