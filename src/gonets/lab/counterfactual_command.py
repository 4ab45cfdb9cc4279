"""``gonets counterfactual loveletter|carcassonne``: the paired-intervention studies of
:mod:`gonets.lab.counterfactual` on the command line (a table, or JSON; ``--out`` keeps every
position or seed as JSON; a Rich progress bar on stderr)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from gonets.console import BOTS_HELP, OPTION_HELP, PRESET_HELP, bot_list, configure
from gonets.core.errors import GonetsError

app = typer.Typer(help="Counterfactual values by paired intervention (docs/balance.md): "
                  "change one thing, play the rest out with the same bots and seeds.",
                  no_args_is_help=True)

JOBS_HELP = "Worker processes (0: every core); the numbers do not depend on it."


def _fail(message: str) -> None:
    Console(stderr=True).print(f"[bold red]error:[/] {message}")
    raise typer.Exit(2)


def _run(label: str, task: Any, items: list, jobs: int) -> list:
    """Run the study's tasks with their progress on stderr."""
    from gonets.console import progress_bar
    from gonets.lab.counterfactual import run_tasks

    err = Console(stderr=True)
    with progress_bar(err) as progress:
        bar = progress.add_task(label, total=len(items))
        return run_tasks(task, items, jobs or os.cpu_count() or 1,
                         on_done=lambda _: progress.advance(bar))


def _emit(summary: dict[str, Any], full: dict[str, Any], as_json: bool, out: Path | None,
          show: Any) -> None:
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(full, indent=1) + "\n", encoding="utf-8")
    if as_json:
        print(json.dumps(summary, indent=2))
    else:
        show(summary)
        if out is not None:
            Console(highlight=False).print(f"wrote {out}")


def interval(estimate: dict[str, Any], percent: bool = True) -> str:
    """``+12.3 [+4.0, +20.6]`` (points of a rate, or the value as it is)."""
    scale, digits = (100.0, 1) if percent else (1.0, 2)
    value, (low, high) = estimate["value"] * scale, estimate["ci95"]
    return f"{value:+.{digits}f} [{low * scale:+.{digits}f}, {high * scale:+.{digits}f}]"


# -- Love Letter ----------------------------------------------------------------------------------
def loveletter(
    players: int = typer.Option(4, "--players", "-p", help="Number of seats."),
    preset: str | None = typer.Option(None, "--preset", help=PRESET_HELP),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    bots: str | None = typer.Option(None, help=BOTS_HELP + " Default heuristic."),
    positions: int = typer.Option(200, min=1, help="Decision points, spread evenly over the "
                                  "deck's cards."),
    playouts: int = typer.Option(50, min=1, help="Playouts of each of the two arms of a "
                                 "position."),
    seed: int = typer.Option(0, help="The study's seed (every match and playout seed "
                             "derives from it)."),
    horizon: str = typer.Option("match", help="round (play the round out) or match (to the "
                                "end: round and match win rates)."),
    hidden: str = typer.Option("reshuffle", help="reshuffle (the unseen cards per playout) "
                               "or fixed (the deal's own order)."),
    jobs: int = typer.Option(0, "--jobs", "-j", help=JOBS_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    out: Path | None = typer.Option(None, help="Write the summary and every position as "
                                    "JSON to this file."),
) -> None:
    """Love Letter: what keeping each card is worth, by paired playouts.

    At decision points the bots reach, keep the card (play the other of the two in hand)
    or play it, play both out with the same bots and seeds, and report the paired win-rate
    differences with 95% intervals."""
    from gonets.lab.counterfactual_cards import CardStudy, card_table, pair_table, position_task

    try:
        game, config = configure("loveletter", players, preset, option)
        study = CardStudy(config, tuple(bot_list(bots, config.players, game)), positions,
                          playouts, seed, horizon, hidden)
        items = [(study.to_json(), index) for index in range(positions)]
        records = _run("Love Letter positions", position_task, items, jobs)
    except GonetsError as exc:
        _fail(str(exc))
    summary = {"study": study.to_json(), "cards": card_table(study, records),
               "pairs": pair_table(study, records)}
    _emit(summary, {**summary, "positions": records}, as_json, out,
          lambda data: _show_cards(data, study))


def _show_cards(summary: dict[str, Any], study: Any) -> None:
    config = study.config
    table = Table(title=f"Love Letter, {config.players} players, preset {config.preset}, "
                        f"seed {study.seed}: win rates keeping the card (playing the other) "
                        f"and playing it; keep - play in points [95%] over positions, "
                        f"{study.playouts} paired playouts each, hidden cards {study.hidden}",
                  title_justify="left")
    columns = ["card", "n", "bots keep", "round keep / play", "round keep - play"]
    if study.horizon == "match":
        columns += ["match keep / play", "match keep - play"]
    for column in columns:
        table.add_column(column)
    for row in summary["cards"]:
        cells = [row["card"], str(row["positions"]), f"{row['bots_kept']:.0%}",
                 f"{row['round_keep']:.1%} / {row['round_play']:.1%}",
                 interval(row["round_effect"])]
        if study.horizon == "match":
            cells += [f"{row['match_keep']:.1%} / {row['match_play']:.1%}",
                      interval(row["match_effect"])]
        table.add_row(*cells)
    Console(highlight=False).print(table)


# -- Carcassonne ----------------------------------------------------------------------------------
def carcassonne(
    players: int = typer.Option(2, "--players", "-p", help="Number of seats."),
    preset: str | None = typer.Option(None, "--preset", help=PRESET_HELP),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    bots: str | None = typer.Option(None, help=BOTS_HELP + " Default heuristic; rotated as "
                                    "simulate rotates them."),
    games: int = typer.Option(200, "--games", "-n", min=1, help="Seeds, each played with "
                              "the whole stack and without each tile."),
    tiles: str | None = typer.Option(None, help="Message tiles to study, e.g. 1,4,8 "
                                     "(default: all 8)."),
    seed: int = typer.Option(0, help="Seed of the first match; match i uses seed + i."),
    jobs: int = typer.Option(0, "--jobs", "-j", help=JOBS_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    out: Path | None = typer.Option(None, help="Write the summary and every seed's "
                                    "measures as JSON to this file."),
) -> None:
    """Carcassonne + The Messengers: what each message tile does, by leaving it out.

    Every seed is played with the whole message stack and without each tile studied; the
    paired differences come with 95% intervals."""
    from gonets.lab.counterfactual_messages import (
        MessageStudy,
        parse_tiles,
        seed_task,
        tile_table,
    )

    try:
        game, config = configure("carcassonne", players, preset, option)
        study = MessageStudy(config, tuple(bot_list(bots, config.players, game)), games, seed,
                             parse_tiles(tiles))
        items = [(study.to_json(), index) for index in range(games)]
        records = _run("Carcassonne seeds", seed_task, items, jobs)
    except GonetsError as exc:
        _fail(str(exc))
    summary = {"study": study.to_json(), **tile_table(study, records)}
    _emit(summary, {**summary, "seeds": records}, as_json, out,
          lambda data: _show_tiles(data, study))


def _show_tiles(summary: dict[str, Any], study: Any) -> None:
    from gonets.games.carcassonne.rules.phases import MESSAGE_NAMES

    config = study.config
    base = summary["all"]
    Console(highlight=False).print(
        f"With all 8 tiles ({study.games} seeds from {study.seed}): total score "
        f"{base['total']['value']:.1f}, spread {base['spread']['value']:.1f}, p1 wins "
        f"{base['first_seat_win']['value']:.1%}, {base['messages']['value']:.2f} messages "
        f"giving {base['message_points']['value']:.1f} points")
    table = Table(title=f"Carcassonne {config.preset}, {config.players} players: without the "
                        "tile minus with all 8, paired by seed [95%]; changed: the seeds "
                        "whose match the tile changed", title_justify="left")
    for column in ("tile", "changed", "total score", "spread", "p1 wins (points)",
                   "messages", "message points"):
        table.add_column(column)
    for row in summary["tiles"]:
        table.add_row(f"{row['tile']} {MESSAGE_NAMES[row['tile']]}", f"{row['changed']:.0%}",
                      interval(row["total"], False), interval(row["spread"], False),
                      interval(row["first_seat_win"]), interval(row["messages"], False),
                      interval(row["message_points"], False))
    Console(highlight=False).print(table)


app.command("loveletter")(loveletter)
app.command("carcassonne")(carcassonne)
