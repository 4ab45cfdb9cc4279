"""Deleting an account: its personal data (the account, its sessions, friends, ratings,
rating changes, notices, invitations and seat links) goes in one transaction, and the records
it played in stay, its seats renamed "former player N" (N: the account's number, so the
seats of one record stay apart)."""

from __future__ import annotations

import json

from sqlalchemy import delete, select, update

from gonets.server.accounts.users import FORMER_PLAYER
from gonets.server.schema import (
    friends_table,
    invites_table,
    notices_table,
    rating_changes_table,
    ratings_table,
    sessions_table,
    table_players_table,
    tables_table,
    users_table,
)
from gonets.server.storage import Storage


def live_tables_of(storage: Storage, user_id: int) -> list[str]:
    """The unfinished tables where the account holds a seat."""
    query = (select(table_players_table.c.table_id)
             .join(tables_table, tables_table.c.id == table_players_table.c.table_id)
             .where(table_players_table.c.user_id == user_id)
             .where(tables_table.c.status != "finished").distinct())
    with storage.engine.connect() as conn:
        return [row[0] for row in conn.execute(query)]


def delete_account(storage: Storage, user_id: int) -> int:
    """Remove an account's personal data in one transaction, renaming its seats in the stored
    tables; returns how many tables kept a renamed seat."""
    former = f"{FORMER_PLAYER} {user_id}"
    with storage.engine.begin() as conn:
        ids = [row[0] for row in conn.execute(select(table_players_table.c.table_id).where(
            table_players_table.c.user_id == user_id).distinct())]
        for table_id in ids:
            seats = json.loads(conn.execute(select(tables_table.c.seats).where(
                tables_table.c.id == table_id)).scalar() or "[]")
            for seat in seats:
                if seat.get("user") == user_id:
                    seat.pop("user", None)
                    seat.pop("account", None)
                    seat["name"] = former
            conn.execute(update(tables_table).where(tables_table.c.id == table_id)
                         .values(seats=json.dumps(seats)))
        for table, column in ((sessions_table, "user_id"), (ratings_table, "user_id"),
                              (rating_changes_table, "user_id"), (notices_table, "user_id"),
                              (invites_table, "user_id"), (table_players_table, "user_id"),
                              (friends_table, "user_id"), (friends_table, "friend_id")):
            conn.execute(delete(table).where(table.c[column] == user_id))
        conn.execute(update(tables_table).where(tables_table.c.creator == user_id)
                     .values(creator=None))
        conn.execute(delete(users_table).where(users_table.c.id == user_id))
    return len(ids)
