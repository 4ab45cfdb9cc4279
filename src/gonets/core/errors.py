"""Errors that speak to the person: what was wrong, what was expected, what to do."""

from __future__ import annotations

from typing import Any


class GonetsError(Exception):
    """Base class of every error gonets raises on purpose.

    ``code`` names a refusal a person can cause (``no_game``, ``players``, ``record_not_json``
    and so on) so that a front end words it in its own language (the command line's phrase
    ``cli.<code>``, :mod:`gonets.cli_words`) from ``params``, the values the phrase names;
    the message is the English wording. An error without a code is shown by its message."""

    def __init__(self, *args: Any, code: str | None = None, **params: Any):
        super().__init__(*args)
        self.code = code
        self.params = params


class IllegalAction(GonetsError):
    """An action that is malformed, out of turn or not legal now. The state is unchanged."""


class OptionError(GonetsError):
    """An unknown option, a bad value, an unknown preset or an unsupported player count.

    ``option`` names the option whose value is at fault (None when no one option is: a
    preset, a player count); ``params`` say more where a page can word it itself: ``low``
    and ``high`` for a number out of an option's bounds, ``part`` for which of its numbers
    (a mapping's key, a list's place counted from 1); ``code`` as for any gonets error."""

    def __init__(self, message: str, option: str | None = None, code: str | None = None,
                 **params: Any):
        super().__init__(message, code=code, **params)
        self.option = option


class RecordError(GonetsError):
    """A match record that cannot be read, or that does not replay as written."""


class ContentError(GonetsError):
    """A broken or inconsistent content file (names the file, the entry and the problem)."""
