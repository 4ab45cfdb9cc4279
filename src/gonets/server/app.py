"""The web application: lobby API, table websockets, static client, replays.

``create_app(database_url, bot_delay)`` builds the ASGI app; ``serve(host, port, db,
bot_delay)`` prints the address and runs it with uvicorn (``gonets serve``).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from collections import OrderedDict, deque
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from gonets.agents import agent_names
from gonets.core import GonetsError, games
from gonets.server.frames import seat_payload
from gonets.server.storage import Storage, default_database_url
from gonets.server.tables import Connection, LiveTable, TableError, TableManager

MAX_MESSAGE = 8192          # bytes in one websocket message from a client
MAX_RATE = 30               # messages a client may send per second (more are refused)
MAX_BODY = 65536            # bytes in one HTTP request body
WS_MAX_SIZE = 1 << 20       # frames above this are cut by the websocket layer itself
REPLAY_CACHE = 16
COMPRESSION_ENV = "GONETS_WS_COMPRESSION"   # "1": compress websocket frames (off: saves CPU)
WEB_DIR = Path(str(resources.files("gonets") / "web"))
log = logging.getLogger("gonets.server")
HTML_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self' 'unsafe-inline'; connect-src 'self'; "
                               "base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


def error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


# -- pages -----------------------------------------------------------------------------------------
async def lobby_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "index.html", headers=HTML_HEADERS)


async def table_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "table.html", headers=HTML_HEADERS)


# -- JSON API --------------------------------------------------------------------------------------
def game_catalogue() -> list[dict]:
    """Every registered game with its presets, options and bots (for the lobby form)."""
    catalogue = []
    for game in games().values():
        try:
            catalogue.append(game_entry(game))
        except Exception:
            log.exception("game %s cannot be offered in the lobby", game.name)
    return catalogue


def game_entry(game: Any) -> dict:
    """One game's lobby entry."""
    presets = []
    for preset in game.presets:
        low, high = game.player_range(preset.name)
        presets.append({"name": preset.name, "doc": preset.doc, "min_players": low,
                        "max_players": high, "options": game.preset_options(preset.name)})
    options = [{"name": o.name, "default": o.default, "doc": o.doc,
                "choices": list(o.choices) if o.choices is not None else None}
               for o in game.options]
    return {"name": game.name, "title": game.title,
            "description": game.description, "min_players": game.min_players,
            "max_players": game.max_players, "default_preset": game.default_preset,
            "presets": presets, "options": options, "agents": agent_names(game)}


async def api_games(request: Request) -> Response:
    return JSONResponse({"games": game_catalogue(),
                         "bot_delay": request.app.state.manager.bot_delay})


async def api_tables(request: Request) -> Response:
    return JSONResponse(request.app.state.manager.lobby())


async def read_json(request: Request) -> Any:
    too_large = TableError(f"the request is too large (at most {MAX_BODY} bytes)")
    announced = request.headers.get("content-length", "")
    if announced.isascii() and announced.isdigit() and int(announced) > MAX_BODY:
        raise too_large                  # refused before anything is read
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise too_large
    return load_json(bytes(body) or b"null", "the request body")


def load_json(text: str | bytes, what: str) -> Any:
    """Parsed JSON; :class:`TableError` for text that is not JSON or nests too deeply for
    the parser (which would otherwise fail with a RecursionError)."""
    try:
        return json.loads(text)
    except ValueError:
        raise TableError(f"{what} is not valid JSON") from None
    except RecursionError:
        raise TableError(f"{what} is nested too deeply to be read") from None


async def api_create(request: Request) -> Response:
    manager: TableManager = request.app.state.manager
    try:
        data = await read_json(request)
        table, seat, token = manager.create(data)
    except (TableError, GonetsError) as exc:
        return error(str(exc))
    mine = None if token is None else seat_link(table.id, seat, token)
    return JSONResponse({"id": table.id, "table": table.summary(),
                         "links": {"seat": mine, "invite": f"/table/{table.id}#invite",
                                   "spectator": f"/table/{table.id}"}},
                        status_code=201)


def seat_link(table_id: str, seat: int, token: str) -> dict:
    """A seat's own link: its secret sits in the URL fragment, never sent in requests."""
    return {"seat": seat, "url": f"/table/{table_id}#token={token}", "token": token}


async def api_claim(request: Request) -> Response:
    """Take a free seat: body ``{"seat"?: n, "name"?: ...}``; the answer carries that seat's
    secret, for this requester only."""
    try:
        table = find_table(request)
    except TableError as exc:
        return error(str(exc), 404)
    try:
        data = await read_json(request)
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise TableError("send a JSON object such as {\"seat\": 1, \"name\": \"Ann\"}")
        seat, token = await table.claim(data.get("seat"), data.get("name"))
    except (TableError, GonetsError) as exc:
        status = 409 if "taken" in str(exc) else 400
        return error(str(exc), status)
    return JSONResponse(seat_link(table.id, seat, token), status_code=201)


def find_table(request: Request) -> LiveTable:
    return request.app.state.manager.get(request.path_params["table_id"])


async def api_table(request: Request) -> Response:
    try:
        table = find_table(request)
    except TableError as exc:
        return error(str(exc), 404)
    return JSONResponse(table.summary())


def finished_table(request: Request) -> LiveTable:
    table = find_table(request)
    if table.status != "finished":
        raise TableError("the record is available once the game is over")
    return table


async def api_record(request: Request) -> Response:
    try:
        table = finished_table(request)
    except TableError as exc:
        return error(str(exc), 404)
    return JSONResponse(table.record().to_json())


async def api_replay(request: Request) -> Response:
    """One step of a finished game as a seat (or the spectator) saw it."""
    try:
        table = finished_table(request)
    except TableError as exc:
        return error(str(exc), 404)
    states = request.app.state.replays.get(table)
    try:
        step = int(request.query_params.get("step", len(states) - 1))
        raw_seat = request.query_params.get("seat", "")
        seat = None if raw_seat in ("", "spectator") else int(raw_seat)
    except ValueError:
        return error("'step' and 'seat' must be whole numbers")
    if not 0 <= step < len(states):
        return error(f"'step' must be from 0 to {len(states) - 1}")
    if seat is not None and not 0 <= seat < table.config.players:
        return error(f"'seat' must be from 0 to {table.config.players - 1} or 'spectator'")
    try:
        lang = parse_lang(request.query_params.get("lang", "en"))
    except TableError as exc:
        return error(str(exc))
    payload = seat_payload(table.game, states[step].view(seat), lang=lang,
                           names=table.seat_names())
    payload["legal"] = []
    payload.update({"type": "replay", "table": table.id, "step": step, "steps": len(states) - 1,
                    "seat": seat, "seats": table.public_seats(), "title": table.game.title})
    return JSONResponse(payload)


class ReplayCache:
    """States after each step of recently replayed finished games."""

    def __init__(self, size: int = REPLAY_CACHE):
        self.size = size
        self.entries: OrderedDict[str, list] = OrderedDict()

    def get(self, table: LiveTable) -> list:
        if table.id in self.entries:
            self.entries.move_to_end(table.id)
            return self.entries[table.id]
        from gonets.core.record import apply_step

        record = table.record()
        state = record.initial_state()
        states = [state.clone()]
        for index, step in enumerate(record.steps):
            apply_step(state, step, index)
            states.append(state.clone())
        self.entries[table.id] = states
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)
        return states


# -- websockets ------------------------------------------------------------------------------------
async def table_socket(websocket: WebSocket) -> None:
    """One client at one table. Every refusal goes to this client only and changes nothing."""
    await websocket.accept()
    manager: TableManager = websocket.app.state.manager
    conn = Connection(websocket.send_text, None, lambda code: websocket.close(code=code))
    joined = False
    table: LiveTable | None = None
    recent: deque[float] = deque()
    try:
        try:
            table = manager.get(websocket.path_params["table_id"])
        except TableError as exc:
            conn.push(json.dumps({"type": "error", "message": str(exc), "fatal": True}))
            conn.close()
            await conn.sender
            await websocket.close(code=4404)
            return
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", "replace")
            ref = None
            try:
                now = time.monotonic()
                while recent and now - recent[0] > 1.0:
                    recent.popleft()
                recent.append(now)
                limit = websocket.app.state.max_rate
                if len(recent) > limit:
                    raise TableError(f"too many messages (at most {limit} a second); "
                                     "this one was ignored")
                data = parse_message(text)
                ref = data.get("ref") if isinstance(data.get("ref"), (str, int)) else None
                kind = data.get("type")
                if kind == "join":
                    if joined:
                        raise TableError("this connection has already joined the table")
                    lang = parse_lang(data.get("lang", "en"))
                    seat = None
                    if data.get("token") is not None:
                        seat = table.seat_of_token(data.get("token"))
                    if data.get("name") is not None:
                        if seat is None:
                            raise TableError("spectators do not have a name at the table")
                        await table.set_name(seat, data["name"])
                    welcome: dict[str, Any] = {"type": "welcome", "seat": seat, "ref": ref}
                    if seat is not None and data.get("take_back") is True:
                        fresh = await table.rekey(seat, conn)
                        welcome["link"] = seat_link(table.id, seat, fresh)
                    conn.seat, conn.lang = seat, lang
                    entry = table.seats[seat] if seat is not None else None
                    welcome["needs_name"] = bool(entry and not entry.get("name"))
                    conn.push(json.dumps(welcome))
                    joined = True
                    displaced = table.attach(conn)
                    if displaced:
                        conn.push(json.dumps({"type": "notice", "message":
                                              "this seat was open in another place; that "
                                              "place was told and stopped playing it"}))
                elif kind == "act":
                    seat = seated(conn, joined)
                    await table.submit(seat, data.get("action"), data.get("version"))
                    conn.push(json.dumps({"type": "ack", "ref": ref, "version": table.version}))
                elif kind == "name":
                    seat = seated(conn, joined)
                    await table.set_name(seat, data.get("name"))
                    conn.push(json.dumps({"type": "ack", "ref": ref, "version": table.version}))
                elif kind == "ping":
                    conn.push(json.dumps({"type": "pong", "ref": ref}))
                else:
                    raise TableError("unknown message type; use join, act, name or ping")
            except GonetsError as exc:
                conn.push(json.dumps({"type": "error", "message": str(exc), "ref": ref},
                                     ensure_ascii=False))
            except Exception:
                log.exception("table %s: a message could not be handled", table.id)
                conn.push(json.dumps({"type": "error", "ref": ref, "message":
                                      "the server failed to handle that message (an "
                                      "internal error, logged); reload to see the table"}))
    except WebSocketDisconnect:
        pass
    finally:
        if table is not None and joined:
            table.detach(conn)
        else:
            conn.close()
        if websocket.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()


def parse_message(text: str) -> dict:
    if len(text.encode("utf-8")) > MAX_MESSAGE:
        raise TableError(f"message too large (at most {MAX_MESSAGE} bytes)")
    data = load_json(text, "message")
    if not isinstance(data, dict):
        raise TableError("a message must be a JSON object with a 'type'")
    return data


def parse_lang(lang: Any) -> str:
    """A language code for the readable texts (``en``, ``ru``, ...); games fall back to
    English for languages they lack."""
    if not isinstance(lang, str) or not 2 <= len(lang) <= 5 or not lang.isalpha():
        raise TableError("'lang' must be a language code such as en or ru")
    return lang.lower()


def seated(conn: Connection, joined: bool) -> int:
    if not joined:
        raise TableError("join the table first (send a join message)")
    if conn.seat is None:
        raise TableError("spectators cannot act; open a seat link to play")
    return conn.seat


# -- application -----------------------------------------------------------------------------------
def create_app(database_url: str | None = None, bot_delay: float = 1.0,
               max_rate: int = MAX_RATE, fixed_seeds: bool = False) -> Starlette:
    """The ASGI app over the database at ``database_url`` (default: see storage);
    ``max_rate`` is how many messages a websocket client may send per second;
    ``fixed_seeds`` accepts a chosen seed at tables with several humans (tests only)."""
    url = database_url or default_database_url()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        storage = Storage(url)
        app.state.storage = storage
        app.state.manager = TableManager(storage, bot_delay, fixed_seeds)
        app.state.replays = ReplayCache()
        app.state.max_rate = max_rate
        await app.state.manager.start()
        try:
            yield
        finally:
            await app.state.manager.stop()
            storage.close()

    routes = [
        Route("/", lobby_page),
        Route("/table/{table_id}", table_page),
        Route("/api/games", api_games),
        Route("/api/tables", api_tables, methods=["GET"]),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/{table_id}", api_table),
        Route("/api/tables/{table_id}/seats", api_claim, methods=["POST"]),
        Route("/api/tables/{table_id}/record", api_record),
        Route("/api/tables/{table_id}/replay", api_replay),
        WebSocketRoute("/ws/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=str(WEB_DIR)), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


def shown_url(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          bot_delay: float = 1.0) -> None:
    """Print the address and serve the platform with uvicorn until interrupted."""
    import uvicorn

    url = db or default_database_url()
    app = create_app(url, bot_delay)
    shown_host = f"[{host}]" if ":" in host else host
    print(f"gonets is serving at http://{shown_host}:{port}/  (database {shown_url(url)})",
          flush=True)
    uvicorn.run(app, host=host, port=port, ws_max_size=WS_MAX_SIZE, log_level="warning",
                ws_per_message_deflate=os.environ.get(COMPRESSION_ENV, "") == "1")
