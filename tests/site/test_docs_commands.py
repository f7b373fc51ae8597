"""Every command the README and the guides in docs/ give works as written.

Lines in ```sh blocks are commands a reader will type. Each must name something that exists:
a script of ours, a management command whose arguments its own parser accepts, a benchmark, a
module, or an address of the API. The quick ones are run.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import get_commands, load_command_class
from django.urls import Resolver404, resolve

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
# Shell words that end a command: what follows is a redirection or another command.
STOPS = {"<", ">", "|", "&&", ";"}
BENCHMARKS = {path.stem for path in (ROOT / "bench").glob("*.py") if not path.stem.startswith("_")}
RUN = {("python", "-m", "wildcards_site.catalogs", "check")}  # quick enough to run for real


def commands() -> list[tuple[str, list[str]]]:
    found = []
    for doc in DOCS:
        for block in BLOCK.findall(doc.read_text()):
            for line in block.splitlines():
                words = shlex.split(line, comments=True)
                if not words:
                    continue
                cut = next((i for i, word in enumerate(words) if word in STOPS), len(words))
                found.append((f"{doc.name}: {line.strip()}", words[:cut]))
    return found


def _python(words: list[str]) -> bool:
    return words[0] in ("python", "python3", ".venv/bin/python")


def _management(name: str, args: list[str]) -> None:
    known = get_commands()
    assert name in known, f"no management command {name!r}"
    command = load_command_class(known[name], name)
    command.create_parser("manage.py", name).parse_args(args)  # SystemExit on a bad option


def check(words: list[str]) -> None:
    head, rest = words[0], words[1:]
    if head.startswith("scripts/"):
        assert os.access(ROOT / head, os.X_OK), f"{head} is not an executable script"
        if head == "scripts/manage":
            _management(rest[0], rest[1:])
        return
    if _python(words) and rest[:1] == ["manage.py"]:
        _management(rest[1], rest[2:])
        return
    if _python(words) and rest[:2] == ["-m", "bench"]:
        names = [word for word in rest[2:] if not word.startswith("-")][:1]
        assert set(names) <= BENCHMARKS, f"no benchmark {names}"
        return
    if _python(words) and rest[:1] == ["-m"]:
        assert (ROOT / (rest[1].replace(".", "/") + ".py")).exists(), f"no module {rest[1]}"
        if tuple(words[:4]) in RUN:
            subprocess.run([sys.executable, *rest], cwd=ROOT, check=True, capture_output=True)
        return
    if head in ("celery", "gunicorn"):
        assert (ROOT / "wildcards_site").is_dir() and any("wildcards_site" in word for word in rest)
        if head == "celery":
            assert {"worker", "beat"} & set(rest), "celery runs a worker or beat here"
        return
    if head == "curl":
        urls = [word for word in rest if word.startswith("http")]
        assert urls, "curl without an address"
        path = re.sub(r"^https?://[^/]+", "", urls[0]).split("?")[0]
        try:
            resolve(path)
        except Resolver404:
            pytest.fail(f"no page at {path}")
        return
    pytest.fail(f"a command the docs test does not know: {' '.join(words)}")


def test_the_docs_give_commands_at_all():
    assert len(commands()) >= 5


@pytest.mark.parametrize(("where", "words"), commands(), ids=[where for where, _words in commands()])
def test_every_command_in_the_docs_exists_as_written(where, words, db):
    check(words)
