"""Every Celery task in the code is known to the worker, found the way the worker finds it."""

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
SKIPPED = {".venv", "var", "tests", "bench", "node_modules", ".git"}

# What `celery -A wildcards_site worker` does before it takes tasks: load the app, run its
# autodiscovery (Django's fixup sets Django up), and list the registry. In a fresh interpreter,
# so no task module imported by the test run itself can make a forgotten one look registered.
WORKER_REGISTRY = """
import json
from wildcards_site.celery import app
app.loader.import_default_modules()
print(json.dumps(sorted(name for name in app.tasks if not name.startswith("celery."))))
"""


def _is_shared_task(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return name == "shared_task"


def _task_name(node: ast.FunctionDef, module: str) -> str:
    """Celery's name for the task: the decorator's `name=` if given, else module and function."""
    for decorator in node.decorator_list:
        if _is_shared_task(decorator) and isinstance(decorator, ast.Call):
            for keyword in decorator.keywords:
                if keyword.arg == "name" and isinstance(keyword.value, ast.Constant):
                    return keyword.value.value
    return f"{module}.{node.name}"


def shared_tasks_in_the_code() -> set[str]:
    """`module.function` of every @shared_task, by reading the source (nothing imported)."""
    found = set()
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if SKIPPED.intersection(parts):
            continue
        tree = ast.parse(path.read_text(), filename=str(path))
        module = ".".join(parts)[: -len(".py")].removesuffix(".__init__")
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and any(_is_shared_task(d) for d in node.decorator_list):
                found.add(_task_name(node, module))
    return found


def test_it_registers_in_the_worker_every_shared_task_in_the_code():
    in_code = shared_tasks_in_the_code()
    assert "tournaments.ratings.tasks.rate_game" in in_code  # the scan sees packages below apps too
    env = {**os.environ, "SECRET_KEY": os.environ.get("SECRET_KEY") or "registry-test-" + "x" * 40}
    answer = subprocess.run(
        [sys.executable, "-c", WORKER_REGISTRY], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert answer.returncode == 0, answer.stderr
    registered = set(json.loads(answer.stdout.strip().splitlines()[-1]))
    assert in_code - registered == set(), "tasks the worker would answer 'unregistered task' for"
