"""The phrase catalogues of Carcassonne (``data/phrases.<lang>.json``) and the few helpers
every text of the game shares: counted words and how a seat is called.

Shared by the terminal and web words (:mod:`.terminal`, :mod:`.web`) and the log (:mod:`.log`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "ru")


def phrases(lang: str) -> dict:
    """The phrase catalogue of a language (English for an unknown one)."""
    return _catalogue(lang if lang in LANGUAGES else "en")


@cache
def _catalogue(lang: str) -> dict:
    path = Path(__file__).parent.parent / "data" / f"phrases.{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def count(n: int, word: str, lang: str) -> str:
    """``n`` with the word in its plural form (``3 tiles``, ``5 очков``); ``word`` names a
    list of the catalogue's ``plural`` ([one, other] or [one, two to four, five and more])."""
    forms = phrases(lang)["plural"][word]
    if len(forms) == 2:
        return f"{n} {forms[0] if n == 1 else forms[1]}"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} {forms[0]}"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} {forms[1]}"
    return f"{n} {forms[2]}"


def seat_name(seat: int, lang: str, viewer: int | None, names: Sequence[str] | None) -> str:
    """How a seat is called in a line: "you" for the viewer, else its name (default p1...)."""
    if viewer is not None and seat == viewer:
        return phrases(lang)["you"]
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"p{seat + 1}"
