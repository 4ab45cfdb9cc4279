"""What every HTTP route shares: reading a bounded JSON body, answering a refusal as JSON
with its stable ``code``, and the game a read-only route names."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from gonets.core import games
from gonets.server.faults import DatabaseUnavailable
from gonets.server.limits import parse_lang
from gonets.server.spec import TableError, error_fields
from gonets.words import refusal_text

MAX_BODY = 65536            # bytes in one HTTP request body


def error(message: str, status: int = 400, code: str = "refused", lang: str = "en",
          **params: Any) -> JSONResponse:
    """A refusal as JSON: ``error`` (the English ``message``, or its words in ``lang`` when
    the request asked for another language), a stable ``code`` and its ``params``."""
    return refusal(TableError(message, code, **params), status, lang)


def asked_lang(request: Request) -> str:
    """The language a request asks for (``?lang=``), English when it names none."""
    return parse_lang(request.query_params.get("lang", "en"))


def refusal(exc: Exception, status: int, lang: str = "en") -> JSONResponse:
    """The JSON answer to a refused request (``error``, a stable ``code`` and its ``params``):
    503 while the database does not answer (try again), the refusal's own ``http_status``
    where it has one (409 for a table that cannot be replayed), else ``status``. A page
    words the refusal by its code; ``error`` is English, or the page's words in ``lang``
    for a request that named its language (``?lang=ru``)."""
    fields = error_fields(exc)
    body = {"error": refusal_message(exc, lang), "code": fields["code"],
            "params": fields["params"]}
    if isinstance(exc, DatabaseUnavailable):
        return JSONResponse({**body, "retry": True}, status_code=503,
                            headers={"Retry-After": "2"})
    return JSONResponse(body, status_code=getattr(exc, "http_status", status))


def refusal_message(exc: Exception, lang: str = "en") -> str:
    """What the server itself says of a refusal in ``lang``: its English message, else the
    words a page in that language shows for its code (:func:`refusal_text`)."""
    fields = error_fields(exc)
    return fields["message"] if lang == "en" else refusal_text(lang, fields)


def whole(text: str, name: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise TableError(f"'{name}' must be a whole number from {low} to {high}",
                         "bad_number", field=name, low=low, high=high)
    return int(text)


def load_json(text: str | bytes, what: str) -> Any:
    """Parsed JSON; :class:`TableError` for text that is not JSON or nests too deeply for
    the parser (which would otherwise fail with a RecursionError)."""
    try:
        return json.loads(text)
    except ValueError:
        raise TableError(f"{what} is not valid JSON", "bad_request") from None
    except RecursionError:
        raise TableError(f"{what} is nested too deeply to be read", "bad_request") from None



async def read_json(request: Request) -> Any:
    """The request's JSON body, refused past :data:`MAX_BODY` bytes before it is all read."""
    too_large = TableError(f"the request is too large (at most {MAX_BODY} bytes)",
                           "too_large", max=MAX_BODY)
    announced = request.headers.get("content-length", "")
    if announced.isascii() and announced.isdigit() and int(announced) > MAX_BODY:
        raise too_large                  # refused before anything is read
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise too_large
    return load_json(bytes(body) or b"null", "the request body")


def game_asked(request: Request) -> tuple[Any, str, JSONResponse | None]:
    """The game named by the path and the language of ``?lang=`` (English by default), or the
    404 answer for a name no game has (third), in that language."""
    name = request.path_params["game"]
    lang = asked_lang(request)
    game = games().get(name)
    if game is None:
        return None, lang, error(f"there is no game {name[:40]!r}", 404, "no_game", lang,
                                 game=name[:40])
    return game, lang, None
