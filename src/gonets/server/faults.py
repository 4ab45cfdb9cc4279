"""Database faults as the server meets them: one clear error for every request while the
database does not answer, and one log line per outage (not a traceback per request)."""

from __future__ import annotations

import logging
import time

from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from gonets.server.spec import TableError

log = logging.getLogger("gonets.server")
# What a database that is down, unreachable, locked or emptied raises (OSError: a disk).
DATABASE_ERRORS = (OperationalError, InterfaceError, DBAPIError, OSError)


class DatabaseUnavailable(TableError):
    """The database did not answer; the request may be tried again."""

    def __init__(self, message: str = "the database is not answering just now; please try "
                                      "again in a moment"):
        super().__init__(message, "database_down")


class Outage:
    """Logs the start of an outage once, and its end once."""

    def __init__(self):
        self.since: float | None = None
        self.failures = 0

    def failed(self, exc: BaseException) -> None:
        self.failures += 1
        if self.since is None:
            self.since = time.monotonic()
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
            log.error("database unavailable (%s: %s); requests get an error until it answers",
                      type(exc).__name__, first[:200])

    def recovered(self) -> None:
        if self.since is not None:
            log.warning("database answers again after %.1f s (%d failed requests)",
                        time.monotonic() - self.since, self.failures)
            self.since, self.failures = None, 0


class OutcomeUnknown(Exception):
    """The database never answered about a write: it may or may not have been stored."""
