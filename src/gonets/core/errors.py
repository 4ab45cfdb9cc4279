"""Errors that speak to the person: what was wrong, what was expected, what to do."""

from __future__ import annotations

from typing import Any


class GonetsError(Exception):
    """Base class of every error gonets raises on purpose."""


class IllegalAction(GonetsError):
    """An action that is malformed, out of turn or not legal now. The state is unchanged."""


class OptionError(GonetsError):
    """An unknown option, a bad value, an unknown preset or an unsupported player count.

    ``option`` names the option whose value is at fault (None when no one option is: a
    preset, a player count); ``params`` say more where a page can word it itself: ``low``
    and ``high`` for a number out of an option's bounds, ``part`` for which of its numbers
    (a mapping's key, a list's place counted from 1)."""

    def __init__(self, message: str, option: str | None = None, **params: Any):
        super().__init__(message)
        self.option = option
        self.params = params


class RecordError(GonetsError):
    """A match record that cannot be read, or that does not replay as written."""


class ContentError(GonetsError):
    """A broken or inconsistent content file (names the file, the entry and the problem)."""
