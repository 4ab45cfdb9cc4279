"""Game-specific commands: ``gonets babayaga validate [DIR]`` and ``gonets babayaga balance``."""

from __future__ import annotations

from pathlib import Path

import typer

from gonets.core.errors import ContentError

app = typer.Typer(help="Baba Yaga: content packs and balance checks.", no_args_is_help=True)


@app.command()
def validate(
    folder: Path | None = typer.Argument(None, help="content folder (default: built-in)"),
) -> None:
    """Check a content folder (board, characters, quests, cards, rules) and report problems."""
    from gonets.games.babayaga.content import DEFAULT_DIR, load_content

    try:
        content = load_content(folder)
    except ContentError as exc:
        typer.echo(f"invalid content: {exc}", err=True)
        raise typer.Exit(1)
    typer.echo(f"{folder or DEFAULT_DIR}: valid ({len(content.locations)} locations, "
               f"{len(content.edges)} edges, {len(content.characters)} characters, "
               f"{len(content.quests)} quests, {len(content.decks['wilderness'])} Wilderness and "
               f"{len(content.decks['town'])} Town cards)")


@app.command()
def balance(preset: str = typer.Option("solo", help="competitive, cooperative or solo"),
            players: int = typer.Option(1, help="player count"),
            games: int = typer.Option(1000, help="matches to play"),
            seed: int = typer.Option(0, help="base seed")) -> None:
    """Simulate bot matches and print length, endings, quest completion and seat figures."""
    from gonets.games.babayaga.sim import balance as run

    res = run(preset, players, games, seed)
    lo, hi = res["win_ci"]
    typer.echo(f"{preset} {players}p, {games} games: win rate {res['win_rate']:.3f} "
               f"[{lo:.3f}, {hi:.3f}], rounds {res['rounds']:.1f}, decisions "
               f"{res['decisions']:.1f}, quests completed per game {res['quests_per_game']:.2f}")
    typer.echo(f"endings: {res['endings']}")
    lo, hi = res["first_seat_ci"]
    typer.echo(f"first seat wins {res['first_seat_win']:.3f} [{lo:.3f}, {hi:.3f}]; "
               f"wins by seat from the first: {res['seat_wins']}")
