"""What both arrangements of the board draw alike: the font's metrics and the fitting of names,
texts and discs, the borders between places, the header's keyed pieces, the hero row and the
key. Sizes are parameters, so that the narrow arrangement draws the same parts smaller."""

from __future__ import annotations

import math
from functools import cache
from html import escape
from string import Formatter

import yaml

from gonets.games.babayaga.notation import BOARD_VERBS, action_steps
from gonets.games.babayaga.rules.content import view_content
from gonets.games.babayaga.text.words import (
    DATA,
    goal,
    hero_name,
    quest_cell,
    say,
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
VOWELS = set("aeiouyаеёиоуыэюя")


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


def _shorten(word_: str, room: float, size: float, bold: bool, syllable: bool = False) -> str:
    """The longest prefix of a word that fits ``room`` with a full stop; with ``syllable``,
    the longest such prefix cut before a vowel after a consonant (``Кикимор.``), where one of
    three letters or more fits."""
    fitting = [end for end in range(len(word_) - 1, 1, -1)
               if text_width(word_[:end] + ".", size, bold) <= room]
    if syllable:
        for end in fitting:
            if end >= 3 and word_[end].lower() in VOWELS and word_[end - 1].isalpha() \
                    and word_[end - 1].lower() not in VOWELS:
                return word_[:end] + "."
    return word_[:fitting[0]] + "." if fitting else word_[:2] + "."


def fit_lines(name: str, room: float, size: float = NAME_SIZE, bold: bool = False,
              most: int = 2, syllable: bool = False) -> list[str]:
    """A name folded into at most ``most`` lines of at most ``room`` units, shortening the
    widest words (``Snow Maid.``) when it would not fit otherwise; with ``syllable`` a word is
    cut before a vowel (``Кикимор. болото``, see :func:`_shorten`)."""
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
        words[index] = _shorten(widest, limit, size, bold, syllable)


# -------------------------------------------------------------------------------- pieces ---
def text(x: float, y: float, body: str, size: int = 14, anchor: str = "middle",
         fill: str = "#1c2833", bold: bool = False, extra: str = "") -> str:
    """One ``<text>`` at (x, y) in the board's style."""
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}"{weight}{extra}>{escape(body)}</text>')


def disc(x: float, y: float, colour: str, mark: str, title: str, stroke: str = "#fff",
         dashed: bool = False, cls: str = "", data: str = "", r: int = 12,
         size: int = 14) -> str:
    """A token's or a hero's disc of radius ``r`` with its mark, and its name as a tooltip."""
    dash = ' stroke-dasharray="3,2"' if dashed else ""
    return (f'<g class="{cls}"{data}><title>{escape(title)}</title>'
            f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="{colour}" stroke="{stroke}" '
            f'stroke-width="2.5"{dash}/>'
            + text(x, y + round(size * 0.36), mark, size, fill="#fff", bold=True) + "</g>")


def edge_art(kind: str, x: float, y: float, length: float, vertical: bool,
             gap: float = GAP) -> str:
    """One border between two tiles ``gap`` units apart, centred at (x, y): ``length`` long
    along the border (vertical: the tiles sit left and right), its crossing drawn across the
    gap."""
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
        w, h = (gap + 8, 14) if vertical else (14, gap + 8)
        dashed = f' stroke="#5d4037" stroke-width="2" stroke-dasharray="{dash}"' if dash else ""
        return (f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:g}" height="{h:g}" '
                f'rx="2" fill="{colour}"{dashed}/>')

    if kind == "open":
        w, h = (gap + 4, 10) if vertical else (10, gap + 4)
        return (f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:g}" height="{h:g}" '
                f'fill="#c9b68c"/>')
    art = {"river": lambda: line("#2e86c1", 5, wave=2.5),
           "mountain": lambda: line("#873600", 4, wave=4),
           "lake": lambda: line("#85c1e9", 9) + line("#2e86c1", 2, dash="2,4"),
           "bridge": lambda: line("#2e86c1", 5, wave=2.5) + plank("#8e5b2c"),
           "pass": lambda: line("#873600", 4, wave=4) + plank("#95a5a6"),
           "causeway": lambda: line("#85c1e9", 9) + plank("#d7bde2", dash="3,2")}
    return art[kind]()


def star_points(cx: float, cy: float, outer: float = 9, inner: float = 4) -> str:
    """The corners of a five-pointed star centred at (cx, cy), as a ``points`` value."""
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        angle = math.pi * (i / 5 - 0.5)
        points.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
    return " ".join(points)


# ------------------------------------------------------------------------ what is shown ---
def goal_place(view: dict, seat: int) -> str | None:
    """Where a hero's current quest step is met now: its place or its token's space."""
    step = goal(view, seat)
    trig = step[1]["trigger"] if step else {}
    if "at" in trig:
        return trig["at"]
    return view["tokens"].get(trig["token"]) if "token" in trig else None


def board_picks(view: dict) -> dict[str, list[str]]:
    """The click keys of the legal place actions, by place."""
    places = view_content(view).locations
    picks: dict[str, list[str]] = {}
    for notation in view.get("legal") or []:
        verb, _, arg = notation.partition(" ")
        if verb in BOARD_VERBS and arg in places:
            picks.setdefault(arg, []).append(action_steps(view, notation)[0])
    return picks


def focus_places(view: dict, picks: dict[str, list[str]]) -> set[str]:
    """The places carrying ``data-focus``: those that may be clicked, else the viewer's own."""
    seat = view.get("seat")
    own = view["heroes"][seat]["loc"] if seat is not None else None
    return set(picks) or ({own} if own else set())


def place_kind(loc: dict) -> str:
    """How a place is drawn: ``town``, ``special`` or ``wild``."""
    return "town" if loc["kind"] == "town" else "special" if loc["special"] else "wild"


def short_name(name: str) -> str:
    """A place's name without a leading "The " (the tile's room is small)."""
    return name[4:] if name.startswith("The ") else name


def spread(count: int, index: int, room: float, step: float) -> float:
    """The offset from the middle of the ``index``-th of ``count`` discs in a row: ``step``
    apart, closer where ``room`` (between the outer discs' centres) is too small."""
    return (index - (count - 1) / 2) * min(step, room / max(1, count - 1))


def keyed_pieces(lang: str, path: str, fields: dict, size: int,
                 bold: bool = False) -> list[tuple[str, str, float]]:
    """A header phrase cut at its `` · ``: each piece's text (the separator ends the piece
    before it), its ``data-ref`` attribute (the log keys, ``FIELD_REFS``, of the placeholders
    it shows, so that the round, the time of day or a deck lights alone) and the advance to
    the next piece."""
    pieces = say(lang, path).split(SEP)
    out = []
    for i, piece in enumerate(pieces):
        names = [name for _lit, name, _spec, _conv in Formatter().parse(piece) if name]
        keys = " ".join(FIELD_REFS[name] for name in names if name in FIELD_REFS)
        body = piece.format(**fields)
        ref = f' data-ref="{keys}"' if keys else ""
        shown = body + SEP.rstrip() if i < len(pieces) - 1 else body
        out.append((shown, ref, text_width(body + SEP, size, bold)))
    return out


def header_fields(view: dict, lang: str) -> tuple[dict, dict]:
    """The placeholders of the header's title and status lines."""
    time = word(lang, "time_full", view["time"] or "none")
    sizes = view["deck_sizes"]
    status = {"mode": word(lang, "mode", view["mode"]), "wilderness": sizes["wilderness"],
              "town": sizes["town"], "beaten": view["by_beaten"]}
    return {"round": view["round"], "time": time}, status


def flow(entries: list[tuple[float, str]], x0: float, y0: float, room: float,
         row: float = 26, first: float = 14) -> tuple[list[str], float]:
    """Entries (width, drawing at 0,0) flowed into rows ``room`` units wide and ``row`` apart
    from (x0, y0), the first row's middle ``first`` below it; returns the elements and the
    height used."""
    out = []
    x, y = x0, y0 + first
    for width, art in entries:
        if x > x0 and x + width > x0 + room:
            x, y = x0, y + row
        out.append(f'<g transform="translate({x:.0f},{y:.0f})">{art}</g>')
        x += width
    return out, y - y0 + first + 4


def _legend_items(lang: str, size: int) -> list[tuple[float, str, str]]:
    """The key's entries: (swatch width, swatch drawn at 0,0, label)."""
    items = []
    small = size < 14
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
        mark = disc(12, 0, colour, word(lang, "token_mark", tok), token_name(tok, lang),
                    data=f' data-ref="token:{tok}"', r=10 if small else 12, size=size)
        items.append((24, mark, token_name(tok, lang)))
    star = star_points(10, 0)
    items.append((20, f'<polygon points="{star}" fill="#f4d03f" stroke="#7d6608"/>',
                   say(lang, "svg.goal_key")))
    return items


def svg_legend(lang: str, x0: float, y0: float, room: float, size: int = 14,
               row: float = 26) -> tuple[list[str], float]:
    """The key of the map (ways, barriers, places, tokens, the quest star), its words ``size``
    units, flowed into rows ``room`` units wide; returns the elements and the height used."""
    gap = 18 if size >= 14 else 12
    entries = [(swatch + 6 + text_width(label, size) + gap,
                art + text(swatch + 6, round(size * 0.36), label, size, "start"))
               for swatch, art, label in _legend_items(lang, size)]
    out, used = flow(entries, x0, y0, room, row)
    return ['<g class="legend">', *out, "</g>"], used


def _roster_entry(view: dict, hero: dict, lang: str, size: int) -> tuple[float, str]:
    """One hero of the roster: its disc and name (log key ``hero:N``) and its quest progress
    (``quest:N``); faded once out of the game."""
    seat = hero["seat"]
    own = seat == view.get("seat")
    name = hero_name(view, seat, lang) if hero["char"] else say(lang, "score.none")
    name += say(lang, "svg.you") if own else ""
    progress = quest_cell(view, seat, lang)
    small = size < 14
    mark = disc(12, 0, HERO_COLOURS[seat % 6], str(seat + 1), name,
                "#f1c40f" if own else "#fff", dashed=bool(hero["skip"]),
                r=10 if small else 12, size=size)
    faded = ' opacity="0.45"' if hero["elim"] else ""
    base = round(size * 0.36)
    at = 30 + text_width(name, size) + (8 if small else 10)
    art = (f'<g class="roster-hero" data-ref="hero:{seat}"{faded}>{mark}'
           + text(30, base, name, size, "start") + "</g>"
           + text(at, base, progress, size, "start", fill="#566573",
                  extra=f' data-ref="quest:{seat}"'))
    return at + text_width(progress, size) + (16 if small else 24), art


def svg_roster(view: dict, lang: str, x0: float, y0: float, room: float, size: int = 14,
               row: float = 26) -> tuple[list[str], float]:
    """Every hero of the table, on the board or not: number, name and quest progress (words
    ``size`` units), flowed into rows ``room`` units wide (the whole row lights for
    ``heroes``); returns the elements and the height used."""
    entries = [_roster_entry(view, hero, lang, size) for hero in view["heroes"]]
    out, used = flow(entries, x0, y0, room, row)
    return [f'<g class="roster" data-ref="heroes"><title>{escape(say(lang, "svg.heroes"))}'
            "</title>", *out, "</g>"], used
