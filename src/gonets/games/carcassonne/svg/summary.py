"""The words under the map in a standalone picture (``gonets render``, a saved SVG or PNG):
whose turn it is and what they decide, the tile in hand, each player's figures on the
scoring track (the messenger beside the scoring meeple while The Messengers run) and
followers in supply, the messages drawn.

The web page shows all of this beside the map (the side panels and the players table), so
only the still picture (``render_still``) carries it.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from gonets.games.carcassonne.rules.track import SPACES, has_messenger
from gonets.games.carcassonne.text import count, phrases
from gonets.games.carcassonne.text.log import tile_phrase

LINE = 19
FONT = 13
PAD = 8


def summary_lines(view: dict, lang: str = "en") -> list[tuple[int, str]]:
    """The lines of the summary, each with the seat whose colour marks it (-1: none)."""
    words = phrases(lang)["web"]
    say = words["summary"]
    lines = []
    if view.get("terminal"):
        totals = phrases(lang)["log"]["sep"].join(
            say["total"].format(who=_who(seat, view, words), total=total)
            for seat, total in enumerate(view["totals"]))
        lines.append((-1, say["over"].format(totals=totals)))
    elif view.get("decision"):
        seat = view["decision"]["player"]
        lines.append((seat, say["turn"].format(turn=view["turn"], who=_who(seat, view, words),
                                               kind=say["kinds"][view["decision"]["kind"]])))
    if view.get("hand"):
        lines.append((-1, say["hand"].format(tile=tile_phrase(view["hand"], lang, "tile_nom"))))
    for seat in range(view["players"]):
        lines.append((seat, _score_line(view, seat, lang)))
    if view["options"].get("messengers"):
        info = view["messages"]
        text = say["messages"].format(draws=info["draws"])
        if info["current"]:
            text += say["message_now"].format(
                number=info["current"], name=phrases(lang)["messages"][str(info["current"])])
        lines.append((-1, text))
        if has_messenger(view):
            lines.append((-1, words["dark_short"].strip() + " " + words["dark_legend"]))
    return lines


def _who(seat: int, view: dict, words: dict) -> str:
    names = view.get("names") or []
    colour = words["colours"][seat % len(words["colours"])]
    if seat < len(names) and names[seat]:
        return words["summary"]["who"].format(name=names[seat], colour=colour)
    return colour


def _score_line(view: dict, seat: int, lang: str) -> str:
    words = phrases(lang)["web"]
    say = words["summary"]
    meeple, messenger = view["scores"][seat]
    who = _who(seat, view, words)
    if has_messenger(view):
        return say["both"].format(who=who, meeple=_spot(meeple, words),
                                  messenger=_spot(messenger, words),
                                  supply=view["supply"][seat])
    return say["one"].format(who=who, points=count(meeple + messenger, "point", lang),
                             supply=view["supply"][seat])


def _spot(total: int, words: dict) -> str:
    """A figure's points, with its space once it has gone round the track, and a star on a
    dark space."""
    text = str(total)
    if total >= SPACES:
        text += words["summary"]["space"].format(space=total % SPACES)
    return text + (words["dark_short"] if total % 5 == 0 else "")


def summary_svg(view: dict, lang: str, top: float, width: float,
                colours: Sequence[str]) -> tuple[str, float]:
    """The summary drawn from ``top`` across ``width`` units, and its height."""
    lines = summary_lines(view, lang)
    height = PAD * 2 + LINE * len(lines)
    out = [f'<g class="cc-summary" font-size="{FONT}">',
           f'<rect x="0" y="{top}" width="{width}" height="{height}" fill="#f7f2e4" '
           'stroke="#8a7a55"/>']
    for row, (seat, text) in enumerate(lines):
        y = top + PAD + LINE * (row + 1) - 5
        if seat >= 0:
            out.append(f'<rect x="8" y="{y - 10}" width="11" height="11" rx="2" '
                       f'fill="{colours[seat % len(colours)]}" stroke="#1b1b1b"/>')
        out.append(f'<text x="26" y="{y}">{escape(text)}</text>')
    out.append("</g>")
    return "".join(out), height
