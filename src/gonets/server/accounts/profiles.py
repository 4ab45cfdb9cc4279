"""Profiles, history and the ladder (JSON routes mounted by ``app.py``), and the claim of a
seat a guest played by the account they log in to.

- ``GET /api/users/<name>``: an account's public profile: ratings, games played and won,
  the last finished tables, all counted and listed only where the viewer may see them
  (private tables only to viewers who sat at them);
- ``GET /api/me/tables``: the logged-in account's open and running tables, whose move it is;
- ``GET /api/ladder/<game>?class=2|3+&offset&limit``: the ratings of a game, best first;
- ``POST /api/account/claim`` ``{table, token}``: a seat's secret proves the seat; it becomes
  the logged-in account's.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import and_, case, distinct, func, select
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from gonets.core import GonetsError, games
from gonets.core.botnames import PERSONA
from gonets.server.accounts.players import account_of, attach_account, live_seats_query
from gonets.server.accounts.ratings import (
    CLASSES,
    changes_of,
    ladder,
    ranks_of,
    ratings_of,
    result_json,
)
from gonets.server.accounts.sessions import current_user, require_user
from gonets.server.accounts.users import Users
from gonets.server.http import read_json, refusal
from gonets.server.schema import table_players_table, tables_table
from gonets.server.spec import TableError
from gonets.server.storage import StoredTable

RECENT = 20                 # finished tables on a profile
MY_TABLES = 50              # live tables /api/me/tables lists
LADDER_PAGE = 50


def _public_seats(seats: list[dict]) -> list[dict]:
    shown = []
    for seat in seats:
        entry = {"kind": seat["kind"], "name": seat.get("name")}
        if seat["kind"] == "bot":          # the page calls it by its person-name and level
            entry.update({key: seat[key] for key in ("agent", PERSONA) if seat.get(key)})
        if seat.get("account"):
            entry["account"] = seat["account"]
        shown.append(entry)
    return shown


# -- reading (synchronous: the manager's reader threads) --------------------------------------
def history(engine, user_id: int, viewer_id: int | None) -> dict:
    """Games played and won, and the last :data:`RECENT` finished tables, newest first: of
    the tables ``viewer_id`` may see (private ones only where the viewer sat too)."""
    t, tp = tables_table, table_players_table
    seen = select(tp.c.table_id).where(tp.c.user_id == (viewer_id if viewer_id else -1))
    mine = and_(tp.c.user_id == user_id, t.c.status == "finished",
                t.c.private.is_(False) | t.c.id.in_(seen))
    joined = t.join(tp, tp.c.table_id == t.c.id)
    counts = select(func.count(distinct(tp.c.table_id)),
                    func.count(distinct(case((tp.c.won.is_(True), tp.c.table_id))))
                    ).select_from(joined).where(mine)
    recent = (select(t.c.id, t.c.game, t.c.players, t.c.seats, t.c.result, t.c.rated,
                     t.c.updated, tp.c.seat, tp.c.won).select_from(joined).where(mine)
              .order_by(t.c.updated.desc(), t.c.id, tp.c.seat).limit(RECENT * 2))
    with engine.connect() as conn:
        played, won = conn.execute(counts).one()
        rows, listed = [], set()
        for row in conn.execute(recent):
            if row.id not in listed and len(rows) < RECENT:
                listed.add(row.id)
                rows.append(row)
    changes = changes_of(engine, user_id, [row.id for row in rows])
    entries = []
    for row in rows:
        result = result_json(row.result) or {}
        game = games().get(row.game)
        entries.append({
            "id": row.id, "game": row.game, "title": game.title if game else row.game,
            "players": _public_seats(json.loads(row.seats)), "seat": row.seat,
            "rank": ranks_of(result, row.players)[row.seat], "won": bool(row.won),
            "rated": bool(row.rated), "finished": row.updated, "replay": f"/table/{row.id}",
            "review": f"/table/{row.id}/review?seat={row.seat}",
            "rating": changes.get(row.id)})
    return {"played": played, "won": won, "recent": entries}


def live_table_ids(engine, user_id: int) -> list[tuple[str, int]]:
    """(table, seat) of each seat the account holds at an unfinished table, newest first."""
    with engine.connect() as conn:
        return [(row.id, row.seat) for row in
                conn.execute(live_seats_query(user_id).limit(MY_TABLES * 2))]


# -- routes --------------------------------------------------------------------------------
async def api_user(request: Request) -> Response:
    """An account's public profile."""
    manager = request.app.state.manager
    name = request.path_params["name"]
    try:
        user = await manager.read(Users(manager.storage.engine).by_name, name[:64])
        if user is None or user.disabled:
            raise TableError(f"there is no user {name[:40]!r}", "no_user", name=name[:40])
        viewer = await current_user(request)
        ratings = await manager.read(ratings_of, manager.storage.engine, user.id)
        past = await manager.read(history, manager.storage.engine, user.id,
                                  None if viewer is None else viewer.id)
    except GonetsError as exc:
        return refusal(exc, 404)
    return JSONResponse({"user": {"name": user.name, "created": user.created},
                         "ratings": ratings, **past})


async def api_my_tables(request: Request) -> Response:
    """The logged-in account's open and running tables: whose move it is, and when its
    time runs out (the stored deadline, where the table has one)."""
    manager = request.app.state.manager
    try:
        user = await require_user(request, "log in to see your tables")
        held = await manager.read(live_table_ids, manager.storage.engine, user.id)
    except GonetsError as exc:
        return refusal(exc, 401)
    seats: dict[str, list[int]] = {}
    for table_id, seat in held:
        seats.setdefault(table_id, []).append(seat)
    entries = []
    for table_id, mine in list(seats.items())[:MY_TABLES]:
        try:
            table = await manager.get(table_id)
        except GonetsError:
            continue                      # broken or gone: nothing to play there
        entries.append(my_table(table, sorted(mine)))
    entries.sort(key=lambda e: (not e["your_move"], e["deadline"] or float("inf")))
    return JSONResponse({"tables": entries})


def my_table(table: Any, mine: list[int]) -> dict:
    deciding = table.state.current_player() if table.status == "running" else -1
    names = table.seat_names()
    to_move = {"seat": deciding, "name": names[deciding]} if deciding >= 0 else None
    stored: StoredTable = table.stored
    return {"id": table.id, "game": table.game.name, "title": table.game.title,
            "status": table.status, "seats": mine, "players": table.public_seats(),
            "to_move": to_move, "your_move": deciding in mine,
            "deadline": stored.deadline, "rated": stored.rated, "url": f"/table/{table.id}"}


def _whole(text: str, name: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise TableError(f"'{name}' must be a whole number from {low} to {high}",
                         "bad_number", field=name, low=low, high=high)
    return int(text)


async def api_ladder(request: Request) -> Response:
    """A game's ladder in one player-count class (``class=2`` or ``3+``; a ``+`` in a URL
    must be sent as ``%2B``, and ``3`` is taken for ``3+``)."""
    manager = request.app.state.manager
    game = request.path_params["game"]
    if game not in games():
        return refusal(TableError(f"there is no game {game[:40]!r}", "no_game",
                                   game=game[:40]), 404)
    query = request.query_params
    kind = query.get("class", "2").strip()
    kind = "3+" if kind == "3" else kind
    try:
        if kind not in CLASSES:
            raise TableError("'class' must be 2 or 3+", "bad_class")
        offset = _whole(query.get("offset", "0"), "offset", 0, 10**9)
        limit = _whole(query.get("limit", str(LADDER_PAGE)), "limit", 1, LADDER_PAGE)
        page = await manager.read(ladder, manager.storage.engine, game, kind, offset, limit)
    except GonetsError as exc:
        return refusal(exc, 400)
    return JSONResponse(page)


async def api_claim_seat(request: Request) -> Response:
    """``{"table", "token"}``: the seat whose secret this is becomes the logged-in account's
    (a game played as a guest joins the account's history)."""
    manager = request.app.state.manager
    try:
        user = await require_user(request, "log in to keep a seat in your account")
        data = await read_json(request)
        if not isinstance(data, dict):
            raise TableError("send a JSON object such as {\"table\": ..., \"token\": ...}",
                             "bad_request")
        try:
            table = await manager.get(data.get("table"))
            seat = table.seat_of_token(data.get("token"))
        except TableError as exc:   # one answer: a wrong secret must not tell a table exists
            if exc.code not in ("no_table", "bad_token"):
                raise
            raise TableError("no seat of any table has that secret", "no_seat_secret") \
                from None
        await attach_account(table, seat, account_of(user))
    except GonetsError as exc:
        code = getattr(exc, "code", "")
        return refusal(exc, {"seat_has_account": 409, "no_seat_secret": 404}.get(code, 400))
    return JSONResponse({"table": table.id, "seat": seat, "account": user.name})


PROFILE_ROUTES = [
    Route("/api/users/{name}", api_user, methods=["GET"]),
    Route("/api/me/tables", api_my_tables, methods=["GET"]),
    Route("/api/ladder/{game}", api_ladder, methods=["GET"]),
    Route("/api/account/claim", api_claim_seat, methods=["POST"]),
]
