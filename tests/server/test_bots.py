"""Bots get a CPU budget: they run in worker processes at the lowest priority, a decision past
its time is abandoned for a random move, and a burning search never slows a human table."""

from __future__ import annotations

import asyncio
import os
import statistics
import time

from gonets.agents import Agent
from gonets.core import Record

from .helpers import ServerThread, in_fresh_thread, limits_for_tests


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


# -- fair lanes ----------------------------------------------------------------------------------
def test_a_lane_serves_its_owners_in_turn_whatever_order_they_asked_in():
    """Five jobs of one client, then one of another: the other's goes second, not sixth."""
    from gonets.server.bots import Lane

    async def scenario() -> list[str]:
        lane, served = Lane(executor=None), []

        async def job(owner: str, index: int) -> None:
            await lane.turn(owner)
            served.append(f"{owner}{index}")
            await asyncio.sleep(0)
            lane.done()

        jobs = [job("A", i) for i in range(5)] + [job("B", 0), job("C", 0), job("B", 1)]
        await asyncio.gather(*jobs)
        return served

    served = in_fresh_thread(asyncio.run, scenario())
    assert served == ["A0", "B0", "C0", "A1", "B1", "A2", "A3", "A4"]


def test_a_cancelled_wait_leaves_the_lane_to_the_others():
    from gonets.server.bots import Lane

    async def scenario() -> list[str]:
        lane, served = Lane(executor=None), []
        await lane.turn("A")                        # A holds the worker
        gone = asyncio.ensure_future(lane.turn("B"))
        kept = asyncio.ensure_future(lane.turn("C"))
        await asyncio.sleep(0)
        gone.cancel()                               # B's table was closed meanwhile
        await asyncio.sleep(0)
        lane.done()
        await kept
        served.append("C")
        lane.done()
        assert not lane.busy and lane.owners_waiting() == 0
        return served

    assert in_fresh_thread(asyncio.run, scenario()) == ["C"]


def clock_share_now(seconds: float) -> float:
    """In a worker: wait ``seconds``, then say what share of its clock a search may take."""
    from gonets.agents import ismcts

    time.sleep(seconds)
    return ismcts._clock_share


def test_a_search_that_starts_while_others_wait_gets_a_smaller_share_of_its_clock():
    from gonets.server.bots import LEAST_SHARE, BotPool

    async def scenario() -> list[float]:
        pool = BotPool(workers=1, seconds=60.0)
        lane = pool.lanes[0]
        try:
            first = asyncio.ensure_future(pool._run(lane, "A", clock_share_now, 1.0))
            await asyncio.sleep(0.2)                 # A's search runs; B, C, D, E queue
            rest = [asyncio.ensure_future(pool._run(lane, owner, clock_share_now, 0.0))
                    for owner in "BCDE"]
            return [await first] + list(await asyncio.gather(*rest))
        finally:
            pool.close()

    shares = in_fresh_thread(asyncio.run, scenario())
    assert shares == [1.0, max(LEAST_SHARE, 1 / 4), 1 / 3, 1 / 2, 1.0]


def test_heuristic_bots_decide_on_their_own_lane_beside_the_searches(toy, sqlite_url,
                                                                      monkeypatch, tmp_path):
    """Search bots of four tables keep the search lane busy; a heuristic bot's decisions
    are made in another process (the quick lane), so they never queue behind them."""
    searches, quick = tmp_path / "searches.txt", tmp_path / "quick.txt"
    with_agents(monkeypatch, toy, burner=burner(0.2, str(searches)),
                heuristic=burner(0.0, str(quick)))
    with ServerThread(sqlite_url) as server:
        busy = [server.create(game="toy", players=2, preset="long", seed=seed,
                              seats=[{"kind": "bot", "agent": "burner"}] * 2)
                for seed in range(4)]
        created = server.create(game="toy", players=2, seed=9,
                                seats=[{"kind": "bot", "agent": "heuristic"}] * 2)
        finished(server, created["id"])
        assert any(server.http.get(f"/api/tables/{t['id']}").json()["status"] != "finished"
                   for t in busy)                      # the searches still went on
    search_pids = {line.split()[0] for line in searches.read_text().splitlines()}
    quick_pids = {line.split()[0] for line in quick.read_text().splitlines()}
    assert search_pids and quick_pids and not search_pids & quick_pids
    assert str(os.getpid()) not in search_pids | quick_pids


def test_a_server_offers_no_bot_above_its_max_level(toy, sqlite_url):
    with ServerThread(sqlite_url, limits=limits_for_tests(max_level="normal")) as server:
        entry = next(g for g in server.http.get("/api/games").json()["games"]
                     if g["name"] == "loveletter")
        assert {"easy", "normal", "heuristic", "random"} <= set(entry["agents"])
        assert not {"hard", "expert", "ismcts"} & set(entry["agents"])
        assert entry["hints"] is False
        refused = server.http.post("/api/tables", json={
            "game": "loveletter", "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "agent": "expert"}]})
        assert refused.status_code == 400
        assert refused.json()["code"] == "bot_above_max_level"
        assert refused.json()["params"] == {"seat": 2, "agent": "expert", "level": "normal"}
        hints = server.http.post("/api/tables", json={"game": "loveletter", "players": 2,
                                                       "hints": True})
        assert hints.json()["code"] == "hints_above_max_level"
        assert server.create(game="loveletter", players=2, seats=[
            {"kind": "human"}, {"kind": "bot", "agent": "normal"}])["id"]


def test_a_max_level_that_is_no_level_is_refused_at_start():
    import pytest

    from gonets.server.limits import Limits

    with pytest.raises(ValueError, match="max_level must be one of easy, normal, hard, expert"):
        Limits(max_level="grandmaster")


def test_a_lane_whose_worker_died_gets_a_new_one():
    """A worker killed from outside (out of memory, an operator): the job that finds it dead
    fails, its lane gets a fresh worker, and the next job is answered."""
    from concurrent.futures.process import BrokenProcessPool

    import pytest

    from gonets.server.bots import BotPool

    async def scenario() -> float:
        pool = BotPool(workers=1, seconds=60.0)
        lane = pool.lanes[0]
        try:
            await pool._run(lane, "A", clock_share_now, 0.0)      # the worker is up
            old = lane.executor
            for process in list(old._processes.values()):
                process.kill()
                process.join()
            with pytest.raises(BrokenProcessPool):
                await pool._run(lane, "A", clock_share_now, 0.0)
            assert lane.executor is not old and not lane.busy
            return await pool._run(lane, "A", clock_share_now, 0.0)
        finally:
            pool.close()

    assert in_fresh_thread(asyncio.run, scenario()) == 1.0
