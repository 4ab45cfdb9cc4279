"""The zoomable map of a view in SVG, and the tiles it is drawn with.

Tiles are drawn from their feature data (:mod:`.rules.tiles`), never typed in per tile: in a
unit square (y down, north on top) a city is the tile's outline with each run of non-city
sides replaced by a curved wall, a road runs from its side's middle to the centre or to its
other side, a monastery is a chapel in the middle; a follower stands at the point of its
segment farthest from everything else, found on a sampled grid of the same shapes.

The map carries the clicks of a turn as step keys (``notation.action_steps``): each legal
cell ``cell:x,y`` with one hidden preview per legal rotation over it (``data-show=
"cell:x,y/~rot:90"``), the placed tile's spots ``spot:...``, the viewer's followers
``recall:...`` during message 8. Tooltips say where a tile or a follower is in the log's words
(never coordinates); tiles and followers carry ``data-ref`` keys for the log lines
(:mod:`.refs`). The panels keep their size while the map zooms (300 units
wide, words at least 11 units): the tile in hand previewed turned, the placed tile with its
spots, the followers to recall, the scoring track with the figure question. Symbol ids have
a prefix per picture. Everything is drawn from the view alone.
"""

from __future__ import annotations

from functools import cache
from html import escape

from gonets.games.carcassonne.notation import action_steps
from gonets.games.carcassonne.rules.tiles import CITY, FIELD, MONASTERY, ROAD, TILE_TYPES, Oriented
from gonets.games.carcassonne.svg.refs import follower_key, tile_refs
from gonets.games.carcassonne.svg.summary import summary_svg
from gonets.games.carcassonne.text import phrases
from gonets.games.carcassonne.text.log import segment_spot, tile_phrase
from gonets.games.carcassonne.text.places import cell_places, placement_cells, tile_place

CORNERS = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))      # NW NE SE SW
MIDDLE = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))       # N E S W
CENTRE = (0.5, 0.5)
GRID = 24
ROAD_HALF_WIDTH = 0.065
CHAPEL = (0.33, 0.67)          # the monastery's square, both axes
CAP_INSET = 0.14               # a cap stops short of a corner shared with another city

GRASS, GRASS_EDGE = "#86b95a", "#5f8f3c"
CITY_FILL, CITY_WALL = "#d8b26e", "#8a5a2b"
ROAD_FILL, ROAD_EDGE = "#f4eedb", "#8c7b5a"
COLOURS = ("#f2c21b", "#d42a2a", "#2e9e44", "#1f5fd1", "#262626", "#9a9a9a")
"""Follower colours by seat: yellow, red, green, blue, black, grey (M29)."""

Point = tuple[float, float]


def _lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _quad(a: Point, c: Point, b: Point, steps: int = 10) -> list[Point]:
    """Points of the quadratic curve a -> b with control c (b included, a not)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        out.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1]))
    return out


# -- shapes ---------------------------------------------------------------------------------------
def _city_outline(tile: Oriented, sides: tuple[int, ...]) -> tuple[list, list]:
    """The outline of one city as drawing commands ``(kind, points)`` (``M``/``L`` along the
    tile's border, ``Q`` a curved wall: control and end) and its walls ``(begin, control,
    end)``. Each run of non-city sides between two city sides becomes one wall, pulled
    towards the middle of that run."""
    own = set(sides)
    if len(own) == 4:
        return [("M", [CORNERS[0]])] + [("L", [c]) for c in CORNERS[1:]], []
    if len(own) == 1:
        side = sides[0]
        begin, end = _cap_ends(tile, side)
        control = _lerp(CENTRE, MIDDLE[(side + 2) % 4], 0.1)
        return [("M", [begin]), ("L", [end]), ("Q", [control, begin])], [(end, control, begin)]
    start = next(s for s in range(4) if s in own and (s - 1) % 4 not in own)
    commands: list = [("M", [CORNERS[start]])]
    walls = []
    side = start
    while True:
        run = 1
        while (side + run) % 4 in own:
            run += 1
        after = (side + run) % 4             # the first side of the gap
        gap = 1
        while (after + gap) % 4 not in own:
            gap += 1
        begin, end = CORNERS[after], CORNERS[(after + gap) % 4]
        middle = MIDDLE[(after + gap // 2) % 4] if gap % 2 else CORNERS[(after + gap // 2) % 4]
        pull = 0.1 if gap > 1 else (-0.5 if len(own) == 3 else -0.2)
        control = _lerp(CENTRE, middle, pull)
        commands.extend(("L", [CORNERS[(side + k) % 4]]) for k in range(1, run + 1))
        commands.append(("Q", [control, end]))
        walls.append((begin, control, end))
        side = (after + gap) % 4
        if side == start:
            return commands, walls


def _cap_ends(tile: Oriented, side: int) -> tuple[Point, Point]:
    """The two ends of a one-side city, pulled back from a corner where the next side is
    another city of the same tile (two caps never touch)."""
    a, b = CORNERS[side], CORNERS[(side + 1) % 4]
    if tile.edges[(side - 1) % 4] == "C":
        a = _lerp(a, b, CAP_INSET)
    if tile.edges[(side + 1) % 4] == "C":
        b = _lerp(b, a, CAP_INSET)
    return a, b


def _outline_points(commands: list) -> list[Point]:
    points: list[Point] = []
    for kind, args in commands:
        if kind in ("M", "L"):
            points.append(args[0])
        else:
            points.extend(_quad(points[-1], args[0], args[1]))
    return points


def _road_lines(tile: Oriented, sides: tuple[int, ...]) -> list[list[Point]]:
    """The centre line of one road, as polylines."""
    if len(sides) == 1:
        return [[MIDDLE[sides[0]], CENTRE]]
    a, b = sides
    if (a - b) % 4 == 2:
        return [[MIDDLE[a], MIDDLE[b]]]
    corner = CORNERS[b] if (a + 1) % 4 == b else CORNERS[a]
    control = _lerp(CENTRE, corner, 0.1)
    return [[MIDDLE[a]] + _quad(MIDDLE[a], control, MIDDLE[b])]


def _junction(tile: Oriented) -> bool:
    """A village in the middle where three or four roads end (no monastery there)."""
    ends = sum(1 for seg in tile.segments if seg.kind == ROAD and len(seg.sides) == 1)
    return ends >= 3 and tile.monastery < 0


@cache
def shapes(letter: str, rot: int) -> dict:
    """Cities (outline commands, walls, points), roads (polylines) of a tile in a rotation."""
    tile = TILE_TYPES[letter].rotations[rot]
    cities, roads = {}, {}
    for index, seg in enumerate(tile.segments):
        if seg.kind == CITY:
            commands, walls = _city_outline(tile, seg.sides)
            cities[index] = (commands, walls, _outline_points(commands))
        elif seg.kind == ROAD:
            roads[index] = _road_lines(tile, seg.sides)
    return {"tile": tile, "cities": cities, "roads": roads, "junction": _junction(tile)}


# -- where followers stand ----------------------------------------------------------------------
def _inside(point: Point, polygon: list[Point]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _near_line(point: Point, line: list[Point], limit: float) -> bool:
    px, py = point
    for (x1, y1), (x2, y2) in zip(line, line[1:]):
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length))
        qx, qy = x1 + t * dx - px, y1 + t * dy - py
        if qx * qx + qy * qy < limit * limit:
            return True
    return False


def _label_grid(letter: str, rot: int) -> list[list[int]]:
    """The segment under each cell of a GRID x GRID sampling of the tile (-1: none)."""
    art = shapes(letter, rot)
    tile = art["tile"]
    grid = [[-1] * GRID for _ in range(GRID)]
    for row in range(GRID):
        for col in range(GRID):
            point = ((col + 0.5) / GRID, (row + 0.5) / GRID)
            grid[row][col] = _solid_segment(point, tile, art)
    _flood_fields(tile, grid)
    return grid


def _solid_segment(point: Point, tile: Oriented, art: dict) -> int:
    """The monastery, city or road segment at a point, or -1 (a field, found later)."""
    if tile.monastery >= 0 and all(CHAPEL[0] <= v <= CHAPEL[1] for v in point):
        return tile.monastery
    for index, (_commands, _walls, polygon) in art["cities"].items():
        if _inside(point, polygon):
            return index
    for index, lines in art["roads"].items():
        if any(_near_line(point, line, ROAD_HALF_WIDTH) for line in lines):
            return index
    if art["junction"] and all(0.42 <= v <= 0.58 for v in point):
        return -2
    return -1


def _flood_fields(tile: Oriented, grid: list[list[int]]) -> None:
    """Give the free cells to the fields, flooding from the half-edges each field touches."""
    queue = []
    for half, segment in enumerate(tile.half_segment):
        if segment < 0:
            continue
        for row, col in _half_cells(half):
            if grid[row][col] == -1:
                grid[row][col] = segment
                queue.append((row, col))
    while queue:
        row, col = queue.pop(0)
        for nr, nc in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
            if 0 <= nr < GRID and 0 <= nc < GRID and grid[nr][nc] == -1:
                grid[nr][nc] = grid[row][col]
                queue.append((nr, nc))


def _half_cells(half: int) -> list[tuple[int, int]]:
    """The border cells along one half-edge (Nw, Ne, En, Es, Se, Sw, Ws, Wn)."""
    side, second = divmod(half, 2)
    span = range(GRID // 2, GRID) if second else range(GRID // 2)
    last = GRID - 1
    if side == 0:
        return [(0, c) for c in span]
    if side == 1:
        return [(r, last) for r in span]
    if side == 2:
        return [(last, last - c) for c in span]
    return [(last - r, 0) for r in span]


@cache
def anchors(letter: str, rot: int) -> tuple[Point, ...]:
    """Where a follower on each segment of the tile stands (unit square): the monastery's
    centre, else the cell of the segment farthest from every other segment and from the
    border, ties broken towards the segment's middle."""
    grid = _label_grid(letter, rot)
    tile = TILE_TYPES[letter].rotations[rot]
    out = []
    for index, seg in enumerate(tile.segments):
        if seg.kind == MONASTERY:
            out.append(CENTRE)
            continue
        cells = [(r, c) for r in range(GRID) for c in range(GRID) if grid[r][c] == index]
        if not cells:               # never for the 24 tile types (tested)
            out.append(CENTRE)
            continue
        distance = _distances(grid, index)
        mid_r = sum(r for r, _ in cells) / len(cells)
        mid_c = sum(c for _, c in cells) / len(cells)
        if seg.kind == ROAD:
            best = min(cells, key=lambda rc: (rc[0] - mid_r) ** 2 + (rc[1] - mid_c) ** 2)
        else:
            best = max(cells, key=lambda rc: (distance[rc[0]][rc[1]],
                                              -((rc[0] - mid_r) ** 2 + (rc[1] - mid_c) ** 2)))
        out.append(((best[1] + 0.5) / GRID, (best[0] + 0.5) / GRID))
    return tuple(out)


def _distances(grid: list[list[int]], index: int) -> list[list[int]]:
    """Steps (8-neighbour) from each cell to the nearest cell of another segment or the
    border."""
    far = GRID * GRID
    distance = [[far] * GRID for _ in range(GRID)]
    queue = []
    for r in range(GRID):
        for c in range(GRID):
            if grid[r][c] != index:
                distance[r][c] = 0
                queue.append((r, c))
            elif r in (0, GRID - 1) or c in (0, GRID - 1):
                distance[r][c] = 1
                queue.append((r, c))
    while queue:
        r, c = queue.pop(0)
        for nr in (r - 1, r, r + 1):
            for nc in (c - 1, c, c + 1):
                if 0 <= nr < GRID and 0 <= nc < GRID and distance[nr][nc] > distance[r][c] + 1:
                    distance[nr][nc] = distance[r][c] + 1
                    queue.append((nr, nc))
    return distance


# -- SVG ----------------------------------------------------------------------------------------
def _xy(point: Point, size: float) -> str:
    return f"{point[0] * size:.1f},{point[1] * size:.1f}"


@cache
def tile_art(letter: str, rot: int, size: float = 60) -> str:
    """The SVG of one tile in a rotation, drawn in a ``size`` square at the origin."""
    art = shapes(letter, rot)
    tile = art["tile"]
    s = size
    out = [f'<rect width="{s}" height="{s}" fill="{GRASS}"/>']
    lines = [line for lines in art["roads"].values() for line in lines]
    for width, colour in ((s * 0.13, ROAD_EDGE), (s * 0.09, ROAD_FILL)):
        for line in lines:
            path = " L".join(_xy(p, s) for p in line)
            out.append(f'<path d="M{path}" fill="none" stroke="{colour}" '
                       f'stroke-width="{width:.1f}" stroke-linecap="butt"/>')
    if art["junction"]:
        out.append(f'<rect x="{s * 0.4:.1f}" y="{s * 0.4:.1f}" width="{s * 0.2:.1f}" '
                   f'height="{s * 0.2:.1f}" fill="#b0552f" stroke="#5a2a14" '
                   f'stroke-width="{s * 0.02:.1f}"/>')
    for commands, walls, _points in art["cities"].values():
        out.append(f'<path d="{_path(commands, s)}" fill="{CITY_FILL}"/>')
        for begin, control, end in walls:
            out.append(f'<path d="M{_xy(begin, s)} Q{_xy(control, s)} {_xy(end, s)}" '
                       f'fill="none" stroke="{CITY_WALL}" stroke-width="{s * 0.05:.1f}"/>')
    if tile.monastery >= 0:
        out.append(_chapel(s))
    if tile.arms:
        out.append(_shield(_arms_point(tile), s))
    out.append(f'<rect width="{s}" height="{s}" fill="none" stroke="{GRASS_EDGE}" '
               f'stroke-width="{s * 0.015:.1f}"/>')
    return "".join(out)


def _path(commands: list, s: float) -> str:
    parts = []
    for kind, args in commands:
        parts.append(kind + " ".join(_xy(p, s) for p in args))
    return " ".join(parts) + " Z"


def _chapel(s: float) -> str:
    a, b = CHAPEL[0] * s, CHAPEL[1] * s
    w = b - a
    return (f'<rect x="{a + w * 0.12:.1f}" y="{a + w * 0.35:.1f}" width="{w * 0.76:.1f}" '
            f'height="{w * 0.6:.1f}" fill="#f1e6cc" stroke="#6b4a2a" '
            f'stroke-width="{s * 0.02:.1f}"/>'
            f'<polygon points="{a:.1f},{a + w * 0.4:.1f} {a + w / 2:.1f},{a:.1f} '
            f'{b:.1f},{a + w * 0.4:.1f}" fill="#b83a2a" stroke="#6b2a1a" '
            f'stroke-width="{s * 0.02:.1f}"/>'
            f'<rect x="{a + w * 0.42:.1f}" y="{a + w * 0.62:.1f}" width="{w * 0.16:.1f}" '
            f'height="{w * 0.33:.1f}" fill="#6b4a2a"/>')


def _arms_point(tile: Oriented) -> Point:
    """A corner inside the city (or its side's middle for a band) for the coat of arms."""
    city = next(seg for seg in tile.segments if seg.kind == CITY)
    own = set(city.sides)
    for side in range(4):
        if side in own and (side + 1) % 4 in own:
            return _lerp(CORNERS[(side + 1) % 4], CENTRE, 0.22)
    return _lerp(MIDDLE[city.sides[0]], CENTRE, 0.2)


def _shield(point: Point, s: float) -> str:
    x, y = point[0] * s, point[1] * s
    r = s * 0.09
    return (f'<path d="M{x - r:.1f},{y - r:.1f} h{2 * r:.1f} v{r:.1f} '
            f'q0,{r:.1f} {-r:.1f},{r * 1.4:.1f} q{-r:.1f},{-r * 0.4:.1f} {-r:.1f},{-r * 1.4:.1f} '
            f'z" fill="#2a56c6" stroke="#fff" stroke-width="{s * 0.02:.1f}"/>')


MEEPLE = ("M-0.17,-0.33a0.17,0.17 0 1,0 0.34,0a0.17,0.17 0 1,0 -0.34,0Z"
          "M-0.12,-0.2L0.12,-0.2L0.45,-0.08Q0.53,0 0.42,0.08L0.2,0.05L0.38,0.5L0.08,0.5"
          "L0,0.3L-0.08,0.5L-0.38,0.5L-0.2,0.05L-0.42,0.08Q-0.53,0 -0.45,-0.08Z")
MESSENGER = ("M-0.17,-0.33a0.17,0.17 0 1,0 0.34,0a0.17,0.17 0 1,0 -0.34,0Z"
             "M-0.1,-0.2L0.1,-0.2L0.42,-0.04L0.32,0.06L0.14,-0.02L0.4,0.5L-0.4,0.5L-0.14,-0.02"
             "L-0.32,0.06L-0.42,-0.04Z")


def figure(x: float, y: float, size: float, colour: str, shape: str = "meeple",
           edge: str = "#1b1b1b", lying: bool = False, extra: str = "") -> str:
    """A follower (``meeple``; ``lying`` for a farmer) or a messenger (``messenger``) of
    height ``size`` centred on (x, y)."""
    turn = " rotate(-90)" if lying else ""
    path = MESSENGER if shape == "messenger" else MEEPLE
    return (f'<path d="{path}" transform="translate({x:.1f},{y:.1f}) scale({size:.2f}){turn}" '
            f'fill="{colour}" stroke="{edge}" stroke-width="{0.07:.2f}" '
            f'stroke-linejoin="round"{extra}/>')


# -- the map -----------------------------------------------------------------------------------
SIZE = 60
"""SVG units of one board cell (``data-unit``)."""
MIN_UNIT_PX = 48
END_MIN_SCALE = 0.01
"""The least scale of the finished map (any positive number: the page's own floor for a
phone applies only where a picture names none)."""
MIN_COLS, MIN_ROWS = 8, 5
TABLE = "#e9e1cc"


def placements(view: dict) -> dict[tuple[int, int], list[int]]:
    """The legal cells of the tile in hand with their rotations in degrees."""
    return placement_cells(view)


def last_placement(view: dict) -> dict | None:
    """The most recent ``place`` event of the log (who placed which tile where)."""
    for event in reversed(view.get("log", [])):
        if event.get("type") == "place":
            return event
    return None


def follower_label(view: dict, x: int, y: int, segment: int) -> tuple[str, int]:
    """The notation label of a follower standing on a board tile's segment, and its kind."""
    board = {(bx, by): (letter, rot) for letter, bx, by, rot in view["board"]}
    letter, rot = board[(x, y)]
    seg = TILE_TYPES[letter].rotations[rot].segments[segment]
    return seg.label, seg.kind


def render_still(view: dict, lang: str = "en") -> str:
    """The map of a view with the words a picture saved on its own needs under it
    (:mod:`.summary`: the turn, the tile in hand, the scoring track, the messages)."""
    return render_svg(view, lang, still=True)


def render_svg(view: dict, lang: str = "en", still: bool = False) -> str:
    """The map of a view: tiles, followers, legal cells with their rotated previews and the
    follower spots of the tile just placed, zoomable (``data-zoom``), a tile ``SIZE`` units;
    elements a log line may point at carry ``data-ref`` (:mod:`.refs`). ``still``: with the
    summary under the map (:func:`render_still`)."""
    tiles = {(x, y): (letter, rot) for letter, x, y, rot in view["board"]}
    cells = placements(view)
    left, top, cols, rows = _extent(set(tiles) | set(cells))

    def pos(x: int, y: int) -> tuple[float, float]:
        return (x - left) * SIZE, (top - y) * SIZE

    width, height = cols * SIZE, rows * SIZE
    summary, below = summary_svg(view, lang, height, width, COLOURS) if still else ("", 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height + below}" '
           f'width="{width}" height="{height + below}" data-zoom="on" data-unit="{SIZE}" '
           f'{_fit_limits(view)} font-family="sans-serif">',
           f'<rect width="{width}" height="{height}" fill="{TABLE}"/>']
    if cells and view.get("hand"):
        out.append(_hand_symbols(view["hand"], "ccb", sorted({r for v in cells.values()
                                                              for r in v})))
    refs = tile_refs(view)
    for (x, y), (letter, rot) in tiles.items():
        px, py = pos(x, y)
        name = _tile_title(view, letter, x, y, lang)
        out.append(f'<g transform="translate({px},{py})" data-ref="{refs[(x, y)]}">'
                   f'<title>{escape(name)}</title>{tile_art(letter, rot, SIZE)}</g>')
    out.extend(_last_mark(view, pos))
    out.extend(_followers(view, pos, lang))
    out.extend(_cells(view, cells, pos, lang))
    out.extend(_spots(view, pos, SIZE, "board"))
    out.append(summary)
    out.append("</svg>")
    return "\n".join(out)


def _tile_title(view: dict, letter: str, x: int, y: int, lang: str) -> str:
    """A placed tile's tooltip: what is on it and where it lies."""
    words = phrases(lang)["web"]
    tile = tile_phrase(letter, lang, "tile_nom")
    if (x, y) == (0, 0):
        return words["start_tile"].format(tile=tile)
    return words["tile_at"].format(tile=tile, where=tile_place(view, x, y, lang))


def _fit_limits(view: dict) -> str:
    """How small the page may fit the map: while the game goes on, never a cell under
    MIN_UNIT_PX pixels (a cell must stay easy to click; the page then centres on what may be
    clicked); once it is over nothing is clicked any more, so the whole map fits the box
    however large it grew (``data-min-scale``: a phone's own floor would crop it)."""
    if view.get("terminal"):
        return f'data-min-scale="{END_MIN_SCALE}"'
    return f'data-min-unit="{MIN_UNIT_PX}"'


def _extent(cells: set[tuple[int, int]]) -> tuple[int, int, int, int]:
    """The left column, top row, columns and rows drawn: every cell with a margin of one,
    and at least MIN_COLS x MIN_ROWS so that a small map does not open huge."""
    min_x = min(x for x, _ in cells) - 1
    max_x = max(x for x, _ in cells) + 1
    min_y = min(y for _, y in cells) - 1
    max_y = max(y for _, y in cells) + 1
    cols, rows = max_x - min_x + 1, max_y - min_y + 1
    if cols < MIN_COLS:
        min_x -= (MIN_COLS - cols) // 2
        cols = MIN_COLS
    if rows < MIN_ROWS:
        max_y += (MIN_ROWS - rows + 1) // 2
        rows = MIN_ROWS
    return min_x, max_y, cols, rows


def _hand_symbols(letter: str, prefix: str, degrees: list[int]) -> str:
    """One symbol per rotation of the tile in hand (ids ``<prefix>-h<deg>``, one prefix per
    picture so that pictures on one page never depend on each other's symbols)."""
    parts = ["<defs>"]
    for deg in degrees:
        parts.append(f'<symbol id="{prefix}-h{deg}" viewBox="0 0 {SIZE} {SIZE}">'
                     f'{tile_art(letter, deg // 90, SIZE)}</symbol>')
    parts.append("</defs>")
    return "".join(parts)


def _last_mark(view: dict, pos) -> list[str]:
    """A frame in the placer's colour round the last tile placed (the map's focus)."""
    event = last_placement(view)
    if event is None:
        return []
    px, py = pos(event["x"], event["y"])
    colour = COLOURS[event["player"] % len(COLOURS)]
    return [f'<rect x="{px + 2}" y="{py + 2}" width="{SIZE - 4}" height="{SIZE - 4}" '
            f'fill="none" stroke="{colour}" stroke-width="3.5" data-focus="last" '
            'class="cc-last"/>']


def _followers(view: dict, pos, lang: str) -> list[str]:
    """Every follower on the map in its owner's colour (farmers lying down), its key for the
    log lines (``follower:x,y,s``); during message 8 the viewer's own followers carry their
    recall key."""
    words = phrases(lang)["web"]
    legal = set(view.get("legal", []))
    out = []
    for player, slots in enumerate(view["slots"]):
        colour = COLOURS[player % len(COLOURS)]
        for where in slots:
            if where is None:
                continue
            x, y, segment = where
            letter, rot = next((t[0], t[3]) for t in view["board"] if (t[1], t[2]) == (x, y))
            ax, ay = anchors(letter, rot)[segment]
            label, kind = follower_label(view, x, y, segment)
            px, py = pos(x, y)
            recall = f"recall {x},{y} {label}"
            pick = ""
            if recall in legal:
                pick = f' data-pick="{escape(action_steps(view, recall)[0], quote=True)}"'
            name = words["follower_title"].format(
                colour=words["colours"][player % len(COLOURS)],
                follower=phrases_follower(label, words),
                spot=segment_spot(letter, rot, segment, lang, "spots_at"),
                where=tile_place(view, x, y, lang))
            out.append(f'<g{pick} data-ref="{follower_key(x, y, segment)}">'
                       f'<title>{escape(name)}</title>'
                       + figure(px + ax * SIZE, py + ay * SIZE, SIZE * 0.3, colour,
                                    lying=kind == FIELD) + "</g>")
    return out


def phrases_follower(label: str, words: dict) -> str:
    """``knight 1`` as people read it (``knight``, ``рыцарь``)."""
    head = label.split()[0]
    return words["followers"].get(head, head)


def _cells(view: dict, cells: dict, pos, lang: str) -> list[str]:
    """The legal cells (``cell:x,y``) and, over each, the tile in hand turned every legal
    way (previews shown once the cell and that rotation are chosen)."""
    out = []
    words = phrases(lang)["web"]
    places = cell_places(view, lang)
    for (x, y), degrees in sorted(cells.items()):
        px, py = pos(x, y)
        title = escape(words["cell_title"].format(where=places[(x, y)]))
        out.append(f'<rect x="{px + 3}" y="{py + 3}" width="{SIZE - 6}" height="{SIZE - 6}" '
                   f'rx="4" fill="#ffffff" fill-opacity="0.55" stroke="#4d3b1f" '
                   f'stroke-width="2" stroke-dasharray="6 4" data-pick="cell:{x},{y}" '
                   f'class="cc-cell"><title>{title}</title></rect>')
        for deg in degrees:
            out.append(f'<use href="#ccb-h{deg}" x="{px}" y="{py}" width="{SIZE}" '
                       f'height="{SIZE}" data-show="cell:{x},{y}/~rot:{deg}" '
                       'pointer-events="none" opacity="0.93" style="display:none"/>')
    return out


def _spots(view: dict, pos, size: float, where: str) -> list[str]:
    """The follower spots of the tile just placed, for the seat placing it: one ring per
    legal segment carrying ``spot:...``; ``pos`` maps the tile's cell to its corner."""
    legal = set(view.get("legal", []))
    if view.get("phase") != "follower" or view.get("placed", -1) < 0 or not legal:
        return []
    letter, x, y, rot = view["board"][view["placed"]]
    tile = TILE_TYPES[letter].rotations[rot]
    px, py = pos(x, y)
    radius = size * (0.13 if where == "board" else 0.1)
    out = []
    for segment, seg in enumerate(tile.segments):
        if seg.label not in legal:
            continue
        ax, ay = anchors(letter, rot)[segment]
        cx, cy = px + ax * size, py + ay * size
        key = action_steps(view, seg.label)[0]
        out.append(f'<g data-pick="{escape(key, quote=True)}" class="cc-spot">'
                   f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="#ffffff" '
                   f'fill-opacity="0.8" stroke="#222" stroke-width="{size * 0.02:.1f}"/>'
                   + figure(cx, cy, radius * 1.4, "#8a8a8a", edge="#444",
                                lying=seg.kind == FIELD, extra=' fill-opacity="0.8"')
                   + "</g>")
    return out
