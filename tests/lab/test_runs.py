"""simulate --out: one Parquet row per match, sharded, equal across job counts, resumable after
Ctrl-C or kill -9 without losing or repeating a match, and sequential stopping."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import get_game
from gonets.lab.plan import LabPlan
from gonets.lab.play import LeadTrace, play
from gonets.lab.runner import run_lab
from gonets.lab.store import RunDir
from gonets.sim.runner import SimulationPlan, run_one
from tests.lab.helpers import rows, run, simulate_args


def test_rows_hold_the_match_and_agree_with_the_classic_runner(tmp_path):
    out = tmp_path / "run"
    result = run(*simulate_args(out, 12, "--jobs", 1))
    assert result.exit_code == 0, result.output
    data = rows(out)
    assert [row["index"] for row in data] == list(range(12))
    assert sorted(p.name for p in out.glob("shard-*")) == [
        "shard-000000000-000000005.parquet", "shard-000000005-000000010.parquet",
        "shard-000000010-000000012.parquet"]
    game = get_game("loveletter")
    config = game.configure(2)
    classic = SimulationPlan(config, ("heuristic", "random"), 12, seed=100)
    for row in data:
        outcome = run_one(classic, row["index"])
        assert row["seed"] == 100 + row["index"]
        assert row["agents"] == list(outcome.seating)
        assert row["winners"] == outcome.winners and row["scores"] == outcome.scores
        assert row["decisions"] == outcome.decisions
        assert row["stat_rounds"] == outcome.counts["rounds"]
        assert row["game"] == "loveletter" and row["players"] == 2 and row["preset"] == "seed"
        assert json.loads(row["options"]) == config.options
        assert row["end_reason"] == "finished" and row["detail_rounds"] == row["stat_rounds"]
    assert "12 matches played now" in result.output


def test_two_jobs_give_the_same_rows_as_one(tmp_path):
    assert run(*simulate_args(tmp_path / "one", 20, "--jobs", 1)).exit_code == 0
    result = run(*simulate_args(tmp_path / "two", 20, "--jobs", 2))
    assert result.exit_code == 0, result.output
    assert rows(tmp_path / "one") == rows(tmp_path / "two")


def test_match_stats_defaults_to_bench_counts():
    game = get_game("czar")
    plan = LabPlan(game.configure(2), ("random", "random"), 1, seed=3)
    row = play(plan, 0, game)
    assert {k for k in row if k.startswith("stat_")} == {"stat_turns", "stat_delivered"}
    assert row["end_reason"] != "finished"        # the czar result names how it ended


class ViewlessRandom(RandomAgent):
    """A random agent that declares it reads no view; it fails if it is handed one."""

    needs_view = False

    def act(self, view, legal):
        assert view.get("legal") is None and "log" not in view
        return super().act(view, legal)


def test_an_agent_without_a_view_is_served_none_and_plays_the_same(monkeypatch):
    game = get_game("loveletter")
    plan = LabPlan(game.configure(3), ("random",) * 3, 4, seed=9)
    with_views = [play(plan, i, game) for i in range(4)]
    factories = {"random": ViewlessRandom}
    monkeypatch.setattr("gonets.agents.registry._generic_agents", lambda: factories)
    without = [play(plan, i, game) for i in range(4)]
    assert with_views == without


KILLED_GAMES = 1000     # enough shards that a quick machine cannot finish them before the signal


WITH_CTRL_C = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
               "signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT]); "
               "os.execv(sys.executable, [sys.executable, '-m', 'gonets', *sys.argv[1:]])")
"""Runs ``gonets`` with Ctrl-C at its default, as a terminal gives it, whatever this process
was left with: SIGINT ignored here would be ignored by the child too (Python then installs
no KeyboardInterrupt), and a test run may leave a worker so."""


def _kill_halfway(tmp_path, sig, jobs, games=KILLED_GAMES):
    """Start a real run in a child process and send it ``sig`` once an eighth of the shards
    are stored (most of the run still to play, so the signal lands before its end); returns
    the run directory."""
    out = tmp_path / "killed"
    args = [sys.executable, "-c", WITH_CTRL_C,
            *map(str, simulate_args(out, games, "--jobs", jobs))]
    log = tmp_path / "stderr.txt"
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=log.open("wb"))
    shards = (games + 4) // 5
    deadline = time.monotonic() + 120
    while len(list(out.glob("shard-*.parquet"))) < shards // 8:
        assert child.poll() is None, log.read_text()
        assert time.monotonic() < deadline, "the run made no progress"
        time.sleep(0.01)
    child.send_signal(sig)
    child.wait(timeout=60)
    return out, child.returncode, shards


def _processes_naming(text: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                if text.encode() in handle.read():
                    found.append(int(entry))
        except (OSError, ValueError):
            continue
    return found


@pytest.mark.parametrize("sig,jobs", [(signal.SIGKILL, 1), (signal.SIGKILL, 2),
                                      (signal.SIGINT, 2)])
def test_an_interrupted_run_resumes_to_exactly_the_uninterrupted_rows(tmp_path, sig, jobs):
    out, code, shards = _kill_halfway(tmp_path, sig, jobs)
    assert code == (-signal.SIGKILL if sig == signal.SIGKILL else 130)
    deadline = time.monotonic() + 10
    while _processes_naming(str(out)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _processes_naming(str(out)), "pool workers outlived their driver"
    stored = len(list(out.glob("shard-*.parquet")))
    assert 0 < stored < shards, "the run was not stopped half way"
    again = run(*simulate_args(out, KILLED_GAMES, "--jobs", 2))
    assert again.exit_code == 2 and "--resume" in again.output
    resumed = run(*simulate_args(out, KILLED_GAMES, "--jobs", 2, "--resume"))
    assert resumed.exit_code == 0, resumed.output
    assert f"{KILLED_GAMES - stored * 5} matches played now" in " ".join(resumed.output.split())
    assert run(*simulate_args(tmp_path / "whole", KILLED_GAMES, "--jobs", 1)).exit_code == 0
    assert rows(out) == rows(tmp_path / "whole")
    assert not list(out.glob("*.tmp"))


def test_resume_refuses_a_different_plan(tmp_path):
    out = tmp_path / "run"
    assert run(*simulate_args(out, 5)).exit_code == 0
    result = run("simulate", "loveletter", "--players", 2, "--bots", "random", "--games", 5,
                 "--shard-size", 5, "--seed", 100, "--out", out, "--resume")
    assert result.exit_code == 2
    assert "different plan" in result.output and "bots" in result.output


def test_resume_of_a_run_from_before_bots_repeated_in_order_says_how_to_go_on(tmp_path):
    """A run made when ``--bots heuristic,random`` at 4 seats sat heuristic random random
    random: the refusal names the change of meaning, and the seats spelled out go on."""
    out = tmp_path / "run"

    def simulate(games: int, bots: str, *extra):
        return run("simulate", "loveletter", "-p", 4, "--games", games, "--shard-size", 4,
                   "--seed", 1, "--jobs", 1, "--out", out, "--bots", bots, *extra)

    assert simulate(4, "heuristic,random,random,random").exit_code == 0
    result = simulate(8, "heuristic,random", "--resume")
    assert result.exit_code == 2
    text = " ".join(result.stderr.split())
    assert "used to repeat its last name" in text and "now repeats in order" in text
    assert text.endswith("spell its seats out: --bots heuristic,random,random,random")
    spelled = simulate(8, "heuristic,random,random,random", "--resume")
    assert spelled.exit_code == 0, spelled.output
    assert len(rows(out)) == 8


@pytest.mark.parametrize("extra,message", [
    (("--resume",), "--resume needs --out"),
    (("--until-ci", "1.5", "--out", "x"), "between 0 and 1"),
    (("--backend", "spark", "--out", "x"), "unknown backend 'spark'"),
    (("--shard-size", "0", "--out", "x"), "--shard-size must be at least 1"),
])
def test_bad_lab_options_get_clear_errors(tmp_path, monkeypatch, extra, message):
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "loveletter", "--players", 2, "--games", 5, *extra)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())


def test_out_must_be_a_run_or_empty(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    result = run(*simulate_args(tmp_path, 5))
    assert result.exit_code == 2 and "is not a lab run" in result.output


def test_until_ci_stops_once_every_interval_is_narrow_enough(tmp_path):
    game = get_game("loveletter")
    plan = LabPlan(game.configure(2), ("heuristic", "random"), 2000, seed=1, shard_size=20)
    outcome = run_lab(plan, RunDir(tmp_path / "a"), jobs=2, until_ci=0.3)
    assert outcome.stopped_by == "interval" and outcome.widest < 0.3
    assert 20 <= outcome.games < 2000 and outcome.games % 20 == 0
    done = sorted(RunDir(tmp_path / "a").done_shards())
    assert done == plan.shards(outcome.games)          # a prefix of the shards, no holes
    capped = run_lab(plan.with_games(40), RunDir(tmp_path / "b"), jobs=1, until_ci=0.01)
    assert capped.stopped_by == "cap" and capped.games == 40


def test_until_ci_on_the_command_line_reports_why_it_stopped(tmp_path):
    result = run(*simulate_args(tmp_path / "r", 400, "--until-ci", "0.35", "--json"))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stopped_by"] == "interval" and data["widest_interval"] < 0.35
    assert data["games"] == len(rows(tmp_path / "r")) < 400


def test_a_run_without_out_still_prints_the_summary(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "loveletter", "-p", 2, "--games", 6, "--until-ci", "0.9",
                 "--jobs", 1)
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and not os.listdir(tmp_path)


def test_lead_trace_counts_only_a_new_sole_leader():
    trace = LeadTrace()
    for scores in ([0, 0], [1, 0], [1, 1], [1, 2], [3, 2], [3, 3], [3, 4], [3, 9]):
        trace.see(scores)
    assert trace.changes == 3


def test_lead_changes_column_when_asked(tmp_path):
    result = run(*simulate_args(tmp_path / "r", 10, "--lead-changes", "--jobs", 1))
    assert result.exit_code == 0, result.output
    data = rows(tmp_path / "r")
    assert all(0 <= row["lead_changes"] < row["stat_rounds"] for row in data)
    assert any(row["lead_changes"] > 0 for row in data)
    assert "lead_changes" not in rows_of_plain(tmp_path)


def rows_of_plain(tmp_path):
    assert run(*simulate_args(tmp_path / "plain", 5, "--jobs", 1)).exit_code == 0
    return rows(tmp_path / "plain")[0]


def test_a_run_extended_past_a_short_last_shard_plays_each_match_once(tmp_path):
    out = tmp_path / "grown"
    assert run(*simulate_args(out, 12, "--jobs", 1)).exit_code == 0
    grown = run(*simulate_args(out, 23, "--jobs", 2, "--resume"))
    assert grown.exit_code == 0, grown.output
    assert "11 matches played now" in grown.output
    assert run(*simulate_args(tmp_path / "whole", 23, "--jobs", 1)).exit_code == 0
    assert rows(out) == rows(tmp_path / "whole")
    shrunk = run(*simulate_args(out, 20, "--resume"))
    assert shrunk.exit_code == 2 and "--games must be at least 23" in shrunk.output


def test_the_manifest_records_the_code_of_each_session(tmp_path):
    out = tmp_path / "r"
    assert run(*simulate_args(out, 5)).exit_code == 0
    assert run(*simulate_args(out, 10, "--resume")).exit_code == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["games"] == 10 and len(manifest["played_with"]) == 2
    assert all(entry["version"] and "commit" in entry for entry in manifest["played_with"])
