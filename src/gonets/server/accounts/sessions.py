"""Who is asking: signed session cookies, and the CSRF check of every state-changing request.

- ``gonets_session`` holds a random session id and its HMAC signature (HttpOnly, SameSite=Lax,
  Secure over HTTPS). The database keeps only the id's SHA-256 with the account and an expiry,
  so a stolen database gives no usable session. A log-in always makes a new id (no fixation);
  a log-out, a password change and a disabled account end the sessions.
- ``gonets_anon`` is a signed random nonce for a visitor without an account.
- Every POST, PUT, PATCH and DELETE must carry ``X-CSRF-Token``: an HMAC of the session id
  (or of the visitor's nonce), so another site can neither read it nor make one. The page
  gets it from ``GET /api/session`` (and from the log-in answer). Refused: 403, code ``csrf``.
- A websocket must come from this site's own pages: a browser's ``Origin`` naming another
  host is refused before the handshake (cross-site websocket hijacking).

The signing key is ``GONETS_SECRET_KEY`` when set, else one made at random on the first start
and kept in ``gonets_settings``, so every process of a server shares it and a restart keeps
everybody logged in.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError

from gonets.server.schema import sessions_table, settings_table, users_table
from gonets.server.spec import TableError

SECRET_ENV = "GONETS_SECRET_KEY"
SECURE_ENV = "GONETS_SECURE_COOKIES"        # "1": Secure cookies even behind plain HTTP
SESSION_COOKIE = "gonets_session"
ANON_COOKIE = "gonets_anon"
CSRF_HEADER = "x-csrf-token"
SESSION_DAYS = 30
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def load_secret(engine) -> bytes:
    """The signing key: ``GONETS_SECRET_KEY``, else the one stored (made on first use)."""
    given = os.environ.get(SECRET_ENV)
    if given:
        return given.encode("utf-8")
    query = select(settings_table.c.value).where(settings_table.c.key == "secret_key")
    with engine.connect() as conn:
        value = conn.execute(query).scalar()
    if value is None:
        try:
            with engine.begin() as conn:
                conn.execute(insert(settings_table).values(key="secret_key",
                                                           value=secrets.token_hex(32)))
        except IntegrityError:
            pass                                  # another process made it first
        with engine.connect() as conn:
            value = conn.execute(query).scalar()
    return bytes.fromhex(value)


def _mac(key: bytes, purpose: str, value: str) -> str:
    digest = hmac.new(key, f"{purpose}:{value}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode().rstrip("=")


def sign(key: bytes, value: str) -> str:
    return f"{value}.{_mac(key, 'cookie', value)}"


def unsign(key: bytes, signed: str | None) -> str | None:
    """The value of a signed cookie, or None when it is missing or forged."""
    if not signed or "." not in signed or len(signed) > 200:
        return None
    value, mac = signed.rsplit(".", 1)
    return value if hmac.compare_digest(mac, _mac(key, "cookie", value)) else None


def csrf_token(key: bytes, basis: str) -> str:
    return _mac(key, "csrf", basis)


def session_key(session_id: str) -> str:
    """What the database keeps of a session id."""
    return hashlib.sha256(session_id.encode()).hexdigest()


@dataclass(frozen=True)
class User:
    """An account as the server uses it (never its password hash)."""

    id: int
    name: str
    lang: str = "en"
    email: str | None = None
    notify: bool = True
    created: float = 0.0
    disabled: bool = False

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name}

    def own(self) -> dict[str, Any]:
        """What the account's owner sees of it."""
        return {**self.public(), "lang": self.lang, "email": self.email,
                "notify": self.notify, "created": self.created}


def user_from_row(row: Any) -> User:
    return User(id=row.id, name=row.name, lang=row.lang, email=row.email,
                notify=bool(row.notify), created=row.created, disabled=bool(row.disabled))


class SessionStore:
    """Session rows (synchronous: run through the manager's database threads)."""

    def __init__(self, engine):
        self.engine = engine

    def begin(self, user_id: int) -> str:
        """A new session of ``user_id``; returns its id (for the cookie only)."""
        session_id = secrets.token_urlsafe(32)
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(insert(sessions_table).values(
                key=session_key(session_id), user_id=user_id, created=now,
                expires=now + SESSION_DAYS * 86400))
        return session_id

    def user_of(self, session_id: str) -> User | None:
        """The live account of a session (None: unknown, expired or disabled)."""
        query = (select(users_table).join(sessions_table,
                                          sessions_table.c.user_id == users_table.c.id)
                 .where(sessions_table.c.key == session_key(session_id))
                 .where(sessions_table.c.expires > time.time())
                 .where(users_table.c.disabled.is_(False)))
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else user_from_row(row)

    def end(self, session_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_table)
                         .where(sessions_table.c.key == session_key(session_id)))

    def end_all(self, user_id: int, keep: str | None = None) -> None:
        """End every session of an account (but ``keep``, the one asking, if given)."""
        query = delete(sessions_table).where(sessions_table.c.user_id == user_id)
        if keep is not None:
            query = query.where(sessions_table.c.key != session_key(keep))
        with self.engine.begin() as conn:
            conn.execute(query)


# -- per request -----------------------------------------------------------------------------
def _cookies(scope: dict) -> dict[str, str]:
    from http.cookies import SimpleCookie

    jar: SimpleCookie = SimpleCookie()
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            try:
                jar.load(value.decode("latin-1"))
            except Exception:                    # noqa: BLE001 - an unreadable cookie: none
                pass
    return {key: morsel.value for key, morsel in jar.items()}


def session_id_of(connection: Any) -> str | None:
    """The verified session id a request or websocket carries (None when it has none)."""
    key = connection.app.state.secret
    return unsign(key, connection.cookies.get(SESSION_COOKIE))


async def current_user(connection: Any) -> User | None:
    """The account behind a request or websocket (looked up once per request)."""
    state = connection.scope.setdefault("gonets", {})
    if "user" not in state:
        session_id = session_id_of(connection)
        manager = connection.app.state.manager
        state["user"] = None if session_id is None else await manager.read(
            connection.app.state.sessions.user_of, session_id)
    return state["user"]


class LoginNeeded(TableError):
    """A request only a logged-in account may make (answered 401, code ``login_needed``)."""

    http_status = 401

    def __init__(self, why: str = "log in first"):
        super().__init__(why, "login_needed")


async def require_user(connection: Any, why: str = "log in first") -> User:
    """The account behind a request or websocket; :class:`LoginNeeded` for a visitor."""
    user = await current_user(connection)
    if user is None:
        raise LoginNeeded(why)
    return user


def csrf_basis(key: bytes, cookies: dict[str, str]) -> str | None:
    """What a request's CSRF token is made from: its session id, else its visitor nonce."""
    session_id = unsign(key, cookies.get(SESSION_COOKIE))
    if session_id is not None:
        return "s:" + session_id
    nonce = unsign(key, cookies.get(ANON_COOKIE))
    return None if nonce is None else "a:" + nonce


def cookie_header(name: str, value: str, secure: bool, max_age: int | None,
                  http_only: bool = True) -> str:
    parts = [f"{name}={value}", "Path=/", "SameSite=Lax"]
    if http_only:
        parts.append("HttpOnly")
    if secure:
        parts.append("Secure")
    if max_age is not None:
        parts.append(f"Max-Age={max_age}")
    return "; ".join(parts)


def is_secure(connection: Any) -> bool:
    return connection.url.scheme in ("https", "wss") or os.environ.get(SECURE_ENV) == "1"


def session_cookies(connection: Any, session_id: str | None) -> tuple[list[str], str]:
    """The ``Set-Cookie`` values that put a session in the browser (None: log out, leaving a
    fresh visitor nonce) and the CSRF token that goes with it."""
    key, secure = connection.app.state.secret, is_secure(connection)
    if session_id is None:
        nonce = secrets.token_urlsafe(18)
        return [cookie_header(SESSION_COOKIE, "", secure, 0),
                cookie_header(ANON_COOKIE, sign(key, nonce), secure, SESSION_DAYS * 86400)], \
            csrf_token(key, "a:" + nonce)
    return [cookie_header(SESSION_COOKIE, sign(key, session_id), secure, SESSION_DAYS * 86400)], \
        csrf_token(key, "s:" + session_id)


def with_cookies(response: Any, cookies: list[str]) -> Any:
    for value in cookies:
        response.headers.append("set-cookie", value)
    return response


class CsrfGuard:
    """ASGI middleware: a state-changing HTTP request without this browser's CSRF token is
    refused (403, code ``csrf``); a websocket whose ``Origin`` names another host is refused
    (403 at the handshake)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            if not self._token_ok(scope):
                await _refuse(send, "this request lacks this page's CSRF token (X-CSRF-Token "
                              "from GET /api/session); nothing was done", "csrf")
                return
        elif scope["type"] == "websocket" and not _same_origin(scope):
            await send({"type": "websocket.close", "code": 4403})
            return
        await self.app(scope, receive, send)

    @staticmethod
    def _token_ok(scope) -> bool:
        key = scope["app"].state.secret
        basis = csrf_basis(key, _cookies(scope))
        sent = next((value.decode("latin-1") for name, value in scope.get("headers", ())
                     if name == CSRF_HEADER.encode()), "")
        return basis is not None and hmac.compare_digest(sent, csrf_token(key, basis))


def _same_origin(scope) -> bool:
    """No Origin (not a browser), or an Origin whose host is the one asked: the ``Host``
    header, or the ``X-Forwarded-Host`` a reverse proxy adds (a page cannot set either on a
    websocket of its own)."""
    headers = {name: value.decode("latin-1") for name, value in scope.get("headers", ())}
    origin = headers.get(b"origin")
    if origin is None:
        return True
    asked = origin.split("://", 1)[-1].rstrip("/")
    hosts = {headers.get(b"host", "")} | {
        host.strip() for host in headers.get(b"x-forwarded-host", "").split(",") if host.strip()}
    return asked in hosts


async def _refuse(send, message: str, code: str) -> None:
    body = json.dumps({"error": message, "code": code, "params": {}}).encode()
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
