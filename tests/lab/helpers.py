"""Shared pieces of the lab tests: the CLI runner and reading a run's rows back."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
from typer.testing import CliRunner

from gonets.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def rows(path: Path) -> list[dict]:
    """Every row of a run, in match order."""
    out = []
    for shard in sorted(path.glob("shard-*.parquet")):
        out.extend(pq.read_table(shard).to_pylist())
    return sorted(out, key=lambda row: row["index"])


def simulate_args(out: Path, games: int = 24, *extra) -> list:
    return ["simulate", "loveletter", "--players", 2, "--bots", "heuristic,random",
            "--games", games, "--shard-size", 5, "--seed", 100, "--out", out, *extra]
