"""Several server processes over one PostgreSQL and one Redis: every table run by one of
them, frames reaching players on any of them, tables of a killed process taken over."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import pytest

from gonets.core import Record

from .conftest import POSTGRES, postgres_schema_url
from .helpers import ServerThread, in_fresh_thread

REDIS = os.environ.get("GONETS_TEST_REDIS")
TOY_SERVER = [sys.executable, str(Path(__file__).with_name("toy_server.py"))]


@pytest.fixture
def shared():
    """A fresh PostgreSQL schema and the test Redis, for the servers of one test."""
    if not (POSTGRES and REDIS):
        if os.environ.get("CI"):
            pytest.fail("GONETS_TEST_POSTGRES and GONETS_TEST_REDIS must be set in CI")
        pytest.skip("GONETS_TEST_POSTGRES and GONETS_TEST_REDIS are not set")
    yield from postgres_schema_url()


def test_players_on_two_processes_play_one_table(toy, shared):
    with ServerThread(shared, redis_url=REDIS) as one, ServerThread(shared,
                                                                      redis_url=REDIS) as two:
        created = one.create(game="toy", players=2, preset="long", seed=3,
                             seats=[{"kind": "human"}, {"kind": "human"}])
        table_id = created["id"]
        bob_link = two.claim(table_id, name="Bob")             # through the other process
        ann = one.client(table_id, created["links"]["seat"]["token"], name="Ann")
        bob = two.client(table_id, bob_link["token"])
        assert one.manager.tables[table_id].owned
        assert not two.manager.tables[table_id].owned          # a mirror of the owner's
        assert two.http.get("/readyz").json() == {"status": "ready", "database": "ok",
                                                  "redis": "ok"}
        finals = {}

        def play(name, client, action):
            while True:
                state = client.until(lambda m: m["type"] == "state")
                if state["view"]["terminal"]:
                    finals[name] = state
                    return
                if state["legal"] and state["status"] == "running":
                    client.send({"type": "act", "action": action, "version": state["version"]})

        threads = [threading.Thread(target=play, args=("ann", ann, "keep")),
                   threading.Thread(target=play, args=("bob", bob, "swap"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert finals["ann"]["version"] == finals["bob"]["version"]
        record = Record.from_json(one.http.get(f"/api/tables/{table_id}/record").json())
        assert record.replay().is_terminal()
        assert [s["action"] for s in record.steps if s.get("seat") == 1] == ["swap"] * 3
        assert created["links"]["seat"]["token"] not in "".join(bob.raw)
        assert bob_link["token"] not in "".join(ann.raw)
        ann.close()
        bob.close()


def test_kill_9_of_one_of_two_processes_its_tables_resume_on_the_other(toy, shared):
    from gonets.server.load import run_failover

    figures = in_fresh_thread(run_failover, tables=20, game="toy", players=3, agent="random",
                              bot_delay=0.25, before_kill=1.5, limit=90, preset="long",
                              db_url=shared, redis_url=REDIS, launcher=TOY_SERVER)
    assert figures["problems"] == []
    assert figures["owned_by_killed"] > 0
    assert figures["finished_after_kill"] == 20


def test_the_load_check_drives_several_processes(toy, shared):
    from gonets.server.load import run_load

    figures = in_fresh_thread(run_load, tables=8, game="toy", players=3, agent="random",
                              bot_delay=0.1, limit=60, db_url=shared, preset="long",
                              launcher=TOY_SERVER, processes=2, redis_url=REDIS, human=True,
                              stagger=0.5)
    assert figures["problems"] == [] and figures["finished"] == 8
    assert figures["processes"] == 2 and figures["rss_mb_peak"] > 0
    assert figures["human_actions"] > 0


def test_every_process_lists_every_table(toy, shared):
    with ServerThread(shared, redis_url=REDIS) as one, ServerThread(shared,
                                                                      redis_url=REDIS) as two:
        mine = one.create(game="toy", players=2)["id"]
        theirs = two.create(game="toy", players=2)["id"]
        for server in (one, two):
            listed = [t["id"] for t in server.http.get("/api/tables").json()["open"]]
            assert sorted(listed) == sorted([mine, theirs])


def test_a_process_that_stops_hands_its_tables_to_another_where_they_stopped(toy, shared):
    """A graceful stop (SIGTERM to uvicorn) releases the tables' leases only after their
    writes ended: the other process goes on from the last stored step, nothing lost."""
    with ServerThread(shared, redis_url=REDIS) as two:
        with ServerThread(shared, redis_url=REDIS) as one:
            ids = [one.create(game="toy", players=3, preset="long", seed=seed, bot_delay=0.1,
                              seats=[{"kind": "bot", "agent": "random"}] * 3)["id"]
                   for seed in range(4)]
            time.sleep(0.5)                          # their bots are playing on ``one``
            assert all(one.manager.tables[i].owned for i in ids)
        deadline = time.monotonic() + 60
        for table_id in ids:
            while two.http.get(f"/api/tables/{table_id}").json()["status"] != "finished":
                assert time.monotonic() < deadline, "the table was not taken over"
                time.sleep(0.1)
            assert two.manager.tables[table_id].owned
            record = Record.from_json(two.http.get(f"/api/tables/{table_id}/record").json())
            assert record.replay().is_terminal()


def test_an_away_seat_comes_back_through_a_mirror_and_stays_away_across_a_hand_over(
        toy, shared, monkeypatch):
    """A player marked away (they missed a deadline) who says "I'm back" on a process that
    only mirrors the table is back at the owner; marked away again, the mark survives the
    owner's stop: the process that takes the table over shows it and keeps its deadline."""
    from gonets.server import deadlines

    monkeypatch.setattr(deadlines, "AWAY_SECONDS", 30.0)
    away = lambda m: m["type"] == "state" and m["seats"][0].get("away")  # noqa: E731
    with ServerThread(shared, redis_url=REDIS) as two:
        with ServerThread(shared, redis_url=REDIS) as one:
            created = one.create(game="toy", players=2, preset="long", turn_seconds=4,
                                 name="Ann", seats=[{"kind": "human"},
                                                    {"kind": "bot", "agent": "random"}])
            table_id, token = created["id"], created["links"]["seat"]["token"]
            ann = two.client(table_id, token)
            ann.state()
            assert not two.manager.tables[table_id].owned
            first = ann.until(away, timeout=15)
            ann.send({"type": "back", "ref": "b"})                   # forwarded to ``one``
            ann.until(lambda m: m["type"] == "state" and not m["seats"][0].get("away"))
            again = ann.until(lambda m: away(m) and m["version"] > first["version"],
                              timeout=15)                          # missed once more
            assert [m["type"] for m in ann.messages if m.get("ref") == "b"] == ["ack"]
            assert one.manager.tables[table_id].seats[0]["away"] is True
        deadline = time.monotonic() + 20                           # ``one`` stopped
        while not two.manager.tables[table_id].owned:
            assert time.monotonic() < deadline, "the table was not taken over"
            time.sleep(0.05)
        table = two.manager.tables[table_id]
        assert table.seats[0]["away"] is True and table.status == "running"
        assert table.version >= again["version"]
        ann.close()
