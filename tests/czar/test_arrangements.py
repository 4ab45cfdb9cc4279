"""The picture's two arrangements: the wide one (a laptop's) and the narrow one a phone's
board shows (``data-narrow-box``, the root's class ``narrow``; web/board.js). Both offer the
same clicks, previews and log references; the narrow one is small enough to be drawn whole
at a pixel a unit on a 390 x 844 phone, where its 12-unit words are 12 px."""

from __future__ import annotations

import re
import xml.dom.minidom

import pytest

from gonets.games.czar.rules.board import INN_KEYS
from gonets.games.czar.svg import STYLE
from gonets.games.czar.svg.parts import short_inn

from .helpers import GAME
from .test_web_adapters import views

PHONE_FRAME = (372 - 16, 608 - 16)
"""The board's box on a 390 x 844 phone (372 x 608 px) less the 8 px board.js keeps free
around what may be clicked."""


def trees(svg: str) -> dict:
    root = xml.dom.minidom.parseString(svg).documentElement
    return {g.getAttribute("class"): g for g in root.getElementsByTagName("g")
            if g.getAttribute("class") in ("cz-wide", "cz-narrow")}


def offers(tree) -> list[tuple[str, str]]:
    """What each element of an arrangement offers: (which element, its keys), sorted."""
    out = []
    for node in tree.getElementsByTagName("*"):
        for attribute in ("data-pick", "data-show", "data-ref", "data-focus"):
            if node.hasAttribute(attribute):
                who = node.getAttribute("data-room") or node.getAttribute("data-inn") or \
                    node.getAttribute("class")
                out.append((attribute, who, node.getAttribute(attribute)))
    return sorted(out)


def test_both_arrangements_offer_the_same_clicks_previews_and_references():
    checked = 0
    for view in views(2):
        found = trees(GAME.render_svg(view))
        assert offers(found["cz-wide"]) == offers(found["cz-narrow"])
        checked += 1
    assert checked > 500


def test_the_narrow_arrangement_is_hidden_unless_the_root_is_narrow():
    svg = GAME.render_svg(next(views()))
    assert '<g class="cz-narrow" display="none">' in svg      # renderers without CSS
    assert "svg.narrow .cz-wide{display:none}svg.narrow .cz-narrow{display:inline}" in STYLE


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_narrow_board_fits_a_phone_at_a_pixel_a_unit(players):
    """Every part lies inside the narrow box, which a 390 px phone draws at a pixel a unit
    or more; every word of the narrow arrangement is 12 units, every target 24 units or more
    each way."""
    fonts = set(re.findall(r"\.cz-narrow \.(cz-\w+)\{font:(?:bold )?(\d+)px", STYLE))
    assert fonts and {size for _css, size in fonts} == {"12"}
    narrow_css = {css for css, _size in fonts}
    seen = 0
    for view in views(3):
        if len(view["seats"]) != players:
            continue
        for seat in (view.get("seat"), None):
            svg = GAME.render_svg({**view, "seat": seat})
            x, y, w, h = map(float, re.search(r'data-narrow-box="([^"]*)"', svg).group(1).split())
            assert (x, y) == (0, 0) and w <= PHONE_FRAME[0] and h <= PHONE_FRAME[1], (w, h)
            tree = trees(svg)["cz-narrow"]
            for rect in tree.getElementsByTagName("rect"):
                left, top = float(rect.getAttribute("x") or 0), float(rect.getAttribute("y") or 0)
                right = left + float(rect.getAttribute("width"))
                bottom = top + float(rect.getAttribute("height"))
                assert 0 <= left and right <= w and 0 <= top and bottom <= h, rect.toxml()
            for word in tree.getElementsByTagName("text"):
                assert word.getAttribute("class") in narrow_css, word.toxml()
            for target in tree.getElementsByTagName("g"):
                if target.getAttribute("data-pick"):        # a finger's target: 24 each way
                    hit = target.getElementsByTagName("rect")[0]
                    assert min(float(hit.getAttribute("width")),
                               float(hit.getAttribute("height"))) >= 24, target.toxml()[:200]
            seen += 1
    assert seen >= 10


def test_inns_have_short_names_that_tell_them_apart():
    for lang in ("en", "ru"):
        names = [short_inn(lang, key) for key in INN_KEYS]
        assert len(set(names)) == len(names), names
        assert all(0 < len(name) <= 10 for name in names), names
    assert short_inn("en", "rachmanin") == "Rachmanin"
    assert short_inn("ru", "baikal") == "Байкал"


def test_the_narrow_rooms_mark_the_messages():
    for view in views(5):
        tree = trees(GAME.render_svg(view))["cz-narrow"]
        for room in tree.getElementsByTagName("g"):
            if room.getAttribute("class") != "cz-room":
                continue
            carried = any(key.startswith("msg:") for key in room.getAttribute("data-ref").split())
            words = [t.firstChild.data for t in room.getElementsByTagName("text")]
            assert carried == ("✉" in words), (room.getAttribute("data-room"), words)

