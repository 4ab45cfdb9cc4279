"""The tournament commands: ``gonets tournament`` (a duplicate-deal tournament between bots)
and ``gonets strength`` (the strength table of docs/ai.md), registered on the ``gonets`` app by
:func:`register`. Both show their progress match by match (:mod:`gonets.progress`) and, stopped
by Ctrl-C, print what finished and leave with exit status 130."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer

from gonets.console import (
    JOBS_HELP,
    JSON_HELP,
    OPTION_HELP,
    PLAYERS_HELP,
    PRESET_HELP,
    bot_list,
    bot_names,
    configure,
    console,
    errors,
    fail,
    progress_bar,
    stop_cause,
    stopped,
)
from gonets.core.errors import GonetsError, OptionError

TOURNAMENT_BOTS_HELP = ("Comma list of the agents or levels to compare, by seat; a shorter list "
                        "repeats in order to fill the seats (a,b at 4 seats sits a b a b), as "
                        "--bots does everywhere. Every rotation of the seats plays every deal.")


def tournament(
    game_name: str = typer.Argument(..., metavar="GAME", help="Game to play (gonets games)."),
    bots: str = typer.Option(..., help=TOURNAMENT_BOTS_HELP),
    players: int | None = typer.Option(None, "--players", "-p", help=PLAYERS_HELP),
    preset: str | None = typer.Option(None, "--preset", help=PRESET_HELP),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    games_count: int = typer.Option(200, "--games", "-n", min=1,
                                    help="Matches in all (rounded up to whole deals)."),
    jobs: int = typer.Option(0, "--jobs", "-j", help=JOBS_HELP),
    seed: int = typer.Option(0, help="Seed of deal 0; deal i uses seed + i."),
    ratings: Path | None = typer.Option(None, help="JSON file of earlier results to rate "
                                                   "with this tournament's, then keep."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    save: Path | None = typer.Option(None, help="Directory to save every match record in "
                                     "(GAME-SEED-ROTATION.json; deal i's seed is seed + i)."),
) -> None:
    """Duplicate-deal tournament: rotated seats, win rates, paired differences, ratings."""
    from gonets.sim import tournament as T

    try:
        game, config = configure(game_name, players, preset, option)
        names = bot_names(bots, game)
        bot_list(bots, config.players, game)          # as many names as seats at most
        if len(set(names)) < 2:
            raise OptionError("a tournament needs at least two different agents (for one agent "
                              f"in every seat, the seats' balance: gonets simulate {game.name} "
                              f"--bots {names[0]})")
        probe = T.TournamentPlan(config, tuple(names), 1)
        deals = -(-games_count // len(probe.seatings()))
        plan = T.TournamentPlan(config, tuple(names), deals, seed, str(save) if save else None)
        start = T.load_ratings(ratings, game.name)
    except (GonetsError, ValueError, KeyError) as exc:
        fail(str(exc))
    with progress_bar(errors, unit="matches") as progress:
        task = progress.add_task(f"{game.title} tournament", total=plan.matches)
        standings = T.tournament(plan, jobs or os.cpu_count() or 1, start,
                                 on_count=lambda done: progress.update(task, completed=done))
    if ratings and not standings.stopped:
        T.save_ratings(ratings, game.name, standings.all_outcomes(), standings.ratings)
    if as_json:
        data = standings.to_json()
        data["stopped_by"] = stop_cause() if standings.stopped else "done"
        print(json.dumps(data, indent=2))
    elif standings.played:
        T.print_standings(console, game, standings)
    if standings.stopped:
        kept = f"; {ratings} is left as it was" if ratings else ""
        stopped(f" after {len(standings.played)} of {plan.matches} "
                f"matches{kept}")


def strength(
    out: Path = typer.Option(Path("docs/ai.md"), help="Markdown page to write (the table goes "
                             "between its markers; the prose around stays)."),
    games_count: int = typer.Option(200, "--games", "-n", min=2, help="Matches per matchup."),
    game_name: str | None = typer.Option(None, "--game",
                                         help="Only this game's matchups (the rest stay)."),
    jobs: int = typer.Option(0, "--jobs", "-j", help=JOBS_HELP),
    seed: int = typer.Option(0, help="Seed of deal 0 of every matchup; deal i uses seed + i."),
) -> None:
    """Re-make the strength table of docs/ai.md from the matchups of sim/data/strength.json."""
    from gonets.core.registry import get_game
    from gonets.sim.strength import Stopped, matchups, planned_matches, strength_page, write_table

    try:
        if game_name is not None:
            get_game(game_name)
            if not matchups(game_name):
                raise OptionError(f"sim/data/strength.json has no matchup of {game_name}")
        total = planned_matches(games_count, seed, game_name)
    except GonetsError as exc:
        fail(str(exc))
    workers = jobs or os.cpu_count() or 1
    try:
        with progress_bar(errors, unit="matches") as progress:
            task = progress.add_task("strength table", total=total)

            def advance(done: int, matchup: dict) -> None:
                label = f"strength: {matchup['game']}, {matchup['players']} players"
                progress.update(task, completed=done, description=label)

            table = strength_page(games_count, seed, workers, game_name, on_count=advance)
    except Stopped as stop:
        console.print(stop.page, markup=False)
        stopped(f": the matchups above finished (the last one in part); "
                f"{out} is left as it was")
    write_table(out, table, game_name)
    console.print(f"wrote the strength table into {out}", markup=False)


def register(app: typer.Typer) -> None:
    """Add ``tournament`` and ``strength`` to the ``gonets`` command."""
    app.command("tournament")(tournament)
    app.command("strength")(strength)
