"""The server's log: one line per event on standard error, as text or as JSON.

``gonets serve --log-format json`` writes each event as one JSON object (``ts`` in ISO 8601
UTC, ``level``, ``logger``, ``message``, ``pid``, and ``exception`` with the traceback when
there is one), for a log shipper; ``text`` (the default) writes the same fields for a person.
The server's own loggers (``gonets.*``) log from INFO, uvicorn's and everything else's from
WARNING (no access lines: a reverse proxy logs the requests). The same configuration reaches
every worker process (uvicorn applies it in each).
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import logging.config
import time

FORMATS = ("text", "json")


class JsonLines(logging.Formatter):
    """A log record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {"ts": iso_time(record.created), "level": record.levelname.lower(),
                 "logger": record.name, "message": record.getMessage(), "pid": record.process}
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def iso_time(seconds: float) -> str:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))
    return f"{stamp}.{int(seconds % 1 * 1000):03d}Z"


def log_config(log_format: str = "text") -> dict:
    """A :func:`logging.config.dictConfig` for uvicorn's ``log_config``."""
    if log_format not in FORMATS:
        raise ValueError(f"the log format must be one of {', '.join(FORMATS)}, not "
                         f"{log_format!r}")
    formatter = ({"()": f"{__name__}.JsonLines"} if log_format == "json" else
                 {"format": "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"})
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"line": formatter},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "line",
                                "stream": "ext://sys.stderr"}},
        "root": {"handlers": ["stderr"], "level": "WARNING"},
        "loggers": {"gonets": {"level": "INFO"}},
    }


class LinesToLog(io.TextIOBase):
    """A text stream whose lines become INFO records of ``logger``: what a library prints
    (the kernels' compile notices) kept inside ``--log-format json``'s one object a line."""

    def __init__(self, logger: logging.Logger):
        self.logger, self.rest = logger, ""

    def write(self, text: str) -> int:
        self.rest += text
        *lines, self.rest = self.rest.split("\n")
        for line in lines:
            if line.strip():
                self.logger.info(line)
        return len(text)


@contextlib.contextmanager
def printed_as_log(log_format: str, logging_options: dict, name: str):
    """Inside, lines printed to standard error are log records of logger ``name`` when the
    format is ``json`` (logging set up with ``logging_options`` first); as printed otherwise."""
    if log_format != "json":
        yield
        return
    logging.config.dictConfig(logging_options)
    with contextlib.redirect_stderr(LinesToLog(logging.getLogger(name))):
        yield
