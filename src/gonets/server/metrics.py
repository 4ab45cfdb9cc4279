"""Prometheus metrics of one server process, served at ``/metrics``.

Counted where the work happens: sockets open, steps stored, the time from a seat's action to
the frames that tell everyone (the update latency), bot decisions under way and their time,
bot decisions abandoned, database errors. The tables by status are read from the process's
tables when the metrics are asked for.
"""

from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest

SOCKETS = Gauge("gonets_sockets", "Websocket connections open")
STEPS = Counter("gonets_steps_total", "Record steps stored (actions and random events)")
UPDATE = Histogram("gonets_update_seconds", "From a seat's action to the frames telling everyone",
                   buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0))
BOTS_BUSY = Gauge("gonets_bot_jobs", "Bot decisions, hints and review steps waiting or running")
BOT_SECONDS = Histogram("gonets_bot_seconds", "A bot job's time from asked to answered",
                        buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 60.0))
BOT_WAIT = Histogram("gonets_bot_wait_seconds", "A bot job's wait for its worker (its lane)",
                     buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0))
BOT_TIMEOUTS = Counter("gonets_bot_timeouts_total", "Bot jobs abandoned past their budget")
DB_ERRORS = Counter("gonets_database_errors_total", "Database calls that failed")
TABLES = Gauge("gonets_tables", "Tables this process holds, by status", ["status"])


def exposition(tables) -> tuple[bytes, str]:
    """The metrics text (and its content type), the table gauge read from ``tables``."""
    counts: dict[str, int] = {"open": 0, "running": 0, "finished": 0}
    for table in tables:
        counts[table.status] = counts.get(table.status, 0) + 1
    for status, count in counts.items():
        TABLES.labels(status=status).set(count)
    return generate_latest(), CONTENT_TYPE_LATEST
