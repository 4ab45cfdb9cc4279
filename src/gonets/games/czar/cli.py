"""Game-specific commands: ``gonets czar board`` and ``gonets czar arrows``."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from gonets.games.czar.rules.board import (
    CLOSED,
    DEFAULT_PRICES,
    GUARD_INNS,
    INN_NAMES,
    LEVEL_INNS,
    LEVEL_TITLES,
    TYPE_TITLES,
)

app = typer.Typer(help="Message to the Czar: board and rule tables.", no_args_is_help=True)


@app.command()
def board(players: int = typer.Option(4, "--players", "-n", help="player count, 2-5")) -> None:
    """Show the villages, closed inns and guard prices for a player count."""
    if players not in CLOSED:
        raise typer.BadParameter("Message to the Czar is for 2-5 players", param_hint="--players")
    console = Console()
    table = Table(title=f"Message to the Czar, {players} players (closed inns struck out)")
    table.add_column("level")
    table.add_column("inns")
    guards = ", ".join(f"{price} above {INN_NAMES[inn]}"
                       for price, inn in zip(DEFAULT_PRICES, GUARD_INNS))
    table.add_row("Palace", f"guards (default prices): {guards}")
    for level in range(len(LEVEL_INNS) - 1, -1, -1):
        names = [f"[strike dim]{INN_NAMES[i]}[/] (closed)" if i in CLOSED[players] else INN_NAMES[i]
                 for i in LEVEL_INNS[level]]
        table.add_row(LEVEL_TITLES[level], ", ".join(names))
    console.print(table)


@app.command()
def arrows() -> None:
    """Which couriers leave a full inn, by its empty room (Rulebook, 'Move to the next village')."""
    table = Table(title="Leaving a full inn: the two rooms after the empty one, clockwise")
    for name in ("empty room", "first leaver", "second leaver", "stays"):
        table.add_column(name)
    for empty in range(4):
        table.add_row(*(TYPE_TITLES[(empty + k) & 3] for k in range(4)))
    Console().print(table)
