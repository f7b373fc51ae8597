"""Each concern on its floor (docs/contributing.md, "Floors"): the import graph of
tests/site/test_no_import_cycles.py, function-level imports included, has no edge that goes up.

- `games` never imports `tournaments` (tournaments register what games needs of them);
- `games.services`, where every state change is, imports nothing of the pages, the mail, the
  history or the API (`games.play`, `lobby`, `history`, `api`, `bymail`): those call the services,
  and what the services need of them is registered when the site starts (the mailer, the
  readers of a reply's lines);
- the ground of `wildcards_site` (accounts, outbox, queueing, wording) imports neither games nor
  tournaments: both stand on it.
The engines and the formats import no Django at all: tests/site/test_pure_packages.py.
"""

from __future__ import annotations

import networkx as nx

from tests.site.test_no_import_cycles import import_graph

FLOORS = [
    # (importers, what they must not import, why)
    (("games",), ("tournaments",), "games stand below tournaments"),
    (
        ("games.services",),
        ("games.play", "games.lobby", "games.history", "games.api", "games.bymail"),
        "the services are below the pages, the mail, the history and the API",
    ),
    (
        ("wildcards_site.accounts", "wildcards_site.outbox", "wildcards_site.queueing", "wildcards_site.wording"),
        ("games", "tournaments"),
        "the site's ground is below the apps",
    ),
]


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def crossings(graph: nx.DiGraph) -> list[str]:
    found = []
    for importers, forbidden, why in FLOORS:
        for importer, imported in sorted(graph.edges):
            if _within(importer, importers) and _within(imported, forbidden):
                found.append(f"{importer} -> {imported} ({why})")
    return found


def test_no_import_goes_up_a_floor():
    graph = import_graph().every()
    assert len(graph) > 100  # the walk found our modules
    assert crossings(graph) == []


def test_the_check_finds_an_import_that_goes_up(tmp_path):
    files = {
        "games/__init__.py": "",
        "games/services/__init__.py": "",
        "games/services/play.py": "def later():\n    from games.bymail import mails\n",
        "games/bymail/__init__.py": "",
        "games/bymail/mails.py": "from games.services import play\n",
        "tournaments/__init__.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(tmp_path, ("games", "tournaments")).every()
    why = "(the services are below the pages, the mail, the history and the API)"
    expected = [f"games.services.play -> games.bymail {why}", f"games.services.play -> games.bymail.mails {why}"]
    assert crossings(graph) == expected
