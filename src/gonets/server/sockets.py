"""The websocket endpoint ``/ws/<table>``: one client at one table.

Every refusal goes to that client only and changes nothing. A client is counted against its
address's socket cap for as long as it is open, and against the table's cap once it joins.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import deque
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from gonets.core import GonetsError
from gonets.server.accounts.friends import hidden_table, may_see, opens_seat
from gonets.server.accounts.players import seat_of_user
from gonets.server.accounts.sessions import current_user
from gonets.server.connection import Connection
from gonets.server.frames import wire
from gonets.server.http import load_json
from gonets.server.limits import in_networks, parse_lang, plain_address
from gonets.server.manager import TableManager
from gonets.server.metrics import SOCKETS
from gonets.server.spec import TableError, error_fields, hash_token
from gonets.server.tables import LiveTable

MAX_MESSAGE = 8192          # bytes in one websocket message from a client
log = logging.getLogger("gonets.server")


MAX_FORWARDED = 16          # the last entries of X-Forwarded-For looked at


def client_address(connection: Any, trusted: tuple[str, ...] = ()) -> str:
    """The client's address: the peer's; behind a trusted proxy (``Limits.trusted_proxies``)
    the last address of ``X-Forwarded-For`` that is not itself a trusted proxy."""
    host = connection.client.host if connection.client is not None else "unknown"
    peer = plain_address(host) or host
    if not trusted or not in_networks(peer, trusted):
        return peer
    forwarded = connection.headers.get("x-forwarded-for", "").split(",")[-MAX_FORWARDED:]
    while forwarded:
        address = plain_address(forwarded.pop())
        if address is None:
            return peer                  # not an address: the proxy's own count holds
        if not in_networks(address, trusted):
            return address
    return peer


def seat_link(table_id: str, seat: int, token: str) -> dict:
    """A seat's own link: its secret sits in the URL fragment, never sent in requests."""
    return {"seat": seat, "url": f"/table/{table_id}#token={token}", "token": token}


def parse_message(text: str) -> dict:
    if len(text.encode("utf-8")) > MAX_MESSAGE:
        raise TableError(f"message too large (at most {MAX_MESSAGE} bytes)", "too_large",
                         max=MAX_MESSAGE)
    data = load_json(text, "message")
    if not isinstance(data, dict):
        raise TableError("a message must be a JSON object with a 'type'", "bad_message")
    return data


class Session:
    """One websocket's conversation with one table."""

    def __init__(self, websocket: WebSocket, manager: TableManager, table: LiveTable):
        self.websocket = websocket
        self.manager = manager
        self.table = table
        self.conn = Connection(sender(websocket), None,
                               lambda code: websocket.close(code=code),
                               manager.limits.queued_bytes)
        self.joined = False
        self.recent: deque[float] = deque()

    def push(self, message: dict) -> None:
        self.conn.push(wire(message))

    async def handle(self, text: str) -> None:
        ref = None
        try:
            self._check_rate()
            data = parse_message(text)
            ref = data.get("ref") if isinstance(data.get("ref"), (str, int)) else None
            kind = data.get("type")
            if kind == "join":
                await self.join(data, ref)
            elif kind == "act":
                answer = (self.conn, ref) if self.conn.protocol == 2 else None
                if not await self.table.submit(self.seated(), data.get("action"),
                                               data.get("version"), answer):
                    self.push({"type": "ack", "ref": ref, "version": self.table.version})
            elif kind == "name":
                await self.table.set_name(self.seated(), data.get("name"))
                self.push({"type": "ack", "ref": ref, "version": self.table.version})
            elif kind == "chat":
                await self.table.post_chat(self.joined_conn(), data.get("text"))
                self.push({"type": "ack", "ref": ref, "version": self.table.version})
            elif kind == "chat_name":
                if self.joined_conn().seat is not None:
                    raise TableError("a seated player writes under the seat's name",
                                     "chat_name_seated")
                name = self.table.set_chat_name(self.conn, data.get("name"))
                self.push({"type": "ack", "ref": ref, "name": name,
                           "version": self.table.version})
            elif kind == "rematch":
                await self.rematch(ref)
            elif kind == "hint":
                version = self.table.version
                choices = await self.table.hint(self.seated())
                self.push({"type": "hint", "ref": ref, "version": version, "choices": choices})
            elif kind == "back":
                await self.table.come_back(self.seated())
                self.push({"type": "ack", "ref": ref, "version": self.table.version})
            elif kind == "ping":
                self.push({"type": "pong", "ref": ref})
            else:
                raise TableError("unknown message type; use join, act, name, chat, chat_name, "
                                 "rematch, hint, back or ping", "unknown_type")
        except GonetsError as exc:
            self.push({"type": "error", "ref": ref, **error_fields(exc)})
        except Exception:
            log.exception("table %s: a message could not be handled", self.table.id)
            self.push({"type": "error", "ref": ref, "code": "internal", "params": {},
                       "message": "the server failed to handle that message (an internal "
                                  "error, logged); reload to see the table"})

    def _check_rate(self) -> None:
        now = time.monotonic()
        while self.recent and now - self.recent[0] > 1.0:
            self.recent.popleft()
        self.recent.append(now)
        limit = self.websocket.app.state.max_rate
        if len(self.recent) > limit:
            raise TableError(f"too many messages (at most {limit} a second); "
                             "this one was ignored", "too_fast", limit=limit)

    async def join(self, data: dict, ref: Any) -> None:
        table = self.table
        if self.joined:
            raise TableError("this connection has already joined the table", "already_joined")
        lang = parse_lang(data.get("lang", "en"))
        protocol = data.get("protocol", 1)
        if protocol not in PROTOCOLS or isinstance(protocol, bool):
            raise TableError("'protocol' must be 1 or 2", "bad_message")
        seat = None
        if data.get("token") is not None:
            seat = table.seat_of_token(data.get("token"))
        else:
            seat = await self.seat_by_session()
        if seat is None and table.spectator_count() >= table.spectator_room():
            raise TableError("this table has as many watchers as it can take; try again later",
                             "watchers_full")
        name_refused = None
        if data.get("name") is not None:
            if seat is None:
                raise TableError("spectators do not have a name at the table",
                                 "spectator_name")
            name_refused = await self.name_at_join(seat, data["name"])
        welcome: dict[str, Any] = {"type": "welcome", "seat": seat, "ref": ref, "lang": lang}
        if not isinstance(data.get("take_back", False), bool):
            raise TableError("'take_back' must be true or false", "bad_message")
        if seat is not None and data.get("take_back") is True:
            fresh = await table.rekey(seat, self.conn)
            welcome["link"] = seat_link(table.id, seat, fresh)
        self.conn.seat, self.conn.lang = seat, lang
        self.conn.protocol = protocol
        if seat is not None:
            self.conn.token_hash = hash_token(welcome["link"]["token"]) if "link" in welcome \
                else table.token_hashes[seat]
        entry = table.seats[seat] if seat is not None else None
        welcome["needs_name"] = bool(entry and not entry.get("name"))
        self.push(welcome)
        self.joined = True
        if table.attach(self.conn):
            self.push({"type": "notice", "code": "displaced_other", "params": {},
                       "message": "this seat was open in another place; that place was told "
                                  "and stopped playing it"})
        if name_refused is not None:           # seated, but asked for another name
            self.push({"type": "error", "ref": ref, **error_fields(name_refused)})
        self.push({"type": "chat", "table": table.id, "history": True,
                   "entries": await table.chat_history(),
                   "me": table.chat_author(self.conn)})

    async def seat_by_session(self) -> int | None:
        """The seat of this table held by the account this connection is logged in as (a
        join without a secret), or None: a spectator."""
        user = await current_user(self.websocket)
        return None if user is None else seat_of_user(self.table.seats, user.id)

    async def name_at_join(self, seat: int, name: Any) -> TableError | None:
        """Sit down under the name a join brings (the one this browser used before); a name
        refused leaves the seat joined and unnamed, so the page asks for another one."""
        entry = self.table.seats[seat]
        if entry.get("name") == name or entry.get("user") is not None:
            return None                       # a rejoin, or an account's seat: its own name
        try:
            await self.table.set_name(seat, name)
        except TableError as exc:
            if not exc.code.startswith("name"):
                raise
            return exc
        return None

    async def rematch(self, ref: Any) -> None:
        """Open (or join) the rematch of this finished table: the answer, with this seat's
        own new secret, goes to this connection only."""
        seat = self.seated()
        table, new_seat, token = await self.manager.rematch(
            self.table, seat, client_address(self.websocket,
                                             self.manager.limits.trusted_proxies))
        self.push({"type": "rematch", "ref": ref, "table": table.id,
                   "link": seat_link(table.id, new_seat, token)})

    def joined_conn(self) -> Connection:
        if not self.joined:
            raise TableError("join the table first (send a join message)", "not_joined")
        return self.conn

    def seated(self) -> int:
        if not self.joined:
            raise TableError("join the table first (send a join message)", "not_joined")
        if self.conn.seat is None:
            raise TableError("spectators cannot act; open a seat link to play", "spectator")
        return self.conn.seat

    def leave(self) -> None:
        if self.joined:
            self.table.detach(self.conn)
        else:
            self.conn.close()


PROTOCOLS = (1, 2)
"""What a client may ask for when it joins (see the package's README): 1, text messages and
whole frames; 2, binary messages of UTF-8 JSON and frames carrying their log from where the
last one ended (``log_from``). A page open from before an upgrade keeps working: it asks for
nothing, so it gets 1."""


def sender(websocket: WebSocket):
    """How a :class:`Connection` sends a message's bytes: as they are in a binary message
    (protocol 2), else decoded into a text message."""
    async def send(data: bytes, binary: bool) -> None:
        if binary:
            await websocket.send_bytes(data)
        else:
            await websocket.send_text(data.decode())
    return send


async def refuse(websocket: WebSocket, exc: Exception, code: int) -> None:
    """Tell the client why it cannot stay (with the refusal's stable code) and close."""
    await websocket.send_text(wire({"type": "error", "fatal": True, **error_fields(exc)})
                              .decode())
    await websocket.close(code=code)


async def table_socket(websocket: WebSocket) -> None:
    """Check the rate of new sockets (refused before any work), accept, check the caps,
    then hand every message to the table's :class:`Session`."""
    manager: TableManager = websocket.app.state.manager
    address = client_address(websocket, manager.limits.trusted_proxies)
    try:
        manager.clients.may_join(address)
    except TableError:
        await websocket.close(code=4429)       # before accepting: an HTTP 403, no frame
        return
    await websocket.accept()
    try:
        manager.clients.connect(address)
    except TableError as exc:
        await refuse(websocket, exc, 4429)
        return
    session = None
    SOCKETS.inc()
    try:
        try:
            table = await manager.get(websocket.path_params["table_id"])
            # a private table this client may not see: only a join with a seat's secret
            hidden = not await may_see(manager, table, await current_user(websocket))
        except TableError as exc:
            await refuse(websocket, exc, 4404)
            return
        session = Session(websocket, manager, table)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", "replace")
            if hidden:
                if not opens_seat(table, text):
                    await refuse(websocket, hidden_table(table.id), 4404)
                    return
                hidden = False
            await session.handle(text)
    except WebSocketDisconnect:
        pass
    finally:
        SOCKETS.dec()
        manager.clients.disconnect(address)
        if session is not None:
            session.leave()
        if websocket.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()
