"""Views, records, text and SVG pictures, descriptions, the bot and the game commands."""

from __future__ import annotations

import json
import random
import re

from typer.testing import CliRunner

from gonets.agents.base import RandomAgent
from gonets.agents.ismcts import ISMCTSAgent
from gonets.core import Record, play_match
from gonets.games.carcassonne import GAME, bot
from gonets.games.carcassonne.bot import HeuristicAgent
from gonets.games.carcassonne.cli import app

from .helpers import act, play
from .test_messengers import road_five


def finished_match(seed=3, players=2, preset="c3"):
    config = GAME.configure(players, preset)
    agents = [HeuristicAgent(GAME, config, 0, random.Random(seed))] + [
        RandomAgent(GAME, config, s, random.Random(seed + s)) for s in range(1, players)]
    return play_match(GAME, config, agents, seed=seed)


def test_view_carries_what_a_deciding_agent_needs():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    view = state.view(0)
    for key in ("scores", "supply", "slots", "remaining", "hand", "messages", "part", "active",
                "decision", "round", "lock", "log", "board"):
        assert key in view
    assert view["decision"] == {"kind": "message", "player": 0,
                                "options": ["message action", "message seal"]}
    assert view["legal"] == ["message action", "message seal"]
    scores = [e for e in view["log"] if e["type"] == "score"]
    assert scores[0]["rule"] and scores[0]["holders"] == [0] and scores[0]["tiles"] == 5


def test_every_seat_sees_the_same_public_view():
    state = play(["U"], ["place U 1,0 r90", "farmer 1"], players=3)
    views = [state.view(seat) for seat in (None, 0, 1, 2)]
    strip = [{k: v for k, v in view.items() if k not in ("seat", "legal")} for view in views]
    assert all(v == strip[0] for v in strip)


def test_record_holds_the_score_breakdown():
    match = finished_match()
    record = json.loads(match.record.dumps())
    scoring = record["result"]["detail"]["scoring"]
    assert any(e["type"] == "final" for e in scoring)
    assert Record.from_json(record).replay().snapshot() == match.state.snapshot()


def test_text_picture_shows_map_hand_rotations_scores_and_remaining():
    state = play(["J"], [])
    text = GAME.render_text(state.view(0))
    assert "Tile in hand: a tile with a city and a road" in text and "¼ left" in text
    assert "p1 yellow" in text and "messenger" in text
    assert "Pile: 70 tiles (6 with a monastery, 42 with a city" in text
    assert "(3) next to the start tile, on the east side: ¼ right, ½ turn" in text
    assert "(3)" in text.split("On the map")[0], "the cells are numbered on the map"


def test_svg_is_standalone_and_every_legal_action_is_clickable():
    for state in (play(["J"], []), play(["J"], ["place J 1,0 r90"]),
                  road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])):
        view = state.view(state.current_player())
        svg = GAME.render_svg(view)
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
        pictures = svg + "".join(panel.get("svg", "") for panel in GAME.panels(view))
        carried = set()
        for found in re.findall(r'data-pick="([^"]*)"', pictures):
            carried.update(found.split("|"))
        buttons = {"spot:none", "message:action", "message:seal", "chain:draw", "chain:stop"}
        for text in view["legal"]:
            first = GAME.action_steps(view, text)[0]
            assert first in carried or first in buttons, text


def test_descriptions_read_well():
    state = play(["J"], [])
    view = state.view(0)
    assert GAME.describe_action(view, "place J 1,0 r90") == \
        "Place the tile next to the start tile, on the east side, turned a quarter right"
    act(state, "place J 1,0 r90")
    view = state.view(0)
    assert GAME.describe_action(view, "knight 1") == "Put a knight in the city"
    lines = GAME.describe_log(view["log"])
    assert lines[-1] == "p1 places a tile with a city and a road next to the start tile, " \
        "on the east side"


def test_heuristic_bot_beats_random():
    wins = 0
    for seed in range(6):
        result = finished_match(seed).state.result()
        wins += result.winners == [0]
    assert wins >= 5


def test_heuristic_bot_plays_every_preset_and_player_count():
    for preset, players in (("zmg_c2", 3), ("c3_1", 4), ("base", 2)):
        match = finished_match(7, players, preset)
        assert match.state.is_terminal()


def test_tiles_command_lists_every_type():
    result = CliRunner().invoke(app, ["tiles"])
    assert result.exit_code == 0
    assert "X x1 RRRR" in result.output and "D x4 CRFR start" in result.output


def test_remaining_command_reads_a_record(tmp_path):
    path = finished_match().record.save(tmp_path / "m.json")
    result = CliRunner().invoke(app, ["remaining", str(path)])
    assert result.exit_code == 0 and "Pile: 0 tiles" in result.output


def test_search_hooks_cut_playouts_and_score_the_position():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])      # p1 has 5 points banked
    chances = GAME.evaluate(state)
    assert abs(sum(chances) - 1) < 1e-9 and chances[0] > chances[1]
    start = state.clone()
    assert not bot.rollout_done(start, state, 1)
    act(state, "message seal")
    assert not bot.rollout_done(start, state, 2), "the turn is not over"
    act(state, "figure messenger")                           # p2's turn begins
    assert state.turn - start.turn == bot.TURNS == 1
    assert bot.rollout_done(start, state, 3), "a playout stops when the next turn starts"
    agent = ISMCTSAgent(GAME, state.config, state.current_player(), random.Random(1),
                        iterations=30)
    view = state.view(state.current_player())
    assert agent.act(view, state.legal_actions()) in state.legal_actions()
