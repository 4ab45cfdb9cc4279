"""The server's schema, brought up to date with Alembic at every start.

A database made before migrations existed (tables but no ``alembic_version``) is taken to be
at the first revision and upgraded from there. On PostgreSQL an advisory lock makes several
processes starting together migrate one after another.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).with_name("migrations")
LOCK_KEY = 7_461_746                 # the advisory lock of gonets migrations on PostgreSQL


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head() -> str:
    """The newest revision."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current(engine: Engine) -> str | None:
    """The revision the database is at (None: no migrations ran there)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def migrate(engine: Engine, target: str = "head") -> None:
    """Upgrade the database to ``target`` (the newest schema by default)."""
    config = alembic_config()
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        config.attributes["connection"] = conn
        names = inspect(conn).get_table_names()
        if "gonets_tables" in names and "alembic_version" not in names:
            command.stamp(config, "0001")          # made before migrations: the first schema
        elif "gonets_tables" not in names and "alembic_version" in names:
            command.stamp(config, "base", purge=True)   # emptied: its version means nothing
            for leftover in [n for n in names if n.startswith("gonets_")]:
                conn.execute(text(f'DROP TABLE "{leftover}"'))   # made again from the start
        command.upgrade(config, target)


def downgrade(engine: Engine, target: str) -> None:
    """Take the database back to revision ``target`` (``base``: no gonets tables)."""
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, target)
