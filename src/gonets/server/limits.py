"""Resource limits of one server: what a single client (by address) or a single table may use.

A public game server is open to anyone: without these, one client could open tables until
memory runs out, hold thousands of sockets, or hide everybody else's tables in the lobby.
Every refusal names the limit and what to do.
"""

from __future__ import annotations

import json
import os
import time
from collections import defaultdict, deque
from dataclasses import dataclass

from gonets.server.spec import TableError

LANGUAGES = ("en", "ru")      # languages the games write in; any other request gets English


@dataclass
class Limits:
    """The caps; ``create_app(limits=...)`` takes another set (tests shrink them)."""

    queued_bytes: int = 4 << 20            # bytes waiting to be sent to one connection
    connections_per_address: int = 64      # websockets open from one client address
    connections_per_table: int = 300       # websockets open at one table (players first)
    open_tables_per_address: int = 20      # unfinished tables a client address opened
    open_tables: int = 5000                # unfinished tables in all
    tables_per_minute: int = 30            # tables a client address may open per minute
    lobby_page: int = 50                   # tables per lobby list, unless asked for fewer
    max_steps: int | None = None           # per table; None: the game's own ``max_steps``
    bot_seconds: float = 20.0              # seconds one bot decision may take
    bot_workers: int = max(1, min(4, (os.cpu_count() or 2) - 1))   # bot processes (0: threads)


LIMITS_ENV = "GONETS_LIMITS"        # JSON object of Limits fields, e.g. for a load check


def limits_from_environment() -> Limits:
    """The default caps, with the fields of ``GONETS_LIMITS`` (a JSON object) changed."""
    text = os.environ.get(LIMITS_ENV, "")
    if not text:
        return Limits()
    try:
        changes = json.loads(text)
        return Limits(**changes)
    except (ValueError, TypeError) as exc:
        raise SystemExit(f"{LIMITS_ENV} must be a JSON object of limit names: {exc}") from None


def parse_lang(lang: object) -> str:
    """A supported language code; anything else (an unknown or malformed code) is English,
    so that frames are built once per (seat, language) actually supported."""
    if isinstance(lang, str) and lang.lower() in LANGUAGES:
        return lang.lower()
    return "en"


class ClientLimits:
    """Counts per client address: open sockets, recent table creations, open tables."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.sockets: defaultdict[str, int] = defaultdict(int)
        self.created: defaultdict[str, deque[float]] = defaultdict(deque)
        self.owners: dict[str, str] = {}            # table id -> address that opened it

    def connect(self, address: str) -> None:
        """Count one more socket from ``address``; :class:`TableError` past the cap."""
        if self.sockets[address] >= self.limits.connections_per_address:
            raise TableError(f"too many connections from your address (at most "
                             f"{self.limits.connections_per_address}); close some tables",
                             "too_many_connections")
        self.sockets[address] += 1

    def disconnect(self, address: str) -> None:
        self.sockets[address] -= 1
        if self.sockets[address] <= 0:
            del self.sockets[address]

    def may_create(self, address: str, open_ids: set[str]) -> None:
        """Refuse a new table past the creation rate, the client's or the server's cap."""
        limits = self.limits
        if len(open_ids) >= limits.open_tables:
            raise TableError(f"the server holds its maximum of {limits.open_tables} unfinished "
                             "tables; please try again later")
        mine = sum(1 for table_id, owner in self.owners.items()
                   if owner == address and table_id in open_ids)
        if mine >= limits.open_tables_per_address:
            raise TableError(f"you have {mine} unfinished tables (at most "
                             f"{limits.open_tables_per_address}); finish or leave some first")
        recent = self.created[address]
        now = time.monotonic()
        while recent and now - recent[0] > 60.0:
            recent.popleft()
        if len(recent) >= limits.tables_per_minute:
            wait = 60.0 - (now - recent[0])
            raise TableError(f"too many new tables (at most {limits.tables_per_minute} a "
                             f"minute); try again in {wait:.0f} s")

    def created_table(self, address: str, table_id: str) -> None:
        self.created[address].append(time.monotonic())
        self.owners[table_id] = address

    def forget_finished(self, open_ids: set[str]) -> None:
        for table_id in [t for t in self.owners if t not in open_ids]:
            del self.owners[table_id]
