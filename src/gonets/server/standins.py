"""Moves the turn timer's stand-in made for an absent player, and the log lines they made.

When a human seat's turn timer runs out, a bot plays that one decision for the seat; its
record step carries ``"stand_in": true``. The log lines that step produced are marked for
every reader ("(played by a bot for Ann)"). Each viewer's log may differ (private events),
so the lines are found per viewer: the log's length in that viewer's view before the step
and after it alone (the random events that follow are not the bot's doing).
"""

from __future__ import annotations

from typing import Any

from gonets.core.record import apply_step

STAND_IN = "stand_in"


def is_stand_in(step: Any) -> bool:
    return isinstance(step, dict) and step.get(STAND_IN) is True


def log_length(state: Any, viewer: int | None) -> int:
    return len(state.view(viewer).get("log") or [])


class StandIns:
    """The stand-in steps of one match: per step, the seat and each viewer's span of log
    events it produced."""

    def __init__(self, players: int):
        self.players = players
        self.spans: list[tuple[int, dict[int | None, tuple[int, int]]]] = []

    def viewers(self) -> list[int | None]:
        return [None, *range(self.players)]

    def observe(self, state: Any, step: dict, index: int = 0) -> None:
        """Note ``step`` (about to be applied to ``state``, which is left unchanged) if the
        stand-in played it."""
        if not is_stand_in(step):
            return
        before = {viewer: log_length(state, viewer) for viewer in self.viewers()}
        after_state = state.clone()
        apply_step(after_state, step, index)
        span = {viewer: (before[viewer], log_length(after_state, viewer))
                for viewer in self.viewers()}
        self.spans.append((step["seat"], span))

    def marks(self, viewer: int | None) -> dict[int, int]:
        """Event index in ``viewer``'s log -> the seat the stand-in played for."""
        out: dict[int, int] = {}
        for seat, span in self.spans:
            start, end = span.get(viewer, (0, 0))
            for index in range(start, end):
                out[index] = seat
        return out

    @classmethod
    def of_record(cls, record: Any) -> StandIns:
        """The stand-in steps of a whole record (replayed only when it has some)."""
        found = cls(record.players)
        if not any(is_stand_in(step) for step in record.steps):
            return found
        state = record.initial_state()
        for index, step in enumerate(record.steps):
            found.observe(state, step, index)
            apply_step(state, step, index)
        return found
