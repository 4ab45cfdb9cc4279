"""Storage on SQLite and (when GONETS_TEST_POSTGRES is set) PostgreSQL: records are stored
step by step, a step index is written once, and a restarted server resumes every table."""

from __future__ import annotations

import asyncio

import pytest

from gonets.core import Record
from gonets.server.limits import Limits
from gonets.server.manager import TableManager
from gonets.server.storage import (
    LeaseLost,
    MissingTable,
    StepConflict,
    StoredTable,
    normalise_url,
)

from .helpers import ServerThread, in_fresh_thread


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


KEEP = [{"seat": 0, "action": "keep"}]


def paced_steps(storage, table_ids: str):
    """The group commit of a manager with a 0.5 s pace (far longer than a write takes) over
    new tables named by the letters of ``table_ids``, and the list it records each batch's
    tables in."""
    for table_id in table_ids:
        storage.create_table(stored(table_id))
    steps = TableManager(storage, limits=Limits(bot_workers=0, write_pace=0.5)).steps
    batches: list[list[str]] = []
    store = steps.store

    async def recorded(writes):
        batches.append([write[0] for write in writes])
        return await store(writes)

    steps.store = recorded
    return steps, batches


def test_writes_close_together_share_a_batch_and_a_lone_one_goes_at_once(storage):
    """The group commit's pace: a write after a quiet spell is sent at once; writes that
    come within the pace of a batch's start wait for each other and go in one batch (without
    the pace, "b" and "c" below would each be a batch of their own); a batch that fills up
    while it waits goes at once."""
    steps, batches = paced_steps(storage, "abcdef")

    async def writes():
        loop = asyncio.get_running_loop()

        async def started(*table_ids: str) -> list:
            """Start a write for each table, then let the loop turn a few times."""
            tasks = [loop.create_task(steps.append((t, 1, KEEP, "running", None)))
                     for t in table_ids]
            for _ in range(5):
                await asyncio.sleep(0)
            return tasks

        try:
            first = await started("a")                  # the first write: nothing before it
            at_once = list(batches)
            await asyncio.gather(*first)
            steps.started = loop.time()               # a batch has just started
            paced = await started("b") + await started("c")
            waited = list(batches)
            answers = await asyncio.gather(*paced)
            steps.MOST = 2
            steps.started = loop.time()
            full = await started("d") + await started("e")   # "e" fills the waiting batch
            full_at_once = batches[2:]
            answers += await asyncio.gather(*full)
            steps.started = loop.time() - 1           # a quiet spell
            lone = await started("f")
            lone_at_once = batches[3:]
            answers += await asyncio.gather(*lone)
            return at_once, waited, full_at_once, lone_at_once, answers
        finally:
            await steps.close()

    at_once, waited, full_at_once, lone_at_once, answers = in_fresh_thread(asyncio.run,
                                                                           writes())
    assert at_once == [["a"]] and waited == [["a"]]
    assert full_at_once == [["d", "e"]] and lone_at_once == [["f"]]
    assert batches == [["a"], ["b", "c"], ["d", "e"], ["f"]] and answers == [True] * 5
    assert [storage.load_table(t).version for t in "abcdef"] == [2] * 6


def test_a_write_waiting_for_the_pace_when_its_loop_ends_is_dropped(storage):
    """A write still waiting for the pace when its event loop ends (its caller cancelled)
    is not stored by a later loop: the next batch holds only the next loop's writes."""
    steps, batches = paced_steps(storage, "ab")

    async def ends_while_waiting():
        steps.started = asyncio.get_running_loop().time()
        asyncio.get_running_loop().create_task(steps.append(("a", 1, KEEP, "running", None)))
        for _ in range(5):
            await asyncio.sleep(0)          # returns: the loop ends with "a" waiting

    async def next_loop():
        try:
            return await steps.append(("b", 1, KEEP, "running", None))
        finally:
            await steps.close()

    in_fresh_thread(asyncio.run, ends_while_waiting())
    assert in_fresh_thread(asyncio.run, next_loop()) is True
    assert batches == [["b"]] and steps.waiting == []
    assert [storage.load_table(t).version for t in "ab"] == [1, 2]


def test_a_batch_of_step_writes_answers_each_table_for_itself(storage):
    """The group commit (on PostgreSQL one statement from the event loop): the tables it can
    write are stored with their progress; a missing table, another process's table and a
    step stored already each get their own answer, and nothing of theirs is written."""
    for table_id in ("a", "b", "c"):
        storage.create_table(stored(table_id))
    manager = TableManager(storage, limits=Limits(bot_workers=0))
    keep, swap = [{"seat": 0, "action": "keep"}], [{"seat": 0, "action": "swap"}]

    async def batches():
        try:
            first = await manager.steps.store([("a", 1, keep, "running", None),
                                               ("gone", 1, keep, "running", None),
                                               ("b", 1, swap, "running", None, None, 5.0)])
            again = await manager.steps.store([("a", 1, keep, "running", None),
                                               ("c", 1, keep, "running", None)])
            moved = await manager.steps.store([("c", 2, swap, "running", None, "p2")])
            return first, again, moved
        finally:
            await manager.steps.close()

    first, again, moved = in_fresh_thread(asyncio.run, batches())
    assert first[0] is True and first[2] is True and isinstance(first[1], MissingTable)
    assert again == [False, True]          # "a": the same step again stores nothing
    assert isinstance(moved[0], LeaseLost)
    assert storage.load_table("gone") is None
    a, b, c = (storage.load_table(table_id) for table_id in "abc")
    assert a.steps[1:] == keep and a.version == 2 and a.status == "running"
    assert b.steps[1:] == swap and b.version == 2 and b.deadline == 5.0
    assert c.steps[1:] == keep and c.version == 2      # p2's step was not written


def test_the_loop_writer_takes_statements_that_arrive_together(storage):
    """Step batches, seat writes and new tables reach the event loop's one connection at
    the same moments: each waits its turn and every one goes in."""
    if not storage.is_postgres:
        pytest.skip("the loop writer is PostgreSQL's")
    from gonets.server.pgwrites import create_statement, seats_statement
    from gonets.server.storage import table_row

    manager = TableManager(storage, limits=Limits(bot_workers=0))
    keep = [{"seat": 0, "action": "keep"}]
    for n in range(6):
        storage.create_table(stored(f"s{n}"))
    storage.create_table(stored("opens"))

    async def scenario():
        await manager.steps.store([("opens", 1, keep, "running", None)])   # its connection
        fresh = [stored(f"new{n}") for n in range(6)]
        for table in fresh:
            table.created = table.updated = 1.0
        jobs = [manager.steps.store([(f"s{n}", 1, keep, "running", None)]) for n in range(6)]
        jobs += [manager.update_seats(f"s{n}", [{"kind": "human", "name": f"P{n}"}],
                                      "running", None, None) for n in range(6)]
        jobs += [manager.steps.on_the_loop(*create_statement(table_row(table), table.steps))
                 for table in fresh]
        jobs.append(manager.steps.on_the_loop(*seats_statement("s0", [], "running", None,
                                                               None)))
        answers = await asyncio.gather(*jobs)
        await manager.steps.close()
        return answers

    answers = in_fresh_thread(asyncio.run, scenario())
    assert answers[:6] == [[True]] * 6
    assert [seats[0]["name"] for seats in answers[6:12]] == [f"P{n}" for n in range(6)]
    assert answers[12:18] == [{f"new{n}"} for n in range(6)] and answers[18] == {"s0"}
    assert manager.outage.failures == 0
    for n in range(6):
        assert storage.load_table(f"s{n}").steps[1:] == keep
        assert storage.load_table(f"new{n}").game == stored().game


def test_the_loop_writer_replaces_a_connection_that_broke_while_idle(storage):
    """As a pool's ping before use would: a step write after the database dropped the
    writer's connection goes in on a new one, with no outage; a stopped writer takes none."""
    if not storage.is_postgres:
        pytest.skip("the loop writer is PostgreSQL's")
    import sqlalchemy

    from gonets.server.faults import DatabaseUnavailable

    storage.create_table(stored("idle"))
    manager = TableManager(storage, limits=Limits(bot_workers=0))
    keep = [{"seat": 0, "action": "keep"}]

    async def scenario():
        first = await manager.steps.store([("idle", 1, keep, "running", None)])
        pid = manager.steps.loop_writer.conn.get_server_pid()
        with storage.engine.begin() as conn:
            conn.execute(sqlalchemy.text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        second = await manager.steps.store([("idle", 2, keep, "running", None)])
        await manager.steps.close()
        try:
            await manager.steps.store([("idle", 3, keep, "running", None)])
        except DatabaseUnavailable:
            return first, second, "refused"
        return first, second, "taken"

    first, second, after_close = in_fresh_thread(asyncio.run, scenario())
    assert first == [True] and second == [True] and after_close == "refused"
    assert manager.outage.failures == 1            # only the write after the stop
    assert storage.load_table("idle").steps[1:] == keep * 2


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
                assert [s["name"] for s in again[key]] == ["Ann", "Oleg · random bot"]
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
