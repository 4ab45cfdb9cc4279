"""Places and turns in words for everything a player reads besides the log: menu lines, click
labels, prompts, tooltips and the terminal picture.

They use the log's vocabulary (:mod:`.log`): a cell is named exactly from its nearest
landmark, the start tile or a monastery laid earlier ("3 tiles east and 1 tile north of the
start tile"). A menu must tell its choices apart, so where two cells of one choice would read
the same (two monasteries of one player share a name), :func:`distinct_places` names them
from the start tile instead, the one landmark no other shares a name with. A rotation is
"turned a quarter right", never a code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from gonets.games.carcassonne.text.log import (
    START,
    Landmark,
    Surroundings,
    offset_phrase,
    placement_phrase,
)
from gonets.games.carcassonne.text.words import phrases

Cell = tuple[int, int]
EXACT_LEVELS = 2
"""How a cell may be named: exactly from its nearest landmark, or from the start tile."""


_LAST: tuple | None = None
"""The view last asked about, a fingerprint of it and what was worked out from it: a page
asks for every menu line, click label and tooltip of one view in turn (one entry, replaced as
a whole, so that concurrent callers never mix two views)."""


def _memo(view: dict, name: Any, make: Callable[[], Any]) -> Any:
    """``make()``, worked out once per view."""
    global _LAST
    mark = (len(view.get("log") or ()), len(view.get("legal") or ()), len(view["board"]),
            view.get("seat"), tuple(view.get("names") or ()))
    last = _LAST
    if last is None or last[0] is not view or last[1] != mark:
        last = _LAST = (view, mark, {})
    found = last[2]
    if name not in found:
        found[name] = make()
    return found[name]


def turn_words(degrees: int, lang: str = "en", form: str = "menu") -> str:
    """A rotation clockwise in words: ``menu`` "turned a quarter right", ``step`` "a quarter
    turn right", ``short`` "¼ right" (the catalogue's ``turns``)."""
    return phrases(lang)["turns"][form][degrees // 90 % 4]


def view_landmarks(view: dict) -> tuple[Landmark, ...]:
    """The landmarks the log of ``view`` has shown: the start tile, then every monastery in
    the order laid (what the log's own lines point at)."""
    return _memo(view, "landmarks", lambda: _landmarks(tuple(
        (e.get("tile"), e.get("x"), e.get("y"), e.get("rot", 0), e.get("player", -1))
        for e in view.get("log", ()) if e.get("type") == "place")))


@lru_cache(maxsize=64)
def _landmarks(placed: tuple) -> tuple[Landmark, ...]:
    around = Surroundings()
    for tile, x, y, rot, player in placed:
        around.see({"type": "place", "tile": tile, "x": x, "y": y, "rot": rot,
                    "player": player})
    return tuple(around.landmarks)


def reader(view: dict) -> tuple[int | None, tuple[str, ...] | None]:
    """Who reads the view (its seat; None: a spectator) and the seat names the page gave."""
    names = view.get("names")
    return view.get("seat"), tuple(names) if names else None


def distinct_places(cells: Iterable[Cell], lang: str = "en", viewer: int | None = None,
                    names: Sequence[str] | None = None,
                    landmarks: Sequence[Landmark] = (START,)) -> dict[Cell, str]:
    """Each cell in words, no two alike: from the nearest landmark as the log says it, and
    where that names two cells alike, from the start tile (:func:`offset_phrase`)."""
    return dict(_distinct(tuple(sorted(set(cells))), lang, viewer,
                          tuple(names) if names else None, tuple(landmarks)))


@lru_cache(maxsize=256)
def _distinct(cells: tuple[Cell, ...], lang: str, viewer: int | None,
              names: tuple[str, ...] | None, landmarks: tuple[Landmark, ...]
              ) -> tuple[tuple[Cell, str], ...]:
    def say(cell: Cell, level: int) -> str:
        x, y = cell
        if level == 0:
            return placement_phrase(x, y, lang, viewer, names, landmarks)
        return offset_phrase(x, y, START, lang, viewer, names)

    levels = dict.fromkeys(cells, 0)
    while True:
        texts = {cell: say(cell, levels[cell]) for cell in cells}
        alike: dict[str, list[Cell]] = {}
        for cell, text in texts.items():
            alike.setdefault(text, []).append(cell)
        # exact offsets from the start tile never repeat, so this ends
        clashing = [cell for group in alike.values() if len(group) > 1 for cell in group
                    if levels[cell] < EXACT_LEVELS - 1]
        if not clashing:
            return tuple(texts.items())
        for cell in clashing:
            levels[cell] += 1


def placement_cells(view: dict) -> dict[Cell, list[int]]:
    """The cells the tile in hand may go to, with their legal rotations in degrees."""
    return {cell: list(degrees) for cell, degrees in _memo(view, "cells", lambda: _cells(view))}


def _cells(view: dict) -> tuple[tuple[Cell, tuple[int, ...]], ...]:
    cells: dict[Cell, list[int]] = {}
    for text in view.get("legal") or ():
        if text.startswith("place "):
            words = text.split()
            x, y = (int(v) for v in words[-2].split(","))
            cells.setdefault((x, y), []).append(int(words[-1][1:]))
    return tuple((cell, tuple(degrees)) for cell, degrees in cells.items())


def cell_places(view: dict, lang: str = "en") -> dict[Cell, str]:
    """The cells the tile in hand may go to, each in words and no two alike (the menu lines,
    the click labels, the map's tooltips and the terminal's list share these)."""
    viewer, names = reader(view)
    return _memo(view, ("places", lang), lambda: distinct_places(
        placement_cells(view), lang, viewer, names, view_landmarks(view)))


def tile_places(view: dict, cells: Iterable[Cell], lang: str = "en") -> dict[Cell, str]:
    """Placed tiles (the followers' tiles) in words, no two alike."""
    viewer, names = reader(view)
    return distinct_places(cells, lang, viewer, names, view_landmarks(view))


def tile_place(view: dict, x: int, y: int, lang: str = "en") -> str:
    """One placed tile's place from its nearest landmark, as the log says it."""
    viewer, names = reader(view)
    return placement_phrase(x, y, lang, viewer, names, view_landmarks(view))
