"""Storage on SQLite and (when GONETS_TEST_POSTGRES is set) PostgreSQL: records are stored
step by step, a step index is written once, and a restarted server resumes every table."""

from __future__ import annotations

import pytest

from gonets.core import Record
from gonets.server.storage import (
    MissingTable,
    StepConflict,
    StoredTable,
    normalise_url,
)

from .helpers import ServerThread


def stored(table_id="t1"):
    return StoredTable(id=table_id, game="toy", players=2, preset="default",
                       options={"rounds": 2}, seats=[{"kind": "human", "name": None}] * 2,
                       token_hashes=["a" * 64, "b" * 64], seed=3, bot_delay=0.0,
                       turn_seconds=None, status="open", steps=[{"chance": [1, 2]}])


def test_steps_are_appended_in_order_and_never_twice(storage):
    storage.create_table(stored())
    assert storage.append_steps("t1", 1, [{"seat": 0, "action": "keep"}], "running", None)
    # the same step again (a retry after a lost COMMIT answer) stores nothing
    assert not storage.append_steps("t1", 1, [{"seat": 0, "action": "keep"}], "running",
                                    None)
    with pytest.raises(StepConflict):
        storage.append_steps("t1", 1, [{"seat": 0, "action": "swap"}], "finished",
                             {"winners": [0]})
    with pytest.raises(MissingTable):
        storage.append_steps("gone", 0, [{"seat": 0, "action": "swap"}], "running", None)
    table = storage.load_table("t1")
    assert table.steps == [{"chance": [1, 2]}, {"seat": 0, "action": "keep"}]
    assert table.version == 2 and table.status == "running" and table.result is None
    assert table.token_hashes == ["a" * 64, "b" * 64]
    assert storage.unfinished_ids() == ["t1"] and storage.load_table("zz") is None
    storage.update_seats("t1", [{"kind": "human", "name": "Ж"}] * 2, "running")
    assert storage.load_table("t1").seats[0]["name"] == "Ж"


def test_plain_postgres_urls_use_psycopg():
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("sqlite:///x") == "sqlite:///x"


def test_a_restarted_server_resumes_every_table_exactly(toy, db_url):
    with ServerThread(db_url, bot_delay=0.0) as first:
        humans = first.create(game="toy", players=2, seed=7, preset="long",
                              seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
        bots = first.create(game="toy", players=3, seed=8, preset="long",
                            seats=[{"kind": "bot", "agent": "random"}] * 3,
                            bot_delay=0.4)
        token = humans["links"]["seat"]["token"]
        ann = first.client(humans["id"], token, name="Ann")
        state = ann.until(lambda m: m["type"] == "state" and m["status"] == "running")
        ann.send({"type": "act", "action": "swap", "version": state["version"]})
        before = ann.until(lambda m: m["type"] == "state" and m["legal"]
                           and m["version"] > state["version"])
        ann.close()
        watcher = first.client(bots["id"])
        partial = watcher.until(lambda m: m["type"] == "state" and m["version"] >= 3)
        assert not partial["view"]["terminal"], partial["version"]
        watcher.close()
    with ServerThread(db_url, bot_delay=0.0) as second:
        ann = second.client(humans["id"], token)
        again = ann.state()
        for key in ("version", "view", "svg", "log", "legal", "seats"):
            if key == "seats":
                assert [s["name"] for s in again[key]] == ["Ann", "random bot"]
            else:
                assert again[key] == before[key], key
        ann.send({"type": "act", "action": "keep", "version": again["version"]})
        ann.until(lambda m: m["type"] == "ack")
        watcher = second.client(bots["id"])
        resumed = watcher.state()
        assert resumed["version"] >= partial["version"]
        final = watcher.until(lambda m: m["type"] == "state" and m["view"]["terminal"])
        record = Record.from_json(second.http.get(f"/api/tables/{bots['id']}/record").json())
        record.replay()
        assert len(record.steps) == final["version"]


def test_seeds_as_wide_as_the_core_draws_are_stored_exactly(storage):
    """A table's seed fixes every deal; the server keeps the core's 53 bits of it."""
    table = stored("wide")
    table.seed = 2**53 - 1
    storage.create_table(table)
    assert storage.load_table("wide").seed == 2**53 - 1
