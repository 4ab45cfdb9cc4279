"""The wide arrangement (a laptop's, and any board 600 px wide or more): the palace band and
the guards on top, the four villages in rows of up to five inns, the viewer's strip below.
942 units wide; every text at least 13 units high, about 11.8 px at the laptop's fitted
860 px."""

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
    short_name,
    text,
    travel_paths,
    who,
)
from gonets.games.czar.text.words import (
    fill,
    inn_board,
    level_title,
    phrases,
    rubles,
    type_title,
)

ROOM_W, ROOM_H = 80, 48
PAD, HEAD, GAP = 5, 20, 8
INN_W = 2 * ROOM_W + 4 + 2 * PAD
INN_H = HEAD + 2 * ROOM_H + 4 + PAD
COL = INN_W + GAP
LEFT = 32
WIDTH = LEFT + 5 * COL
BAND_Y, BAND_H = 6, 46
GUARD_Y, GUARD_H = 58, 54
ROWS_Y = 120
STRIP_H = 60
HEIGHT = ROWS_Y + 4 * (INN_H + GAP) + STRIP_H + 6
ROOM_POS = {"officer": (0, 0), "cossack": (1, 0), "diplomat": (1, 1), "lady": (0, 1)}
"""Rooms: Officer upper left, Cossack upper right, Diplomat lower right, Lady lower left; the
arrows run clockwise, so the two couriers after the empty room leave (rules file 2.4)."""


def draw(view: dict, lang: str, picks: dict, legal: list[list[str]]) -> list[str]:
    """The wide arrangement's elements (the root ``<svg>`` is ``render_svg``'s)."""
    parts = [f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4efe3"/>']
    parts += _band(view, lang, picks)
    parts += _guards(view, lang, picks)
    for row, level in enumerate(range(len(view["levels"]) - 1, -1, -1)):
        y = ROWS_Y + row * (INN_H + GAP)
        parts.append(f'<text class="cz-lv" text-anchor="middle" transform="translate(20 '
                     f'{y + INN_H // 2}) rotate(-90)">{escape(level_title(lang, level))}'
                     f'</text>')
        inns = [inn for inn in view["inns"] if inn["level"] == level]
        shift = (5 - len(inns)) * COL / 2
        for k, inn in enumerate(inns):
            parts += _inn(view, inn, LEFT + shift + k * COL, y, lang, picks)
    for inn in view["inns"]:
        parts += _travel_previews(view, inn, legal, lang)
    parts += _strip(view, lang, picks, ROWS_Y + 4 * (INN_H + GAP))
    return parts


def _room_box(x: float, y: float, kind: str) -> tuple[float, float]:
    col, row = ROOM_POS[kind]
    return x + PAD + col * (ROOM_W + 4), y + HEAD + row * (ROOM_H + 4)


def _inn_origin(view: dict, key: str) -> tuple[float, float]:
    """Where the inn ``key`` is drawn (the same arithmetic as ``draw``)."""
    inn = next(i for i in view["inns"] if i["key"] == key)
    row = len(view["levels"]) - 1 - inn["level"]
    same = [i["key"] for i in view["inns"] if i["level"] == inn["level"]]
    shift = (5 - len(same)) * COL / 2
    return LEFT + shift + same.index(key) * COL, ROWS_Y + row * (INN_H + GAP)


def _band(view: dict, lang: str, picks: dict) -> list[str]:
    """The palace (destination of couriers leaving the grassland), the coin pile, this turn's
    coins and the coins out of the game."""
    words = phrases(lang)["svg"]
    y = BAND_Y
    wide = 2 * COL - GAP
    status = [fill(words["turn"], turn=view["turns"] + 1), words[view["ruble_rules"]]]
    if view.get("final_round_left") is not None:
        status.append(fill(words["final_round"], count=view["final_round_left"]))
    out = [f'<g class="cz-palace"{pick(picks.get("palace"))}{ref("palace")}>'
           f'<rect class="cz-hit" x="{LEFT}" y="{y}" width="{wide}" height="{BAND_H}" rx="8" '
           f'fill="#e9d8a6" stroke="#8a6d2f" stroke-width="2"/>',
           text(LEFT + 10, y + 18, words["palace"], "cz-h"),
           text(LEFT + 10, y + 36, " · ".join(status), "cz-t"), "</g>"]
    x = LEFT + 2 * COL
    out += [f'<g class="cz-pile"{pick(picks.get("pile"))}{ref("pile")}>'
            f'<rect class="cz-hit" x="{x}" y="{y}" width="{INN_W}" height="{BAND_H}" rx="8" '
            f'fill="#7a5c3a" stroke="#4a3620" stroke-width="2"/>',
            f'<circle cx="{x + 24}" cy="{y + BAND_H / 2}" r="14" fill="#c9a24a" '
            f'stroke="#4a3620"/>', text(x + 24, y + 27, "₽", "cz-k", "middle"),
            text(x + 46, y + 27, fill(words["pile"], n=view["pile"]), "cz-w"), "</g>"]
    x += COL
    out.append(f'<g class="cz-running"{pick(picks.get("running"))}{ref("running")}>'
               f'<rect class="cz-hit" x="{x}" y="{y}" width="{INN_W}" height="{BAND_H}" rx="8" '
               f'fill="#fffaf0" stroke="#8a6d2f"/>')
    out.append(text(x + 8, y + 27, words["this_turn"], "cz-t"))
    shown = view["running"] if len(view["running"]) <= 4 else view["running"][:3]
    for k, coin in enumerate(shown):
        out += _coin(x + 86 + k * 20, y + BAND_H / 2, coin, lang)
    if len(shown) < len(view["running"]):
        out.append(text(x + 86 + 3 * 20 - 8, y + 29, f"+{len(view['running']) - 3}", "cz-b"))
    out.append("</g>")
    x += COL
    out += [f'<g class="cz-out"{ref("out")}><rect x="{x}" y="{y}" width="{INN_W}" '
            f'height="{BAND_H}" rx="8" fill="#eee6d4" stroke="#b9a88a"/>',
            text(x + 8, y + 27, fill(words["out"], coins=len(view["removed"])), "cz-t"), "</g>"]
    return out


def _coin(cx: float, cy: float, coin: str, lang: str) -> list[str]:
    label = phrases(lang)["svg"]["chips"][coin]
    fill_colour = "#b3261e" if coin == "njet" else "#c9a24a"
    return [f'<circle cx="{cx}" cy="{cy}" r="9" fill="{fill_colour}" stroke="#4a3620"/>',
            text(cx, cy + 5, label, "cz-w" if coin == "njet" else "cz-k", "middle")]


def _guards(view: dict, lang: str, picks: dict) -> list[str]:
    words = phrases(lang)["svg"]
    out = []
    for g, guard in enumerate(view["guards"]):
        x, y = LEFT + g * COL, GUARD_Y
        keys = picks.get(f"guard:{guard['key']}")
        out.append(f'<g class="cz-guard"{pick(keys)}{ref("guard:" + guard["key"])}>'
                   f'<rect class="cz-hit" x="{x}" y="{y}" width="{INN_W}" height="{GUARD_H}" '
                   f'rx="6" fill="#efe2bd" stroke="{"#a33" if guard["skip"] else "#6b5a3c"}" '
                   f'stroke-width="2"/>')
        out.append(text(x + 8, y + 18, f'{words["guard"]} · {rubles(lang, guard["price"])}',
                        "cz-b"))
        if guard["skip"]:
            out.append(text(x + INN_W - 8, y + 44, words["skip"], "cz-m", "end"))
        count = len(guard["messages"])
        step = min(44, (INN_W - 12) / max(count, 1))
        for k, seat in enumerate(guard["messages"]):
            colour = view["seats"][seat]["colours"][0]
            mx = x + 6 + k * step
            out.append(f'<g{ref(f"msg:{seat}")}><rect x="{mx:g}" y="{y + 26}" '
                       f'width="{step - 4:g}" height="22" rx="4" fill="{colour_fill(colour)}" '
                       f'stroke="#222"/>')
            out.append(text(mx + (step - 4) / 2, y + 42, who(view, seat, lang),
                            on_colour(colour), "middle") + "</g>")
        out.append("</g>")
    return out


def _inn(view: dict, inn: dict, x: float, y: float, lang: str, picks: dict) -> list[str]:
    key = inn["key"]
    out = [f'<g class="cz-inn" data-inn="{key}"{pick(picks.get(f"inn:{key}"))}'
           f'{ref("inn:" + key)}>',
           f'<rect class="cz-hit" x="{x:g}" y="{y}" width="{INN_W}" height="{INN_H}" rx="8" '
           f'fill="{"#d9d4ca" if not inn["open"] else "#fffaf0"}" stroke="#6b5a3c"/>',
           text(x + 8, y + 15, inn_board(lang, key), "cz-b")]
    if not inn["open"]:
        out.append(text(x + INN_W / 2, y + INN_H / 2 + 8, phrases(lang)["svg"]["closed"],
                        "cz-m", "middle"))
        out.append("</g>")
        return out
    for kind in TYPES:
        out += _room(view, inn, kind, x, y, lang, picks.get(f"room:{key}.{kind}"))
    cx, cy = x + PAD + ROOM_W + 2, y + HEAD + ROOM_H + 2
    out.append(f'<g pointer-events="none"><circle cx="{cx:g}" cy="{cy}" r="9" fill="#fffaf0" '
               f'stroke="#6b5a3c"/>{text(cx, cy + 5, "↻", "cz-b", "middle")}</g>')
    out.append("</g>")
    return out


def _room(view: dict, inn: dict, kind: str, x: float, y: float, lang: str,
          keys: list[str] | None) -> list[str]:
    rx, ry = _room_box(x, y, kind)
    room = inn["rooms"][TYPE_BY_KEY[kind]]
    out = [f'<g class="cz-room" data-room="{inn["key"]}.{kind}"{pick(keys)}'
           f'{room_ref(inn, kind, room)}>']
    if room is None:
        out.append(f'<rect class="cz-hit" x="{rx:g}" y="{ry}" width="{ROOM_W}" '
                   f'height="{ROOM_H}" rx="5" fill="#f1ece1" stroke="#a89a80" '
                   f'stroke-dasharray="4 3"/>')
        out.append(text(rx + 6, ry + 19, type_title(lang, kind), "cz-m"))
    else:
        out += _courier(rx, ry, room["colour"], kind, lang)
        if room["message"] is not None:
            out.append(text(rx + 6, ry + 39, "✉ " + who(view, room["message"], lang),
                            on_colour(room["colour"])))
    out.append("</g>")
    return out


def _courier(x: float, y: float, colour: str, kind: str, lang: str, width: int = ROOM_W,
             css: str = "cz-hit") -> list[str]:
    return [f'<rect class="{css}" x="{x:g}" y="{y:g}" width="{width}" height="{ROOM_H}" rx="5" '
            f'fill="{colour_fill(colour)}" stroke="#222"/>',
            text(x + 6, y + 19, type_title(lang, kind), on_colour(colour))]


def _travel_previews(view: dict, inn: dict, legal: list[list[str]], lang: str) -> list[str]:
    """Once a full inn is chosen: which two leave and who stays; once the first leaver's
    destination is chosen: that courier in its new room, gone from the old one."""
    key = inn["key"]
    paths = travel_paths(legal, key)
    if not paths:
        return []
    words = phrases(lang)["svg"]
    x, y = _inn_origin(view, key)
    leaving = leavers(paths)
    out = [f'<g data-show="empty:{key}"{HIDDEN}>']
    for kind in TYPES:
        rx, ry = _room_box(x, y, kind)
        if inn["rooms"][TYPE_BY_KEY[kind]] is None:
            continue
        if kind in leaving:
            out.append(f'<circle cx="{rx + ROOM_W - 12:g}" cy="{ry + ROOM_H - 13}" r="10" '
                       f'fill="#fff" stroke="#0b7a32" stroke-width="2"/>')
            out.append(text(rx + ROOM_W - 12, ry + ROOM_H - 8, "↑", "cz-b", "middle"))
        else:
            out.append(f'<rect x="{rx:g}" y="{ry + ROOM_H - 20}" width="{ROOM_W}" height="20" '
                       f'fill="#fff" opacity="0.9"/>')
            out.append(text(rx + ROOM_W / 2, ry + ROOM_H - 5, words["stays"], "cz-b",
                            "middle"))
    out.append("</g>")
    for first in sorted({steps[1] for steps in paths}):
        out += _first_preview(view, inn, first, x, y, lang)
        then = next(steps[2] for steps in paths if steps[1] == first)
        if step_parts(first)[1][2] == step_parts(then)[1][2] == "palace":
            out += [f'<g data-show="empty:{key}/{first}"{HIDDEN}>',
                    f'<rect x="{LEFT + 4}" y="{BAND_Y + 23}" width="{2 * COL - GAP - 8}" '
                    f'height="19" fill="#e9d8a6"/>',
                    text(LEFT + 10, BAND_Y + 37, palace_line(lang, first, then), "cz-b"),
                    "</g>"]
    return out


def _first_preview(view: dict, inn: dict, first: str, x: float, y: float,
                   lang: str) -> list[str]:
    _family, (key, kind, dest) = step_parts(first)
    courier = inn["rooms"][TYPE_BY_KEY[kind]]
    rx, ry = _room_box(x, y, kind)
    out = [f'<g data-show="empty:{key}/{first}"{HIDDEN}>',
           f'<rect x="{rx:g}" y="{ry}" width="{ROOM_W}" height="{ROOM_H}" rx="5" fill="#fff" '
           f'opacity="0.75"/>']
    if dest != "palace" and courier is not None:
        dx, dy = _room_box(*_inn_origin(view, dest), kind)
        out.append(f'<rect x="{dx:g}" y="{dy}" width="{ROOM_W}" height="{ROOM_H}" rx="5" '
                   f'fill="{colour_fill(courier["colour"])}" stroke="#c07a00" '
                   f'stroke-width="4"/>')
        out.append(text(dx + 6, dy + 19, type_title(lang, kind), on_colour(courier["colour"])))
    out.append("</g>")
    return out


def _strip(view: dict, lang: str, picks: dict, y: float) -> list[str]:
    """The viewer's stack and display (and the courier just drawn), or, for a spectator,
    every seat's display."""
    words = phrases(lang)["svg"]
    seat = view.get("seat")
    out = [f'<rect x="{LEFT}" y="{y:g}" width="{WIDTH - LEFT - GAP}" height="{STRIP_H}" rx="8" '
           f'fill="#ebe3d0" stroke="#b9a88a"/>']
    if seat is None:
        return out + _spectator_strip(view, lang, y)
    mine = view["seats"][seat]
    x = LEFT + 8
    out.append(text(x, y + 24, short_name(view, seat, lang), "cz-b"))
    out.append(text(x, y + 44, words["you"], "cz-t"))
    for k, colour in enumerate(mine["colours"]):
        out.append(f'<rect x="{x + 30 + k * 14}" y="{y + 33}" width="12" height="12" '
                   f'fill="{colour_fill(colour)}"/>')
    x += 100
    out += [f'<g class="cz-stack"{pick(picks.get("stack"))}>'
            f'<rect class="cz-hit" x="{x}" y="{y + 6:g}" width="110" height="{ROOM_H}" rx="5" '
            f'fill="#7a5c3a" stroke="#4a3620" stroke-width="2"/>',
            text(x + 55, y + 35, fill(words["stack"], n=mine["stack"]), "cz-w", "middle"),
            "</g>"]
    x += 124
    drawn = view.get("drawn")
    if drawn and view.get("phase") in ("initial", "drawn") and view.get("to_move") == seat:
        label = words["turned_up" if view["phase"] == "initial" else "drawn"]
        out.append(text(x, y + 35, label, "cz-t"))
        out.append('<g data-focus="drawn">')
        out += _courier(x + 78, y + 6, drawn["colour"], drawn["type"], lang, css="cz-drawn")
        out.append("</g>")
        x += 78 + ROOM_W + 16
    out.append(text(x, y + 35, words["display"], "cz-t"))
    x += 62
    if not mine["display"]:
        out.append(text(x, y + 35, words["empty_display"], "cz-m"))
    width = min(ROOM_W, (WIDTH - GAP - 8 - x) // max(len(mine["display"]), 1) - 4)
    for k, courier in enumerate(mine["display"]):
        key = f'display:{courier["colour"]}-{courier["type"]}'
        out.append(f'<g class="cz-display"{pick(picks.get(key))}>')
        out += _courier(x + k * (width + 4), y + 6, courier["colour"], courier["type"], lang,
                        width)
        out.append("</g>")
    return out


def _spectator_strip(view: dict, lang: str, y: float) -> list[str]:
    out = []
    width = (WIDTH - LEFT - GAP) / len(view["seats"])
    short = phrases(lang)["types"]
    for k, info in enumerate(view["seats"]):
        x = LEFT + 8 + k * width
        out.append(text(x, y + 22, f'{short_name(view, info["seat"], lang)} · '
                                   f'{fill(phrases(lang)["svg"]["stack"], n=info["stack"])}',
                        "cz-b"))
        for j, courier in enumerate(info["display"][:6]):
            cx = x + j * 30
            out.append(f'<rect x="{cx:g}" y="{y + 30}" width="27" height="24" rx="4" '
                       f'fill="{colour_fill(courier["colour"])}" stroke="#222"/>')
            out.append(text(cx + 13.5, y + 47, short[courier["type"]]["short"],
                            on_colour(courier["colour"]), "middle"))
    return out
