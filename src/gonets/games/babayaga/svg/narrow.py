"""The narrow arrangement of the board, for a phone's board (under 600 px wide): the whole map
in at most 356 x 592 units, drawn at about a pixel a unit, so that whatever places a decision
offers (a flight may offer every wild place) fit a 390 x 844 phone's frame at once with every
word 12 px or more.

A map wider than tall is turned a quarter clockwise (the west on top, the north on the
right), so the built-in 10 x 5 grid becomes 5 columns of 10 rows; neighbours stay neighbours,
and the borders between them still show the ways and the barriers. Tiles are 65 x 53 units:
a name in one or two lines of 12 units (a word too wide is cut before a vowel, ``Кикимор.``),
then one row of the tokens and heroes there. The header stands above the map, the hero row
and the key below it, their words 12 units (the title 14), flowed into the box's width.
A pack whose grid is larger than the built-in one gets a larger box, which a phone zooms and
pans as any picture."""

from __future__ import annotations

from html import escape

from gonets.games.babayaga.rules.content import Content, view_content
from gonets.games.babayaga.svg.parts import (
    TILE_STYLE,
    board_picks,
    edge_art,
    fit_lines,
    focus_places,
    goal_place,
    header_fields,
    keyed_pieces,
    place_kind,
    short_name,
    spread,
    svg_legend,
    svg_roster,
    text,
    text_width,
)
from gonets.games.babayaga.svg.wide import (
    goal_star,
    grid_size,
    hero_disc,
    place_open,
    token_disc,
)
from gonets.games.babayaga.text.words import loc_name

WIDTH = 356                   # a 390 px phone's board less the 8 px board.js keeps free a side
CELL_W, CELL_H, GAP = 71, 59, 6
TILE_W, TILE_H = CELL_W - GAP, CELL_H - GAP
SIZE, TITLE_SIZE = 12, 14     # the least word board.js does not hide on a phone: 12 px
NAME_ROOM = TILE_W - 5
DISC_R, DISC_STEP = 9, 19
ROW = 22                      # the rows of the hero row and the key
LINE = 15                     # the lines of the header's status


def turned(c: Content) -> bool:
    """Whether the narrow map turns the pack's grid (a grid wider than tall is turned)."""
    cols, rows = grid_size(c)
    return cols > rows


def cell(c: Content, lid: str) -> tuple[int, int]:
    """A place's column and row on the narrow map."""
    x, y = c.locations[lid]["grid"]
    if turned(c):
        return grid_size(c)[1] - 1 - y, x
    return x, y


def map_size(c: Content) -> tuple[int, int]:
    """The narrow map's width and height in units (its outer tiles' edges)."""
    cols, rows = grid_size(c)
    if turned(c):
        cols, rows = rows, cols
    return cols * CELL_W - GAP, rows * CELL_H - GAP


def fold(words: str, room: float, size: int, bold: bool = False) -> list[str]:
    """Words folded into lines of at most ``room`` units, broken between words only."""
    lines: list[str] = []
    for word in words.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _header(view: dict, lang: str) -> tuple[list[str], float]:
    """The header: the title and the status, each flowed at its `` · `` into lines of the
    box's width (a piece too long for a line folded between its words into one text, which
    keeps the piece's log keys); returns the elements and the height used."""
    title, status = header_fields(view, lang)
    out = []
    y, room = 3.0, WIDTH - 8
    for path, fields, size, bold in (("svg.title", title, TITLE_SIZE, True),
                                     ("svg.status", status, SIZE, False)):
        line = size + 3
        x, y = 4.0, y + line + 1
        for shown, ref, advance in keyed_pieces(lang, path, fields, size, bold):
            if x > 4 and x + text_width(shown, size, bold) > WIDTH - 4:
                x, y = 4.0, y + line
            if text_width(shown, size, bold) <= room:
                out.append(text(x, y, shown, size, "start", bold=bold, extra=ref))
                x += advance
                continue
            lines = fold(shown, room, size, bold)
            spans = "".join(f'<tspan x="4" dy="{line if i else 0}">{escape(part)}</tspan>'
                            for i, part in enumerate(lines))
            weight = ' font-weight="bold"' if bold else ""
            out.append(f'<text x="4" y="{y:.0f}" font-size="{size}" text-anchor="start" '
                       f'fill="#1c2833"{weight}{ref}>{spans}</text>')
            x = 4.0 + text_width(lines[-1] + " ", size, bold)
            y += line * (len(lines) - 1)
    return out, y + 8


def origin(c: Content, lid: str, left: float, top: float) -> tuple[float, float]:
    """The top left corner of a place's tile on the narrow map drawn from (left, top)."""
    col, row = cell(c, lid)
    return left + col * CELL_W, top + row * CELL_H


def _edges(c: Content, left: float, top: float) -> list[str]:
    out = []
    for a, b, kind in c.edges:
        (ax, ay), (bx, by) = origin(c, a, left, top), origin(c, b, left, top)
        vertical = ay == by                     # side by side: the border runs down
        if vertical:
            x, y, length = max(ax, bx) - GAP / 2, ay + TILE_H / 2, TILE_H - 8
        else:
            x, y, length = ax + TILE_W / 2, max(ay, by) - GAP / 2, TILE_W - 8
        out.append(f'<g class="edge {kind}" data-edge="{a}|{b}">'
                   f'{edge_art(kind, x, y, length, vertical, GAP)}</g>')
    return out


def name_lines(view: dict, lid: str, lang: str) -> list[str]:
    """A place's name as the narrow map writes it: one or two lines of 12 units."""
    c = view_content(view)
    return fit_lines(short_name(loc_name(lid, lang, c)), NAME_ROOM, SIZE, syllable=True)


def _place(view: dict, lid: str, keys: list[str], focus: bool, lang: str, left: float,
           top: float) -> str:
    """One place: its tile (carrying the keys), name, and one row of tokens and heroes."""
    c = view_content(view)
    x, y = origin(c, lid, left, top)
    kind = place_kind(c.locations[lid])
    fill, stroke = TILE_STYLE[kind]
    out = place_open(view, lid, keys, focus, lang)
    out.append(f'<rect x="{x:g}" y="{y:g}" width="{TILE_W}" height="{TILE_H}" rx="6" '
               f'fill="{fill}" stroke="{stroke}" stroke-width="{2.5 if kind != "wild" else 1.5}"/>')
    if keys:
        out.append(f'<rect class="reach" x="{x + 3:g}" y="{y + 3:g}" width="{TILE_W - 6}" '
                   f'height="{TILE_H - 6}" rx="5" fill="none" stroke="#d4ac0d" '
                   f'stroke-width="3" stroke-dasharray="6,3"/>')
    lines = name_lines(view, lid, lang)
    first = y + (13 if len(lines) > 1 else 16)
    for i, line in enumerate(lines):
        out.append(text(x + TILE_W / 2, first + 13 * i, line, SIZE,
                        fill="#922b21" if kind == "town" else "#1c2833", extra=' class="name"'))
    here = [t for t, where in view["tokens"].items() if where == lid]
    heroes = [h for h in view["heroes"] if h["loc"] == lid and not h["elim"]]
    count = len(here) + len(heroes)
    middle = x + TILE_W / 2
    for i, tok in enumerate(here):
        out.append(token_disc(tok, middle + spread(count, i, TILE_W - 20, DISC_STEP), y + 41,
                              lang, DISC_R, SIZE))
    for i, hero in enumerate(heroes, start=len(here)):
        out.append(hero_disc(view, hero, middle + spread(count, i, TILE_W - 20, DISC_STEP),
                             y + 41, lang, DISC_R, SIZE))
    out.append("</g>")
    return "\n".join(out)


def draw(view: dict, lang: str) -> tuple[list[str], float, int]:
    """The narrow arrangement's elements, its width and its height."""
    c = view_content(view)
    width, height = map_size(c)
    box = max(WIDTH, width + 4)
    left = (box - width) / 2
    parts, top = _header(view, lang)
    picks = board_picks(view)
    focus = focus_places(view, picks)
    parts += _edges(c, left, top)
    parts += [_place(view, lid, picks.get(lid, []), lid in focus, lang, left, top)
              for lid in c.order]
    seat = view.get("seat")
    where = goal_place(view, seat) if seat is not None else None
    if where is not None:
        x, y = origin(c, where, left, top)
        parts.append(goal_star(view, lang, (x + TILE_W - 3, y + 3), 7, 3))
    below = top + height + 4
    roster, roster_used = svg_roster(view, lang, 4, below, box - 8, SIZE, ROW)
    legend, used = svg_legend(lang, 4, below + roster_used, box - 8, SIZE, ROW)
    total = int(below + roster_used + used + 4)
    background = f'<rect width="{box:g}" height="{total}" fill="#f4ecd8"/>'
    return [background, *parts, *roster, *legend], box, total
