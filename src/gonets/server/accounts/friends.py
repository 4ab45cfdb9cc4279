"""Friends, and who may see a private table.

- A friendship is one ``gonets_friends`` row: ``user_id`` asked ``friend_id``; ``status`` is
  ``requested`` until the other accepts, then ``accepted``. A request to someone who already
  asked you accepts theirs. Removing ends a friendship, declines a request or cancels one.
- Bounded: at most :data:`MAX_FRIENDS` friends and :data:`MAX_OUTGOING` pending requests.
- A private table (``"private": true``) is seen only by its creator, the accounts invited to
  it (``gonets_invites``) and the accounts seated there: :func:`may_see` is the one check, used
  by ``app.find_table`` and the websocket. Anyone else is told there is no such table.
- Only friends may be invited (as on Board Game Arena, where you invite from your friends).
"""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, select, update
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from gonets.server.accounts.sessions import User, current_user, require_user
from gonets.server.accounts.users import Users
from gonets.server.http import read_json, refusal
from gonets.server.schema import (
    friends_table,
    invites_table,
    notices_table,
    tables_table,
    users_table,
)
from gonets.server.spec import TableError

MAX_FRIENDS = 500           # accepted friendships per account
MAX_OUTGOING = 100          # requests an account has sent that wait for an answer
MAX_NAME = 64               # characters of a name looked up
MAX_INVITATIONS = 100       # tables GET /api/me/invitations lists


def hidden_table(table_id: str) -> TableError:
    """What anyone who may not see a private table is told: exactly what a table that does
    not exist answers (``manager._load``)."""
    return TableError(f"there is no table {table_id!r}", "no_table", table=table_id)


def looked_up(engine, name: Any) -> User:
    """The account named ``name``; :class:`TableError` ``no_user`` naming it otherwise."""
    if not isinstance(name, str) or not name.strip():
        raise TableError("'name' must be a user's name (text)", "bad_name")
    if len(name) > MAX_NAME:
        raise TableError(f"'name' is longer than a user name can be ({MAX_NAME} characters)",
                         "bad_name")
    user = Users(engine).by_name(name)
    if user is None or user.disabled:
        raise TableError(f"there is no user {name!r}", "no_user", name=name)
    return user


def _between(a: int, b: int):
    return or_(and_(friends_table.c.user_id == a, friends_table.c.friend_id == b),
               and_(friends_table.c.user_id == b, friends_table.c.friend_id == a))


def _friend_count(conn, user_id: int) -> int:
    mine = or_(friends_table.c.user_id == user_id, friends_table.c.friend_id == user_id)
    return conn.execute(select(func.count()).select_from(friends_table)
                        .where(mine).where(friends_table.c.status == "accepted")).scalar_one()


def _check_room(conn, *users: User) -> None:
    for user in users:
        if _friend_count(conn, user.id) >= MAX_FRIENDS:
            raise TableError(f"{user.name} has {MAX_FRIENDS} friends already, the most an "
                             "account may have", "friends_full", name=user.name,
                             max=MAX_FRIENDS)


def add_notice(conn, user_id: int, kind: str, params: dict, table_id: str | None = None
               ) -> None:
    """In the caller's transaction: a notice for ``user_id`` (their inbox, ``notify.py``),
    unless they have the same one unseen (asking, cancelling and asking again cannot fill
    somebody's inbox)."""
    text = json.dumps(params, ensure_ascii=False, sort_keys=True)
    same = (select(notices_table.c.id).where(notices_table.c.user_id == user_id)
            .where(notices_table.c.kind == kind).where(notices_table.c.params == text)
            .where(notices_table.c.seen.is_(False)).limit(1))
    if conn.execute(same).first() is None:
        conn.execute(insert(notices_table).values(
            user_id=user_id, kind=kind, table_id=table_id, ts=time.time(), params=text))


class Friends:
    """The friendships of accounts (synchronous: run through the manager's threads)."""

    def __init__(self, engine):
        self.engine = engine

    def request(self, user: User, name: Any) -> str:
        """Ask ``name`` to be friends; ``accepted`` when they had asked first, else
        ``requested`` (and they get a ``friend_request`` notice)."""
        other = looked_up(self.engine, name)
        if other.id == user.id:
            raise TableError("you cannot be your own friend", "friend_self")
        with self.engine.begin() as conn:
            rows = {(row.user_id, row.status) for row in conn.execute(
                select(friends_table).where(_between(user.id, other.id)))}
            if any(status == "accepted" for _, status in rows) or (user.id, "requested") in rows:
                raise TableError(f"you and {other.name} are friends or asked already",
                                 "friend_duplicate", name=other.name)
            if (other.id, "requested") in rows:
                _check_room(conn, user, other)
                conn.execute(update(friends_table).where(friends_table.c.user_id == other.id)
                             .where(friends_table.c.friend_id == user.id)
                             .values(status="accepted"))
                return "accepted"
            waiting = conn.execute(select(func.count()).select_from(friends_table)
                                   .where(friends_table.c.user_id == user.id)
                                   .where(friends_table.c.status == "requested")).scalar_one()
            if waiting >= MAX_OUTGOING:
                raise TableError(f"you have {MAX_OUTGOING} requests waiting for an answer "
                                 "already; cancel some first", "requests_full",
                                 max=MAX_OUTGOING)
            _check_room(conn, user)
            conn.execute(insert(friends_table).values(user_id=user.id, friend_id=other.id,
                                                      status="requested", created=time.time()))
            add_notice(conn, other.id, "friend_request", {"from": user.name})
        return "requested"

    def accept(self, user: User, name: Any) -> None:
        """Accept the request ``name`` sent; ``no_request`` when there is none."""
        other = looked_up(self.engine, name)
        asked = and_(friends_table.c.user_id == other.id, friends_table.c.friend_id == user.id,
                     friends_table.c.status == "requested")
        with self.engine.begin() as conn:
            if conn.execute(select(friends_table.c.user_id).where(asked)).first() is None:
                raise TableError(f"{other.name} has not asked you to be friends",
                                 "no_request", name=other.name)
            _check_room(conn, user, other)
            conn.execute(update(friends_table).where(asked).values(status="accepted"))

    def remove(self, user: User, name: Any) -> None:
        """End a friendship with ``name``, decline their request or cancel yours."""
        other = looked_up(self.engine, name)
        with self.engine.begin() as conn:
            done = conn.execute(delete(friends_table).where(_between(user.id, other.id)))
            if done.rowcount == 0:
                raise TableError(f"you and {other.name} are not friends and nobody asked",
                                 "no_friendship", name=other.name)

    def lists(self, user_id: int) -> dict[str, list[str]]:
        """``friends``, ``incoming`` and ``outgoing`` requests, by name, sorted."""
        mine = or_(friends_table.c.user_id == user_id, friends_table.c.friend_id == user_id)
        query = select(friends_table.c.user_id, friends_table.c.friend_id,
                       friends_table.c.status).where(mine)
        with self.engine.connect() as conn:
            rows = list(conn.execute(query))
            ids = {row.user_id for row in rows} | {row.friend_id for row in rows}
            names = {row.id: row.name for row in conn.execute(
                select(users_table.c.id, users_table.c.name)
                .where(users_table.c.id.in_(ids)))} if ids else {}
        lists: dict[str, list[str]] = {"friends": [], "incoming": [], "outgoing": []}
        for row in rows:
            other = row.friend_id if row.user_id == user_id else row.user_id
            key = ("friends" if row.status == "accepted" else
                   "outgoing" if row.user_id == user_id else "incoming")
            lists[key].append(names.get(other, "?"))
        return {key: sorted(set(value), key=str.casefold) for key, value in lists.items()}

    def friend_ids(self, user_id: int, among: list[int]) -> set[int]:
        """Which of ``among`` are friends of ``user_id``."""
        if not among:
            return set()
        query = select(friends_table.c.user_id, friends_table.c.friend_id).where(
            friends_table.c.status == "accepted").where(or_(
                and_(friends_table.c.user_id == user_id, friends_table.c.friend_id.in_(among)),
                and_(friends_table.c.friend_id == user_id, friends_table.c.user_id.in_(among))))
        with self.engine.connect() as conn:
            return {a if b == user_id else b for a, b in conn.execute(query)}


# -- invitations -------------------------------------------------------------------------------
def resolve_invites(engine, creator: User | dict, names: list[str]) -> list[int]:
    """The accounts ``names`` invite (for :class:`Storage.create_table`): all must exist
    (``no_user`` naming those that do not) and be the creator's friends (``not_a_friend``)."""
    users = Users(engine)
    creator_id = creator["id"] if isinstance(creator, dict) else creator.id
    found, unknown = {}, []
    for name in names:
        user = users.by_name(name)
        if user is None or user.disabled:
            unknown.append(name)
        elif user.id == creator_id:
            raise TableError("you sit at your own table: invite others", "invite_self")
        else:
            found[user.id] = user.name
    if unknown:
        raise TableError(f"there is no user {', '.join(repr(n) for n in unknown)}",
                         "no_user", name=", ".join(unknown))
    strangers = [found[i] for i in found if i not in
                 Friends(engine).friend_ids(creator_id, list(found))]
    if strangers:
        raise TableError(f"only friends can be invited, and {', '.join(strangers)} "
                         f"{'is' if len(strangers) == 1 else 'are'} not yours",
                         "not_a_friend", name=", ".join(strangers))
    return list(found)


def write_invites(conn, table_id: str, user_ids: list[int], notice: dict | None) -> None:
    """In the caller's transaction (the table's creation): the invitations, and an
    ``invited`` notice for each invited account when ``notice`` (its params) is given."""
    if not user_ids:
        return
    conn.execute(insert(invites_table), [{"table_id": table_id, "user_id": user_id}
                                         for user_id in user_ids])
    if notice is not None:
        for user_id in user_ids:
            add_notice(conn, user_id, "invited", {"table": table_id, **notice}, table_id)


async def invitations_for(manager, spec, account: dict | None, invited: list[int] | None
                          ) -> tuple[list[int], dict | None]:
    """The accounts a new table invites and the params of their ``invited`` notice (None:
    no notice, for a rematch's invitations, which carry over). Private tables and
    invitations are for a logged-in creator only."""
    if (spec.private or spec.invite) and account is None:
        raise TableError("log in to open a private table or invite friends",
                         "private_needs_account")
    if invited is not None:
        mine = None if account is None else account["id"]
        return [user_id for user_id in invited if user_id != mine], None
    if not spec.invite:
        return [], None
    ids = await manager.read(resolve_invites, manager.storage.engine, account, spec.invite)
    return ids, {"game": spec.game, "from": account["name"]}


def rematch_invites(engine, old, asker: dict | None) -> list[int] | None:
    """A private table's rematch invites the same accounts, and the old creator when
    another player opens it; None for a public table without invitations."""
    ids = invited_ids(engine, old.id)
    if not old.private and not ids:
        return None
    if old.creator is not None:
        ids.append(old.creator)
    return sorted({i for i in ids if asker is None or i != asker["id"]})


def invited_ids(engine, table_id: str) -> list[int]:
    """The accounts invited to a table."""
    with engine.connect() as conn:
        return [row[0] for row in conn.execute(select(invites_table.c.user_id)
                                               .where(invites_table.c.table_id == table_id))]


def is_invited(engine, table_id: str, user_id: int) -> bool:
    query = select(invites_table.c.user_id).where(invites_table.c.table_id == table_id).where(
        invites_table.c.user_id == user_id)
    with engine.connect() as conn:
        return conn.execute(query).first() is not None


def invitations_of(storage, user_id: int) -> list:
    """The unfinished tables ``user_id`` is invited to and not seated at, newest first (a
    :class:`gonets.server.storage.Storage`'s stored tables)."""
    query = (select(tables_table).join(invites_table, invites_table.c.table_id
                                       == tables_table.c.id)
             .where(invites_table.c.user_id == user_id)
             .where(tables_table.c.status != "finished")
             .order_by(tables_table.c.created.desc()).limit(MAX_INVITATIONS))
    rows = storage.tables_matching(query)
    return [row for row in rows if all(seat.get("user") != user_id for seat in row.seats)]


async def may_see(manager, table, user: User | None) -> bool:
    """Whether ``user`` (None: a visitor) may see ``table``: any public table; a private one
    only its creator, the accounts invited to it and those seated there."""
    stored = table.stored
    if not stored.private:
        return True
    if user is None:
        return False
    if stored.creator == user.id or any(seat.get("user") == user.id for seat in table.seats):
        return True
    return await manager.read(is_invited, manager.storage.engine, table.id, user.id)


def opens_seat(table, text: str) -> bool:
    """Whether a websocket's first message is a join with a secret of one of ``table``'s
    seats: a seat's secret always plays its seat, private table or not."""
    if len(text) > 8192:
        return False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    if not isinstance(data, dict) or data.get("type") != "join":
        return False
    try:
        table.seat_of_token(data.get("token"))
    except TableError:
        return False
    return True


async def visible_table(connection: Any, table_id: Any):
    """The live table ``table_id`` if the requester may see it; :class:`TableError`
    ``no_table`` (the same as for a table that does not exist) otherwise."""
    manager = connection.app.state.manager
    table = await manager.get(table_id)
    if not await may_see(manager, table, await current_user(connection)):
        raise hidden_table(table.id)
    return table


# -- routes -------------------------------------------------------------------------------------
async def _name_of(request: Request) -> Any:
    data = await read_json(request)
    if not isinstance(data, dict):
        raise TableError("send a JSON object such as {\"name\": \"Ann\"}", "bad_request")
    return data.get("name")


async def api_friends(request: Request) -> Response:
    """``{friends, incoming, outgoing}``: the logged-in account's friends and requests."""
    try:
        user = await require_user(request, "log in to have friends")
        manager = request.app.state.manager
        lists = await manager.read(Friends(manager.storage.engine).lists, user.id)
    except TableError as exc:
        return refusal(exc, 400)
    return JSONResponse(lists, headers={"Cache-Control": "no-store"})


def _change(method: str):
    async def route(request: Request) -> Response:
        try:
            user = await require_user(request, "log in to have friends")
            name = await _name_of(request)
            manager = request.app.state.manager
            friends = Friends(manager.storage.engine)
            outcome = await manager.write(getattr(friends, method), user, name)
            lists = await manager.read(friends.lists, user.id)
        except TableError as exc:
            status = {"no_user": 404, "friend_duplicate": 409}.get(exc.code, 400)
            return refusal(exc, status)
        return JSONResponse({"status": outcome or "done", **lists})

    route.__doc__ = f"POST /api/friends/{method} {{name}}: see :meth:`Friends.{method}`."
    return route


async def api_invitations(request: Request) -> Response:
    """``{tables}``: the unfinished tables the logged-in account is invited to and has not
    sat down at yet."""
    try:
        user = await require_user(request, "log in to see your invitations")
        manager = request.app.state.manager
        rows = await manager.read(invitations_of, manager.storage, user.id)
    except TableError as exc:
        return refusal(exc, 401)
    return JSONResponse({"tables": [manager._summary(row) for row in rows]},
                        headers={"Cache-Control": "no-store"})


FRIEND_ROUTES = [
    Route("/api/friends", api_friends, methods=["GET"]),
    Route("/api/friends/request", _change("request"), methods=["POST"]),
    Route("/api/friends/accept", _change("accept"), methods=["POST"]),
    Route("/api/friends/remove", _change("remove"), methods=["POST"]),
    Route("/api/me/invitations", api_invitations, methods=["GET"]),
]
