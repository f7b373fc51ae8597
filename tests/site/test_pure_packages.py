"""The engines and the tournament formats import no Django (developers' guide: engines are pure
Python), read from the source as tests/site/test_no_import_cycles.py reads it, and then imported
in a Python without the site's settings to be sure no library brings Django in either."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PURE = ("games.engines", "tournaments.formats")
OURS = ("games", "tournaments", "wildcards_site")


def _module_name(root: Path, path: Path) -> tuple[str, str]:
    """(module, its package) for a file of ours."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        name = ".".join(parts[:-1])
        return name, name
    return ".".join(parts), ".".join(parts[:-1])


def _imported(root: Path, path: Path) -> set[str]:
    """Every module an import in the file names, at any level (a function's too, and TYPE_CHECKING's)."""
    _name, package = _module_name(root, path)
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.add(base)
    return found


def impure_imports(root: Path = ROOT, pure: tuple[str, ...] = PURE) -> list[str]:
    """`module -> import` for each import in a pure package of Django, or of our modules outside
    the pure packages (they bring the site in)."""
    found = []
    for package in pure:
        for path in sorted((root / package.replace(".", "/")).rglob("*.py")):
            name, _package = _module_name(root, path)
            for target in sorted(_imported(root, path)):
                top = target.split(".")[0]
                inside = any(target == p or target.startswith(p + ".") for p in pure)
                if top == "django" or (top in OURS and not inside):
                    found.append(f"{name} -> {target}")
    return found


def test_engines_and_formats_import_no_django_nor_the_site():
    assert impure_imports() == []


def test_the_source_check_sees_a_django_import(tmp_path):
    package = tmp_path / "tournaments" / "formats"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "ok.py").write_text("from . import tables\nfrom tournaments.formats import swiss\nimport random\n")
    (package / "bad.py").write_text("def f():\n    from django.utils import timezone\n")
    (package / "site.py").write_text("from tournaments.models import Tournament\n")
    found = impure_imports(tmp_path, ("tournaments.formats",))
    assert [line.split(" -> ")[1] for line in found] == ["django.utils", "tournaments.models"]


IMPORT_ALL = """
import importlib, pkgutil, sys
for package in {packages!r}:
    module = importlib.import_module(package)
    for info in pkgutil.walk_packages(module.__path__, package + "."):
        importlib.import_module(info.name)
print(sorted(name for name in sys.modules if name == "django" or name.startswith("django.")))
"""


def test_they_import_without_django_at_run_time():
    code = IMPORT_ALL.format(packages=PURE)
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    answer = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.strip() == "[]"
