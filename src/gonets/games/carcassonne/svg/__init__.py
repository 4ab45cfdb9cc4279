"""SVG pictures of a Carcassonne view: the zoomable map and the tiles it is drawn with
(``board.py``), and the pictures of the side panels (``panels.py``).

Tiles are drawn from their feature data (:mod:`..rules.tiles`), never typed in per tile; the
map carries the clicks of a turn as step keys (``notation.action_steps``). Everything is drawn
from the view alone.
"""

from gonets.games.carcassonne.svg.board import anchors, render_svg, tile_art
from gonets.games.carcassonne.svg.panels import (
    hand_svg,
    panels,
    placed_svg,
    recall_svg,
    track_svg,
)

__all__ = ["anchors", "hand_svg", "panels", "placed_svg", "recall_svg",
           "render_svg", "tile_art", "track_svg"]
