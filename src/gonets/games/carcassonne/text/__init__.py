"""The words of Carcassonne in English and Russian: the log (``log.py``: one line per event,
as a player at the table would say it), places and turns in words for everything else
(``places.py``), the menu lines (``menu.py``), the terminal's picture (``terminal.py``), the
web page's click labels, prompts, score table and side panels
(``web.py``), all from the catalogues ``data/phrases.<lang>.json`` (``words.py``).

Lines are written for the viewing seat ("You place...", other seats by their names).
Everything is drawn from the view alone (and the seat names the page adds to it).
"""

from gonets.games.carcassonne.text.log import LogReader, describe_event, describe_log
from gonets.games.carcassonne.text.menu import describe_action
from gonets.games.carcassonne.text.terminal import (
    render_cells,
    render_followers,
    render_hand,
    render_map,
    render_messages,
    render_remaining,
    render_scores,
    render_text,
    render_track,
    tile_block,
)
from gonets.games.carcassonne.text.web import (
    describe_step,
    panels,
    points_by_source,
    prompt,
    scoreboard,
)
from gonets.games.carcassonne.text.words import LANGUAGES, count, phrases, seat_name

__all__ = ["LANGUAGES", "LogReader", "count", "describe_action", "describe_event", "describe_log",
           "describe_step", "panels", "phrases", "points_by_source", "prompt",
           "render_cells", "render_followers", "render_hand", "render_map", "render_messages",
           "render_remaining", "render_scores", "render_text", "render_track", "scoreboard",
           "seat_name", "tile_block"]
