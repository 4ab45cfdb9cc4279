"""What a lab run simulates: a configuration, bots by seat, seeds, and how matches are sharded.

Match ``i`` of a run is a pure function of the plan and ``i`` (seed ``seed + i``, seating rotated
by ``i``), so a shard gives the same rows on any machine, backend or retry.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gonets.core.errors import OptionError
from gonets.core.options import Config
from gonets.core.registry import get_game

FAST_BOTS = ("random", "playout")
"""The bots a ``--fast`` run plays: uniform random, and the game's playout policy."""

FORMAT = 1
"""Version of the run directory layout written in ``manifest.json``."""


@dataclass(frozen=True)
class LabPlan:
    """A run: ``games`` matches of ``config`` between ``bots`` (one name per seat)."""

    config: Config
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    rotate: bool = True
    shard_size: int = 100
    trace_leads: bool = False
    fast: bool = False              # matches played in the game's compiled kernel
    trajectories: bool = False      # a turns table beside each shard (lab/trajectory.py)

    def __post_init__(self) -> None:
        if len(self.bots) != self.config.players:
            raise OptionError(f"{len(self.bots)} bots for {self.config.players} seats")
        if self.games < 1:
            raise OptionError(f"a run needs at least one match, not {self.games}")
        if self.shard_size < 1:
            raise OptionError(f"--shard-size must be at least 1, not {self.shard_size}")
        if self.fast:
            other = sorted(set(self.bots) - set(FAST_BOTS))
            if other:
                raise OptionError(f"--fast plays the bots {' and '.join(FAST_BOTS)} in the "
                                  f"compiled kernel, not {', '.join(other)}")
            if self.trace_leads:
                raise OptionError("--lead-changes reads every step's scores; it is not "
                                  "available with --fast")
            if self.trajectories:
                raise OptionError("--trajectories records every decision's scores, which the "
                                  "compiled kernel does not keep; it is not available with "
                                  "--fast")

    def seating(self, index: int) -> tuple[str, ...]:
        """Agent names by seat for match ``index`` (rotated so no agent keeps one seat)."""
        if not self.rotate:
            return self.bots
        shift = index % len(self.bots)
        return self.bots[shift:] + self.bots[:shift]

    def shards(self, games: int | None = None) -> list[tuple[int, int]]:
        """The ``[start, end)`` match ranges of the first ``games`` matches (default: all)."""
        total = self.games if games is None else games
        return [(start, min(start + self.shard_size, total))
                for start in range(0, total, self.shard_size)]

    def with_games(self, games: int) -> LabPlan:
        """The same run planned to ``games`` matches (shards keep their boundaries)."""
        return LabPlan(self.config, self.bots, games, self.seed, self.rotate, self.shard_size,
                       self.trace_leads, self.fast, self.trajectories)

    def identity(self) -> dict[str, Any]:
        """Everything that decides the rows (not how many matches are planned)."""
        identity = {"config": self.config.to_json(), "bots": list(self.bots),
                    "seed": self.seed, "rotate": self.rotate, "shard_size": self.shard_size,
                    "trace_leads": self.trace_leads}
        if self.fast:                    # runs from before the kernel have no such key
            identity["fast"] = True
        if self.trajectories:            # nor runs from before trajectories
            identity["trajectories"] = True
        return identity

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **self.identity(), "games": self.games}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LabPlan:
        if data.get("format") != FORMAT:
            raise OptionError(f"run format {data.get('format')!r} is not {FORMAT}")
        raw = data["config"]
        game = get_game(raw["game"])
        config = game.configure(raw["players"], raw["preset"], raw["options"])
        return cls(config, tuple(data["bots"]), int(data["games"]), int(data["seed"]),
                   bool(data["rotate"]), int(data["shard_size"]),
                   bool(data.get("trace_leads", False)), bool(data.get("fast", False)),
                   bool(data.get("trajectories", False)))

    def differences(self, other: LabPlan) -> list[str]:
        """What differs between two plans' identities, one readable line each (a key only
        one of them has is a flag the other leaves off: false)."""
        mine, theirs = self.identity(), other.identity()
        lines = []
        for key in [*mine, *(key for key in theirs if key not in mine)]:
            asked, held = mine.get(key, False), theirs.get(key, False)
            if asked != held:
                lines.append(f"{key}: run has {json.dumps(held, sort_keys=True)}, "
                             f"asked {json.dumps(asked, sort_keys=True)}")
        return lines


def shorter_list(held: tuple[str, ...] | list[str],
                 asked: tuple[str, ...] | list[str]) -> list[str] | None:
    """The shorter bots list that gave the seats ``held`` when its last name filled the seats
    after it (before ``--bots`` repeated in order) and gives ``asked`` now, or None when no
    list does: ``heuristic,random`` held ``heuristic random random random`` at 4 seats and is
    now ``heuristic random heuristic random``."""
    held, asked = list(held), list(asked)
    if held == asked or len(held) != len(asked):
        return None
    for size in range(1, len(asked)):
        names = asked[:size]
        if [names[seat % size] for seat in range(len(asked))] == asked and \
                names + [names[-1]] * (len(asked) - size) == held:
            return names
    return None


def bots_meaning_note(held: tuple[str, ...] | list[str],
                      asked: tuple[str, ...] | list[str]) -> str | None:
    """Why seats ``held`` were played where the same bots list now asks ``asked`` (the change
    of meaning of a shorter list, :func:`shorter_list`), as a sentence, or None when that is
    not why."""
    names = shorter_list(held, asked)
    if names is None:
        return None
    return (f"A shorter bots list used to repeat its last name ({','.join(names)} gave "
            f"{','.join(held)} at {len(held)} seats) and now repeats in order "
            f"({','.join(asked)})")
