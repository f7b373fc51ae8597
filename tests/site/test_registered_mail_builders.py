"""Every mail recipe the code queues has its builder registered in a worker, found the way the
worker finds it (a fault suite run found answer-ahead mail stuck: 'no mail builder named ahead'
in the worker, whose process never imported the module that registers it)."""

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
SKIPPED = {".venv", "var", "tests", "bench", "node_modules", ".git"}

# A fresh interpreter, as a worker starts: the Celery app, its autodiscovery, Django set up.
WORKER_BUILDERS = """
import json
from wildcards_site.celery import app
app.loader.import_default_modules()
from wildcards_site.outbox import recipes
print(json.dumps(sorted(recipes._builders)))
"""


def _queued_builders() -> set[str]:
    """The names in every `{"builder": "<name>", ...}` dict literal of the application code."""
    found = set()
    for path in ROOT.rglob("*.py"):
        if SKIPPED & set(path.relative_to(ROOT).parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "builder" and isinstance(value, ast.Constant):
                        found.add(value.value)
    return found


def test_every_queued_recipe_has_its_builder_in_a_fresh_worker():
    queued = _queued_builders()
    assert {"game", "ahead", "reply-answer"} <= queued  # the walk finds the recipes
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "wildcards_site.settings", "DEBUG": "1"}
    out = subprocess.run([sys.executable, "-c", WORKER_BUILDERS], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    registered = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert queued <= registered, queued - registered
