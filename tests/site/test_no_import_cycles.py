"""No import circles in our packages (developers' guide: "Dependencies run one way").

The graph is read from the source with `ast`, nothing is imported. An edge A -> B is an import in
A of B, where B is the longest of our modules the name reaches (`from games.services import notify`
reaches `games.services.notify`; `from games.services import do_action` reaches `games.services`).
Importing `a.b.c` runs `a` and `a.b` too, so those are edges as well, except the packages A itself
is inside (they are already being imported when A runs).

- Module-level imports (also inside a top-level `if`, `try` or class body) run when the module is
  imported: a cycle among them fails the first test.
- Imports under `if TYPE_CHECKING:` never run and are no edge.
- Function-level imports run at call time, so Python does not trip over a cycle they close; the
  design still has it (services <-> tasks was one, hidden that way). The second test counts them
  too: a lazy import that closes a cycle must be listed in JUSTIFIED_LAZY with its reason.
- Names in strings (`queue_task("games.tasks.close_overdue", ...)`, Celery's beat schedule) are
  not imports: that is how a service queues a task without importing the task module.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "tournaments", "wildcards_site")
# (importer, imported): a function-level import allowed to close a cycle, and why. Empty today.
JUSTIFIED_LAZY: dict[tuple[str, str], str] = {}


@dataclass
class Graph:
    eager: nx.DiGraph = field(default_factory=nx.DiGraph)  # module-level imports
    lazy: nx.DiGraph = field(default_factory=nx.DiGraph)  # function-level imports

    def every(self) -> nx.DiGraph:
        return nx.compose(self.eager, self.lazy)


def _modules(root: Path, packages: tuple[str, ...]) -> dict[str, tuple[Path, bool]]:
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def _imports(body: list[ast.stmt], lazy: bool = False):
    """Each import statement with whether it runs at call time rather than at import time."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, lazy
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from _imports(node.orelse, lazy)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from ((inner, True) for inner in ast.walk(node) if isinstance(inner, ast.Import | ast.ImportFrom))
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt | ast.ExceptHandler | ast.match_case):
                    yield from _imports([child] if isinstance(child, ast.stmt) else child.body, lazy)


def import_graph(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> Graph:
    modules = _modules(root, packages)

    def ours(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph = Graph()
    for name, (path, is_package) in modules.items():
        graph.eager.add_node(name)
        package = name if is_package else name.rpartition(".")[0]
        for node, lazy in _imports(ast.parse(path.read_text(), str(path)).body):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names
                ]
            for target in filter(None, map(ours, targets)):
                chain = target.split(".")
                for depth in range(1, len(chain) + 1):
                    reached = ".".join(chain[:depth])
                    inside = name == reached or name.startswith(reached + ".")
                    if reached in modules and not inside:
                        (graph.lazy if lazy else graph.eager).add_edge(name, reached)
    return graph


def cycles(graph: nx.DiGraph) -> list[str]:
    """One cycle of each tangle (strongly connected set of modules), as `a -> b -> a`."""
    found = []
    for tangle in nx.strongly_connected_components(graph):
        if len(tangle) > 1:
            # Start from the first name, so the message does not depend on hash order.
            loop = [edge[0] for edge in nx.find_cycle(graph.subgraph(tangle), source=min(tangle))]
            first = loop.index(min(loop))
            loop = loop[first:] + loop[:first]
            found.append(" -> ".join([*loop, loop[0]]))
    return sorted(found)


def test_no_module_level_import_cycle():
    graph = import_graph()
    assert len(graph.eager) > 100  # the walk found our modules
    assert cycles(graph.eager) == []


def test_no_function_level_import_closes_a_cycle_either():
    graph = import_graph().every()
    graph.remove_edges_from(JUSTIFIED_LAZY)
    assert cycles(graph) == []


def test_the_graph_sees_each_kind_of_cycle(tmp_path):
    """The checks above can fail: a made-up package with one cycle of each kind."""
    files = {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg import b\n",  # eager: a -> b -> a
        "pkg/b.py": "from . import a\n",
        "pkg/tasks.py": "from pkg.services import run\n",  # lazy: services -> tasks -> services
        "pkg/services/__init__.py": "from pkg.services.play import run\n",
        "pkg/services/play.py": "def run():\n    from pkg import tasks\n",
        "pkg/typed.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import hinted\n",
        "pkg/hinted.py": "import pkg.typed\n",  # no cycle: the other way is only for type checkers
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(tmp_path, ("pkg",))
    assert cycles(graph.eager) == ["pkg.a -> pkg.b -> pkg.a"]
    assert len(cycles(graph.every())) == 2
    assert any(
        {"pkg.tasks", "pkg.services", "pkg.services.play"} <= set(c.split(" -> ")) for c in cycles(graph.every())
    )
    assert not graph.every().has_edge("pkg.typed", "pkg.hinted")
