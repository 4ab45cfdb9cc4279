"""Game-specific commands: ``gonets babayaga export DIR`` (a copy of the built-in content to
edit), ``gonets babayaga validate [DIR]`` and ``gonets babayaga balance`` (the balance check:
heuristic bots in every seat, game length, endings, quests, seats)."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import typer
from rich.table import Table

from gonets.agents import make_agent
from gonets.core import get_game, play_match
from gonets.core.errors import ContentError, GonetsError
from gonets.games.babayaga.rules.content import DEFAULT_DIR, load_content
from gonets.sim.stats import wilson_interval

app = typer.Typer(help="Baba Yaga: content packs and balance checks.", no_args_is_help=True)


@app.command()
def export(
    folder: Path = typer.Argument(..., help="New content folder to write (must not exist, or "
                                            "be empty)."),
) -> None:
    """Write a copy of the built-in content pack into a new folder: the start of a pack of
    your own (edit it, then ``gonets babayaga validate FOLDER``)."""
    from gonets.console import console, fail

    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        fail(f"{folder} already exists and is not an empty folder; name a new one")
    shutil.copytree(DEFAULT_DIR, folder, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    console.print(f"wrote the built-in content into {folder}; next: gonets babayaga validate "
                  f"{folder}", markup=False)


@app.command()
def validate(
    folder: Path | None = typer.Argument(None, help="Content folder (default: the built-in "
                                                    "one)."),
) -> None:
    """Check a content folder (board, characters, quests, cards, rules) and report every
    problem, one a line (exit status 2 when there is one)."""
    from gonets.console import errors

    try:
        content = load_content(folder)
    except ContentError as exc:
        problems = str(exc).splitlines()
        errors.print(f"[bold red]error:[/] invalid content: {len(problems)} "
                     f"problem{'s' * (len(problems) != 1)}")
        for line in problems:
            errors.print(f"  {line}", markup=False)
        raise typer.Exit(2)
    typer.echo(f"{folder or DEFAULT_DIR}: valid ({len(content.locations)} locations, "
               f"{len(content.edges)} edges, {len(content.characters)} characters, "
               f"{len(content.quests)} quests, {len(content.decks['wilderness'])} Wilderness and "
               f"{len(content.decks['town'])} Town cards)")


@app.command()
def balance(preset: str = typer.Option("solo", help="Preset: competitive, cooperative or "
                                                    "solo."),
            players: int = typer.Option(1, "--players", "-p", help="Number of players."),
            games: int = typer.Option(1000, "--games", "-n", min=1, help="Matches to play."),
            seed: int = typer.Option(0, help="Base seed; match i uses seed * 100000 + i.")
            ) -> None:
    """Simulate heuristic-bot matches and print their length, endings, quest completion and
    seat figures as tables (progress on standard error)."""
    from gonets.console import console, errors, fail, progress_bar

    try:
        get_game("babayaga").configure(players, preset)
    except GonetsError as exc:
        fail(str(exc))
    with progress_bar(errors, unit="matches") as progress:
        task = progress.add_task(f"Baba Yaga balance ({preset})", total=games)
        res = run_balance(preset, players, games, seed,
                          on_match=lambda: progress.advance(task))
    for table in balance_tables(res):
        console.print(table)


def balance_tables(res: dict) -> list[Table]:
    """The figures of :func:`run_balance` as three tables: the summary, the endings, the wins
    by seat (counted from the first player)."""
    from gonets.cli_words import count

    players, games = res["players"], res["games"]
    summary = Table(title=f"Baba Yaga, {res['preset']}, {count(players, 'player')}: "
                          f"{count(games, 'match')}", title_justify="left")
    summary.add_column("measure")
    summary.add_column("value  [95% interval]", justify="right")
    low, high = res["win_ci"]
    summary.add_row("matches won" if players == 1 or res["preset"] == "cooperative"
                    else "matches with a winner",
                    f"{res['win_rate']:.1%}  [{low:.1%}, {high:.1%}]")
    low, high = res["first_seat_ci"]
    summary.add_row("won by the first player", f"{res['first_seat_win']:.1%}  "
                                               f"[{low:.1%}, {high:.1%}]")
    summary.add_row("rounds per match", f"{res['rounds']:.1f}")
    summary.add_row("decisions per match", f"{res['decisions']:.1f}")
    summary.add_row("quests completed per match", f"{res['quests_per_game']:.2f}")
    endings = Table(title="how the matches ended", title_justify="left")
    for column, justify in (("ending", "left"), ("matches", "right"), ("share", "right")):
        endings.add_column(column, justify=justify)
    for how, number in sorted(res["endings"].items(), key=lambda item: -item[1]):
        endings.add_row(how, str(number), f"{number / games:.1%}")
    seats = Table(title="wins by seat, from the first player", title_justify="left")
    for column, justify in (("seat", "left"), ("wins", "right"), ("share of matches", "right")):
        seats.add_column(column, justify=justify)
    for seat in range(players):
        wins = res["seat_wins"].get(seat, 0)
        seats.add_row("first" if seat == 0 else f"first + {seat}", str(wins),
                      f"{wins / games:.1%}")
    return [summary, endings, seats]


def run_balance(preset: str, players: int, games: int, seed: int = 0,
                agent: str = "heuristic", on_match: Callable[[], None] | None = None) -> dict:
    """Play ``games`` bot matches and summarise them (``on_match`` is called after each)."""
    game = get_game("babayaga")
    config = game.configure(players, preset)
    hows: Counter = Counter()
    rounds = decisions = wins = quests = 0
    seat_wins = Counter()
    for i in range(games):
        agents = [make_agent(agent, game, config, s, seed=f"{seed}:{i}") for s in range(players)]
        match = play_match(game, config, agents, seed=seed * 100_000 + i)
        state = match.state
        out = state.outcome
        hows[out["how"]] += 1
        rounds += state.round
        decisions += state.decisions
        quests += sum(1 for p in state.players if p.done)
        if out["winners"]:
            wins += 1
            for w in out["winners"]:
                seat_wins[(w - state.opener) % players] += 1
        if on_match is not None:
            on_match()
    low, high = wilson_interval(wins, games)
    first_low, first_high = wilson_interval(seat_wins[0], games)
    return {"preset": preset, "players": players, "games": games, "win_rate": wins / games,
            "win_ci": (low, high), "rounds": rounds / games, "decisions": decisions / games,
            "endings": dict(hows), "quests_per_game": quests / games,
            "first_seat_win": seat_wins[0] / games, "first_seat_ci": (first_low, first_high),
            "seat_wins": {k: seat_wins[k] for k in sorted(seat_wins)}}
