"""Process hygiene: the server's bot workers (and the search trees they fork) end with it,
whether it is stopped with SIGTERM or killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from .helpers import csrf_client, free_port

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (from /proc's children lists)."""
    found, todo = set(), [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    living = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            living.add(pid)
    return living


def started_server(tmp_path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "gonets", "serve", "--port", str(port),
                               "--db", f"sqlite:///{tmp_path / 'site.sqlite3'}",
                               "--bot-delay", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert "serving at" in server.stdout.readline()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:                                   # the address is printed just before it binds
        try:
            httpx.get(f"{base}/api/games", timeout=5)
            return server, base
        except httpx.TransportError:
            assert time.monotonic() < deadline, "the server never answered"
            time.sleep(0.1)


def workers_at_work(base: str, server: subprocess.Popen) -> set[int]:
    """Open a table of search bots and wait until the bot workers are running."""
    created = csrf_client(base).post("/api/tables", json={
        "game": "loveletter", "players": 2,
        "seats": [{"kind": "bot", "agent": "hard"}, {"kind": "bot", "agent": "hard"}]})
    assert created.status_code in (200, 201), created.text
    deadline = time.monotonic() + 60
    while not descendants(server.pid):
        assert time.monotonic() < deadline, "no bot worker started"
        time.sleep(0.2)
    time.sleep(1.0)
    return descendants(server.pid)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_no_process_of_the_server_outlives_it(tmp_path, how):
    server, base = started_server(tmp_path)
    try:
        children = workers_at_work(base, server)
        assert children
        os.kill(server.pid, how)
        server.wait(timeout=30)
        deadline = time.monotonic() + 15
        while alive(children) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = {pid: Path(f"/proc/{pid}/cmdline").read_bytes()[:80] for pid in alive(children)}
        assert left == {}
    finally:
        if server.poll() is None:
            server.kill()
