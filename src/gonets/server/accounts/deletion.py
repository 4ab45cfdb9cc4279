"""Deleting an account: its personal data (the account, its sessions, friends, ratings,
rating changes, notices, invitations and seat links) goes in one transaction, and the records
it played in stay, its seats renamed "former player N" (N: the account's number, so the
seats of one record stay apart), and so do the chat lines written from those seats."""

from __future__ import annotations

import json

from sqlalchemy import delete, select, update

from gonets.server.accounts.players import FORMER_PLAYER, forget_account, live_seats_query
from gonets.server.schema import (
    chat_table,
    friends_table,
    invites_table,
    login_failures_table,
    notices_table,
    rating_changes_table,
    ratings_table,
    reviews_table,
    sessions_table,
    table_players_table,
    tables_table,
    users_table,
)
from gonets.server.spec import TableError
from gonets.server.storage import Storage


def forget_at_table(conn, table_id: str, user_id: int) -> None:
    """Rename the account's seats at one stored table, and the chat lines written from them;
    drop the table's stored reviews, which carry the seats' names (they are made again,
    with the new names, when somebody asks for them)."""
    seats = json.loads(conn.execute(select(tables_table.c.seats).where(
        tables_table.c.id == table_id)).scalar() or "[]")
    held = [index for index, seat in enumerate(seats) if seat.get("user") == user_id]
    for index in held:
        forget_account(seats[index], user_id)
    conn.execute(update(tables_table).where(tables_table.c.id == table_id)
                 .values(seats=json.dumps(seats)))
    conn.execute(update(chat_table).where(chat_table.c.table_id == table_id,
                                          chat_table.c.seat.in_(held))
                 .values(name=f"{FORMER_PLAYER} {user_id}"))
    conn.execute(delete(reviews_table).where(reviews_table.c.table_id == table_id))


def delete_account(storage: Storage, user_id: int) -> int:
    """Remove an account's personal data in one transaction, renaming its seats in the stored
    tables; returns how many tables kept a renamed seat. Refused (``account_at_table``, and
    nothing changes) while the account sits at an unfinished table: the check is made in the
    same transaction, after the account's row is locked, so a seat taken meanwhile is seen
    (``write_table_players`` reads that row with a share lock)."""
    with storage.engine.begin() as conn:
        lock = select(users_table.c.id).where(users_table.c.id == user_id)
        if conn.dialect.name == "postgresql":
            lock = lock.with_for_update()
        else:                   # SQLite: take the write lock now, before reading the seats
            conn.execute(update(users_table).where(users_table.c.id == user_id)
                         .values(disabled=True))
        conn.execute(lock)
        live = {row.id for row in conn.execute(live_seats_query(user_id))}
        if live:
            raise TableError(f"this account still sits at {len(live)} unfinished tables; "
                             "finish them first", "account_at_table", count=len(live))
        ids = [row[0] for row in conn.execute(select(table_players_table.c.table_id).where(
            table_players_table.c.user_id == user_id).distinct())]
        for table_id in ids:
            forget_at_table(conn, table_id, user_id)
        for table, column in ((sessions_table, "user_id"), (ratings_table, "user_id"),
                              (rating_changes_table, "user_id"), (notices_table, "user_id"),
                              (invites_table, "user_id"), (table_players_table, "user_id"),
                              (friends_table, "user_id"), (friends_table, "friend_id"),
                              (login_failures_table, "user_id")):
            conn.execute(delete(table).where(table.c[column] == user_id))
        conn.execute(update(tables_table).where(tables_table.c.creator == user_id)
                     .values(creator=None))
        conn.execute(delete(users_table).where(users_table.c.id == user_id))
    return len(ids)
