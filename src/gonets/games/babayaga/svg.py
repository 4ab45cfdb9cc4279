"""A standalone SVG picture of a Baba Yaga view: the board with its rivers and mountains, the
tokens and heroes, the heroes' standing and the legal actions as buttons (``data-action``)."""

from __future__ import annotations

from html import escape

from gonets.games.babayaga.rules.content import default_content
from gonets.games.babayaga.text import TOKEN_MARK, describe_action, hero_name, token_name, word

HERO_COLOURS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#ca6f1e"]
EDGE_STYLE = {"open": ("#8a8a8a", 2, ""), "bridge": ("#8e5b2c", 4, ""),
              "pass": ("#5d6d7e", 4, ""), "causeway": ("#8e5b2c", 3, "6,4"),
              "river": ("#2e86c1", 7, ""), "mountain": ("#a93226", 7, ""),
              "lake": ("#5dade2", 5, "2,4")}
EDGE_LEGEND = (("open", "road (open way)"), ("bridge", "bridge or ferry"),
               ("pass", "mountain pass"), ("causeway", "causeway"),
               ("river", "river: no crossing on foot"),
               ("mountain", "mountains: no crossing on foot"),
               ("lake", "lake: Baba Yaga flies over"))


def render_svg(view: dict, lang: str = "en") -> str:
    """The board picture; clickable places and buttons carry ``data-action``."""
    c = default_content()
    cell, pad, top = 110, 20, 60
    max_x = max(loc["grid"][0] for loc in c.locations.values())
    max_y = max(loc["grid"][1] for loc in c.locations.values())
    width = pad * 2 + (max_x + 1) * cell + 360
    board_bottom = top + pad + (max_y + 1) * cell

    def centre(lid: str) -> tuple[float, float]:
        x, y = c.locations[lid]["grid"]
        return pad + x * cell + cell / 2, top + pad + y * cell + cell / 2

    legal = view.get("legal") or []
    by_loc: dict[str, list[str]] = {}
    others = []
    for text in legal:
        parts = text.split()
        verbs = ("move", "fly", "sneak", "step", "hut", "horseman", "baba")
        if len(parts) == 2 and parts[0] in verbs and parts[1] in c.locations:
            by_loc.setdefault(parts[1], []).append(text)
        else:
            others.append(text)
    head = ""                            # written at the end, once the height is known
    title = (f'<text x="{pad}" y="30" font-size="20" font-weight="bold">Baba Yaga · round '
             f'{view["round"]} · {escape(word("en", "time_full", view["time"] or "none"))}</text>')
    status = (f'<text x="{pad}" y="50" font-size="13">Wilderness deck '
              f'{view["deck_sizes"]["wilderness"]} · Town deck {view["deck_sizes"]["town"]} · '
              f'Baba Yaga cards beaten {view["by_beaten"]}/3 · {escape(view["mode"])}</text>')
    out = [head, "", title, status]
    for a, b, kind in c.edges:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        colour, w, dash = EDGE_STYLE[kind]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line class="edge {kind}" x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" '
                   f'y2="{y2:.0f}" stroke="{colour}" stroke-width="{w}"{dash_attr}/>')
    for lid in c.order:
        loc = c.locations[lid]
        x, y = centre(lid)
        town = loc["kind"] == "town"
        fill = "#fdfefe" if town else "#d5e8d4"
        stroke = "#922b21" if town else ("#6c3483" if loc["special"] else "#4d5656")
        actions = by_loc.get(lid)
        attr = (f' data-action="{escape("|".join(actions))}" style="cursor:pointer"'
                if actions else "")
        out.append(f'<g class="location" data-location="{lid}"{attr}>')
        out.append(f'<rect x="{x - 42:.0f}" y="{y - 32:.0f}" width="84" height="64" rx="8" '
                   f'fill="{fill}" stroke="{stroke}" stroke-width="{4 if actions else 2}"'
                   + (' stroke-dasharray="5,3"' if actions else "") + "/>")
        name = loc["name"].replace("The ", "")
        colour = "#922b21" if town else "#1c2833"
        weight = "bold" if town else "normal"
        out.append(f'<text x="{x:.0f}" y="{y - 18:.0f}" font-size="9" text-anchor="middle" '
                   f'fill="{colour}" font-weight="{weight}">{escape(name)}</text>')
        out.append("</g>")
    for i, (tok, where) in enumerate(view["tokens"].items()):
        if where is None:
            continue
        x, y = centre(where)
        dx = -32 + 16 * list(TOKEN_MARK).index(tok)
        colours = {"wolves": "#566573", "solovey": "#a04000", "horseman": "#17202a",
                   "hut": "#784212", "baba_yaga": "#4a235a"}
        out.append(f'<g class="token" data-token="{tok}"><circle cx="{x + dx:.0f}" cy="{y:.0f}" '
                   f'r="8" fill="{colours[tok]}"/><text x="{x + dx:.0f}" y="{y + 4:.0f}" '
                   f'font-size="10" fill="white" text-anchor="middle">{TOKEN_MARK[tok]}</text></g>')
    for hero in view["heroes"]:
        if not hero["loc"] or hero["elim"]:
            continue
        x, y = centre(hero["loc"])
        dx = -32 + 13 * hero["seat"]
        out.append(f'<g class="hero" data-seat="{hero["seat"]}"><circle cx="{x + dx:.0f}" '
                   f'cy="{y + 20:.0f}" r="7" fill="{HERO_COLOURS[hero["seat"] % 6]}" '
                   f'stroke="{"#000" if hero["skip"] else "#fff"}" stroke-width="2"/>'
                   f'<text x="{x + dx:.0f}" y="{y + 24:.0f}" font-size="9" fill="white" '
                   f'text-anchor="middle">{hero["seat"] + 1}</text></g>')
    side = pad + (max_x + 1) * cell + 20
    yy = top + pad
    for hero in view["heroes"]:
        s = hero["seat"]
        out.append(f'<text x="{side}" y="{yy}" font-size="12" fill="{HERO_COLOURS[s % 6]}" '
                   f'font-weight="bold">{escape(hero_name(view, s))} · Rep {view["rep"][s]}'
                   + (" · out" if hero["elim"] else " · quest done" if hero["done"] else
                      f" · step {hero['step'] + 1}") + "</text>")
        yy += 18
    yy += 10
    for text in others:
        out.append(f'<g class="button" data-action="{escape(text)}" style="cursor:pointer">'
                   f'<rect x="{side}" y="{yy - 13}" width="330" height="18" rx="4" fill="#fdebd0" '
                   f'stroke="#a04000"/><text x="{side + 6}" y="{yy}" font-size="11">'
                   f'{escape(describe_action(view, text)[:58])}</text></g>')
        yy += 22
    out += svg_legend(pad, board_bottom + 10)
    height = max(board_bottom + 110, yy + 10)
    out[0] = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
              f'viewBox="0 0 {width} {height}" font-family="sans-serif">')
    out[1] = f'<rect width="{width}" height="{height}" fill="#f4ecd8"/>'
    out.append("</svg>")
    return "\n".join(out)


def svg_legend(x0: int, y0: int) -> list[str]:
    """The key of the map: edge kinds, places and tokens."""
    out = [(f'<g class="legend"><text x="{x0}" y="{y0 + 12}" font-size="12" '
            f'font-weight="bold">Key</text>')]
    for i, (kind, label) in enumerate(EDGE_LEGEND):
        x, y = x0 + 40 + (i % 4) * 260, y0 + 12 + (i // 4) * 22
        colour, w, dash = EDGE_STYLE[kind]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line class="legend-edge {kind}" x1="{x}" y1="{y - 4}" x2="{x + 40}" '
                   f'y2="{y - 4}" stroke="{colour}" stroke-width="{w}"{dash_attr}/>'
                   f'<text x="{x + 48}" y="{y}" font-size="11">{escape(label)}</text>')
    y = y0 + 12 + 2 * 22
    places = (("#fdfefe", "#922b21", "town"), ("#d5e8d4", "#4d5656", "wilderness"),
              ("#d5e8d4", "#6c3483", "special place"))
    for i, (fill, stroke, label) in enumerate(places):
        x = x0 + 40 + i * 140
        out.append(f'<rect x="{x}" y="{y - 11}" width="24" height="14" rx="3" fill="{fill}" '
                   f'stroke="{stroke}" stroke-width="2"/><text x="{x + 30}" y="{y}" '
                   f'font-size="11">{label}</text>')
    tokens = " · ".join(f"{mark} {token_name(tok).replace('the ', '')}"
                        for tok, mark in TOKEN_MARK.items())
    out.append(f'<text x="{x0 + 460}" y="{y}" font-size="11">Tokens: {escape(tokens)}; '
               f'numbered discs: heroes</text></g>')
    return out
