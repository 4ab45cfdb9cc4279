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
    """

    name: str
    default: Any
    doc: str
    choices: tuple | None = None
    check: Callable[[Any], str | None] | None = None
    study: bool = False
    local: bool = False

    def validate(self, value: Any) -> Any:
        if self.choices is not None and not any(_same(value, c) for c in self.choices):
            if set(self.choices) == {True, False}:
                raise OptionError(f"option {self.name!r}: must be true or false, not {value!r}")
            shown = ", ".join(repr(c) for c in self.choices)
            raise OptionError(f"option {self.name!r}: {value!r} is not allowed; "
                              f"choose one of {shown}")
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise OptionError(f"option {self.name!r}: {problem}")
        return value


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
            raise OptionError(f"cannot read option {item!r}: write it as name=value")
        result[name.strip()] = parse_option_value(value.strip())
    return result


def with_local_paths(options: dict[str, Any], local: set[str], base: Path) -> dict[str, Any]:
    """``options`` with each non-empty value of a ``local`` option (a path) made absolute
    against ``base``, so that it means the same in every worker process whatever its
    working folder."""
    return {name: str((base / value).resolve())
            if name in local and isinstance(value, str) and value else value
            for name, value in options.items()}
