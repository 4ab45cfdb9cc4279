"""Table chat: what a line may hold, how fast one connection may write, who wrote it.

Chat lines are kept beside the table (``gonets_chat``), never in its match record, and are
sent to every connection of the table (through Redis to those of other processes). A line
is plain text shown as text; it is refused, never rewritten, when it is empty, too long or
holds characters that hide or reorder text (control and bidi formatting characters).
"""

from __future__ import annotations

import json
import time
import unicodedata
from collections import deque
from typing import TYPE_CHECKING, Any

from gonets.agents import agent_names
from gonets.server.faults import DatabaseUnavailable
from gonets.server.names import clean_name, describe, is_reserved, looks_like_a_bot, name_key
from gonets.server.spec import TableError

if TYPE_CHECKING:
    from gonets.server.connection import Connection

MAX_CHAT = 300            # characters in one chat line
CHAT_BURST = 5            # lines one connection may write ...
CHAT_WINDOW = 10.0        # ... in this many seconds
CHAT_HISTORY = 100        # lines a joining client is sent


def clean_chat(text: Any, limit: int = MAX_CHAT) -> str:
    """A chat line as it will be shown: NFC-normalised, outer spaces removed; refusals
    carry the codes ``chat_text``, ``chat_empty``, ``chat_long`` and ``chat_invisible``."""
    if not isinstance(text, str):
        raise TableError("a chat line must be text", "chat_text")
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise TableError("write something first: the chat line is empty", "chat_empty")
    if len(text) > limit:
        raise TableError(f"a chat line may have at most {limit} characters", "chat_long",
                         max=limit)
    for ch in text:
        if unicodedata.category(ch)[0] == "C" and ch != "\n":
            raise TableError(f"a chat line may not hold the invisible character "
                             f"{describe(ch)}", "chat_invisible", char=describe(ch))
    return text


class ChatRate:
    """At most ``burst`` lines per ``window`` seconds from one connection."""

    def __init__(self, burst: int = CHAT_BURST, window: float = CHAT_WINDOW):
        self.burst = burst
        self.window = window
        self.times: deque[float] = deque()

    def check(self) -> None:
        now = time.monotonic()
        while self.times and now - self.times[0] > self.window:
            self.times.popleft()
        if len(self.times) >= self.burst:
            wait = max(1, round(self.window - (now - self.times[0])))
            raise TableError(f"you are writing too fast (at most {self.burst} lines in "
                             f"{self.window:g} s); wait {wait} s", "chat_rate",
                             burst=self.burst, seconds=wait)
        self.times.append(now)


class TableChat:
    """The chat half of a live table (a mixin of :class:`gonets.server.tables.LiveTable`)."""

    async def chat_history(self) -> list[dict]:
        """The table's last chat lines (read from the database once, then kept up to date);
        none while the database does not answer."""
        if self.chat is None:
            try:
                lines = await self.manager.read(self.storage.chat_history, self.id,
                                                CHAT_HISTORY)
            except TableError:
                return []
            if self.chat is None:
                self.chat = deque(lines, maxlen=CHAT_HISTORY)
        return list(self.chat)

    def chat_author(self, conn: Connection) -> dict:
        """Who writes from ``conn``: its seat and name, or a spectator (a name they gave, or
        their number at this table: "spectator 2")."""
        if conn.seat is not None:
            return {"seat": conn.seat, "name": self.seat_names()[conn.seat], "spectator": None}
        return {"seat": None, "name": conn.chat_name,
                "spectator": None if conn.chat_name else conn.spectator_number}

    async def post_chat(self, conn: Connection, text: Any) -> dict:
        """Store one chat line from ``conn`` and send it to every connection of the table
        (those of other processes through the cluster)."""
        text = clean_chat(text)
        conn.chat_rate.check()
        entry = {"ts": round(time.time(), 3), **self.chat_author(conn), "text": text}
        try:
            entry["id"] = await self.manager.write(self.storage.add_chat, self.id, entry)
        except DatabaseUnavailable:
            raise TableError("the database is not answering, so that chat line was not sent; "
                             "please try again", "chat_not_stored") from None
        self.chat_arrived(entry)
        if self.manager.cluster is not None:
            await self.manager.cluster.announce(self.id, {"chat": entry})
        return entry

    def chat_arrived(self, entry: dict) -> None:
        """A stored chat line: keep it and send it to this process's connections."""
        if self.chat is not None:
            if any(known.get("id") == entry.get("id") for known in self.chat):
                return
            self.chat.append(entry)
        text = json.dumps({"type": "chat", "table": self.id, "entries": [entry]},
                          ensure_ascii=False)
        for conn in list(self.connections):
            conn.push(text)

    def set_chat_name(self, conn: Connection, name: Any) -> str:
        """A spectator's name in the chat: visible text, no bot's name and none of the
        seats' names (nobody writes as a player)."""
        name = clean_name(name)
        if looks_like_a_bot(name, agent_names(self.game)):
            raise TableError(f"the name {name!r} looks like a bot's", "name_bot", name=name)
        if is_reserved(name):
            raise TableError(f"the name {name!r} looks like the chat's own lines (system, "
                             "spectator N)", "name_reserved", name=name)
        key = name_key(name)
        for index, taken in enumerate(self.seat_names()):
            if name_key(taken) == key:
                raise TableError(f"p{index + 1} is already called {taken!r} at this table; "
                                 "choose another name", "name_taken", name=taken,
                                 seat=index + 1)
        conn.chat_name = name
        return name
