"""Several server processes as one platform, over one PostgreSQL and one Redis.

Each unfinished table is run by exactly one process, its *owner*, which holds a lease on it
in the database and renews it every second. Any other process where a client of that table
connects keeps a *mirror*: the table replayed from the database and kept in step by the
owner's updates on Redis (channel ``gonets:table:<id>``: the new steps, seats and status),
so frames are built next to each client, from its own seat's view only. What a client of a
mirror asks (an action, a name, a seat) is sent to the owner's channel
(``gonets:proc:<owner>``) and answered there. A process that dies stops renewing; within
``lease`` seconds another one takes its tables over, replays them from their stored steps
and goes on; the mirrors follow the new owner.

Pub/sub loses what is sent while a process is not listening: a mirror that sees a gap in
the steps reloads the table from the database, which is always the truth.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

try:
    from redis.exceptions import RedisError
except ImportError:                  # a single process does not need Redis installed
    class RedisError(Exception):  # type: ignore[no-redef]
        """Stands for redis-py's errors where redis-py is not installed."""

from gonets.server.spec import TableError

if TYPE_CHECKING:
    from gonets.server.host import TableHost

log = logging.getLogger("gonets.server")
LEASE_SECONDS = 5.0              # a lease not renewed for this long is taken over
RENEW_EVERY = 1.0
CALL_SECONDS = 8.0
REDIS_ENV = "GONETS_REDIS_URL"


class Cluster:
    """This process's part in a platform of several: leases, updates, forwarded requests."""

    def __init__(self, manager: TableHost, redis_url: str, lease: float = LEASE_SECONDS):
        import redis.asyncio as redis


        self.manager = manager
        self.id = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.lease = lease
        # a blocking pool: a burst of updates waits for a free connection instead of failing
        pool = redis.BlockingConnectionPool.from_url(redis_url, max_connections=32, timeout=10)
        self.redis = redis.Redis(connection_pool=pool)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        self.calls: dict[str, asyncio.Future] = {}
        self.tasks: list[asyncio.Task] = []
        # its own database thread: renewals must not queue behind the tables' writes
        self.lease_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gonets-lease")

    async def _lease_db(self, method, *args) -> Any:
        return await self.manager.db_call(self.lease_thread, method, args)

    async def start(self) -> None:
        await self.pubsub.subscribe(f"gonets:proc:{self.id}")
        await self.pubsub.psubscribe("gonets:table:*")
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._listen()), loop.create_task(self._keep_leases())]

    async def stop_listening(self) -> None:
        """No more take-overs, renewals or forwarded requests (a stopping process)."""
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.tasks = []

    async def stop(self) -> None:
        """Release this process's tables to the others and close the connections."""
        await self.stop_listening()
        owned = [t.id for t in self.manager.tables.values() if t.owned]
        try:
            await self.manager.write(self.manager.storage.release, self.id, owned)
        except TableError:
            pass
        await self.pubsub.aclose()
        await self.redis.aclose()
        self.lease_thread.shutdown(wait=False)

    # -- leases -------------------------------------------------------------------------------
    async def acquire(self, table_id: str) -> bool:
        now = time.time()
        return await self._lease_db(self.manager.storage.acquire, table_id, self.id,
                                    now + self.lease, now)

    async def _keep_leases(self) -> None:
        """Renew this process's leases; take over tables whose process stopped renewing."""
        while True:
            await asyncio.sleep(RENEW_EVERY)
            try:
                await self._renew()
                await self._adopt_orphans()
                await self._check_mirrors()
            except TableError:                  # the database is down: the next round
                continue
            except Exception:  # noqa: BLE001 - the lease keeper must keep going
                log.exception("keeping the table leases failed")

    async def _renew(self) -> None:
        owned = [t for t in self.manager.tables.values() if t.owned and t.status != "finished"]
        kept = await self._lease_db(self.manager.storage.renew, self.id,
                                    [t.id for t in owned], time.time() + self.lease)
        for table in owned:
            if table.id not in kept:            # taken over (this process was too slow)
                log.warning("table %s: the lease went to another process", table.id)
                table.become_mirror()

    async def _adopt_orphans(self) -> None:
        for table_id in await self._lease_db(self.manager.storage.orphans, time.time()):
            if await self.acquire(table_id):
                log.warning("table %s: taken over (its process stopped)", table_id)
                await self.manager.take_over(table_id)
                await self.announce(table_id, {"owner": self.id})

    async def _check_mirrors(self) -> None:
        """Mirrors someone watches are compared with the database: an update lost (its owner
        died between storing and publishing it) would leave them behind for ever."""
        mirrors = [t for t in self.manager.tables.values() if not t.owned and t.connections]
        stored = await self.manager.read(self.manager.storage.versions, [t.id for t in mirrors])
        for table in mirrors:
            if stored.get(table.id, table.version) != table.version:
                await table.reload()

    # -- updates ------------------------------------------------------------------------------
    async def publish(self, table: Any, start: int) -> None:
        """Tell the mirrors what changed from step ``start`` on (seats, status, steps)."""
        await self.announce(table.id, {
            "owner": self.id, "start": start, "steps": table.match.record.steps[start:],
            "seats": table.seats, "hashes": table.token_hashes, "status": table.status,
            "result": table.match.record.result, "failure": table.failure,
            "deadline": table.deadline})

    async def announce(self, table_id: str, message: dict) -> None:
        try:
            await self.redis.publish(f"gonets:table:{table_id}",
                                     json.dumps({"from": self.id, **message}))
        except Exception as exc:  # noqa: BLE001 - mirrors reload on the next gap
            log.warning("table %s: update not published (%s)", table_id, exc)

    # -- forwarded requests -------------------------------------------------------------------
    async def call(self, table: Any, method: str, *args: Any) -> Any:
        """Run ``method`` of the table on its owner; its refusal comes back as TableError."""
        key = secrets.token_hex(8)
        future = asyncio.get_running_loop().create_future()
        self.calls[key] = future
        owner = table.owner or await self.manager.read(self.manager.storage.owner_of, table.id)
        try:
            await self.redis.publish(f"gonets:proc:{owner}", json.dumps({
                "call": key, "reply": self.id, "table": table.id, "method": method,
                "args": list(args)}))
            answer = await asyncio.wait_for(future, CALL_SECONDS)
        except (TimeoutError, RedisError):
            raise TableError("the server process running this table does not answer; another "
                             "one takes it over within seconds: please try again",
                             "process_silent") from None
        finally:
            self.calls.pop(key, None)
        if "error" in answer:
            raise TableError(answer["error"], answer.get("code") or "internal",
                             **(answer.get("params") or {}))
        return answer.get("result")

    async def _serve_call(self, message: dict) -> None:
        reply = {"answer": message["call"]}
        try:
            table = self.manager.tables.get(message["table"])
            if table is None or not table.owned:
                raise TableError("that table moved to another server process; try again",
                                 "table_moved")
            reply["result"] = await table.run_forwarded(message["method"], message["args"])
        except TableError as exc:
            reply.update(error=str(exc), code=exc.code, params=exc.params)
        except Exception as exc:  # noqa: BLE001 - the caller gets an error, not silence
            log.exception("table %s: a forwarded request failed", message.get("table"))
            reply.update(error=f"the server failed to handle that ({type(exc).__name__})",
                         code="internal", params={})
        try:
            await self.redis.publish(f"gonets:proc:{message['reply']}", json.dumps(reply))
        except RedisError as exc:           # the caller times out and tells its client
            log.warning("redis: an answer was not sent (%s)", exc)

    async def _listen(self) -> None:
        while True:
            try:
                message = await self.pubsub.get_message(timeout=1.0)
            except Exception as exc:  # noqa: BLE001 - Redis restarts: listen again
                log.warning("redis: %s; listening again", exc)
                await asyncio.sleep(1.0)
                continue
            if message is None:
                continue
            data = json.loads(message["data"])
            if "call" in data:
                asyncio.get_running_loop().create_task(self._serve_call(data))
            elif "answer" in data:
                future = self.calls.get(data["answer"])
                if future is not None and not future.done():
                    future.set_result(data)
            elif data.get("from") != self.id:
                table_id = message["channel"].decode().rpartition(":")[2]
                table = self.manager.tables.get(table_id)
                if table is None:
                    continue
                if "chat" in data:                 # chat and rematch reach owners too
                    table.chat_arrived(data["chat"])
                elif "rematch" in data:
                    table.point_to_rematch(data["rematch"], announce=False)
                elif not table.owned:
                    await table.follow(data)
