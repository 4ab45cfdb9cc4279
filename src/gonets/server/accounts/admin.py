"""``gonets admin``: the operator's accounts commands for a server with no mail (create,
list, disable, enable, reset a password, delete), straight on the server's database.

Deleting an account removes its personal data (the account, its sessions, friends, ratings,
rating changes, notices, invitations and seat links) and keeps the records it played in, its
seats renamed "former player N" (N: the account's number, so a record's seats stay apart)."""

from __future__ import annotations

import json
import secrets
import sys
import time

import typer
from sqlalchemy import delete, select, update

from gonets.server.accounts.passwords import MIN_PASSWORD, hash_password
from gonets.server.accounts.sessions import SessionStore
from gonets.server.accounts.users import FORMER_PLAYER, Users
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
from gonets.server.spec import TableError
from gonets.server.storage import Storage, default_database_url

app = typer.Typer(help="Accounts of a gonets server: create, list, disable, reset, delete.",
                  no_args_is_help=True)
DB = typer.Option(None, "--db", help="the server's database URL (default: as `gonets serve`)")


def open_storage(db: str | None) -> Storage:
    return Storage(db or default_database_url())


def find(storage: Storage, name: str):
    user = Users(storage.engine).by_name(name)
    if user is None:
        typer.echo(f"there is no account named {name!r}", err=True)
        raise typer.Exit(1)
    return user


def read_password(from_stdin: bool) -> str:
    if from_stdin:
        password = sys.stdin.readline().rstrip("\n")
    else:
        password = secrets.token_urlsafe(12)
        typer.echo(f"password: {password}")
    if len(password) < MIN_PASSWORD:
        typer.echo(f"a password has at least {MIN_PASSWORD} characters", err=True)
        raise typer.Exit(1)
    return password


@app.command("create")
def create(name: str, password_stdin: bool = typer.Option(False, "--password-stdin"),
           email: str = typer.Option(None, "--email"), db: str = DB) -> None:
    """Make an account (its password read from standard input, or made and printed)."""
    storage = open_storage(db)
    try:
        user = Users(storage.engine).create(name, hash_password(read_password(password_stdin)),
                                            email)
    except TableError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
    typer.echo(f"created account {user.id}: {user.name}")


@app.command("list")
def list_accounts(db: str = DB) -> None:
    """Every account: number, name, state, e-mail, when it was made."""
    storage = open_storage(db)
    with storage.engine.connect() as conn:
        rows = conn.execute(select(users_table).order_by(users_table.c.id)).all()
    for row in rows:
        state = "disabled" if row.disabled else (
            "locked" if row.locked_until and row.locked_until > time.time() else "active")
        made = time.strftime("%Y-%m-%d", time.gmtime(row.created))
        typer.echo(f"{row.id}\t{row.name}\t{state}\t{row.email or '-'}\t{made}")


def set_disabled(name: str, disabled: bool, db: str | None) -> None:
    storage = open_storage(db)
    user = find(storage, name)
    with storage.engine.begin() as conn:
        conn.execute(update(users_table).where(users_table.c.id == user.id)
                     .values(disabled=disabled))
    if disabled:
        SessionStore(storage.engine).end_all(user.id)
    typer.echo(f"{user.name} is {'disabled' if disabled else 'enabled'}")


@app.command("disable")
def disable(name: str, db: str = DB) -> None:
    """Stop an account logging in (its sessions end at once)."""
    set_disabled(name, True, db)


@app.command("enable")
def enable(name: str, db: str = DB) -> None:
    """Let a disabled account log in again."""
    set_disabled(name, False, db)


@app.command("reset-password")
def reset_password(name: str, password_stdin: bool = typer.Option(False, "--password-stdin"),
                   db: str = DB) -> None:
    """Give an account a new password (read, or made and printed); its sessions end."""
    storage = open_storage(db)
    user = find(storage, name)
    hashed = hash_password(read_password(password_stdin))
    with storage.engine.begin() as conn:
        conn.execute(update(users_table).where(users_table.c.id == user.id)
                     .values(password=hashed, failures=0, locked_until=None))
    SessionStore(storage.engine).end_all(user.id)
    typer.echo(f"{user.name} has a new password")


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


@app.command("delete")
def delete_command(name: str, yes: bool = typer.Option(False, "--yes", help="no question"),
                   db: str = DB) -> None:
    """Delete an account: its personal data goes, its past records stay with the seat
    renamed. Run it while the server is stopped, or for an account with no live table."""
    storage = open_storage(db)
    user = find(storage, name)
    if not yes:
        typer.confirm(f"delete {user.name} and all their personal data?", abort=True)
    kept = delete_account(storage, user.id)
    typer.echo(f"deleted {user.name}; {kept} tables keep their seat as 'former player "
               f"{user.id}'")
