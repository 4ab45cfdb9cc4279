"""Pointing at a log line lights what it speaks of: the tile placed, the follower put (its
tile once it has gone back), every tile of a scored feature, the figure moved on the track,
the tile drawn (``GAME.log_refs`` and the pictures' ``data-ref``)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from gonets.agents.base import RandomAgent
from gonets.core import play_match
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.svg.board import COLOURS, tile_art

from .helpers import act, events, play
from .test_messengers import road_five

NS = "{http://www.w3.org/2000/svg}"
TILE = re.compile(r"^tile:(-?\d+),(-?\d+)$")


def lit(svg: str, keys: list[str]) -> list[ET.Element]:
    """The elements of a picture that pointing at a line with ``keys`` lights."""
    root = ET.fromstring(svg)
    return [node for node in root.iter() if set(node.get("data-ref", "").split()) & set(keys)]


def lit_tiles(svg: str, keys: list[str]) -> set[tuple[int, int]]:
    """The cells of the map's tiles that pointing at a line with ``keys`` lights."""
    cells = set()
    for node in lit(svg, keys):
        for key in node.get("data-ref").split():
            match = TILE.match(key)
            if match:
                cells.add((int(match.group(1)), int(match.group(2))))
    return cells


def panel_svg(view: dict, title: str) -> str:
    return next(p["svg"] for p in GAME.panels(view) if p["title"] == title)


def feature_cells(state, x: int, y: int, segment: int) -> set[tuple[int, int]]:
    """The cells of the tiles a feature covers, from the rules' own feature engine."""
    board = state.board
    root = board.find(board.base[board.cells[(x, y)]] + segment)
    mask = board.tmask[root]
    return {board.coords[i] for i in range(len(board.tiles)) if mask >> i & 1}


def test_a_placed_tile_lights_that_tile_alone():
    state = play(["W", "U"], ["place W -1,0 r0", "highwayman 1", "place U 1,0 r90"])
    view = state.view(None)
    place = events(state, "place")[-1]
    assert GAME.log_refs(place) == ["tile:1,0"]
    svg = GAME.render_svg(view)
    (group,) = lit(svg, GAME.log_refs(place))
    assert group.tag == f"{NS}g"
    title = group.find(f"{NS}title").text
    assert title == "a tile with a road (next to the start tile, on the east side)"
    drawn = re.search(r'<g [^>]*data-ref="tile:1,0[ "].*?</title>(.*?)</g>', svg).group(1)
    assert drawn == tile_art("U", 1, 60), "the tile turned as placed"


def test_a_follower_lights_its_figure_and_once_it_is_back_its_tile():
    state = play(["W", "U"], ["place W -1,0 r0", "highwayman 1"])
    put = events(state, "follower")[-1]
    keys = GAME.log_refs(put)
    assert keys == [f"follower:-1,0,{put['segment']}"]
    (figure,) = lit(GAME.render_svg(state.view(1)), keys)
    assert figure.find(f"{NS}title").text.startswith("yellow highwayman on the road")
    assert figure.find(f"{NS}path").get("fill") == COLOURS[0]
    scored = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])      # the road is finished
    put = events(scored, "follower")[0]
    svg = GAME.render_svg(scored.view(None))
    nodes = lit(svg, GAME.log_refs(put))
    assert [TILE.match(node.get("data-ref").split()[0]).groups() for node in nodes] == \
        [("-1", "0")], "no figure left: its tile"


def test_a_scored_feature_lights_every_tile_it_covers():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    (score,) = events(state, "score")
    svg = GAME.render_svg(state.view(None))
    road = feature_cells(state, score["x"], score["y"], score["segment"])
    assert road == {(-1, 0), (0, 0), (1, 0), (2, 0), (3, 0)}
    assert lit_tiles(svg, GAME.log_refs(score)) == road
    (figure,) = events(state, "figure")
    assert lit_tiles(svg, GAME.log_refs(figure)) == road, "the points' feature"
    track = panel_svg(state.view(None), "Scoring track")
    (moved,) = lit(track, GAME.log_refs(figure))
    assert moved.get("data-figure") == "p1 meeple"
    (trigger,) = events(state, "trigger")
    assert [n.get("data-figure") for n in lit(track, GAME.log_refs(trigger))] == ["p1 meeple"]


def test_the_final_scoring_lights_each_feature_and_the_totals_the_figures():
    config = GAME.configure(3, "c3")
    agents = [RandomAgent(GAME, config, s, random.Random(40 + s)) for s in range(3)]
    state = play_match(GAME, config, agents, seed=4).state
    view = state.view(None)
    svg = GAME.render_svg(view)
    finals = events(state, "final")
    assert finals
    for event in finals:
        assert lit_tiles(svg, GAME.log_refs(event)) == feature_cells(
            state, event["x"], event["y"], event["segment"]), event
    track = panel_svg(view, "Scoring track")
    (end,) = events(state, "end")
    assert sorted(n.get("data-figure") for n in lit(track, GAME.log_refs(end))) == \
        ["p1 meeple", "p2 meeple", "p3 meeple"]


def test_after_the_merge_a_messenger_line_lights_the_meeple():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8], extra=["E"])
    act(state, "message seal", "figure messenger")
    messenger = events(state, "figure")[-1]
    assert messenger["figure"] == "messenger"
    track = panel_svg(state.view(None), "Scoring track")
    assert [n.get("data-figure") for n in lit(track, GAME.log_refs(messenger))] == \
        ["p1 messenger"]
    state.pile = []                  # the game ends: the figures are merged
    state._finish()
    track = panel_svg(state.view(None), "Scoring track")
    assert [n.get("data-figure") for n in lit(track, GAME.log_refs(messenger))] == \
        ["p1 meeple"], "the messenger's points stand with the meeple"


def test_a_draw_lights_the_tile_in_hand_then_the_tiles_of_that_type_laid():
    state = play(["W", "U"], ["place W -1,0 r0", "highwayman 1"])
    draw = events(state, "draw")[-1]
    assert draw["tile"] == "U" and draw["player"] == 1
    keys = GAME.log_refs(draw)
    hand = next(p["svg"] for p in GAME.panels(state.view(None)) if "data-hand" in p["svg"])
    (held,) = lit(hand, keys)
    assert held.find(f"{NS}use").get("href") == "#cch-h0"
    assert not lit_tiles(GAME.render_svg(state.view(None)), keys)
    first = events(state, "draw")[0]
    assert lit_tiles(GAME.render_svg(state.view(None)), GAME.log_refs(first)) == {(-1, 0)}


def test_lines_of_nothing_on_the_board_refer_to_nothing():
    for event in ({"type": "discard", "player": 0, "tile": "X"},
                  {"type": "no_follower", "player": 1},
                  {"type": "message", "player": 0, "number": 6, "name": "2 per knight"},
                  {"type": "chain", "player": 0, "draw": True}):
        assert GAME.log_refs(event) == []
