"""Decisions that may take days: a stored wall-clock deadline per human decision, and what
happens when it passes (the table's ``absent`` rule).

The deadline is ``time.time() + turn_seconds`` when a human's decision starts, stored with
the steps that lead to it (``Storage.append_steps``) or with the seats that start the table
(``Storage.update_seats``), so a server restarted at any time resumes the very same deadline.
The driver waits for it in wall-clock time, at most :data:`WAIT_CAP` seconds at a time, so
a clock that jumps or a wait of days is re-checked often.

Rules when the deadline passes (``absent``; applied by the table's driver,
:meth:`gonets.server.driving.TableDriver.deadline_passed`):

- ``bot``: the seat's stand-in bot plays that one decision, and the seat is marked ``away``
  (stored in its seat entry, shown to everybody at the table): while it is away each of its
  decisions gets the short timer, :data:`AWAY_SECONDS` (or the table's own when that is
  shorter), and when that runs out the bot plays again. The player comes back by acting
  (a move of their own that is accepted: the return is stored in the same write as the
  move; a refused one changes nothing) or by saying so (the page's "I'm back": the ``back``
  message); their decisions get the whole timer again, and a decision under way a fresh one
  (:meth:`gonets.server.driving.TableDriver.come_back`). A stand-in still thinking when its
  seat comes back has its choice dropped. A reconnection alone does not bring a player
  back: a page left open reconnects by itself.
- ``drop``: the player is dropped: the seat is marked ``dropped`` and a bot plays each of its
  later decisions; when the game ends the seat is listed in ``detail.abandoned``;
- ``end``: the game ends at once, every other seat winning, scores 0.
"""

from __future__ import annotations

import time
from typing import Any

WAIT_CAP = 60.0          # seconds the driver sleeps at most before looking at the clock again
AWAY_SECONDS = 5.0       # the turn timer of a seat marked away (rule ``bot``), at most


def waits_for_human(seats: list[dict], deciding: int) -> bool:
    """Whether ``deciding`` is a seat whose human player decides (not a bot, not dropped)."""
    if deciding < 0:
        return False
    entry = seats[deciding]
    return entry["kind"] == "human" and not entry.get("dropped")


def decision_deadline(turn_seconds: float | None, status: str, seats: list[dict],
                      deciding: int, now: float | None = None) -> float | None:
    """The wall-clock deadline of a decision that starts ``now``, or None when no timer runs
    for it (no ``turn_seconds``, the table is not running, a bot or nobody decides). A seat
    marked ``away`` gets :data:`AWAY_SECONDS` at most."""
    if not turn_seconds or status != "running" or not waits_for_human(seats, deciding):
        return None
    return (time.time() if now is None else now) + decision_seconds(turn_seconds,
                                                                     seats[deciding])


def decision_seconds(turn_seconds: float, seat: dict[str, Any]) -> float:
    """The time a seat has for a decision: the table's turn timer, or the short one while
    the seat is marked ``away``."""
    return min(turn_seconds, AWAY_SECONDS) if seat.get("away") else turn_seconds


def away_seconds(turn_seconds: float | None) -> float | None:
    """The short timer of an away seat at a table with ``turn_seconds`` (frames show it)."""
    return min(turn_seconds, AWAY_SECONDS) if turn_seconds else None


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


def public_dropped(entry: dict, seat: dict[str, Any]) -> dict:
    """A public seat entry, marked ``dropped`` when its player was dropped."""
    if seat.get("dropped"):
        entry["dropped"] = True
    return entry
