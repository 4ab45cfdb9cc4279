"""Progress of the long commands (gonets.progress, gonets.sim.pool): match by match, as a Rich
bar on a terminal and as plain lines on a file or pipe, with the rate, the time left and, for
``--until-ci``, the widest interval."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console
from rich.progress import Progress
from typer.testing import CliRunner

from gonets.cli import add_game_commands, app
from gonets.progress import PlainProgress, duration_text, interval_total, progress_bar
from gonets.sim.pool import counted_imap, counting, match_done

runner = CliRunner()
add_game_commands()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def plain(every: float = 5.0) -> tuple[PlainProgress, io.StringIO, Clock]:
    out, clock = io.StringIO(), Clock()
    console = Console(file=out, width=200)
    return PlainProgress(console, every=every, clock=clock, unit="matches"), out, clock


def test_plain_lines_come_every_few_seconds_with_rate_and_time_left():
    progress, out, clock = plain()
    with progress:
        task = progress.add_task("czar tournament", total=20)
        clock.now += 2
        progress.advance(task)                    # 2 s: too soon for a line
        assert out.getvalue() == ""
        clock.now += 3
        progress.advance(task)                    # 5 s: a line
        clock.now += 1
        progress.update(task, completed=3)        # 1 s later: none
    lines = out.getvalue().splitlines()
    assert lines[0] == ("czar tournament: 2/20 matches (10%), 24.0/min, about 45 s left, "
                        "5 s so far")
    assert lines[1] == "czar tournament: 3/20 matches (15%), 30.0/min, 6 s in all"
    assert len(lines) == 2


def test_a_short_command_writes_no_progress_line():
    progress, out, clock = plain()
    with progress:
        task = progress.add_task("quick", total=3)
        for _ in range(3):
            clock.now += 1
            progress.advance(task)
    assert out.getvalue() == ""


def test_a_resumed_run_counts_its_rate_from_what_it_plays_now():
    progress, out, clock = plain(every=0)
    task = progress.add_task("run", total=100, completed=60)
    clock.now += 10
    progress.update(task, completed=70, description="run, widest interval 0.051")
    assert out.getvalue().strip() == ("run, widest interval 0.051: 70/100 matches (70%), "
                                      "1.0/s, about 30 s left, 10 s so far")


def test_the_display_is_a_bar_on_a_terminal_lines_elsewhere():
    assert isinstance(progress_bar(Console(file=io.StringIO(), force_terminal=True)), Progress)
    assert isinstance(progress_bar(Console(file=io.StringIO())), PlainProgress)


def test_durations_and_interval_totals():
    assert [duration_text(s) for s in (4.4, 65, 7322)] == ["4 s", "1 min 05 s", "2 h 02 min"]
    # the widest interval 0.2 after 100 matches, 0.1 asked: about 400 in all, within the cap
    assert interval_total(100, 0.2, 0.1, 1000) == 400
    assert interval_total(100, 0.2, 0.1, 300) == 300
    assert interval_total(100, 0.05, 0.1, 1000) == 100
    assert interval_total(0, float("nan"), 0.1, 1000) == 1000


def _three_matches(task: int) -> int:
    for _ in range(3):
        match_done()
    return task


def test_pool_workers_count_every_match_they_finish():
    seen = []
    results = sorted(counted_imap("fork", 2, _three_matches, range(5), on_count=seen.append,
                                  poll=0.05))
    assert results == [0, 1, 2, 3, 4]
    assert seen[-1] == 15 and seen == sorted(seen)


def _results_held_at_each_count(run) -> list[int]:
    """How many results the caller held each time ``run(on_count)`` handed on a count."""
    taken, held = [], []
    for result in run(lambda done: held.append(len(taken))):
        taken.append(result)
    return held


def test_a_count_shown_is_never_ahead_of_every_result_the_caller_has():
    """The workers count a match before its result reaches the driver. A count handed on
    before the caller took a single result could show matches that a stop then leaves out
    of the summary (the killed simulation's test failed so under load)."""
    from gonets.core.registry import get_game
    from gonets.sim.runner import SimulationPlan, run_plan

    plan = SimulationPlan(get_game("loveletter").configure(2), ("random", "random"), 3)
    pooled = _results_held_at_each_count(      # poll: no count between results
        lambda on_count: counted_imap("fork", 2, _three_matches, range(5), on_count=on_count,
                                      poll=60))
    in_the_driver = _results_held_at_each_count(
        lambda on_count: run_plan(plan, 1, on_count=on_count))
    assert pooled and min(pooled) >= 1
    assert in_the_driver == [1, 2, 3]


def _marked(task: tuple[str, int]) -> int:
    """In a pool worker: leaves a mark in the folder that the task is done, and returns it."""
    from pathlib import Path

    folder, index = task
    Path(folder, str(index)).touch()
    return index


def test_a_stop_keeps_the_results_still_on_their_way_to_the_driver(tmp_path):
    """Ctrl-C keeps every match the workers had finished, also those whose results had not
    reached the driver yet (a killed simulation once printed no summary so, under load).
    Here Ctrl-C lands in the progress display once every task is done, while the caller
    holds at most one result."""
    import time

    def all_marked() -> bool:
        return len(list(tmp_path.iterdir())) == 8

    def display(count: int) -> None:
        if all_marked():
            raise KeyboardInterrupt

    taken = []
    with pytest.raises(KeyboardInterrupt):
        for result in counted_imap("fork", 2, _marked, [(str(tmp_path), i) for i in range(8)],
                                   on_count=display, poll=0.05):
            taken.append(result)
            deadline = time.monotonic() + 60
            while not all_marked():
                assert time.monotonic() < deadline, "the tasks did not finish"
                time.sleep(0.01)
    # at most the two workers' last tasks may not have counted themselves returned yet
    assert len(taken) >= 6 and len(set(taken)) == len(taken) and set(taken) <= set(range(8))


def _marked_late(task: tuple[str, int]) -> int:
    """In a pool worker: ``_marked`` two seconds late; task 0 fails after its mark."""
    import time

    time.sleep(2)
    _marked(task)
    if task[1] == 0:
        raise ValueError("task 0 failed")
    return task[1]


def test_a_failed_task_on_its_way_does_not_turn_a_stop_into_its_error(tmp_path):
    """Ctrl-C while a failed task's error is still on its way: the stop goes on (the
    commands catch it and print what finished), it does not become a traceback. The tasks
    take two seconds, so Ctrl-C lands in the first display, before any result came."""
    import time

    def display(count: int) -> None:
        while len(list(tmp_path.iterdir())) < 2:
            time.sleep(0.01)
        time.sleep(0.2)                       # task 1 counts itself returned
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        list(counted_imap("fork", 1, _marked_late, [(str(tmp_path), 0), (str(tmp_path), 1)],
                          on_count=display, poll=0.05))


def _signal_handlers(task: int) -> tuple[bool, bool]:
    """In a pool worker: whether Ctrl-C is ignored and SIGTERM has its default."""
    import signal

    return (signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
            signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)


def test_a_pool_worker_dies_of_sigterm_at_once_whatever_the_driver_handles():
    """A worker forked from a driver with a Python SIGTERM handler (the command line's,
    console._Termination) has the default disposition: killed at once, not once a long
    compiled call returns to Python; Ctrl-C stays with the driver."""
    import signal

    previous = signal.signal(signal.SIGTERM, lambda signum, frame: None)
    try:
        handlers = set(counted_imap("fork", 2, _signal_handlers, range(4), poll=0.05))
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert handlers == {(True, True)}


def test_matches_played_in_the_driver_are_counted_through_the_hook():
    seen = []
    with counting(seen.append, start=10):
        match_done()
        match_done(2)
    match_done()                                   # outside the block: not counted
    assert seen == [11, 13]


def test_a_lab_run_reports_every_match_of_a_shard(tmp_path):
    from gonets.core import get_game
    from gonets.lab.plan import LabPlan
    from gonets.lab.runner import run_lab
    from gonets.lab.store import RunDir

    config = get_game("loveletter").configure(2)
    plan = LabPlan(config, ("random", "random"), 6, shard_size=6)
    matches, shards = [], []
    run_lab(plan, RunDir(tmp_path / "run"), jobs=1, on_match=matches.append,
            on_shard=lambda start, end, widest: shards.append((start, end)))
    assert matches == [1, 2, 3, 4, 5, 6] and shards == [(0, 6)]


def lines_of(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.strip()]


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_writes_a_line_per_match_to_a_pipe(monkeypatch, jobs):
    monkeypatch.setenv("GONETS_PROGRESS_SECONDS", "0")
    result = run("simulate", "loveletter", "-n", 6, "-p", 2, "--bots", "random", "-j", jobs)
    assert result.exit_code == 0, result.output
    lines = lines_of(result)
    assert lines[-1].startswith("Love Letter: 6/6 matches (100%)") and "in all" in lines[-1]
    if jobs == 1:
        assert [line.split(":")[1].split()[0] for line in lines[:6]] == \
            ["1/6", "2/6", "3/6", "4/6", "5/6", "6/6"]
    assert "Love Letter: 6 matches" in result.stdout          # the summary, on stdout


def test_until_ci_shows_the_widest_interval_while_it_plays(tmp_path, monkeypatch):
    monkeypatch.setenv("GONETS_PROGRESS_SECONDS", "0")
    result = run("simulate", "loveletter", "-p", 2, "--bots", "random", "-n", 40,
                 "--shard-size", 5, "--until-ci", 0.6, "-j", 1, "--out", tmp_path / "run")
    assert result.exit_code == 0, result.output
    lines = lines_of(result)
    counts = [int(re.search(r": (\d+)/", line).group(1)) for line in lines]
    assert counts[:5] == [1, 2, 3, 4, 5]                     # match by match, not per shard
    assert any("widest interval 0." in line and "(asked: 0.6)" in line for line in lines)


def test_tournament_and_json_output_keep_stdout_clean(monkeypatch):
    monkeypatch.setenv("GONETS_PROGRESS_SECONDS", "0")
    result = run("tournament", "loveletter", "--bots", "random,heuristic", "-p", 2, "-n", 4,
                 "-j", 1)
    assert result.exit_code == 0, result.output
    assert "Love Letter tournament: 4/4 matches (100%)" in result.stderr
    logged = run("tournament", "loveletter", "--bots", "random,heuristic", "-p", 2, "-n", 4,
                 "-j", 1, "--json")                       # --json to a log: the same lines
    assert logged.exit_code == 0
    assert "Love Letter tournament: 4/4 matches (100%)" in logged.stderr
    assert json.loads(logged.stdout)["matches"] == 4      # the answer alone on stdout


def test_strength_and_babayaga_balance_show_progress(tmp_path, monkeypatch):
    from gonets.sim import strength

    monkeypatch.setenv("GONETS_PROGRESS_SECONDS", "0")
    data = {"matchups": [{"game": "loveletter", "players": 2, "bots": ["random", "normal"]}]}
    (tmp_path / "strength.json").write_text(json.dumps(data))
    monkeypatch.setattr(strength, "MATCHUPS", tmp_path / "strength.json")
    result = run("strength", "--out", tmp_path / "ai.md", "-n", 2, "-j", 1)
    assert result.exit_code == 0, result.output
    assert "strength: loveletter, 2 players: 2/2 matches (100%)" in result.stderr
    balance = run("babayaga", "balance", "-n", 3)
    assert balance.exit_code == 0, balance.output
    assert "Baba Yaga balance (solo): 3/3 matches (100%)" in balance.stderr


class Ticks:
    """A clock that moves a hundredth of a second at each reading (and as told)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.01
        return self.now


def test_a_bench_reports_between_matches_and_leaves_the_reports_time_out():
    from gonets.core import get_game
    from gonets.sim.bench import bench

    game = get_game("loveletter")
    clock, seen = Ticks(), []

    def slow_report(done: int, elapsed: float) -> None:
        seen.append((done, round(elapsed, 2)))
        clock.now += 5.0                         # a display far slower than the matches

    result = bench(game, game.configure(2), seconds=1.0, clock=clock, report=slow_report)
    assert result["seconds"] < 1.05              # the 5 s of every report are not measured
    assert len(seen) >= 4 and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert seen[-1] == (result["steps"], round(result["seconds"], 2))    # the whole count
    assert all(0.2 < b - a < 0.35 for (_, a), (_, b) in zip(seen[:-2], seen[1:-1]))


def test_bench_progress_estimates_the_count_of_each_measurement():
    from gonets.sim.bench import BenchProgress

    progress, out, clock = plain(every=0)
    shown = BenchProgress(progress, seconds=5.0)
    first = shown.measuring("Love Letter [kernel]")
    clock.now += 1
    first(100, 1.0)
    second = shown.measuring("Love Letter [reference]")
    clock.now += 1
    second(30, 1.0)
    progress.stop()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Love Letter [kernel]: 100/500 matches (20%)")
    assert lines[1].startswith("Love Letter [kernel]: 100/500 matches") and "in all" in lines[1]
    assert lines[2].startswith("Love Letter [reference]: 30/150 matches (20%)")
    assert lines[-1].startswith("Love Letter [reference]") and "in all" in lines[-1]


@pytest.mark.parametrize("extra,labels", [
    ((), ["Love Letter (seed, 2 players): "]),
    (("--fast",), ["Love Letter (seed, 2 players) [kernel]: ",
                   "Love Letter (seed, 2 players) [reference]: "]),
])
def test_bench_shows_its_steps_as_it_measures(monkeypatch, extra, labels):
    monkeypatch.setenv("GONETS_PROGRESS_SECONDS", "0")
    result = run("bench", "loveletter", "-p", 2, "--seconds", 0.6, *extra)
    assert result.exit_code == 0, result.output
    lines = lines_of(result)
    for label in labels:
        mine = [line for line in lines if line.startswith(label)]
        assert len(mine) >= 2 and all(" steps (" in line for line in mine), lines
        assert "steps (100%)" in mine[-1] and "in all" in mine[-1]
    assert "steps/s" in result.stdout
    logged = run("bench", "loveletter", "-p", 2, "--seconds", 0.3, "--json")
    assert logged.exit_code == 0 and " steps (" in logged.stderr
    assert json.loads(logged.stdout)[0]["steps"] > 0


def test_a_bar_without_auto_refresh_has_no_thread_and_draws_when_told():
    out = io.StringIO()
    bar = progress_bar(Console(file=out, force_terminal=True, width=100), auto_refresh=False)
    with bar:
        assert bar.live._refresh_thread is None
        task = bar.add_task("bench", total=10)
        drawn = len(out.getvalue())
        bar.update(task, completed=5)
        assert len(out.getvalue()) == drawn
        bar.update(task, completed=6, refresh=True)
        assert len(out.getvalue()) > drawn


def test_hint_says_what_it_searches(tmp_path):
    from gonets.core import Match, get_game

    game = get_game("loveletter")
    match = Match(game, game.configure(2), seats=[{}, {}], seed=3)
    match.deal()
    path = tmp_path / "match.json"
    match.record.save(path)
    result = run("hint", path, "--level", "easy", "--top", 2)
    assert result.exit_code == 0, result.output
    assert "easy is ranking the moves of seat" in result.stderr
    logged = run("hint", path, "--level", "easy", "--json")
    assert logged.exit_code == 0 and "easy is ranking the moves of seat" in logged.stderr
