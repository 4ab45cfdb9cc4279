"""``gonets admin`` on a SQLite database: create, list, disable, enable, reset a password,
delete (the seats it held renamed in the stored tables, its personal data gone)."""

from __future__ import annotations

import json

import sqlalchemy
from typer.testing import CliRunner

from gonets.cli import app
from gonets.server.accounts.passwords import verify_password
from gonets.server.accounts.sessions import SessionStore
from gonets.server.schema import sessions_table, table_players_table, tables_table, users_table
from gonets.server.storage import Storage

from .test_storage import stored


def run(*args, stdin: str | None = None):
    return CliRunner().invoke(app, ["admin", *args], input=stdin)


def test_the_operator_manages_accounts(sqlite_url):
    made = run("create", "Ann", "--password-stdin", "--db", sqlite_url,
               stdin="first password\n")
    assert made.exit_code == 0, made.output
    assert run("create", "ann", "--password-stdin", "--db", sqlite_url,
               stdin="another one!\n").exit_code == 1          # the name is taken
    listed = run("list", "--db", sqlite_url)
    assert "Ann\tactive" in listed.output
    storage = Storage(sqlite_url)
    try:
        user_id = storage.engine.connect().execute(sqlalchemy.select(users_table.c.id)).scalar()
        SessionStore(storage.engine).begin(user_id)
        assert run("disable", "ANN", "--db", sqlite_url).exit_code == 0
        assert "Ann\tdisabled" in run("list", "--db", sqlite_url).output
        with storage.engine.connect() as conn:
            assert conn.execute(sqlalchemy.select(sessions_table)).first() is None
        assert run("enable", "Ann", "--db", sqlite_url).exit_code == 0
        reset = run("reset-password", "Ann", "--db", sqlite_url)
        password = reset.output.split("password: ")[1].split()[0]
        with storage.engine.connect() as conn:
            hashed = conn.execute(sqlalchemy.select(users_table.c.password)).scalar()
        assert verify_password(hashed, password) and not verify_password(hashed,
                                                                           "first password")
        table = stored("t1")
        table.seats = [{"kind": "human", "name": "Ann", "user": user_id, "account": "Ann"},
                       {"kind": "human", "name": "Bob"}]
        storage.create_table(table)                  # its seat link written with it
        with storage.engine.connect() as conn:
            assert conn.execute(sqlalchemy.select(table_players_table)).first() is not None
        refused = run("delete", "Ann", "--yes", "--db", sqlite_url)   # t1 is running
        assert refused.exit_code == 1 and "unfinished tables" in refused.output
        storage.update_seats("t1", table.seats, "finished")
        gone = run("delete", "Ann", "--yes", "--db", sqlite_url)
        assert gone.exit_code == 0, gone.output
        with storage.engine.connect() as conn:
            assert conn.execute(sqlalchemy.select(users_table)).first() is None
            assert conn.execute(sqlalchemy.select(table_players_table)).first() is None
            seats = json.loads(conn.execute(sqlalchemy.select(tables_table.c.seats)).scalar())
        assert seats[0] == {"kind": "human", "name": f"former player {user_id}"}
        assert seats[1]["name"] == "Bob"
        assert run("disable", "Ann", "--db", sqlite_url).exit_code == 1
    finally:
        storage.close()
