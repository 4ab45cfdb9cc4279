"""Standalone SVG pictures of a Love Letter table, drawn from a view alone (see README.md):
the table (``board.py``, drawn with the pieces of ``parts.py``), the round summary panel's
picture (``summary.py``) and what each log line points at on them (``refs.py``).

Top: the round, the tokens that win and whose move it is, with the marks and pending
decisions in words. Then one area per seat (the viewer's last, so it sits just above its
hand): name, token pips, state badges (out, Handmaid, Sycophant, Jester), the cards in hand
as backs and the discard pile in order, each forced discard with its cause. Bottom: the
viewer's hand in large (effect text and the seed's playing-card equivalents), the draw pile,
the set-aside card and the cards removed face up or burned. At 5-8 players the seats stand in
two columns, and a second, narrow arrangement of the same elements (one column of short seat
rows) is drawn for a phone's board (``data-narrow-box``, see ``board.render_svg``).

Clicks follow ``notation.action_steps``: a hand card carries ``card:<key>`` (``keep:`` and
``under:`` for the Chancellor), every seat area carries ``target:pN|also:pN|look:pN`` whether
or not it may be chosen now (the client greys those it may not), the set-aside card the same
for ``spare``, the Bishop's victim has two buttons (``bishop:redraw``, ``bishop:keep``), and a
Guard's or Bishop's guess is a strip of card faces (``guess:<value or key>``) shown over the
hand once the card and its player are chosen (``data-show="card:guard/target:p2"``).

Log lines: every element a log line is about carries keys in ``data-ref`` (the seat areas,
the discard chips, the token pips...; see ``refs.py``), and :func:`log_refs` gives the keys
of an event.
"""

from gonets.games.loveletter.svg.board import (
    hand_picks,
    picture_width,
    render_svg,
    seat_order,
    seat_pick,
)
from gonets.games.loveletter.svg.parts import (
    SMALL_FONT,
    card_back,
    card_face,
    chip,
    playing_cards,
    text_width,
    wrap,
)
from gonets.games.loveletter.svg.refs import RefsReader, log_refs
from gonets.games.loveletter.svg.summary import panels, round_picture

__all__ = ["RefsReader", "SMALL_FONT", "card_back", "card_face", "chip", "hand_picks",
           "log_refs", "panels",
           "picture_width", "playing_cards", "render_svg", "round_picture", "seat_order",
           "seat_pick", "text_width", "wrap"]
