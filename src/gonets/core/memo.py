"""Caching pure functions of views: dicts and lists cannot be ``functools.lru_cache`` keys,
so a part of a view travels in :class:`Keyed`, which compares and hashes by its JSON text.

A picture or panel that depends on a slice of the view that changes rarely (the last
finished round, the card table) is then drawn once per distinct slice, however many frames
show it, and a cache can never be stale: equal text means equal input, for a function that
reads its input as JSON would (a tuple as a list)."""

from __future__ import annotations

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
