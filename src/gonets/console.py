"""What every ``gonets`` command shares: the console, the error exit, a game configured from
command-line options and a list of bots by seat."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from gonets.agents import agent_names
from gonets.core import OptionError, get_game
from gonets.core.options import parse_assignments, with_local_paths

console = Console(highlight=False)

OPTION_HELP = "Rule option on top of the preset, as name=value (repeatable)."


def fail(message: str) -> None:
    """Print ``message`` as an error and leave with exit status 2."""
    console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(2)


def configure(game_name: str, players: int | None, preset: str | None, options: list[str] | None):
    """The game and its configuration for the command line's ``-p``, ``--preset`` and ``-o``
    (the fewest players the preset allows when ``players`` is not given)."""
    game = get_game(game_name)
    low, _ = game.player_range(preset)
    local = {option.name for option in game.options if option.local}
    chosen = with_local_paths(parse_assignments(options), local, Path.cwd())
    config = game.configure(players or low, preset, chosen)
    return game, config


def bot_list(text: str | None, count: int, game) -> list[str]:
    """``count`` agent names from a comma list (the last one repeats); default heuristic."""
    default = "heuristic" if "heuristic" in game.agents() else "random"
    names = [n.strip() for n in (text or "").split(",") if n.strip()] or [default]
    known = agent_names(game)
    for name in names:
        if name not in known:
            raise OptionError(f"unknown bot {name!r} for {game.name}; "
                              f"known bots: {', '.join(known)}")
    return (names + [names[-1]] * count)[:count]


def progress_bar(console: Console, disable: bool = False) -> Progress:
    """The Rich progress bar of every long lab step (on stderr; gone when done)."""
    return Progress("[progress.description]{task.description}", BarColumn(),
                    MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                    transient=True, disable=disable)
