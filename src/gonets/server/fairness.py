"""Fairness checks: one client cannot starve another, of bot time or of the server's time.

``python -m gonets.server.fairness`` (``bots``, the bot-starvation check): a real server
process on a fresh SQLite file (or ``--db``). One client (a visitor) opens ``--tables``
tables of ``--agent`` bots (default: twenty four-seat Carcassonne tables of ``expert``
bots, every bot decision a search); another client (an account) then plays Love Letter
against a ``heuristic`` bot and, at the same time, against a ``hard`` bot, for ``--turns``
of its own decisions at each table. Printed: how long each of the other client's bots took
to answer (from the frame with the player's move to the frame where the player may act
again; the tables' bot pace is 0), the bot jobs answered meanwhile, the load average, and,
after the server's SIGTERM, which of its processes are left (none, or the check fails).

``python -m gonets.server.fairness joins``: the join flood. The server runs with its default
caps but for the tables a client may open a minute (the player opens one per match). A player
plays Love Letter against a ``heuristic`` bot for ``--turns`` decisions on a quiet server,
then on for ``--seconds`` while another process opens websockets from 127.0.0.1 at
``--rate`` a second (each hangs up at once); the player's own websockets come from
127.0.1.1, another /24 network. Printed: the bot's answers in both halves side by side, how
many of the flood's handshakes were accepted and refused (the join-rate cap refuses them
before any work), the server's CPU time per handshake, and how often the player's own joins
were refused (by its own join rate: it plays at machine speed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import httpx

from gonets.server.load import Server, cpu_seconds, csrf_client, percentile

OTHER_BOTS = ("heuristic", "hard")
REFUSED: list[int] = []           # the player's refused handshakes (their HTTP status)
PLAYER_ADDRESS = "127.0.1.1"      # another /24 than the flood's 127.0.0.1: its own join caps


def children_of(pid: int) -> set[int]:
    """Every living process below ``pid`` (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry.name)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def search_decisions(base: str) -> float:
    """Bot jobs answered so far (``gonets_bot_seconds_count`` of ``/metrics``)."""
    for line in httpx.get(base + "/metrics", timeout=30).text.splitlines():
        if line.startswith("gonets_bot_seconds_count"):
            return float(line.split()[-1])
    return 0.0


def open_against(client: httpx.Client, agent: str, seed: int) -> tuple[str, str]:
    answer = client.post("/api/tables", json={
        "game": "loveletter", "players": 2, "seed": seed, "bot_delay": 0,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": agent}]})
    if answer.status_code != 201:
        raise RuntimeError(f"could not open the other client's table: {answer.text}")
    data = answer.json()
    return data["id"], data["links"]["seat"]["token"]


async def time_answers(ws_base: str, client: httpx.Client, agent: str, turns: int,
                       seed: int, seconds: float = 0.0,
                       local: str | None = None) -> list[float]:
    """Play ``turns`` decisions against ``agent`` (new tables as they finish), and on for at
    least ``seconds``, timing each of its answers; ``local``: the loopback address the
    player's websockets come from."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    rng, answers = random.Random(seed), []
    end = time.perf_counter() + seconds

    def more() -> bool:
        return len(answers) < turns or time.perf_counter() < end

    while more():
        table_id, token = open_against(client, agent, seed + len(answers))
        where = {"local_addr": (local, 0)} if local else {}
        for _ in range(20):
            try:
                socket_ = await connect(f"{ws_base}/ws/{table_id}", max_size=None,
                                        open_timeout=60, **where)
                break
            except InvalidStatus as exc:          # refused at the handshake: noted, again
                REFUSED.append(exc.response.status_code)
                await asyncio.sleep(0.5)
        else:
            raise RuntimeError(f"the player's joins were refused {len(REFUSED)} times")
        async with socket_:
            await socket_.send(json.dumps({"type": "join", "token": token, "name": "Ann"}))
            moved_at, acted_version = None, -1
            while more():
                message = json.loads(await asyncio.wait_for(socket_.recv(), 600))
                if message["type"] != "state":
                    continue
                if message["view"]["terminal"]:
                    break
                if moved_at is None and message["version"] > acted_version >= 0:
                    moved_at = time.perf_counter()      # our move is in; the bot decides
                if message["legal"] and message["version"] > acted_version:
                    if moved_at is not None:
                        answers.append(time.perf_counter() - moved_at)
                        if len(answers) % 10 == 0:
                            print(f"{agent}: {len(answers)}/{turns} answers timed",
                                  file=sys.stderr, flush=True)
                    moved_at, acted_version = None, message["version"]
                    choice = rng.choice(message["legal"])["text"]
                    await socket_.send(json.dumps({"type": "act", "action": choice,
                                                   "version": message["version"]}))
    return answers


def flood(port: int, table_id: str, rate: float, ready, stop, counts) -> None:
    """In its own process: websocket handshakes at ``rate`` a second until ``stop`` is set,
    each closed at once; ``counts`` gets [accepted, refused]."""
    import socket as sockets

    request = (f"GET /ws/{table_id} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
               "Upgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: Z29uZXRzIGZsb29kIGtleQ==\r\nSec-WebSocket-Version: 13\r\n"
               f"Origin: http://127.0.0.1:{port}\r\n\r\n").encode()
    ready.set()
    began, sent = time.perf_counter(), 0
    while not stop.is_set():
        ahead = began + sent / rate - time.perf_counter()
        if ahead > 0:
            time.sleep(ahead)
        sent += 1
        try:
            with sockets.create_connection(("127.0.0.1", port), timeout=5) as conn:
                conn.sendall(request)
                status = conn.recv(64)
        except OSError:
            status = b""
        counts[0 if b" 101 " in status else 1] += 1


def run_joins(rate: float, turns: int, seconds: float, db_url: str | None) -> dict:
    import multiprocessing

    folder = tempfile.TemporaryDirectory()
    server = Server(db_url or f"sqlite:///{folder.name}/joins.sqlite3", 0.0,
                    limits={"tables_per_minute": 100_000}).start()   # the join caps as they are
    context = multiprocessing.get_context("spawn")
    ready, stop, counts = context.Event(), context.Event(), context.Array("l", 2)
    try:
        player = csrf_client(server.base)
        watched, _ = open_against(player, "random", 7)
        quiet = asyncio.run(time_answers(server.ws_base, player, "heuristic", turns, 11,
                                         local=PLAYER_ADDRESS))
        flooder = context.Process(target=flood, args=(server.port, watched, rate, ready, stop,
                                                      counts))
        flooder.start()
        ready.wait(60)
        began, cpu = time.perf_counter(), cpu_seconds(server.process.pid)
        try:
            flooded = asyncio.run(time_answers(server.ws_base, player, "heuristic", turns, 12,
                                               seconds, PLAYER_ADDRESS))
        finally:
            stop.set()
            flooder.join(30)
        lasted = time.perf_counter() - began
        cpu = cpu_seconds(server.process.pid) - cpu
    finally:
        server.stop()
    accepted, refused = counts[0], counts[1]
    figures = {"setting": {"rate": rate, "turns": turns, "seconds": seconds},
               "load_average": [round(x, 2) for x in os.getloadavg()],
               "flood": {"seconds": round(lasted, 1), "handshakes": accepted + refused,
                         "per_second": round((accepted + refused) / lasted, 1),
                         "accepted": accepted, "refused": refused,
                         "server_cpu_share": round(cpu / lasted, 2),
                         "server_cpu_ms_per_handshake": round(
                             1000 * cpu / max(1, accepted + refused), 3)},
               "player_refused": len(REFUSED), "problems": []}
    for label, times in (("quiet", quiet), ("flooded", flooded)):
        figures[f"{label}_answer_ms"] = {
            "count": len(times), "p50": round(1000 * percentile(times, 0.5), 1),
            "p99": round(1000 * percentile(times, 0.99), 1),
            "max": round(1000 * max(times), 1)}
    return figures


def run_fairness(tables: int, game: str, players: int, agent: str, turns: int,
                 db_url: str | None) -> dict:
    folder = tempfile.TemporaryDirectory()
    server = Server(db_url or f"sqlite:///{folder.name}/fairness.sqlite3", 0.0).start()
    problems: list[str] = []
    try:
        for seed in range(tables):
            server.create_bot_table(game, players, agent, seed)
        other = csrf_client(server.base)
        signed = other.post("/api/account/signup", json={"name": "Other", "password":
                                                         "fair share please"})
        if signed.status_code != 201:
            raise RuntimeError(f"could not sign up: {signed.text}")
        other.headers["X-CSRF-Token"] = signed.json()["csrf"]
        time.sleep(2.0)                                # the first client's searches run
        before, began = search_decisions(server.base), time.perf_counter()

        async def both() -> list[list[float]]:
            return await asyncio.gather(*(
                time_answers(server.ws_base, other, bot, turns, 1000 * (index + 1))
                for index, bot in enumerate(OTHER_BOTS)))

        answers = dict(zip(OTHER_BOTS, asyncio.run(both())))
        seconds = time.perf_counter() - began
        decided = search_decisions(server.base) - before
        processes = children_of(server.process.pid)
    finally:
        server.stop()
    time.sleep(1.0)
    left = sorted(pid for pid in processes if alive(pid))
    if left:
        problems.append(f"processes left after SIGTERM: {left}")
    figures = {
        "setting": {"tables": tables, "game": game, "players": players, "agent": agent,
                    "turns": turns},
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "seconds": round(seconds, 1),
        "bot_jobs_meanwhile": int(decided),
        "server_processes": len(processes) + 1,
        "problems": problems,
    }
    for bot, times in answers.items():
        figures[f"{bot}_answer_s"] = {
            "count": len(times), "p50": round(percentile(times, 0.5), 3),
            "p99": round(percentile(times, 0.99), 3), "max": round(max(times), 3)}
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m gonets.server.fairness",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("check", nargs="?", choices=["bots", "joins"], default="bots")
    parser.add_argument("--rate", type=float, default=1000.0,
                        help="(joins) websocket handshakes a second from the flooding client")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="expert")
    parser.add_argument("--turns", type=int, default=40,
                        help="decisions of the other client at each of its tables")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="(joins) seconds the flood lasts at least")
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    args = parser.parse_args(argv)
    if args.check == "joins":
        figures = run_joins(args.rate, args.turns, args.seconds, args.db)
    else:
        figures = run_fairness(args.tables, args.game, args.players, args.agent, args.turns,
                               args.db)
    print(json.dumps(figures, indent=1))
    sys.exit(1 if figures["problems"] else 0)


if __name__ == "__main__":
    main()
