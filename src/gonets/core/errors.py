"""Errors that speak to the person: what was wrong, what was expected, what to do."""


class GonetsError(Exception):
    """Base class of every error gonets raises on purpose."""


class IllegalAction(GonetsError):
    """An action that is malformed, out of turn or not legal now. The state is unchanged."""


class OptionError(GonetsError):
    """An unknown option, a bad value, an unknown preset or an unsupported player count."""


class RecordError(GonetsError):
    """A match record that cannot be read, or that does not replay as written."""


class ContentError(GonetsError):
    """A broken or inconsistent content file (names the file, the entry and the problem)."""
