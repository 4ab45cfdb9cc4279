"""The pictures of the Baba Yaga web table: the board and the side panels.

The board is drawn for a box about 860 px wide: one cell is 100 SVG units (about 86 px at the
fitted zoom), and no text is smaller than 13 units, so nothing reads under 11 px. Places are
tiles that carry the clicks of the move verbs (``data-pick="move:rye_fields|fly:rye_fields"``);
the borders between tiles show the ways (road, bridge, pass, causeway) and the barriers (river,
mountains, lake). A name too wide for its tile is wrapped and, past two lines, shortened; the
full name is the tile's ``<title>``. The root carries ``data-zoom`` with a least cell size, so a
phone opens zoomed in on what may be clicked. Under the board a roster names every hero, on the
board or not, with its quest progress. What a log line may be about (heroes, places, tokens,
quests, decks, the round and the time of day) carries ``data-ref`` keys, and ``log_refs`` gives
a log event's keys, so that pointing at the line lights them. Everything is drawn from the view
alone.
"""

from __future__ import annotations

import math
from functools import cache
from html import escape
from string import Formatter

import yaml

from gonets.games.babayaga.notation import BOARD_VERBS, action_steps
from gonets.games.babayaga.rules.content import Content, view_content
from gonets.games.babayaga.text.panels import last_roll, step_lines
from gonets.games.babayaga.text.panels import panels as panels_in_words
from gonets.games.babayaga.text.words import (
    DATA,
    challenge_text,
    goal,
    hero_name,
    loc_name,
    options_content,
    quest_cell,
    quest_name,
    say,
    special_place,
    titles,
    token_name,
    word,
)

CELL, GAP, PAD, HEAD = 100, 12, 8, 54
TILE = CELL - GAP
FONT = "Liberation Sans, Arial, Helvetica, sans-serif"
NAME_SIZE = 14
MIN_UNIT = 80                  # the least cell size in pixels of the fitted view (phones zoom)
HERO_COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b7950b", "#7d3c98", "#ca6f1e"]
TOKEN_COLOURS = {"wolves": "#566573", "solovey": "#a04000", "horseman": "#17202a",
                 "hut": "#784212", "baba_yaga": "#4a235a"}
TILE_STYLE = {"town": ("#fbeee0", "#922b21"), "wild": ("#dcebd0", "#6b7b5e"),
              "special": ("#eadcf0", "#6c3483")}
EDGE_KINDS = ("open", "bridge", "pass", "causeway", "river", "mountain", "lake")
SEP = " · "
# The header's placeholders and the log keys (``data-ref``) of the text that shows them.
FIELD_REFS = {"round": "round", "time": "time", "wilderness": "deck:wilderness",
              "town": "deck:town", "beaten": "deck:baba_yaga"}


# ------------------------------------------------------------------------------- metrics ---
@cache
def _glyphs() -> tuple[dict[str, float], float, float]:
    data = yaml.safe_load((DATA / "glyphs.yaml").read_text(encoding="utf-8"))
    widths = {ch: float(w) for w, chars in data["widths"].items() for ch in chars}
    return widths, float(data["other"]), float(data["bold"])


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in SVG units at font size ``size`` (the board font's metrics)."""
    widths, other, factor = _glyphs()
    em = sum(widths.get(ch, other) for ch in text)
    return em * size * (factor if bold else 1.0)


def _shorten(word_: str, room: float, size: float, bold: bool) -> str:
    """The longest prefix of a word that fits ``room`` with a full stop."""
    for end in range(len(word_) - 1, 1, -1):
        if text_width(word_[:end] + ".", size, bold) <= room:
            return word_[:end] + "."
    return word_[:2] + "."


def fit_lines(name: str, room: float, size: float = NAME_SIZE, bold: bool = False,
              most: int = 2) -> list[str]:
    """A name folded into at most ``most`` lines of at most ``room`` units, shortening the
    widest words (``Snow Maid.``) when it would not fit otherwise."""
    words = name.split()
    while True:
        lines: list[str] = []
        for w in words:
            joined = f"{lines[-1]} {w}" if lines else w
            if lines and text_width(joined, size, bold) <= room:
                lines[-1] = joined
            else:
                lines.append(w)
        too_wide = [w for w in words if text_width(w, size, bold) > room]
        if len(lines) <= most and not too_wide:
            return lines
        long = [w for w in words if not w.endswith(".") and len(w) > 3]
        if not long:
            return [_shorten(line, room, size, bold) if text_width(line, size, bold) > room
                    else line for line in lines[:most]]
        widest = max(long, key=lambda w: text_width(w, size, bold))
        index = words.index(widest)
        limit = room if too_wide else text_width(widest, size, bold) * 0.6
        words[index] = _shorten(widest, limit, size, bold)


# -------------------------------------------------------------------------------- pieces ---
def _text(x: float, y: float, body: str, size: int = 14, anchor: str = "middle",
          fill: str = "#1c2833", bold: bool = False, extra: str = "") -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}"{weight}{extra}>{escape(body)}</text>')


def _disc(x: float, y: float, colour: str, mark: str, title: str, stroke: str = "#fff",
          dashed: bool = False, cls: str = "", data: str = "") -> str:
    dash = ' stroke-dasharray="3,2"' if dashed else ""
    return (f'<g class="{cls}"{data}><title>{escape(title)}</title>'
            f'<circle cx="{x:.0f}" cy="{y:.0f}" r="12" fill="{colour}" stroke="{stroke}" '
            f'stroke-width="2.5"{dash}/>'
            + _text(x, y + 5, mark, 14, fill="#fff", bold=True) + "</g>")


def edge_art(kind: str, x: float, y: float, length: float, vertical: bool) -> str:
    """One border between two tiles, centred at (x, y): ``length`` long along the border
    (vertical: the tiles sit left and right), its crossing drawn across the gap."""
    def along(t: float, off: float = 0.0) -> tuple[float, float]:
        return (x + off, y + t) if vertical else (x + t, y + off)

    def line(colour: str, width: float, dash: str = "", wave: float = 0.0) -> str:
        steps = 8
        pts = [along(-length / 2 + length * i / steps, wave * (1 if i % 2 else -1))
               for i in range(steps + 1)]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        return (f'<polyline points="{path}" fill="none" stroke="{colour}" '
                f'stroke-width="{width}" stroke-linejoin="round"{dashed}/>')

    def plank(colour: str, dash: str = "") -> str:
        w, h = (GAP + 8, 14) if vertical else (14, GAP + 8)
        dashed = f' stroke="#5d4037" stroke-width="2" stroke-dasharray="{dash}"' if dash else ""
        return (f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" '
                f'rx="2" fill="{colour}"{dashed}/>')

    if kind == "open":
        w, h = (GAP + 4, 10) if vertical else (10, GAP + 4)
        return (f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" '
                f'fill="#c9b68c"/>')
    art = {"river": lambda: line("#2e86c1", 5, wave=2.5),
           "mountain": lambda: line("#873600", 4, wave=4),
           "lake": lambda: line("#85c1e9", 9) + line("#2e86c1", 2, dash="2,4"),
           "bridge": lambda: line("#2e86c1", 5, wave=2.5) + plank("#8e5b2c"),
           "pass": lambda: line("#873600", 4, wave=4) + plank("#95a5a6"),
           "causeway": lambda: line("#85c1e9", 9) + plank("#d7bde2", dash="3,2")}
    return art[kind]()


# --------------------------------------------------------------------------------- board ---
def _origin(c: Content, lid: str) -> tuple[float, float]:
    """The top left corner of a place's tile on the board of ``c``."""
    x, y = c.locations[lid]["grid"]
    return PAD + x * CELL + GAP / 2, HEAD + y * CELL + GAP / 2


def goal_place(view: dict, seat: int) -> str | None:
    """Where a hero's current quest step is met now: its place or its token's space."""
    step = goal(view, seat)
    trig = step[1]["trigger"] if step else {}
    if "at" in trig:
        return trig["at"]
    return view["tokens"].get(trig["token"]) if "token" in trig else None


def _board_picks(view: dict) -> dict[str, list[str]]:
    """The click keys of the legal place actions, by place."""
    places = view_content(view).locations
    picks: dict[str, list[str]] = {}
    for text in view.get("legal") or []:
        verb, _, arg = text.partition(" ")
        if verb in BOARD_VERBS and arg in places:
            picks.setdefault(arg, []).append(action_steps(view, text)[0])
    return picks


def _edges(c: Content) -> list[str]:
    out = []
    for a, b, kind in c.edges:
        (ax, ay), (bx, by) = _origin(c, a), _origin(c, b)
        vertical = ay == by                     # side by side: the border runs down
        if vertical:
            x, y = max(ax, bx) - GAP / 2, ay + TILE / 2
        else:
            x, y = ax + TILE / 2, max(ay, by) - GAP / 2
        out.append(f'<g class="edge {kind}" data-edge="{a}|{b}">'
                   f'{edge_art(kind, x, y, TILE - 8, vertical)}</g>')
    return out


def _kind(loc: dict) -> str:
    return "town" if loc["kind"] == "town" else "special" if loc["special"] else "wild"


def _place(view: dict, lid: str, keys: list[str], focus: bool, lang: str) -> str:
    """One place: its tile (carrying the keys), name, tokens and heroes."""
    c = view_content(view)
    loc = c.locations[lid]
    x, y = _origin(c, lid)
    kind = _kind(loc)
    fill, stroke = TILE_STYLE[kind]
    name = loc_name(lid, lang, c)
    bold = kind == "town"
    pick = f' data-pick="{escape("|".join(keys))}"' if keys else ""
    focused = ' data-focus="1"' if focus else ""
    tip = [name, word(lang, "place_kind", kind)]
    tip += [token_name(t, lang) for t, where in view["tokens"].items() if where == lid]
    out = [f'<g class="place {kind}" data-location="{lid}"{pick}{focused} data-ref="place:{lid}">',
           f"<title>{escape(' · '.join(tip))}</title>",
           f'<rect x="{x:.0f}" y="{y:.0f}" width="{TILE}" height="{TILE}" rx="8" fill="{fill}" '
           f'stroke="{stroke}" stroke-width="{3 if kind != "wild" else 1.5}"/>']
    if keys:
        out.append(f'<rect class="reach" x="{x + 4:.0f}" y="{y + 4:.0f}" width="{TILE - 8}" '
                   f'height="{TILE - 8}" rx="6" fill="none" stroke="#d4ac0d" stroke-width="4" '
                   f'stroke-dasharray="7,4"/>')
    short = name[4:] if name.startswith("The ") else name
    for i, line in enumerate(fit_lines(short, TILE - 6, NAME_SIZE, bold)):
        out.append(_text(x + TILE / 2, y + 17 + 15 * i, line, NAME_SIZE, bold=bold,
                         fill="#922b21" if bold else "#1c2833", extra=' class="name"'))
    here = [t for t, where in view["tokens"].items() if where == lid]
    for i, tok in enumerate(here):
        dx = (i - (len(here) - 1) / 2) * min(25, (TILE - 24) / max(1, len(here) - 1))
        out.append(_disc(x + TILE / 2 + dx, y + 51, TOKEN_COLOURS[tok],
                         word(lang, "token_mark", tok), token_name(tok, lang), cls="token",
                         data=f' data-token="{tok}" data-ref="token:{tok}"'))
    heroes = [h for h in view["heroes"] if h["loc"] == lid and not h["elim"]]
    for i, hero in enumerate(heroes):
        dx = (i - (len(heroes) - 1) / 2) * min(25, (TILE - 24) / max(1, len(heroes) - 1))
        own = hero["seat"] == view.get("seat")
        title = hero_name(view, hero["seat"], lang) + (say(lang, "svg.you") if own else "")
        out.append(_disc(x + TILE / 2 + dx, y + 75, HERO_COLOURS[hero["seat"] % 6],
                         str(hero["seat"] + 1), title, "#f1c40f" if own else "#fff",
                         dashed=bool(hero["skip"]), cls="hero",
                         data=f' data-seat="{hero["seat"]}" data-ref="hero:{hero["seat"]}"'))
    out.append("</g>")
    return "\n".join(out)


def _goal_star(view: dict, lang: str) -> str:
    """A star on the viewer's current quest step, where it is met now."""
    seat = view.get("seat")
    where = goal_place(view, seat) if seat is not None else None
    if where is None:
        return ""
    number, step = goal(view, seat)
    x, y = _origin(view_content(view), where)
    cx, cy = x + TILE - 4, y + 4
    points = []
    for i in range(10):
        r = 9 if i % 2 == 0 else 4
        angle = math.pi * (i / 5 - 0.5)
        points.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
    title = say(lang, "svg.final" if step.get("final") else "svg.goal", n=number)
    return (f'<g class="goal"><title>{escape(title)}</title><polygon points="{" ".join(points)}" '
            f'fill="#f4d03f" stroke="#7d6608" stroke-width="1.5"/></g>')


def _keyed_line(lang: str, path: str, fields: dict, x: float, y: float, size: int,
                bold: bool = False) -> list[str]:
    """A header phrase cut at its `` · `` into texts laid end to end, each carrying the log
    keys (``FIELD_REFS``) of the placeholders it shows, so that the round, the time of day or
    a deck lights alone."""
    pieces = say(lang, path).split(SEP)
    out = []
    for i, piece in enumerate(pieces):
        names = [name for _lit, name, _spec, _conv in Formatter().parse(piece) if name]
        keys = " ".join(FIELD_REFS[name] for name in names if name in FIELD_REFS)
        body = piece.format(**fields)
        ref = f' data-ref="{keys}"' if keys else ""
        # the separator ends the piece before it, so only the gap after it is estimated
        shown = body + SEP.rstrip() if i < len(pieces) - 1 else body
        out.append(_text(x, y, shown, size, "start", bold=bold, extra=ref))
        x += text_width(body + SEP, size, bold)
    return out


def _header(view: dict, lang: str) -> list[str]:
    time = word(lang, "time_full", view["time"] or "none")
    sizes = view["deck_sizes"]
    status = {"mode": word(lang, "mode", view["mode"]), "wilderness": sizes["wilderness"],
              "town": sizes["town"], "beaten": view["by_beaten"]}
    return (_keyed_line(lang, "svg.title", {"round": view["round"], "time": time}, PAD + 4, 22,
                        17, bold=True)
            + _keyed_line(lang, "svg.status", status, PAD + 4, 44, 14))


def _flow(entries: list[tuple[float, str]], x0: float, y0: float,
          room: float) -> tuple[list[str], float]:
    """Entries (width, drawing at 0,0) flowed into rows ``room`` units wide from (x0, y0);
    returns the elements and the height used."""
    out = []
    x, y = x0, y0 + 14
    for width, art in entries:
        if x > x0 and x + width > x0 + room:
            x, y = x0, y + 26
        out.append(f'<g transform="translate({x:.0f},{y:.0f})">{art}</g>')
        x += width
    return out, y - y0 + 18


def _legend_items(lang: str) -> list[tuple[float, str, str]]:
    """The key's entries: (swatch width, swatch drawn at 0,0, label)."""
    items = []
    for kind in EDGE_KINDS:
        art = (f'<rect x="0" y="-9" width="14" height="18" rx="3" fill="#dcebd0"/>'
               f'<rect x="{14 + GAP}" y="-9" width="14" height="18" rx="3" fill="#dcebd0"/>'
               + edge_art(kind, 14 + GAP / 2, 0, 18, True))
        items.append((28 + GAP, f'<g class="legend-edge {kind}">{art}</g>',
                      word(lang, "edge", kind)))
    for kind, (fill, stroke) in TILE_STYLE.items():
        items.append((24, f'<rect x="0" y="-8" width="24" height="16" rx="3" fill="{fill}" '
                          f'stroke="{stroke}" stroke-width="2"/>', word(lang, "place_kind", kind)))
    for tok, colour in TOKEN_COLOURS.items():
        # a token off the board still has this swatch to light
        disc = _disc(12, 0, colour, word(lang, "token_mark", tok), token_name(tok, lang),
                     data=f' data-ref="token:{tok}"')
        items.append((24, disc, token_name(tok, lang)))
    star = " ".join(f"{10 + (9 if i % 2 == 0 else 4) * math.cos(math.pi * (i / 5 - 0.5)):.1f},"
                    f"{(9 if i % 2 == 0 else 4) * math.sin(math.pi * (i / 5 - 0.5)):.1f}"
                    for i in range(10))
    items.append((20, f'<polygon points="{star}" fill="#f4d03f" stroke="#7d6608"/>',
                   say(lang, "svg.goal_key")))
    return items


def svg_legend(lang: str, x0: float, y0: float, room: float) -> tuple[list[str], float]:
    """The key of the map (ways, barriers, places, tokens, the quest star), flowed into rows
    ``room`` units wide; returns the elements and the height used."""
    entries = [(swatch + 6 + text_width(label, 14) + 18,
                art + _text(swatch + 6, 5, label, 14, "start"))
               for swatch, art, label in _legend_items(lang)]
    out, used = _flow(entries, x0, y0, room)
    return ['<g class="legend">', *out, "</g>"], used


def _roster_entry(view: dict, hero: dict, lang: str) -> tuple[float, str]:
    """One hero of the roster: its disc and name (log key ``hero:N``) and its quest progress
    (``quest:N``); faded once out of the game."""
    seat = hero["seat"]
    own = seat == view.get("seat")
    name = hero_name(view, seat, lang) if hero["char"] else say(lang, "score.none")
    name += say(lang, "svg.you") if own else ""
    progress = quest_cell(view, seat, lang)
    disc = _disc(12, 0, HERO_COLOURS[seat % 6], str(seat + 1), name,
                 "#f1c40f" if own else "#fff", dashed=bool(hero["skip"]))
    faded = ' opacity="0.45"' if hero["elim"] else ""
    at = 30 + text_width(name, 14) + 10
    art = (f'<g class="roster-hero" data-ref="hero:{seat}"{faded}>{disc}'
           + _text(30, 5, name, 14, "start") + "</g>"
           + _text(at, 5, progress, 14, "start", fill="#566573",
                   extra=f' data-ref="quest:{seat}"'))
    return at + text_width(progress, 14) + 24, art


def svg_roster(view: dict, lang: str, x0: float, y0: float,
               room: float) -> tuple[list[str], float]:
    """Every hero of the table, on the board or not: number, name and quest progress, flowed
    into rows ``room`` units wide (the whole row lights for ``heroes``); returns the elements
    and the height used."""
    entries = [_roster_entry(view, hero, lang) for hero in view["heroes"]]
    out, used = _flow(entries, x0, y0, room)
    return [f'<g class="roster" data-ref="heroes"><title>{escape(say(lang, "svg.heroes"))}'
            "</title>", *out, "</g>"], used


def render_svg(view: dict, lang: str = "en") -> str:
    """The board as ``view``'s seat sees it; the places it may choose carry ``data-pick``, and
    what a log line may refer to carries ``data-ref`` (see :func:`log_refs`)."""
    c = view_content(view)
    cols = max(loc["grid"][0] for loc in c.locations.values()) + 1
    rows = max(loc["grid"][1] for loc in c.locations.values()) + 1
    width = PAD * 2 + cols * CELL
    picks = _board_picks(view)
    seat = view.get("seat")
    own = view["heroes"][seat]["loc"] if seat is not None else None
    focus = set(picks) or ({own} if own else set())
    parts = _header(view, lang) + _edges(c)
    parts += [_place(view, lid, picks.get(lid, []), lid in focus, lang) for lid in c.order]
    parts.append(_goal_star(view, lang))
    top = HEAD + rows * CELL + 4
    roster, roster_used = svg_roster(view, lang, PAD + 4, top, width - 2 * PAD - 8)
    legend, used = svg_legend(lang, PAD + 4, top + roster_used, width - 2 * PAD - 8)
    height = int(top + roster_used + used + PAD)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONT}" data-zoom="on" '
            f'data-unit="{CELL}" data-min-unit="{MIN_UNIT}" style="background:#f4ecd8">'
            f'<rect width="{width}" height="{height}" fill="#f4ecd8"/>')
    return "\n".join([head, *parts, *roster, *legend, "</svg>"])


# -------------------------------------------------------------------------------- log keys ---
PILES = ("wilderness", "town")
CARD_EVENTS = ("encounter", "won", "lost", "declined", "unmet")


def _card_refs(cid: object, c: Content) -> list[str]:
    """What an element card is about on the board: its token (the Hut, the Horseman, Baba
    Yaga, a lair's beasts), and for Baba Yaga's cards the count of those beaten."""
    card = c.cards.get(str(cid))
    if card is None:
        return []
    if card["deck"] in ("hut", "horseman"):
        return [f"token:{card['deck']}"]
    if card["deck"] == "baba_yaga":
        return ["token:baba_yaga", "deck:baba_yaga"]
    lair = (card.get("lair") or {}).get("token")
    return [f"token:{lair}"] if lair in TOKEN_COLOURS else []


def _seat_key(value: object) -> list[str]:
    return [f"hero:{value}"] if isinstance(value, int) and not isinstance(value, bool) else []


def log_refs(event: dict, options: dict | None = None) -> list[str]:
    """The ``data-ref`` keys of what a log event is about, from the event alone: ``hero:N``
    (every hero it names; the roster always draws them, the board too while on it),
    ``quest:N`` (a hero's quest progress), ``place:ID`` (a place it names), ``token:ID`` (a
    token, its card's token; the key always draws them), ``deck:wilderness``,
    ``deck:town``, ``deck:baba_yaga`` (the header's deck sizes and Baba Yaga's beaten
    count), ``round``, ``time`` and ``heroes`` (the whole roster). Cards are never named:
    a key must be drawn for every seat right after the event, and a card may be gone by
    then; nothing hidden reaches a key (a seat's peeked cards give only the deck). The
    game's ``options`` name its content pack (its board and cards; none: the built-in pack)."""
    c = options_content(options)
    kind = event.get("e")
    keys = _seat_key(event.get("seat"))
    for field in ("target", "from", "to"):
        keys += _seat_key(event.get(field))
    if isinstance(event.get("to"), str):
        keys.append(f"place:{event['to']}")
    if event.get("token") in TOKEN_COLOURS:
        keys.append(f"token:{event['token']}")
    if event.get("deck") in PILES:
        keys.append(f"deck:{event['deck']}")
    if kind in CARD_EVENTS:
        keys += _card_refs(event.get("card"), c)
    if kind in ("step", "quest_done"):
        keys += [key.replace("hero:", "quest:") for key in _seat_key(event.get("seat"))]
    where = {"special": event.get("kind"), "rescued": "koshcheys_home",
             "rescue_failed": "koshcheys_home"}.get(str(kind))
    place = special_place(where, c) if where else None
    if place is not None:
        keys.append(f"place:{place}")
    if kind == "setup":
        for seat in range(len(event.get("characters") or [])):
            keys += [f"hero:{seat}", f"quest:{seat}"]
    elif kind == "removed":
        keys += [f"deck:{deck}" for deck in event.get("count") or {} if deck in PILES]
    elif kind == "turn":
        keys.append("round")
    elif kind == "time":
        keys.append("time")
    elif kind == "global":
        keys.append("heroes")
    elif kind == "end":
        for seat in event.get("winners") or []:
            keys += _seat_key(seat)
    return list(dict.fromkeys(keys))


# ---------------------------------------------------------------------------------- panels ---
def panels(view: dict, lang: str = "en") -> list[dict]:
    """The web page's side panels: the panels in words with the card's and the quest's
    pictures."""
    return panels_in_words(view, lang, card_picture, quest_track)


# ------------------------------------------------------------------------ panel pictures ---
def _panel_svg(width: int, height: int, body: list[str], title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONT}" role="img">'
            f"<title>{escape(title)}</title>" + "".join(body) + "</svg>")


def quest_track(view: dict, seat: int, lang: str = "en") -> str | None:
    """The hero's quest as a row of numbered steps: done, current, to come; the last (final)
    one ringed; the whole row lights for the log key ``quest:N``."""
    c = view_content(view)
    hero = view["heroes"][seat]
    quest = c.quests.get(hero["quest"])
    if quest is None:
        return None
    steps = quest["steps"]
    gap = 250 / max(1, len(steps) - 1)
    body = [f'<line x1="25" y1="26" x2="{25 + gap * (len(steps) - 1):.0f}" y2="26" '
            f'stroke="#aab7b8" stroke-width="3"/>']
    for i, line in enumerate(step_lines(view, seat, lang)):
        x = 25 + gap * i
        done = hero["done"] or i < hero["step"]
        now = i == hero["step"] and not hero["done"] and not hero["elim"]
        fill, ink = ("#27ae60", "#fff") if done else ("#f4d03f", "#1c2833") if now else \
            ("#fff", "#566573")
        ring = (f'<circle cx="{x:.0f}" cy="26" r="20" fill="none" stroke="#922b21" '
                f'stroke-width="2"/>' if c.cards[steps[i]].get("final") else "")
        body.append(f'<g class="step{" done" if done else " now" if now else ""}">'
                    f"<title>{escape(line)}</title>{ring}"
                    f'<circle cx="{x:.0f}" cy="26" r="15" fill="{fill}" stroke="#566573" '
                    f'stroke-width="2"/>' + _text(x, 32, str(i + 1), 16, fill=ink, bold=True)
                    + "</g>")
    return _panel_svg(300, 52, [f'<g data-ref="quest:{seat}">', *body, "</g>"],
                      quest_name(quest["id"], lang, c))


def card_picture(view: dict, lang: str = "en") -> str | None:
    """The card being resolved: its challenges as chips (clickable when the hero chooses
    which to face) and the viewer's latest dice against their Diff."""
    frame = view["encounter"]
    c = view_content(view)
    card = c.cards[frame["card"]]
    if not card["challenges"]:
        return None
    legal = view.get("legal") or []
    rolling = (frame.get("challenge") or {}).get("ability")
    body, x, y = [], 4.0, 6.0
    joint = (say(lang, "word.or") if card["mode"] == "choice" else "→").strip()
    for i, ch in enumerate(card["challenges"]):
        label = challenge_text(ch, lang)
        width = text_width(label, 15) + 20
        if x > 4 and x + width > 296:
            x, y = 4.0, y + 36
        choose = f"choose {ch['ability']}"
        pick = f' data-pick="choose:{ch["ability"]}"' if choose in legal else ""
        fill = "#f4d03f" if ch["ability"] == rolling else "#fdfefe"
        body.append(f'<g class="challenge"{pick}><rect x="{x:.0f}" y="{y:.0f}" '
                    f'width="{width:.0f}" height="28" rx="6" fill="{fill}" stroke="#7d6608" '
                    f'stroke-width="1.5"/>' + _text(x + width / 2, y + 19, label, 15) + "</g>")
        x += width + 6
        if i < len(card["challenges"]) - 1:
            body.append(_text(x, y + 19, joint, 15, "start", fill="#566573"))
            x += text_width(joint, 15) + 8
    height = y + 36
    last = last_roll(view)
    if last is not None:
        for i, die in enumerate(last["dice"][:7]):
            colour = "#27ae60" if die >= last["diff"] else "#fdfefe"
            ink = "#fff" if die >= last["diff"] else "#1c2833"
            body.append(f'<rect class="die" x="{4 + i * 38}" y="{height:.0f}" width="32" '
                        f'height="32" rx="5" fill="{colour}" stroke="#1c2833" stroke-width="1.5"/>'
                        + _text(20 + i * 38, height + 23, str(die), 17, fill=ink, bold=True))
        diff = say(lang, "svg.diff", diff=last["diff"])
        body.append(_text(4 + min(7, len(last["dice"])) * 38, height + 22, diff, 15, "start"))
        height += 40
    return _panel_svg(300, int(height), body, titles(card["id"], lang, c)[0])
