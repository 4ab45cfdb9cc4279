"""Decisions that may take days: a stored wall-clock deadline per human decision, and what
happens when it passes (the table's ``absent`` rule).

The deadline is ``time.time() + turn_seconds`` when a human's decision starts, stored with
the steps that lead to it (``Storage.append_steps``) or with the seats that start the table
(``Storage.update_seats``), so a server restarted at any time resumes the very same deadline.
The driver waits for it in wall-clock time, at most :data:`WAIT_CAP` seconds at a time, so
a clock that jumps or a wait of days is re-checked often.

Rules when the deadline passes (``absent``):

- ``bot``: the seat's stand-in bot plays that one decision;
- ``drop``: the player is dropped: the seat is marked ``dropped`` and a bot plays each of its
  later decisions; when the game ends the seat is listed in ``detail.abandoned``;
- ``end``: the game ends at once, every other seat winning, scores 0.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from gonets.server.spec import TableError

if TYPE_CHECKING:
    from gonets.server.tables import LiveTable

log = logging.getLogger("gonets.server")

WAIT_CAP = 60.0          # seconds the driver sleeps at most before looking at the clock again


def waits_for_human(seats: list[dict], deciding: int) -> bool:
    """Whether ``deciding`` is a seat whose human player decides (not a bot, not dropped)."""
    if deciding < 0:
        return False
    entry = seats[deciding]
    return entry["kind"] == "human" and not entry.get("dropped")


def decision_deadline(turn_seconds: float | None, status: str, seats: list[dict],
                      deciding: int, now: float | None = None) -> float | None:
    """The wall-clock deadline of a decision that starts ``now``, or None when no timer runs
    for it (no ``turn_seconds``, the table is not running, a bot or nobody decides)."""
    if not turn_seconds or status != "running" or not waits_for_human(seats, deciding):
        return None
    return (time.time() if now is None else now) + turn_seconds


def resumed_deadline(table: LiveTable) -> float | None:
    """The deadline of the table's current decision after a (re)load: the stored one; a
    fresh one only for a table stored without any (one made before deadlines were stored)."""
    fresh = decision_deadline(table.stored.turn_seconds, table.status, table.seats,
                              table.state.current_player())
    if fresh is None:
        return None
    return table.stored.deadline if table.stored.deadline is not None else fresh


def turn_left(deadline: float | None) -> float | None:
    """Seconds left until ``deadline`` (never below 0), as frames show them."""
    if deadline is None:
        return None
    return round(max(0.0, deadline - time.time()), 1)


def wait_seconds(deadline: float) -> float:
    """How long the driver sleeps before it looks again: until the deadline, at most
    :data:`WAIT_CAP`; 0 or less once it has passed."""
    return min(deadline - time.time(), WAIT_CAP)


def with_abandoned(result: dict | None, seats: list[dict]) -> dict | None:
    """A game's result with the dropped seats listed in ``detail.abandoned``."""
    dropped = [index for index, entry in enumerate(seats) if entry.get("dropped")]
    if result is None or not dropped:
        return result
    detail = dict(result.get("detail") or {})
    detail["abandoned"] = sorted(set(detail.get("abandoned") or []) | set(dropped))
    return {**result, "detail": detail}


def ended_by_absence(players: int, seat: int, name: str) -> dict:
    """The result of a game ended because ``seat`` ran out of time: every other seat wins."""
    return {"scores": [0.0] * players,
            "winners": [index for index in range(players) if index != seat],
            "detail": {"abandoned": [seat], "stopped": f"{name} ran out of time"}}


async def deadline_passed(table: LiveTable, seat: int, version: int) -> None:
    """Apply the table's ``absent`` rule to ``seat``, whose deadline passed at ``version``."""
    from gonets.server.tables import OutcomeUnknown
    rule = table.stored.absent or "bot"
    if rule == "bot":
        await table._bot_move(seat, version)
        return
    async with table.lock:
        if (table.version != version or table.state.current_player() != seat
                or table.pending is not None or table.failure or not table.owned
                or table.status != "running"):
            return
        try:
            if rule == "end":
                await _end_game(table, seat)
                return
            seats = [dict(entry) for entry in table.seats]
            seats[seat]["dropped"] = True
            await table._store_seats(seats, table.token_hashes, "the dropped seat")
        except (TableError, OutcomeUnknown) as exc:     # storage trouble: the next turn retries
            log.warning("table %s: the absent rule %r waits for the database (%s)",
                        table.id, rule, exc)
            await asyncio.sleep(0.5)
            return
        table.deadline = None
        log.info("table %s: p%d ran out of time and was dropped", table.id, seat + 1)
    await table._bot_move(seat, version)


async def _end_game(table: LiveTable, seat: int) -> None:
    """End the game now, ``seat`` having run out of time (the table's lock held)."""
    taken = time.time()
    trial = table.match.fork()
    start = len(trial.record.steps)
    trial.record.result = ended_by_absence(table.config.players, seat,
                                           table.seat_names()[seat])
    await table._store_steps(start, [], "finished", trial.record.result, None)
    table._adopt(trial, "finished", taken, None)
    log.info("table %s: p%d ran out of time; the game ended", table.id, seat + 1)


def public_dropped(entry: dict, seat: dict[str, Any]) -> dict:
    """A public seat entry, marked ``dropped`` when its player was dropped."""
    if seat.get("dropped"):
        entry["dropped"] = True
    return entry
