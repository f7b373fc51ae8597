import copy
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from games.engines import get_engine
from games.history.archive import check_document, export_game
from games.history.replay_steps import Replay
from games.models import Game
from games.services.errors import ActionRejected
from tests.history.conftest import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(players):
    return finished_game(players[:2], "wildcards", bots=1, seed="export")


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_it_exports_imports_and_replays_to_the_same_result(finished, players, tmp_path):
    path = tmp_path / "game.json"
    call_command("export_game", str(finished.pk), "-o", str(path), stderr=StringIO())
    document = json.loads(path.read_text())
    assert {"engine", "engine_version", "options", "seed", "players", "actions"} <= set(document)
    assert [a["channel"] for a in document["actions"]].count("bot") > 0
    output = run("import_game", str(path), "--save", "--owner", "alice")
    imported = Game.objects.exclude(pk=finished.pk).get()
    assert f"saved as game {imported.pk}" in output
    replay = Replay.of(imported)
    final = replay.state_at(replay.last_step)
    assert final == finished.state
    assert get_engine("wildcards").result(final) == get_engine("wildcards").result(finished.state)
    original = list(finished.seats.values_list("position", "user__username", "score", "rank"))
    assert list(imported.seats.values_list("position", "user__username", "score", "rank")) == original
    times = list(finished.actions.values_list("created_at", flat=True))
    assert list(imported.actions.values_list("created_at", flat=True)) == times
    assert export_game(imported)["actions"] == document["actions"]


def test_it_verifies_without_saving(finished, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export_game(finished)))
    assert "verified: wildcards" in run("import_game", str(path))
    assert Game.objects.count() == 1


def tamper_score(doc):
    doc["players"][0]["score"] += 1


def tamper_action(doc):
    doc["actions"][3]["action"] = {"type": "fly"}


def cut_short(doc):
    del doc["actions"][-1]


def bad_format(doc):
    doc["format"] = "chess"


def bad_engine(doc):
    doc["engine"] = "poker"


def bad_players(doc):
    doc["num_players"] = "three"


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (tamper_score, "claims"),
        (tamper_action, "do not replay"),
        (cut_short, "stop before the end"),
        (bad_format, "not a Wildcards game document"),
        (bad_engine, "a game we do not have"),
        (bad_players, "number of players"),
    ],
)
def test_it_refuses_a_document_that_does_not_replay_and_saves_nothing(finished, tmp_path, tamper, message):
    document = copy.deepcopy(export_game(finished))
    tamper(document)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError, match=message):
        run("import_game", str(path), "--save", "--owner", "alice")
    assert Game.objects.count() == 1


def test_it_refuses_to_export_a_running_game(players):
    from tests.history.conftest import new_game

    game = new_game(players[:2], "secret")
    with pytest.raises(CommandError, match="Only finished games"):
        run("export_game", str(game.pk))


def test_it_says_when_the_engine_version_differs(finished):
    document = export_game(finished)
    assert check_document(document).same_engine_version
    document["engine_version"] = "older"
    assert not check_document(document).same_engine_version


def test_a_document_the_game_refuses_is_explained_in_the_readers_language(finished):
    options = copy.deepcopy(export_game(finished))
    options["options"] = {"edition": "2019"}
    actions = copy.deepcopy(export_game(finished))
    tamper_action(actions)
    with translation.override("it"):
        with pytest.raises(ActionRejected) as refused_options:
            check_document(options)
        with pytest.raises(ActionRejected) as refused_actions:
            check_document(actions)
    assert "L'edizione deve essere '2020' o '2022'." in refused_options.value.message
    assert "Ora non puoi fare 'fly'; possibili: " in refused_actions.value.message
