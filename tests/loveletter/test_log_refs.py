"""Log lines point at the table: every key of an event's ``log_refs`` is carried in
``data-ref`` by an element of the picture or of a panel's picture that each seat (and the
spectator) sees right after the event, the keys are the right elements, and a line a seat
reads with hidden cards names nothing more than the spectator's line."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import Match, play_match
from gonets.games.loveletter import GAME
from gonets.games.loveletter.svg.summary import final_table, last_round
from tests.loveletter.helpers import run, stack

SVG = "{http://www.w3.org/2000/svg}"
DATA_REF = re.compile(r'data-ref="([^"]*)"')


def pictures(view: dict) -> tuple[str, list[str]]:
    """The table picture and the panels' pictures of a view."""
    return GAME.render_svg(view), [p["svg"] for p in GAME.panels(view) if p.get("svg")]


def drawn(svgs) -> set[str]:
    return {key for svg in svgs for keys in DATA_REF.findall(svg) for key in keys.split()}


def carrying(svg: str, key: str) -> list[tuple[ET.Element, list[ET.Element]]]:
    """The elements of a picture whose ``data-ref`` holds ``key``, each with its ancestors
    (outermost first)."""
    found = []

    def walk(element, above):
        if key in (element.get("data-ref") or "").split():
            found.append((element, above))
        for child in element:
            walk(child, [*above, element])

    walk(ET.fromstring(svg), [])
    return found


def seat_of(above: list[ET.Element]) -> int | None:
    """The seat area an element is drawn in, if any."""
    areas = [a for a in above if a.get("class") == "seat"]
    return int(areas[-1].get("data-seat")) if areas else None


def cases() -> list:
    found = []
    for preset in GAME.presets:
        low, high = GAME.player_range(preset.name)
        found += [pytest.param(preset.name, n, id=f"{preset.name}-{n}") for n in (low, high)]
    return found + [pytest.param("seed", 3, id="seed-3")]


@pytest.mark.parametrize("preset,players", cases())
def test_whole_matches_every_seat_sees_what_each_line_points_at(preset, players):
    options = {"spare_card": "look_swap_burn"} if players % 2 else {}
    match = Match(GAME, GAME.configure(players, preset, options), seed=players)
    rng = random.Random(players)
    viewers = [None, *range(players)]
    known = {viewer: 0 for viewer in viewers}
    kinds: set[str] = set()
    for _ in range(3000):
        match.deal()
        state = match.state
        public = state.view(None)["log"]
        for viewer in viewers:
            view = state.view(viewer)
            fresh = view["log"][known[viewer]:]
            known[viewer] = len(view["log"])
            table, panels = pictures(view)
            keys = drawn([table, *panels])
            start = len(view["log"]) - len(fresh)
            for i, event in enumerate(fresh, start):
                refs = GAME.log_refs(event)
                assert refs, f"{event} refers to nothing"
                assert refs == GAME.log_refs(public[i]), f"{event} names hidden things"
                missing = [key for key in refs if key not in keys]
                assert not missing, f"{missing} of {event} are not drawn for seat {viewer}"
                kinds.add(event["e"])
        if state.is_terminal():
            break
        legal = state.legal_actions()
        match.act(state.current_player(), legal[rng.randrange(len(legal))])
    assert state.is_terminal()
    assert {"play", "draw", "round_end", "token", "game_end"} <= kinds


def test_a_guard_that_hits_points_at_its_card_its_target_and_the_badge():
    deck = stack(4, "guard", ["guard", "priest", "baron", "handmaid"], ["king"])
    state = run(4, [deck, "guard p3 3"])
    view = state.view(0)
    events = {e["e"]: e for e in view["log"][-5:]}
    assert GAME.log_refs(events["play"]) == ["seat:0", "discard:0:guard:played", "seat:2"]
    assert GAME.log_refs(events["guard"]) == ["seat:0", "discard:0:guard:played", "seat:2",
                                              "hand:2"]
    assert GAME.log_refs(events["out"]) == ["seat:2", "out:2"]
    assert GAME.log_refs(events["discard"]) == ["seat:2", "discard:2:baron:knockout"]
    svg = GAME.render_svg(view)
    [(guard, above)] = carrying(svg, "discard:0:guard:played")
    assert guard.get("data-card") == "guard" and seat_of(above) == 0
    [(baron, above)] = carrying(svg, "discard:2:baron:knockout")
    assert baron.get("data-card") == "baron" and seat_of(above) == 2
    [(badge, above)] = carrying(svg, "out:2")
    assert badge.get("class") == "badge" and seat_of(above) == 2
    [(area, _)] = carrying(svg, "seat:2")
    assert area.get("class") == "seat" and area.get("data-seat") == "2"
    # p3 holds nothing now: its area stands for its hand; p2's hand is its backs
    [(held, _)] = carrying(svg, "hand:2")
    assert held.get("class") == "seat" and held.get("data-seat") == "2"
    [(backs, above)] = carrying(svg, "hand:1")
    assert backs.get("class") is None and seat_of(above) == 1
    assert backs.findall(f"{SVG}g[@class='back']")
    # the viewer's own hand is its large cards
    [(mine, above)] = carrying(svg, "hand:0")
    assert seat_of(above) is None and mine.findall(f"{SVG}g[@class='card']")


def test_a_token_points_at_its_pip_and_the_last_turn_at_the_round_summary():
    first = stack(2, "guard", ["guard", "baron"], ["priest"])
    second = stack(2, "guard", ["priest", "handmaid"], ["king"])
    state = run(2, [first, "guard p2 3", second])
    view = state.view(1)
    log = view["log"]
    assert view["round"] == 2
    token = next(e for e in log if e["e"] == "token")
    assert GAME.log_refs(token) == ["seat:0", "token:0:1"]
    table, panels = pictures(view)
    [(pip, above)] = carrying(table, "token:0:1")
    assert pip.tag == f"{SVG}circle" and pip.get("fill") != "none" and seat_of(above) == 0
    [(empty, _)] = carrying(table, "token:0:2")                 # not won yet
    assert empty.get("fill") == "none"
    # the Guard of round 1 is no longer on the table (round 2 is dealt) but in the summary
    play = next(e for e in log if e["e"] == "play")
    key = GAME.log_refs(play)[1]
    assert key == "discard:0:guard:played" and not carrying(table, key)
    [summary] = panels
    [(guard, _)] = carrying(summary, key)
    assert guard.get("data-card") == "guard"
    end = next(e for e in log if e["e"] == "round_end")
    assert GAME.log_refs(end) == ["round:1", "seat:0"]
    assert carrying(summary, "round:1") and carrying(table, "round:2")
    assert carrying(summary, "out:1") and carrying(summary, "discard:1:baron:knockout")


def test_a_look_names_no_hidden_card():
    deck = stack(4, "guard", ["priest", "princess", "baron", "handmaid"], ["guard"])
    state = run(4, [deck, "priest p2"])
    mine, theirs = state.view(0)["log"][-2], state.view(None)["log"][-2]
    assert mine["e"] == "look" and mine["card"] == "princess" and "card" not in theirs
    assert GAME.log_refs(mine) == GAME.log_refs(theirs) == ["seat:0", "seat:1", "hand:1"]


def test_burning_the_set_aside_card_points_at_the_burned_card_and_the_new_spare():
    deck = stack(4, "baron", ["prince", "priest", "guard", "handmaid"], ["guard"],
                 spare_card="look_swap_burn")
    state = run(4, [deck, "prince spare"], spare_card="look_swap_burn")
    burn = state.view(2)["log"][-2]
    assert burn["e"] == "burn" and burn["card"] == "baron"
    assert GAME.log_refs(burn) == ["seat:0", "discard:0:prince:played", "burned:baron",
                                   "spare"]
    svg = GAME.render_svg(state.view(2))
    [(burned, above)] = carrying(svg, "burned:baron")
    assert burned.get("data-card") == "baron" and seat_of(above) is None
    [(spare, _)] = carrying(svg, "spare")
    assert spare.get("class") == "spare" and spare.findall(f"{SVG}g[@class='back']")


def test_the_summary_rebuilds_the_piles_the_table_ended_with():
    match = Match(GAME, GAME.configure(5, "premium"), seed=11)
    rng = random.Random(11)
    match.deal()
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.act(match.state.current_player(), legal[rng.randrange(len(legal))])
    view = match.state.view(None)
    final, events = last_round(view["log"])
    table = final_table(events, 5)
    assert table["piles"] == tuple(tuple((d["card"], d["cause"]) for d in s["discards"])
                                   for s in view["seats"])
    assert table["out"] == {s["seat"] for s in view["seats"] if not s["in_round"]}
    assert list(table["burned"]) == view["burned"]


def test_a_line_of_an_earlier_round_names_that_rounds_picture_only():
    """Read in order, a play of round 1 names its chip with the round (``@1``): the table of
    round 2 (``data-scope="2"``) does not light it, the summary of round 1 does."""
    config = GAME.configure(2)
    agents = [RandomAgent(GAME, config, s, random.Random(s)) for s in range(2)]
    views = []
    play_match(GAME, config, agents, seed=2, on_step=lambda m: views.append(m.state.view(0)))
    view = next(v for v in views if v.get("round") == 2)
    refs = GAME.refs_reader()(view["log"])
    first = next(keys for event, keys in zip(view["log"], refs) if event["e"] == "play")
    chip = first[1]
    assert chip.startswith("discard:") and chip.endswith("@1"), first
    assert 'data-scope="2"' in GAME.render_svg(view)
    (summary,) = [p["svg"] for p in GAME.panels(view) if "data-scope" in (p.get("svg") or "")]
    drawn = {key for keys in re.findall(r'data-ref="([^"]*)"', summary) for key in keys.split()}
    assert 'data-scope="1"' in summary and chip.removesuffix("@1") in drawn
