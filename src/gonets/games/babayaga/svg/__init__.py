"""The pictures of the Baba Yaga web table: the board, in two arrangements, and the side panels.

The board holds two arrangements of the same map. The wide one (``wide.py``, the viewBox) is
drawn for a box about 860 px wide: one cell is 100 SVG units (about 86 px at the fitted zoom),
and no text is smaller than 13 units, so nothing reads under 11 px; the root carries
``data-zoom`` with a least cell size. The narrow one (``narrow.py``, its box in
``data-narrow-box``) is for a phone's board: the whole map in 356 x 592 units, turned to stand
upright, every word 12 units, so that a 390 x 844 phone shows every place a decision offers at
once, its words 12 px or more. The narrow one is hidden by a ``display="none"`` attribute
that the picture's own style overrides once the page gives the root the class ``narrow`` (on
a board under 600 px wide, web/board.js), where it hides the wide one; renderers without CSS
draw the wide one. Both carry the same ``data-pick``, ``data-focus`` and ``data-ref`` keys.

Places are tiles that carry the clicks of the move verbs
(``data-pick="move:rye_fields|fly:rye_fields"``); the borders between tiles show the ways
(road, bridge, pass, causeway) and the barriers (river, mountains, lake). A name too wide for
its tile is wrapped and, past two lines, shortened; the full name is the tile's ``<title>``.
Under the map a roster names every hero, on the board or not, with its quest progress, and a
key explains the map. What a log line may be about (heroes, places, tokens, quests, decks, the
round and the time of day) carries ``data-ref`` keys, and ``log_refs`` gives a log event's
keys, so that pointing at the line lights them. Everything is drawn from the view alone.
"""

from __future__ import annotations

from gonets.games.babayaga.svg import narrow, wide
from gonets.games.babayaga.svg.parts import (
    CELL,
    EDGE_KINDS,
    FONT,
    GAP,
    HEAD,
    HERO_COLOURS,
    MIN_UNIT,
    NAME_SIZE,
    PAD,
    TILE,
    TILE_STYLE,
    TOKEN_COLOURS,
    edge_art,
    fit_lines,
    goal_place,
    svg_legend,
    svg_roster,
    text_width,
)
from gonets.games.babayaga.svg.pictures import card_picture, panels, quest_track
from gonets.games.babayaga.svg.refs import log_refs

__all__ = ["CELL", "EDGE_KINDS", "FONT", "GAP", "HEAD", "HERO_COLOURS", "MIN_UNIT", "NAME_SIZE",
           "PAD", "STYLE", "TILE", "TILE_STYLE", "TOKEN_COLOURS", "card_picture", "edge_art",
           "fit_lines", "goal_place", "log_refs", "panels", "quest_track", "render_svg",
           "svg_legend", "svg_roster", "text_width"]

STYLE = "<style>svg.narrow .by-wide{display:none}svg.narrow .by-narrow{display:inline}</style>"
"""The picture's own rule: on a phone (the root's class ``narrow``) the narrow arrangement
instead of the wide one."""


def render_svg(view: dict, lang: str = "en") -> str:
    """The board as ``view``'s seat sees it, in both arrangements (the narrow one hidden
    unless the root has the class ``narrow``); the places it may choose carry ``data-pick``,
    and what a log line may refer to carries ``data-ref`` (see :func:`log_refs`)."""
    wide_parts, width, height = wide.draw(view, lang)
    narrow_parts, narrow_width, narrow_height = narrow.draw(view, lang)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONT}" data-zoom="on" '
            f'data-unit="{CELL}" data-min-unit="{MIN_UNIT}" '
            f'data-narrow-box="0 0 {narrow_width:g} {narrow_height}" '
            f'style="background:#f4ecd8">{STYLE}')
    return "\n".join([head, '<g class="by-wide">',
                      f'<rect width="{width}" height="{height}" fill="#f4ecd8"/>', *wide_parts,
                      "</g>", '<g class="by-narrow" display="none">', *narrow_parts, "</g>",
                      "</svg>"])
