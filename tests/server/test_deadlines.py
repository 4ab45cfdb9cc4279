"""Decisions over days: the stored wall-clock deadline survives restarts, and a deadline that
passed applies the table's ``absent`` rule (bot, drop, end)."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import update

from gonets.server.schema import tables_table
from gonets.server.storage import Storage

from .helpers import ServerThread

HUMAN_AND_BOT = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]


def stored(url: str, table_id: str):
    storage = Storage(url)
    try:
        return storage.load_table(table_id)
    finally:
        storage.close()


def set_deadline(url: str, table_id: str, deadline: float) -> None:
    storage = Storage(url)
    try:
        with storage.engine.begin() as conn:
            conn.execute(update(tables_table).where(tables_table.c.id == table_id)
                         .values(deadline=deadline))
    finally:
        storage.close()


def spectator_frame(server: ServerThread, table_id: str) -> dict:
    with server.client(table_id) as watcher:
        return watcher.state()


def wait_finished(server: ServerThread, table_id: str, timeout: float = 20) -> dict:
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        summary = server.http.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            return summary
        time.sleep(0.05)
    raise AssertionError(f"table {table_id} did not finish")


def test_the_stored_deadline_survives_restarts(toy, sqlite_url):
    with ServerThread(sqlite_url) as server:
        before = time.time()
        created = server.create(game="toy", players=2, turn_seconds=3600, name="Ann",
                                seats=HUMAN_AND_BOT)
        table_id = created["id"]
        first = stored(sqlite_url, table_id).deadline
        assert before + 3600 <= first <= time.time() + 3600
        frame = spectator_frame(server, table_id)
        assert frame["turn_left"] == pytest.approx(first - time.time(), abs=2)
    time.sleep(1.2)                  # a restart later: the same deadline, less time left
    with ServerThread(sqlite_url) as server:
        frame = spectator_frame(server, table_id)
        assert stored(sqlite_url, table_id).deadline == first
        assert frame["turn_left"] == pytest.approx(first - time.time(), abs=1)
        assert frame["turn_left"] < 3600 - 1
    # 10 hours into a 24-hour turn, the restarted table still has 14 hours
    set_deadline(sqlite_url, table_id, time.time() + 14 * 3600)
    with ServerThread(sqlite_url) as server:
        frame = spectator_frame(server, table_id)
        assert frame["turn_left"] == pytest.approx(14 * 3600, abs=5)
        assert frame["version"] == 1                         # nobody played meanwhile


def test_turn_timers_up_to_three_days_and_the_absent_rule_are_checked(server, toy):
    long = server.create(game="toy", players=2, turn_seconds=72 * 3600, name="Ann",
                         seats=HUMAN_AND_BOT)
    assert long["table"]["turn_seconds"] == 72 * 3600
    cases = [({"turn_seconds": 72 * 3600 + 1}, "bad_number"),
             ({"turn_seconds": 60, "absent": "kick"}, "bad_absent"),
             ({"turn_seconds": 60, "absent": True}, "bad_absent"),
             ({"absent": "drop"}, "absent_needs_timer"),
             ({"absent": "end"}, "absent_needs_timer")]
    for extra, code in cases:
        answer = server.http.post("/api/tables", json={"game": "toy", "players": 2, **extra})
        assert answer.status_code == 400, extra
        assert answer.json()["code"] == code, answer.json()


def test_a_deadline_passed_while_the_server_was_down_lets_the_stand_in_play(toy, sqlite_url):
    with ServerThread(sqlite_url) as server:
        created = server.create(game="toy", players=2, turn_seconds=3600, name="Ann",
                                seats=HUMAN_AND_BOT)
        table_id = created["id"]
    set_deadline(sqlite_url, table_id, time.time() - 5)
    with ServerThread(sqlite_url) as server:
        with server.client(table_id) as watcher:
            later = watcher.until(lambda m: m["type"] == "state" and m["version"] >= 3)
        steps = server.http.get(f"/api/tables/{table_id}").json()
        assert steps["status"] == "running"
        # one stand-in move for Ann, the bot's, and Ann's next decision has a fresh deadline
        again = stored(sqlite_url, table_id)
        acts = [step for step in again.steps if "seat" in step]
        assert [s["seat"] for s in acts] == [0, 1]
        assert acts[0].get("stand_in") is True and not acts[1].get("stand_in")
        assert again.deadline == pytest.approx(time.time() + 3600, abs=10)
        assert later["turn_left"] == pytest.approx(3600, abs=10)


def test_the_drop_rule_lets_a_bot_play_the_rest_and_counts_the_seat_abandoned(server, toy):
    created = server.create(game="toy", players=2, turn_seconds=1, absent="drop", name="Ann",
                            seats=HUMAN_AND_BOT, bot_delay=0.0)
    table_id = created["id"]
    summary = wait_finished(server, table_id)
    assert summary["seats"][0].get("dropped") is True
    record = server.http.get(f"/api/tables/{table_id}/record").json()
    acts = [step for step in record["steps"] if "seat" in step]
    assert [s["seat"] for s in acts] == [0, 1, 0, 1]          # the game was played out
    assert all(s.get("stand_in") for s in acts if s["seat"] == 0)
    assert record["result"]["detail"]["abandoned"] == [0]
    assert "stopped" not in record["result"]["detail"]
    frame = spectator_frame(server, table_id)
    assert frame["seats"][0]["dropped"] is True and frame["view"]["terminal"]


def test_the_end_rule_ends_the_game_and_the_others_win(server, toy):
    created = server.create(game="toy", players=2, turn_seconds=1, absent="end", name="Ann",
                            seats=HUMAN_AND_BOT)
    table_id = created["id"]
    summary = wait_finished(server, table_id)
    assert summary["result"] == {"scores": [0.0, 0.0], "winners": [1]}
    record = server.http.get(f"/api/tables/{table_id}/record").json()
    assert not [step for step in record["steps"] if "seat" in step]     # nobody moved
    detail = record["result"]["detail"]
    assert detail["abandoned"] == [0] and "Ann ran out of time" in detail["stopped"]
    frame = spectator_frame(server, table_id)
    assert frame["status"] == "finished" and frame["ended"] == detail["stopped"]
    assert frame["turn_left"] is None and frame["legal"] == []


def test_a_rematch_keeps_the_timer_and_the_absent_rule(server, toy):
    created = server.create(game="toy", players=2, turn_seconds=1, absent="end", name="Ann",
                            seats=HUMAN_AND_BOT)
    wait_finished(server, created["id"])
    with server.client(created["id"], created["links"]["seat"]["token"]) as ann:
        ann.state()
        ann.send({"type": "rematch"})
        link = ann.until(lambda m: m["type"] == "rematch")
    again = stored(server_url(server), link["table"])
    assert again.absent == "end" and again.turn_seconds == 1


def server_url(server: ServerThread) -> str:
    return server.manager.storage.url


def test_the_deadline_is_stored_with_the_steps_and_with_the_seats(storage):
    from gonets.server.storage import StoredTable

    for name in ("t1", "t2", "t3"):
        storage.create_table(StoredTable(
            id=name, game="toy", players=2, preset="default", options={"rounds": 2},
            seats=[{"kind": "human", "name": "A"}] * 2, token_hashes=[None, None], seed=1,
            bot_delay=0.0, turn_seconds=3600, status="running", deadline=100.0))
    storage.append_steps("t1", 0, [{"seat": 0, "action": "keep"}], "running", None,
                         None, 5000.0)
    assert storage.load_table("t1").deadline == 5000.0
    storage.append_batch([("t2", 0, [{"a": 1}], "running", None, None, 7000.0),
                          ("t3", 0, [{"a": 2}], "running", None, None, None)])
    assert storage.load_table("t2").deadline == 7000.0
    assert storage.load_table("t3").deadline is None
    seats = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
    storage.update_seats("t1", seats, "running")                  # the deadline stays
    assert storage.load_table("t1").deadline == 5000.0
    storage.update_seats("t1", seats, "running", None, None, 9000.0)
    assert storage.load_table("t1").deadline == 9000.0
