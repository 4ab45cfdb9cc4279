"""The board's two arrangements: the wide one (a laptop's) and the narrow one a phone's board
shows (``data-narrow-box``, the root's class ``narrow``; web/board.js). Both offer the same
clicks and log references and draw the same roads between the same places; the narrow map is
small enough to be drawn whole at a pixel a unit on a 390 x 844 phone, where its 12-unit
words are 12 px, and its shortened place names still tell the places apart."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from gonets.core import Match
from gonets.games.babayaga.rules.content import default_content
from gonets.games.babayaga.svg import STYLE, narrow, text_width
from gonets.games.babayaga.text.words import loc_name
from tests.babayaga.helpers import GAME

NS = "{http://www.w3.org/2000/svg}"
PHONE_FRAME = (372 - 16, 608 - 16)
"""The board's box on a 390 x 844 phone (372 x 608 px) less the 8 px board.js keeps free
around what may be clicked: every place fits it at a pixel a unit."""
MODES = [("competitive", 2), ("competitive", 6), ("cooperative", 3), ("solo", 1)]


def views(count: int = 30, seed: int = 4):
    """Views along random games of every mode: the seat to act's and a spectator's."""
    for preset, players in MODES:
        match = Match(GAME, GAME.configure(players, preset), seed=seed)
        match.deal()
        rng = random.Random(seed)
        for _ in range(count):
            if match.state.is_terminal():
                break
            seat = match.state.current_player()
            yield match.state.view(seat)
            yield match.state.view(None)
            legal = match.state.legal_actions()
            match.act(seat, legal[rng.randrange(len(legal))])


def trees(svg: str) -> dict[str, ET.Element]:
    """The picture's arrangements by class (``by-wide``, ``by-narrow``)."""
    root = ET.fromstring(svg)
    return {g.get("class"): g for g in root.iter(f"{NS}g")
            if g.get("class") in ("by-wide", "by-narrow")}


def offers(tree: ET.Element) -> list[tuple[str, str, str]]:
    """What each element of an arrangement offers: (attribute, which element, its keys)."""
    out = []
    for node in tree.iter():
        for attribute in ("data-pick", "data-show", "data-ref", "data-focus"):
            if node.get(attribute) is not None:
                who = node.get("data-location") or node.get("data-token") or \
                    node.get("data-seat") or node.get("class") or node.tag
                out.append((attribute, who, node.get(attribute)))
    return sorted(out)


def tiles(tree: ET.Element) -> dict[str, tuple[float, float, float, float]]:
    """Each place's tile (its group's first rect): left, top, right, bottom."""
    out = {}
    for place in tree.iter(f"{NS}g"):
        if place.get("data-location"):
            rect = place.find(f"{NS}rect")
            x, y = float(rect.get("x")), float(rect.get("y"))
            out[place.get("data-location")] = (x, y, x + float(rect.get("width")),
                                               y + float(rect.get("height")))
    return out


def box(svg: str) -> tuple[float, float, float, float]:
    return tuple(map(float, re.search(r'data-narrow-box="([^"]*)"', svg).group(1).split()))


def centre(art: ET.Element) -> tuple[float, float]:
    """The middle of a border's first drawing (a rect or a wavy line)."""
    first = next(node for node in art.iter() if node.tag in (f"{NS}rect", f"{NS}polyline"))
    if first.tag == f"{NS}rect":
        return (float(first.get("x")) + float(first.get("width")) / 2,
                float(first.get("y")) + float(first.get("height")) / 2)
    points = [tuple(map(float, p.split(","))) for p in first.get("points").split()]
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def test_the_narrow_arrangement_is_hidden_unless_the_root_is_narrow():
    svg = GAME.render_svg(next(views()))
    assert '<g class="by-narrow" display="none">' in svg          # renderers without CSS
    assert "svg.narrow .by-wide{display:none}svg.narrow .by-narrow{display:inline}" in STYLE
    assert STYLE in svg
    x, y, w, h = box(svg)
    assert (x, y) == (0, 0) and w == narrow.WIDTH and h > PHONE_FRAME[1]   # it may be tall
    assert 'data-zoom="on"' in svg and 'viewBox="0 0 1016 ' in svg        # the laptop's view


def test_both_arrangements_offer_the_same_clicks_and_references():
    checked = picks = 0
    for view in views():
        for lang in ("en", "ru"):
            found = trees(GAME.render_svg(view, lang))
            wide, narrow_ = offers(found["by-wide"]), offers(found["by-narrow"])
            assert wide == narrow_
            picks += sum(1 for attribute, _who, _keys in wide if attribute == "data-pick")
            checked += 1
    assert checked > 300 and picks > 100


def test_every_place_fits_the_phone_frame_without_overlapping_another():
    c = default_content()
    for view in views(count=8):
        svg = GAME.render_svg(view)
        _x, _y, width, height = box(svg)
        found = tiles(trees(svg)["by-narrow"])
        assert set(found) == set(c.order)
        left = min(t[0] for t in found.values())
        top = min(t[1] for t in found.values())
        right = max(t[2] for t in found.values())
        bottom = max(t[3] for t in found.values())
        assert 0 <= left and right <= width and 0 <= top and bottom <= height
        assert right - left <= PHONE_FRAME[0] and bottom - top <= PHONE_FRAME[1]
        places = sorted(found.values())
        for i, a in enumerate(places):
            for b in places[i + 1:]:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (a, b)


def test_the_same_roads_join_the_same_places():
    """Every border of the pack is drawn once in each arrangement, of its kind, in the gap
    between the two places it joins, which are neighbours there."""
    c = default_content()
    expected = sorted((f"{a}|{b}", kind) for a, b, kind in c.edges)
    svg = GAME.render_svg(next(views()))
    for name, tree in trees(svg).items():
        at = tiles(tree)
        edges = [g for g in tree.iter(f"{NS}g") if g.get("data-edge")]
        assert sorted((g.get("data-edge"), g.get("class").split()[1]) for g in edges) == \
            expected, name
        for g in edges:
            a, b = (at[lid] for lid in g.get("data-edge").split("|"))
            gap = max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3])
            side = min(a[2], b[2]) > max(a[0], b[0]) or min(a[3], b[3]) > max(a[1], b[1])
            assert 0 < gap <= 12 and side, (name, g.get("data-edge"))   # neighbours
            middle = ((a[0] + a[2] + b[0] + b[2]) / 4, (a[1] + a[3] + b[1] + b[3]) / 4)
            x, y = centre(g)
            assert abs(x - middle[0]) < 3 and abs(y - middle[1]) < 3, (name, g.get("data-edge"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_narrow_word_is_12_units_and_inside_the_box(lang):
    seen = 0
    for view in views(count=12):
        svg = GAME.render_svg(view, lang)
        _x, _y, width, height = box(svg)
        tree = trees(svg)["by-narrow"]
        for node in tree.iter(f"{NS}text"):
            size = float(node.get("font-size"))
            assert size >= 12, ET.tostring(node)
            shift = sum(float(n) for n in re.findall(
                r"translate\(([-\d.]+),", " ".join(g.get("transform") or ""
                                                  for g in parents(tree, node))))
            lines = [(node.text or "", float(node.get("x")))]
            lines += [(span.text, float(span.get("x"))) for span in node]     # folded
            y = float(node.get("y")) + sum(float(span.get("dy")) for span in node)
            assert 0 < y <= height
            for words, x in lines:
                span = text_width(words, size, node.get("font-weight") == "bold")
                x += shift
                left = {"start": x, "middle": x - span / 2,
                        "end": x - span}[node.get("text-anchor")]
                assert -0.5 <= left and left + span <= width + 0.5, (words, left, span)
            seen += 1
    assert seen > 1000


def parents(tree: ET.Element, node: ET.Element) -> list[ET.Element]:
    """The groups holding ``node`` inside ``tree``."""
    path: list[ET.Element] = []

    def walk(at: ET.Element) -> bool:
        for child in at:
            if child is node or walk(child):
                path.append(at)
                return True
        return False
    walk(tree)
    return path


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_narrow_place_names_fit_their_tiles_and_tell_the_places_apart(lang):
    c = default_content()
    view = next(views())
    shown = {}
    for lid in c.order:
        lines = narrow.name_lines(view, lid, lang)
        assert 1 <= len(lines) <= 2, lines
        assert all(text_width(line, narrow.SIZE) <= narrow.NAME_ROOM for line in lines), lines
        full = loc_name(lid, lang, c).removeprefix("The ").split()
        words = " ".join(lines).split()
        assert len(words) == len(full)
        for short, whole in zip(words, full):                     # a cut word is a prefix
            assert short == whole or (short.endswith(".") and whole.startswith(short[:-1])
                                      and len(short) >= 4), (short, whole)
        shown[" ".join(lines)] = lid
    assert len(shown) == len(c.order), "two places read alike"
    cut = [name for name in shown if "." in name]
    assert cut                                         # some are cut, and still apart


def test_the_narrow_map_turns_the_wide_grid_a_quarter():
    """The west stands on top and the north on the right: neighbours across stay neighbours
    down, and the other way round."""
    svg = GAME.render_svg(next(views()))
    wide, tall = (tiles(tree) for tree in trees(svg).values())
    assert wide["leshiis_wood"][0] < wide["birch_grove"][0]           # west to east, wide
    assert tall["leshiis_wood"][1] < tall["birch_grove"][1]           # top to bottom, narrow
    assert tall["vilinsk"][0] < tall["leshiis_wood"][0]               # north on the right
    assert abs(tall["leshiis_wood"][0] - tall["birch_grove"][0]) < 1
