"""The first game guide (issue 21): short tips shown the first time each kind of decision comes
up at a table, read from each game's ``data/guide.<lang>.json`` and served read-only by
``GET /api/games/<name>/guide?lang=L``.

A guide file holds ``{"prompts": {PATTERN: {"title": ..., "text": ...}, ...}}``, in the order
the tips are offered. A pattern names a *decision kind* by the click keys a frame's legal
actions carry (``Game.action_steps``; docs/architecture.md, "The web client"): alternatives
joined by ``|``, each one

- a step family (``target``: any key ``target:...``, or the one-word key ``draw``),
- one key (``card:guard``),
- or a key prefix ending in ``*`` (``spot:knight*``).

The table page (``web/guide.js``) matches the patterns against the keys offered for the click
being chosen, the seat's own legal actions only, and shows the first tip of the file not yet
dismissed in that browser. :func:`matches` is the same rule, for the tests and the tools.
"""

from __future__ import annotations

import json
import logging
from importlib import resources
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from gonets.server.http import game_asked

log = logging.getLogger("gonets.server")


def guide_prompts(game: Any, lang: str = "en") -> dict[str, dict[str, str]]:
    """The guide's tips of ``game`` in ``lang`` (its ``data/guide.<lang>.json``; English where
    that language has none; empty for a game without a guide), in the file's order."""
    package = type(game).__module__.rpartition(".")[0]
    if not package:
        return {}
    folder = resources.files(package) / "data"
    for name in (f"guide.{lang}.json", "guide.en.json"):
        if lang.isalpha() and (folder / name).is_file():
            data = json.loads((folder / name).read_text(encoding="utf-8"))
            return dict(data.get("prompts") or {})
    return {}


def matches(pattern: str, key: str) -> bool:
    """Whether the guide ``pattern`` names the click ``key`` (see the module's doc)."""
    family = key.split(":", 1)[0]
    for part in pattern.split("|"):
        if part.endswith("*"):
            if key.startswith(part[:-1]):
                return True
        elif part in (key, family):
            return True
    return False


def kinds(prompts: dict[str, Any], keys: list[str]) -> list[str]:
    """The guide's patterns that name any of ``keys`` (the clicks offered now), in order."""
    return [pattern for pattern in prompts if any(matches(pattern, key) for key in keys)]


async def api_guide(request: Request) -> Response:
    """A game's guide in ``?lang=`` (``{game, lang, prompts}``): read-only, the same for
    every table and seat, so the page may ask for it once."""
    game, lang, missing = game_asked(request)
    if missing is not None:
        return missing
    try:
        prompts = guide_prompts(game, lang)
    except Exception:
        log.exception("game %s: its guide cannot be read", game.name)
        prompts = {}
    return JSONResponse({"game": game.name, "lang": lang, "prompts": prompts},
                        headers={"Cache-Control": "public, max-age=300"})
