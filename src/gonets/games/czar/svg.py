"""A standalone SVG picture of a view. Clickable elements carry ``data-action``: an empty room
the notation placing a courier there (one per colour, joined by ``|``, when the display holds
that type in two colours), an occupied room the message hand-over to it, a full inn
all its travel options joined by ``|``, the own stack ``draw``, buttons the one-word actions."""

from __future__ import annotations

from xml.sax.saxutils import escape

from gonets.games.czar.rules.board import COLOUR_BY_KEY, COLOUR_FILLS, TYPE_BY_KEY

INN_W, INN_H, GAP = 168, 112, 12
ROOM_W, ROOM_H = 74, 38
ROW_H = INN_H + 34
LEFT = 20
LETTER = {"officer": "O", "cossack": "C", "diplomat": "D", "lady": "L"}
ROOM_POS = {"officer": (0, 0), "cossack": (1, 0), "diplomat": (1, 1), "lady": (0, 1)}
ARROW = {"officer": "→", "cossack": "↓", "diplomat": "←", "lady": "↑"}
"""Each room's arrow points clockwise to the next room (rules file 2.4)."""


def _fill(colour: str) -> str:
    return COLOUR_FILLS[COLOUR_BY_KEY[colour]] if colour in COLOUR_BY_KEY else "#888"


def _attr(action: str | None) -> str:
    if not action:
        return ""
    return f' data-action="{escape(action, {chr(34): "&quot;"})}"'


def _actions_by_target(view: dict) -> tuple[dict, dict, dict, list[str]]:
    """Split the legal notations by the element that carries them."""
    rooms: dict[tuple[str, str], list[str]] = {}
    inns: dict[str, list[str]] = {}
    buttons: list[str] = []
    draw: dict[str, str] = {}
    for text in view.get("legal") or []:
        words = text.split()
        if words[0] == "place":         # place [COLOUR] TYPE INN: the room of that type
            rooms.setdefault((words[-1], words[-2]), []).append(text)
        elif words[0] == "message":
            rooms.setdefault((words[1], words[2]), []).append(text)
        elif words[0] == "travel":
            inns.setdefault(words[1], []).append(text)
        elif words[0] == "draw":
            draw["draw"] = text
        else:
            buttons.append(text)
    return rooms, inns, draw, buttons


def render_svg(view: dict, lang: str = "en") -> str:
    """The board, guards, players and buttons of ``view`` as one SVG document."""
    rooms_act, inns_act, draw_act, buttons = _actions_by_target(view)
    width = LEFT * 2 + 5 * (INN_W + GAP)
    parts: list[str] = []
    y = 20
    parts.append(f'<text x="{LEFT}" y="{y + 8}" class="title">Message to the Czar · '
                 f'{escape(view["ruble_rules"])} rubles · turn {view["turns"] + 1} · coin pile '
                 f'{view["pile"]}</text>')
    y += 24
    parts.extend(_guards(view, y))
    y += 76
    for level in range(len(view["levels"]) - 1, -1, -1):
        parts.append(f'<text x="{LEFT}" y="{y + 12}" class="level">'
                     f'{escape(view["levels"][level])}</text>')
        inns = [inn for inn in view["inns"] if inn["level"] == level]
        for k, inn in enumerate(inns):
            x = LEFT + k * (INN_W + GAP)
            parts.extend(_inn(inn, x, y + 18, rooms_act, inns_act.get(inn["key"], [])))
        y += ROW_H
    parts.extend(_players(view, y, draw_act))
    y += 34 * len(view["seats"]) + 10
    parts.extend(_buttons(buttons, y))
    y += 44
    style = ("<style>.title{font:bold 16px sans-serif}.level{font:bold 13px sans-serif;"
             "fill:#555}.name{font:bold 12px sans-serif}.small{font:11px sans-serif}"
             ".letter{font:bold 13px sans-serif;fill:#fff}[data-action]{cursor:pointer}"
             ".closed{font:bold 14px sans-serif;fill:#a00}</style>")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" '
            f'viewBox="0 0 {width} {y}">{style}'
            f'<rect width="{width}" height="{y}" fill="#f4efe3"/>' + "".join(parts) + "</svg>")


def _guards(view: dict, y: int) -> list[str]:
    out = []
    for g, guard in enumerate(view["guards"]):
        x = LEFT + g * (INN_W + GAP)
        stroke = "#a00" if guard["skip"] else "#444"
        out.append(f'<rect x="{x}" y="{y}" width="{INN_W}" height="64" rx="6" fill="#e9d8a6" '
                   f'stroke="{stroke}" stroke-width="2"/>')
        out.append(f'<text x="{x + 8}" y="{y + 17}" class="name">Guard {guard["price"]} '
                   f'rubles</text>')
        out.append(f'<text x="{x + 8}" y="{y + 33}" class="small">above '
                   f'{escape(guard["inn"])}{" · skip" if guard["skip"] else ""}</text>')
        for k, seat in enumerate(guard["messages"]):
            colour = view["seats"][seat]["colours"][0]
            out.append(f'<circle cx="{x + 16 + k * 24}" cy="{y + 49}" r="9" '
                       f'fill="{_fill(colour)}" stroke="#000"/>')
            out.append(f'<text x="{x + 10 + k * 24}" y="{y + 53}" class="letter">✉</text>')
    return out


def _inn(inn: dict, x: int, y: int, rooms_act: dict, travel: list[str]) -> list[str]:
    out = [f'<g class="inn" data-inn="{inn["key"]}"{_attr("|".join(travel))}>',
           (f'<rect x="{x}" y="{y}" width="{INN_W}" height="{INN_H}" rx="6" '
            f'fill="{"#ddd" if not inn["open"] else "#fffaf0"}" stroke="#333"/>'),
           f'<text x="{x + 8}" y="{y + 15}" class="name">{escape(inn["name"])}</text>']
    if not inn["open"]:
        out.append(f'<text x="{x + INN_W // 2}" y="{y + 55}" class="closed" '
                   f'text-anchor="middle">ЗАКРЫТО</text>')
        out.append(f'<text x="{x + INN_W // 2}" y="{y + 75}" class="closed" '
                   f'text-anchor="middle">CLOSED</text>')
        out.append("</g>")
        return out
    if travel:
        out.append(f'<text x="{x + INN_W - 50}" y="{y + 15}" class="small">travel ⇧</text>')
    out.append("</g>")
    for kind, (col, row) in ROOM_POS.items():
        rx = x + 8 + col * (ROOM_W + 4)
        ry = y + 22 + row * (ROOM_H + 6)
        room = inn["rooms"][TYPE_BY_KEY[kind]]
        action = "|".join(rooms_act.get((inn["key"], kind), []))
        fill = "#f8f8f8" if room is None else _fill(room["colour"])
        out.append(f'<g class="room" data-room="{inn["key"]} {kind}"{_attr(action)}>')
        out.append(f'<rect x="{rx}" y="{ry}" width="{ROOM_W}" height="{ROOM_H}" rx="4" '
                   f'fill="{fill}" stroke="{"#0a0" if action else "#999"}" '
                   f'stroke-width="{3 if action else 1}"/>')
        label = kind.capitalize() if room is None else f"{LETTER[kind]} {room['colour']}"
        css = "small" if room is None else "letter"
        out.append(f'<text x="{rx + 5}" y="{ry + 16}" class="{css}">{escape(label)}</text>')
        out.append(f'<text x="{rx + ROOM_W - 14}" y="{ry + 33}" class="small">'
                   f'{ARROW[kind]}</text>')
        if room is not None and room["message"] is not None:
            out.append(f'<text x="{rx + 5}" y="{ry + 33}" class="letter">✉ '
                       f'p{room["message"] + 1}</text>')
        out.append("</g>")
    return out


def _players(view: dict, y: int, draw_act: dict) -> list[str]:
    out = []
    for info in view["seats"]:
        seat = info["seat"]
        top = y + 34 * seat
        mark = " ◀" if view.get("to_move") == seat else ""
        you = " (you)" if view.get("seat") == seat else ""
        out.append(f'<text x="{LEFT}" y="{top + 20}" class="name">p{seat + 1}{you}{mark}</text>')
        for k, colour in enumerate(info["colours"]):
            out.append(f'<rect x="{LEFT + 80 + k * 16}" y="{top + 8}" width="14" height="14" '
                       f'fill="{_fill(colour)}"/>')
        action = draw_act.get("draw") if view.get("seat") == seat else None
        out.append(f'<g class="stack"{_attr(action)}><rect x="{LEFT + 170}" y="{top + 4}" '
                   f'width="70" height="24" rx="3" fill="#7a5c3a" '
                   f'stroke="{"#0a0" if action else "none"}" stroke-width="3"/>'
                   f'<text x="{LEFT + 176}" '
                   f'y="{top + 20}" class="letter">stack {info["stack"]}</text></g>')
        for k, courier in enumerate(info["display"]):
            cx = LEFT + 250 + k * 30
            out.append(f'<rect x="{cx}" y="{top + 4}" width="26" height="24" rx="3" '
                       f'fill="{_fill(courier["colour"])}"/><text x="{cx + 8}" y="{top + 21}" '
                       f'class="letter">{LETTER[courier["type"]]}</text>')
        coins = (f'{info["coin_count"]} hidden coins' if info["coins"] is None else
                 f'coins {info["coin_total"]} ({", ".join(info["coins"]) or "none"})')
        msg = info["message"]
        where = ("" if msg is None else f' · message: guard above {msg["guard"]}'
                 if "guard" in msg else f' · message: {msg["room"]} at {msg["inn"]}')
        out.append(f'<text x="{LEFT + 470}" y="{top + 20}" class="small">'
                   f'{escape(coins + where)}</text>')
    return out


def _buttons(buttons: list[str], y: int) -> list[str]:
    out = []
    for k, text in enumerate(buttons):
        x = LEFT + k * 110
        out.append(f'<g class="button"{_attr(text)}><rect x="{x}" y="{y}" width="100" '
                   f'height="30" rx="6" fill="#2f4f6f"/><text x="{x + 12}" y="{y + 20}" '
                   f'class="letter">{escape(text)}</text></g>')
    return out
