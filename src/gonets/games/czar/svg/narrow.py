"""The narrow arrangement, for a phone's board (under 600 px wide): the whole board in about
350 x 550-592 units, drawn at about one pixel a unit, so that every word stays 12 px or more
while the whole board, and so every target of any decision, fits a 390 x 844 phone's frame.

Top to bottom: the palace; the coin pile, this turn's coins and those out of the game; the
villages from the grassland (each guard just above its inn) down to the swamp, four inns a
row (a village of five in rows of three and two); the viewer's couriers. Inns go by a short
name (``parts.short_inn``) and rooms by the type's short name (``Of``, ``Оф``); ``✉`` marks a
courier carrying a message (its colour says whose)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from gonets.games.czar.notation import step_parts
from gonets.games.czar.rules.board import TYPE_BY_KEY, TYPES
from gonets.games.czar.svg.parts import (
    HIDDEN,
    colour_fill,
    leavers,
    on_colour,
    palace_line,
    pick,
    ref,
    room_ref,
    short_inn,
    short_name,
    text,
    travel_paths,
    who,
)
from gonets.games.czar.text.words import fill, level_title, phrases

WIDTH = 350
MARGIN, TITLES = 2, 14                # the left column holds the villages' names
X0 = MARGIN + TITLES
CELL = (WIDTH - X0 - MARGIN) / 4      # four inns a row
INN_W = CELL - 3
ROOM_PAD, ROOM_GAP = 2, 1
ROOM_W = (INN_W - 2 * ROOM_PAD - ROOM_GAP) / 2
ROOM_H, HEAD = 24, 15
INN_H = HEAD + 2 * ROOM_H + ROOM_GAP + ROOM_PAD
GUARD_H = 24
ROW_GAP, LEVEL_GAP = 1, 3
PALACE_Y, PALACE_H = MARGIN, 30
COINS_Y, COINS_H = PALACE_Y + PALACE_H + 3, 26
GRID_Y = COINS_Y + COINS_H + 4
STRIP_ROW = 28
ROOM_POS = {"officer": (0, 0), "cossack": (1, 0), "diplomat": (1, 1), "lady": (0, 1)}


def layout(view: dict) -> tuple[dict[str, tuple[float, float]], list[tuple[int, float, float]],
                                float]:
    """Where each inn is drawn (its key -> upper left corner, below its guard in the
    grassland), each village's span (level, top, bottom) and where the viewer's strip starts."""
    top_level = len(view["levels"]) - 1
    origins: dict[str, tuple[float, float]] = {}
    spans = []
    y = GRID_Y
    for level in range(top_level, -1, -1):
        keys = [inn["key"] for inn in view["inns"] if inn["level"] == level]
        rows = [keys] if len(keys) <= 4 else [keys[:(len(keys) + 1) // 2],
                                               keys[(len(keys) + 1) // 2:]]
        start = y
        for row in rows:
            head = GUARD_H + 1 if level == top_level else 0
            shift = (4 - len(row)) * CELL / 2
            for k, key in enumerate(row):
                origins[key] = (X0 + shift + k * CELL, y + head)
            y += head + INN_H + ROW_GAP
        spans.append((level, start, y - ROW_GAP))
        y += LEVEL_GAP - ROW_GAP
    return origins, spans, y


def _strip_height(view: dict) -> float:
    """The viewer's two rows, or a spectator's row for every two seats."""
    if view.get("seat") is not None:
        return 2 * STRIP_ROW + 3
    return (len(view["seats"]) + 1) // 2 * 21 + 2


def height(view: dict) -> float:
    """The narrow arrangement's height (its width is ``WIDTH``)."""
    return layout(view)[2] + _strip_height(view) + MARGIN


def draw(view: dict, lang: str, picks: dict, legal: list[list[str]]) -> list[str]:
    """The narrow arrangement's elements (the root ``<svg>`` is ``render_svg``'s)."""
    origins, spans, strip_y = layout(view)
    parts = [f'<rect width="{WIDTH}" height="{height(view):g}" fill="#f4efe3"/>']
    parts += _palace(view, lang, picks) + _coins(view, lang, picks)
    for level, top, bottom in spans:
        parts.append(f'<text class="cz-lv" text-anchor="middle" transform="translate('
                     f'{MARGIN + 11} {(top + bottom) / 2:g}) rotate(-90)">'
                     f'{escape(level_title(lang, level))}</text>')
    guards = {guard["key"]: guard for guard in view["guards"]}
    for inn in view["inns"]:
        x, y = origins[inn["key"]]
        if inn["key"] in guards:
            parts += _guard(view, guards[inn["key"]], x, y - GUARD_H - 1, lang, picks)
        parts += _inn(view, inn, x, y, lang, picks)
    for inn in view["inns"]:
        parts += _travel_previews(view, inn, legal, lang, origins)
    if view.get("seat") is None:
        parts += _spectator_strip(view, lang, strip_y)
    else:
        parts += _strip(view, lang, picks, strip_y)
    return parts


def _room_box(x: float, y: float, kind: str) -> tuple[float, float]:
    col, row = ROOM_POS[kind]
    return x + ROOM_PAD + col * (ROOM_W + ROOM_GAP), y + HEAD + row * (ROOM_H + ROOM_GAP)


def _short_type(lang: str, kind: str) -> str:
    return phrases(lang)["types"][kind]["short"]


def _palace(view: dict, lang: str, picks: dict) -> list[str]:
    words = phrases(lang)["svg"]
    status = [fill(words["turn"], turn=view["turns"] + 1), words[view["ruble_rules"]]]
    if view.get("final_round_left") is not None:
        status.append(fill(words["final_round"], count=view["final_round_left"]))
    width = WIDTH - X0 - MARGIN
    return [f'<g class="cz-palace"{pick(picks.get("palace"))}{ref("palace")}>'
            f'<rect class="cz-hit" x="{X0}" y="{PALACE_Y}" width="{width:g}" '
            f'height="{PALACE_H}" rx="6" fill="#e9d8a6" stroke="#8a6d2f" stroke-width="2"/>',
            text(X0 + 6, PALACE_Y + 13, words["palace"], "cz-h"),
            text(X0 + 6, PALACE_Y + 26, " · ".join(status), "cz-t"), "</g>"]


def _coins(view: dict, lang: str, picks: dict) -> list[str]:
    """The coin pile (a coin and how many are left), this turn's coins, those out of play."""
    words = phrases(lang)["svg"]
    y, h = COINS_Y, COINS_H
    x = X0
    out = [f'<g class="cz-pile"{pick(picks.get("pile"))}{ref("pile")}>'
           f'<rect class="cz-hit" x="{x:g}" y="{y}" width="{INN_W:g}" height="{h}" rx="6" '
           f'fill="#7a5c3a" stroke="#4a3620" stroke-width="2"/>',
           f'<circle cx="{x + 14:g}" cy="{y + h / 2:g}" r="9" fill="#c9a24a" stroke="#4a3620"/>',
           text(x + 14, y + 17, "₽", "cz-k", "middle"),
           text(x + 28, y + 17, str(view["pile"]), "cz-w"), "</g>"]
    x += CELL
    width = 2 * CELL - 3
    out.append(f'<g class="cz-running"{pick(picks.get("running"))}{ref("running")}>'
               f'<rect class="cz-hit" x="{x:g}" y="{y}" width="{width:g}" height="{h}" rx="6" '
               f'fill="#fffaf0" stroke="#8a6d2f"/>')
    out.append(text(x + 5, y + 17, words["this_turn"], "cz-t"))
    coins = view["running"]
    shown = coins if len(coins) <= 4 else coins[:3]
    start = x + width - 4 * 19 - 4
    for k, coin in enumerate(shown):
        label = words["chips"][coin]
        colour = "#b3261e" if coin == "njet" else "#c9a24a"
        cx = start + 9 + k * 19
        out += [f'<circle cx="{cx:g}" cy="{y + h / 2:g}" r="9" fill="{colour}" '
                f'stroke="#4a3620"/>',
                text(cx, y + 17, label, "cz-w" if coin == "njet" else "cz-k", "middle")]
    if len(shown) < len(coins):
        out.append(text(start + 3 * 19 + 2, y + 18, f"+{len(coins) - 3}", "cz-b"))
    out.append("</g>")
    x += 2 * CELL
    out += [f'<g class="cz-out"{ref("out")}><rect x="{x:g}" y="{y}" width="{INN_W:g}" '
            f'height="{h}" rx="6" fill="#eee6d4" stroke="#b9a88a"/>',
            text(x + 4, y + 17, fill(words["out"], coins=len(view["removed"])), "cz-t"),
            "</g>"]
    return out


def _guard(view: dict, guard: dict, x: float, y: float, lang: str, picks: dict) -> list[str]:
    """A guard just above its grassland inn: its price (``+``: it also takes the messages
    that skip the grassland) and the messages it holds, in their seats' colours."""
    keys = picks.get(f"guard:{guard['key']}")
    price = f"{guard['price']}₽" + (" +" if guard["skip"] else "")
    out = [f'<g class="cz-guard"{pick(keys)}{ref("guard:" + guard["key"])}>'
           f'<rect class="cz-hit" x="{x:g}" y="{y:g}" width="{INN_W:g}" height="{GUARD_H}" '
           f'rx="4" fill="#efe2bd" stroke="{"#a33" if guard["skip"] else "#6b5a3c"}" '
           f'stroke-width="1.5"/>', text(x + 3, y + 16, price, "cz-b")]
    room = INN_W - 34
    step = min(22, room / max(len(guard["messages"]), 1))
    for k, seat in enumerate(guard["messages"]):
        colour = view["seats"][seat]["colours"][0]
        mx = x + 32 + k * step
        mark = who(view, seat, lang) if seat == view.get("seat") else \
            short_name(view, seat, lang)[:1].upper()
        out.append(f'<g{ref(f"msg:{seat}")}><rect x="{mx:g}" y="{y + 2:g}" width="21" '
                   f'height="{GUARD_H - 4}" rx="3" fill="{colour_fill(colour)}" stroke="#222"/>'
                   + text(mx + 10.5, y + 16, mark, on_colour(colour), "middle") + "</g>")
    out.append("</g>")
    return out


def _fitted(x: float, y: float, name: str, room: float) -> str:
    """An inn's bold name, squeezed into ``room`` units where a wide font would overrun it
    (about 8 units a letter at 12 units bold: "Рахманинов" is 83 in DejaVu Sans)."""
    drawn = text(x, y, name, "cz-b")
    if len(name) * 8 <= room:
        return drawn
    return drawn.replace("<text ", f'<text textLength="{room:g}" '
                         'lengthAdjust="spacingAndGlyphs" ', 1)


def _inn(view: dict, inn: dict, x: float, y: float, lang: str, picks: dict) -> list[str]:
    key = inn["key"]
    out = [f'<g class="cz-inn" data-inn="{key}"{pick(picks.get(f"inn:{key}"))}'
           f'{ref("inn:" + key)}>',
           f'<rect class="cz-hit" x="{x:g}" y="{y:g}" width="{INN_W:g}" height="{INN_H}" '
           f'rx="5" fill="{"#d9d4ca" if not inn["open"] else "#fffaf0"}" stroke="#6b5a3c"/>',
           _fitted(x + 3, y + 12, short_inn(lang, key), INN_W - 6)]
    if not inn["open"]:
        out += [text(x + INN_W / 2, y + 40, phrases(lang)["svg"]["closed"], "cz-m", "middle"),
                "</g>"]
        return out
    for kind in TYPES:
        out += _room(inn, kind, x, y, lang, picks.get(f"room:{key}.{kind}"))
    out.append("</g>")
    return out


def _room(inn: dict, kind: str, x: float, y: float, lang: str,
          keys: list[str] | None) -> list[str]:
    rx, ry = _room_box(x, y, kind)
    room = inn["rooms"][TYPE_BY_KEY[kind]]
    out = [f'<g class="cz-room" data-room="{inn["key"]}.{kind}"{pick(keys)}'
           f'{room_ref(inn, kind, room)}>']
    if room is None:
        out.append(f'<rect class="cz-hit" x="{rx:g}" y="{ry:g}" width="{ROOM_W:g}" '
                   f'height="{ROOM_H}" rx="3" fill="#f1ece1" stroke="#a89a80" '
                   f'stroke-dasharray="3 2"/>')
        out.append(text(rx + 3, ry + 16, _short_type(lang, kind), "cz-m"))
    else:
        out += _courier(rx, ry, room["colour"], kind, lang)
        if room["message"] is not None:
            out.append(text(rx + ROOM_W - 3, ry + 16, "✉", on_colour(room["colour"]), "end"))
    out.append("</g>")
    return out


def _courier(x: float, y: float, colour: str, kind: str, lang: str, width: float = ROOM_W,
             css: str = "cz-hit") -> list[str]:
    return [f'<rect class="{css}" x="{x:g}" y="{y:g}" width="{width:g}" height="{ROOM_H}" '
            f'rx="3" fill="{colour_fill(colour)}" stroke="#222"/>',
            text(x + 3, y + 16, _short_type(lang, kind), on_colour(colour))]


def _travel_previews(view: dict, inn: dict, legal: list[list[str]], lang: str,
                     origins: dict) -> list[str]:
    """As in the wide arrangement: once the inn is chosen an arrow on each leaver; once the
    first leaver's destination is chosen, that courier drawn there, faded where it was."""
    key = inn["key"]
    paths = travel_paths(legal, key)
    if not paths:
        return []
    x, y = origins[key]
    leaving = leavers(paths)
    out = [f'<g data-show="empty:{key}"{HIDDEN}>']
    for kind in TYPES:
        rx, ry = _room_box(x, y, kind)
        if kind in leaving and inn["rooms"][TYPE_BY_KEY[kind]] is not None:
            out.append(f'<circle cx="{rx + ROOM_W - 9:g}" cy="{ry + ROOM_H / 2:g}" r="8" '
                       f'fill="#fff" stroke="#0b7a32" stroke-width="2"/>')
            out.append(text(rx + ROOM_W - 9, ry + 16, "↑", "cz-b", "middle"))
    out.append("</g>")
    for first in sorted({steps[1] for steps in paths}):
        _family, (_inn_key, kind, dest) = step_parts(first)
        courier = inn["rooms"][TYPE_BY_KEY[kind]]
        rx, ry = _room_box(x, y, kind)
        out += [f'<g data-show="empty:{key}/{first}"{HIDDEN}>',
                f'<rect x="{rx:g}" y="{ry:g}" width="{ROOM_W:g}" height="{ROOM_H}" rx="3" '
                f'fill="#fff" opacity="0.75"/>']
        if dest != "palace" and courier is not None:
            dx, dy = _room_box(*origins[dest], kind)
            out += [f'<rect x="{dx:g}" y="{dy:g}" width="{ROOM_W:g}" height="{ROOM_H}" rx="3" '
                    f'fill="{colour_fill(courier["colour"])}" stroke="#c07a00" '
                    f'stroke-width="3"/>',
                    text(dx + 3, dy + 16, _short_type(lang, kind), on_colour(courier["colour"]))]
        out.append("</g>")
        then = next(steps[2] for steps in paths if steps[1] == first)
        if step_parts(first)[1][2] == step_parts(then)[1][2] == "palace":
            lines = [part.strip() for part in palace_line(lang, first, then).split(" · ")]
            out += [f'<g data-show="empty:{key}/{first}"{HIDDEN}>',
                    f'<rect x="{X0 + 2}" y="{PALACE_Y + 1}" width="{WIDTH - X0 - MARGIN - 4:g}" '
                    f'height="{PALACE_H - 2}" fill="#e9d8a6"/>']
            out += [text(X0 + 6, PALACE_Y + 13 + 13 * k, line, "cz-b")
                    for k, line in enumerate(lines[:2])]
            out.append("</g>")
    return out


def _strip(view: dict, lang: str, picks: dict, y: float) -> list[str]:
    """The viewer's colours, stack and the courier turned up or drawn; below, the display."""
    words = phrases(lang)["svg"]
    seat = view["seat"]
    mine = view["seats"][seat]
    out = [f'<rect x="{MARGIN}" y="{y:g}" width="{WIDTH - 2 * MARGIN}" '
           f'height="{_strip_height(view):g}" rx="6" fill="#ebe3d0" stroke="#b9a88a"/>',
           text(MARGIN + 4, y + 18, words["you"], "cz-b")]
    for k, colour in enumerate(mine["colours"]):
        out.append(f'<rect x="{MARGIN + 28 + k * 12}" y="{y + 9:g}" width="10" height="10" '
                   f'fill="{colour_fill(colour)}"/>')
    x = 70
    out += [f'<g class="cz-stack"{pick(picks.get("stack"))}>'
            f'<rect class="cz-hit" x="{x}" y="{y + 2:g}" width="78" height="{ROOM_H + 2}" '
            f'rx="4" fill="#7a5c3a" stroke="#4a3620" stroke-width="2"/>',
            text(x + 39, y + 18, fill(words["stack"], n=mine["stack"]), "cz-w", "middle"),
            "</g>"]
    drawn = view.get("drawn")
    if drawn and view.get("phase") in ("initial", "drawn") and view.get("to_move") == seat:
        label = words["turned_up" if view["phase"] == "initial" else "drawn"]
        out.append(text(156, y + 18, label, "cz-t"))
        out.append('<g data-focus="drawn">')
        out += _courier(212, y + 3, drawn["colour"], drawn["type"], lang, css="cz-drawn")
        out.append("</g>")
    y += STRIP_ROW + 3
    out.append(text(MARGIN + 4, y + 16, words["display"], "cz-t"))
    x = 50
    if not mine["display"]:
        out.append(text(x, y + 16, words["empty_display"], "cz-m"))
    room = WIDTH - MARGIN - 4 - x
    width = min(ROOM_W, room / max(len(mine["display"]), 1) - 3)
    for k, courier in enumerate(mine["display"]):
        key = f'display:{courier["colour"]}-{courier["type"]}'
        out.append(f'<g class="cz-display"{pick(picks.get(key))}>')
        out += _courier(x + k * (width + 3), y, courier["colour"], courier["type"], lang, width)
        out.append("</g>")
    return out


def _spectator_strip(view: dict, lang: str, y: float) -> list[str]:
    """Every seat's stack and display, two seats a row."""
    out = [f'<rect x="{MARGIN}" y="{y:g}" width="{WIDTH - 2 * MARGIN}" '
           f'height="{_strip_height(view):g}" rx="6" fill="#ebe3d0" stroke="#b9a88a"/>']
    half = (WIDTH - 2 * MARGIN) / 2
    for k, info in enumerate(view["seats"]):
        x, row_y = MARGIN + 4 + (k % 2) * half, y + 2 + (k // 2) * 21
        name = short_name(view, info["seat"], lang)
        name = name if len(name) <= 8 else name[:7] + "…"
        out.append(text(x, row_y + 14, f'{name} {info["stack"]}', "cz-b"))
        for j, courier in enumerate(info["display"][:4]):
            cx = x + 76 + j * 23
            out.append(f'<rect x="{cx:g}" y="{row_y + 1:g}" width="21" height="17" rx="3" '
                       f'fill="{colour_fill(courier["colour"])}" stroke="#222"/>')
            out.append(text(cx + 10.5, row_y + 14, _short_type(lang, courier["type"]),
                            on_colour(courier["colour"]), "middle"))
    return out
