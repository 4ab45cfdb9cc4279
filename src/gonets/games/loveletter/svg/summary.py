"""The side panels with their pictures: the round summary (``text.panels``) shows how the
last finished round ended, read from the view's log alone: each seat's discard pile, who was
knocked out, the hands shown at a showdown and the burned cards.

The round's last turn and the next deal happen in one step, so once a round is over the table
picture already shows the next one: this picture is where the log lines of that last turn
find their cards (its elements carry the keys of ``refs.py``).

It is shown in the page's pop-up, so it is kept short: one framed row per seat, its name, OUT
badge, discard chips and shown hand side by side, wrapped only where they do not fit; it is
as wide as the pop-up's inside on a 390 px phone and never drawn wider (see :data:`WIDTH`)."""

from __future__ import annotations

from functools import lru_cache

from gonets.core.memo import Keyed
from gonets.games.loveletter.svg import refs
from gonets.games.loveletter.svg.board import pile_entries, seat_name
from gonets.games.loveletter.svg.parts import (
    ACCENT,
    BADGES,
    DIM,
    LINE,
    SMALL_FONT,
    Item,
    _rect,
    _text,
    badge,
    badge_width,
    chip,
    chip_item,
    flow,
    referred,
    text_width,
)
from gonets.games.loveletter.text import (
    card_value,
    known_panel,
    labels,
    lang_of,
    round_summary,
    unseen_panel,
    web,
)

WIDTH = 320
"""The picture's width: the inner width of the page's pop-up on a 390 px phone, where its
words are drawn at their own 12-13 px; it is never drawn wider (the root's own style), so a
laptop's wider pop-up does not blow it up."""
SIZE = f"width:{WIDTH}px;max-width:100%;height:auto;margin:0 auto"
PAD = 8
ROW_GAP = 4


def panels(view: dict, lang: str = "en") -> list[dict]:
    """The web page's side panels (``text.panels``): the last round's summary with its
    picture (:func:`round_panel`), what the viewer knows of other hands, the cards it has not
    seen."""
    lang = lang_of(lang)
    found = (round_panel(view, lang), known_panel(view, lang), unseen_panel(view, lang))
    return [panel for panel in found if panel]


def round_panel(view: dict, lang: str) -> dict | None:
    """``text.round_summary`` with :func:`round_picture`; None before any round ended. Every
    frame of a round shows the same one, so it is made once per finished round and reader
    (its cache is keyed by what it reads of the view)."""
    found = last_round(view.get("log") or [])
    if found is None:
        return None
    names = view.get("names")
    panel = _round_panel(Keyed(found[1]), view.get("seat"),
                         None if names is None else tuple(names), len(view.get("seats", [])),
                         view.get("deck", ""), Keyed(view.get("cards", {})), lang)
    return {**panel, "lines": list(panel["lines"])}


@lru_cache(maxsize=1024)
def _round_panel(events: Keyed, seat: int | None, names: tuple | None, players: int,
                 deck: str, cards: Keyed, lang: str) -> dict:
    """:func:`round_panel` of a view holding only what it reads: the last round's events,
    the reader's seat, the seat names, the number of seats and the card table."""
    view = {"log": events.value, "seat": seat, "names": None if names is None else list(names),
            "seats": [None] * players, "deck": deck, "cards": cards.value}
    panel = round_summary(view, lang)
    picture = round_picture(view, lang)
    return {**panel, "svg": picture} if picture else panel


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


def _picture(table: tuple, number: int, winners: tuple[int, ...], names: tuple,
             deck: str, values: tuple, lang: str) -> str:
    """:func:`round_picture` of one finished round (the frames' copy is cached whole, with
    its summary, by :func:`round_panel`)."""
    piles, out, shown, burned = table
    view = {"names": list(names), "deck": deck,
            "cards": {key: {"value": value} for key, value in values if value is not None}}
    title = labels(lang)["round"].format(n=number)
    gone = (refs.DECK, refs.SPARE, refs.FACE_UP)       # put away with the round: its title
    body = [referred(" ".join((refs.round_title(number), *gone)),
                     _text(PAD, 17, title[:1].upper() + title[1:], 13, weight="bold",
                           fill="#3b0d1e"))]
    y = 24.0
    for q, pile in enumerate(piles):
        drawn, height = _row(view, q, (pile, q in out, shown[q]), q in winners, y, lang)
        body.append(referred(refs.hand(q), "".join(drawn)))   # what q held as it ended
        y += height + ROW_GAP
    if burned:
        pic = web(lang)["svg"]
        label = pic["burned"]
        items = [Item(text_width(label, 13, bold=True) + 4,
                      lambda x, top: _text(x, top + 15, label, 13, weight="bold"))]
        items += [chip_item(view, key, lang, ref=refs.burned(key)) for key in burned]
        drawn, lines = flow(items, PAD, y + 2, PAD, WIDTH - PAD)
        body += drawn
        y += 2 + lines * LINE
    height = int(y + PAD)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" style="{SIZE}" data-scope="{number}" '
            'font-family="sans-serif">'
            f'<rect width="{WIDTH}" height="{height}" fill="#fbf6ee"/>'
            + "".join(body) + "</svg>")


def _row(view: dict, q: int, seat: tuple, won: bool, y: float,
         lang: str) -> tuple[list[str], float]:
    """One seat of the finished round, ``(pile, knocked out, hand shown)``, framed in the
    accent colour when it won the round: its name, its OUT badge, its discard pile and the
    hand it showed, side by side and on as few lines as they fit; the drawings and the
    height used."""
    pile, knocked_out, held = seat
    pic = web(lang)["svg"]
    name = seat_name(view, q, lang)
    items = [Item(text_width(name, 13, bold=True) + 4,
                  lambda x, top: _text(x, top + 15, name, 13, weight="bold"))]
    if knocked_out:
        items.append(Item(badge_width(pic["out"]), lambda x, top: badge(
            pic["out"], BADGES["out"], pic["out_tip"], x, top, refs.out(q))))
    if pile:
        entries = pile_entries(q, [{"card": key, "cause": cause} for key, cause in pile], lang)
        items += [chip_item(view, key, lang, note, bad, ref)
                  for key, note, bad, ref in entries]
    else:
        empty = pic["no_discards"]
        items.append(Item(text_width(empty, SMALL_FONT), lambda x, top: _text(
            x, top + 14, empty, SMALL_FONT, fill="#888")))
    if held is not None:
        label = web(lang)["panels"]["hands"]
        gap = text_width(label, SMALL_FONT) + 4
        _, w = chip(view, held, 0, 0, lang)
        items.append(Item(gap + w, lambda x, top: (
            _text(x, top + 14, label, SMALL_FONT, fill=DIM)
            + chip(view, held, x + gap, top, lang, ref=refs.shown(q))[0])))
    left = PAD + 6
    drawn, lines = flow(items, left, y + 4, left, WIDTH - PAD - 6)
    height = lines * LINE + 4
    frame = _rect(PAD, y, WIDTH - 2 * PAD, height, "#f4ecec", ACCENT if won else "#bbb",
                  2 if won else 1, rx=6)
    return [frame, *drawn], height
