"""A standalone SVG picture of a Love Letter table, drawn from a view alone (see README.md).

Top: the round and whose move it is, the draw pile with its count, the face-down set-aside
card, the cards removed face up and the burned ones. One row per seat: name, tokens, state and
marks (out, Handmaid, Sycophant, Jester), the hand (face up for the viewer, one back per card
for everybody else) and the discard pile in order, each forced discard labelled with its cause.
Bottom: the viewer's hand in large (with the seed's playing-card equivalents), and buttons.

Clickable elements carry ``data-action``: a hand card carries every legal notation that plays
it (or, for the Chancellor, keeps it) joined by ``|``; ``redraw`` and ``keep`` are buttons; a
legal action no card carries (none is expected) gets a button of its own, so every legal action
is reachable.
"""

from __future__ import annotations

from functools import cache
from xml.sax.saxutils import escape, quoteattr

from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.text import card, card_value, effect

WIDTH = 1000
MARGIN = 16
HEADER_H = 36
CENTRE_H = 132
ROW_H = 104
PANEL_W = 190
HAND_W = 170
SMALL = (48, 66)
MEDIUM = (50, 70)
LARGE = (120, 168)
BUTTON = (150, 40)

VALUE_FILLS = ("#d8d2e6", "#dce8f7", "#dff0e2", "#f3ecd2", "#e9f3d6", "#f6e0cf", "#f2d7de",
               "#ead5f0", "#fbe3a1", "#f7d36b")
"""Card face colour by printed value (0-9)."""
BACK_FILL = "#7a1f3d"
CAUSE_WORDS = {"prince": "Prince", "bishop": "Bishop", "assassin": "Assassin",
               "knockout": "out"}


def _attr(name: str, value) -> str:
    return f" {name}={quoteattr(str(value))}"


def _text(x: float, y: float, content: str, size: int = 12, anchor: str = "start",
          weight: str = "normal", fill: str = "#222") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(content)}</text>')


def _wrap(words: str, width: int) -> list[str]:
    """Greedy word wrap to lines of at most ``width`` characters."""
    lines: list[str] = []
    line = ""
    for word in words.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


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
    labels = {}
    for row in rows:
        ranks: dict[str, str] = {}
        for face in row.cards:
            if face.endswith("joker"):
                ranks[face] = ""
            else:
                ranks[face[:-1]] = ranks.get(face[:-1], "") + face[-1]
        labels[row.key] = " ".join(rank + suits for rank, suits in ranks.items())
    return labels


def _fill(view: dict, key: str) -> str:
    value = card_value(view, key)
    return VALUE_FILLS[value] if value is not None and 0 <= value < len(VALUE_FILLS) else "#eee"


def card_face(view: dict, key: str, x: float, y: float, size: tuple[int, int],
              note: str | None = None, action: str | None = None, details: bool = False) -> str:
    """One face-up card: value, name, optional cause note; clickable when ``action`` is set."""
    w, h = size
    value = card_value(view, key)
    name = card(key, "en")
    faces = playing_cards(view.get("deck", ""))
    tip = f"{name} ({value}): {effect(key)}" + (f" [{note}]" if note else "")
    if key in faces:
        tip += f" · playing cards: {faces[key]}"
    attrs = _attr("class", "card") + _attr("data-card", key)
    if action:
        attrs += _attr("data-action", action) + _attr("cursor", "pointer")
    frame = (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w}" height="{h}" rx="5" '
             f'fill="{_fill(view, key)}" stroke="{"#7a1f3d" if action else "#555"}" '
             f'stroke-width="{3 if action else 1}"/>')
    parts = [f"<g{attrs}>", f"<title>{escape(tip)}</title>", frame]
    big = w >= LARGE[0]
    parts.append(_text(x + 6, y + (22 if big else 15), str(value), 20 if big else 13,
                       weight="bold"))
    longest = max(len(word) for word in name.split())
    label_size = 15 if big else min(10, int(w * 1.65 / longest))
    if big or " " not in name:
        parts.append(_text(x + w / 2, y + (48 if big else h / 2 + 4), name, label_size,
                           "middle", "bold"))
    else:
        first, _, rest = name.partition(" ")
        parts.append(_text(x + w / 2, y + h / 2, first, label_size, "middle", "bold"))
        parts.append(_text(x + w / 2, y + h / 2 + 10, rest, label_size, "middle", "bold"))
    if details:
        for i, line in enumerate(_wrap(effect(key), 17)):
            parts.append(_text(x + 8, y + 72 + 14 * i, line, 11))
        if key in faces:
            parts.append(_text(x + w - 6, y + h - 8, faces[key], 10, "end", fill="#555"))
    if note:
        parts.append(f'<rect x="{x + 2:.0f}" y="{y + h - 15:.0f}" width="{w - 4}" height="13" '
                     f'rx="3" fill="{"#b3261e" if note == "out" else "#555"}"/>')
        parts.append(_text(x + w / 2, y + h - 5, note, 9, "middle", "bold", "#fff"))
    parts.append("</g>")
    return "".join(parts)


def card_back(x: float, y: float, size: tuple[int, int], label: str | None = None) -> str:
    """One face-down card."""
    w, h = size
    outer = (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w}" height="{h}" rx="5" '
             f'fill="{BACK_FILL}" stroke="#3b0d1e"/>')
    inner = (f'<rect x="{x + 5:.0f}" y="{y + 5:.0f}" width="{w - 10}" height="{h - 10}" rx="3" '
             f'fill="none" stroke="#e9c46a" stroke-width="1.5"/>')
    parts = ['<g class="back">', outer, inner,
             _text(x + w / 2, y + h / 2 + 5, "♥", 16, "middle", fill="#e9c46a")]
    if label:
        parts.append(_text(x + w / 2, y + h + 13, label, 11, "middle"))
    parts.append("</g>")
    return "".join(parts)


def _button(x: float, y: float, label: str, action: str) -> str:
    w, h = BUTTON
    return (f'<g class="button"{_attr("data-action", action)}{_attr("cursor", "pointer")}>'
            f'<rect x="{x:.0f}" y="{y:.0f}" width="{w}" height="{h}" rx="8" fill="#7a1f3d"/>'
            + _text(x + w / 2, y + h / 2 + 5, label, 14, "middle", "bold", "#fff") + "</g>")


# -- actions -------------------------------------------------------------------------------------
def split_actions(view: dict) -> tuple[dict[str, list[str]], list[str]]:
    """Legal notations by the hand card (key) that carries them, and the button actions."""
    by_card: dict[str, list[str]] = {}
    buttons: list[str] = []
    hand = view.get("hand") or []
    for text in view.get("legal") or []:
        words = text.split()
        if words[0] == "chancellor" and len(words) > 2 and words[1] == "keep":
            key = words[2]
        else:
            key = words[0]
        if key in hand:
            by_card.setdefault(key, []).append(text)
        else:
            buttons.append(text)
    return by_card, buttons


BUTTON_LABELS = {"redraw": "Redraw", "keep": "Keep"}


# -- parts of the picture ------------------------------------------------------------------------
def _header(view: dict) -> list[str]:
    parts = ["Love Letter"]
    if view.get("preset"):
        parts.append(view["preset"])
    parts.append(f"round {view['round']}" if view.get("round") else "before the first round")
    if view.get("terminal"):
        winners = ", ".join(f"p{w + 1}" for w in (view.get("result") or {}).get("winners", []))
        parts.append(f"game over · winners: {winners or 'nobody'}")
    elif view.get("to_move") is not None:
        parts.append(f"p{view['to_move'] + 1} to move")
    parts.append(f"{view['target']} tokens win")
    if view.get("seat") is not None:
        parts.append(f"you are p{view['seat'] + 1}")
    else:
        parts.append("spectator")
    return [_text(MARGIN, 24, " · ".join(parts), 17, weight="bold", fill="#3b0d1e")]


def _centre(view: dict, top: float) -> list[str]:
    out: list[str] = []
    x = MARGIN
    w, h = MEDIUM
    count = view.get("deck_size", 0)
    out.append('<g class="deck">')
    for i in range(min(3, count)):
        out.append(card_back(x + 2 * i, top + 4 - 2 * i, MEDIUM))
    if not count:
        out.append(f'<rect x="{x}" y="{top + 4}" width="{w}" height="{h}" rx="5" fill="none" '
                   f'stroke="#999" stroke-dasharray="4 3"/>')
    out.append(_text(x + w / 2, top + h + 22, f"deck: {count}", 12, "middle", "bold"))
    out.append("</g>")
    x += w + 40
    if view.get("spare"):
        out.append(card_back(x, top + 4, MEDIUM))
        out.append(_text(x + w / 2, top + h + 22, "set aside", 12, "middle"))
        x += w + 40
    for name, title in (("face_up", "face up"), ("burned", "burned")):
        cards = view.get(name) or []
        if not cards:
            continue
        out.append(_text(x, top, title, 12, weight="bold"))
        for i, key in enumerate(cards):
            out.append(card_face(view, key, x + i * (SMALL[0] + 4), top + 8, SMALL))
        x += len(cards) * (SMALL[0] + 4) + 30
    lines = []
    if view.get("sycophant") is not None:
        lines.append(f"Sycophant: the next card played must choose p{view['sycophant'] + 1}")
    jester = view.get("jester")
    if jester:
        lines.append(f"Jester: p{jester['by'] + 1} bets that p{jester['on'] + 1} wins the round")
    phase = view.get("phase")
    if phase == "redraw" and view.get("to_move") is not None:
        lines.append(f"p{view['to_move'] + 1} was hit by the Bishop: redraw or keep")
    elif phase == "chancellor" and view.get("turn") is not None:
        lines.append(f"p{view['turn'] + 1} keeps one card (Chancellor), the rest go under "
                     f"the deck")
    elif phase == "deal" and not view.get("terminal"):
        lines.append(f"Round {(view.get('round') or 0) + 1} is about to be dealt")
    elif phase == "play" and count == 0 and not view.get("terminal"):
        lines.append("The deck is empty: showdown after this turn")
    for i, line in enumerate(lines):
        out.append(_text(max(x, 420), top + 16 + 20 * i, line, 13, fill="#3b0d1e"))
    return out


def _pips(tokens: int, target: int, x: float, y: float) -> str:
    parts = []
    for i in range(max(target, tokens)):
        fill = "#c0392b" if i < tokens else "none"
        parts.append(f'<circle cx="{x + 7 + 15 * i:.0f}" cy="{y:.0f}" r="6" fill="{fill}" '
                     f'stroke="#c0392b" stroke-width="1.5"/>')
    return "".join(parts)


def _badges(view: dict, s: dict) -> list[tuple[str, str]]:
    badges = []
    if not s["in_round"] and view.get("round"):
        badges.append(("OUT", "#b3261e"))
    if s["protected"]:
        badges.append(("Handmaid", "#1f7a8c"))
    if view.get("sycophant") == s["seat"]:
        badges.append(("Sycophant", "#8e44ad"))
    jester = view.get("jester")
    if jester and jester["on"] == s["seat"]:
        badges.append((f"Jester p{jester['by'] + 1}", "#b7791f"))
    return badges


def _seat_row(view: dict, s: dict, top: float) -> list[str]:
    q = s["seat"]
    viewer = view.get("seat")
    turn = view.get("turn") == q
    playing = s["in_round"] or not view.get("round")
    frame = (f'<rect x="{MARGIN}" y="{top:.0f}" width="{WIDTH - 2 * MARGIN}" '
             f'height="{ROW_H - 8}" rx="8" fill="{"#f4ecec" if playing else "#e4e4e4"}" '
             f'stroke="{"#7a1f3d" if turn else "#bbb"}" stroke-width="{3 if turn else 1}"/>')
    out = [f'<g class="seat"{_attr("data-seat", q)}>', frame]
    name = f"p{q + 1}" + (" (you)" if q == viewer else "") + (" ▶" if turn else "")
    out.append(_text(MARGIN + 10, top + 22, name, 16, weight="bold"))
    out.append(_pips(s["tokens"], view["target"], MARGIN + 8, top + 38))
    bx = MARGIN + 10
    for word, colour in _badges(view, s):
        width = 8 + 7 * len(word)
        out.append(f'<rect x="{bx}" y="{top + 52:.0f}" width="{width}" height="17" rx="4" '
                   f'fill="{colour}"/>')
        out.append(_text(bx + width / 2, top + 65, word, 11, "middle", "bold", "#fff"))
        bx += width + 4
    out.append(_text(MARGIN + 10, top + 86, f"discards total {s['discard_total']}", 11,
                     fill="#555"))
    x = MARGIN + PANEL_W
    hand = view.get("hand") if q == viewer else None
    if hand:
        for i, key in enumerate(hand):
            out.append(card_face(view, key, x + i * (SMALL[0] + 4), top + 14, SMALL))
    else:
        for i in range(s["hand_size"]):
            out.append(card_back(x + i * (SMALL[0] + 4), top + 14, SMALL))
    x += HAND_W
    out.append(_pile(view, s, x, top + 14))
    out.append("</g>")
    return out


def _pile(view: dict, s: dict, x: float, y: float) -> str:
    pile = s["discards"]
    if not pile:
        return _text(x, y + 36, "no discards", 11, fill="#888")
    room = WIDTH - MARGIN - 8 - x - SMALL[0]
    step = min(SMALL[0] + 4, room / max(1, len(pile) - 1))
    parts = ['<g class="discards">']
    for i, entry in enumerate(pile):
        cause = entry["cause"]
        note = None if cause == "played" else CAUSE_WORDS.get(cause, cause)
        parts.append(card_face(view, entry["card"], x + i * step, y, SMALL, note))
    parts.append("</g>")
    return "".join(parts)


def _hand_area(view: dict, top: float) -> tuple[list[str], float]:
    by_card, buttons = split_actions(view)
    hand = view.get("hand") or []
    out: list[str] = []
    if hand or buttons:
        out.append(_text(MARGIN, top + 14, "Your hand", 15, weight="bold"))
    x = MARGIN
    for key in hand:
        actions = by_card.get(key)
        out.append(card_face(view, key, x, top + 24, LARGE,
                             action="|".join(actions) if actions else None, details=True))
        x += LARGE[0] + 14
    bx = x + 20
    by = top + 24
    for text in buttons:
        out.append(_button(bx, by, BUTTON_LABELS.get(text, text), text))
        by += BUTTON[1] + 10
    height = 0.0
    if hand or buttons:
        height = max(24 + LARGE[1], 24 + (BUTTON[1] + 10) * len(buttons)) + 16
    return out, height


def render_svg(view: dict, lang: str = "en") -> str:
    """The table of ``view`` as one standalone SVG document (no external resources)."""
    body: list[str] = []
    body += _header(view)
    body += _centre(view, HEADER_H + 14)
    top = HEADER_H + CENTRE_H
    for s in view.get("seats", []):
        body += _seat_row(view, s, top)
        top += ROW_H
    hand, height = _hand_area(view, top + 4)
    body += hand
    total = int(top + 4 + height + MARGIN)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{total}" '
            f'viewBox="0 0 {WIDTH} {total}" font-family="sans-serif">'
            f'<rect width="{WIDTH}" height="{total}" fill="#fbf6ee"/>')
    return head + "".join(body) + "</svg>"
