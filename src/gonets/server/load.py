"""Load and crash checks of the web platform, on loopback, against a real server process.

``python -m gonets.server.load run --tables 100``: opens many bot-only tables, one websocket
spectator per table, and reports actions per second and action-to-update latency percentiles
(from the moment the server takes an action to the moment a client has the new frame), then
checks that every table's stored record is complete and replays. With ``--human`` seat 0 of
each table is a websocket client that plays at once whenever it may, timed from its send to
its new frame; the clients join over ``--stagger`` seconds (default 1), since with all of them
joining in the same instant every table moves in lockstep and each of the first few human
turns is 100 actions arriving in the same millisecond (``--stagger 0`` measures that burst).

``python -m gonets.server.load crash --tables 20``: runs bot tables, kills the server with
``kill -9`` mid-game, restarts it on the same database and checks that every table resumes
from exactly its stored steps and finishes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson

from gonets.core import Record, seat_names
from gonets.server.frames import seat_payload, with_earlier_log
from gonets.server.storage import Storage


def never_reading_client(port: int, table_id: str, lang: str = "en") -> socket.socket:
    """A websocket client that joins a table as a spectator and then never reads: a raw
    socket with a tiny receive buffer, the handshake and one masked join frame."""
    import base64

    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws/{table_id} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        reply += sock.recv(1)
    assert reply.startswith(b"HTTP/1.1 101"), reply
    payload = json.dumps({"type": "join", "lang": lang}).encode()
    mask = os.urandom(4)
    sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask
                 + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return sock


# One load client opens every table and socket from one address: the per-address caps of a
# public server are lifted for it (the other caps stay).
LOAD_LIMITS = {"open_tables_per_address": 100_000, "tables_per_minute": 1_000_000,
               "connections_per_address": 100_000, "connections_per_network": 100_000,
               "joins_per_second": 1_000_000.0, "join_burst": 1_000_000}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def csrf_client(base: str) -> httpx.Client:
    """An HTTP client of the server at ``base`` that holds a visitor's cookie and sends its
    CSRF token with every request, as the page does."""
    client = httpx.Client(base_url=base, timeout=30)
    client.headers["X-CSRF-Token"] = client.get("/api/session").json()["csrf"]
    return client


class Server:
    """A ``python -m gonets.server`` child process (``launcher`` replaces the command)."""

    def __init__(self, db_url: str, bot_delay: float, launcher: list[str] | None = None,
                 redis_url: str | None = None, limits: dict | None = None):
        self.db_url = db_url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.command = (launcher or [sys.executable, "-m", "gonets.server"]) + [
            "--port", str(self.port), "--db", db_url, "--bot-delay", str(bot_delay)]
        if redis_url:
            self.command += ["--redis", redis_url]
        self.process: subprocess.Popen | None = None
        self.limits = LOAD_LIMITS if limits is None else limits   # the load's caps, raised

    def start(self, timeout: float = 400) -> Server:
        """Start the server and wait until it answers (a fresh machine compiles the kernels
        first, for two or three minutes)."""
        # the log goes to a file: a pipe nobody reads would block a server that logs much
        self.log = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(self.command, stdout=subprocess.DEVNULL,
                                        stderr=self.log, text=True,
                                        env=dict(os.environ, PYTHONUNBUFFERED="1",
                                                 GONETS_LIMITS=json.dumps(self.limits)))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.seek(0)
                raise RuntimeError(f"the server exited: {self.log.read()[-2000:]}")
            try:
                if httpx.get(self.base + "/api/games", timeout=2).status_code == 200:
                    self.http = csrf_client(self.base)
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()                     # never leave a server behind that nobody measures
        raise RuntimeError("the server did not answer in time")

    def kill9(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill9()

    def create_bot_table(self, game: str, players: int, agent: str, seed: int,
                         preset: str | None = None, human: bool = False,
                         options: dict | None = None) -> tuple[str, str | None]:
        """Open a table of bots (seat 0 human when ``human``); returns its id and seat 0's
        token (or None)."""
        seats = [{"kind": "bot", "agent": agent}] * players
        if human:
            seats = [{"kind": "human"}] + seats[1:]
        spec = {"game": game, "players": players, "seed": seed, "seats": seats}
        if preset:
            spec["preset"] = preset
        if options:
            spec["options"] = options
        response = self.http.post("/api/tables", json=spec)
        if response.status_code != 201:
            raise RuntimeError(f"could not open a table: {response.text}")
        data = response.json()
        link = data["links"]["seat"]
        return data["id"], link["token"] if link else None


@dataclass
class Watch:
    """What one spectator saw of one table."""

    table_id: str
    token: str | None = None
    join_after: float = 0.0
    versions: list[int] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    last: dict | None = None
    finished: bool = False
    errors: int = 0
    problems: list[str] = field(default_factory=list)


async def watch_table(ws_base: str, watch: Watch, stop: asyncio.Event) -> None:
    """Follow a table until it finishes (or ``stop`` is set): as a spectator, or with a token
    as seat 0 playing random legal actions and timing each from send to the new frame. The
    client connects ``watch.join_after`` seconds after the start."""
    import random

    from websockets.asyncio.client import connect

    rng = random.Random(watch.table_id)
    sent: tuple[int, float] | None = None
    await asyncio.sleep(watch.join_after)
    async with connect(f"{ws_base}/ws/{watch.table_id}", max_size=None,
                       open_timeout=60) as socket_:
        join = {"type": "join", "protocol": 2}        # as the table page joins
        if watch.token:
            join.update(token=watch.token, name="load")
        await socket_.send(json.dumps(join))
        while not stop.is_set():
            try:
                data = await asyncio.wait_for(socket_.recv(), 1.0)
            except TimeoutError:
                continue
            received = time.time()
            message = orjson.loads(data)
            if message["type"] == "error" and sent is not None and watch.last is not None:
                # refused (the table moved, or its process changed): choose again, as a
                # player would after reading the error
                watch.errors += 1
                sent = None
                message = watch.last
                await asyncio.sleep(0.2)
            if message["type"] != "state":
                continue
            message = with_earlier_log(message, watch.last)   # as a page keeps its log
            version = message["version"]
            if watch.versions and version < watch.versions[-1]:
                watch.problems.append(f"version went back from {watch.versions[-1]} "
                                      f"to {version}")
            if not watch.versions or version > watch.versions[-1]:
                if watch.versions:                  # the first frame is the joining snapshot
                    watch.latencies.append(received - message["ts"])
                watch.versions.append(version)
            watch.last = message
            if sent is not None and version > sent[0]:
                watch.round_trips.append(received - sent[1])
                sent = None
            if message["view"]["terminal"]:
                watch.finished = True
                return
            if watch.token and message["legal"] and sent is None:
                choice = rng.choice(message["legal"])["text"]
                sent = (version, time.time())
                await socket_.send(json.dumps({"type": "act", "action": choice,
                                               "version": version}))


def run_client(main) -> Any:
    """Run the load client's coroutine on uvloop: the client shares this machine's two cores
    with the server it measures, and its own overhead would count as the server's latency."""
    import uvloop

    return uvloop.run(main)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def check_record(base: str, watch: Watch, engine: list[float] | None = None) -> list[str]:
    """The stored record of a finished table is complete, replays, and matches what was seen;
    ``engine`` adds up the CPU seconds the replays took (the engine's own cost of the steps)."""
    response = httpx.get(f"{base}/api/tables/{watch.table_id}/record", timeout=30)
    if response.status_code != 200:
        return [f"{watch.table_id}: no record ({response.text})"]
    record = Record.from_json(response.json())
    problems = []
    try:
        began = time.process_time()
        state = record.replay()
        if engine is not None:
            engine[0] += time.process_time() - began
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        return [f"{watch.table_id}: record does not replay: {exc}"]
    if not state.is_terminal():
        problems.append(f"{watch.table_id}: record is not finished")
    if watch.last is not None and len(record.steps) != watch.last["version"]:
        problems.append(f"{watch.table_id}: record has {len(record.steps)} steps, clients saw "
                        f"{watch.last['version']}")
    return problems + [f"{watch.table_id}: {p}" for p in watch.problems]


async def follow(server: Server, watches: list[Watch], limit: float) -> float:
    stop = asyncio.Event()
    began = time.monotonic()
    tasks = [asyncio.create_task(watch_table(server.ws_base, w, stop)) for w in watches]
    done, pending = await asyncio.wait(tasks, timeout=limit)
    stop.set()
    await asyncio.gather(*pending, return_exceptions=True)
    for task in done:
        if task.exception() is not None:
            raise task.exception()
    return time.monotonic() - began


def rss_mb(process: subprocess.Popen | None) -> float:
    """Resident memory of a server process and its children (bot workers), in MiB."""
    if process is None or process.poll() is not None:
        return 0.0
    pids = [process.pid]
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return round(total / 1024, 1)


async def follow_many(bases: list[str], watches: list[Watch], limit: float,
                      servers: list[Server], peak: list[float]) -> float:
    """Follow every table from its own process; sample the servers' memory meanwhile."""
    stop = asyncio.Event()
    began = time.monotonic()
    tasks = [asyncio.create_task(watch_table(base, w, stop)) for base, w in zip(bases, watches)]

    async def sample() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], sum(rss_mb(s.process) for s in servers))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    done, pending = await asyncio.wait(tasks, timeout=limit)
    stop.set()
    await asyncio.gather(*pending, sampler, return_exceptions=True)
    for task in done:
        if task.exception() is not None:
            raise task.exception()
    return time.monotonic() - began


def run_load(tables: int, game: str, players: int, agent: str, bot_delay: float,
             limit: float, db_url: str | None = None, preset: str | None = None,
             launcher: list[str] | None = None, human: bool = False,
             stagger: float = 0.0, processes: int = 1,
             redis_url: str | None = None) -> dict[str, Any]:
    """Open ``tables`` bot tables with a websocket client each (a spectator, or with
    ``human`` a client playing seat 0); returns the figures and problems.

    A table with a human seat starts when its client joins. With ``stagger`` the human
    clients join at moments spread evenly over that many seconds, as players at a site
    arrive at different times; with 0 they all join in the same instant, every table starts
    together, and every human acts in the same millisecond (a worst-case burst: each human
    round trip then also waits for the other tables' actions queued before it)."""
    if processes > 1 and not (redis_url and db_url and not db_url.startswith("sqlite")):
        raise ValueError("several processes need a PostgreSQL --db and a --redis URL")
    peak = [0.0]
    with tempfile.TemporaryDirectory() as folder:
        url = db_url or f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        servers = [Server(url, bot_delay, launcher, redis_url if processes > 1 else None)
                   .start() for _ in range(processes)]
        server = servers[0]
        try:
            # tables opened on every process in turn; each client connects to a process
            # drawn at random (a load balancer's choice), so most watch through a mirror
            import random

            rng = random.Random(tables)
            watches = [Watch(*servers[seed % processes].create_bot_table(
                game, players, agent, seed, preset, human),
                join_after=stagger * seed / tables if human else 0.0)
                for seed in range(tables)]
            bases = [servers[rng.randrange(processes)].ws_base for _ in watches]
            cpu = sum(cpu_seconds(each.process.pid) for each in servers)
            client = cpu_seconds(os.getpid())
            elapsed = run_client(follow_many(bases, watches, limit, servers, peak))
            cpu = sum(cpu_seconds(each.process.pid) for each in servers) - cpu
            client = cpu_seconds(os.getpid()) - client
            problems, engine = [], [0.0]
            for watch in watches:
                if not watch.finished:
                    problems.append(f"{watch.table_id}: did not finish within {limit:g} s")
                else:
                    problems += check_record(server.base, watch, engine)
        finally:
            for each in servers:
                each.stop()
    latencies = [lat for w in watches for lat in w.latencies]
    trips = [trip for w in watches for trip in w.round_trips]
    actions = sum(w.versions[-1] - w.versions[0] for w in watches if w.versions)
    humans = {}
    if human:
        humans = {"human_actions": len(trips), "stagger_s": stagger,
                  "human_p50_ms": round(1000 * percentile(trips, 0.50), 2),
                  "human_p95_ms": round(1000 * percentile(trips, 0.95), 2),
                  "human_p99_ms": round(1000 * percentile(trips, 0.99), 2)}
    return {"tables": tables, "processes": processes, "rss_mb_peak": peak[0],
            "game": game, "players": players, "agent": agent, **humans,
            "bot_delay": bot_delay, "seconds": round(elapsed, 2), "updates": len(latencies),
            "steps": actions, "steps_per_s": round(actions / elapsed, 1),
            "updates_per_s": round(len(latencies) / elapsed, 1),
            "p50_ms": round(1000 * percentile(latencies, 0.50), 2),
            "p95_ms": round(1000 * percentile(latencies, 0.95), 2),
            "p99_ms": round(1000 * percentile(latencies, 0.99), 2),
            "max_ms": round(1000 * max(latencies, default=float("nan")), 2),
            "server_cpu_s": round(cpu, 2),
            "server_cpu_ms_per_1000_steps": round(1e6 * cpu / max(1, actions), 1),
            "engine_replay_ms_per_1000_steps": round(1e6 * engine[0] / max(1, actions), 1),
            "server_to_engine": round(cpu / engine[0], 1) if engine[0] else None,
            "client_cpu_ms_per_1000_steps": round(1e6 * client / max(1, actions), 1),
            "refused": sum(w.errors for w in watches),
            "finished": sum(w.finished for w in watches), "problems": problems}


def stored_steps(db_url: str, ids: list[str]) -> dict[str, list[dict]]:
    storage = Storage(db_url)
    try:
        return {table_id: storage.load_table(table_id).steps for table_id in ids}
    finally:
        storage.close()


def run_crash(tables: int, game: str, players: int, agent: str, bot_delay: float,
              before_kill: float, limit: float, db_url: str | None = None,
              preset: str | None = None, launcher: list[str] | None = None) -> dict[str, Any]:
    """Kill -9 the server while ``tables`` bot tables run, restart, check they resume exactly."""
    with tempfile.TemporaryDirectory() as folder:
        url = db_url or f"sqlite:///{Path(folder) / 'crash.sqlite3'}"
        first = Server(url, bot_delay, launcher).start()
        try:
            ids = [first.create_bot_table(game, players, agent, seed, preset)[0]
                   for seed in range(tables)]
            watches = [Watch(table_id) for table_id in ids]
            asyncio.run(follow(first, watches, before_kill))
        finally:
            first.kill9()
        at_kill = stored_steps(url, ids)
        problems = []
        for watch in watches:
            seen = watch.last["version"] if watch.last else 0
            if len(at_kill[watch.table_id]) < seen:
                problems.append(f"{watch.table_id}: clients saw step {seen} but only "
                                f"{len(at_kill[watch.table_id])} steps were stored")
        unfinished = sum(not w.finished for w in watches)
        second = Server(url, bot_delay, launcher).start()
        try:
            after = [Watch(table_id) for table_id in ids]
            asyncio.run(follow(second, after, limit))
            resumed_at = {}
            for watch, earlier in zip(after, watches):
                steps = at_kill[watch.table_id]
                resumed_at[watch.table_id] = len(steps)
                if not watch.finished:
                    problems.append(f"{watch.table_id}: did not finish after the restart")
                    continue
                record = httpx.get(f"{second.base}/api/tables/{watch.table_id}/record",
                                   timeout=30).json()
                if record["steps"][:len(steps)] != steps:
                    problems.append(f"{watch.table_id}: the resumed record differs from the "
                                    f"steps stored at the kill")
                problems += check_record(second.base, watch)
                problems += same_picture(record, earlier)
        finally:
            second.stop()
    return {"tables": tables, "game": game, "unfinished_at_kill": unfinished,
            "steps_at_kill": sum(resumed_at.values()),
            "finished_after_restart": sum(w.finished for w in after), "problems": problems}


def run_failover(tables: int, game: str, players: int, agent: str, bot_delay: float,
                 before_kill: float, limit: float, db_url: str, redis_url: str,
                 preset: str | None = None, launcher: list[str] | None = None
                 ) -> dict[str, Any]:
    """Two processes on one PostgreSQL and Redis, ``tables`` bot tables opened on both, each
    watched from the second; the first is killed with ``kill -9``: its tables must be taken
    over by the second and finish, keeping every step stored before the kill."""
    first = Server(db_url, bot_delay, launcher, redis_url).start()
    second = Server(db_url, bot_delay, launcher, redis_url).start()
    try:
        ids = [(first if seed % 2 == 0 else second).create_bot_table(
            game, players, agent, seed, preset)[0] for seed in range(tables)]
        watches = [Watch(table_id) for table_id in ids]
        stop = asyncio.Event()

        async def watch_all() -> float:
            tasks = [asyncio.create_task(watch_table(second.ws_base, w, stop)) for w in watches]
            await asyncio.sleep(before_kill)
            killed_at[0] = time.monotonic()
            first.kill9()
            for table_id in ids:
                stored = storage.load_table(table_id)
                if stored.status != "finished":
                    unfinished[table_id] = len(stored.steps)
            done, pending = await asyncio.wait(tasks, timeout=limit)
            stop.set()
            await asyncio.gather(*pending, return_exceptions=True)
            for task in done:
                if task.exception() is not None:
                    raise task.exception()
            return time.monotonic() - killed_at[0]

        storage = Storage(db_url)
        killed_at = [0.0]
        unfinished: dict[str, int] = {}             # table -> steps stored at the kill
        try:
            owners_before = {t: storage.owner_of(t) for t in ids}
            elapsed = asyncio.run(watch_all())
            at_kill = {}
            owners_after = {t: storage.owner_of(t) for t in ids}
        finally:
            storage.close()
        killed_owner = owners_before[ids[0]]
        problems = []
        for watch in watches:
            record = httpx.get(f"{second.base}/api/tables/{watch.table_id}/record", timeout=30)
            if not watch.finished or record.status_code != 200:
                problems.append(f"{watch.table_id}: did not finish after the kill")
                continue
            problems += check_record(second.base, watch)
            at_kill[watch.table_id] = len(record.json()["steps"])
        moved = [t for t in ids if owners_before[t] == killed_owner and t in unfinished]
        stayed = [t for t in moved if owners_after[t] == killed_owner]
        problems += [f"{t}: still owned by the killed process" for t in stayed]
        problems += [f"{t}: {unfinished[t]} steps stored at the kill, {at_kill[t]} after"
                     for t in moved if t in at_kill and at_kill[t] < unfinished[t]]
    finally:
        first.stop()
        second.stop()
    return {"tables": tables, "owned_by_killed": len(moved),
            "unfinished_at_kill": len(unfinished),
            "finished_after_kill": sum(w.finished for w in watches),
            "seconds_after_kill": round(elapsed, 2), "problems": problems}


def run_spectators(spectators: int, seconds: float, tables: int = 4, db_url: str | None = None,
                   launcher: list[str] | None = None, game: str = "loveletter",
                   players: int = 4) -> dict[str, Any]:
    """``spectators`` clients that join bot tables, each asking a different language, and
    never read a byte; for ``seconds`` the server's memory is sampled (the bar: it stays
    small, since unknown languages share the English frames and a client that does not read
    is dropped past its byte cap)."""
    with tempfile.TemporaryDirectory() as folder:
        url = db_url or f"sqlite:///{Path(folder) / 'spectators.sqlite3'}"
        server = Server(url, 0.05, launcher).start()
        sockets = []
        try:
            long_game = {"tokens_to_win": {str(players): 12}} if game == "loveletter" else None
            ids = [server.create_bot_table(game, players, "random", seed, options=long_game)[0]
                   for seed in range(tables)]
            peak, began = 0.0, time.monotonic()
            for index in range(spectators):
                sockets.append(never_reading_client(server.port, ids[index % tables],
                                                    lang=f"l{index:02d}"))
            while time.monotonic() - began < seconds:
                peak = max(peak, rss_mb(server.process))
                time.sleep(0.5)
            alive = server.process.poll() is None
            versions = [httpx.get(f"{server.base}/api/tables/{t}", timeout=30).json()["version"]
                        for t in ids]
        finally:
            for sock in sockets:
                sock.close()
            server.stop()
    return {"spectators": spectators, "seconds": seconds, "tables": len(ids),
            "steps_played": sum(versions), "rss_mb_peak": peak, "server_alive": alive,
            "problems": [] if alive else ["the server died"]}


def same_picture(record: dict, earlier: Watch) -> list[str]:
    """The last frame a spectator saw before the kill is what the record shows at that step."""
    if earlier.last is None:
        return []
    parsed = Record.from_json(record)
    from gonets.core import get_game

    version = earlier.last["version"]
    view = parsed.replay(upto=version).view(None)
    expected = seat_payload(get_game(parsed.game), view, names=seat_names(parsed.seats))
    seen = {key: earlier.last[key] for key in ("view", "svg", "log")}
    differing = [key for key in seen if expected[key] != seen[key]]
    if differing:
        detail = ""
        if "view" in differing:
            detail = "; view keys " + ", ".join(
                key for key in expected["view"]
                if expected["view"][key] != seen["view"].get(key))
        return [(f"{earlier.table_id}: step {version} replays differently from what was shown "
                f"({', '.join(differing)}{detail})")]
    return []


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m gonets.server.load",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("check", choices=["run", "crash", "spectators"])
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--game", default="loveletter")
    parser.add_argument("--preset", default=None)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="random")
    parser.add_argument("--bot-delay", type=float, default=0.5)
    parser.add_argument("--before-kill", type=float, default=5.0)
    parser.add_argument("--limit", type=float, default=600.0,
                        help="seconds the tables get to finish")
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--redis", default=None, help="Redis URL (for --processes above 1)")
    parser.add_argument("--processes", type=int, default=1,
                        help="(run) server processes on the one database (above 1: "
                             "PostgreSQL and --redis); clients spread over them")
    parser.add_argument("--human", action="store_true",
                        help="(run) seat 0 of each table is a websocket client playing at "
                             "random; reports send-to-update round trips too")
    parser.add_argument("--stagger", type=float, default=1.0,
                        help="(run --human) seconds over which the human clients join, evenly "
                             "spread (default 1; 0: every table starts in the same instant and "
                             "all humans act in the same millisecond, a worst-case burst)")
    args = parser.parse_args(argv)
    if args.check == "run":
        figures = run_load(args.tables, args.game, args.players, args.agent, args.bot_delay,
                           args.limit, args.db, args.preset, human=args.human,
                           stagger=args.stagger, processes=args.processes,
                           redis_url=args.redis)
    elif args.check == "spectators":
        figures = run_spectators(args.spectators, args.seconds, db_url=args.db)
    else:
        figures = run_crash(args.tables, args.game, args.players, args.agent, args.bot_delay,
                            args.before_kill, args.limit, args.db, args.preset)
    print(json.dumps(figures, indent=1))
    sys.exit(1 if figures["problems"] else 0)


if __name__ == "__main__":
    main()
