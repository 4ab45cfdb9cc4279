"""Shared cases of the research-interface tests: every game at two player counts."""

from __future__ import annotations

# (game, players, preset): two player counts per game, a second preset where it matters.
CASES = [
    ("loveletter", 2, None), ("loveletter", 5, "premium"),
    ("czar", 2, None), ("czar", 4, "revised"),
    ("carcassonne", 2, None), ("carcassonne", 3, "base"),
    ("babayaga", 1, "solo"), ("babayaga", 3, None),
]


def case_id(case: tuple) -> str:
    game, players, preset = case
    return f"{game}-{players}p" + (f"-{preset}" if preset else "")
