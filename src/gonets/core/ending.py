"""The end screen of a finished match, as every game's ``ending`` room builds it.

``Game.final(view, lang)`` gives, for one reader's view of a finished match::

    {"reason": "why the match ended, and who won, in one sentence",
     "columns": ["Tokens (3 win)", ...],        # labels of each row's cells
     "score": 0,                                # which of them is the score the ranking follows
     "rows": [{"seat": 1, "rank": 1, "cells": [3, ...]}, ...],   # best first
     "lines": ["a deciding number", ["label", "value"], ...]}

The page puts the seat's name (as it calls the seat everywhere) and the rank before the cells.
Everything comes from the view, so an end screen shows only what the game reveals at its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def ranked(keys: Sequence[Any]) -> list[tuple[int, int]]:
    """``(seat, rank)`` best first: ``keys[seat]`` orders the seats (higher is better); equal
    keys share a rank and the next rank skips them ("1, 2, 2, 4"); ties keep seat order."""
    order = sorted(range(len(keys)), key=lambda seat: keys[seat], reverse=True)
    out: list[tuple[int, int]] = []
    for place, seat in enumerate(order):
        tied = place and keys[seat] == keys[order[place - 1]]
        out.append((seat, out[-1][1] if tied else place + 1))
    return out


def screen(reason: str, columns: list[str], cells: Sequence[list], keys: Sequence[Any],
           lines: list | None = None, score: int = 0) -> dict:
    """An end screen: ``cells[seat]`` are the seat's cells under ``columns`` (``score`` the
    index of the score among them), ``keys[seat]`` its place in the ranking (see
    :func:`ranked`), ``lines`` the deciding numbers."""
    rows = [{"seat": seat, "rank": rank, "cells": list(cells[seat])}
            for seat, rank in ranked(keys)]
    return {"reason": reason, "columns": list(columns), "score": score, "rows": rows,
            "lines": list(lines or [])}
