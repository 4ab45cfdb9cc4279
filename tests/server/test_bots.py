"""Bots get a CPU budget: they run in worker processes at the lowest priority, a decision past
its time is abandoned for a random move, and a burning search never slows a human table."""

from __future__ import annotations

import os
import statistics
import time

from gonets.agents import Agent
from gonets.core import Record

from .helpers import ServerThread, limits_for_tests


def burner(seconds: float, trace: str | None = None):
    """An agent class that spins the CPU for ``seconds`` per decision (a search bot), noting
    the process it runs in and that process's priority in ``trace``."""

    class Burner(Agent):
        def act(self, view, legal):
            if trace:
                with open(trace, "a") as out:
                    out.write(f"{os.getpid()} {os.nice(0)}\n")
            end = time.process_time() + seconds
            while time.process_time() < end:
                pass
            return legal[0]

    return Burner


def with_agents(monkeypatch, toy, **agents):
    monkeypatch.setattr(type(toy), "agents", lambda self: dict(agents))   # random stays


def finished(server, table_id, timeout=60):
    deadline = time.monotonic() + timeout
    while server.http.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.05)


def test_bots_think_in_low_priority_worker_processes(toy, sqlite_url, monkeypatch, tmp_path):
    trace = tmp_path / "bots.txt"
    with_agents(monkeypatch, toy, burner=burner(0.01, str(trace)))
    with ServerThread(sqlite_url) as server:
        created = server.create(game="toy", players=2, seats=[{"kind": "bot",
                                                               "agent": "burner"}] * 2)
        finished(server, created["id"])
    seen = {tuple(map(int, line.split())) for line in trace.read_text().splitlines()}
    assert seen and all(pid != os.getpid() and nice >= 10 for pid, nice in seen)


def test_a_bot_past_its_budget_is_abandoned_for_a_random_move(toy, sqlite_url, monkeypatch):
    with_agents(monkeypatch, toy, stuck=burner(3600))
    with ServerThread(sqlite_url, limits=limits_for_tests(bot_seconds=0.5)) as server:
        created = server.create(game="toy", players=2, seed=4,
                                seats=[{"kind": "bot", "agent": "stuck"},
                                       {"kind": "bot", "agent": "random"}])
        began = time.monotonic()
        finished(server, created["id"])
        assert time.monotonic() - began < 30
        record = Record.from_json(server.http.get(f"/api/tables/{created['id']}/record").json())
        assert record.replay().is_terminal()
        assert server.manager.tables[created["id"]].failure is None


def test_burning_search_bots_do_not_slow_a_human_table(toy, sqlite_url, monkeypatch):
    """Two bot tables whose bots each burn a core for 0.4 s per decision, and a human
    playing against a random bot: the human's actions are answered at once."""
    with_agents(monkeypatch, toy, burner=burner(0.4))
    with ServerThread(sqlite_url) as server:
        for seed in range(2):
            server.create(game="toy", players=3, preset="long", seed=seed,
                          seats=[{"kind": "bot", "agent": "burner"}] * 3)
        time.sleep(0.5)                               # the burners are busy now
        trips = []
        for seed in range(4):
            created = server.create(game="toy", players=2, preset="long", seed=10 + seed,
                                    seats=[{"kind": "human"}, {"kind": "bot",
                                                               "agent": "random"}])
            ann = server.client(created["id"], created["links"]["seat"]["token"], name="Ann")
            while True:
                state = ann.until(lambda m: m["type"] == "state" and
                                  (m["legal"] or m["view"]["terminal"]))
                if state["view"]["terminal"]:
                    break
                sent = time.perf_counter()
                ann.send({"type": "act", "action": "keep", "version": state["version"]})
                ann.until(lambda m: m["type"] == "ack")
                trips.append(time.perf_counter() - sent)
            ann.close()
        assert len(trips) == 12
        assert statistics.median(trips) < 0.1, trips
