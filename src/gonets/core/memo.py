"""Caching pure functions of views: dicts and lists cannot be ``functools.lru_cache`` keys,
so a part of a view travels in :class:`Keyed`, which compares and hashes by its JSON text.

A picture or panel that depends on a slice of the view that changes rarely (the last
finished round, the card table) is then drawn once per distinct slice, however many frames
show it, and a cache can never be stale: equal text means equal input, for a function that
reads its input as JSON would (a tuple as a list).

Words that name the seats (log lines) repeat from match to match under other names: they are
remembered as written with stand-ins for the names (:func:`stand_ins`), which go back in
afterwards (:func:`put_names`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson


class Keyed:
    """A JSON-like value that is equal to another, and hashed, by its JSON text alone (so a
    tuple is the list it is written as; keys must be strings, as JSON's are)."""

    __slots__ = ("value", "text", "_hash")

    def __init__(self, value: Any):
        self.value = value
        self.text = orjson.dumps(value)
        self._hash = hash(self.text)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keyed) and self.text == other.text

    def __repr__(self) -> str:
        return f"Keyed({self.text[:60]!r})"


MARK = "\ue000"
"""Opens a seat's stand-in name (a private-use character; :func:`stand_ins`)."""


def stand_ins(names: Sequence[Any] | None) -> tuple | None:
    """``names`` with each non-empty text replaced by a stand-in (``MARK``, the seat's index,
    ``\\ue001``), so that words written with the stand-ins can be remembered for any names and
    the names put back in after (:func:`put_names`); other entries (None, empty) are kept.
    None where there are no names, or where a name holds ``MARK`` itself (words for such names
    are written directly)."""
    if not names:
        return None
    found = []
    for i, name in enumerate(names):
        if isinstance(name, str) and name:
            if MARK in name:
                return None
            found.append(f"{MARK}{i}\ue001")
        else:
            found.append(name)
    return tuple(found)


def put_names(text: str, marks: tuple, names: Sequence[Any]) -> str:
    """``text`` written with the stand-ins ``marks`` (:func:`stand_ins` of ``names``) with
    the names in their places."""
    if MARK not in text:
        return text
    for mark, name in zip(marks, names):
        if mark is not name:
            text = text.replace(mark, name)
    return text
