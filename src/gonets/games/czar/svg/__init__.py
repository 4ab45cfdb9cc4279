"""The SVG picture of a view, its words in the viewer's language, in two arrangements.

The board is where every decision is made (``notation.action_steps``): elements carry the step
keys they offer in ``data-pick`` (several joined by ``|``): the own stack ``draw``, display
couriers ``courier:…``, rooms ``to:…`` / ``give:…`` / ``first:…`` / ``then:…``, the room
holding the own message ``msg``, a full inn (and its rooms) ``empty:…``, the palace the
``arrive:``/``again:`` keys of couriers leaving the grassland, the coin pile ``reveal``, this
turn's coins ``stop`` and the own guard ``bribe``. Previews (``data-show``) mark who leaves an
inn once it is chosen, and where the first leaver stands once its destination is chosen (on
the palace, when both go there: which arrives first, and to click it again for the other).
What log lines talk about carries ``data-ref`` keys (``refs.log_refs``).

The picture holds two arrangements of the same board: the wide one (``wide.py``, 942 units
wide, the viewBox) and the narrow one for phones (``narrow.py``, its box in
``data-narrow-box``), hidden unless the root has the class ``narrow``, which the client adds
on a board under 600 px wide (web/board.js). Each arrangement carries every key; only the one
shown can be seen or clicked. Renderers without CSS (cairosvg) draw the wide one."""

from __future__ import annotations

from gonets.games.czar.notation import action_steps
from gonets.games.czar.svg import narrow, wide
from gonets.games.czar.svg.parts import carried_keys
from gonets.games.czar.svg.refs import log_refs

__all__ = ["STYLE", "WIDTH", "carried_keys", "log_refs", "render_svg"]

WIDTH = wide.WIDTH
_WIDE_FONTS = (".cz-h{font:bold 15px sans-serif;fill:#3b2f1e}"
               ".cz-b{font:bold 13px sans-serif;fill:#2b2418}"
               ".cz-t{font:13px sans-serif;fill:#3b3326}.cz-m{font:13px sans-serif;fill:#5f574a}"
               ".cz-w{font:bold 13px sans-serif;fill:#fff}"
               ".cz-k{font:bold 13px sans-serif;fill:#1f1a10}"
               ".cz-lv{font:bold 14px sans-serif;fill:#6b5a3c}")
_NARROW_FONTS = "".join(f".cz-narrow .{css}{{font:{weight}12px sans-serif}}" for css, weight in (
    ("cz-h", "bold "), ("cz-b", "bold "), ("cz-t", ""), ("cz-m", ""), ("cz-w", "bold "),
    ("cz-k", "bold "), ("cz-lv", "")))
STYLE = ("<style>.cz text{font-family:sans-serif}" + _WIDE_FONTS + _NARROW_FONTS +
         "svg.narrow .cz-wide{display:none}svg.narrow .cz-narrow{display:inline}"
         ".cz [data-pick]{cursor:pointer}"
         ".cz .pick>.cz-hit{stroke:#0b7a32;stroke-width:4}"
         ".cz .pick-chosen:not(.pick)>.cz-hit{stroke:#c07a00;stroke-width:4}"
         ".cz-narrow .pick>.cz-hit,.cz-narrow .pick-chosen:not(.pick)>.cz-hit{stroke-width:3}"
         "</style>")
"""Every word 13 units or more in the wide arrangement, 12 in the narrow one (drawn at about
a pixel a unit). What may be clicked now is outlined green, even where it was clicked before
(the palace both leavers of a grassland inn go to); what was chosen and is done with,
orange."""


def render_svg(view: dict, lang: str = "en") -> str:
    """The palace, guards, the four villages and the viewer's couriers as one SVG document,
    in both arrangements (the narrow one hidden unless the root has the class ``narrow``)."""
    picks = carried_keys(view)
    legal = [action_steps(view, line) for line in view.get("legal") or []]
    tall = narrow.height(view)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="cz" width="{wide.WIDTH}" '
            f'height="{wide.HEIGHT}" viewBox="0 0 {wide.WIDTH} {wide.HEIGHT}" '
            f'data-narrow-box="0 0 {narrow.WIDTH} {tall:g}" data-zoom="on" '
            f'data-unit="{wide.ROOM_H}" data-min-unit="42">{STYLE}'
            f'<g class="cz-wide">{"".join(wide.draw(view, lang, picks, legal))}</g>'
            f'<g class="cz-narrow" display="none">'
            f'{"".join(narrow.draw(view, lang, picks, legal))}</g></svg>')
