"""The accounts' HTTP API (mounted by ``app.py``): the session, signing up, logging in and
out, and changing the password.

Every answer that starts or ends a session sets a new session cookie and returns the CSRF
token that goes with it (the old token no longer works). A wrong name and a wrong password
get the same answer, after the same argon2 work."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from gonets.server.accounts.deletion import delete_account
from gonets.server.accounts.passwords import (
    MAX_PASSWORD,
    MIN_PASSWORD,
    UNKNOWN_USER_HASH,
    hash_password,
    needs_rehash,
    verify_password,
)
from gonets.server.accounts.players import FORMER_PLAYER, end_account_seats
from gonets.server.accounts.sessions import (
    csrf_basis,
    csrf_token,
    current_user,
    require_user,
    session_cookies,
    session_id_of,
    with_cookies,
)
from gonets.server.accounts.users import ADDRESS_FAILURES, Logins, Users
from gonets.server.http import read_json, refusal
from gonets.server.names import is_reserved, looks_like_a_bot, name_key
from gonets.server.sockets import client_address
from gonets.server.spec import TableError


async def api_session(request: Request) -> Response:
    """``{"user", "csrf"}``: who this browser is logged in as (null for a visitor) and the
    token its POSTs must carry. A visitor without a nonce, or whose session ended, gets a
    fresh visitor cookie here."""
    user = await current_user(request)
    key = request.app.state.secret
    basis = csrf_basis(key, request.cookies)
    cookies: list[str] = []
    if basis is None or (user is None and basis.startswith("s:")):
        cookies, token = session_cookies(request, None)
    else:
        token = csrf_token(key, basis)
    body = {"user": None if user is None else user.own(), "csrf": token}
    return with_cookies(JSONResponse(body, headers={"Cache-Control": "no-store"}), cookies)


async def body_of(request: Request) -> dict:
    data = await read_json(request)
    if not isinstance(data, dict):
        raise TableError("send a JSON object", "bad_request")
    return data


def text_field(data: dict, name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value:
        raise TableError(f"'{name}' must be given as text", "bad_field", field=name)
    return value


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise TableError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters",
                         "password_length", min=MIN_PASSWORD, max=MAX_PASSWORD)


async def logged_in(request: Request, user: Any, status: int = 200) -> Response:
    """The answer that starts a new session of ``user`` (ending the one this browser had)."""
    manager, sessions = request.app.state.manager, request.app.state.sessions
    old = session_id_of(request)
    if old is not None:
        await manager.write(sessions.end, old)
    session_id = await manager.write(sessions.begin, user.id)
    cookies, token = session_cookies(request, session_id)
    return with_cookies(JSONResponse({"user": user.own(), "csrf": token}, status), cookies)


async def api_signup(request: Request) -> Response:
    """``{name, password, email?, lang?}``: a new account, logged in at once (201)."""
    manager = request.app.state.manager
    try:
        data = await body_of(request)
        name, password = text_field(data, "name"), text_field(data, "password")
        check_password(password)
        email, lang = checked_email(data.get("email")), checked_lang(data.get("lang", "en"))
        if looks_like_a_bot(name) or is_reserved(name) or \
                name_key(name).startswith(name_key(FORMER_PLAYER)):
            raise TableError("that name is kept for bots and the table's own lines",
                             "name_reserved", name=name[:40])
        request.app.state.signups.take(
            client_address(request, manager.limits.trusted_proxies), time.time())
        hashed = await asyncio.to_thread(hash_password, password)
        user = await manager.write(Users(manager.storage.engine).create, name, hashed, email,
                                   lang)
    except TableError as exc:
        return refusal(exc, {"user_taken": 409, "signup_rate": 429}.get(exc.code, 400))
    return await logged_in(request, user, 201)


async def api_login(request: Request) -> Response:
    """``{name, password}``: log in (a new session id every time). Twenty wrong passwords
    from one address lock the account to that address for 15 minutes (and 200 in a row
    from anywhere lock it everywhere); an address with too many failures waits."""
    manager = request.app.state.manager
    logins = Logins(manager.storage.engine)
    address = client_address(request, manager.limits.trusted_proxies)
    now = time.time()
    try:
        data = await body_of(request)
        name, password = text_field(data, "name"), text_field(data, "password")
        if len(password) > MAX_PASSWORD:
            raise TableError("wrong name or password", "login_failed")
        if await manager.read(logins.address_failures, address, now) >= ADDRESS_FAILURES:
            raise TableError("too many failed log-ins from this address; try again in a few "
                             "minutes", "login_rate")
        found = await manager.read(logins.credentials, name)
        stored = found[1] if found else UNKNOWN_USER_HASH
        right = await asyncio.to_thread(verify_password, stored, password)
        until = found[3] if found else None
        if found:
            pair = await manager.read(logins.locked_until, found[0], address, now)
            until = max(until or 0.0, pair or 0.0)
        if until and until > now:
            raise TableError("this account is locked after too many wrong passwords; try "
                             f"again in {int(until - now) + 1} s", "account_locked",
                             seconds=int(until - now) + 1)
        if not found or not right or found[2]:
            await manager.write(logins.failed, found[0] if found and not found[2] else None,
                                address, now)
            raise TableError("wrong name or password", "login_failed")
        fresh = await asyncio.to_thread(hash_password, password) if needs_rehash(stored) \
            else None
        await manager.write(logins.succeeded, found[0], address, fresh)
        user = await manager.read(Users(manager.storage.engine).by_id, found[0])
    except TableError as exc:
        status = {"login_failed": 401, "account_locked": 429, "login_rate": 429}
        return refusal(exc, status.get(exc.code, 400))
    return await logged_in(request, user)


async def api_logout(request: Request) -> Response:
    """End this browser's session; it becomes a visitor (with a new CSRF token)."""
    session_id = session_id_of(request)
    if session_id is not None:
        await request.app.state.manager.write(request.app.state.sessions.end, session_id)
    cookies, token = session_cookies(request, None)
    return with_cookies(JSONResponse({"user": None, "csrf": token}), cookies)


async def api_password(request: Request) -> Response:
    """``{old, new}``: change the password; every other session of the account ends, and so
    does every seat secret of its live tables (its seats are joined by session)."""
    manager = request.app.state.manager
    logins = Logins(manager.storage.engine)
    try:
        user = await require_user(request)
        data = await body_of(request)
        old, new = text_field(data, "old"), text_field(data, "new")
        check_password(new)
        stored = await manager.read(logins.password_of, user.id)
        if not await asyncio.to_thread(verify_password, stored or UNKNOWN_USER_HASH, old):
            raise TableError("the current password is wrong", "password_wrong")
        await manager.write(logins.set_password, user.id,
                            await asyncio.to_thread(hash_password, new))
        await manager.write(request.app.state.sessions.end_all, user.id,
                            session_id_of(request))
        await end_account_seats(manager, user.id)
    except TableError as exc:
        return refusal(exc, 403 if exc.code == "password_wrong" else 400)
    return JSONResponse({"user": user.own()})


def checked_email(value: Any) -> str | None:
    if value in (None, ""):
        return None
    if (not isinstance(value, str) or len(value) > 254 or value.count("@") != 1
            or any(c.isspace() for c in value)):
        raise TableError("'email' must be an e-mail address", "bad_email")
    return value


def checked_lang(value: Any) -> str:
    if value not in ("en", "ru"):
        raise TableError("'lang' must be en or ru", "bad_lang")
    return value


async def api_settings(request: Request) -> Response:
    """``{email?, lang?, notify?}``: the account's address (empty: none), language of its
    mail, and whether it gets "your move" mail."""
    manager = request.app.state.manager
    try:
        user = await require_user(request)
        data = await body_of(request)
        values: dict[str, Any] = {}
        if "email" in data:
            values["email"] = checked_email(data["email"])
        if "lang" in data:
            values["lang"] = checked_lang(data["lang"])
        if "notify" in data:
            if not isinstance(data["notify"], bool):
                raise TableError("'notify' must be true or false", "bad_field", field="notify")
            values["notify"] = data["notify"]
        users = Users(manager.storage.engine)
        if values:
            await manager.write(users.change, user.id, values)
        changed = await manager.read(users.by_id, user.id)
    except TableError as exc:
        return refusal(exc, 400)
    return JSONResponse({"user": changed.own()})


async def api_delete(request: Request) -> Response:
    """``{password}``: delete the account (its personal data; its past records stay, the seat
    renamed). Refused while it sits at an unfinished table (``account_at_table``): finish or
    leave those first, so that no live table writes the old seat back."""
    manager = request.app.state.manager
    try:
        user = await require_user(request)
        data = await body_of(request)
        stored = await manager.read(Logins(manager.storage.engine).password_of, user.id)
        if not await asyncio.to_thread(verify_password, stored or UNKNOWN_USER_HASH,
                                       text_field(data, "password")):
            raise TableError("the current password is wrong", "password_wrong")
        await manager.write(delete_account, manager.storage, user.id)
    except TableError as exc:
        return refusal(exc, {"password_wrong": 403, "account_at_table": 409}.get(exc.code, 400))
    cookies, token = session_cookies(request, None)
    return with_cookies(JSONResponse({"user": None, "csrf": token}), cookies)


ROUTES = [
    Route("/api/session", api_session, methods=["GET"]),
    Route("/api/account/signup", api_signup, methods=["POST"]),
    Route("/api/account/login", api_login, methods=["POST"]),
    Route("/api/account/logout", api_logout, methods=["POST"]),
    Route("/api/account/password", api_password, methods=["POST"]),
    Route("/api/account/settings", api_settings, methods=["POST"]),
    Route("/api/account/delete", api_delete, methods=["POST"]),
]
