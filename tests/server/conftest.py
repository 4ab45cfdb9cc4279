"""Fixtures of the platform tests: databases (SQLite always, PostgreSQL when
``GONETS_TEST_POSTGRES`` is set), the toy game, and real servers."""

from __future__ import annotations

import os
import secrets

import pytest

from gonets.core import games

from .helpers import ServerThread
from .toygame import GAME as TOY

POSTGRES = os.environ.get("GONETS_TEST_POSTGRES")


@pytest.fixture
def toy():
    """The test game, registered for the duration of one test only."""
    registry = games()
    registry[TOY.name] = TOY
    try:
        yield TOY
    finally:
        registry.pop(TOY.name, None)


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


def postgres_schema_url():
    """A fresh schema on the test PostgreSQL; yields its URL and drops it afterwards."""
    import sqlalchemy

    from gonets.server.storage import normalise_url

    schema = f"gonets_test_{secrets.token_hex(4)}"
    engine = sqlalchemy.create_engine(normalise_url(POSTGRES))
    with engine.begin() as conn:
        conn.execute(sqlalchemy.text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in POSTGRES else "?"
    try:
        yield f"{POSTGRES}{separator}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as conn:
            conn.execute(sqlalchemy.text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """Each storage test runs on SQLite and, when configured, on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.sqlite3'}"
        return
    if not POSTGRES:
        if os.environ.get("CI"):
            pytest.fail("GONETS_TEST_POSTGRES must be set in CI")
        pytest.skip("GONETS_TEST_POSTGRES is not set")
    yield from postgres_schema_url()


@pytest.fixture
def storage(db_url):
    """A :class:`Storage` on each test database (migrated to the newest schema), closed
    after the test."""
    from gonets.server.storage import Storage

    opened = Storage(db_url)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def server(toy, sqlite_url):
    with ServerThread(sqlite_url, bot_delay=0.0) as running:
        yield running
