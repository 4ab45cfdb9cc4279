"""A table's chat: its last lines, who writes them, and the names spectators write under. A
mixin of :class:`gonets.server.tables.LiveTable`; what a line may hold and how fast one
connection may write are :mod:`gonets.server.chat`'s."""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from gonets.agents import agent_names
from gonets.server.chat import CHAT_HISTORY, clean_chat
from gonets.server.connection import Connection
from gonets.server.faults import DatabaseUnavailable
from gonets.server.frames import wire
from gonets.server.names import clean_name, is_reserved, looks_like_a_bot, name_key
from gonets.server.spec import TableError


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
        data = wire({"type": "chat", "table": self.id, "entries": [entry]})
        for conn in list(self.connections):
            conn.push(data)

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
