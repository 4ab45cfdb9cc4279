"""Terminal rendering, menu descriptions, log lines and the SVG picture (snapshot tests)."""

from __future__ import annotations

import os
import re
import xml.dom.minidom
from pathlib import Path

import pytest
from rich.console import Console

from .helpers import GAME, scenario

SNAPSHOTS = Path(__file__).parent / "snapshots"
EVENT_KINDS = {"start", "coins", "shuffle", "turn", "place", "display", "draw", "message",
               "travel", "coin", "reveal", "njet", "bank", "bribe", "extra", "decline", "end",
               "pass", "win"}


def iwan_view(seat=0):
    record = scenario("iwan")
    return record.replay(upto=len(record.steps) - 1).view(seat)


def text_of(renderable) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_terminal_board_shows_rows_rooms_owners_messages_closed_inns_and_guards():
    out = text_of(GAME.render_text(iwan_view()))
    for word in ("Palace guards", "price 10", "above MASL HOF (skip)", "Grassland", "Mountains",
                 "Forest", "Swamp", "ROMAN HOF", "CLOSED", "IWAN 3/3 full", "Co red",
                 "Di green ✉p2", "Players", "p1 (you) ◀", "coin pile 30"):
        assert word in out, word
    # rows run from the grassland down to the swamp
    assert out.index("Grassland") < out.index("Mountains") < out.index("Forest") \
        < out.index("Swamp")


def test_menu_lines_read_as_the_issue_asks():
    view = iwan_view()
    lines = {text: GAME.describe_action(view, text) for text in view["legal"]}
    assert all(lines.values())
    assert lines["travel iwan diplomat katharina cossack rachmanin"].startswith(
        "travel from IWAN: green Diplomat (with p2's message) first to KATHARINA, then red "
        "Cossack -> RACHMANIN HOF (skips the Mountains)")
    assert GAME.describe_action(view, "draw").startswith("draw the top courier")


def test_every_event_of_real_matches_has_a_readable_line():
    seen = set()
    for name in ("pawl", "rubles_win", "rubles_njet", "iwan"):
        state = scenario(name).replay()
        for event in state.view(0)["log"]:
            line = GAME.describe_event(event)
            assert line and not line.startswith("{"), event
            seen.add(event["e"])
    samples = [{"e": "coin", "seat": 1}, {"e": "coin", "seat": 1, "coin": "2"},
               {"e": "bribe", "seat": 0, "coins": ["3", "3"], "guard": "PAWL HOF"},
               {"e": "extra", "seat": 0, "colour": "purple"}, {"e": "decline", "seat": 0},
               {"e": "pass", "seat": 2}, {"e": "end", "seat": 1},
               {"e": "message", "seat": 0, "inn": "OLGA", "type": "officer",
                "from_inn": "NATASCHA", "from_type": "diplomat"}]
    for event in samples:
        assert not GAME.describe_event(event).startswith("{")
        seen.add(event["e"])
    assert seen >= EVENT_KINDS, EVENT_KINDS - seen


def keys_in(svg: str) -> set[str]:
    found = set()
    for value in re.findall(r'data-pick="([^"]*)"', svg):
        found.update(value.split("|"))
    return found


@pytest.mark.parametrize("name,seat", [("iwan", 0), ("pawl", 0), ("rubles_njet", 1),
                                       ("two_colours", 0)])
def test_svg_is_valid_and_every_legal_action_is_clickable(name, seat):
    record = scenario(name)
    state = record.replay(upto=len(record.steps) - 1)
    view = state.view(state.current_player())
    svg = GAME.render_svg(view)
    xml.dom.minidom.parseString(svg)
    clickable = keys_in(svg) | {"end", "extra", "decline", "pass"}   # yes/no: buttons
    for text in view["legal"]:
        assert set(GAME.action_steps(view, text)) <= clickable, text
    assert "data-action" not in svg


def test_svg_of_a_spectator_has_no_actions():
    assert keys_in(GAME.render_svg(iwan_view(None))) == set()


@pytest.mark.parametrize("name", ["iwan_p1", "pawl_p2"])
def test_svg_snapshot(name):
    record = scenario(name.split("_")[0])
    seat = int(name[-1]) - 1
    view = record.replay(upto=len(record.steps) - 1).view(seat)
    svg = GAME.render_svg(view)
    path = SNAPSHOTS / f"{name}.svg"
    if os.environ.get("UPDATE_SNAPSHOTS") or not path.exists():
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
    assert svg == path.read_text(encoding="utf-8"), \
        "SVG changed: check it, then regenerate with UPDATE_SNAPSHOTS=1"
