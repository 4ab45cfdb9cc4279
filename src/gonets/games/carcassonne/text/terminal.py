"""The terminal's picture of Carcassonne: the map, the tile in hand in every rotation, where it
fits, scores and the scoring track, followers, the pile and the message stack.

The map is drawn from the tiles' feature data (cities ``#``, roads, a monastery ``⌂``, a coat of
arms ``*``); the cells the tile in hand fits are numbered, and a list under the map names each
in words (the menu lines, :mod:`.menu`, name them the same way), so nothing the player reads
holds coordinates, tile letters or rotation codes. Every phrase comes from the catalogues
``data/phrases.<lang>.json``.
"""

from __future__ import annotations

from gonets.games.carcassonne.notation import FIGURES
from gonets.games.carcassonne.rules.tiles import (
    CITY,
    FOLLOWER_NAMES,
    KIND_NAMES,
    ROAD,
    TILE_TYPES,
)
from gonets.games.carcassonne.rules.track import SPACES, figures_on_track, has_messenger
from gonets.games.carcassonne.text.log import (
    segment_spot,
    source_phrase,
    tile_phrase,
)
from gonets.games.carcassonne.text.menu import board_tiles
from gonets.games.carcassonne.text.places import (
    cell_places,
    placement_cells,
    tile_places,
    turn_words,
)
from gonets.games.carcassonne.text.words import count, phrases

CELL_W = 7
HAND_W = 12
ROAD_GLYPHS = {(0, 2): "│", (1, 3): "─", (0, 1): "└", (1, 2): "┌", (2, 3): "┐", (0, 3): "┘",
               (0, 1, 2): "├", (1, 2, 3): "┬", (0, 2, 3): "┤", (0, 1, 3): "┴",
               (0, 1, 2, 3): "┼", (0,): "╵", (1,): "╶", (2,): "╷", (3,): "╴"}
"""The middle of a tile by the sides its roads leave through (N E S W = 0-3)."""
MONASTERY_GLYPH = "⌂"
MEEPLE_MARK, MESSENGER_MARK, BOTH_MARK = "@", "m", "*"

__all__ = ["render_cells", "render_followers", "render_hand", "render_map", "render_messages",
           "render_remaining", "render_scores", "render_text", "render_track", "tile_block"]


# -- the picture ---------------------------------------------------------------------------------
def tile_block(letter: str, rot: int, mark: str = "", last: bool = False) -> list[str]:
    """Three text lines (7 characters wide) drawing a tile from its feature data: cities
    ``#`` along their sides, roads ``│ ─`` and where they meet in the middle, a monastery
    ``⌂``, a coat of arms ``*``; ``mark`` (a follower, ``p1c``) in the middle, ``last``
    brackets the middle (the tile placed last)."""
    tile = TILE_TYPES[letter].rotations[rot]
    e = tile.edges
    roads = tuple(sorted(s for seg in tile.segments if seg.kind == ROAD for s in seg.sides))
    top = {"C": "#####", "R": "  │  ", "F": "     "}[e[0]]
    bottom = {"C": "#####", "R": "  │  ", "F": "     "}[e[2]]
    left = {"C": "#", "R": "─", "F": " "}[e[3]]
    right = {"C": "#", "R": "─", "F": " "}[e[1]]
    if tile.monastery >= 0:
        glyph = MONASTERY_GLYPH
    elif roads:
        glyph = ROAD_GLYPHS[roads]
    else:
        glyph = "#" if e.count("C") >= 3 else " "
    middle = list(("──" if 3 in roads else "  ") + glyph + ("──" if 1 in roads else "  "))
    if tile.arms:
        middle[1 if middle[1] == " " else 3] = "*"
    if mark:
        text = f"[{mark}]" if last else f"{glyph}{mark}"
        middle = list(f"{text:^5}"[:5])
    elif last:
        middle[1], middle[3] = "[", "]"
    return [f"+{top}+", f"{left}{''.join(middle)}{right}", f"+{bottom}+"]


def _follower_marks(view: dict, lang: str) -> dict[tuple[int, int], str]:
    tiles = board_tiles(view)
    kinds = phrases(lang)["picture"]["kind_marks"]
    out = {}
    for player, slots in enumerate(view["slots"]):
        for where in slots:
            if where is not None:
                x, y, segment = where
                letter, rot = tiles[(x, y)]
                seg = TILE_TYPES[letter].rotations[rot].segments[segment]
                out[(x, y)] = f"p{player + 1}{kinds[KIND_NAMES[seg.kind]]}"
    return out


def numbered_cells(view: dict) -> list[tuple[int, int]]:
    """The cells the tile in hand fits, in the order the map numbers them (row by row from
    the north, each row from the west)."""
    return sorted(placement_cells(view), key=lambda cell: (-cell[1], cell[0]))


def render_map(view: dict, lang: str = "en") -> str:
    """The map, three text lines per row of tiles; the cells where the tile in hand fits
    carry their number in the list of :func:`render_cells`."""
    board = board_tiles(view)
    numbers = {cell: n for n, cell in enumerate(numbered_cells(view), 1)}
    cells = set(board) | set(numbers)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    marks = _follower_marks(view, lang)
    last = tuple(view["board"][view["placed"]][1:3]) if view.get("placed", -1) >= 0 else None
    lines = []
    for y in range(max(ys), min(ys) - 1, -1):
        rows = ["", "", ""]
        for x in range(min(xs), max(xs) + 1):
            if (x, y) in board:
                letter, rot = board[(x, y)]
                block = tile_block(letter, rot, marks.get((x, y), ""), (x, y) == last)
            elif (x, y) in numbers:
                block = ["  . .  ", f"({numbers[(x, y)]})".center(CELL_W), "  . .  "]
            else:
                block = [" " * CELL_W] * 3
            for i in range(3):
                rows[i] += block[i]
        lines.extend("  " + row.rstrip() for row in rows)
    return "\n".join(lines)


def render_cells(view: dict, lang: str = "en") -> str:
    """The numbered cells of the map in words, each with the ways the tile may be turned
    there."""
    cells = placement_cells(view)
    if not cells:
        return ""
    words = phrases(lang)["picture"]
    places = cell_places(view, lang)
    lines = [words["cells"]]
    for number, cell in enumerate(numbered_cells(view), 1):
        turns = ", ".join(turn_words(deg, lang, "short") for deg in sorted(cells[cell]))
        lines.append(words["cell_line"].format(number=number, where=places[cell], turns=turns))
    return "\n".join(lines)


def render_hand(view: dict, lang: str = "en") -> str:
    """The tile in hand in each of its distinct rotations."""
    letter = view.get("hand")
    if not letter:
        return ""
    tile = TILE_TYPES[letter]
    blocks = [tile_block(letter, rot) for rot in tile.unique_rotations]
    gap = " " * (HAND_W - CELL_W)
    labels = "".join(f"{turn_words(rot * 90, lang, 'short'):<{HAND_W}}"
                     for rot in tile.unique_rotations)
    rows = [gap.join(block[i] for block in blocks) for i in range(3)]
    head = phrases(lang)["picture"]["hand"].format(tile=tile_phrase(letter, lang, "tile_nom"))
    return head + "\n" + "\n".join(rows) + "\n" + labels.rstrip()


def render_scores(view: dict, lang: str = "en") -> str:
    """One line per player: colour, both figures (or the total), followers in supply."""
    words = phrases(lang)["picture"]
    lines = []
    for player in range(view["players"]):
        meeple, messenger = view["scores"][player]
        if has_messenger(view):
            figures = words["score_figures"].format(
                meeple=meeple, meeple_space=meeple % SPACES, messenger=messenger,
                messenger_space=messenger % SPACES, total=meeple + messenger)
        else:
            figures = words["score_total"].format(total=meeple + messenger)
        marker = ">" if player == view["active"] else " "
        lines.append(words["score_line"].format(
            marker=marker, who=f"p{player + 1}", colour=words["colours"][player],
            figures=figures, supply=view["supply"][player]))
    return "\n".join(lines)


def render_track(view: dict, lang: str = "en") -> str:
    """The scoring track, one row per player: spaces 0-49 with the dark ones marked ':' and
    the player's scoring meeple 'M' and messenger 'm' ('*' when both share a space)."""
    words = phrases(lang)["picture"]
    legend = words["legend_both"] if has_messenger(view) else words["legend_meeple"]
    lines = [words["track"].format(legend=legend),
             " " * 8 + "".join(f"{space:<5}" for space in range(0, SPACES, 5))]
    figures = figures_on_track(view)
    for player in range(view["players"]):
        row = [":" if space % 5 == 0 else "." for space in range(SPACES)]
        notes = []
        for fig in (f for f in figures if f["player"] == player):
            mark = MEEPLE_MARK if fig["figure"] == "meeple" else MESSENGER_MARK
            space = fig["space"]
            row[space] = BOTH_MARK if row[space] in (MEEPLE_MARK, MESSENGER_MARK) else mark
            lap = words["lap"].format(lap=fig["lap"] + 1) if fig["lap"] else ""
            dark = words["dark"] if fig["dark"] else ""
            notes.append(words["track_note"].format(mark=mark, total=fig["total"], space=space,
                                                    lap=lap, dark=dark))
        lines.append(f"  p{player + 1}    {''.join(row)}  {'  '.join(notes)}")
    return "\n".join(lines)


def _landing_line(view: dict, event: dict, lang: str) -> str:
    """Where each figure of the deciding player would land with the next points."""
    words = phrases(lang)["picture"]
    player, points = event["player"], event["points"]
    spots = []
    for index, name in enumerate(FIGURES):
        total = view["scores"][player][index] + points
        dark = words["landing_dark"] if total % 5 == 0 else ""
        spots.append(words["landing_spot"].format(
            figure=phrases(lang)["figures_acc"][name], total=total, space=total % SPACES,
            dark=dark))
    return words["landing"].format(who=f"p{player + 1}", spots=words["landing_or"].join(spots))


def render_followers(view: dict, lang: str = "en") -> str:
    """Every follower on the map with its owner, where on its tile it stands and where the
    tile lies."""
    words = phrases(lang)
    tiles = board_tiles(view)
    standing = [(player, tuple(where)) for player, slots in enumerate(view["slots"])
                for where in slots if where is not None]
    places = tile_places(view, [(x, y) for _, (x, y, _) in standing], lang)
    parts = []
    for player, (x, y, segment) in standing:
        letter, rot = tiles[(x, y)]
        kind = TILE_TYPES[letter].rotations[rot].segments[segment].kind
        head = FOLLOWER_NAMES[kind]
        parts.append(words["picture"]["follower_at"].format(
            who=f"p{player + 1}", follower=words["followers_nom"][head],
            spot=segment_spot(letter, rot, segment, lang, "spots_at"), where=places[(x, y)]))
    return words["picture"]["followers"].format(
        list="; ".join(parts) if parts else words["picture"]["none"])


PILE_PARTS = ("monastery", "city", "road", "arms")
"""What the pile's remaining tiles are counted by (a tile counts once for each it has)."""


def render_remaining(view: dict, lang: str = "en") -> str:
    """The pile's size and how many of its tiles hold a monastery, a city, a road, a coat of
    arms."""
    words = phrases(lang)["picture"]
    found = dict.fromkeys(PILE_PARTS, 0)
    for letter, left in view["remaining"].items():
        tile = TILE_TYPES[letter].rotations[0]
        has = {"monastery": tile.monastery >= 0,
               "city": any(seg.kind == CITY for seg in tile.segments),
               "road": any(seg.kind == ROAD for seg in tile.segments),
               "arms": tile.arms}
        for part in PILE_PARTS:
            found[part] += left if has[part] else 0
    counts = ", ".join(words["pile_parts"][part].format(n=n) for part, n in found.items() if n)
    return words["pile"].format(size=count(view["pile_size"], "tile", lang),
                                counts=words["pile_counts"].format(counts=counts)
                                if counts else "")


def render_messages(view: dict, lang: str = "en") -> str:
    """What is known of the message stack (nothing without The Messengers)."""
    if not view["options"].get("messengers"):
        return ""
    info = view["messages"]
    words = phrases(lang)["picture"]
    text = words["messages"].format(draws=info["draws"], unseen=info["unseen"])
    if info["known"]:
        # "3, 5" would read as a place on a grid: the order is written with arrows
        text += words["messages_known"].format(
            known=words["order_sep"].join(str(m) for m in info["known"]))
    if info["current"]:
        text += words["messages_current"].format(
            number=info["current"], name=phrases(lang)["messages"][str(info["current"])])
    return text


def render_text(view: dict, lang: str = "en") -> str:
    """The whole terminal picture of a view."""
    words = phrases(lang)["picture"]
    parts = [render_map(view, lang), words["map_legend"], render_cells(view, lang),
             render_hand(view, lang), render_scores(view, lang),
             render_track(view, lang), render_followers(view, lang),
             render_remaining(view, lang), render_messages(view, lang)]
    decision = view.get("decision")
    if decision:
        parts.append(words["waiting"].format(who=f"p{decision['player'] + 1}",
                                             kind=words["kinds"][decision["kind"]]))
        pending = view["round"]["events"][view["round"]["next"]:]
        if decision["kind"] == "figure" and pending:
            parts.append(words["points_to_place"].format(list=", ".join(
                words["pending"].format(who=f"p{e['player'] + 1}", points=e["points"],
                                        source=source_phrase(e["source"], lang, table="kinds"))
                for e in pending)))
            parts.append(_landing_line(view, pending[0], lang))
    if view.get("terminal"):
        parts.append(words["final"].format(totals=", ".join(
            f"p{i + 1} {t}" for i, t in enumerate(view["totals"]))))
    return "\n".join(p for p in parts if p)
