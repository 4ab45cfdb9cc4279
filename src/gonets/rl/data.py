"""The one accessor of game data files for the encoders: a file is found by its name anywhere
in the game's package folder, so the game moving its data (``cards.json`` to
``data/cards.json``) changes nothing here."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from gonets.core.registry import get_game


def game_folder(game: str) -> Path:
    """The folder of the game's package."""
    import importlib

    module = importlib.import_module(type(get_game(game)).__module__)
    folder = Path(module.__file__).parent
    while (folder.parent / "__init__.py").exists() and folder.parent.name != "games":
        folder = folder.parent
    return folder


@cache
def game_data(game: str, name: str) -> Any:
    """The parsed data file ``name`` (JSON or YAML) of ``game``, found under its folder."""
    folder = game_folder(game)
    found = sorted(folder.rglob(name), key=lambda p: len(p.parts))
    if not found:
        raise FileNotFoundError(f"{game} has no data file {name!r} under {folder}")
    text = found[0].read_text(encoding="utf-8")
    return json.loads(text) if found[0].suffix == ".json" else yaml.safe_load(text)
