"""The accounts' HTTP API (mounted by ``app.py``): the session, and what builds on it."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from gonets.server.accounts.sessions import (
    csrf_basis,
    csrf_token,
    current_user,
    session_cookies,
    with_cookies,
)


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


ROUTES = [
    Route("/api/session", api_session, methods=["GET"]),
]
