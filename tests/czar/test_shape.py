"""The folder has the rooms of docs/architecture.md, and imports run one way."""

from __future__ import annotations

import ast
from pathlib import Path

import gonets.games.czar as package

FOLDER = Path(package.__file__).parent
ROOMS = {"__init__.py", "game.py", "rules", "notation.py", "views.py", "text.py", "svg.py",
         "bot.py", "cli.py", "data", "RULES.md", "README.md"}
PREFIX = "gonets.games.czar"


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {name for name in found if name.startswith(PREFIX)}


def test_the_folder_holds_exactly_the_rooms():
    names = {p.name for p in FOLDER.iterdir() if p.name != "__pycache__"}
    assert names == ROOMS
    assert (FOLDER / "rules" / "__init__.py").exists()


def test_rules_import_only_notation_and_themselves_and_notation_only_the_model():
    outside = {f"{PREFIX}.{room}" for room in ("views", "text", "svg", "bot", "cli", "game")}
    for path in (FOLDER / "rules").glob("*.py"):
        bad = {name for name in imports(path) if any(name.startswith(o) for o in outside)}
        assert not bad, (path.name, bad)
    model = f"{PREFIX}.rules.board"
    assert all(name.startswith(model) for name in imports(FOLDER / "notation.py"))


def test_no_source_file_is_long():
    for path in FOLDER.rglob("*.py"):
        assert len(path.read_text("utf-8").splitlines()) <= 800, path
