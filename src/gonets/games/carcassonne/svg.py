"""A standalone SVG picture of a view, drawn from the tiles' feature data.

Clickable elements carry their action notation in ``data-action`` (several notations of one
element joined by ``|``): candidate cells for the tile in hand, the segments of the tile just
placed for followers, and buttons for every other decision.
"""

from __future__ import annotations

from html import escape

from gonets.games.carcassonne.rules.tiles import CITY, FIELD, MONASTERY, ROAD, TILE_TYPES
from gonets.games.carcassonne.rules.track import SPACES, figures_on_track

SIZE = 60
TRACK_COLS, TRACK_CELL_W, TRACK_CELL_H = 10, 44, 36
COLOURS = ("#e8c31c", "#d12c2c", "#2f9e44", "#1c64d1", "#222222", "#8a8a8a")
SIDE_POINT = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
CORNERS = ((0, 0), (1, 0), (1, 1), (0, 1))     # NW, NE, SE, SW
HALF_POINT = ((0.3, 0.08), (0.7, 0.08), (0.92, 0.3), (0.92, 0.7), (0.7, 0.92), (0.3, 0.92),
              (0.08, 0.7), (0.08, 0.3))


def _anchor(seg, tile) -> tuple[float, float]:
    """Where a follower on this segment is drawn (unit square, y down)."""
    if seg.kind == MONASTERY:
        return 0.5, 0.5
    if seg.kind == FIELD:
        return HALF_POINT[seg.halves[0]]
    points = [SIDE_POINT[s] for s in seg.sides]
    if seg.kind == ROAD:
        sx, sy = points[0]
        return (sx + 0.5) / 2, (sy + 0.5) / 2
    if len(points) == 1:
        sx, sy = points[0]
        return 0.5 + (sx - 0.5) * 0.6, 0.5 + (sy - 0.5) * 0.6
    return (sum(p[0] for p in points) / len(points) * 0.6 + 0.2,
            sum(p[1] for p in points) / len(points) * 0.6 + 0.2)


def _tile_svg(letter: str, rot: int, px: float, py: float) -> list[str]:
    tile = TILE_TYPES[letter].rotations[rot]
    s = SIZE
    out = [f'<rect x="{px}" y="{py}" width="{s}" height="{s}" fill="#9bc76b" stroke="#555"/>']
    for seg in tile.segments:
        if seg.kind == CITY:
            for side in seg.sides:
                a, b = CORNERS[side], CORNERS[(side + 1) % 4]
                inner = 0.5 if len(seg.sides) > 1 else 0.3
                mx, my = SIDE_POINT[side]
                cx, cy = 0.5 + (mx - 0.5) * (1 - 2 * inner), 0.5 + (my - 0.5) * (1 - 2 * inner)
                pts = [(a[0], a[1]), (b[0], b[1]), (cx, cy)]
                if len(seg.sides) == 1:
                    pts = [(a[0], a[1]), (b[0], b[1]), (cx + (b[0] - a[0]) * 0.3,
                                                         cy + (b[1] - a[1]) * 0.3),
                           (cx - (b[0] - a[0]) * 0.3, cy - (b[1] - a[1]) * 0.3)]
                poly = " ".join(f"{px + x * s:.1f},{py + y * s:.1f}" for x, y in pts)
                out.append(f'<polygon points="{poly}" fill="#b5763a"/>')
            if len(seg.sides) > 2:
                out.append(f'<circle cx="{px + s / 2}" cy="{py + s / 2}" r="{s * 0.25}" '
                           'fill="#b5763a"/>')
        elif seg.kind == ROAD:
            for side in seg.sides:
                mx, my = SIDE_POINT[side]
                out.append(f'<line x1="{px + mx * s:.1f}" y1="{py + my * s:.1f}" '
                           f'x2="{px + s / 2}" y2="{py + s / 2}" stroke="#f4f1e6" '
                           'stroke-width="5"/>')
            if len(seg.sides) == 1 and tile.monastery < 0:
                out.append(f'<rect x="{px + s / 2 - 4}" y="{py + s / 2 - 4}" width="8" '
                           'height="8" fill="#666"/>')
        elif seg.kind == MONASTERY:
            out.append(f'<rect x="{px + s * 0.32}" y="{py + s * 0.32}" width="{s * 0.36}" '
                       f'height="{s * 0.36}" fill="#c94f3d" stroke="#fff"/>')
    if tile.arms:
        out.append(f'<circle cx="{px + s * 0.8}" cy="{py + s * 0.2}" r="5" fill="#2255cc" '
                   'stroke="#fff"/>')
    return out


def render_svg(view: dict, lang: str = "en") -> str:
    board = {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}
    legal = view.get("legal", [])
    cells: dict[tuple[int, int], list[str]] = {}
    for text in legal:
        if text.startswith("place "):
            x, y = (int(v) for v in text.split()[-2].split(","))
            cells.setdefault((x, y), []).append(text)
    every = set(board) | set(cells)
    min_x = min(x for x, _ in every)
    max_y = max(y for _, y in every)
    width = (max(x for x, _ in every) - min_x + 1) * SIZE
    height = (max_y - min(y for _, y in every) + 1) * SIZE

    def pos(x: int, y: int) -> tuple[float, float]:
        return (x - min_x) * SIZE, (max_y - y) * SIZE

    out = ["<svg>",  # the opening tag is written last, once the size is known
           '<rect width="100%" height="100%" fill="#f7f3e8"/>', '<g transform="translate(10,10)">']
    for (x, y), (letter, rot) in board.items():
        px, py = pos(x, y)
        out.extend(_tile_svg(letter, rot, px, py))
        out.append(f'<text x="{px + 3}" y="{py + SIZE - 3}" font-size="9" fill="#333">{letter}'
                   f' {x},{y}</text>')
    for player, slots in enumerate(view["slots"]):
        for where in slots:
            if where is None:
                continue
            x, y, segment = where
            letter, rot = board[(x, y)]
            tile = TILE_TYPES[letter].rotations[rot]
            ax, ay = _anchor(tile.segments[segment], tile)
            px, py = pos(x, y)
            recall = f"recall {x},{y} {tile.segments[segment].label}"
            click = f' data-action="{escape(recall)}"' if recall in legal else ""
            out.append(f'<circle cx="{px + ax * SIZE:.1f}" cy="{py + ay * SIZE:.1f}" r="7" '
                       f'fill="{COLOURS[player]}" stroke="#fff" stroke-width="2"{click}>'
                       f'<title>p{player + 1} {tile.segments[segment].label}</title></circle>')
    for (x, y), texts in cells.items():
        px, py = pos(x, y)
        action = escape("|".join(texts), quote=True)
        out.append(f'<rect x="{px + 2}" y="{py + 2}" width="{SIZE - 4}" height="{SIZE - 4}" '
                   f'fill="#ffffff" fill-opacity="0.5" stroke="#333" stroke-dasharray="4 3" '
                   f'data-action="{action}"><title>{escape(", ".join(texts))}</title></rect>')
    if view.get("phase") == "follower" and view.get("placed", -1) >= 0:
        letter, x, y, rot = view["board"][view["placed"]]
        tile = TILE_TYPES[letter].rotations[rot]
        px, py = pos(x, y)
        for seg in tile.segments:
            if seg.label in legal:
                ax, ay = _anchor(seg, tile)
                out.append(f'<circle cx="{px + ax * SIZE:.1f}" cy="{py + ay * SIZE:.1f}" r="7" '
                           f'fill="#fff" fill-opacity="0.7" stroke="#000" '
                           f'data-action="{escape(seg.label)}"><title>{escape(seg.label)}'
                           '</title></circle>')
    out.append("</g>")
    panel, panel_bottom = _panel(view, width + 20, legal)
    out.extend(panel)
    top = max(height, panel_bottom) + 40
    out.extend(_track(view, 10, top, legal))
    track_w = TRACK_COLS * TRACK_CELL_W
    track_h = (SPACES // TRACK_COLS) * TRACK_CELL_H + 40
    out.append("</svg>")
    out[0] = (f'<svg xmlns="http://www.w3.org/2000/svg" '
              f'width="{max(width + panel_w(), track_w) + 20}" height="{top + track_h + 10}" '
              'font-family="sans-serif" font-size="12">')
    return "\n".join(out)


def panel_w() -> int:
    """Width of the side panel (scores, tile in hand, buttons), margins included."""
    return 250


def _track(view: dict, left: float, top: float, legal: list[str]) -> list[str]:
    """The scoring track: spaces 0-49 (every fifth one dark) with both figures of every player.

    Each player has a fixed place inside a space (their column), the scoring meeple as a
    circle in the upper row, the messenger as a triangle in the lower row, so no figure ever
    hides another. During a figure question the deciding player's two figures carry the
    answer in ``data-action`` and a dashed ring marks where each would land.
    """
    title = ("Scoring track (dark spaces: 0, 5, 10 ... a message on your own turn)")
    out = [f'<g transform="translate({left},{top})">',
           f'<text x="0" y="-6" font-weight="bold">{title}</text>']
    for space in range(SPACES):
        cx, cy = _space_xy(space)
        dark = space % 5 == 0
        out.append(f'<rect x="{cx}" y="{cy}" width="{TRACK_CELL_W - 2}" '
                   f'height="{TRACK_CELL_H - 2}" rx="3" fill="{"#4a4a4a" if dark else "#efe6cf"}"'
                   f' stroke="#8a7a55" data-space="{space}"/>')
        out.append(f'<text x="{cx + 3}" y="{cy + 10}" font-size="9" '
                   f'fill="{"#fff" if dark else "#555"}">{space}</text>')
    choice = _figure_choice(view, legal)
    for fig in figures_on_track(view):
        out.append(_figure_svg(fig, choice))
    if choice:
        for fig in figures_on_track(view):
            if fig["player"] == choice["player"] and fig["figure"] in choice["actions"]:
                out.append(_landing_svg(fig, choice["points"]))
    rows = SPACES // TRACK_COLS
    legend_y = rows * TRACK_CELL_H + 14
    out.append(f'<circle cx="6" cy="{legend_y - 4}" r="4" fill="#999" stroke="#000"/>'
               f'<text x="14" y="{legend_y}">scoring meeple</text>'
               f'<polygon points="{_triangle(122, legend_y - 4)}" fill="#999" stroke="#000"/>'
               f'<text x="130" y="{legend_y}">messenger</text>'
               f'<text x="214" y="{legend_y}">space = total mod 50; laps in the tooltip</text>')
    out.append("</g>")
    return out


def _space_xy(space: int) -> tuple[int, int]:
    row, col = divmod(space % SPACES, TRACK_COLS)
    return col * TRACK_CELL_W, row * TRACK_CELL_H


def _fig_xy(fig: dict) -> tuple[float, float]:
    cx, cy = _space_xy(fig["space"])
    return cx + 5 + fig["player"] * 6.4, cy + (17 if fig["figure"] == "meeple" else 28)


def _triangle(x: float, y: float, r: float = 3.6) -> str:
    return f"{x:.1f},{y - r:.1f} {x + r:.1f},{y + r * 0.8:.1f} {x - r:.1f},{y + r * 0.8:.1f}"


def _figure_svg(fig: dict, choice: dict | None) -> str:
    x, y = _fig_xy(fig)
    colour = COLOURS[fig["player"]]
    edge = "#fff" if fig["dark"] else "#000"
    who = "scoring meeple" if fig["figure"] == "meeple" else "messenger"
    title = escape(f"p{fig['player'] + 1} {who}: {fig['total']} points, space {fig['space']}"
                   + (" (dark)" if fig["dark"] else "")
                   + (f", lap {fig['lap'] + 1}" if fig["lap"] else ""))
    attrs = (f'data-figure="p{fig["player"] + 1} {fig["figure"]}" '
             f'data-total="{fig["total"]}"')
    if choice and fig["player"] == choice["player"] and fig["figure"] in choice["actions"]:
        attrs += f' data-action="{escape(choice["actions"][fig["figure"]], quote=True)}"'
    if fig["figure"] == "meeple":
        shape = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.2" fill="{colour}" stroke="{edge}" '
    else:
        shape = f'<polygon points="{_triangle(x, y)}" fill="{colour}" stroke="{edge}" '
    return f'{shape}stroke-width="0.8" {attrs}><title>{title}</title>' + (
        "</circle>" if fig["figure"] == "meeple" else "</polygon>")


def _landing_svg(fig: dict, points: int) -> str:
    total = fig["total"] + points
    landing = dict(fig, space=total % SPACES)
    x, y = _fig_xy(landing)
    dark = " (dark space)" if total % 5 == 0 else ""
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="none" stroke="{COLOURS[fig["player"]]}"'
            f' stroke-width="1.5" stroke-dasharray="2 1.5"><title>'
            f'{escape(fig["figure"])} would land on {total}{dark}</title></circle>')


def _figure_choice(view: dict, legal: list[str]) -> dict | None:
    """The pending figure question, if the viewer may answer it now."""
    decision = view.get("decision")
    if not decision or decision["kind"] != "figure":
        return None
    rnd = view["round"]
    if rnd["next"] >= len(rnd["events"]):
        return None
    actions = {text.split()[1]: text for text in legal if text.startswith("figure ")}
    return {"player": decision["player"], "points": rnd["events"][rnd["next"]]["points"],
            "actions": actions}


def _panel(view: dict, left: float, legal: list[str]) -> tuple[list[str], float]:
    """The side panel and the y where it ends."""
    out = [f'<g transform="translate({left},10)">']
    y = 14
    messengers = bool(view["options"].get("messengers"))
    for player in range(view["players"]):
        meeple, messenger = view["scores"][player]
        text = (f"p{player + 1}: {meeple} + {messenger} = {meeple + messenger}"
                if messengers and not view["merged"] else f"p{player + 1}: {meeple + messenger}")
        out.append(f'<circle cx="6" cy="{y - 4}" r="5" fill="{COLOURS[player]}"/>')
        out.append(f'<text x="16" y="{y}">{escape(text)}  ({view["supply"][player]} in supply)'
                   '</text>')
        y += 18
    if view.get("hand"):
        out.append(f'<text x="0" y="{y}">Tile in hand:</text>')
        out.extend(_tile_svg(view["hand"], 0, 90, y - 12))
        y += 60
    out.append(f'<text x="0" y="{y}">Pile: {view["pile_size"]} tiles</text>')
    y += 22
    for text in legal:
        if text.startswith("place ") or text.split()[0] in ("highwayman", "knight", "farmer",
                                                            "monk"):
            continue
        out.append(f'<g data-action="{escape(text, quote=True)}"><rect x="0" y="{y - 13}" '
                   f'width="200" height="18" rx="4" fill="#ddd" stroke="#777"/>'
                   f'<text x="6" y="{y}">{escape(text)}</text></g>')
        y += 22
    out.append("</g>")
    return out, y
