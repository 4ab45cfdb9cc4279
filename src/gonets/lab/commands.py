"""The lab's commands: ``simulate`` (plain, or through a run directory with
``--out/--resume/--backend/--until-ci``), ``query`` and ``report`` (registered on the ``gonets``
app by :func:`register`)."""

from __future__ import annotations

import csv
import json
import math
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from gonets.cli_words import count
from gonets.console import (
    BOTS_HELP,
    GAME_HELP,
    JOBS_HELP,
    JSON_HELP,
    OPTION_HELP,
    PLAYERS_HELP,
    PRESET_HELP,
    bot_list,
    configure,
    console,
    errors,
    fail,
    progress_bar,
    stop_cause,
    stopped,
)
from gonets.core.errors import GonetsError
from gonets.core.game import Game
from gonets.core.options import Config
from gonets.lab.store import summary_of_run


# -- simulate -------------------------------------------------------------------------------------
def simulate(
    game_name: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    games_count: int = typer.Option(1000, "--games", "-n", min=1, help="Number of matches "
                                    "(with --until-ci or --detect: the most to play)."),
    players: int | None = typer.Option(None, "--players", "-p", help=PLAYERS_HELP),
    preset: str | None = typer.Option(None, "--preset", help=PRESET_HELP),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    bots: str | None = typer.Option(None, help=BOTS_HELP),
    jobs: int = typer.Option(0, "--jobs", "-j", help=JOBS_HELP),
    seed: int = typer.Option(0, help="Seed of match 0; match i uses seed + i."),
    rotate: bool = typer.Option(True, help="Rotate the bots round the seats match by match."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    save: Path | None = typer.Option(None, help="Directory to save every match record in "
                                     "(GAME-SEED.json, the seed six digits)."),
    out: Path | None = typer.Option(None, help="Run directory: one Parquet row per match, "
                                    "sharded (docs/balance.md)."),
    resume: bool = typer.Option(False, help="Go on with the interrupted run in --out."),
    backend: str = typer.Option("local", help="local (process pool) or ray."),
    address: str | None = typer.Option(None, help="Ray cluster to join (auto, HOST:PORT)."),
    until_ci: float | None = typer.Option(None, help="Stop once every win-rate interval is "
                                          "narrower than this; --games is then the cap."),
    detect: float | None = typer.Option(None, help="Stop once a seat's test (two-sided 5%) "
                                        "has 80% power to detect a win rate this far from "
                                        "the fair share; --games is then the cap."),
    shard_size: int = typer.Option(100, help="Matches per shard of a run."),
    lead_changes: bool = typer.Option(False, "--lead-changes", help="Count lead changes of "
                                      "the running scores (a lab column; slower)."),
    fast: bool = typer.Option(False, "--fast", help="Play in the game's compiled kernel "
                              "(bots random and playout; loveletter, carcassonne)."),
    trajectories: bool = typer.Option(False, "--trajectories", help="Store every decision's "
                                      "scores, leader and progress: the run's turns table "
                                      "(needs --out; slower)."),
) -> None:
    """Simulate many matches between bots and report win rates with 95% intervals.

    Progress shows on standard error, match by match; Ctrl-C prints what finished and leaves
    with exit status 130."""
    from gonets.sim.runner import SimulationPlan, summary_json
    from gonets.sim.runner import simulate as run

    try:
        game, config = configure(game_name, players, preset, option)
        plan = SimulationPlan(config, tuple(bot_list(bots, config.players, game)), games_count,
                              seed=seed, rotate=rotate, save_dir=str(save) if save else None)
    except GonetsError as exc:
        fail(str(exc))
    if out is not None or resume or backend != "local" or until_ci is not None or address \
            or lead_changes or fast or trajectories or detect is not None:
        if fast and save is not None:
            fail("--save writes match records, which the compiled kernel does not keep; "
                 "drop --save or --fast")
        lab_simulate(game, config, list(plan.bots), games_count, seed=seed, rotate=rotate,
                     jobs=jobs, out=out, resume=resume, backend=backend, address=address,
                     until_ci=until_ci, shard_size=shard_size, save=save, as_json=as_json,
                     trace_leads=lead_changes, fast=fast, trajectories=trajectories,
                     detect=detect)
        return
    workers = jobs or os.cpu_count() or 1
    with progress_bar(errors, unit="matches") as progress:
        task = progress.add_task(f"{game.title}", total=games_count)
        summary = run(plan, jobs=workers,
                      on_count=lambda done: progress.update(task, completed=done))
    if as_json:
        data = json.loads(summary_json(plan, summary))
        data["stopped_by"] = stop_cause() if summary.stopped else "done"
        print(json.dumps(data, indent=2))
    elif summary.games:
        print_summary(game, plan, summary)
    if summary.stopped:
        stopped(f" after {summary.games} of {games_count} matches")


def print_summary(game, plan, summary) -> None:
    """The summary of a simulation as Rich tables: by seat, by bot, averages."""
    title = f"{game.title}: {count(summary.games, 'match')}, " \
            f"{count(plan.config.players, 'player')}, preset {plan.config.preset}"
    if summary.games < plan.games:
        title += f" (stopped early; {plan.games} planned)"
    seats = Table(title=title, title_justify="left")
    seats.add_column("seat")
    seats.add_column("win rate  [95% interval]")
    seats.add_column("wins", justify="right")
    for seat, rate in enumerate(summary.seat_rates()):
        seats.add_row(f"p{seat + 1}", str(rate), f"{rate.hits:g}")
    console.print(seats)
    agents = Table(title="by bot" + (" (rotated round the seats)" if plan.rotate else ""),
                   title_justify="left")
    agents.add_column("bot")
    agents.add_column("win rate  [95% interval]")
    agents.add_column("seats played", justify="right")
    for name, rate in summary.agent_rates().items():
        agents.add_row(name, str(rate), str(rate.trials))
    console.print(agents)
    for key, (mean, low, high) in summary.averages().items():
        console.print(f"average {key.replace('_', ' ')} per match: {mean:.2f} "
                      f"[{low:.2f}, {high:.2f}]")
    if summary.no_winner:
        console.print(f"matches without a winner: {summary.no_winner}")


def lab_simulate(game: Game, config: Config, bots: list[str], games: int, *, seed: int,
                 rotate: bool, jobs: int, out: Path | None, resume: bool, backend: str,
                 address: str | None, until_ci: float | None, shard_size: int,
                 save: Path | None, as_json: bool, trace_leads: bool = False,
                 fast: bool = False, trajectories: bool = False,
                 detect: float | None = None) -> None:
    """``gonets simulate`` through the lab: sharded Parquet rows in ``out`` (a temporary
    directory when not given), then the usual summary."""
    from gonets.lab.plan import LabPlan
    from gonets.lab.store import RunDir

    if resume and out is None:
        fail("--resume needs --out RUN: the run to go on with")
    try:
        plan = LabPlan(config, tuple(bots), games, seed=seed, rotate=rotate,
                       shard_size=shard_size, trace_leads=trace_leads, fast=fast,
                       trajectories=trajectories)
    except GonetsError as exc:
        fail(str(exc))
    if trajectories and out is None:
        fail("--trajectories stores a turns table in the run directory; add --out RUN")
    workers = jobs or os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="gonets-run-") as scratch:
        run = RunDir(out if out is not None else Path(scratch) / "run")
        try:
            with progress_bar(errors, unit="matches") as progress:
                outcome = _run_with_progress(plan, run, progress, backend=backend, jobs=workers,
                                             address=address, resume=resume, until_ci=until_ci,
                                             save_dir=str(save) if save else None,
                                             detect=detect)
        except KeyboardInterrupt:
            _stopped(game, plan, run, out, as_json)
        except GonetsError as exc:
            fail(str(exc))
        _print_outcome(game, plan.with_games(outcome.games), run, outcome, as_json)


def _stopped(game: Game, plan: Any, run: Any, out: Path | None, as_json: bool) -> None:
    """After Ctrl-C or SIGTERM: the summary of the rows stored (whole shards), its JSON
    saying ``stopped_by`` ``ctrl-c`` or ``sigterm``, then exit status 130 (143)."""
    stored = run.row_count() if run.exists() else 0
    if stored:
        summary = summary_of_run(run, plan.config.players)
        if as_json:
            from gonets.sim.runner import summary_json

            data = json.loads(summary_json(plan.with_games(stored), summary))
            data.update({"run": str(run.path), "stopped_by": stop_cause()})
            print(json.dumps(data, indent=2))
        else:
            print_summary(game, plan.with_games(stored), summary)
    stopped(f"; {stored} matches are stored in whole shards"
            + (f" (go on with --resume --out {run.path})" if out else ""))


def _run_with_progress(plan: Any, run: Any, progress: Any, **kwargs: Any) -> Any:
    """:func:`gonets.lab.runner.run_lab` with the progress shown match by match: matches
    done, rate, time left, and with ``--until-ci`` the widest interval, the bar counting
    towards the matches the interval likely needs."""
    from gonets.lab.runner import run_lab
    from gonets.progress import interval_total

    if run.exists() and kwargs["resume"]:
        already = sum(end - start for start, end in run.done_shards()
                      if end <= plan.games)
    else:
        already = 0
    label = f"{plan.config.game} ({kwargs['backend']})"
    task = progress.add_task(label, total=plan.games, completed=already)
    target = kwargs.get("until_ci")
    state = {"stored": already, "done": already, "total": plan.games}

    def shard(start: int, end: int, widest: float) -> None:
        state["stored"] += end - start
        if math.isnan(widest):
            return
        if target:      # the matches the interval likely needs (at least those played)
            state["total"] = max(state["done"], interval_total(state["stored"], widest,
                                                               target, plan.games))
        progress.update(task, total=state["total"],
                        description=f"{label}, widest interval {widest:.3f}"
                        + (f" (asked: {target})" if target else ""))

    def matches(done: int) -> None:
        state["done"] = already + done
        state["total"] = max(state["total"], state["done"])
        progress.update(task, completed=state["done"], total=state["total"])

    return run_lab(plan, run, on_shard=shard, on_match=matches, **kwargs)


def _print_outcome(game: Game, plan: Any, run: Any, outcome: Any, as_json: bool) -> None:
    from gonets.sim.runner import summary_json

    summary = summary_of_run(run, plan.config.players)
    if as_json:
        data = json.loads(summary_json(plan, summary))
        data.update({"run": str(run.path), "played": outcome.played,
                     "stopped_by": outcome.stopped_by})
        if not math.isnan(outcome.widest):
            data["widest_interval"] = outcome.widest
        if not math.isnan(outcome.power):
            data.update({"power": outcome.power, "matches_needed": outcome.needed})
        print(json.dumps(data, indent=2))
        return
    print_summary(game, plan, summary)
    console = Console(highlight=False)
    note = {"interval": f"stopped: every win-rate interval is narrower than asked "
                        f"(widest {outcome.widest:.3f})",
            "power": f"stopped: a seat's test (two-sided 5%) has {outcome.power:.0%} power "
                     f"against the asked difference ({outcome.needed} matches needed)",
            "cap": f"stopped at the cap of {plan.games} matches (widest interval "
                   f"{outcome.widest:.3f}"
                   + (f"; power {outcome.power:.0%}, {outcome.needed} matches needed"
                      if not math.isnan(outcome.power) else "") + ")"}.get(outcome.stopped_by)
    if note:
        console.print(note)
    console.print(f"{outcome.played} matches played now; the run {run.path} holds "
                  f"{outcome.games}")


# -- query ----------------------------------------------------------------------------------------
def query(
    run: Path = typer.Argument(..., metavar="RUN", help="A run directory (simulate --out)."),
    sql: str = typer.Argument(..., help="SQL over the views 'matches', 'seats' "
                             "and 'turns'."),
    also: list[Path] | None = typer.Option(None, "--run", help="Another run to include "
                                           "(repeatable; matches.run tells them apart)."),
    as_csv: bool = typer.Option(False, "--csv", help="Print CSV instead of a table."),
) -> None:
    """Run SQL over lab runs with DuckDB (views: matches, one row a match; seats, one row a
    seat of a match; turns, one row a decision of a run made with --trajectories)."""
    from gonets.lab.query import run_query

    try:
        columns, rows = run_query([run, *(also or [])], sql)
    except GonetsError as exc:
        fail(str(exc))
    if as_csv:
        writer = csv.writer(sys.stdout)
        writer.writerow(columns)
        writer.writerows(rows)
        return
    table = Table(title=f"{len(rows)} rows", title_justify="left")
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*(_cell(value) for value in row))
    Console(highlight=False).print(table)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return "NULL" if value is None else str(value)


# -- report ---------------------------------------------------------------------------------------
def report(
    runs: list[Path] = typer.Argument(..., metavar="RUN...", help="One or more run directories "
                                      "(two or more: each compared with the first)."),
    out: Path = typer.Option(Path("report.html"), help="The HTML file to write."),
    title: str | None = typer.Option(None, help="Page title."),
) -> None:
    """Write a static HTML report of lab runs: win rates with 95% intervals, lengths, end
    reasons, statistics and paired comparisons between runs."""
    from gonets.lab.experiment import is_experiment
    from gonets.lab.experiment_report import build_experiment_report
    from gonets.lab.report import build_report

    err = Console(stderr=True)
    try:
        grids = [run for run in runs if is_experiment(run)]
        if grids and len(runs) > 1:
            raise GonetsError(f"{grids[0]} is an experiment: report it alone (its cells are "
                              "compared with each other)")
        with progress_bar(err) as progress:
            if grids:
                build_experiment_report(grids[0], out, title=title, progress=progress)
            else:
                build_report(runs, out, title=title, progress=progress)
    except GonetsError as exc:
        fail(str(exc))
    Console(highlight=False).print(f"wrote {out}")


def register(app: typer.Typer) -> None:
    """Add ``simulate``, ``experiment``, ``query`` and ``report`` to the ``gonets`` command."""
    from gonets.lab.experiment_command import experiment

    app.command("simulate")(simulate)
    app.command("experiment")(experiment)
    app.command("query")(query)
    app.command("report")(report)
    from gonets.lab.counterfactual_command import app as counterfactual
    app.add_typer(counterfactual, name="counterfactual")

