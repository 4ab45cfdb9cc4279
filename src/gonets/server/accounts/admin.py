"""``gonets admin``: the operator's accounts commands for a server with no mail (create,
list, disable, enable, reset a password, delete), straight on the server's database.

``delete`` is ``deletion.delete_account``."""

from __future__ import annotations

import secrets
import sys
import time

import typer
from sqlalchemy import select, update

from gonets.server.accounts.deletion import delete_account
from gonets.server.accounts.passwords import MIN_PASSWORD, hash_password
from gonets.server.accounts.sessions import SessionStore
from gonets.server.accounts.users import Logins, Users
from gonets.server.schema import users_table
from gonets.server.spec import TableError
from gonets.server.storage import Storage, default_database_url

app = typer.Typer(help="Accounts of a gonets server: create, list, disable, reset, delete.",
                  no_args_is_help=True)
DB = typer.Option(None, "--db", help="the server's database URL (default: as `gonets serve`)")
NAME = typer.Argument(..., help="the account's name")
PASSWORD_STDIN = typer.Option(False, "--password-stdin", help="read the password from standard "
                              "input (default: make one and print it)")


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
def create(name: str = NAME, password_stdin: bool = PASSWORD_STDIN,
           email: str = typer.Option(None, "--email", help="the account's e-mail address "
                                     "(optional)"), db: str = DB) -> None:
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
def disable(name: str = NAME, db: str = DB) -> None:
    """Stop an account logging in (its sessions end at once)."""
    set_disabled(name, True, db)


@app.command("enable")
def enable(name: str = NAME, db: str = DB) -> None:
    """Let a disabled account log in again."""
    set_disabled(name, False, db)


@app.command("reset-password")
def reset_password(name: str = NAME, password_stdin: bool = PASSWORD_STDIN,
                   db: str = DB) -> None:
    """Give an account a new password (read, or made and printed); its sessions end."""
    storage = open_storage(db)
    user = find(storage, name)
    hashed = hash_password(read_password(password_stdin))
    Logins(storage.engine).set_password(user.id, hashed)
    SessionStore(storage.engine).end_all(user.id)
    typer.echo(f"{user.name} has a new password")


@app.command("delete")
def delete_command(name: str = NAME, yes: bool = typer.Option(False, "--yes", help="no question"),
                   db: str = DB) -> None:
    """Delete an account: its personal data goes, its past records stay with the seat
    renamed. Refused while the account sits at an unfinished table (disable it: at a table
    with a timer it is then dropped when its time runs out)."""
    storage = open_storage(db)
    user = find(storage, name)
    if not yes:
        typer.confirm(f"delete {user.name} and all their personal data?", abort=True)
    try:
        kept = delete_account(storage, user.id)
    except TableError as exc:
        typer.echo(f"not deleted: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"deleted {user.name}; {kept} tables keep their seat as 'former player "
               f"{user.id}'")
