"""The terminal picture of a Baba Yaga view (Rich): the board, the score table and the side
panels' lines."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gonets.games.babayaga.rules.content import view_content
from gonets.games.babayaga.text.panels import panels
from gonets.games.babayaga.text.words import (
    CONNECT,
    TOKEN_MARK,
    loc_name,
    say,
    scoreboard,
    word,
)


def two_lines(name: str, width: int) -> tuple[str, str]:
    """A place name folded into two lines of at most ``width`` characters."""
    lines = textwrap.wrap(name, width) + ["", ""]
    return lines[0], lines[1]


def _edge_style(kind: str | None) -> str:
    return "blue" if kind in ("river", "lake") else "red" if kind == "mountain" else ""


def board_text(view: dict, lang: str = "en") -> Text:
    """The board as text: place names, tokens, heroes and the edges between."""
    c = view_content(view)
    width = 12
    cells = {loc["grid"]: lid for lid, loc in c.locations.items()}
    kinds = {frozenset((a, b)): kind for a, b, kind in c.edges}
    tokens_at: dict[str, str] = {}
    for tok, where in view["tokens"].items():
        if where is not None:
            tokens_at[where] = tokens_at.get(where, "") + TOKEN_MARK[tok]
    heroes_at: dict[str, str] = {}
    for hero in view["heroes"]:
        if hero["loc"] and not hero["elim"]:
            heroes_at[hero["loc"]] = heroes_at.get(hero["loc"], "") + str(hero["seat"] + 1)
    max_x = max(x for x, _ in cells)
    max_y = max(y for _, y in cells)
    text = Text()
    for y in range(max_y + 1):
        for line in range(3):
            for x in range(max_x + 1):
                lid = cells.get((x, y))
                if lid is None:
                    text.append(" " * width)
                    continue
                loc = c.locations[lid]
                if line < 2:
                    name = loc_name(lid, lang, c).replace("The ", "")
                    label = two_lines(name, width - 1)[line]
                    style = "bold red" if loc["kind"] == "town" else (
                        "bold" if loc["special"] else "")
                    text.append(f"{label:<{width - 1}}", style=style)
                else:
                    heroes = heroes_at.get(lid, "")
                    text.append(f"{tokens_at.get(lid, ''):<5}", style="bold magenta")
                    text.append(f"{('p' + heroes) if heroes else '':<{width - 6}}",
                                style="bold cyan")
                right = cells.get((x + 1, y))
                if right is not None and line == 2:
                    kind = kinds.get(frozenset((lid, right)))
                    text.append(CONNECT.get(kind, "  ")[0], style=_edge_style(kind))
                else:
                    text.append(" ")
            text.append("\n")
        if y < max_y:
            for x in range(max_x + 1):
                lid, below = cells.get((x, y)), cells.get((x, y + 1))
                kind = kinds.get(frozenset((lid, below))) if lid and below else None
                mark = CONNECT.get(kind, "  ")[1] if kind else " "
                text.append(f"{mark:<{width}}", style=_edge_style(kind) or "dim")
            text.append("\n")
    text.append(say(lang, "table.legend"), style="dim")
    return text


def score_table(view: dict, lang: str = "en") -> Table:
    """The score table (:func:`scoreboard`) for the terminal; ``*`` marks the active seat."""
    board = scoreboard(view, lang)
    table = Table(*[say(lang, "table.seat"), *board["columns"]], title=say(lang, "table.heroes"))
    for seat, row in enumerate(board["rows"]):
        table.add_row(f"p{seat + 1}" + (" *" if seat == view["active"] else ""), *map(str, row))
    return table


def render_text(view: dict, lang: str = "en") -> Group:
    """The table as the view's seat sees it: board, heroes, and the web page's panels (the
    card being resolved, the own hero, the others, the table)."""
    header = Text.assemble(
        (say(lang, "table.header", mode=word(lang, "mode", view["mode"]), round=view["round"]),
         "bold"), (word(lang, "time_full", view["time"] or "none"), "bold yellow"),
        say(lang, "table.decks", wilderness=view["deck_sizes"]["wilderness"],
            town=view["deck_sizes"]["town"], beaten=view["by_beaten"]))
    parts: list[Any] = [header, board_text(view, lang), score_table(view, lang)]
    for panel in panels(view, lang):
        body = "\n".join(line if isinstance(line, str) else f"{line[0]}: {line[1]}"
                         for line in panel["lines"])
        parts.append(Panel(Text(body), title=panel["title"]))
    return Group(*parts)
