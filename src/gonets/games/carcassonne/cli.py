"""Carcassonne-specific commands: ``gonets carcassonne tiles | remaining``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gonets.core import Record
from gonets.games.carcassonne.rules.tiles import SIDES, TILE_TYPES
from gonets.games.carcassonne.text import tile_block

app = typer.Typer(no_args_is_help=True, add_completion=False)


@app.command()
def tiles() -> None:
    """Show the 24 tile types: count, edges, segments and each distinct rotation."""
    for letter, tile in TILE_TYPES.items():
        oriented = tile.rotations[0]
        segs = ", ".join(
            f"{seg.label}" + (f" ({''.join(SIDES[s] for s in seg.sides)})" if seg.sides else "")
            for seg in oriented.segments)
        flags = " start" if tile.start else ""
        typer.echo(f"{letter} x{tile.count} {oriented.edges}{flags}: {segs}")
        blocks = [tile_block(letter, rot) for rot in tile.unique_rotations]
        for row in range(3):
            typer.echo("   " + "  ".join(block[row] for block in blocks))


@app.command()
def remaining(record: Annotated[Path, typer.Argument(help="A match record (JSON).")]) -> None:
    """Remaining tiles per type after replaying a record (public information)."""
    state = Record.load(record).replay(verify=False)
    view = state.view(None)
    typer.echo(f"Pile: {view['pile_size']} tiles")
    for letter, count in view["remaining"].items():
        typer.echo(f"  {letter}: {count}")


if __name__ == "__main__":   # pragma: no cover
    app()
