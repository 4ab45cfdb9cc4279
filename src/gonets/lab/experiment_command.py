"""``gonets experiment FILE.yaml``: play an experiment grid into one folder and print a table
of its cells (docs/balance.md, "Experiment grids")."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import typer
from rich.table import Table

from gonets.console import JOBS_HELP, JSON_HELP, console, errors, fail, stopped
from gonets.core.errors import GonetsError


def experiment(
    file: Path = typer.Argument(..., metavar="FILE", help="The experiment (YAML)."),
    out: Path | None = typer.Option(None, help="The experiment folder (default: FILE without "
                                    "its suffix, or FILE.out)."),
    resume: bool = typer.Option(False, help="Go on with the experiment in --out."),
    backend: str = typer.Option("local", help="local (process pool) or ray."),
    address: str | None = typer.Option(None, help="Ray cluster to join (auto, HOST:PORT)."),
    jobs: int = typer.Option(0, "--jobs", "-j", help=JOBS_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Play every cell of an experiment grid (factors crossed or listed, the same seeds in
    every cell) and write one Parquet table; then ``gonets report FOLDER``."""
    from gonets.console import progress_bar
    from gonets.lab.experiment import ExperimentDir, load_experiment, run_experiment

    try:
        grid = load_experiment(file)
    except GonetsError as exc:
        fail(str(exc))
    default = file.with_suffix("") if file.suffix else file.with_name(file.name + ".out")
    folder = ExperimentDir(out if out is not None else default)
    played: dict[str, int] = {}                  # matches played now, by cell
    try:
        with progress_bar(errors, unit="matches") as progress:
            task = progress.add_task("experiment", total=grid.games)

            def advance(cell, done: int) -> None:
                played[cell.name] = done
                progress.update(task, completed=sum(played.values()),
                                description=f"{cell.name} {cell.label}")

            outcome = run_experiment(grid, folder, backend=backend, jobs=jobs or os.cpu_count()
                                     or 1, address=address, resume=resume, on_match=advance)
    except KeyboardInterrupt:
        stopped(f" after {sum(played.values())} matches played now; whole "
                f"shards are kept (go on with --resume --out {folder.path})")
    except GonetsError as exc:
        fail(str(exc))
    cells = [_cell_summary(folder, cell, result) for cell, result in outcome.cells]
    if as_json:
        print(json.dumps({"folder": str(folder.path), "played": outcome.played,
                          "table": str(folder.path / "matches.parquet"), "cells": cells},
                         indent=2))
        return
    _print_cells(cells, grid.factors)
    console.print(f"{outcome.played} matches played now; every cell's rows are in "
                  f"{folder.path / 'matches.parquet'}; next: gonets report {folder.path}")


def _cell_summary(folder, cell, result) -> dict:
    from gonets.lab.store import summary_of_run

    summary = summary_of_run(folder.cell_run(cell), cell.plan.config.players)
    rates = summary.seat_rates()
    entry = {"cell": cell.name, "factors": dict(cell.factors), "matches": summary.games,
             "stopped_by": result.stopped_by,
             "seat_win_rates": [{"seat": f"p{i + 1}", "rate": r.rate, "low": r.interval[0],
                                 "high": r.interval[1]} for i, r in enumerate(rates)]}
    if not math.isnan(result.widest):
        entry["widest_interval"] = result.widest
    if result.needed is not None:
        entry.update(power=result.power, matches_needed=result.needed)
    return entry


def _print_cells(cells: list[dict], factors: list[str]) -> None:
    table = Table(title=f"{len(cells)} cells", title_justify="left")
    for column in ["cell", *factors, "matches", "win % by seat p1 / p2 / ...",
                   "widest 95% interval", "stopped by"]:
        table.add_column(column)
    for entry in cells:
        seats = entry["seat_win_rates"]
        widest = max(s["high"] - s["low"] for s in seats)
        table.add_row(entry["cell"], *(str(entry["factors"].get(f, "")) for f in factors),
                      str(entry["matches"]), " / ".join(f"{s['rate'] * 100:.0f}" for s in seats),
                      f"{widest * 100:.1f} points", entry["stopped_by"])
    console.print(table)
