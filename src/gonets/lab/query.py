"""DuckDB over lab runs: a ``matches`` view (one row per match), a ``seats`` view (one row
per seat of each match) and a ``turns`` view (one row per decision, runs made with
``--trajectories``), ready for SQL."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gonets.core.errors import OptionError
from gonets.lab.store import RunDir
from gonets.lab.trajectory import turns_view_sql

GLOB_MARKS = ("*", "?", "[", "]", "{", "}")

SEATS_SQL = """
CREATE VIEW seats AS
SELECT run, "index", seed, players, preset, {cells}seat, seat + 1 AS seat_number,
       agents[seat + 1] AS agent, scores[seat + 1] AS score,
       list_contains(winners, seat) AS won, len(winners) AS winner_count
FROM (SELECT *, unnest(range(players)) AS seat FROM matches)
"""


def connect(runs: Sequence[str | Path]) -> Any:
    """An in-memory DuckDB connection with the runs as views ``matches`` and ``seats``, and
    the turns of those with trajectories as ``turns`` (empty when none has).

    ``matches.run`` names the run directory a row comes from, so several runs can be
    compared in one query; an experiment folder stands for its cells' runs.
    """
    import duckdb

    from gonets.lab.experiment import expand_runs

    if not runs:
        raise OptionError("name at least one run directory")
    parts, trajectories = [], []
    for path in expand_runs(list(runs)):
        if any(mark in str(path) for mark in GLOB_MARKS):
            raise OptionError(f"{path}: a run's path may not hold any of {' '.join(GLOB_MARKS)} "
                              "(DuckDB reads them as a file pattern); rename the folder")
        run = RunDir(path)
        run.read_plan()
        if not run.shard_files():
            raise OptionError(f"{run.path} has no finished shard yet")
        if run.turn_files():
            trajectories.append((str(path), run.turns_glob()))
        label = str(path).replace("'", "''")
        glob = run.glob().replace("'", "''")
        parts.append(f"SELECT '{label}' AS run, * FROM read_parquet('{glob}', "
                     "union_by_name = true)")
    connection = duckdb.connect()
    try:
        connection.execute("CREATE VIEW matches AS " + " UNION ALL BY NAME ".join(parts))
        connection.execute("SELECT count(*) FROM matches").fetchall()
    except duckdb.Error as exc:
        raise OptionError(f"cannot read the runs' shard files: {exc}") from None
    cells = [name for name, *_ in connection.execute("DESCRIBE matches").fetchall()
             if name == "cell" or name.startswith("cell_")]     # an experiment's factors
    connection.execute(SEATS_SQL.format(cells="".join(f'"{name}", ' for name in cells)))
    connection.execute(turns_view_sql(trajectories))
    return connection


def run_query(runs: Sequence[str | Path], sql: str) -> tuple[list[str], list[tuple]]:
    """Column names and rows of ``sql`` over the runs; a clear error for bad SQL."""
    import duckdb

    connection = connect(runs)
    try:
        cursor = connection.execute(sql)
    except duckdb.Error as exc:
        raise OptionError(f"the query failed: {exc}") from None
    if cursor.description is None:
        return [], []
    return [column[0] for column in cursor.description], cursor.fetchall()
