"""The bot-starvation check: one client's many search tables beside another client's bots.

``python -m gonets.server.fairness``: a real server process on a fresh SQLite file (or
``--db``). One client (a visitor) opens ``--tables`` tables of ``--agent`` bots (default:
twenty four-seat Carcassonne tables of ``expert`` bots, every bot decision a search); another
client (an account) then plays Love Letter against a ``heuristic`` bot and, at the same time,
against a ``hard`` bot, for ``--turns`` of its own decisions at each table. Printed: how long
each of the other client's bots took to answer (from the frame with the player's move to the
frame where the player may act again; the tables' bot pace is 0), the search decisions the
first client's tables made meanwhile, the load average, and, after the server's SIGTERM,
which of its processes are left (none, or the check fails).
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

from gonets.server.load import Server, csrf_client, percentile

OTHER_BOTS = ("heuristic", "hard")


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
                       seed: int) -> list[float]:
    """Play ``turns`` decisions against ``agent`` (new tables as they finish), timing each
    of its answers."""
    from websockets.asyncio.client import connect

    rng, answers = random.Random(seed), []
    while len(answers) < turns:
        table_id, token = open_against(client, agent, seed + len(answers))
        async with connect(f"{ws_base}/ws/{table_id}", max_size=None,
                           open_timeout=60) as socket_:
            await socket_.send(json.dumps({"type": "join", "token": token, "name": "Ann"}))
            moved_at, acted_version = None, -1
            while len(answers) < turns:
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
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="expert")
    parser.add_argument("--turns", type=int, default=40,
                        help="decisions of the other client at each of its tables")
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    args = parser.parse_args(argv)
    figures = run_fairness(args.tables, args.game, args.players, args.agent, args.turns,
                           args.db)
    print(json.dumps(figures, indent=1))
    sys.exit(1 if figures["problems"] else 0)


if __name__ == "__main__":
    main()
