"""The wide arrangement of the board (a laptop's, the picture's viewBox): the map as the pack's
grid lays it out, a cell 100 units, every word 13 units or more; the header above it, the
hero row and the key below."""

from __future__ import annotations

from html import escape

from gonets.games.babayaga.rules.content import Content, view_content
from gonets.games.babayaga.svg.parts import (
    CELL,
    GAP,
    HEAD,
    HERO_COLOURS,
    NAME_SIZE,
    PAD,
    TILE,
    TILE_STYLE,
    TOKEN_COLOURS,
    board_picks,
    disc,
    edge_art,
    fit_lines,
    focus_places,
    goal_place,
    header_fields,
    keyed_pieces,
    place_kind,
    short_name,
    spread,
    star_points,
    svg_legend,
    svg_roster,
    text,
)
from gonets.games.babayaga.text.words import goal, hero_name, loc_name, say, token_name, word


def origin(c: Content, lid: str) -> tuple[float, float]:
    """The top left corner of a place's tile on the board of ``c``."""
    x, y = c.locations[lid]["grid"]
    return PAD + x * CELL + GAP / 2, HEAD + y * CELL + GAP / 2


def grid_size(c: Content) -> tuple[int, int]:
    """The pack's grid: how many columns and rows its places use."""
    cols = max(loc["grid"][0] for loc in c.locations.values()) + 1
    rows = max(loc["grid"][1] for loc in c.locations.values()) + 1
    return cols, rows


def _edges(c: Content) -> list[str]:
    out = []
    for a, b, kind in c.edges:
        (ax, ay), (bx, by) = origin(c, a), origin(c, b)
        vertical = ay == by                     # side by side: the border runs down
        if vertical:
            x, y = max(ax, bx) - GAP / 2, ay + TILE / 2
        else:
            x, y = ax + TILE / 2, max(ay, by) - GAP / 2
        out.append(f'<g class="edge {kind}" data-edge="{a}|{b}">'
                   f'{edge_art(kind, x, y, TILE - 8, vertical)}</g>')
    return out


def place_open(view: dict, lid: str, keys: list[str], focus: bool, lang: str) -> list[str]:
    """The start of a place's group: its keys, focus, log key and tooltip (both arrangements
    open a place alike)."""
    c = view_content(view)
    kind = place_kind(c.locations[lid])
    name = loc_name(lid, lang, c)
    pick = f' data-pick="{escape("|".join(keys))}"' if keys else ""
    focused = ' data-focus="1"' if focus else ""
    tip = [name, word(lang, "place_kind", kind)]
    tip += [token_name(t, lang) for t, where in view["tokens"].items() if where == lid]
    return [f'<g class="place {kind}" data-location="{lid}"{pick}{focused} data-ref="place:{lid}">',
            f"<title>{escape(' · '.join(tip))}</title>"]


def hero_disc(view: dict, hero: dict, x: float, y: float, lang: str, r: int = 12,
              size: int = 14) -> str:
    """A hero's disc on its place (the viewer's ringed in gold, a face-down hero's dashed)."""
    own = hero["seat"] == view.get("seat")
    title = hero_name(view, hero["seat"], lang) + (say(lang, "svg.you") if own else "")
    return disc(x, y, HERO_COLOURS[hero["seat"] % 6], str(hero["seat"] + 1), title,
                "#f1c40f" if own else "#fff", dashed=bool(hero["skip"]), cls="hero",
                data=f' data-seat="{hero["seat"]}" data-ref="hero:{hero["seat"]}"', r=r,
                size=size)


def token_disc(tok: str, x: float, y: float, lang: str, r: int = 12, size: int = 14) -> str:
    """A token's disc on its place."""
    return disc(x, y, TOKEN_COLOURS[tok], word(lang, "token_mark", tok), token_name(tok, lang),
                cls="token", data=f' data-token="{tok}" data-ref="token:{tok}"', r=r, size=size)


def _place(view: dict, lid: str, keys: list[str], focus: bool, lang: str) -> str:
    """One place: its tile (carrying the keys), name, tokens and heroes."""
    c = view_content(view)
    x, y = origin(c, lid)
    kind = place_kind(c.locations[lid])
    fill, stroke = TILE_STYLE[kind]
    bold = kind == "town"
    out = place_open(view, lid, keys, focus, lang)
    out.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{TILE}" height="{TILE}" rx="8" '
               f'fill="{fill}" stroke="{stroke}" stroke-width="{3 if kind != "wild" else 1.5}"/>')
    if keys:
        out.append(f'<rect class="reach" x="{x + 4:.0f}" y="{y + 4:.0f}" width="{TILE - 8}" '
                   f'height="{TILE - 8}" rx="6" fill="none" stroke="#d4ac0d" stroke-width="4" '
                   f'stroke-dasharray="7,4"/>')
    short = short_name(loc_name(lid, lang, c))
    for i, line in enumerate(fit_lines(short, TILE - 6, NAME_SIZE, bold)):
        out.append(text(x + TILE / 2, y + 17 + 15 * i, line, NAME_SIZE, bold=bold,
                        fill="#922b21" if bold else "#1c2833", extra=' class="name"'))
    here = [t for t, where in view["tokens"].items() if where == lid]
    for i, tok in enumerate(here):
        out.append(token_disc(tok, x + TILE / 2 + spread(len(here), i, TILE - 24, 25), y + 51,
                              lang))
    heroes = [h for h in view["heroes"] if h["loc"] == lid and not h["elim"]]
    for i, hero in enumerate(heroes):
        out.append(hero_disc(view, hero, x + TILE / 2 + spread(len(heroes), i, TILE - 24, 25),
                             y + 75, lang))
    out.append("</g>")
    return "\n".join(out)


def goal_star(view: dict, lang: str, corner: tuple[float, float] | None = None,
              outer: float = 9, inner: float = 4) -> str:
    """A star on the viewer's current quest step, where it is met now; ``corner`` gives the
    star's centre from the step's place (default: this arrangement's tile's upper right)."""
    seat = view.get("seat")
    where = goal_place(view, seat) if seat is not None else None
    if where is None:
        return ""
    number, step = goal(view, seat)
    if corner is None:
        x, y = origin(view_content(view), where)
        corner = (x + TILE - 4, y + 4)
    title = say(lang, "svg.final" if step.get("final") else "svg.goal", n=number)
    return (f'<g class="goal"><title>{escape(title)}</title><polygon '
            f'points="{star_points(*corner, outer, inner)}" fill="#f4d03f" stroke="#7d6608" '
            f'stroke-width="1.5"/></g>')


def _header(view: dict, lang: str) -> list[str]:
    title, status = header_fields(view, lang)
    out = []
    for path, fields, y, size, bold in (("svg.title", title, 22, 17, True),
                                        ("svg.status", status, 44, 14, False)):
        x = PAD + 4
        for shown, ref, advance in keyed_pieces(lang, path, fields, size, bold):
            out.append(text(x, y, shown, size, "start", bold=bold, extra=ref))
            x += advance
    return out


def draw(view: dict, lang: str) -> tuple[list[str], int, int]:
    """The wide arrangement's elements, its width and its height."""
    c = view_content(view)
    cols, rows = grid_size(c)
    width = PAD * 2 + cols * CELL
    picks = board_picks(view)
    focus = focus_places(view, picks)
    parts = _header(view, lang) + _edges(c)
    parts += [_place(view, lid, picks.get(lid, []), lid in focus, lang) for lid in c.order]
    parts.append(goal_star(view, lang))
    top = HEAD + rows * CELL + 4
    roster, roster_used = svg_roster(view, lang, PAD + 4, top, width - 2 * PAD - 8)
    legend, used = svg_legend(lang, PAD + 4, top + roster_used, width - 2 * PAD - 8)
    height = int(top + roster_used + used + PAD)
    return parts + roster + legend, width, height
