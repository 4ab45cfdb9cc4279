"""The table picture of a Love Letter view (see the package's docstring for its layout and
clicks; ``refs.py`` for the log keys its elements carry in ``data-ref``)."""

from __future__ import annotations

from functools import lru_cache

from gonets.games.loveletter.notation import action_steps
from gonets.games.loveletter.svg import refs
from gonets.games.loveletter.svg.parts import (
    ACCENT,
    BACK,
    BADGES,
    BUTTON,
    CHIP_H,
    DIM,
    GAP,
    GUESS_W,
    LARGE,
    LINE,
    MARGIN,
    NARROW,
    PHONE_SCALE,
    PILE,
    ROW_GAP,
    SMALL_FONT,
    WIDTH,
    Chip,
    Item,
    _attr,
    _chips,
    _fill,
    _fit,
    _rect,
    _text,
    badge,
    badge_width,
    card_back,
    card_face,
    chip_item,
    escape,
    flow,
    referred,
    text_width,
    wrap,
)
from gonets.games.loveletter.text import (
    card,
    card_value,
    effect,
    forms,
    guess_label,
    labels,
    lang_of,
    web,
    who,
)


# -- the header ----------------------------------------------------------------------------------
def _header_lines(view: dict, lang: str) -> tuple[str, str, list[str]]:
    """The title, the status on the right and the lines in words below them (seats are
    called by number there, in the case each phrase needs)."""
    words, pic = labels(lang), web(lang)["svg"]
    title = [words["title"]]
    title.append(words["round"].format(n=view["round"]) if view.get("round") else
                 words["before"])
    title.append(pic["tokens_win"].format(n=view["target"]))
    mover = view.get("to_move")
    if view.get("terminal"):
        winners = ", ".join(who(w, lang) for w in (view.get("result") or {}).get("winners", []))
        status = pic["over"].format(winners=winners or words["nobody"])
    elif mover is not None:
        status = (pic["your_turn"] if mover == view.get("seat") else
                  pic["to_move"].format(**_seat_forms("p", mover, lang)))
    else:
        status = ""
    lines = []
    phase = view.get("phase")
    if phase == "redraw" and mover is not None:
        lines.append(pic["redraw_phase"].format(**_seat_forms("p", mover, lang)))
    elif phase == "chancellor" and view.get("turn") is not None:
        lines.append(pic["chancellor_phase"].format(**_seat_forms("p", view["turn"], lang)))
    elif phase == "deal" and not view.get("terminal"):
        lines.append(words["dealing"].format(n=(view.get("round") or 0) + 1))
    elif phase == "play" and view.get("deck_size") == 0 and not view.get("terminal"):
        lines.append(words["showdown_next"])
    if view.get("seat") is None:
        lines.append(pic["spectator"])
    return " · ".join(title), status, lines


def _seat_forms(name: str, seat, lang: str) -> dict[str, str]:
    """A seat by number ('p2', 'игрок 2') in every case, for the picture's phrases."""
    return forms(name, seat, lang)


def picture_width(view: dict) -> int:
    """How wide the picture of ``view`` is drawn (see :data:`NARROW`)."""
    return NARROW if len(view.get("seats", [])) <= 4 else WIDTH


def _header(view: dict, lang: str, width: int) -> tuple[list[str], float]:
    """The title and the status (beside it, or below it when both do not fit on a line),
    then the pending decision or the coming showdown in words."""
    title, status, lines = _header_lines(view, lang)
    room = width - 2 * MARGIN
    status_w = text_width(status, 14, bold=True) + 12 if status else 0
    below = text_width(title, 15, bold=True) > room - status_w
    size = _fit(title, room if below else room - status_w, 16)
    named = refs.round_title(view["round"]) if view.get("round") else ""
    out = [referred(named, _text(MARGIN, 24, title, size, weight="bold", fill="#3b0d1e"))]
    over = refs.RESULT if view.get("terminal") else ""
    y = 24
    if status and below:
        y += 20
        out.append(referred(over, _text(MARGIN, y, status, 14, weight="bold", fill=ACCENT)))
    elif status:
        out.append(referred(over, _text(width - MARGIN, y, status, 14, "end", "bold",
                                         ACCENT)))
    for line in lines:
        for part in wrap(line, room, 13):
            y += 18
            out.append(_text(MARGIN, y, part, 13, fill="#3b0d1e"))
    return out, y + 12


# -- the seats -----------------------------------------------------------------------------------
def seat_order(view: dict) -> list[int]:
    """Seats in turn order, starting after the viewer so that the viewer comes last."""
    n = len(view.get("seats", []))
    viewer = view.get("seat")
    start = 0 if viewer is None else viewer + 1
    return [(start + i) % n for i in range(n)]


def seat_pick(word: str) -> str:
    """The keys a seat area (or the set-aside card) carries: it may be a target, a second
    player or a look, whenever the client asks for one."""
    return "|".join(f"{family}:{word}" for family in ("target", "also", "look"))


def _badges(view: dict, s: dict, lang: str) -> list[tuple[str, str, str, str]]:
    """The state of a seat as (word, colour, what it means, log keys)."""
    pic = web(lang)["svg"]
    found = []
    q = s["seat"]
    if not s["in_round"] and view.get("round"):
        found.append((pic["out"], BADGES["out"], pic["out_tip"], refs.out(q)))
    if s["protected"]:
        found.append((pic["protected"], BADGES["protected"], effect("handmaid", lang), ""))
    if view.get("sycophant") == q:
        found.append((pic["sycophant"], BADGES["sycophant"],
                      pic["sycophant_line"].format(**_seat_forms("p", q, lang)), ""))
    jester = view.get("jester")
    if jester and jester["on"] == q:
        found.append((pic["jester"].format(**_seat_forms("p", jester["by"], lang)),
                      BADGES["jester"], pic["jester_line"].format(
                          **_seat_forms("by", jester["by"], lang), **_seat_forms("on", q, lang)),
                      ""))
    return found


@lru_cache(maxsize=1024)
def _pips(q: int, tokens: int, target: int, right: float, y: float) -> tuple[str, float]:
    """Seat ``q``'s token pips ending at ``right`` with 'tokens/target' before them; their
    width."""
    shown = max(target, tokens)
    step = min(15, 120 / max(1, shown))
    x = right - step * shown
    label = f"{tokens}/{target}"
    out = [_text(x - 4, y + 5, label, 13, "end", "bold", "#c0392b")]
    for i in range(shown):
        fill = "#c0392b" if i < tokens else "none"
        out.append(f'<circle cx="{x + step * i + step / 2:.0f}" cy="{y:.0f}" '
                   f'r="{min(6, step / 2 - 1):.1f}" fill="{fill}" stroke="#c0392b" '
                   f'stroke-width="1.5"{_attr("data-ref", refs.token(q, i + 1))}/>')
    return "".join(out), right - x + 4 + text_width(label, 13, bold=True)


def pile_entries(q: int, pile: list[dict], lang: str) -> list[Chip]:
    """The chips of seat ``q``'s discard pile (``{"card", "cause"}`` entries, oldest first):
    the cause of each forced discard written after its card."""
    causes = labels(lang)["causes"]
    return [(d["card"], None if d["cause"] == "played" else causes.get(d["cause"], d["cause"]),
             d["cause"] == "knockout", refs.pile(q, d["card"], d["cause"])) for d in pile]


def seat_name(view: dict, q: int, lang: str) -> str:
    """Seat ``q`` by number ('p2'), after the name its player sat down with when it has one."""
    name = who(q, lang, None)
    chosen = (view.get("names") or [])[q:q + 1]
    return f"{chosen[0]} · {name}" if chosen and chosen[0] and chosen[0] != name else name


def _seat_content(view: dict, s: dict, x: float, y: float, w: float,
                  lang: str) -> tuple[list[str], float]:
    """Everything inside a seat area but its frame: the name, the badges (beside the name
    when they fit), the cards in hand as backs and the tokens on the first line, then the
    discard pile; the drawings and the height used."""
    q = s["seat"]
    name = _seat_label(view, q, lang)
    size = _fit(name, w / 2, 16)
    out = [_text(x + 10, y + 22, name, size, weight="bold")]
    pips, right = _pips(q, s["tokens"], view["target"], x + w - 10, y + 17)
    out.append(pips)
    right += 10
    if q != view.get("seat") and s["hand_size"]:
        backs = [card_back(x + w - right - 16 - 10 * (s["hand_size"] - 1 - i), y + 6, BACK)
                 for i in range(s["hand_size"])]
        out.append(referred(refs.hand(q), "".join(backs)))
        right += 24 + 10 * (s["hand_size"] - 1)
    badges = [(word, colour, tip, ref, badge_width(word))
              for word, colour, tip, ref in _badges(view, s, lang)]
    bx = x + 18 + text_width(name, size, bold=True)
    by = y + 8
    if bx + sum(bw + 4 for *_, bw in badges) > x + w - right:
        bx, by = x + 10, y + 32
    for word, colour, tip, ref, bw in badges:
        out.append(badge(word, colour, tip, bx, by, ref))
        bx += bw + 4
    top = by + 28 if badges else y + 36
    entries = pile_entries(q, s["discards"], lang)
    if not entries:
        out.append(_text(x + 10, top + 14, web(lang)["svg"]["no_discards"], SMALL_FONT,
                         fill="#888"))
        return out, top - y + 24
    chips, lines = _chips(view, entries, x + 10, top, w - 20, lang)
    out.append('<g class="discards">' + "".join(chips) + "</g>")
    return out, top - y + lines * (CHIP_H + 4) + 4


def _seat_row(view: dict, s: dict, x: float, y: float, w: float,
              lang: str) -> tuple[list[str], float]:
    """:func:`_seat_content` in the least height, for the narrow arrangement of 5-8 seats:
    the name, the badges and the discard pile side by side on lines of chips, the first
    line leaving room on the right for the cards in hand and the tokens."""
    q = s["seat"]
    name = _seat_label(view, q, lang)
    size = _fit(name, w / 2, 15)
    top = y + 6
    pips, right = _pips(q, s["tokens"], view["target"], x + w - 10, top + 10)
    out = [pips]
    right += 10
    if q != view.get("seat") and s["hand_size"]:
        backs = [card_back(x + w - right - 16 - 10 * (s["hand_size"] - 1 - i), top - 1, BACK)
                 for i in range(s["hand_size"])]
        out.append(referred(refs.hand(q), "".join(backs)))
        right += 24 + 10 * (s["hand_size"] - 1)
    heading = [Item(text_width(name, size, bold=True) + 4,
                    lambda cx, line: _text(cx, line + 15, name, size, weight="bold"))]
    heading += [Item(badge_width(word), lambda cx, line, word=word, colour=colour, tip=tip,
                     ref=ref: badge(word, colour, tip, cx, line, ref))
                for word, colour, tip, ref in _badges(view, s, lang)]
    entries = pile_entries(q, s["discards"], lang)
    if entries:
        pile = [chip_item(view, key, lang, note, bad, ref) for key, note, bad, ref in entries]
    else:
        empty = web(lang)["svg"]["no_discards"]
        pile = [Item(text_width(empty, SMALL_FONT),
                     lambda cx, line: _text(cx, line + 14, empty, SMALL_FONT, fill="#888"))]
    drawn, lines = flow(heading + pile, x + 10, top, x + 10, x + w - 10, x + w - right - 6)
    out += drawn[:len(heading)]
    chips = "".join(drawn[len(heading):])
    out.append(f'<g class="discards">{chips}</g>' if entries else chips)
    return out, 6 + lines * LINE + 4


def _seat_label(view: dict, q: int, lang: str) -> str:
    """A seat's name as its area shows it: '(you)' after the viewer's, '▶' before the
    player whose turn it is."""
    name = seat_name(view, q, lang)
    if q == view.get("seat"):
        name += f" ({web(lang)['svg']['you']})"
    if view.get("turn") == q and not view.get("terminal"):
        name = "▶ " + name
    return name


def _seat_area(view: dict, s: dict, x: float, y: float, w: float, h: float,
               content: list[str]) -> list[str]:
    q = s["seat"]
    turn = view.get("turn") == q and not view.get("terminal")
    playing = s["in_round"] or not view.get("round")
    fill = "#f4ecec" if playing else "#e4e4e4"
    frame = _rect(x, y, w, h, fill, ACCENT if turn else "#bbb", 3 if turn else 1, rx=8)
    # a seat holding nothing (out, or the round over) stands for its hand in the log
    keys = refs.seat(q) if s["hand_size"] else f"{refs.seat(q)} {refs.hand(q)}"
    return [f'<g class="seat"{_attr("data-seat", q)}{_attr("data-pick", seat_pick(f"p{q + 1}"))}'
            f'{_attr("data-ref", keys)}>', frame, *content, "</g>"]


def _seats(view: dict, top: float, lang: str, width: int) -> tuple[list[str], dict, float]:
    """The seat areas in a grid (one column in the narrow picture, two in the wide one; 5-8
    seats in one column are drawn as short rows, :func:`_seat_row`); the drawings, each
    seat's box (x, y, w, h) and the height used."""
    seats = view.get("seats", [])
    cols = 1 if width == NARROW else 2
    rows = cols == 1 and len(seats) > 4
    draw, gap = (_seat_row, ROW_GAP) if rows else (_seat_content, GAP)
    w = (width - 2 * MARGIN - GAP * (cols - 1)) / cols
    order = seat_order(view)
    out: list[str] = []
    boxes: dict = {}
    y = top
    for row in range(0, len(order), cols):
        cells = []
        for col, q in enumerate(order[row:row + cols]):
            x = MARGIN + col * (w + GAP)
            content, height = draw(view, seats[q], x, y, w, lang)
            cells.append((q, x, content, height))
        h = max(height for *_, height in cells)
        for q, x, content, _ in cells:
            out += _seat_area(view, seats[q], x, y, w, h, content)
            boxes[f"p{q + 1}"] = (x, y, w, h)
        y += h + gap
    return out, boxes, y - top


# -- the hand band -------------------------------------------------------------------------------
def hand_picks(view: dict) -> dict[int, str]:
    """The key each hand card carries, by position: ``card:<key>`` when playing,
    ``keep:<key>|under:<key>`` when choosing for the Chancellor; none otherwise."""
    hand = view.get("hand") or []
    if not view.get("legal"):
        return {}
    if view.get("phase") == "chancellor":
        return {i: f"keep:{key}|under:{key}" for i, key in enumerate(hand)}
    if view.get("phase") == "play":
        return {i: f"card:{key}" for i, key in enumerate(hand)}
    return {}


def _hand(view: dict, top: float, lang: str, width: int) -> tuple[list[str], float, dict]:
    """The viewer's large hand (side by side, without the gap between them where it would
    pass the right edge: the Chancellor's three cards in the narrow picture) and, in the
    Bishop's redraw, its two buttons; the drawings, where the band's right part starts, and
    each hand card's box by key."""
    hand = view.get("hand") or []
    out: list[str] = []
    boxes: dict = {}
    if not hand:
        return out, MARGIN, boxes
    picks = hand_picks(view)
    step = LARGE[0] + GAP
    if len(hand) > 1:
        step = min(step, (width - 2 * MARGIN - LARGE[0]) / (len(hand) - 1))
    x = MARGIN
    faces = []
    for i, key in enumerate(hand):
        faces.append(card_face(view, key, x, top + 4, lang, picks.get(i)))
        boxes.setdefault(key, []).append((x, top + 4, *LARGE))
        x += step
    out.append(referred(refs.hand(view["seat"]), "".join(faces)))
    if view.get("phase") == "redraw" and view.get("legal"):
        for i, answer in enumerate(("redraw", "keep")):
            out.append(_button(x + 6, top + 12 + i * (BUTTON[1] + 12), f"bishop:{answer}",
                               web(lang)["svg"][answer]))
        x += BUTTON[0] + 12
    return out, x + 6, boxes


def _button(x: float, y: float, key: str, label: str) -> str:
    w, h = BUTTON
    size = _fit(label, w - 10, 14)
    return (f'<g class="button"{_attr("data-pick", key)}>' + _rect(x, y, w, h, ACCENT, rx=8)
            + _text(x + w / 2, y + h / 2 + 5, label, size, "middle", "bold", "#fff") + "</g>")


def _table_cards(view: dict, x: float, top: float, lang: str, boxes: dict,
                 width: int) -> tuple[list[str], float]:
    """The draw pile, the set-aside card (a target with ``spare_card``; its box goes into
    ``boxes``) and the face-up and burned cards, from ``x`` to the right edge; the drawings
    and the height used."""
    pic = web(lang)["svg"]
    out = [f'<g class="deck"{_attr("data-ref", refs.DECK)}>']
    count = view.get("deck_size", 0)
    pw, ph = PILE
    for i in range(min(3, count)):
        out.append(card_back(x + 2 * i, top + 8 - 2 * i, PILE))
    if not count:
        out.append(_rect(x, top + 8, pw, ph, "none", "#999", extra=' stroke-dasharray="4 3"'))
    out.append(_text(x + pw / 2, top + 8 + ph + 18, pic["deck"].format(n=count), 13,
                     "middle", "bold"))
    out.append("</g>")
    cx = x + pw + 18
    spare = _attr("data-ref", refs.SPARE)
    if view.get("spare"):
        choosable = (view.get("options") or {}).get("spare_card", "off") != "off"
        pick = _attr("data-pick", seat_pick("spare")) if choosable else ""
        out.append(f'<g class="spare"{pick}{spare}>' + card_back(cx, top + 8, PILE) + "</g>")
        out.append(_text(cx + pw / 2, top + 8 + ph + 18, pic["spare"], 13, "middle"))
        boxes["spare"] = (cx, top + 8, pw, ph)
        cx += pw + 18
    elif view.get("round"):            # drawn, burned or cleared away: its empty place
        out.append(f'<g class="spare"{spare}>'
                   + _rect(cx, top + 8, pw, ph, "none", "#999", extra=' stroke-dasharray="4 3"')
                   + "</g>")
        out.append(_text(cx + pw / 2, top + 8 + ph + 18, pic["spare"], 13, "middle", fill=DIM))
        cx += pw + 18
    y = top + 8 + ph + 30
    room = width - MARGIN - x
    for name in ("face_up", "burned"):
        cards = view.get(name) or []
        if not cards:
            continue
        out.append(_text(x, y + 14, pic[name], 13, weight="bold"))
        entries = [(k, None, False, refs.burned(k) if name == "burned" else "") for k in cards]
        chips, lines = _chips(view, entries, x, y + 20, room, lang)
        out.append(referred(refs.FACE_UP if name == "face_up" else "", "".join(chips)))
        y += 20 + lines * (CHIP_H + 4) + 4
    return out, y - top


def _guess_strips(view: dict, top: float, lang: str, least: float,
                  width: int) -> tuple[list[str], float]:
    """For each card and player that a guess follows, the strip of guesses shown over the
    hand (at least ``least`` high, to cover it) once both are chosen; the drawings and the
    height the tallest strip needs."""
    strips: dict[tuple[str, str], list[str]] = {}
    for text in view.get("legal") or []:
        steps = action_steps(view, text)
        if len(steps) == 3 and steps[2].startswith("guess:"):
            strips.setdefault((steps[0], steps[1]), []).append(steps[2].split(":", 1)[1])
    out: list[str] = []
    tallest = least
    for (card_key, target_key), guesses in strips.items():
        drawn, height = _strip(view, (card_key, target_key), guesses, top, lang, least,
                               width)
        out += drawn
        tallest = max(tallest, height)
    return out, tallest


def _strip(view: dict, chosen: tuple[str, str], guesses: list[str], top: float,
           lang: str, least: float, width: int) -> tuple[list[str], float]:
    """One guess strip: a title, the card kept, and the faces in balanced rows."""
    card_key, target_key = chosen
    room = width - 2 * MARGIN
    most = max(1, int((room - 8) // (GUESS_W + 8)))
    rows = -(-len(guesses) // most)
    cols = -(-len(guesses) // rows)
    w = (room - 16 - 8 * (cols - 1)) / cols
    h = 72 if rows == 1 else 62
    height = max(least + 6, 50 + rows * (h + 8))
    target = target_key.split(":", 1)[1]
    seat = "spare" if target == "spare" else int(target[1:]) - 1
    title = web(lang)["svg"]["guess_for"].format(**_seat_forms("t", seat, lang))
    out = [f'<g class="guesses"{_attr("data-show", f"{card_key}/{target_key}")}>',
           _rect(MARGIN, top, room, height, "#fffaf0", ACCENT, 2, 8,
                 ' pointer-events="none"'),
           _text(MARGIN + 10, top + 22, title, 15, weight="bold", fill="#3b0d1e")]
    kept = _kept_card(view, card_key.split(":", 1)[1], lang)
    if kept:
        out.append(_text(MARGIN + 10, top + 40, kept, 13, fill=DIM))
    for i, guess in enumerate(guesses):
        x = MARGIN + 8 + (i % cols) * (w + 8)
        y = top + 48 + (i // cols) * (h + 8)
        out.append(_guess_face(view, guess, x, y, w, h, lang))
    out.append("</g>")
    return out, height


def _kept_card(view: dict, played: str, lang: str) -> str:
    """'You keep: Princess (8)' for the card left in hand once ``played`` goes."""
    hand = list(view.get("hand") or [])
    if played not in hand or len(hand) < 2:
        return ""
    hand.remove(played)
    return web(lang)["svg"]["keeping"].format(
        card=", ".join(f"{card(k, lang)} ({card_value(view, k)})" for k in hand))


def _guess_face(view: dict, guess: str, x: float, y: float, w: float, h: float,
                lang: str) -> str:
    """One guess of the strip: the value large, the character (or the characters of that
    value) below."""
    if guess.isdigit():
        value = int(guess)
        keys = [k for k, entry in view.get("cards", {}).items() if entry["value"] == value]
        names = ", ".join(card(k, lang) for k in keys)
    else:
        value = card_value(view, guess)
        keys, names = [guess], card(guess, lang)
    fill = _fill(value)
    parts = [f'<g class="guess"{_attr("data-pick", f"guess:{guess}")}>',
             f"<title>{escape(guess_label(view, guess, lang))}</title>",
             _rect(x, y, w, h, fill, "#555"),
             _text(x + 6, y + 20, str(value), 18, weight="bold")]
    size = _fit(names, w - 8, 14)
    lines = wrap(names, w - 8, size, bold=True)[:3]
    first = y + 36 if len(lines) < 3 else y + 32
    for i, line in enumerate(lines):
        parts.append(_text(x + w / 2, first + 13 * i, line, size, "middle", "bold"))
    parts.append("</g>")
    return "".join(parts)


# -- what a chosen step looks like --------------------------------------------------------------
def _chosen_marks(view: dict, seats: dict, cards: dict) -> list[str]:
    """Outlines shown once a step is chosen (and until the action is sent): the card being
    played or kept, the players already chosen."""
    shown: set[str] = set()
    out: list[str] = []
    for text in view.get("legal") or []:
        steps = action_steps(view, text)
        for size in range(1, len(steps)):
            prefix = "/".join(steps[:size])
            if prefix in shown:
                continue
            shown.add(prefix)
            family, _, word = steps[size - 1].partition(":")
            boxes = (cards.get(word, []) if family in ("card", "keep") else
                     [seats[word]] if family in ("target", "also") and word in seats else [])
            for x, y, w, h in boxes:
                out.append(_rect(x - 3, y - 3, w + 6, h + 6, "none", "#e07a1f", 4, 9,
                                 f'{_attr("data-show", prefix)} pointer-events="none"'))
    return out


STYLE = ("<style>svg.narrow .ll-wide{display:none}"
         "svg.narrow .ll-narrow{display:inline}</style>")
"""The picture's own rule for a phone's board (web/board.js gives the root the class
``narrow``): the narrow arrangement instead of the wide one."""


def _drawing(view: dict, lang: str, width: int) -> tuple[str, int]:
    """The table drawn ``width`` wide (one column of seats in :data:`NARROW`, two in
    :data:`WIDTH`), its background first; the drawing and its height."""
    body, top = _header(view, lang, width)
    seats, seat_boxes, height = _seats(view, top, lang, width)
    body += seats
    band = top + height + 4
    hand, right, card_boxes = _hand(view, band, lang, width)
    hand_h = 4 + LARGE[1] if view.get("hand") else 0
    if width - MARGIN - right < 2 * PILE[0] + 18:       # no room beside the hand: below it
        table, table_h = _table_cards(view, MARGIN, band + hand_h, lang, seat_boxes, width)
        table_h += hand_h
    else:
        table, table_h = _table_cards(view, right, band, lang, seat_boxes, width)
    body += hand + table + _chosen_marks(view, seat_boxes, card_boxes)
    strips, used = _guess_strips(view, band, lang, max(hand_h, table_h), width)
    body += strips
    total = int(band + used + MARGIN)
    return f'<rect width="{width}" height="{total}" fill="#fbf6ee"/>' + "".join(body), total


def render_svg(view: dict, lang: str = "en") -> str:
    """The table of ``view`` as one standalone SVG document (no external resources), its
    words in ``lang``.

    Up to 4 players it is one narrow drawing. At 5-8 it holds two arrangements of the same
    elements: the wide one (two columns of seats) and, for a phone's board, the narrow one
    (one column of short seat rows, :data:`NARROW` wide, in ``data-narrow-box``), hidden by
    its ``display`` attribute unless :data:`STYLE` shows it instead of the wide one. The
    root's ``data-scope`` is the round, which the log's keys of one round name
    (``refs.in_round``)."""
    lang = lang_of(lang)
    width = picture_width(view)
    body, total = _drawing(view, lang, width)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
            f'viewBox="0 0 {width} {total}" data-min-scale="{PHONE_SCALE}" '
            f'data-scope="{view.get("round") or 0}" ')
    if width == NARROW:
        return head + f'font-family="sans-serif">{body}</svg>'
    narrow, tall = _drawing(view, lang, NARROW)
    return (head + f'data-narrow-box="0 0 {NARROW} {tall}" font-family="sans-serif">{STYLE}'
            f'<g class="ll-wide">{body}</g>'
            f'<g class="ll-narrow" display="none">{narrow}</g></svg>')
