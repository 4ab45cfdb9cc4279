"""The picture's two arrangements at 5-8 players: the wide one (two columns of seats, a
laptop's) and the narrow one a phone's board shows instead (``data-narrow-box``, the root's
class ``narrow``; web/board.js): one column of short seat rows 372 wide, as the single
arrangement of 2-4 players is. Both offer the same clicks, previews and log references."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from gonets.core import Match
from gonets.games.loveletter import GAME
from gonets.games.loveletter.svg.parts import NARROW, WIDTH
from tests.loveletter.helpers import run, stack

SVG = "{http://www.w3.org/2000/svg}"
PHONE_FRAME = (372 - 16, 608 - 16)
"""The board's box on a 390 x 844 phone (372 x 608 px) less the 8 px board.js keeps free
around what may be clicked."""
MARKED = ("data-pick", "data-show", "data-ref", "data-focus")


def views(players: int, preset: str = "seed", seeds=range(2), every: int = 3):
    """Views of random matches: the deciding seat's every ``every``-th decision, and a
    spectator's."""
    for seed in seeds:
        match = Match(GAME, GAME.configure(players, preset), seed=seed)
        rng = random.Random(seed)
        for step in range(2000):
            match.deal()
            state = match.state
            if state.is_terminal():
                yield state.view(None)
                break
            if step % every == 0:
                yield state.view(state.current_player())
                yield state.view(None)
            legal = state.legal_actions()
            state.act(state.current_player(), legal[rng.randrange(len(legal))])


def trees(svg: str) -> tuple[ET.Element, dict[str, ET.Element]]:
    """The root and its arrangements by name ('wide', 'narrow')."""
    root = ET.fromstring(svg)
    found = {g.get("class")[3:]: g for g in root.findall(f"{SVG}g")
             if g.get("class") in ("ll-wide", "ll-narrow")}
    return root, found


def offers(tree: ET.Element) -> Counter:
    """What the elements of an arrangement offer: (attribute, which element, keys)."""
    found: Counter = Counter()
    for node in tree.iter():
        for attribute in MARKED:
            if node.get(attribute) is not None:
                who = node.get("data-seat") or node.get("data-card") or node.get("class")
                found[(attribute, who, node.get(attribute))] += 1
    return found


def narrow_box(root: ET.Element) -> tuple[float, ...]:
    return tuple(map(float, root.get("data-narrow-box").split()))


def seat_frames(tree: ET.Element) -> dict[int, tuple[float, float, float, float]]:
    """Each seat area's frame (its first rectangle) as (x, y, w, h)."""
    found = {}
    for area in tree.iter(f"{SVG}g"):
        if area.get("class") == "seat":
            rect = area.find(f"{SVG}rect")
            found[int(area.get("data-seat"))] = tuple(
                float(rect.get(name)) for name in ("x", "y", "width", "height"))
    return found


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_both_arrangements_offer_the_same_clicks_previews_and_references(players):
    checked = 0
    for step, view in enumerate(views(players, "premium" if players % 2 else "seed")):
        lang = "ru" if step % 2 else "en"
        root, found = trees(GAME.render_svg(view, lang))
        assert set(found) == {"wide", "narrow"}
        assert offers(found["wide"]) == offers(found["narrow"])
        assert sum(offers(found["wide"]).values()) > players
        checked += 1
    assert checked > 20


def test_the_narrow_arrangement_is_hidden_unless_the_root_is_narrow():
    svg = GAME.render_svg(next(views(6)))
    root, found = trees(svg)
    assert found["narrow"].get("display") == "none"      # renderers without CSS
    assert found["wide"].get("display") is None
    [style] = root.findall(f"{SVG}style")
    assert "svg.narrow .ll-wide{display:none}" in style.text
    assert "svg.narrow .ll-narrow{display:inline}" in style.text
    assert root.get("viewBox") == f"0 0 {WIDTH} {root.get('height')}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_up_to_four_players_one_narrow_arrangement(players):
    svg = GAME.render_svg(next(views(players)))
    root, found = trees(svg)
    assert not found and root.get("data-narrow-box") is None and "<style>" not in svg
    assert root.get("width") == str(NARROW)


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_the_narrow_arrangement_stacks_every_seat_in_one_column_inside_its_box(players):
    """Every seat area is moved into one column as wide as the box allows, in turn order,
    none overlapping another; every rectangle and word lies inside the box."""
    checked = 0
    for step, view in enumerate(views(players, "premium" if players % 2 else "seed")):
        lang = "ru" if step % 2 else "en"
        root, found = trees(GAME.render_svg(view, lang))
        x, y, w, h = narrow_box(root)
        assert (x, y, w) == (0, 0, NARROW) and w <= PHONE_FRAME[0] + 16
        frames = seat_frames(found["narrow"])
        assert sorted(frames) == list(range(players))
        wide = seat_frames(found["wide"])
        assert len({left for left, *_ in wide.values()}) == 2        # two columns there
        column = sorted(frames.values(), key=lambda f: f[1])
        assert {(left, width) for left, _, width, _ in column} == {(12, NARROW - 24)}
        for (_, top, _, tall), (_, below, _, _) in zip(column, column[1:]):
            assert top + tall < below, column
        for rect in found["narrow"].iter(f"{SVG}rect"):
            left, top = float(rect.get("x", 0)), float(rect.get("y", 0))
            right, bottom = left + float(rect.get("width")), top + float(rect.get("height"))
            assert 0 <= left and right <= w and 0 <= top and bottom <= h, ET.tostring(rect)
        for word in found["narrow"].iter(f"{SVG}text"):
            assert 0 <= float(word.get("x")) <= w and 0 <= float(word.get("y")) <= h
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [5, 6])
def test_five_or_six_seats_fit_a_phone_board_at_a_pixel_a_unit(players):
    """A decision may offer every seat at once (a Prince, a Guard): all the seat rows fit the
    phone's board box at their own size, where their 12-unit words are 12 px."""
    tallest = 0.0
    for step, view in enumerate(views(players, seeds=range(4), every=2)):
        _, found = trees(GAME.render_svg(view, "ru" if step % 2 else "en"))
        frames = seat_frames(found["narrow"]).values()
        span = max(y + h for _, y, _, h in frames) - min(y for _, y, _, _ in frames)
        tallest = max(tallest, span)
    assert 0 < tallest <= PHONE_FRAME[1]


def test_the_chancellors_three_cards_stay_inside_the_narrow_picture():
    preset = "zman-2019"
    deck = stack(3, "guard", ["chancellor", "priest", "baron"], ["guard", "king", "spy"],
                 preset=preset)
    view = run(3, [deck, "chancellor"], preset=preset).view(0)
    assert len(view["hand"]) == 3
    svg = GAME.render_svg(view)
    root = ET.fromstring(svg)
    width = float(root.get("width"))
    cards = [g.find(f"{SVG}rect") for g in root.iter(f"{SVG}g")
             if g.get("class") == "card" and re.match(r"keep:", g.get("data-pick") or "")]
    assert len(cards) == 3
    edges = sorted((float(r.get("x")), float(r.get("x")) + float(r.get("width")))
                   for r in cards)
    assert edges[-1][1] <= width - 12
    assert all(right <= left for (_, right), (left, _) in zip(edges, edges[1:]))
