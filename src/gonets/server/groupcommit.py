"""The step writes of every table, a batch per statement or transaction (a group commit).

While one batch is being stored the writes that arrive wait, and then go in together. Batches
are also paced: a batch starts at least ``Limits.write_pace`` seconds after the one before it,
so a busy server sends about a hundred statements a second whatever its number of moves
(each statement, its answer and the wake-ups around it cost the server more CPU than its
rows), while a write after a quiet spell, and a full batch, go at once. On PostgreSQL a
batch is sent from the event loop as one statement (``pgwrites.LoopWriter``); the writes it
cannot answer for alone, and every write on SQLite, go through ``Storage.append_batch`` in a
writer thread. Each write still gets its own answer: True, the exception about its table, or
DatabaseUnavailable for the batch.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from gonets.server.faults import DatabaseUnavailable
from gonets.server.metrics import DB_ERRORS
from gonets.server.pgwrites import LoopWriter, append_statement, back_of, owner_of
from gonets.server.storage import CONNECT_SECONDS

if TYPE_CHECKING:
    from gonets.server.manager import TableManager


class GroupCommit:
    """The group commit of one server process (see the module docstring)."""

    MOST = 64                        # writes in one batch

    def __init__(self, manager: TableManager):
        self.manager = manager
        storage = manager.storage
        self.loop_writer = LoopWriter(storage.url, CONNECT_SECONDS) \
            if storage.is_postgres else None
        self.waiting: list[tuple[tuple, asyncio.Future]] = []
        self.running = False
        self.started = float("-inf")      # when the last batch started (the loop's clock)
        self.pace = manager.limits.write_pace
        self.paused: asyncio.Future | None = None     # the drain's wait for the pace

    async def append(self, args: tuple) -> Any:
        """Store one write (``Storage.append_steps``'s arguments) with the next batch."""
        future = asyncio.get_running_loop().create_future()
        self.waiting.append((args, future))
        if not self.running:
            self.running = True
            asyncio.get_running_loop().create_task(self._drain())
        elif len(self.waiting) >= self.MOST and self.paused is not None and \
                not self.paused.done():
            self.paused.set_result(None)              # a full batch need not wait
        return await future

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.waiting:
                wait = self.started + self.pace - loop.time()
                if wait > 0 and len(self.waiting) < self.MOST:
                    await self._pause(loop, wait)     # more writes join this batch meanwhile
                self.started = loop.time()
                batch, self.waiting = self.waiting[:self.MOST], self.waiting[self.MOST:]
                try:
                    outcomes = await self.store([args for args, _ in batch])
                except Exception as exc:  # noqa: BLE001 - every write of the batch hears it
                    outcomes = [exc] * len(batch)
                for (_, future), outcome in zip(batch, outcomes):
                    if future.done():
                        continue
                    if isinstance(outcome, BaseException):
                        future.set_exception(outcome)
                    else:
                        future.set_result(outcome)
        except asyncio.CancelledError:     # its loop is ending: no later loop stores these
            for _, future in self.waiting:
                future.cancel()
            self.waiting = []
            raise
        finally:
            self.running = False

    async def _pause(self, loop: asyncio.AbstractEventLoop, seconds: float) -> None:
        """Wait ``seconds``, or less if the batch fills up meanwhile (:meth:`append`)."""
        paused = self.paused = loop.create_future()
        timer = loop.call_later(seconds, lambda: paused.done() or paused.set_result(None))
        try:
            await paused
        finally:
            timer.cancel()
            self.paused = None

    async def store(self, writes: list[tuple]) -> list[Any]:
        """The outcome of each write of one batch, in order."""
        outcomes: list[Any] = [None] * len(writes)
        quick = self._for_the_loop(writes)
        if quick:
            written = await self._on_the_loop([writes[i] for i in quick])
            for i in quick:
                if writes[i][0] in written:
                    outcomes[i] = True
        rest = [i for i, outcome in enumerate(outcomes) if outcome is None]
        if rest:
            answers = await self.manager.write(self.manager.storage.append_batch,
                                               [writes[i] for i in rest])
            for i, answer in zip(rest, answers):
                outcomes[i] = answer
        return outcomes

    def _for_the_loop(self, writes: list[tuple]) -> list[int]:
        """The writes the loop writer takes: on PostgreSQL, one per table and all of one
        owner, those that finish no rated table (a rated finish changes its players' ratings
        in the same transaction, in a writer thread) and bring no seat back
        (:func:`back_of`)."""
        if self.loop_writer is None or len({write[0] for write in writes}) != len(writes):
            return []
        if len({owner_of(write) for write in writes}) != 1:
            return []
        return [i for i, write in enumerate(writes) if back_of(write) is None and
                (write[3] != "finished" or self._unrated(write[0]))]

    def _unrated(self, table_id: str) -> bool:
        """Whether a live table of this process is known not to change ratings."""
        table = self.manager.tables.get(table_id)
        return table is not None and not table.stored.rated

    async def _on_the_loop(self, writes: list[tuple]) -> set[str]:
        """The tables of ``writes`` stored by the loop writer (:meth:`on_the_loop`)."""
        return await self.on_the_loop(*append_statement(writes, owner_of(writes[0])))

    async def on_the_loop(self, statement: str, params: dict, again: bool = True) -> set[str]:
        """The tables one statement of the loop writer wrote. A refusal (a step stored
        already, tables missing from the database) writes nothing and names none, leaving
        them to the writer thread; a database that fails raises DatabaseUnavailable."""
        writer = self.loop_writer
        try:
            written = await writer.written(statement, params, again)
        except writer.unavailable as exc:
            DB_ERRORS.inc()
            self.manager.outage.failed(exc)
            raise DatabaseUnavailable() from exc
        except writer.errors:
            return set()
        self.manager.outage.recovered()
        return written

    async def close(self) -> None:
        if self.loop_writer is not None:
            await self.loop_writer.close()
