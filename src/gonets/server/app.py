"""The web application: lobby API, table websockets, static client, replays.

``create_app(database_url, bot_delay)`` builds the ASGI app; ``serve(host, port, db,
bot_delay)`` prints the address and runs it with uvicorn (``gonets serve``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import re
import time
from collections import OrderedDict
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from gonets.agents.levels import NAMES as LEVELS
from gonets.core import GonetsError, games
from gonets.server.accounts.friends import FRIEND_ROUTES, visible_table
from gonets.server.accounts.players import account_of
from gonets.server.accounts.profiles import PROFILE_ROUTES
from gonets.server.accounts.routes import ROUTES as ACCOUNT_ROUTES
from gonets.server.accounts.sessions import CsrfGuard, SessionStore, current_user, load_secret
from gonets.server.accounts.users import SignupLimit
from gonets.server.cluster import REDIS_ENV
from gonets.server.frames import seat_payload
from gonets.server.guide import api_guide
from gonets.server.http import (
    asked_lang,
    error,
    game_asked,
    read_json,
    refusal,
    refusal_message,
    whole,
)
from gonets.server.limits import LIMITS_ENV, Limits, limits_from_environment, parse_lang
from gonets.server.logs import log_config, printed_as_log
from gonets.server.manager import STATUSES, TableManager
from gonets.server.notify import NOTIFY_ROUTES
from gonets.server.reviews import Reviews, ReviewsBusy
from gonets.server.sockets import client_address, seat_link, table_socket
from gonets.server.spec import HINT_LEVEL, offered_agents
from gonets.server.storage import DATABASE_ENV, Storage, default_database_url
from gonets.server.tables import LiveTable, TableError

MAX_RATE = 30               # messages a client may send per second (more are refused)
WS_MAX_SIZE = 1 << 20       # frames above this are cut by the websocket layer itself
REPLAY_CACHE = 16
READY_SECONDS = 3.0          # the longest /readyz waits for the database or Redis
BOT_DELAY_ENV = "GONETS_BOT_DELAY"
GC_THRESHOLDS = (10_000, 20, 20)   # the collector's (default 700, 10, 10): see settle_memory
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


NOT_FOUND_PAGE = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
    '<link rel="stylesheet" href="/static/app.css"><title>gonets: no such page</title></head>'
    '<body><main class="card"><h1>No such page</h1><p>This address leads nowhere on this '
    'server. · Такой страницы нет.</p><p><a class="button" href="/">Back to the lobby · '
    'В лобби</a></p></main></body></html>\n')


async def not_found(request: Request, exc: Exception) -> Response:
    """An unknown address: a page that leads back to the lobby (JSON under /api/)."""
    if request.url.path.startswith("/api/"):
        return error(f"no such address: {request.url.path}", 404, "not_found",
                     asked_lang(request))
    return HTMLResponse(NOT_FOUND_PAGE, 404, HTML_HEADERS)


async def favicon(request: Request) -> Response:
    return FileResponse(WEB_DIR / "favicon.svg", media_type="image/svg+xml")


async def internal_error(request: Request, exc: Exception) -> Response:
    """Any other failure: a JSON answer, never a plain 500 page (the traceback is logged)."""
    return error("the server failed to handle that request (an internal error, logged)", 500,
                 "internal", asked_lang(request))


# -- pages -----------------------------------------------------------------------------------------
async def lobby_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "index.html", headers=HTML_HEADERS)


async def table_page(request: Request) -> Response:
    return FileResponse(WEB_DIR / "table.html", headers=HTML_HEADERS)


def _page(name: str):
    """A route answering the account page ``name``: its ``<main>`` (``web/pages/NAME.html``)
    in the pages' one shell (``web/shell.html``), which loads ``NAME.js``; the script reads
    the address itself. Put together once, when the routes are made."""
    shell = Template((WEB_DIR / "shell.html").read_text(encoding="utf-8"))
    main = (WEB_DIR / "pages" / f"{name}.html").read_text(encoding="utf-8").rstrip("\n")
    html = shell.substitute(page=name, main=main)

    async def page(request: Request) -> Response:
        return HTMLResponse(html, headers=HTML_HEADERS)
    return page


# -- JSON API --------------------------------------------------------------------------------------
def game_catalogue(lang: str = "en", max_level: str = "expert") -> list[dict]:
    """Every registered game with its presets, options and bots up to ``max_level`` (for the
    lobby form), the options' and presets' labels and descriptions in ``lang``."""
    catalogue = []
    for game in games().values():
        try:
            catalogue.append(game_entry(game, lang, max_level))
        except Exception:
            log.exception("game %s cannot be offered in the lobby", game.name)
    return catalogue


def game_entry(game: Any, lang: str = "en", max_level: str = "expert") -> dict:
    """One game's lobby entry; ``label`` and ``doc`` of each option and preset in ``lang``
    (``Game.option_words``), a preset's ``line`` on what it changes, an option's ``bounds``
    (each of its numbers' whole-number range), ``part`` (what each number is) and ``basic``
    (shown outside the advanced options)."""
    words = game.option_words(lang)
    presets = []
    for preset in game.presets:
        low, high = game.player_range(preset.name)
        said = words["presets"][preset.name]
        presets.append({"name": preset.name, **said, "line": said.get("line") or said["doc"],
                        "min_players": low, "max_players": high,
                        "options": game.preset_options(preset.name)})
    options = [{"name": o.name, "default": o.default, "label": words["options"][o.name]["label"],
                "doc": words["options"][o.name]["doc"],
                "choices": list(o.choices) if o.choices is not None else None,
                "choice_labels": words["options"][o.name].get("choices"),
                "bounds": list(o.bounds) if o.bounds is not None else None,
                "part": words["options"][o.name].get("part"), "basic": o.basic}
               for o in game.options if not o.study]
    return {"name": game.name, "title": game.title,
            "description": game.description, "min_players": game.min_players,
            "max_players": game.max_players, "default_preset": game.default_preset,
            "presets": presets, "options": options, "agents": offered_agents(game, max_level),
            "hints": LEVELS.index(max_level) >= LEVELS.index(HINT_LEVEL)}


async def api_games(request: Request) -> Response:
    """The lobby's catalogue (``?lang=ru``: option and preset words in Russian; English
    otherwise)."""
    lang = parse_lang(request.query_params.get("lang", "en"))
    manager = request.app.state.manager
    return JSONResponse({"games": game_catalogue(lang, manager.limits.max_level),
                         "bot_delay": manager.bot_delay})


async def api_help(request: Request) -> Response:
    """How to play a game, in Markdown (``?lang=ru``; English where the game has no help in
    that language): the game's ``data/help.<lang>.md``."""
    game, lang, missing = game_asked(request)
    if missing is not None:
        return missing
    try:
        text = game.help(lang)
    except Exception:
        log.exception("game %s: its help cannot be read", game.name)
        text = ""
    return JSONResponse({"game": game.name, "title": game.title, "lang": lang,
                         "description": game.description, "help": text})


async def api_tables(request: Request) -> Response:
    """The lobby lists, a page each: ``?status=open|running|finished&offset=N&limit=N``."""
    query = request.query_params
    status = query.get("status") or None
    if status not in (None, *STATUSES):
        return error(f"'status' must be one of {', '.join(STATUSES)}", 400, "bad_request")
    try:
        offset = whole(query.get("offset", "0"), "offset", 0, 10**9)
        limit = whole(query.get("limit", "0"), "limit", 0, 10**9)
        page = await request.app.state.manager.lobby(status, offset, limit or None)
    except TableError as exc:
        return refusal(exc, 400)
    return JSONResponse(page)


async def api_create(request: Request) -> Response:
    manager: TableManager = request.app.state.manager
    try:
        data = await read_json(request)
        table, seat, token = await manager.create(data, client_address(
            request, manager.limits.trusted_proxies), user=await current_user(request))
    except (TableError, GonetsError) as exc:
        return refusal(exc, 400)
    mine = None if token is None else seat_link(table.id, seat, token)
    return JSONResponse({"id": table.id, "table": table.summary(),
                         "links": {"seat": mine, "invite": f"/table/{table.id}#invite",
                                   "spectator": f"/table/{table.id}"}},
                        status_code=201)


async def api_claim(request: Request) -> Response:
    """Take a free seat: body ``{"seat"?: n, "name"?: ...}``; the answer carries that seat's
    secret, for this requester only."""
    try:
        table = await find_table(request)
    except TableError as exc:
        return refusal(exc, 404)
    try:
        data = await read_json(request)
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise TableError("send a JSON object such as {\"seat\": 1, \"name\": \"Ann\"}",
                             "bad_request")
        seat, token = await table.claim(data.get("seat"), data.get("name"),
                                        account=account_of(await current_user(request)))
    except (TableError, GonetsError) as exc:
        return refusal(exc, 409 if getattr(exc, "code", "") == "seats_taken" else 400)
    return JSONResponse(seat_link(table.id, seat, token), status_code=201)


async def healthz(request: Request) -> Response:
    """Alive: the process answers (for a supervisor's liveness check)."""
    return JSONResponse({"status": "alive"})


async def readyz(request: Request) -> Response:
    """Ready: the database answers, and Redis where the process is one of several (for a
    load balancer: 503 while either does not). Asked at most once a second, each within
    :data:`READY_SECONDS`, whoever asks how often."""
    state = request.app.state
    kept = getattr(state, "readiness", None)
    if kept is None or time.monotonic() - kept[0] > 1.0:
        state.readiness = kept = (time.monotonic(), await _readiness(state.manager))
    checks = kept[1]
    ready = all(value == "ok" for value in checks.values())
    return JSONResponse({"status": "ready" if ready else "not ready", **checks},
                        status_code=200 if ready else 503)


async def _readiness(manager) -> dict[str, str]:
    async def check(probe) -> str:
        try:
            await asyncio.wait_for(probe(), READY_SECONDS)
            return "ok"
        except TimeoutError:
            return f"failed: no answer within {READY_SECONDS:g} s"
        except Exception as exc:                  # noqa: BLE001 - reported, not raised
            return f"failed: {_first_line(exc)}"

    checks = {"database": await check(lambda: manager.read(manager.storage.ping))}
    if manager.cluster is not None:
        checks["redis"] = await check(manager.cluster.redis.ping)
    return checks


async def metrics(request: Request) -> Response:
    """Prometheus metrics of this process (``metrics.py``)."""
    from gonets.server.metrics import exposition

    body, kind = exposition(list(request.app.state.manager.tables.values()))
    return Response(body, media_type=kind)


async def find_table(request: Request) -> LiveTable:
    """The table of the path, if the requester may see it (a private table: its creator,
    invited and seated accounts only); else ``no_table``, as for a table that does not
    exist. Every route that reaches a table comes through here."""
    return await visible_table(request, request.path_params["table_id"])


async def api_table(request: Request) -> Response:
    try:
        table = await find_table(request)
    except TableError as exc:
        return refusal(exc, 404)
    return JSONResponse(table.summary())


async def finished_table(request: Request) -> LiveTable:
    table = await find_table(request)
    if table.status != "finished":
        raise TableError("the record is available once the game is over", "not_finished")
    return table


async def api_record(request: Request) -> Response:
    try:
        table = await finished_table(request)
    except TableError as exc:
        return refusal(exc, 404)
    return JSONResponse(table.record().to_json())


async def api_replay(request: Request) -> Response:
    """One step of a finished game as a seat (or the spectator) saw it."""
    lang = asked_lang(request)
    try:
        table = await finished_table(request)
    except TableError as exc:
        return refusal(exc, 404, lang)
    states = await asyncio.to_thread(request.app.state.replays.get, table)
    try:
        step = int(request.query_params.get("step", len(states) - 1))
        raw_seat = request.query_params.get("seat", "")
        seat = None if raw_seat in ("", "spectator") else int(raw_seat)
    except ValueError:
        return error("'step' and 'seat' must be whole numbers", 400, "bad_request", lang)
    if not 0 <= step < len(states):
        return error(f"'step' must be from 0 to {len(states) - 1}", 400, "bad_step", lang,
                     low=0, high=len(states) - 1)
    if seat is not None and not 0 <= seat < table.config.players:
        return error(f"'seat' must be from 0 to {table.config.players - 1} or 'spectator'",
                     400, "bad_view_seat", lang, high=table.config.players)
    payload = seat_payload(table.game, states[step].view(seat), lang=lang,
                           names=table.seat_names(lang), marks=table.stand_ins.marks(seat))
    payload.update(legal=[], picks={}, prompts={})
    payload.update({"type": "replay", "table": table.id, "step": step, "steps": len(states) - 1,
                    "seat": seat, "seats": table.public_seats(), "title": table.game.title})
    return JSONResponse(payload)


async def review_request(request: Request) -> tuple[LiveTable, int, str, dict]:
    """The finished table, the seat (``?seat=``, 0-based), the language and the review's
    status; :class:`TableError` for a table that is not over or a bad seat
    (``bad_view_seat``)."""
    table = await finished_table(request)
    raw = request.query_params.get("seat", "0")
    if not raw.isdigit() or not 0 <= int(raw) < table.config.players:
        raise TableError(f"'seat' must be from 0 to {table.config.players - 1}",
                         "bad_view_seat", high=table.config.players)
    seat, lang = int(raw), parse_lang(request.query_params.get("lang", "en"))
    return table, seat, lang, await request.app.state.reviews.status(table, seat, lang)


async def api_review(request: Request) -> Response:
    """A finished table's review of one seat: done, working (started by the first request)
    or failed."""
    lang = asked_lang(request)
    try:
        _, _, _, status = await review_request(request)
    except ReviewsBusy as exc:
        message = refusal_message(TableError(str(exc), "busy"), lang)
        return JSONResponse({"error": message, "code": "busy", "params": {}, "retry": True},
                            status_code=503, headers={"Retry-After": "10"})
    except TableError as exc:
        return refusal(exc, 400 if exc.code == "bad_view_seat" else 404, lang)
    if status["status"] == "done":
        status = {**status, "review": status["review"].to_json()}
    return JSONResponse(status)


async def review_html(request: Request) -> Response:
    """The review as a page in the reader's language (one that reloads while it is made)."""
    from gonets.agents.review_page import notice, page, phrases

    lang = parse_lang(request.query_params.get("lang", "en"))
    words = phrases(lang)
    try:
        table, seat, lang, status = await review_request(request)
    except ReviewsBusy:
        return HTMLResponse(notice(lang, "gonets", words["busy"], refresh=10), 503, HTML_HEADERS)
    except TableError as exc:            # the page's words for it (DatabaseUnavailable too)
        return HTMLResponse(notice(lang, "gonets", refusal_message(exc, lang)), 404,
                            HTML_HEADERS)
    names = table.seat_names(lang)
    base = f"/table/{table.id}"
    links = [(words["back"], base)] + [
        (words["seat_review"].format(name=name), f"{base}/review?seat={i}&lang={lang}")
        for i, name in enumerate(names) if i != seat]
    title = words["title"].format(name=names[seat], game=table.game.title)
    if status["status"] == "done":
        return HTMLResponse(page(status["review"], links), headers=HTML_HEADERS)
    if status["status"] == "failed":
        return HTMLResponse(notice(lang, title, words["failed"].format(error=status["error"]),
                                   links=links), 500, HTML_HEADERS)
    level = words["levels"].get("hard", "hard")
    text = words["working"].format(level=level, name=names[seat], done=status["done"],
                                   total=status["total"] or "?")
    return HTMLResponse(notice(lang, title, text, refresh=2, links=links), 202, HTML_HEADERS)


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


# -- application -----------------------------------------------------------------------------------
def create_app(database_url: str | None = None, bot_delay: float = 1.0,
               max_rate: int = MAX_RATE, fixed_seeds: bool = False,
               limits: Limits | None = None, redis_url: str | None = None) -> Starlette:
    """The ASGI app over the database at ``database_url`` (default: see storage);
    ``max_rate`` is how many messages a websocket client may send per second;
    ``fixed_seeds`` accepts a chosen seed at tables with several humans (tests only);
    ``limits`` the resource caps (default :class:`Limits`); ``redis_url`` makes this
    process one of several over the same PostgreSQL database (``cluster.py``)."""
    url = database_url or default_database_url()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        storage = Storage(url)
        app.state.storage = storage
        app.state.secret = load_secret(storage.engine)
        app.state.sessions = SessionStore(storage.engine)
        app.state.manager = TableManager(storage, bot_delay, fixed_seeds, limits, redis_url)
        app.state.signups = SignupLimit(app.state.manager.limits.signups_per_hour)
        app.state.replays = ReplayCache()
        app.state.reviews = Reviews(app.state.manager)
        app.state.max_rate = max_rate
        await app.state.manager.start()
        try:
            yield
        finally:
            app.state.reviews.close()
            await app.state.manager.stop()
            storage.close()

    routes = [
        Route("/", lobby_page),
        Route("/favicon.ico", favicon),
        Route("/healthz", healthz),
        Route("/readyz", readyz),
        Route("/metrics", metrics),
        Route("/table/{table_id}", table_page),
        Route("/account", _page("account")),
        Route("/u/{name}", _page("profile")),
        Route("/ladder", _page("ladder")),
        Route("/friends", _page("friends")),
        Route("/table/{table_id}/review", review_html),
        Route("/api/games", api_games),
        Route("/api/games/{game}/help", api_help),
        Route("/api/games/{game}/guide", api_guide),
        Route("/api/tables", api_tables, methods=["GET"]),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/{table_id}", api_table),
        Route("/api/tables/{table_id}/seats", api_claim, methods=["POST"]),
        Route("/api/tables/{table_id}/record", api_record),
        Route("/api/tables/{table_id}/replay", api_replay),
        Route("/api/tables/{table_id}/review", api_review),
        *ACCOUNT_ROUTES,
        *PROFILE_ROUTES,
        *FRIEND_ROUTES,
        *NOTIFY_ROUTES,
        WebSocketRoute("/ws/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=str(WEB_DIR)), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(CsrfGuard)],
                     exception_handlers={404: not_found, Exception: internal_error})


SECRET_PARAMETER = re.compile(r"(?i)((?:password|passwd|pwd|secret|token|key)=)[^&]*")


def shown_url(url: str) -> str:
    """``url`` as it may be printed: the password and any secret query parameter hidden."""
    from sqlalchemy.engine import make_url

    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except Exception:                        # noqa: BLE001 - a URL it cannot even read
        return "(the URL given, which is not a valid URL)"
    return SECRET_PARAMETER.sub(r"\1***", shown)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          bot_delay: float = 1.0, redis: str | None = None, workers: int = 1,
          max_level: str | None = None, log_format: str = "text") -> None:
    """Print the address and serve the platform with uvicorn until interrupted. With
    ``workers`` above 1 (a PostgreSQL database and a Redis URL needed) uvicorn runs that many
    processes on the one port, each table owned by one of them (see ``cluster.py``).
    ``max_level``: the strongest bot level new tables may seat (``Limits.max_level``);
    ``log_format``: ``text`` or ``json`` (:mod:`gonets.server.logs`)."""
    import uvicorn

    if max_level is not None:        # every process reads its limits from the environment
        changes = json.loads(os.environ.get(LIMITS_ENV) or "{}")
        os.environ[LIMITS_ENV] = json.dumps({**changes, "max_level": max_level})
    limits_from_environment()        # a wrong limit stops here, in one line
    try:
        logging_options = log_config(log_format)
    except ValueError as exc:
        raise SystemExit(f"gonets cannot start: {exc}") from None

    url = db or default_database_url()
    redis = redis or os.environ.get(REDIS_ENV) or None
    if workers > 1 and (redis is None or url.startswith("sqlite")):
        raise SystemExit("--workers above 1 needs a PostgreSQL --db and a --redis URL "
                         "(SQLite is for a single process)")
    problem = unusable(url, redis)
    if problem:
        raise SystemExit(f"gonets cannot start: {problem}")
    from gonets.core.kernel import warm_all

    with printed_as_log(log_format, logging_options, "gonets.kernel"):
        warm_all()         # before the bot workers fork: no decision waits for a compile
    shown_host = f"[{host}]" if ":" in host else host
    print(f"gonets is serving at http://{shown_host}:{port}/  (database {shown_url(url)}"
          f"{', ' + str(workers) + ' processes' if workers > 1 else ''})", flush=True)
    # proxy_headers off: the client address comes from X-Forwarded-For only behind the proxies
    # named in Limits.trusted_proxies (sockets.client_address), never by uvicorn's default
    options = {"host": host, "port": port, "ws_max_size": WS_MAX_SIZE, "log_level": "warning",
               "ws_per_message_deflate": os.environ.get(COMPRESSION_ENV, "") == "1",
               "proxy_headers": False, "log_config": logging_options}
    if workers > 1:
        os.environ.update({DATABASE_ENV: url, REDIS_ENV: redis, BOT_DELAY_ENV: str(bot_delay)})
        uvicorn.run("gonets.server.app:app_from_environment", factory=True, workers=workers,
                    **options)
    else:
        app = create_app(url, bot_delay, redis_url=redis)
        settle_memory()
        uvicorn.run(app, **options)


def settle_memory() -> None:
    """Before a server process starts serving: what it has loaded (modules, compiled kernels)
    is moved out of the garbage collector's sight, and young objects are collected less often.
    Every frame allocates thousands of short-lived objects, and with the default thresholds
    the full collections that walk the whole heap took about 7% of the server's CPU."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def unusable(url: str, redis: str | None) -> str | None:
    """Why the server could not start on this database (brought to the newest schema here:
    a new SQLite file is created, a missing PostgreSQL database is not) and Redis, in one
    line; None when both answer."""
    try:
        storage = Storage(url)
        try:
            storage.ensure_schema()
        finally:
            storage.close()
    except Exception as exc:                 # noqa: BLE001 - any failure is reported as is
        return f"the database {shown_url(url)} cannot be used: {_first_line(exc)}"
    if redis:
        try:
            import redis as redis_client

            redis_client.Redis.from_url(redis, socket_timeout=5).ping()
        except Exception as exc:             # noqa: BLE001
            return f"Redis at {shown_url(redis)} does not answer: {_first_line(exc)}"
    return None


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def app_from_environment() -> Starlette:
    """The app of one of several worker processes, configured by :func:`serve`."""
    app = create_app(os.environ[DATABASE_ENV], float(os.environ.get(BOT_DELAY_ENV, "1")),
                     redis_url=os.environ[REDIS_ENV])
    settle_memory()
    return app
