"""Drive a lab run: play the missing shards of a plan, store each, optionally stop early
(sequential stopping): once every win-rate interval is narrower than asked (``until_ci``), or
once a seat's test has the power to detect a stated difference from the fair share
(``detect``)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from gonets.core.errors import OptionError
from gonets.lab.backends import backend_session, check_backend, shard_source
from gonets.lab.plan import LabPlan
from gonets.lab.store import RunDir
from gonets.sim.stats import ALPHA, POWER, power_at, sample_size, wilson_interval


@dataclass
class Tally:
    """Win counts by seat and by agent, enough to know the width of every win-rate interval,
    and the sum of ``k (n - k)`` over matches with ``k`` winners of ``n`` seats, enough to know
    the power of a seat's test (:meth:`null_sd`)."""

    players: int
    games: int = 0
    seat_wins: list[int] = field(default_factory=list)
    agent_wins: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    agent_seats: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    spread: int = 0

    def __post_init__(self) -> None:
        self.seat_wins = [0] * self.players

    def add(self, agents: Iterable[str], winners: Iterable[int]) -> None:
        agents = list(agents)
        winners = sorted(set(winners))
        self.games += 1
        self.spread += len(winners) * (self.players - len(winners))
        for seat in winners:
            self.seat_wins[seat] += 1
            self.agent_wins[agents[seat]] += 1
        for name in agents:
            self.agent_seats[name] += 1

    def null_sd(self) -> float:
        """The standard deviation of one match's ``won - k/n`` for a seat when seats do not
        matter, ``sqrt(mean k (n - k) / n^2)`` (see :func:`gonets.lab.inference.null_sd`)."""
        if not self.games:
            return math.nan
        return math.sqrt(self.spread / (self.games * self.players ** 2))

    def needed(self, delta: float) -> int | None:
        """Matches a seat's two-sided test at 5% needs for 80% power against a win rate
        ``delta`` from the fair share (None while no match has told seats apart)."""
        sd = self.null_sd()
        return sample_size(delta, sd, ALPHA, POWER) if sd > 0 else None

    def power(self, delta: float) -> float:
        """The power of a seat's test against ``delta`` with the matches so far."""
        if self.needed(delta) is None:
            return math.nan
        return power_at(self.games, delta, self.null_sd(), ALPHA)

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
    stopped_by: str              # "done", "interval", "power" or "cap"
    power: float = math.nan      # with detect: a seat test's power against it at the end
    needed: int | None = None    # with detect: the matches that power asks for at the end


@dataclass(frozen=True)
class StopRule:
    """When a run has enough matches: every win-rate interval narrower than ``target``
    (``interval``), or a seat's test with 80% power at two-sided 5% against a win-rate
    difference of ``target`` from the fair share (``power``)."""

    kind: str
    target: float

    def reached(self, tally: Tally) -> bool:
        if not tally.games:
            return False
        if self.kind == "interval":
            return tally.widest() < self.target
        needed = tally.needed(self.target)
        return needed is not None and tally.games >= needed

    def wanted(self, tally: Tally) -> float:
        """The matches the rule asks for in all, estimated from the tally: the widest
        interval's width shrinks like 1/sqrt(n); the power formula gives its count (while
        no match tells seats apart: twice the matches so far)."""
        if self.kind == "interval":
            return tally.games * (tally.widest() / self.target) ** 2
        needed = tally.needed(self.target)
        return needed if needed is not None else 2 * tally.games

    def outcome(self, tally: Tally, games: int, played: int, stopped_by: str) -> RunOutcome:
        if self.kind == "interval":
            return RunOutcome(games, played, tally.widest(), stopped_by)
        return RunOutcome(games, played, tally.widest(), stopped_by,
                          tally.power(self.target), tally.needed(self.target))


ShardDone = Callable[[int, int, float], None]
MatchCount = Callable[[int], None]


def run_lab(plan: LabPlan, run: RunDir, *, backend: str = "local", jobs: int = 1,
            address: str | None = None, resume: bool = False, until_ci: float | None = None,
            save_dir: str | None = None, on_shard: ShardDone | None = None,
            detect: float | None = None, on_match: MatchCount | None = None) -> RunOutcome:
    """Play every shard of ``plan`` that ``run`` lacks (with ``until_ci``: only until every
    win-rate interval is narrower than it; with ``detect``: only until a seat's two-sided
    test at 5% has 80% power against a win rate ``detect`` from the fair share;
    ``plan.games`` being the cap). ``on_shard`` sees each stored shard with the widest
    interval so far; ``on_match`` the number of matches this call has finished, match by
    match on either backend."""
    rule = stop_rule(plan, until_ci, detect)
    check_backend(backend, address, save_dir)
    done = run.start(plan, resume)
    tally = tally_run(run, plan.config.players) if rule is not None else None
    with backend_session(backend, jobs, address):
        return _play_missing(plan, run, done, tally, backend=backend, jobs=jobs,
                             address=address, rule=rule, save_dir=save_dir,
                             on_shard=on_shard, on_match=on_match)


def stop_rule(plan: LabPlan, until_ci: float | None, detect: float | None) -> StopRule | None:
    """The sequential stopping rule asked for (None: play every match), or a clear error."""
    if until_ci is not None and detect is not None:
        raise OptionError("--until-ci and --detect are two stopping rules; give one of them")
    if until_ci is not None:
        if not 0 < until_ci < 1:
            raise OptionError(f"--until-ci is an interval width between 0 and 1, not {until_ci}")
        return StopRule("interval", until_ci)
    if detect is not None:
        if not 0 < detect < 1:
            raise OptionError(f"--detect is a win-rate difference between 0 and 1 (0.02 is "
                              f"2 points), not {detect}")
        if plan.config.players < 2:
            raise OptionError("--detect compares a seat with the fair share; a game of one "
                              "seat has nothing to compare (use --until-ci)")
        return StopRule("power", detect)
    return None


class _Counter:
    """The matches a run has finished in this call, for ``on_match``: the stored rows, or
    more while the workers count matches of shards not yet stored (never going back)."""

    def __init__(self, on_match: MatchCount | None) -> None:
        self.on_match = on_match
        self.shown = 0
        self.base = 0              # rows stored before the batch now playing

    def batch(self, played: int) -> MatchCount:
        self.base = played
        return lambda counted: self.show(self.base + counted)

    def show(self, count: int) -> None:
        if self.on_match is not None and count > self.shown:
            self.shown = count
            self.on_match(count)


def _play_missing(plan: LabPlan, run: RunDir, done: set[tuple[int, int]], tally: Tally | None,
                  *, backend: str, jobs: int, address: str | None, rule: StopRule | None,
                  save_dir: str | None, on_shard: ShardDone | None,
                  on_match: MatchCount | None = None) -> RunOutcome:
    played = 0
    counter = _Counter(on_match)
    while True:
        missing = missing_ranges(plan, done)
        if rule is not None and rule.reached(tally):
            return rule.outcome(tally, run.row_count(), played, rule.kind)
        if not missing:
            if rule is not None:
                return rule.outcome(tally, run.row_count(), played, "cap")
            return RunOutcome(run.row_count(), played, math.nan, "done")
        batch = missing if rule is None else _next_batch(missing, tally, rule.wanted(tally),
                                                         jobs)
        for start, end, rows in shard_source(backend, plan, batch, jobs, address, save_dir,
                                             counter.batch(played)):
            run.write_shard(start, end, rows)
            done.add((start, end))
            played += len(rows)
            if tally is not None:
                for row in rows:
                    tally.add(row["agents"], row["winners"])
            if on_shard is not None:
                on_shard(start, end, tally.widest() if tally is not None else math.nan)
            counter.show(played)


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


def _next_batch(missing: list[tuple[int, int]], tally: Tally, wanted: float,
                jobs: int) -> list[tuple[int, int]]:
    """The next shards to play: as many as the stopping rule says are still wanted (``wanted``
    matches in all), at least one per worker, lowest first."""
    if not tally.games:
        return missing[:max(1, jobs)]
    needed = wanted - tally.games
    size = missing[0][1] - missing[0][0]
    count = max(max(1, jobs), math.ceil(needed / size))
    return missing[:count]

