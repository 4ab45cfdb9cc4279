"""Post-game reviews of finished tables: computed once, through the bot workers, and stored.

A review (:mod:`gonets.agents.review`) judges one decision at a time, each a job of the
table's bot worker with the decisions' time budget, so a long review never holds a live
table's bot up for more than one search. At most :data:`MAX_RUNNING` reviews are under way in
a process; a request beyond that is told to come back. The stored numbers are worded in the
reader's language when they are read.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

from gonets.agents.review import (
    Decision,
    Review,
    choices_of,
    names_of,
    played_text,
    seed_of,
    worded,
)
from gonets.core.errors import GonetsError
from gonets.server.bots import BotPool, judge_move

log = logging.getLogger("gonets.server")
MAX_RUNNING = 2
MAX_FAILED = 64                 # failures kept until someone reads them
KEEP_WORDED = 32                # reviews kept worded (a reader's reloads cost no replay)
LEVEL = "hard"


class ReviewsBusy(GonetsError):
    """Every review slot of this process is taken."""


class Reviews:
    """The reviews of one server process: stored ones, and those under way."""

    def __init__(self, manager):
        self.manager = manager                   # its storage calls, its bot workers
        self.bots: BotPool | None = manager.bots
        self.running: dict[tuple[str, int], list[int]] = {}    # (table, seat): [done, total]
        self.failed: dict[tuple[str, int], str] = {}
        self.worded: OrderedDict[tuple[str, int, str], Review] = OrderedDict()
        self._tasks: set[asyncio.Task] = set()

    async def status(self, table, seat: int, lang: str) -> dict:
        """``{"status": "done", "review": Review}`` worded in ``lang``, or ``"working"`` with
        ``done`` and ``total`` decisions (the first request starts the review), or
        ``"failed"`` with the error (once: the next request tries again)."""
        kept = self.worded.get((table.id, seat, lang))
        if kept is not None:
            self.worded.move_to_end((table.id, seat, lang))
            return {"status": "done", "review": kept}
        stored = await self.manager.read(self.manager.storage.load_review, table.id, seat)
        if stored is not None:
            review = await asyncio.to_thread(worded, Review.from_json(stored), table.record(),
                                             lang)
            self.worded[(table.id, seat, lang)] = review
            while len(self.worded) > KEEP_WORDED:
                self.worded.popitem(last=False)
            return {"status": "done", "review": review}
        key = (table.id, seat)
        if key in self.failed:
            return {"status": "failed", "error": self.failed.pop(key)}
        progress = self.running.get(key)
        if progress is None:
            if len(self.running) >= MAX_RUNNING:
                raise ReviewsBusy("the server is reviewing other games: try again in a minute")
            progress = self.running[key] = [0, 0]
            task = asyncio.create_task(self._make(table, seat, progress))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return {"status": "working", "done": progress[0], "total": progress[1]}

    def close(self) -> None:
        """Stop the reviews under way (they are made again when next asked for)."""
        for task in list(self._tasks):
            task.cancel()

    async def _make(self, table, seat: int, progress: list[int]) -> None:
        key = (table.id, seat)
        try:
            record = table.record()
            choices = await asyncio.to_thread(
                lambda: [(step, state.view(seat), played_text(record, step, state))
                         for step, state in choices_of(record, seat)])
            progress[1] = len(choices)
            decisions = []
            for step, view, played in choices:
                args = (record.game, view, played, LEVEL, seed_of(record, step), step)
                data = await (asyncio.to_thread(judge_move, *args) if self.bots is None
                              else self.bots.judge(table.id, self.manager.bot_owner(table),
                                                   *args))
                decisions.append(Decision.from_json(data))
                progress[0] += 1
            body = Review(record.game, seat, LEVEL, names_of(record), decisions).to_json()
            await self.manager.write(self.manager.storage.save_review, table.id, seat, LEVEL,
                                     body)
        except Exception as exc:                  # noqa: BLE001 - reported to the reader
            log.warning("the review of seat %d of table %s failed: %s", seat + 1, table.id, exc)
            self.failed[key] = str(exc)
            while len(self.failed) > MAX_FAILED:
                self.failed.pop(next(iter(self.failed)))
        finally:
            self.running.pop(key, None)
