"""What a live table and the cluster need from the process that holds the tables.

:class:`gonets.server.manager.TableManager` is that process's one holder. The tables
(``tables.py`` and its mixins) and the cluster (``cluster.py``) see it only through this
protocol, so that neither imports the manager, and the manager imports both: the
dependencies point one way.
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import Any, Protocol

from gonets.server.limits import Limits
from gonets.server.storage import Storage


class TableHost(Protocol):
    """The holder of a process's live tables (``TableManager``)."""

    storage: Storage
    limits: Limits
    process_id: str | None        # this process among several (None: the only one)
    cluster: Any                  # its :class:`gonets.server.cluster.Cluster`, or None
    bots: Any                     # its :class:`gonets.server.bots.BotPool`, or None
    notices: Any                  # its :class:`gonets.server.notify.Notifier`
    tables: dict[str, Any]        # the live tables by id
    broken: dict[str, str]        # tables that cannot go on, and why
    broken_summaries: dict[str, dict]

    async def read(self, method, *args) -> Any:
        """A storage read in a reader thread."""

    async def write(self, method, *args) -> Any:
        """A storage write in the writer thread(s)."""

    async def append_steps(self, *args) -> Any:
        """``Storage.append_steps`` through the group commit."""

    async def update_seats(self, table_id: str, seats: list[dict], status: str,
                           hashes: list | None, owner: str | None, *deadline) -> list[dict]:
        """``Storage.update_seats``, from the event loop where it can be."""

    async def db_call(self, executor: Executor, method, args) -> Any:
        """A storage call in ``executor``, with the outage handling of reads and writes."""

    def changed(self, table: Any, start: int) -> None:
        """A table this process owns changed from step ``start`` on."""

    def bot_owner(self, table: Any) -> str:
        """Whom the table's bot work counts to (the bot lanes' turns)."""

    async def take_over(self, table_id: str) -> None:
        """Run a table whose owner stopped."""
