"""Moves the turn timer's stand-in made for an absent player, and the log lines they made.

When a human seat's turn timer runs out, a bot plays that one decision for the seat; its
record step carries ``"stand_in": true``. The log line of the move itself is marked for every
reader ("(played by a bot for Ann)"), and no other: a step also logs what follows from the
move for other seats (in Love Letter the next player draws a card in the same step), and
those lines are not the stand-in's doing. Each viewer's log may differ (private events), so
the line is found per viewer among the events the step alone added to that viewer's log (the
random events that follow it are not the bot's doing either): the first event that names the
seat as its actor (:func:`actor`); failing that, the first event when it names nobody (a
move the game logs without a seat, such as Baba Yaga's hut); else none.
"""

from __future__ import annotations

from typing import Any

from gonets.core.record import apply_step

STAND_IN = "stand_in"


def is_stand_in(step: Any) -> bool:
    return isinstance(step, dict) and step.get(STAND_IN) is True


ACTOR_KEYS = ("seat", "player")     # where games name the seat an event is about


def log_of(state: Any, viewer: int | None) -> list:
    return state.view(viewer).get("log") or []


def actor(event: Any) -> int | None:
    """The seat a log event names as its actor (``seat``; Carcassonne's ``player``), or None
    for an event that names none."""
    if not isinstance(event, dict):
        return None
    for key in ACTOR_KEYS:
        value = event.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def move_line(events: list, seat: int) -> int | None:
    """Which of ``events`` (those one step of ``seat`` added to a log) is the move itself:
    the first naming ``seat``; else the first, when it names no seat; else None."""
    for index, event in enumerate(events):
        if actor(event) == seat:
            return index
    if events and actor(events[0]) is None:
        return 0
    return None


class StandIns:
    """The stand-in steps of one match: per step, the seat and, for each viewer, the span of
    that viewer's log events marked as the stand-in's move (one event, or none)."""

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
        seat = step["seat"]
        before = {viewer: len(log_of(state, viewer)) for viewer in self.viewers()}
        after_state = state.clone()
        apply_step(after_state, step, index)
        span: dict[int | None, tuple[int, int]] = {}
        for viewer in self.viewers():
            start = before[viewer]
            found = move_line(log_of(after_state, viewer)[start:], seat)
            span[viewer] = (0, 0) if found is None else (start + found, start + found + 1)
        self.spans.append((seat, span))

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
