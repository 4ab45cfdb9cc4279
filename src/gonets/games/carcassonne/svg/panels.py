"""The pictures of the side panels (they keep their size while the map zooms: 300 units wide,
words at least 11 units): the tile in hand previewed turned, the placed tile with its spots,
the followers to recall during message 8, the scoring track with the figure question."""

from __future__ import annotations

from html import escape

from gonets.games.carcassonne.notation import FIGURES, action_steps
from gonets.games.carcassonne.rules.tiles import FIELD
from gonets.games.carcassonne.rules.track import SPACES, figures_on_track, has_messenger
from gonets.games.carcassonne.svg.board import (
    COLOURS,
    SIZE,
    _hand_symbols,
    _spots,
    anchors,
    figure,
    follower_label,
    phrases_follower,
    placements,
    tile_art,
)
from gonets.games.carcassonne.svg.refs import drawn_key, track_key
from gonets.games.carcassonne.text import describe_action, phrases
from gonets.games.carcassonne.text import panels as text_panels


def panels(view: dict, lang: str = "en") -> list[dict]:
    """The web page's side panels: ``text.panels`` with their pictures."""
    return text_panels(view, lang, {"hand": hand_svg, "placed": placed_svg,
                                    "recall": recall_svg, "track": track_svg})


WIDTH = 300
HAND = 150
PLACED = 180
COLS, CELL_W, CELL_H = 10, 30, 46
LAP_LINE = 18
LAP_NAME = 24
"""The most characters of a name on a lap marker's line (longer ones end in "…")."""
DARK, LIGHT, EDGE = "#4a4a4a", "#efe6cf", "#8a7a55"


def _svg(height: float, body: list[str], extra: str = "") -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0f}" '
            f'width="{WIDTH}" height="{height:.0f}" font-family="sans-serif" font-size="13"'
            f'{extra}>' + "\n".join(body) + "</svg>")


# -- the tile in hand ---------------------------------------------------------------------------
def hand_svg(view: dict) -> str:
    """The tile in hand, large, unturned; over it the tile turned as each legal placement
    would turn it (``data-show="cell:x,y/~rot:90"``), so the panel follows the rotation the
    seat cycles through on the map. ``data-hand``: a phone shows it above the map; ``data-ref``
    the key of the line that drew it."""
    letter = view["hand"]
    cells = placements(view)
    degrees = sorted({0} | {d for ds in cells.values() for d in ds})
    left, top = (WIDTH - HAND) / 2, 8
    body = [_hand_symbols(letter, "cch", degrees),
            f'<g data-ref="{drawn_key(view["active"], letter)}">',
            f'<use href="#cch-h0" x="{left}" y="{top}" width="{HAND}" height="{HAND}"/>']
    for (x, y), ds in sorted(cells.items()):
        for deg in ds:
            body.append(f'<use href="#cch-h{deg}" x="{left}" y="{top}" width="{HAND}" '
                        f'height="{HAND}" data-show="cell:{x},{y}/~rot:{deg}" '
                        'pointer-events="none" style="display:none"/>')
    body.append(f'<rect x="{left}" y="{top}" width="{HAND}" height="{HAND}" fill="none" '
                'stroke="#4d3b1f" stroke-width="2"/></g>')
    return _svg(HAND + 2 * top, body, ' data-hand="tile"')


# -- the tile just placed -----------------------------------------------------------------------
def placed_svg(view: dict) -> str:
    """The tile just placed, large, with a ring on every spot where the seat may put a
    follower (the same ``spot:...`` keys as on the map, big enough for a finger)."""
    letter, x, y, rot = view["board"][view["placed"]]
    left, top = (WIDTH - PLACED) / 2, 6
    body = [f'<g transform="translate({left},{top}) scale({PLACED / SIZE})">'
            f'{tile_art(letter, rot, SIZE)}</g>']
    body.extend(_spots(view, lambda _x, _y: (left, top), PLACED, "panel"))
    return _svg(PLACED + 2 * top, body)


# -- message 8: the viewer's followers ------------------------------------------------------------
def recall_svg(view: dict, lang: str) -> str:
    """Each follower the seat may score and take back (message 8): its tile with the
    follower on it, and what it is, each one click (``recall:...``); the tooltip says where
    it stands, as the menu line does."""
    words = phrases(lang)["web"]
    legal = set(view.get("legal", []))
    seat = view["decision"]["player"]
    colour = COLOURS[seat % len(COLOURS)]
    tiles = {(bx, by): (letter, rot) for letter, bx, by, rot in view["board"]}
    body, box, gap = [], 84, 14
    shown = 0
    for where in view["slots"][seat]:
        if where is None:
            continue
        x, y, segment = where
        label, kind = follower_label(view, x, y, segment)
        notation = f"recall {x},{y} {label}"
        if notation not in legal:
            continue
        row, col = divmod(shown, 3)
        px, py = col * (box + gap) + 6, row * (box + 26) + 4
        letter, rot = tiles[(x, y)]
        ax, ay = anchors(letter, rot)[segment]
        key = escape(action_steps(view, notation)[0], quote=True)
        title = escape(describe_action(view, notation, lang))
        body.append(f'<g data-pick="{key}"><title>{title}</title>'
                    f'<rect x="{px - 3}" y="{py - 3}" width="{box + 6}" '
                    f'height="{box + 24}" rx="5" fill="#fff" stroke="#8a3b12"/>'
                    f'<g transform="translate({px},{py}) scale({box / SIZE})">'
                    f'{tile_art(letter, rot, SIZE)}</g>'
                    + figure(px + ax * box, py + ay * box, box * 0.32, colour,
                                 lying=kind == FIELD)
                    + f'<text x="{px + box / 2}" y="{py + box + 16}" text-anchor="middle">'
                    f'{escape(phrases_follower(label, words))}</text></g>')
        shown += 1
    rows = (shown + 2) // 3
    return _svg(max(1, rows) * (box + 26) + 6, body)


# -- the scoring track ----------------------------------------------------------------------------
def track_svg(view: dict, lang: str) -> str:
    """The scoring track: spaces 0-49 in rows of ten, every fifth one dark, with both figures
    of every player (the scoring meeple in the upper row of a space, the messenger in the
    lower one), under it a lap marker for every figure past space 49. When the viewer
    must choose a figure, two large buttons above the track and the two figures themselves
    carry ``figure:meeple`` / ``figure:messenger``, and dashed rings show where each would
    land."""
    words = phrases(lang)["web"]
    choice = figure_choice(view)
    body: list[str] = []
    top = 0
    if choice:
        body.extend(_choice_strip(view, choice, words))
        top = 78
    body.append(f'<g transform="translate(0,{top})">')
    for space in range(SPACES):
        body.extend(_space(space))
    figures = figures_on_track(view)
    for fig in figures:
        body.append(_figure(view, fig, figures, choice, words))
    if choice:
        for fig in figures:
            if fig["player"] == choice["player"] and fig["figure"] in choice["keys"]:
                body.append(_landing(fig, choice["points"], words))
    body.append("</g>")
    laps_y = top + (SPACES // COLS) * CELL_H + 18
    laps = _laps(view, figures, laps_y, words)
    body.extend(laps)
    legend_y = laps_y + LAP_LINE * len(laps)
    body.extend(_legend(view, legend_y, words))
    return _svg(legend_y + (26 if has_messenger(view) else 8), body)


def figure_choice(view: dict) -> dict | None:
    """The figure question the viewer must answer now (None when there is none)."""
    decision = view.get("decision")
    if not decision or decision["kind"] != "figure" or not view.get("legal"):
        return None
    rnd = view["round"]
    if rnd["next"] >= len(rnd["events"]):
        return None
    event = rnd["events"][rnd["next"]]
    keys = {text.split()[1]: action_steps(view, text)[0] for text in view["legal"]
            if text.startswith("figure ")}
    return {"player": decision["player"], "points": event["points"],
            "source": event["source"], "keys": keys}


def _space_xy(space: int) -> tuple[int, int]:
    row, col = divmod(space % SPACES, COLS)
    return col * CELL_W, row * CELL_H


def _space(space: int) -> list[str]:
    x, y = _space_xy(space)
    dark = space % 5 == 0
    return [f'<rect x="{x + 1}" y="{y + 1}" width="{CELL_W - 2}" height="{CELL_H - 2}" rx="3" '
            f'fill="{DARK if dark else LIGHT}" stroke="{EDGE}" data-space="{space}"/>',
            f'<text x="{x + 4}" y="{y + 13}" font-size="11" '
            f'fill="{"#fff" if dark else "#555"}">{space}</text>']


def _fig_xy(fig: dict, figures: list[dict]) -> tuple[float, float, float]:
    """Where a figure stands in its space and how tall it is drawn: the figures of one
    kind in one space share its width, in seat order."""
    x, y = _space_xy(fig["space"])
    same = [f["player"] for f in figures
            if f["space"] == fig["space"] and f["figure"] == fig["figure"]]
    slot = same.index(fig["player"]) if fig["player"] in same else 0
    step = (CELL_W - 8) / max(1, len(same))
    size = min(16.0, step * 1.5)
    return x + 4 + step * (slot + 0.5), y + _row_y(fig["figure"]), size


def _row_y(figure: str) -> int:
    """The height of a kind of figure inside a space (meeples above messengers)."""
    return 24 if figure == "meeple" else 38


def _figure_refs(view: dict, fig: dict) -> str:
    """The keys a figure on the track carries for the log lines: its own, and once the two
    figures have been merged (the game's end) the scoring meeple its messenger's too."""
    keys = [track_key(fig["player"], fig["figure"])]
    if view["options"].get("messengers") and view["merged"] and fig["figure"] == "meeple":
        keys.append(track_key(fig["player"], "messenger"))
    return " ".join(keys)


def _figure(view: dict, fig: dict, figures: list[dict], choice: dict | None,
            words: dict) -> str:
    cx, cy, size = _fig_xy(fig, figures)
    colour = COLOURS[fig["player"] % len(COLOURS)]
    edge = "#fff" if fig["dark"] else "#1b1b1b"
    title = words["track_title"].format(
        colour=words["colours"][fig["player"] % len(COLOURS)],
        figure=words["figure_words"][fig["figure"]], total=fig["total"], space=fig["space"],
        dark=words["dark_mark"] if fig["dark"] else "",
        lap=words["lap"].format(lap=fig["lap"] + 1) if fig["lap"] else "")
    attrs = (f' data-figure="p{fig["player"] + 1} {fig["figure"]}" data-total="{fig["total"]}"'
             f' data-ref="{_figure_refs(view, fig)}"')
    shape = figure(cx, cy, size, colour, fig["figure"], edge)
    if choice and fig["player"] == choice["player"] and fig["figure"] in choice["keys"]:
        key = escape(choice["keys"][fig["figure"]], quote=True)
        return (f'<g{attrs} data-pick="{key}"><title>{escape(title)}</title>'
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="10" fill="#fff" fill-opacity="0.01"/>'
                f'{shape}</g>')
    return f'<g{attrs}><title>{escape(title)}</title>{shape}</g>'


def _landing(fig: dict, points: int, words: dict) -> str:
    total = fig["total"] + points
    x, y = _space_xy(total % SPACES)
    cy = y + _row_y(fig["figure"])
    title = words["landing_title"].format(figure=words["figure_words"][fig["figure"]],
                                          total=total,
                                          dark=words["dark_mark"] if total % 5 == 0 else "")
    return (f'<circle cx="{x + CELL_W / 2}" cy="{cy}" r="8" fill="none" '
            f'stroke="{COLOURS[fig["player"] % len(COLOURS)]}" stroke-width="2.5" '
            f'stroke-dasharray="3 2"><title>{escape(title)}</title></circle>')


def _choice_strip(view: dict, choice: dict, words: dict) -> list[str]:
    """Two large buttons: each figure with its total now and after the points."""
    player, points = choice["player"], choice["points"]
    colour = COLOURS[player % len(COLOURS)]
    out = [f'<text x="4" y="16" font-size="14" font-weight="bold">'
           f'{escape(words["choice_head"].format(points=points))}</text>']
    for index, name in enumerate(FIGURES):
        if name not in choice["keys"]:
            continue
        now = view["scores"][player][index]
        new = now + points
        x = 4 + index * 148
        dark = words["dark_short"] if new % 5 == 0 else ""
        out.append(f'<g data-pick="{escape(choice["keys"][name], quote=True)}" '
                   f'class="cc-choice"><rect x="{x}" y="26" width="142" height="46" rx="6" '
                   f'fill="#fff" stroke="#8a3b12" stroke-width="2"/>'
                   + figure(x + 20, 49, 30, colour, name)
                   + f'<text x="{x + 40}" y="45" font-size="13">'
                   f'{escape(words["figure_names"][name])}</text>'
                   f'<text x="{x + 40}" y="64" font-size="14" font-weight="bold">'
                   f'{now} → {new}{escape(dark)}</text></g>')
    return out


def _laps(view: dict, figures: list[dict], y: float, words: dict) -> list[str]:
    """A lap marker for every figure past space 49, as the game's 50/100 tiles: the figure
    in its owner's colour and its total as space plus laps (``Anna: 113 = 13 + 100``);
    players by name where the page knows the names, else by colour."""
    names = view.get("names") or []
    out = []
    for fig in figures:
        if not fig["lap"]:
            continue
        player = fig["player"]
        who = names[player] if player < len(names) and names[player] else \
            words["colours"][player % len(COLOURS)]
        if len(who) > LAP_NAME:                  # the line stays inside the panel
            who = who[:LAP_NAME - 1] + "…"
        text = words["lap_line"].format(who=who, total=fig["total"], space=fig["space"],
                                        laps=fig["lap"] * SPACES)
        out.append(f'<g data-lap="p{player + 1} {fig["figure"]}">'
                   + figure(10, y - 4, 14, COLOURS[player % len(COLOURS)], fig["figure"])
                   + f'<text x="22" y="{y}" font-size="12">{escape(text)}</text></g>')
        y += LAP_LINE
    return out


def _legend(view: dict, y: float, words: dict) -> list[str]:
    out = [figure(10, y - 4, 14, "#bbbbbb"),
           f'<text x="22" y="{y}" font-size="12">{escape(words["figure_names"]["meeple"])}'
           '</text>']
    if has_messenger(view):
        out += [figure(160, y - 4, 14, "#bbbbbb", "messenger"),
                f'<text x="172" y="{y}" font-size="12">'
                f'{escape(words["figure_names"]["messenger"])}</text>',
                f'<rect x="4" y="{y + 8}" width="12" height="12" fill="{DARK}"/>'
                f'<text x="22" y="{y + 18}" font-size="12">{escape(words["dark_legend"])}'
                '</text>']
    return out
