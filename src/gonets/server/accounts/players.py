"""Seats held by accounts: who sat where, for history, inboxes and ratings.

A seat an account holds carries ``"user": <id>`` and ``"account": <name>`` in its stored seat
entry; the public seat lists show ``account`` (who played) and never the id. Every seat write
(``Storage.create_table``, ``Storage.update_seats``) calls :func:`write_table_players` in its
own transaction, so ``gonets_table_players`` always agrees with the stored seats.

Rated tables are for accounts only (see the server README, "Seats of accounts").
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, insert, select, update

from gonets.server.accounts.ratings import rate_finished
from gonets.server.schema import table_players_table, tables_table, users_table
from gonets.server.spec import TableError

FORMER_PLAYER = "former player"   # a deleted account's seats: no new account is named so
RATED_NEEDS_ACCOUNT = ("a rated table is for players with an account: log in (or sign up) "
                       "to play it")


def account_of(user: Any) -> dict | None:
    """What a seat keeps of an account (a :class:`User`, or the dict a forwarded request
    carries between processes): its id and name."""
    if user is None:
        return None
    if isinstance(user, dict):
        return {"id": int(user["id"]), "name": str(user["name"])}
    return {"id": int(user.id), "name": str(user.name)}


def seat_account(entry: dict) -> dict | None:
    """The account holding a stored seat entry, or None."""
    if entry.get("user") is None:
        return None
    return {"id": entry["user"], "name": entry.get("account") or entry.get("name") or ""}


def sit_account(seats: list[dict], seat: int, account: dict) -> None:
    """Mark ``seat`` as held by ``account`` (in a copy of the seats being stored)."""
    seats[seat]["user"] = account["id"]
    seats[seat]["account"] = account["name"]


def seat_of_user(seats: list[dict], user_id: int) -> int | None:
    """The first seat of a table that the account holds, or None."""
    for index, entry in enumerate(seats):
        if entry.get("user") == user_id:
            return index
    return None


def seats_ready(seats: list[dict], rated: bool) -> bool:
    """Whether an open table may start: every seat named and, at a rated table, every seat
    held by an account."""
    return all(s.get("name") for s in seats) and (
        not rated or all(s.get("user") is not None for s in seats))


def public_account(entry: dict, seat: dict) -> dict:
    """A public seat entry with the account's name added when an account holds the seat."""
    if seat.get("account"):
        entry["account"] = seat["account"]
    return entry


def write_table_players(conn, table_id: str, seats: list[dict]) -> list[dict]:
    """In the caller's transaction: a ``gonets_table_players`` row for each seat an account
    holds that has none yet (a seat once held by an account stays that account's). Returns
    the seats to store: a seat whose account was deleted meanwhile (a live table's copy) is
    written as the deleted account's seats are (:func:`forget_account`), never brought back.
    The accounts' rows are read with a share lock, so a deletion waits for this transaction
    and then sees its seats."""
    held = {seat: entry["user"] for seat, entry in enumerate(seats)
            if entry.get("user") is not None}
    if not held:
        return seats
    query = select(users_table.c.id).where(users_table.c.id.in_(set(held.values())))
    if conn.dialect.name == "postgresql":
        query = query.with_for_update(read=True)
    living = {row.id for row in conn.execute(query)}
    if set(held.values()) - living:
        seats = [forget_account(dict(entry), entry["user"]) if seat in held and
                 held[seat] not in living else entry for seat, entry in enumerate(seats)]
        held = {seat: user for seat, user in held.items() if user in living}
    known = {row.seat for row in conn.execute(
        select(table_players_table.c.seat).where(table_players_table.c.table_id == table_id))}
    rows = [{"table_id": table_id, "seat": seat, "user_id": user}
            for seat, user in held.items() if seat not in known]
    if rows:
        conn.execute(insert(table_players_table), rows)
    return seats


def forget_account(entry: dict, user_id: int) -> dict:
    """A seat entry of a deleted account: no id, no account, named "former player N"."""
    entry.pop("user", None)
    entry.pop("account", None)
    entry["name"] = f"{FORMER_PLAYER} {user_id}"
    return entry


def seat_won(result: dict | None, seat: int) -> bool:
    """Whether ``seat`` won: among the winners and not among those who abandoned."""
    result = result or {}
    abandoned = (result.get("detail") or {}).get("abandoned") or []
    return seat in (result.get("winners") or []) and seat not in abandoned


MARK_WON = (update(table_players_table)
            .where(table_players_table.c.table_id == bindparam("table"))
            .values(won=table_players_table.c.seat.in_(bindparam("won", expanding=True))))
"""Mark each account's seat of a table won or not (no row: no account played there). One
statement built once, as every finished table runs it."""


def table_finished(conn, table_id: str, result: dict | None) -> None:
    """In the transaction that stores a table's result: each account's seat is marked won
    or not (for the profiles' counts), and a rated table's ratings change (a table no
    account played at has none to change)."""
    won = [seat for seat in (result or {}).get("winners") or [] if seat_won(result, seat)]
    if conn.execute(MARK_WON, {"table": table_id, "won": won}).rowcount:
        rate_finished(conn, table_id, result)


async def attach_account(table: Any, seat: int, account: dict) -> None:
    """Give a seat a guest played (its secret proved it) to an account: the seat keeps its
    name and secret, and now counts in that account's history. Refused when another account
    holds the seat already; nothing changes when this one does."""
    if not table.owned:
        await table.manager.cluster.call(table, "attach_account", seat, account)
        return
    async with table.lock:
        holder = table.seats[seat].get("user")
        if holder == account["id"]:
            return
        if holder is not None:
            raise TableError("this seat belongs to another account already",
                             "seat_has_account")
        if table.stored.rated:
            raise TableError(RATED_NEEDS_ACCOUNT, "rated_needs_account")
        seats = [dict(entry) for entry in table.seats]
        sit_account(seats, seat, account)
        await table._store_seats(seats, table.token_hashes, "the seat's account")


def live_seats_query(user_id: int):
    """(table id, seat) of each seat the account holds at an unfinished table, newest
    table first."""
    t, tp = tables_table, table_players_table
    return (select(t.c.id, tp.c.seat).select_from(t.join(tp, tp.c.table_id == t.c.id))
            .where(tp.c.user_id == user_id).where(t.c.status != "finished")
            .order_by(t.c.created.desc(), t.c.id, tp.c.seat))


def live_seats(engine, user_id: int) -> list[tuple[str, int]]:
    with engine.connect() as conn:
        return [(row.id, row.seat) for row in conn.execute(live_seats_query(user_id))]


async def end_account_seats(manager: Any, user_id: int) -> int:
    """After the account's password changed: a new secret for each seat it holds at an
    unfinished table, which nobody receives (the account joins by its session), so every
    place where the seat was open, and every secret handed out for it, stops working.
    Returns how many seats."""
    held = await manager.read(live_seats, manager.storage.engine, user_id)
    for table_id, seat in held:
        table = await manager.get(table_id)
        if table.seats[seat].get("user") == user_id:
            await table.rekey(seat, None)
    return len(held)
