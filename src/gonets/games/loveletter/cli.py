"""``gonets loveletter ...``: game-specific commands (the playing-card deck mapping)."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from gonets.core.errors import GonetsError
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.text import catalogue

app = typer.Typer(help="Love Letter commands.", no_args_is_help=True, add_completion=False)


@app.callback()
def main() -> None:
    """Love Letter: game-specific commands."""


def face_name(face: str, lang: str) -> str:
    """A playing card as written in ``lang`` (only the jokers have words)."""
    return catalogue(lang)["deck"]["jokers"].get(face, face)


def mapping_table(size: str, players: int,
                  lang: str = "en") -> tuple[Table, list[str], list[str]]:
    """The Rich table of the mapping, the token cards and the cards not used."""
    heads = catalogue(lang)["deck"]["headings"]
    mapping = C.playing_card_mapping(size, players)
    rows = mapping.rows
    tokens = [face_name(face, lang) for face in mapping.tokens]
    unused = [face_name(face, lang) for face in mapping.unused]
    table = Table(title=heads["title"].format(size=size, players=players))
    for column in ("value", "character", "playing_cards", "copies"):
        table.add_column(heads[column])
    for row in rows:
        table.add_row(str(row.value), C.card_name(row.key, lang),
                      " ".join(face_name(face, lang) for face in row.cards),
                      str(len(row.cards)))
    return table, tokens, unused


@app.command()
def deck(cards: str = typer.Option("54", "--cards", help="Playing-card deck: 54 or 36."),
         players: int = typer.Option(4, "--players", "-p", help="Number of players (2-8)."),
         lang: str = typer.Option("en", "--lang", help="Card names: en or ru.")) -> None:
    """Print how to play with an ordinary 54- or 36-card deck (the mapping of Тайное Послание,
    with our fixes)."""
    from gonets.console import fail

    console = Console(highlight=False)
    if cards not in ("54", "36"):
        fail(f"--cards must be 54 or 36, not {cards!r}")
    if not 2 <= players <= 8:
        fail(f"Love Letter is for 2-8 players, not {players}")
    try:
        table, tokens, unused = mapping_table(cards, players, lang)
    except GonetsError as exc:
        fail(str(exc))
    console.print(table)
    heads = catalogue(lang)["deck"]["headings"]
    console.print(f"{heads['tokens']}: {', '.join(tokens)}")
    if unused:
        console.print(f"{heads['unused']}: {', '.join(unused)}")
