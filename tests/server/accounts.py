"""Accounts in the platform tests: a user made straight in the store, and an HTTP client
logged in as them (its session cookie made as the log-in route makes it)."""

from __future__ import annotations

import httpx

from gonets.server.accounts.passwords import hash_password
from gonets.server.accounts.sessions import SESSION_COOKIE, SessionStore, sign
from gonets.server.accounts.users import Users

PASSWORD = "correct horse battery"


def app_state(server):
    app = server.server.config.loaded_app
    while not hasattr(app, "state"):
        app = app.app
    return app.state


def make_user(server, name: str, password: str = PASSWORD, email: str | None = None):
    """A new account on the running test server."""
    return Users(app_state(server).storage.engine).create(name, hash_password(password), email)


def client_of(server, user) -> httpx.Client:
    """An HTTP client holding a fresh session of ``user`` and its CSRF token."""
    state = app_state(server)
    session_id = SessionStore(state.storage.engine).begin(user.id)
    client = httpx.Client(base_url=server.base, timeout=20)
    client.cookies.set(SESSION_COOKIE, sign(state.secret, session_id), domain="127.0.0.1")
    client.headers["X-CSRF-Token"] = client.get("/api/session").json()["csrf"]
    return client
