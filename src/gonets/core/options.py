"""Options (named rule variants with documented defaults) and presets (named bundles)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gonets.core.errors import OptionError


@dataclass(frozen=True)
class Option:
    """One rule variant.

    ``choices`` lists the allowed values when they are few; otherwise ``check`` validates a
    value and returns an error text (or None when it is fine). A ``study`` option is for
    research configurations: the command line and the API take it, the lobby does not show it.
    A ``local`` one names something on the machine that runs the game (a folder, say): the
    command line and the lab take it, a server refuses it.

    ``bounds`` (low, high): the whole numbers a number option allows, or each number of one
    whose default is a list or a mapping of numbers. A refusal says which number and its
    bounds (``OptionError.params``; ``check``'s words, when it has some, are the message),
    and the lobby shows a field bounded alike for each number. A ``basic`` option is one
    a newcomer may want to set: the lobby shows it outside the folded advanced options.
    """

    name: str
    default: Any
    doc: str
    choices: tuple | None = None
    check: Callable[[Any], str | None] | None = None
    study: bool = False
    local: bool = False
    bounds: tuple[int, int] | None = None
    basic: bool = False

    def validate(self, value: Any) -> Any:
        if self.choices is not None and not any(_same(value, c) for c in self.choices):
            flags = {repr(c) for c in self.choices}
            if flags in ({"True", "False"}, {"True", "False", "None"}):
                allowed = "true or false" if len(flags) == 2 else "true, false or null"
                raise OptionError(f"option {self.name!r}: must be {allowed}, not {value!r}",
                                  self.name, code="option_value", value=value)
            shown = ", ".join(repr(c) for c in self.choices)
            raise OptionError(f"option {self.name!r}: {value!r} is not allowed; "
                              f"choose one of {shown}", self.name, code="option_value",
                              value=value)
        problem = self.check(value) if self.check is not None else None
        wrong = self.out_of_bounds(value)
        if problem is None and self.bounds is not None:
            problem = self._bounds_problem(value, wrong)
        if problem and wrong:
            raise OptionError(f"option {self.name!r}: {problem}", self.name, code="option_range",
                              low=wrong["low"], high=wrong["high"], part=wrong["part"])
        if problem:
            raise OptionError(f"option {self.name!r}: {problem}", self.name, code="option_value",
                              value=value)
        return value

    def _bounds_problem(self, value: Any, wrong: dict[str, Any]) -> str | None:
        if self.parts(value) is None:
            kind = "mapping" if isinstance(self.default, dict) else "list"
            return f"must be a {kind} of whole numbers, like {self.default!r}"
        if not wrong:
            return None
        where = "" if wrong["part"] is None else f"{wrong['part']}: "
        return (f"{where}must be a whole number from {wrong['low']} to {wrong['high']}, "
                f"not {wrong['value']!r}")

    def parts(self, value: Any) -> list[tuple[str | None, Any]] | None:
        """The numbers of ``value`` with where each is (a mapping's key, a list's place from
        1, None for a lone number); None when ``value`` is not shaped like the default."""
        if isinstance(self.default, dict):
            return [(str(k), v) for k, v in value.items()] if isinstance(value, dict) else None
        if isinstance(self.default, list):
            return [(str(i), v) for i, v in enumerate(value, 1)] \
                if isinstance(value, list) else None
        return [(None, value)]

    def out_of_bounds(self, value: Any) -> dict[str, Any]:
        """The first number of ``value`` that is not a whole number within ``bounds``:
        ``{"low", "high", "part", "value"}``; {} when there is none (or no bounds)."""
        if self.bounds is None:
            return {}
        low, high = self.bounds
        for part, number in self.parts(value) or []:
            if type(number) is not int or not low <= number <= high:
                return {"low": low, "high": high, "part": part, "value": number}
        return {}


def _same(value: Any, choice: Any) -> bool:
    """Equal and of the same kind: 1 is not True and 30.0 is not 30 (JSON keeps them apart)."""
    return type(value) is type(choice) and value == choice


@dataclass(frozen=True)
class Preset:
    """A named bundle of option values, with the player counts it supports."""

    name: str
    doc: str
    options: dict[str, Any] = field(default_factory=dict)
    players: tuple[int, int] | None = None


@dataclass(frozen=True)
class Config:
    """A complete game configuration: player count, preset name and every option's value."""

    game: str
    players: int
    preset: str
    options: dict[str, Any]

    def __getitem__(self, name: str) -> Any:
        return self.options[name]

    def to_json(self) -> dict:
        return {"game": self.game, "players": self.players, "preset": self.preset,
                "options": dict(self.options)}


def parse_option_value(text: str) -> Any:
    """Read a command-line option value: JSON when it parses (true, 3, {"2": 7}), else text."""
    import json

    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_assignments(items: list[str] | None) -> dict[str, Any]:
    """Turn ``["name=value", ...]`` into a dict, with a clear error for a malformed item."""
    result: dict[str, Any] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"cannot read option {item!r}: write it as name=value",
                              code="option_syntax", text=item)
        result[name.strip()] = parse_option_value(value.strip())
    return result


def with_local_paths(options: dict[str, Any], local: set[str], base: Path) -> dict[str, Any]:
    """``options`` with each non-empty value of a ``local`` option (a path) made absolute
    against ``base``, so that it means the same in every worker process whatever its
    working folder."""
    return {name: str((base / value).resolve())
            if name in local and isinstance(value, str) and value else value
            for name, value in options.items()}
