"""Drive a lab run: play the missing shards of a plan, store each, optionally stop early once
every win-rate interval is narrower than asked (sequential stopping)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from gonets.core.errors import OptionError
from gonets.lab.backends import backend_session, check_backend, shard_source
from gonets.lab.plan import LabPlan
from gonets.lab.store import RunDir
from gonets.sim.stats import wilson_interval


@dataclass
class Tally:
    """Win counts by seat and by agent, enough to know the width of every win-rate interval."""

    players: int
    games: int = 0
    seat_wins: list[int] = field(default_factory=list)
    agent_wins: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    agent_seats: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def __post_init__(self) -> None:
        self.seat_wins = [0] * self.players

    def add(self, agents: Iterable[str], winners: Iterable[int]) -> None:
        agents = list(agents)
        self.games += 1
        for seat in winners:
            self.seat_wins[seat] += 1
            self.agent_wins[agents[seat]] += 1
        for name in agents:
            self.agent_seats[name] += 1

    def widths(self) -> dict[str, float]:
        """The width of each reported 95% interval, by label (``seat p1``, ``agent random``)."""
        out = {}
        for seat, wins in enumerate(self.seat_wins):
            low, high = wilson_interval(wins, self.games)
            out[f"seat p{seat + 1}"] = high - low
        for name, seats in sorted(self.agent_seats.items()):
            low, high = wilson_interval(self.agent_wins[name], seats)
            out[f"agent {name}"] = high - low
        return out

    def widest(self) -> float:
        return max(self.widths().values(), default=1.0)


def tally_run(run: RunDir, players: int) -> Tally:
    """A tally of the rows a run already holds."""
    import pyarrow.parquet as pq

    tally = Tally(players)
    for path in run.shard_files():
        table = pq.read_table(path, columns=["agents", "winners"]).to_pydict()
        for agents, winners in zip(table["agents"], table["winners"], strict=True):
            tally.add(agents, winners)
    return tally


@dataclass
class RunOutcome:
    """What a call to :func:`run_lab` did."""

    games: int                   # rows in the run now
    played: int                  # matches played by this call
    widest: float                # widest win-rate interval at the end
    stopped_by: str              # "done", "interval" or "cap"


ShardDone = Callable[[int, int, float], None]


def run_lab(plan: LabPlan, run: RunDir, *, backend: str = "local", jobs: int = 1,
            address: str | None = None, resume: bool = False, until_ci: float | None = None,
            save_dir: str | None = None, on_shard: ShardDone | None = None) -> RunOutcome:
    """Play every shard of ``plan`` that ``run`` lacks (with ``until_ci``: only until every
    win-rate interval is narrower than it, ``plan.games`` being the cap)."""
    if until_ci is not None and not 0 < until_ci < 1:
        raise OptionError(f"--until-ci is an interval width between 0 and 1, not {until_ci}")
    check_backend(backend, address, save_dir)
    done = run.start(plan, resume)
    tally = tally_run(run, plan.config.players) if until_ci is not None else None
    with backend_session(backend, jobs, address):
        return _play_missing(plan, run, done, tally, backend=backend, jobs=jobs,
                             address=address, until_ci=until_ci, save_dir=save_dir,
                             on_shard=on_shard)


def _play_missing(plan: LabPlan, run: RunDir, done: set[tuple[int, int]], tally: Tally | None,
                  *, backend: str, jobs: int, address: str | None, until_ci: float | None,
                  save_dir: str | None, on_shard: ShardDone | None) -> RunOutcome:
    played = 0
    while True:
        missing = missing_ranges(plan, done)
        if tally is not None and tally.games and tally.widest() < until_ci:
            return RunOutcome(run.row_count(), played, tally.widest(), "interval")
        if not missing:
            widest = tally.widest() if tally is not None else math.nan
            return RunOutcome(run.row_count(), played,
                              widest, "cap" if tally is not None else "done")
        batch = missing if tally is None else _next_batch(missing, tally, until_ci, jobs)
        for start, end, rows in shard_source(backend, plan, batch, jobs, address, save_dir):
            run.write_shard(start, end, rows)
            done.add((start, end))
            played += len(rows)
            if tally is not None:
                for row in rows:
                    tally.add(row["agents"], row["winners"])
            if on_shard is not None:
                on_shard(start, end, tally.widest() if tally is not None else math.nan)


def missing_ranges(plan: LabPlan, done: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The match ranges of ``plan`` that no stored shard holds, cut at shard boundaries
    (a run extended past a short last shard plays only the matches after it)."""
    out = []
    stored = sorted(done)
    for start, end in plan.shards():
        cursor = start
        for low, high in stored:
            if high <= cursor or low >= end:
                continue
            if low > cursor:
                out.append((cursor, low))
            cursor = max(cursor, high)
        if cursor < end:
            out.append((cursor, end))
    return out


def _next_batch(missing: list[tuple[int, int]], tally: Tally, width: float,
                jobs: int) -> list[tuple[int, int]]:
    """The next shards to play: as many as the interval widths so far suggest are needed
    (width shrinks like 1/sqrt(n)), at least one per worker, lowest first."""
    if not tally.games:
        return missing[:max(1, jobs)]
    needed = tally.games * ((tally.widest() / width) ** 2) - tally.games
    size = missing[0][1] - missing[0][0]
    count = max(max(1, jobs), math.ceil(needed / size))
    return missing[:count]

