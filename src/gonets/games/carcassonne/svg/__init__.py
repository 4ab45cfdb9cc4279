"""SVG pictures of a Carcassonne view: the zoomable map and the tiles it is drawn with
(``board.py``), the pictures of the side panels (``panels.py``), the words under the map of a
still picture (``summary.py``, ``render_still``) and what each log line points at on them
(``refs.py``: ``log_refs`` and the ``data-ref`` keys the pictures carry).

Tiles are drawn from their feature data (:mod:`..rules.tiles`), never typed in per tile; the
map carries the clicks of a turn as step keys (``notation.action_steps``). Everything is drawn
from the view alone.
"""

from gonets.games.carcassonne.svg.board import anchors, render_still, render_svg, tile_art
from gonets.games.carcassonne.svg.panels import (
    hand_svg,
    panels,
    placed_svg,
    recall_svg,
    track_svg,
)
from gonets.games.carcassonne.svg.refs import log_refs

__all__ = ["anchors", "hand_svg", "log_refs", "panels", "placed_svg", "recall_svg",
           "render_still", "render_svg", "tile_art", "track_svg"]
