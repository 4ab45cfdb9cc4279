"""The drawing pieces of the Love Letter pictures: sizes and colours, text measuring and
wrapping, and the cards (a large face, a back, a small chip written 'value Name')."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import NamedTuple
from xml.sax.saxutils import escape as _escape
from xml.sax.saxutils import quoteattr

from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.text import card, card_value, effect

WIDTH = 600
NARROW = 372
"""The picture's width: up to 4 players one column of seats in a narrow picture that a 390 px
phone shows at its own size (its words 12 px, the board box's inner width); 5-8 players two
columns in a wider one."""
GUESS_W = 68
"""The least width of a guess face (a 40 px target on a phone)."""
MARGIN = 12
GAP = 10
ROW_GAP = 6
"""Between the short seat rows of the narrow arrangement at 5-8 players."""
CHAR = 0.6
BOLD = 0.66
"""Width of an average lower-case letter, as a share of the font size (safe estimates:
DejaVu Sans, the widest usual sans-serif, draws Cyrillic words at about 0.58 and 0.63);
capitals and digits count 1.25 times that, spaces and stops half."""
SMALL_FONT = 12
"""No text is smaller: at 1280x900 the picture is drawn at about its own size."""
LARGE = (116, 164)
BACK = (16, 22)
PILE = (44, 62)
CHIP_H = 20
LINE = CHIP_H + 4
"""The height of a line of chips (and of the things beside them in a row)."""
BUTTON = (150, 44)
PHONE_SCALE = 0.55
"""The least scale the client may fit the picture at: on a 360-390 px phone the whole table
fits its width (players, hand and guesses at once, every card still a 40 px target) rather
than a part of it that must be panned to. (A phone's client also keeps words at 12 px or
more, so the narrow picture opens at its own size there.)"""

VALUE_FILLS = ("#d8d2e6", "#dce8f7", "#dff0e2", "#f3ecd2", "#e9f3d6", "#f6e0cf", "#f2d7de",
               "#ead5f0", "#fbe3a1", "#f7d36b")
"""Card face colour by printed value (0-9)."""
BACK_FILL = "#7a1f3d"
INK = "#222"
DIM = "#666"
ACCENT = "#7a1f3d"
BADGES = {"out": "#b3261e", "protected": "#1f7a8c", "sycophant": "#8e44ad", "jester": "#b7791f"}


# Pictures are drawn for every frame of every table, and their words, widths and wrapped
# lines repeat from frame to frame: these small pure helpers remember their answers.
escape = lru_cache(maxsize=8192)(_escape)


@lru_cache(maxsize=8192)
def _attr(name: str, value) -> str:
    return f" {name}={quoteattr(str(value))}"


def _text(x: float, y: float, content: str, size: int = SMALL_FONT, anchor: str = "start",
          weight: str = "normal", fill: str = INK) -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(content)}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none",
          width: float = 1, rx: int = 5, extra: str = "") -> str:
    return (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"{extra}/>')


@lru_cache(maxsize=8192)
def text_width(content: str, size: int, bold: bool = False) -> float:
    """An estimate of the drawn width of ``content`` at ``size``."""
    units = sum(1.25 if c.isupper() or c.isdigit() else 0.5 if c in " .,:;·'()-" else 1
                for c in content)
    return units * size * (BOLD if bold else CHAR)


@lru_cache(maxsize=4096)
def wrap(words: str, width: float, size: int, bold: bool = False) -> tuple[str, ...]:
    """Greedy word wrap into lines at most ``width`` wide at ``size`` (a word too long for a
    line is broken after a hyphen when it has one)."""
    room = max(1, int(width / (size * (BOLD if bold else CHAR))))
    pieces: list[str] = []
    for word in words.split():
        if len(word) > room and "-" in word[:-1]:
            head, _, tail = word.partition("-")
            pieces += [head + "-", tail]
        else:
            pieces.append(word)
    lines: list[str] = []
    line = ""
    for piece in pieces:
        joined = f"{line}{'' if line.endswith('-') else ' '}{piece}" if line else piece
        if line and len(joined) > room:
            lines.append(line)
            line = piece
        else:
            line = joined
    if line:
        lines.append(line)
    return tuple(lines)


def _fit(content: str, width: float, largest: int, bold: bool = True) -> int:
    """The largest font size up to ``largest`` (not under the smallest) fitting ``width``."""
    size = largest
    while size > SMALL_FONT and text_width(content, size, bold) > width:
        size -= 1
    return size


MAPPING_PLAYERS = {"classic": 4, "premium": 8}
"""A player count whose seed mapping covers each deck (the 2019 deck has no mapping)."""


@cache
def playing_cards(deck: str) -> dict[str, str]:
    """The seed's 54-card equivalents of each character of ``deck``, e.g. '2♥♦' for the
    Priest, 'A♠♥♦♣ Q♣' for the classic Guards (rules file: faces may show them)."""
    players = MAPPING_PLAYERS.get(deck)
    if players is None:
        return {}
    rows = C.playing_card_mapping("54", players).rows
    found = {}
    for row in rows:
        ranks: dict[str, str] = {}
        for face in row.cards:
            if face.endswith("joker"):
                ranks[face] = ""
            else:
                ranks[face[:-1]] = ranks.get(face[:-1], "") + face[-1]
        found[row.key] = " ".join(rank + suits for rank, suits in ranks.items())
    return found


def _fill(value: int | None) -> str:
    return VALUE_FILLS[value] if value is not None and 0 <= value < len(VALUE_FILLS) else "#eee"


def _tip(key: str, value: int | None, deck: str, lang: str) -> str:
    tip = f"{card(key, lang)} ({value}): {effect(key, lang)}"
    faces = playing_cards(deck)
    return tip + (f" · {faces[key]}" if key in faces else "")


# -- cards ---------------------------------------------------------------------------------------
def card_face(view: dict, key: str, x: float, y: float, lang: str,
              pick: str | None = None) -> str:
    """One large face-up card of the hand: value, name, effect text and playing cards."""
    return _card_face(key, card_value(view, key), view.get("deck", ""), x, y, lang, pick)


@lru_cache(maxsize=4096)
def _card_face(key: str, value: int | None, deck: str, x: float, y: float, lang: str,
               pick: str | None) -> str:
    w, h = LARGE
    attrs = _attr("class", "card") + _attr("data-card", key)
    if pick:
        attrs += _attr("data-pick", pick)
    name = card(key, lang)
    parts = [f"<g{attrs}>", f"<title>{escape(_tip(key, value, deck, lang))}</title>",
             _rect(x, y, w, h, _fill(value), "#555"),
             _text(x + 8, y + 24, str(value), 22, weight="bold")]
    size = _fit(max(name.split(), key=len), w - 12, 15)
    lines = wrap(name, w - 12, size, bold=True)
    for i, line in enumerate(lines):
        parts.append(_text(x + w / 2, y + 46 + 16 * i, line, size, "middle", "bold"))
    top = y + 50 + 16 * len(lines)
    for i, line in enumerate(wrap(effect(key, lang), w - 14, SMALL_FONT)[:6]):
        parts.append(_text(x + 7, top + 14 * i, line, SMALL_FONT))
    faces = playing_cards(deck)
    if key in faces:
        parts.append(_text(x + w - 6, y + h - 7, faces[key], SMALL_FONT, "end", fill="#555"))
    parts.append("</g>")
    return "".join(parts)


@lru_cache(maxsize=1024)
def card_back(x: float, y: float, size: tuple[int, int]) -> str:
    """One face-down card."""
    w, h = size
    parts = ['<g class="back">', _rect(x, y, w, h, BACK_FILL, "#3b0d1e", rx=3)]
    if w >= PILE[0]:
        parts.append(_rect(x + 4, y + 4, w - 8, h - 8, "none", "#e9c46a", 1.5, rx=2))
        parts.append(_text(x + w / 2, y + h / 2 + 6, "♥", 16, "middle", fill="#e9c46a"))
    parts.append("</g>")
    return "".join(parts)


def chip(view: dict, key: str, x: float, y: float, lang: str, note: str | None = None,
         bad: bool = False, ref: str = "") -> tuple[str, float]:
    """A small face-up card written as 'value Name' (a discard, a face-up or burned card),
    with the cause of a forced discard after it and the log keys it answers to in
    ``data-ref`` (see ``refs.py``); the drawing and its width."""
    return _chip(key, card_value(view, key), view.get("deck", ""), x, y, lang, note, bad, ref)


@lru_cache(maxsize=8192)
def _chip(key: str, value: int | None, deck: str, x: float, y: float, lang: str,
          note: str | None, bad: bool, ref: str) -> tuple[str, float]:
    words = f"{value} {card(key, lang)}"
    shown = words + (f" · {note}" if note else "")
    w = text_width(shown, SMALL_FONT) + 12
    body = escape(words)
    if note:
        body += (f'<tspan fill="{"#b3261e" if bad else DIM}" font-weight="bold">'
                 f"{escape(' · ' + note)}</tspan>")
    return (f'<g class="card"{_attr("data-card", key)}{_attr("data-ref", ref) if ref else ""}>'
            f"<title>{escape(_tip(key, value, deck, lang))}</title>"
            + _rect(x, y, w, CHIP_H, _fill(value), "#b3261e" if bad else "#777",
                    2 if bad else 1, rx=4)
            + f'<text x="{x + 6:.0f}" y="{y + 14:.0f}" font-size="{SMALL_FONT}" '
              f'fill="{INK}">{body}</text></g>'), w


Chip = tuple[str, str | None, bool, str]
"""A chip to lay out: the card, the note after it, whether it is drawn as a knock-out, the
log keys it answers to."""


def _chips(view: dict, entries: list[Chip], x: float, y: float, width: float,
           lang: str) -> tuple[list[str], int]:
    """Chips laid out in lines within ``width``; the drawings and the number of lines."""
    out: list[str] = []
    cx, lines = x, 1
    for key, note, bad, ref in entries:
        drawn, w = chip(view, key, cx, y, lang, note, bad, ref)
        if cx > x and cx + w > x + width:
            cx, y, lines = x, y + CHIP_H + 4, lines + 1
            drawn, w = chip(view, key, cx, y, lang, note, bad, ref)
        out.append(drawn)
        cx += w + 4
    return out, lines


def referred(keys: str, drawing: str) -> str:
    """``drawing`` in a group answering to the log keys ``keys`` (space-separated)."""
    return f"<g{_attr('data-ref', keys)}>{drawing}</g>" if keys else drawing


def badge(word: str, colour: str, tip: str, x: float, y: float, ref: str = "") -> str:
    """A state word in white on ``colour`` (OUT, Handmaid...), ``tip`` on hover; the log keys
    it answers to in ``ref``."""
    return (f'<g class="badge"{_attr("data-ref", ref) if ref else ""}>'
            f"<title>{escape(tip)}</title>"
            + _rect(x, y, badge_width(word), 20, colour, rx=4)
            + _text(x + badge_width(word) / 2, y + 14, word, SMALL_FONT, "middle", "bold",
                    "#fff")
            + "</g>")


def badge_width(word: str) -> float:
    """How wide :func:`badge` draws ``word``."""
    return text_width(word, SMALL_FONT, bold=True) + 10


class Item(NamedTuple):
    """Something laid out in a row: its width, and its drawing with its top left corner at
    (x, top)."""

    width: float
    draw: Callable[[float, float], str]


def chip_item(view: dict, key: str, lang: str, note: str | None = None, bad: bool = False,
              ref: str = "") -> Item:
    """A :func:`chip` to lay out with :func:`flow`."""
    _, w = chip(view, key, 0, 0, lang, note, bad, ref)
    return Item(w, lambda x, top: chip(view, key, x, top, lang, note, bad, ref)[0])


def flow(items: list[Item], x: float, top: float, left: float, right: float,
         first_right: float | None = None) -> tuple[list[str], int]:
    """``items`` side by side from ``x``, 4 apart, a new line (``LINE`` lower, from
    ``left``) where the next one would pass ``right`` (``first_right`` on the first line);
    the drawings, in the order of ``items``, and the number of lines."""
    out: list[str] = []
    cx, lines = x, 1
    limit = right if first_right is None else first_right
    for item in items:
        if cx > left and cx + item.width > limit:
            cx, top, lines, limit = left, top + LINE, lines + 1, right
        out.append(item.draw(cx, top))
        cx += item.width + 4
    return out, lines
