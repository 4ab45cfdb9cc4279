"""One websocket listener with an ordered outbox, capped in frames and in bytes.

A client that stops reading makes its outbox grow; past either cap the outbox is emptied and
the socket closed (1013, try again later), which frees its memory at once. Other listeners
of the table never wait for it: each has its own sender task.
"""

from __future__ import annotations

import asyncio

from gonets.server.chat import ChatRate

MAX_QUEUE = 200                  # frames waiting for one connection
MAX_QUEUED_BYTES = 4 << 20       # bytes waiting for one connection


class Connection:
    """One websocket listener: its seat (``None`` for a spectator) and an ordered outbox."""

    def __init__(self, send, seat: int | None, close_socket=None,
                 max_bytes: int = MAX_QUEUED_BYTES):
        self.send = send                     # send(data, binary): one message's bytes
        self.protocol = 1                    # 2: binary messages, frames with log tails
        self.close_socket = close_socket
        self.overflowed = False
        self.seat = seat
        self.lang = "en"
        self.token_hash: str | None = None       # of the secret it joined with
        self.spectator_number: int | None = None  # "spectator N" in the chat
        self.chat_name: str | None = None        # a name a spectator gave for the chat
        self.chat_rate = ChatRate()
        self.max_bytes = max_bytes
        self.queued = 0                      # bytes of the messages waiting in the outbox
        self.outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.close_code: int | None = None
        self.sender = asyncio.get_running_loop().create_task(self._send_loop())
        self.closed = False

    def push(self, data: bytes) -> None:
        """Queue a message (``frames.wire``); a client that stopped reading is dropped (it
        may reconnect)."""
        if self.closed:
            return
        if self.outbox.qsize() >= MAX_QUEUE or self.queued + len(data) > self.max_bytes:
            self.drop()
            return
        self.queued += len(data)
        self.outbox.put_nowait(data)

    def drop(self) -> None:
        """Give up on a client that does not read: forget its outbox, stop its sender even
        mid-send (a full socket buffer would hold it for ever) and close the socket."""
        self.overflowed = self.closed = True
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.queued = 0
        self.sender.cancel()
        if self.close_socket is not None:
            self.closer = asyncio.get_running_loop().create_task(self._close_quietly(1013))

    async def _close_quietly(self, code: int) -> None:
        try:
            await self.close_socket(code)
        except Exception:  # noqa: BLE001 - the socket may be gone already
            pass

    def close(self, code: int | None = None) -> None:
        """Stop after what is queued; with ``code`` the socket itself is closed with it."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.outbox.put_nowait(None)

    async def _send_loop(self) -> None:
        try:
            while True:
                data = await self.outbox.get()
                if data is None:
                    code = self.close_code
                    if code is not None and self.close_socket is not None:
                        await self.close_socket(code)
                    return
                try:
                    await self.send(data, self.protocol == 2)
                finally:
                    self.queued = max(0, self.queued - len(data))
        except Exception:  # noqa: BLE001 - a dead socket ends only its own sender
            self.closed = True
