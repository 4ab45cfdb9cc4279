"""Database faults against the real server on SQLite and PostgreSQL: lost COMMIT answers,
failing writes, outages, an emptied database, a record that no longer replays, a lock."""

from __future__ import annotations

import logging
import threading
import time

import pytest
import sqlalchemy
from sqlalchemy.exc import OperationalError

from gonets.server import storage
from gonets.server.storage import normalise_url

from .helpers import ServerThread

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def lost(what: str) -> OperationalError:
    return OperationalError(what, {}, Exception("server closed the connection unexpectedly"))


def running_table(server):
    created = server.create(game="toy", players=2, seats=HUMANS)
    tokens = server.seat_tokens(created)
    ann = server.client(created["id"], tokens[0], name="Ann")
    bob = server.client(created["id"], tokens[1], name="Bob")
    state = ann.until(lambda m: m["type"] == "state" and m["status"] == "running")
    return created["id"], ann, bob, state


def stored_steps(server, table_id):
    return server.manager.storage.load_table(table_id).steps


@pytest.fixture
def site(toy, db_url):
    with ServerThread(db_url) as running:
        yield running


def lost_on_the_loop(what: str) -> Exception:
    import asyncpg

    return asyncpg.exceptions.ConnectionDoesNotExistError(
        f"{what}: connection was closed in the middle of operation")


def on_every_step_write(site, monkeypatch, before=None, after=None) -> None:
    """Wrap both places a step write reaches the database: the writer thread's
    ``Storage.append_batch`` and, on PostgreSQL, the event loop's statements (a seat write's
    too). ``before(error)``
    runs before the write and ``after(error)`` after it; either may raise ``error(what)``,
    the lost connection as that path's driver reports it."""
    storage = site.manager.storage
    threaded = storage.append_batch

    def thread_write(writes):
        if before:
            before(lost)
        outcomes = threaded(writes)
        if after:
            after(lost)
        return outcomes

    monkeypatch.setattr(storage, "append_batch", thread_write)
    writer = site.manager.steps.loop_writer
    if writer is None:
        return
    looped = writer.written

    async def loop_write(statement, params, again=True):
        if before:
            before(lost_on_the_loop)
        written = await looped(statement, params, again)
        if after:
            after(lost_on_the_loop)
        return written

    monkeypatch.setattr(writer, "written", loop_write)


def test_a_commit_whose_answer_was_lost_is_found_stored_and_acknowledged(site, monkeypatch):
    table_id, ann, bob, state = running_table(site)
    answers = []

    def lose_the_first_answer(error):
        answers.append(error)
        if len(answers) == 1:
            raise error("COMMIT")

    on_every_step_write(site, monkeypatch, after=lose_the_first_answer)
    ann.send({"type": "act", "action": "swap", "version": state["version"], "ref": "s"})
    ack = ann.until(lambda m: m["type"] in ("ack", "error"))
    assert ack["type"] == "ack" and ack["version"] == state["version"] + 1
    assert len(answers) >= 2                        # retried, found stored, not doubled
    steps = stored_steps(site, table_id)
    assert len(steps) == ack["version"] and steps[-1] == {"seat": 0, "action": "swap"}
    bob.until(lambda m: m["type"] == "state" and m["version"] == ack["version"])


def test_a_new_table_whose_answer_was_lost_is_found_stored_and_opened(site, monkeypatch):
    """The database stores a new table but its answer is lost on the way back (in the
    writer thread, or on PostgreSQL from the event loop): the creation is found stored, so
    the player gets the table, which is stored once and plays."""
    storage = site.manager.storage
    lost_answers = []
    threaded = storage.create_table

    def thread_create(*args):
        threaded(*args)
        lost_answers.append("thread")
        raise lost("COMMIT")

    monkeypatch.setattr(storage, "create_table", thread_create)
    writer = site.manager.steps.loop_writer
    if writer is not None:
        looped = writer.written

        async def loop_write(statement, params, again=True):
            written = await looped(statement, params, again)
            if "token_hashes" in params:               # the new table's INSERT
                lost_answers.append("loop")
                raise lost_on_the_loop("INSERT")
            return written

        monkeypatch.setattr(writer, "written", loop_write)
    table_id, ann, _bob, state = running_table(site)
    assert lost_answers == (["loop"] if writer is not None else ["thread"])
    assert storage.versions([table_id]) == {table_id: state["version"]}
    ann.send({"type": "act", "action": "swap", "version": state["version"]})
    ann.until(lambda m: m["type"] == "state" and m["version"] == state["version"] + 1)
    assert len(stored_steps(site, table_id)) == state["version"] + 1


def test_a_new_table_given_an_id_already_taken_gets_another_and_the_other_is_untouched(
        site, monkeypatch, caplog):
    """A creation whose random id is another table's is not taken for one whose answer was
    lost, nor for an outage: it tries another id (three in all, then it is refused), and the
    other table keeps its seats, its secrets and its record."""
    import itertools
    import types

    from prometheus_client import REGISTRY

    from gonets.server import manager

    def database_errors():
        return REGISTRY.get_sample_value("gonets_database_errors_total")

    caplog.set_level(logging.WARNING, logger="gonets.server")
    errors = database_errors()
    first = site.create(game="toy", players=2, seats=HUMANS)
    taken = first["id"]
    before = site.manager.storage.load_table(taken)
    draws = itertools.chain([taken], itertools.repeat("fresh1d"))
    monkeypatch.setattr(manager, "secrets",
                        types.SimpleNamespace(token_hex=lambda n: next(draws)))
    created = site.http.post("/api/tables", json={"game": "toy", "players": 2, "seats": HUMANS})
    assert created.status_code == 201 and created.json()["id"] == "fresh1d"
    assert site.manager.storage.load_table("fresh1d").seed == \
        site.manager.tables["fresh1d"].stored.seed
    monkeypatch.setattr(manager, "secrets", types.SimpleNamespace(token_hex=lambda n: taken))
    refused = site.http.post("/api/tables", json={"game": "toy", "players": 2, "seats": HUMANS})
    assert refused.status_code == 503
    after = site.manager.storage.load_table(taken)
    assert (after.seed, after.token_hashes, after.steps) == \
        (before.seed, before.token_hashes, before.steps)
    assert site.manager.tables[taken].stored.token_hashes == before.token_hashes
    said = [r.getMessage() for r in caplog.records]
    assert sum("was taken already" in line for line in said) == 3, said
    assert not any("database unavailable" in line for line in said), said
    assert database_errors() == errors and site.manager.outage.since is None


def test_a_write_that_fails_while_reads_work_is_reported_not_done(site, monkeypatch):
    table_id, ann, _bob, state = running_table(site)

    def disk_full(_error):
        raise OSError("disk full")

    on_every_step_write(site, monkeypatch, before=disk_full)
    ann.send({"type": "act", "action": "swap", "version": state["version"]})
    error = ann.until(lambda m: m["type"] == "error")
    assert "could not store that action; nothing was done" in error["message"]
    table = site.manager.tables[table_id]
    assert table.version == state["version"] and table.state.view(0) == state["view"]
    monkeypatch.undo()
    ann.send({"type": "act", "action": "keep", "version": state["version"]})
    after = ann.until(lambda m: m["type"] == "state" and m["version"] > state["version"])
    assert after["view"]["swaps"] == [0, 0] and "you keep" in after["log"]


def test_an_unanswered_write_is_settled_when_the_database_is_back(site, monkeypatch):
    """The database goes silent right after committing: the player is told the outcome is
    not known, the table takes no other action meanwhile, and once the database answers
    the stored step is adopted, once."""
    table_id, ann, bob, state = running_table(site)
    storage = site.manager.storage
    down = threading.Event()

    def silent_before(error):
        if down.is_set():
            raise error("write")

    def silent_after(error):
        down.set()                                   # committed, then the line went dead
        raise error("COMMIT")

    on_every_step_write(site, monkeypatch, before=silent_before, after=silent_after)
    for name in ("steps_from", "load_table"):
        original = getattr(storage, name)

        def silent(*args, _original=original, _name=name):
            if down.is_set():
                raise lost(_name)
            return _original(*args)

        monkeypatch.setattr(storage, name, silent)
    ann.send({"type": "act", "action": "swap", "version": state["version"]})
    error = ann.until(lambda m: m["type"] == "error")
    assert "not known yet whether that action was stored" in error["message"]
    ann.send({"type": "act", "action": "keep", "version": state["version"]})
    assert "waits for the database" in ann.until(lambda m: m["type"] == "error")["message"]
    down.clear()
    monkeypatch.undo()
    settled = bob.until(lambda m: m["type"] == "state" and m["version"] > state["version"])
    assert settled["view"]["swaps"] == [1, 0]
    notice = ann.until(lambda m: m["type"] == "notice")
    assert "your last action was stored" in notice["message"]
    assert len(stored_steps(site, table_id)) == settled["version"]


def test_an_outage_gives_json_errors_and_one_log_line(site, monkeypatch, caplog):
    storage = site.manager.storage
    finished = site.create(game="toy", players=2, seed=1,
                           seats=[{"kind": "bot", "agent": "random"}] * 2)["id"]
    deadline = time.monotonic() + 20
    while site.http.get(f"/api/tables/{finished}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    originals = {name: getattr(storage, name) for name in ("page", "load_table")}
    for name in originals:
        monkeypatch.setattr(storage, name, lambda *a, _n=name: (_ for _ in ()).throw(lost(_n)))
    site.manager.tables.clear()
    caplog.set_level(logging.WARNING, logger="gonets.server")
    for path in ["/api/tables"] * 3 + [f"/api/tables/{finished}", "/api/tables/abc123"]:
        response = site.http.get(path)
        assert response.status_code == 503, (path, response.text)
        assert "database is not answering" in response.json()["error"]
        assert response.headers["retry-after"] == "2"
    down = [r for r in caplog.records if "database unavailable" in r.getMessage()]
    assert len(down) == 1 and not down[0].exc_info
    for name, original in originals.items():
        monkeypatch.setattr(storage, name, original)
    assert site.http.get("/api/tables").status_code == 200
    assert site.http.get(f"/api/tables/{finished}").json()["status"] == "finished"
    back = [r for r in caplog.records if "answers again" in r.getMessage()]
    assert len(back) == 1


def test_a_database_recreated_empty_gets_its_schema_back(site, db_url):
    table_id, ann, _bob, state = running_table(site)
    engine = sqlalchemy.create_engine(normalise_url(db_url))
    with engine.begin() as conn:
        conn.execute(sqlalchemy.text("DROP TABLE gonets_steps"))
        conn.execute(sqlalchemy.text("DROP TABLE gonets_tables"))
    engine.dispose()
    lobby = site.http.get("/api/tables?status=finished")
    assert lobby.status_code == 200 and lobby.json()["finished"] == []
    created = site.create(game="toy", players=2, seats=[{"kind": "bot", "agent": "random"}] * 2)
    assert site.manager.storage.load_table(created["id"]) is not None
    ann.send({"type": "act", "action": "keep", "version": state["version"]})
    assert "cannot go on" in ann.until(lambda m: m["type"] == "error")["message"]
    broken = site.http.get("/api/tables").json()["broken"]
    assert [t["id"] for t in broken] == [table_id]


def test_a_record_that_no_longer_replays_is_marked_broken_and_replayed_once(toy, db_url):
    with ServerThread(db_url) as first:
        created = first.create(game="toy", players=2, seats=HUMANS)
    engine = sqlalchemy.create_engine(normalise_url(db_url))
    with engine.begin() as conn:
        conn.execute(sqlalchemy.text("INSERT INTO gonets_steps (table_id, idx, step) VALUES "
                                     "(:t, 1, '{\"seat\": 0, \"action\": \"fly\"}')"),
                     {"t": created["id"]})
    engine.dispose()
    with ServerThread(db_url) as second:
        loads = []
        storage = second.manager.storage
        original = storage.load_table
        storage.load_table = lambda *a: loads.append(a) or original(*a)
        for _ in range(3):
            response = second.http.get(f"/api/tables/{created['id']}")
            assert response.status_code == 409
            assert "no longer replays" in response.json()["error"]
        client = second.client(created["id"], join=False)
        assert "no longer replays" in client.recv()["message"]
        assert loads == []                               # replayed once, at the start
        broken = second.http.get("/api/tables").json()["broken"]
        assert broken[0]["id"] == created["id"] and "fly" in broken[0]["broken"]


def test_a_locked_database_slows_only_the_requests_that_wait_for_it(toy, sqlite_url,
                                                                     monkeypatch):
    import sqlite3

    # The write waits for the lock longer than the answers below may take, and the lock is
    # held until they come: a write that held them up would leave them unanswered.
    monkeypatch.setattr(storage, "SQLITE_BUSY_MS", 120_000)
    with ServerThread(sqlite_url) as server:
        table_id, ann, bob, state = running_table(server)
        locker = sqlite3.connect(sqlite_url.removeprefix("sqlite:///"), timeout=10)
        locker.execute("BEGIN EXCLUSIVE")
        try:
            ann.send({"type": "act", "action": "keep", "version": state["version"]})
            time.sleep(0.2)                              # the write now waits for the lock
            bob.send({"type": "ping", "ref": "p"})
            bob.until(lambda m: m["type"] == "pong")
            assert server.http.get("/api/tables?status=open").status_code == 200
            assert server.http.get("/api/games").status_code == 200
            assert not [m for m in ann.drain() if m["type"] in ("ack", "error")]
        finally:
            locker.rollback()
            locker.close()
        ack = ann.until(lambda m: m["type"] in ("ack", "error"))
        assert ack["type"] == "ack" and ack["version"] == state["version"] + 1


def test_health_says_alive_and_readiness_follows_the_database(site, monkeypatch):
    assert site.http.get("/healthz").json() == {"status": "alive"}
    ready = site.http.get("/readyz")
    assert ready.status_code == 200 and ready.json() == {"status": "ready", "database": "ok"}
    monkeypatch.setattr(site.manager.storage, "ping", lambda: (_ for _ in ()).throw(lost("ping")))
    time.sleep(1.1)                                # readiness is asked at most once a second
    down = site.http.get("/readyz")
    assert down.status_code == 503 and down.json()["status"] == "not ready"
    assert down.json()["database"].startswith("failed")
    assert site.http.get("/healthz").status_code == 200
    monkeypatch.setattr(site.manager.storage, "ping", lambda: time.sleep(30))
    time.sleep(1.1)
    stalled = site.http.get("/readyz")                 # a database that never answers
    assert stalled.status_code == 503 and "no answer within" in stalled.json()["database"]
    monkeypatch.undo()
    time.sleep(1.1)
    assert site.http.get("/readyz").status_code == 200


def test_seat_writes_go_from_the_event_loop_and_a_lost_table_is_still_told(site, monkeypatch):
    """On PostgreSQL a guest's seat write (a join's name, a new name) is one statement from
    the event loop, not the writer thread; where it writes nothing (the table's row is gone)
    the thread's write says why, and the player hears that the table cannot go on."""
    storage = site.manager.storage
    threaded = storage.update_seats
    calls = []

    def counted(*args, **kwargs):
        calls.append(args[0])
        return threaded(*args, **kwargs)

    monkeypatch.setattr(storage, "update_seats", counted)
    table_id, ann, bob, state = running_table(site)
    assert (calls == []) if storage.is_postgres else (calls.count(table_id) >= 2)
    seats = storage.load_table(table_id).seats
    assert [seat.get("name") for seat in seats] == ["Ann", "Bob"]
    ann.send({"type": "name", "name": "Anna", "ref": "n"})
    assert ann.until(lambda m: m.get("ref") == "n")["type"] == "ack"
    assert storage.load_table(table_id).seats[0]["name"] == "Anna"
    with storage.engine.begin() as conn:               # the table's row is lost
        conn.execute(sqlalchemy.text("DELETE FROM gonets_tables WHERE id = :id"),
                     {"id": table_id})
    before = len(calls)
    ann.send({"type": "name", "name": "Annie", "ref": "m"})
    answer = ann.until(lambda m: m.get("ref") == "m")
    assert answer["type"] == "error" and answer["code"] == "table_stopped", answer
    assert len(calls) == before + 1                     # the thread's write said why


def test_a_guests_table_is_created_from_the_event_loop_as_the_thread_stores_one(site,
                                                                                monkeypatch):
    """On PostgreSQL a new table no account sits at is stored by one statement from the event
    loop, with every column and first step the writer thread's transaction would write; it
    then plays on as any other."""
    storage = site.manager.storage
    threaded = storage.create_table
    calls = []

    def counted(table, *args, **kwargs):
        calls.append(table.id)
        return threaded(table, *args, **kwargs)

    monkeypatch.setattr(storage, "create_table", counted)
    table_id, ann, bob, state = running_table(site)
    assert (calls == []) if storage.is_postgres else (calls == [table_id])
    live, stored = site.manager.tables[table_id], storage.load_table(table_id)
    assert stored.steps == live.match.record.steps[:len(stored.steps)]
    assert stored.version == len(stored.steps) >= 1
    for name in ("game", "players", "preset", "options", "seed", "bot_delay", "turn_seconds",
                 "hints", "rated", "private", "absent", "creator", "rules", "owner"):
        assert getattr(stored, name) == getattr(live.stored, name), name
    assert stored.created > 0 and stored.token_hashes == live.token_hashes
    ann.send({"type": "act", "action": "swap", "version": state["version"], "ref": "s"})
    assert ann.until(lambda m: m.get("ref") == "s")["type"] == "ack"
    assert len(storage.load_table(table_id).steps) == state["version"] + 1
