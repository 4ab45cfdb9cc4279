"""simulate --fast and bench --fast: matches in the compiled kernel, with the reference's rows."""

from __future__ import annotations

import json

import pyarrow.parquet as pq
import pytest

from gonets.core import get_game
from gonets.core.kernel import KernelUnsupported, kernel_for
from gonets.lab.plan import LabPlan
from gonets.lab.play import kernel_rows
from tests.lab.helpers import rows, run

GAMES = ("loveletter", "carcassonne")


def fast_args(game: str, out, games: int, *extra) -> list:
    return ["simulate", game, "--players", 2, "--bots", "playout,random", "--games", games,
            "--shard-size", 5, "--seed", 7, "--out", out, *extra]


def schema(path) -> dict:
    shard = sorted(path.glob("shard-*.parquet"))[0]
    return {field.name: str(field.type) for field in pq.read_schema(shard)}


@pytest.mark.parametrize("game", GAMES)
def test_fast_rows_have_the_reference_columns_and_agree_with_the_kernel(tmp_path, game):
    fast, slow = tmp_path / "fast", tmp_path / "slow"
    result = run(*fast_args(game, fast, 10, "--fast", "--jobs", 1))
    assert result.exit_code == 0, result.output
    assert run(*fast_args(game, slow, 2, "--jobs", 1)).exit_code == 0
    assert schema(fast) == schema(slow)
    data = rows(fast)
    assert [row["index"] for row in data] == list(range(10))
    assert [row["agents"] for row in data[:2]] == [["playout", "random"], ["random", "playout"]]
    config = get_game(game).configure(2)
    kernel = kernel_for(config)
    for row in data:
        assert row["seed"] == 7 + row["index"] and row["decisions"] > 0
        assert set(row["winners"]) <= {0, 1} and len(row["scores"]) == 2
    # the same matches played again straight through the kernel, one batch of all ten
    plan = LabPlan(config, ("playout", "random"), 10, seed=7, shard_size=10, fast=True)
    again = kernel_rows(plan, 0, 10)
    assert [r["winners"] for r in again] == [r["winners"] for r in data]
    assert [r["scores"] for r in again] == [r["scores"] for r in data]
    assert [r["decisions"] for r in again] == [r["decisions"] for r in data]
    assert kernel.num_actions == get_game(game).num_actions(config)


def test_a_fast_match_does_not_depend_on_its_shard():
    config = get_game("loveletter").configure(3)
    plan = LabPlan(config, ("random", "playout", "random"), 12, seed=3, shard_size=4, fast=True)
    whole = kernel_rows(plan, 0, 12)
    parts = kernel_rows(plan, 0, 5) + kernel_rows(plan, 5, 12)
    assert [(r["winners"], r["scores"], r["decisions"]) for r in whole] == \
        [(r["winners"], r["scores"], r["decisions"]) for r in parts]


def test_fast_runs_refuse_what_the_kernel_cannot_do(tmp_path):
    result = run("simulate", "loveletter", "-p", 2, "--bots", "heuristic,random", "-n", 4,
                 "--fast")
    assert result.exit_code == 2 and "--fast plays the bots random and playout" in \
        result.output
    result = run("simulate", "loveletter", "-p", 2, "--bots", "random", "-n", 4, "--fast",
                 "--save", tmp_path)
    assert result.exit_code == 2 and "--save" in result.output
    result = run("simulate", "czar", "-p", 2, "--bots", "random", "-n", 4, "--fast")
    assert result.exit_code == 2 and "czar has no compiled kernel" in result.output
    with pytest.raises(KernelUnsupported, match="czar"):
        kernel_for(get_game("czar").configure(2))


def test_fast_summary_reports_win_rates():
    result = run("simulate", "loveletter", "-p", 4, "--bots", "playout,random", "-n", 200,
                 "--fast", "--json", "--jobs", 1)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{"):])
    assert data["games"] == 200
    rates = {name: entry["rate"] for name, entry in data["agents"].items()}
    assert rates["playout"] > rates["random"]          # the policy beats random play


@pytest.mark.parametrize("game", GAMES)
def test_bench_fast_measures_the_kernel_beside_the_reference(game):
    result = run("bench", game, "-p", 2, "--fast", "--seconds", 0.2, "--json")
    assert result.exit_code == 0, result.output
    reference, kernel = json.loads(result.stdout[result.stdout.index("["):])
    assert reference["engine"] == "reference" and kernel["engine"] == "kernel"
    assert kernel["matches"] > 0 and kernel["steps"] > 0
    assert kernel["speedup"] == pytest.approx(kernel["steps_per_s"] / reference["steps_per_s"])


@pytest.mark.parametrize("game", GAMES)
def test_bench_check_runs_the_differential_check(game):
    result = run("bench", game, "--check", 500, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{"):])
    assert data["differences"] == 0 and data["first"] is None
    assert data["steps"] >= 500 and data["configurations"] >= 50
    assert data["matches"] > 0 or game == "carcassonne"        # its matches are longer
    assert run("bench", "czar", "--check", 10).exit_code == 2
