"""Telling players it is their move at a slow table: a notice in the page and, when the
server has a mail relay, an e-mail.

When a seat held by an account gets the move at a table whose turn timer is an hour or more,
a ``your_move`` notice is stored for that account (one unseen notice per table at a time).
``GET /api/me/notices`` lists an account's last notices, ``POST /api/me/notices/seen`` marks
some seen.

E-mail is off unless ``GONETS_SMTP`` names a relay (``smtp://host:port``; the sender is
``GONETS_SMTP_FROM``). Mails go out from one background task through a bounded queue, so a
slow or dead relay never holds a table; a failure is logged once (until a mail goes out
again) and never raised. One mail per notice, only to accounts with an e-mail address and
``notify`` on, in the account's language, with a link to the table on ``GONETS_PUBLIC_URL``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from dataclasses import dataclass
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from sqlalchemy import and_, insert, select, update
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from gonets.core import GonetsError
from gonets.server.accounts.sessions import require_user
from gonets.server.deadlines import waits_for_human
from gonets.server.http import refusal
from gonets.server.schema import notices_table, users_table
from gonets.server.spec import TableError
from gonets.words import LANGUAGES, word

if TYPE_CHECKING:
    from gonets.server.host import TableHost
    from gonets.server.tables import LiveTable

log = logging.getLogger("gonets.server")

SLOW_TABLE = 3600.0       # turn_seconds from which a table's players get "your move" notices
NOTICES_PAGE = 50         # notices GET /api/me/notices answers
SEEN_AT_ONCE = 50         # ids one POST /api/me/notices/seen may name
MAIL_QUEUE = 1000         # mails waiting at most; past it new ones are dropped (logged once)
MAIL_SECONDS = 20.0       # the longest one delivery may take
DEFAULT_PUBLIC_URL = "http://127.0.0.1:8000"


# -- the store (synchronous: through the manager's database threads) ------------------------------
def add_your_move(engine, user_id: int, table_id: str, params: dict) -> int | None:
    """Store a ``your_move`` notice unless the account has an unseen one for that table;
    returns the new notice's id, or None."""
    unseen = and_(notices_table.c.user_id == user_id, notices_table.c.table_id == table_id,
                  notices_table.c.kind == "your_move", notices_table.c.seen.is_(False))
    with engine.begin() as conn:
        if conn.execute(select(notices_table.c.id).where(unseen).limit(1)).first():
            return None
        done = conn.execute(insert(notices_table).values(
            user_id=user_id, kind="your_move", table_id=table_id, ts=time.time(),
            params=json.dumps(params)))
        return int(done.inserted_primary_key[0])


def notices_of(engine, user_id: int, limit: int = NOTICES_PAGE) -> list[dict]:
    """An account's last ``limit`` notices, newest first."""
    query = (select(notices_table).where(notices_table.c.user_id == user_id)
             .order_by(notices_table.c.id.desc()).limit(limit))
    with engine.connect() as conn:
        return [{"id": row.id, "kind": row.kind, "table": row.table_id,
                 "params": json.loads(row.params or "{}"), "ts": row.ts, "seen": bool(row.seen)}
                for row in conn.execute(query)]


def mark_seen(engine, user_id: int, ids: list[int]) -> int:
    """Mark the account's notices ``ids`` seen (others' ids are left alone); how many were."""
    with engine.begin() as conn:
        done = conn.execute(update(notices_table).where(notices_table.c.user_id == user_id)
                            .where(notices_table.c.id.in_(ids)).values(seen=True))
        return done.rowcount


def mail_of(engine, notice_id: int) -> tuple[dict, dict] | None:
    """The notice and its account's mail facts (``email``, ``lang``, ``notify``), or None."""
    query = (select(notices_table, users_table.c.email, users_table.c.lang,
                    users_table.c.notify, users_table.c.disabled)
             .join(users_table, users_table.c.id == notices_table.c.user_id)
             .where(notices_table.c.id == notice_id))
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None:
        return None
    notice = {"id": row.id, "table": row.table_id, "params": json.loads(row.params or "{}"),
              "mailed": bool(row.mailed)}
    return notice, {"email": row.email, "lang": row.lang, "notify": bool(row.notify),
                    "disabled": bool(row.disabled)}


def mark_mailed(engine, notice_id: int) -> None:
    with engine.begin() as conn:
        conn.execute(update(notices_table).where(notices_table.c.id == notice_id)
                     .values(mailed=True))


# -- mail ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MailSettings:
    """Where mail goes: the relay's host and port, the sender, the site's public address."""

    host: str
    port: int
    sender: str
    public_url: str

    @classmethod
    def from_environment(cls) -> MailSettings | None:
        """The settings ``GONETS_SMTP``/``GONETS_SMTP_FROM``/``GONETS_PUBLIC_URL`` give, or
        None when ``GONETS_SMTP`` is not set (no mail)."""
        relay = os.environ.get("GONETS_SMTP", "").strip()
        if not relay:
            return None
        parts = urlsplit(relay if "://" in relay else f"smtp://{relay}")
        if parts.scheme != "smtp" or not parts.hostname:
            raise ValueError(f"GONETS_SMTP must look like smtp://host:port, not {relay!r}")
        public = os.environ.get("GONETS_PUBLIC_URL", "").strip() or DEFAULT_PUBLIC_URL
        sender = os.environ.get("GONETS_SMTP_FROM", "").strip() or "gonets@localhost"
        return cls(parts.hostname, parts.port or 25, sender, public.rstrip("/"))


def your_move_mail(settings: MailSettings, to: str, lang: str, notice: dict) -> EmailMessage:
    """The e-mail of a ``your_move`` notice, in ``lang``."""
    lang = lang if lang in LANGUAGES else "en"
    params = notice["params"]
    link = f"{settings.public_url}/table/{notice['table']}"
    deadline = params.get("deadline")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(deadline)) if deadline else "-"
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = to
    message["Subject"] = word(lang, "mail.your_move.subject", game=params.get("game", ""))
    message.set_content(word(lang, "mail.your_move.body", game=params.get("game", ""),
                             link=link, deadline=when) + "\n")
    return message


class Notifier:
    """Stores "your move" notices for a manager's tables and mails them (when set up)."""

    def __init__(self, manager: TableHost, settings: MailSettings | None | Any = ...):
        self.manager = manager
        self.settings = MailSettings.from_environment() if settings is ... else settings
        self.queue: asyncio.Queue[int] = asyncio.Queue(maxsize=MAIL_QUEUE)
        self.mailer: asyncio.Task | None = None
        self.tasks: set[asyncio.Task] = set()
        self.failing = False            # a failure was logged; the next success says so
        self.full_logged = False

    def your_move(self, table: LiveTable) -> None:
        """The table changed: if an account's seat has the move at a slow table, store its
        notice (in the background: the table never waits for it)."""
        seconds = table.stored.turn_seconds or 0
        deciding = table.state.current_player()
        if seconds < SLOW_TABLE or table.status != "running" or \
                not waits_for_human(table.seats, deciding):
            return
        user_id = table.seats[deciding].get("user")
        if user_id is None:
            return
        params = {"game": table.game.title, "deadline": table.deadline}
        task = asyncio.get_running_loop().create_task(self._store(user_id, table.id, params))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _store(self, user_id: int, table_id: str, params: dict) -> None:
        try:
            notice_id = await self.manager.write(add_your_move, self.manager.storage.engine,
                                                 user_id, table_id, params)
        except Exception as exc:  # noqa: BLE001 - a notice is never worth a table's trouble
            log.warning("table %s: the your-move notice was not stored (%s)", table_id, exc)
            return
        if notice_id is not None and self.settings is not None:
            self._enqueue(notice_id)

    def _enqueue(self, notice_id: int) -> None:
        try:
            self.queue.put_nowait(notice_id)
        except asyncio.QueueFull:
            if not self.full_logged:
                log.warning("mail queue full (%d): new notices are not mailed", MAIL_QUEUE)
                self.full_logged = True
            return
        if self.mailer is None or self.mailer.done():
            self.mailer = asyncio.get_running_loop().create_task(self._mail_loop())

    async def _mail_loop(self) -> None:
        while True:
            notice_id = await self.queue.get()
            self.full_logged = False
            try:
                await self._mail(notice_id)
                if self.failing:
                    log.warning("mail is delivered again")
                    self.failing = False
            except Exception as exc:  # noqa: BLE001 - logged once, never raised
                if not self.failing:
                    log.warning("a notice could not be mailed (%s: %s); further failures "
                                "are not logged until a mail goes out", type(exc).__name__, exc)
                    self.failing = True

    async def _mail(self, notice_id: int) -> None:
        import aiosmtplib

        engine = self.manager.storage.engine
        found = await self.manager.read(mail_of, engine, notice_id)
        if found is None:
            return
        notice, user = found
        if notice["mailed"] or not user["email"] or not user["notify"] or user["disabled"]:
            return
        message = your_move_mail(self.settings, user["email"], user["lang"], notice)
        await aiosmtplib.send(message, hostname=self.settings.host, port=self.settings.port,
                              timeout=MAIL_SECONDS)
        await self.manager.write(mark_mailed, engine, notice_id)

    async def close(self) -> None:
        """Stop the mailer (mails still queued are not sent; their notices stay unmailed)."""
        for task in [self.mailer, *self.tasks]:
            if task is not None and not task.done():
                task.cancel()
        await asyncio.gather(*(t for t in [self.mailer, *self.tasks] if t is not None),
                             return_exceptions=True)


# -- routes ---------------------------------------------------------------------------------------
async def api_notices(request: Request) -> Response:
    """``{"notices": [...]}``: the logged-in account's last 50 notices, newest first."""
    manager = request.app.state.manager
    try:
        user = await require_user(request, "log in to see your notices")
        notices = await manager.read(notices_of, manager.storage.engine, user.id)
    except GonetsError as exc:
        return refusal(exc, 401)
    return JSONResponse({"notices": notices}, headers={"Cache-Control": "no-store"})


async def api_notices_seen(request: Request) -> Response:
    """Body ``{"ids": [...]}`` (at most 50 of the account's own notices): mark them seen."""
    manager = request.app.state.manager
    try:
        user = await require_user(request, "log in to see your notices")
    except GonetsError as exc:
        return refusal(exc, 400)
    try:
        body = await request.json()
    except ValueError:
        body = None
    ids = body.get("ids") if isinstance(body, dict) else None
    if not isinstance(ids, list) or not ids or len(ids) > SEEN_AT_ONCE or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in ids):
        return refusal(TableError(f"'ids' must list 1 to {SEEN_AT_ONCE} notice ids (whole "
                                   "numbers)", "bad_notice_ids", most=SEEN_AT_ONCE), 400)
    try:
        seen = await manager.write(mark_seen, manager.storage.engine, user.id, ids)
    except GonetsError as exc:
        return refusal(exc, 400)
    return JSONResponse({"seen": seen})


NOTIFY_ROUTES = [
    Route("/api/me/notices", api_notices, methods=["GET"]),
    Route("/api/me/notices/seen", api_notices_seen, methods=["POST"]),
]
