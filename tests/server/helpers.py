"""Real servers for the platform tests: the app under uvicorn in a background thread, and
websocket clients that record every message they receive."""

from __future__ import annotations

import json
import socket
import threading
import time
from typing import Self

import uvicorn
from websockets.sync.client import connect

from gonets.server.app import WS_MAX_SIZE, create_app
from gonets.server.frames import with_earlier_log
from gonets.server.limits import Limits
from gonets.server.load import csrf_client, never_reading_client  # noqa: F401 - the tests' import point


def limits_for_tests(**changes) -> Limits:
    """The default caps, except those a test suite needs raised: it opens many tables from
    one address in a few seconds."""
    return Limits(**{"open_tables_per_address": 1000, "tables_per_minute": 100_000,
                     "joins_per_second": 100_000.0, "join_burst": 100_000, **changes})


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerThread:
    """The real app served by uvicorn on a loopback port, in a background thread."""

    def __init__(self, db_url: str, bot_delay: float = 0.0, port: int | None = None,
                 max_rate: int = 100_000, fixed_seeds: bool = True, limits=None,
                 redis_url: str | None = None):
        """``max_rate`` is high by default: test clients act at machine speed; tests choose
        seeds at tables of several humans to be reproducible (``fixed_seeds``)."""
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        app = create_app(db_url, bot_delay, max_rate, fixed_seeds, limits or limits_for_tests(),
                         redis_url)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                log_level="warning", ws_max_size=WS_MAX_SIZE,
                                ws_per_message_deflate=False, proxy_headers=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Self:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        self.http = csrf_client(self.base)
        return self

    def __exit__(self, *exc) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(timeout=20)

    @property
    def manager(self):
        app = self.server.config.loaded_app
        while not hasattr(app, "state"):
            app = app.app
        return app.state.manager

    def create(self, **spec) -> dict:
        response = self.http.post("/api/tables", json=spec)
        assert response.status_code == 201, response.text
        return response.json()

    def claim(self, table_id: str, seat: int | None = None, name: str | None = None) -> dict:
        """Take a free seat the way an invited friend does; returns its link and secret."""
        body = {key: value for key, value in (("seat", seat), ("name", name))
                if value is not None}
        response = self.http.post(f"/api/tables/{table_id}/seats", json=body)
        assert response.status_code == 201, response.text
        return response.json()

    def seat_tokens(self, created: dict) -> list[str | None]:
        """The creator's secret plus one claimed for every other human seat (None for
        bots), as if each friend had opened the invite link."""
        tokens: list[str | None] = [None] * created["table"]["players"]
        mine = created["links"]["seat"]
        if mine is not None:
            tokens[mine["seat"]] = mine["token"]
        for index, seat in enumerate(created["table"]["seats"]):
            if seat["kind"] == "human" and tokens[index] is None:
                tokens[index] = self.claim(created["id"], index)["token"]
        return tokens

    def client(self, table_id: str, token: str | None = None, name: str | None = None,
               join: bool = True) -> WsClient:
        return WsClient(self.ws_base, table_id, token, name, join)


class WsClient:
    """A websocket client at one table that keeps every message it received."""

    def __init__(self, ws_base: str, table_id: str, token: str | None, name: str | None,
                 join: bool):
        self._opener = connect(f"{ws_base}/ws/{table_id}", max_size=None, open_timeout=20)
        self.socket = self._opener.__enter__()
        self.messages: list[dict] = []
        self.raw: list[str] = []
        if join:
            message = {"type": "join"}
            if token is not None:
                message["token"] = token
            if name is not None:
                message["name"] = name
            self.send(message)

    def send(self, message) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 20) -> dict:
        data = self.socket.recv(timeout=timeout)      # the server's messages are binary
        text = data.decode() if isinstance(data, bytes) else data
        self.raw.append(text)
        message = json.loads(text)
        if message["type"] == "state":                 # whole again, as the page makes it
            message = with_earlier_log(message, self.latest_state())
        self.messages.append(message)
        return message

    def until(self, predicate, timeout: float = 20) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message arrived")
            message = self.recv(left)
            if predicate(message):
                return message

    def state(self, timeout: float = 20) -> dict:
        return self.until(lambda m: m["type"] == "state", timeout)

    def drain(self, quiet: float = 0.1) -> list[dict]:
        """Every message that arrives until none has for `quiet` seconds."""
        arrived = []
        while True:
            try:
                arrived.append(self.recv(timeout=quiet))
            except TimeoutError:
                return arrived

    def latest_state(self) -> dict | None:
        states = [m for m in self.messages if m["type"] == "state"]
        return states[-1] if states else None

    def close(self) -> None:
        self._opener.__exit__(None, None, None)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def play_to_the_end(clients: list[WsClient], limit: float = 30) -> list[dict]:
    """Every seat of the toy game keeps its card until the end (acting on the newest frame
    each client has received, even one an earlier wait passed over); returns each client's
    final frame."""
    acted: set[tuple[int, int]] = set()
    deadline = time.monotonic() + limit
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        latest = [client.latest_state() for client in clients]
        if all(state and state["view"]["terminal"] for state in latest):
            return latest
        for index, (client, state) in enumerate(zip(clients, latest)):
            if state and state["legal"] and (index, state["version"]) not in acted:
                acted.add((index, state["version"]))
                client.send({"type": "act", "action": "keep", "version": state["version"]})
        for client in clients:
            try:
                client.recv(timeout=0.05)
            except TimeoutError:
                pass


async def play_randomly(ws_base: str, table_id: str, tokens: list[str], seed: int,
                        names: list[str] | None = None, limit: float = 120) -> dict:
    """Every seat a websocket client choosing random legal actions from its frames, plus a
    spectator; returns every message each one received (key: seat, or None)."""
    import asyncio
    import random

    from websockets.asyncio.client import connect

    received: dict = {}

    async def seat_client(seat, token):
        rng = random.Random(f"{seed}:{seat}")
        frames = received.setdefault(seat, [])
        async with connect(f"{ws_base}/ws/{table_id}", max_size=None) as socket_:
            join = {"type": "join"}
            if token is not None:
                join.update(token=token, name=(names or [f"P{i + 1}" for i in
                                                     range(len(tokens))])[seat])
            await socket_.send(json.dumps(join))
            held = None
            while True:
                message = json.loads(await socket_.recv())
                if message["type"] == "state":
                    message = held = with_earlier_log(message, held)
                frames.append(message)
                if message["type"] != "state":
                    continue
                if message["view"]["terminal"]:
                    return
                if message["legal"]:
                    choice = rng.choice(message["legal"])["text"]
                    await socket_.send(json.dumps({"type": "act", "action": choice,
                                                   "version": message["version"]}))

    clients = [seat_client(seat, token) for seat, token in enumerate(tokens)]
    clients.append(seat_client(None, None))
    await asyncio.wait_for(asyncio.gather(*clients), limit)
    return received


def in_fresh_thread(function, *args, **kwargs):
    """Call ``function`` in a new thread and return its result.

    The browser tests keep Playwright's event loop running in the main thread of a test worker
    for the whole session, so code that calls ``asyncio.run`` must not run there.
    """
    outcome: dict = {}

    def target():
        try:
            outcome["value"] = function(*args, **kwargs)
        except BaseException as exc:  # re-raised in the caller's thread
            outcome["error"] = exc

    worker = threading.Thread(target=target)
    worker.start()
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
