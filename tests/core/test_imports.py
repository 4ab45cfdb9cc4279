"""No import circles in the package: every import of every module under ``src/gonets``, those
inside functions too, read from the source, and the graph they make has no cycle (a module
that imports one that imports it back, however far round)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"


def modules() -> dict[str, Path]:
    found = {}
    for path in (SRC / "gonets").rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The gonets modules ``name`` imports (outside ``if TYPE_CHECKING:`` blocks)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def owner(dotted: str) -> str:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.Import):
                out.update(owner(alias.name) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package.split(".")[:len(package.split(".")) - child.level + 1]
                    base = ".".join(up + ([base] if base else []))
                for alias in child.names:
                    full = f"{base}.{alias.name}"
                    out.add(owner(full) if full in known else owner(base))
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {target for target in out if target.startswith("gonets") and target != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def strong(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                strong(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            strong(node)
    return groups


def test_the_finder_sees_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_one_that_imports_it_back():
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    assert sum(len(targets) for targets in graph.values()) > 500     # the scan reads imports
    assert cycles(graph) == []


PLATFORM = ("server", "cli", "lab", "sim", "rl", "agents", "terminal", "web")
"""What is built on the games and their core, which the core never imports."""


def test_the_core_imports_nothing_built_on_it():
    known = modules()
    core = {name: imports(name, path, known) for name, path in known.items()
            if name.startswith("gonets.core")}
    assert len(core) > 5 and any(core.values())
    reached = {name: sorted(t for t in targets if t.split(".")[1] in PLATFORM)
               for name, targets in core.items()}
    assert {name: found for name, found in reached.items() if found} == {}
