"""The side panels with their pictures: the round summary (``text.panels``) shows how the
last finished round ended, read from the view's log alone: each seat's discard pile, who was
knocked out, the hands shown at a showdown and the burned cards.

The round's last turn and the next deal happen in one step, so once a round is over the table
picture already shows the next one: this picture is where the log lines of that last turn
find their cards (its elements carry the keys of ``refs.py``)."""

from __future__ import annotations

from functools import lru_cache

from gonets.games.loveletter.svg import refs
from gonets.games.loveletter.svg.board import pile_entries, seat_name
from gonets.games.loveletter.svg.parts import (
    ACCENT,
    BADGES,
    CHIP_H,
    DIM,
    SMALL_FONT,
    _chips,
    _rect,
    _text,
    badge,
    badge_width,
    chip,
    referred,
    text_width,
)
from gonets.games.loveletter.text import card_value, labels, lang_of, web
from gonets.games.loveletter.text import panels as text_panels

WIDTH = 300
PAD = 8
ROW_GAP = 6


def panels(view: dict, lang: str = "en") -> list[dict]:
    """The web page's side panels (``text.panels``), the round summary with its picture."""
    lang = lang_of(lang)
    found = []
    for panel in text_panels(view, lang):
        if panel.get("popup"):
            picture = round_picture(view, lang)
            if picture:
                panel = {**panel, "svg": picture}
        found.append(panel)
    return found


def last_round(log: list[dict]) -> tuple[dict, list[dict]] | None:
    """The ``round_end`` event of the last finished round and that round's events (from its
    ``round`` event to the next one); None before any round ended."""
    end = next((i for i in range(len(log) - 1, -1, -1) if log[i]["e"] == "round_end"), None)
    if end is None:
        return None
    start = next((i for i in range(end - 1, -1, -1) if log[i]["e"] == "round"), 0)
    stop = next((i for i in range(end, len(log)) if log[i]["e"] == "round"), len(log))
    return log[end], log[start:stop]


def final_table(events: list[dict], players: int) -> dict:
    """How a round ended, from its events: each seat's discard pile (``(card, cause)`` pairs,
    oldest first, as a view's seats hold them), the seats knocked out, the hand each seat
    showed at the showdown (None: none) and the burned cards; all hashable."""
    piles: list[list[tuple[str, str]]] = [[] for _ in range(players)]
    out: set[int] = set()
    shown: list = [None] * players
    burned: list[str] = []
    for e in events:
        kind = e["e"]
        if kind == "play":
            piles[e["seat"]].append((e["card"], "played"))
        elif kind == "discard":
            piles[e["seat"]].append((e["card"], e["cause"]))
        elif kind == "out":
            out.add(e["seat"])
        elif kind == "showdown":
            shown = list(e["hands"])
        elif kind == "burn":
            burned.append(e["card"])
    return {"piles": tuple(map(tuple, piles)), "out": frozenset(out), "shown": tuple(shown),
            "burned": tuple(burned)}


def round_picture(view: dict, lang: str) -> str | None:
    """The picture of the last finished round: its title, one row per seat (name, OUT badge,
    the hand shown at the showdown, the discard pile), the burned cards; None before any
    round ended."""
    found = last_round(view.get("log") or [])
    if found is None:
        return None
    final, events = found
    table = final_table(events, len(view.get("seats", [])))
    used = {key for pile in table["piles"] for key, _ in pile}
    used.update(table["burned"], (key for key in table["shown"] if key))
    values = tuple(sorted((key, card_value(view, key)) for key in used))
    return _picture(tuple(table.values()), final["round"], tuple(final["winners"]),
                    tuple(view.get("names") or ()), view.get("deck", ""), values, lang)


@lru_cache(maxsize=256)
def _picture(table: tuple, number: int, winners: tuple[int, ...], names: tuple,
             deck: str, values: tuple, lang: str) -> str:
    """:func:`round_picture` of one finished round (every view of a table shows the same one
    until the next round ends, so it is drawn once)."""
    piles, out, shown, burned = table
    view = {"names": list(names), "deck": deck,
            "cards": {key: {"value": value} for key, value in values if value is not None}}
    title = labels(lang)["round"].format(n=number)
    body = [referred(refs.round_title(number),
                     _text(PAD, 20, title[:1].upper() + title[1:], 14, weight="bold",
                           fill="#3b0d1e"))]
    y = 30.0
    for q, pile in enumerate(piles):
        drawn, height = _row(view, q, (pile, q in out, shown[q]), q in winners, y, lang)
        body += drawn
        y += height + ROW_GAP
    if burned:
        pic = web(lang)["svg"]
        body.append(_text(PAD, y + 14, pic["burned"], 13, weight="bold"))
        entries = [(k, None, False, refs.burned(k)) for k in burned]
        chips, lines = _chips(view, entries, PAD, y + 20, WIDTH - 2 * PAD, lang)
        body += chips
        y += 20 + lines * (CHIP_H + 4)
    height = int(y + PAD)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">'
            f'<rect width="{WIDTH}" height="{height}" fill="#fbf6ee"/>'
            + "".join(body) + "</svg>")


def _row(view: dict, q: int, seat: tuple, won: bool, y: float,
         lang: str) -> tuple[list[str], float]:
    """One seat of the finished round, ``(pile, knocked out, hand shown)`` (framed in the
    accent colour when it won the round); the drawings and the height used."""
    pile, knocked_out, held = seat
    pic = web(lang)["svg"]
    name = seat_name(view, q, lang)
    out = [_text(PAD + 8, y + 18, name, 13, weight="bold")]
    x = PAD + 14 + text_width(name, 13, bold=True)
    if knocked_out:
        out.append(badge(pic["out"], BADGES["out"], pic["out_tip"], x, y + 4, refs.out(q)))
        x += badge_width(pic["out"]) + 4
    if held is not None:
        _, w = chip(view, held, 0, 0, lang)
        label = web(lang)["panels"]["hands"]
        cx = max(x + text_width(label, SMALL_FONT) + 4, WIDTH - PAD - 8 - w)
        out.append(_text(cx - 4, y + 18, label, SMALL_FONT, "end", fill=DIM))
        drawn, _ = chip(view, held, cx, y + 4, lang, ref=refs.shown(q))
        out.append(drawn)
    if pile:
        entries = pile_entries(q, [{"card": key, "cause": cause} for key, cause in pile], lang)
        chips, lines = _chips(view, entries, PAD + 8, y + 28,
                              WIDTH - 2 * PAD - 16, lang)
        out += chips
        height = 28 + lines * (CHIP_H + 4) + 2
    else:
        out.append(_text(PAD + 8, y + 42, pic["no_discards"], SMALL_FONT, fill="#888"))
        height = 50
    frame = _rect(PAD, y, WIDTH - 2 * PAD, height, "#f4ecec", ACCENT if won else "#bbb",
                  2 if won else 1, rx=6)
    return [frame, *out], height
