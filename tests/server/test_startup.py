"""A server that cannot use its database or Redis says so in one line and exits non-zero,
whatever the number of processes, before it claims to serve."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .conftest import POSTGRES
from .helpers import free_port

REDIS = os.environ.get("GONETS_TEST_REDIS")


def serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gonets", "serve", "--port", str(free_port()),
                           *args], capture_output=True, text=True, timeout=120)


def one_line_refusal(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode != 0
    assert "serving at" not in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gonets cannot start: "), done.stderr
    for word in words:
        assert word in lines[0]


def test_a_database_that_cannot_be_opened_stops_the_start_in_one_line(tmp_path):
    done = serve("--db", f"sqlite:///{tmp_path}/no/such/folder/x.sqlite3")
    one_line_refusal(done, "cannot be used", "unable to open database file")


@pytest.mark.skipif(not (POSTGRES and REDIS), reason="needs GONETS_TEST_POSTGRES and _REDIS")
def test_a_missing_postgresql_database_stops_every_worker_count(tmp_path):
    base = POSTGRES.rsplit("/", 1)[0]
    for workers in ("1", "2"):
        done = serve("--db", f"{base}/gonets_no_such_database", "--redis", REDIS,
                     "--workers", workers)
        one_line_refusal(done, 'database "gonets_no_such_database" does not exist')
    done = serve("--db", f"sqlite:///{tmp_path}/ok.sqlite3", "--redis", "redis://127.0.0.1:1/0")
    one_line_refusal(done, "Redis at redis://127.0.0.1:1/0 does not answer")


def test_secrets_in_a_database_url_are_never_printed():
    from gonets.server.app import shown_url

    assert "s3cret" not in shown_url("postgresql://ann:s3cret@db/gonets")
    assert "s3cret" not in shown_url("postgresql://db/gonets?user=ann&password=s3cret")
    assert "s3cret" not in shown_url("redis://:s3cret@cache:6379/0")
    assert "not a valid URL" in shown_url("postgresql://u:s3cret@h:notaport/db")


def test_a_log_format_that_is_not_one_stops_the_start_in_one_line(tmp_path):
    done = serve("--db", f"sqlite:///{tmp_path}/ok.sqlite3", "--log-format", "xml")
    one_line_refusal(done, "the log format must be one of text, json")


def test_json_logs_are_one_object_a_line(tmp_path):
    import json
    import signal
    import time

    import httpx

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gonets", "serve", "--port", str(port), "--log-format", "json",
         "--db", f"sqlite:///{tmp_path}/logs.sqlite3"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            assert server.poll() is None and time.monotonic() < deadline, "no server"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
    finally:
        server.send_signal(signal.SIGTERM)
        _, errors = server.communicate(timeout=60)
    lines = [json.loads(line) for line in errors.splitlines() if line.strip()]
    assert any(entry["logger"] == "gonets.server" and entry["level"] == "info"
               and entry["message"].startswith("resumed 0 unfinished tables")
               for entry in lines), errors
    assert all({"ts", "level", "logger", "message", "pid"} <= entry.keys() for entry in lines)
    assert all(entry["ts"].endswith("Z") for entry in lines)


def test_a_kernel_compile_notice_is_a_json_line_under_json_logs():
    """What warm-up prints (a kernel compiled on a new machine, or after an edit) stays one
    JSON object a line under ``--log-format json``; the text format prints it as it is."""
    import json

    script = ("import sys\n"
              "from gonets.server.logs import log_config, printed_as_log\n"
              "fmt = sys.argv[1]\n"
              "with printed_as_log(fmt, log_config(fmt), 'gonets.kernel'):\n"
              "    print('compiled the toy kernel in 3 s', file=sys.stderr, flush=True)\n")
    for fmt in ("json", "text"):
        done = subprocess.run([sys.executable, "-c", script, fmt], capture_output=True,
                              text=True, timeout=60, check=True)
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        if fmt == "json":
            entries = [json.loads(line) for line in lines]
            assert [(e["logger"], e["level"], e["message"]) for e in entries] == \
                [("gonets.kernel", "info", "compiled the toy kernel in 3 s")]
        else:
            assert lines == ["compiled the toy kernel in 3 s"]
