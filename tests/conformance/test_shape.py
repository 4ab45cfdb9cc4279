"""Every game folder has the same rooms (docs/architecture.md), imports run one way, and no
source file is long."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import gonets
from gonets.core import games

SRC = Path(gonets.__file__).parent
ROOMS = {"__init__.py", "game.py", "rules", "notation.py", "views.py", "text.py", "svg.py",
         "ending.py", "bot.py", "cli.py", "data", "RULES.md", "README.md"}
# An adapter room that outgrows one file becomes a package of the same name (text/ for text.py).
GROWN = {f"{room}.py": room for room in ("notation", "views", "text", "svg", "bot", "cli")}
OPTIONAL = {"kernel", "migrations.py"}
"""Rooms a game may have: ``kernel/``, its compiled fast path (docs/kernel.md), and
``migrations.py``, where its rules changed (docs/records.md)."""
GAMES = sorted(games())


def folder(name: str) -> Path:
    return SRC / "games" / name


def imports(path: Path, prefix: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {name for name in found if name.startswith(prefix)}


@pytest.mark.parametrize("name", GAMES)
def test_the_folder_holds_exactly_the_rooms(name):
    names = {p.name for p in folder(name).iterdir() if p.name != "__pycache__"}
    assert names - OPTIONAL == {GROWN[r] if GROWN.get(r) in names else r for r in ROOMS}
    for room in names & OPTIONAL - {"migrations.py"}:
        assert (folder(name) / room / "__init__.py").exists(), f"{room}/ is not a package"
    for room in names & set(GROWN.values()):
        assert (folder(name) / room / "__init__.py").exists(), f"{room}/ is not a package"
    assert (folder(name) / "rules" / "__init__.py").exists()


@pytest.mark.parametrize("name", GAMES)
def test_rules_import_only_notation_and_notation_not_the_state(name):
    prefix = f"gonets.games.{name}"
    outside = {f"{prefix}.{room}" for room in ("views", "text", "svg", "ending", "bot", "cli",
                                                "game", "kernel", "migrations")}  # rules stay pure
    for path in (folder(name) / "rules").glob("*.py"):
        bad = {m for m in imports(path, prefix) if any(m.startswith(o) for o in outside)}
        assert not bad, (path.name, bad)
    notation = imports(folder(name) / "notation.py", prefix)
    assert not {m for m in notation if m.startswith(f"{prefix}.rules.state")
                or any(m.startswith(o) for o in outside)}


def test_no_source_file_is_long():
    long = [str(p.relative_to(SRC)) for p in SRC.rglob("*.py")
            if len(p.read_text("utf-8").splitlines()) > 800]
    assert not long
