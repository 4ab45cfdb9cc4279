"""The Messengers: every scenario of section 3.6 and the decisions M1-M25.

Most scenarios start from the same table: p1 puts a highwayman on the start tile's road and,
on turn 5, closes it as a 5-tile road (W junction, D, U, U, W junction) worth 5 points. Some
set the figures' totals before that last step (``scores``), as if earlier turns had scored.
"""

from __future__ import annotations

import json
import random

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import IllegalAction
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.bot import StandingPreference

from .helpers import act, empty_pile, events, legal_texts, play, put_follower

ROAD5 = ["place W -1,0 r0", "highwayman 1", "place U 1,0 r90", "pass", "place U 2,0 r90",
         "pass", "place B 0,-1 r0", "pass", "place W 3,0 r0"]
ROAD_AND_CITY = ["place W -1,0 r0", "highwayman 1", "place V 1,0 r0", "pass",
                 "place E 0,-1 r90", "knight 1", "place B 2,0 r0", "pass", "place L 1,-1 r270"]


def road_five(preset="c3", messages=None, extra=(), scores=None, setup=None, players=2):
    state = play(["W", "U", "U", "B", "W", *extra], ROAD5, preset=preset, messages=messages,
                 players=players)
    if scores:
        state.scores = [list(pair) for pair in scores]
    if setup:
        setup(state)
    act(state, "pass")
    return state


def test_figures_start_on_zero_and_equal_totals_move_the_meeple_forced():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    (figure,) = events(state, "figure")
    assert figure == {"type": "figure", "player": 0, "figure": "meeple", "points": 5,
                      "total": 5, "forced": True, "source": "road", "at": [-1, 0, 0]}
    (score,) = events(state, "score")
    assert [score["x"], score["y"], score["segment"]] == figure["at"], \
        "the figure entry names the feature whose points it took (M30)"


def test_trigger_on_own_turn_draws_a_message():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    assert events(state, "trigger") == [{"type": "trigger", "player": 0, "figures": ["meeple"]}]
    assert state.phase == "message" and state.current_player() == 0
    assert legal_texts(state) == ["message action", "message seal"]
    view = state.view(1)
    assert view["messages"]["current"] == 6 and view["messages"]["known"] == [6]
    assert view["messages"]["unseen"] == 7
    act(state, "message seal", "figure messenger")
    assert state.scores[0] == [5, 2]
    assert state.current_player() == 1 and state.phase == "place"


def test_no_trigger_for_an_opponent_landing_on_a_dark_space():
    state = play(["W", "U", "U", "W"], ["place W -1,0 r0", "highwayman 1", "place U 1,0 r90",
                                        "pass", "place U 2,0 r90", "pass", "place W 3,0 r0",
                                        "pass"])
    assert state.scores[0] == [5, 0]
    assert not events(state, "trigger") and not events(state, "message")
    assert state.current_player() == 0 and state.phase == "place"


def test_one_message_when_both_figures_land_on_dark_spaces():
    state = play(["W", "V", "E", "B", "L"], ROAD_AND_CITY)
    state.scores = [[1, 6], [0, 0]]
    act(state, "pass")
    pending = state.view(0)["round"]["events"]
    assert [(e["source"], e["points"]) for e in pending] == [("road", 4), ("city", 4)]
    act(state, "figure meeple", "figure messenger")
    assert state.scores[0] == [5, 10]
    assert events(state, "trigger")[0]["figures"] == ["meeple", "messenger"]
    assert len(events(state, "message")) == 1


def test_chain_from_the_two_point_seal():
    state = road_five(messages=[6, 7, 1, 2, 3, 4, 5, 8], scores=[[0, 8], [0, 0]])
    act(state, "figure meeple")                 # 5: dark, message 6
    act(state, "message seal", "figure messenger")   # 8 + 2 = 10: dark again
    assert state.phase == "chain" and legal_texts(state) == ["chain draw", "chain stop"]
    act(state, "chain draw")
    assert [e["number"] for e in events(state, "message")] == [6, 7]


def test_declined_chain_ends_the_turn_and_reveals_nothing():
    state = road_five(messages=[6, 7, 1, 2, 3, 4, 5, 8], scores=[[0, 8], [0, 0]])
    act(state, "figure meeple", "message seal", "figure messenger", "chain stop")
    view = state.view(None)
    assert view["messages"]["known"] == [6] and view["messages"]["unseen"] == 7
    assert state.current_player() == 1


def test_zero_point_message_moves_nothing_and_cannot_chain():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    act(state, "message action")                # no knights: 0 points
    assert events(state, "message_result")[0]["points"] == 0
    assert state.scores[0] == [5, 0] and state.current_player() == 1


def test_message_4_extra_tile_with_its_own_round_and_message():
    state = road_five(messages=[4, 6, 1, 2, 3, 5, 7, 8], extra=["E"], scores=[[0, 6], [0, 0]])
    act(state, "figure meeple", "message action")
    assert state.part == "extra" and state.hand == "E" and state.current_player() == 0
    act(state, "place E 0,1 r180", "knight 1")  # completes the start tile's city: 4 points
    act(state, "figure messenger")              # 6 + 4 = 10
    assert [e["number"] for e in events(state, "message")] == [4, 6]
    assert state.phase == "message"
    act(state, "message seal", "figure meeple")
    assert state.scores[0] == [7, 10] and state.current_player() == 1


def test_message_4_with_an_empty_pile_only_offers_the_seal():
    state = road_five(messages=[4, 6, 1, 2, 3, 5, 7, 8], setup=empty_pile)
    result = events(state, "message_result")
    assert result == [{"type": "message_result", "player": 0, "number": 4, "forced": True,
                       "option": "seal", "points": 2}]
    assert state.phase == "figure" and state.current_player() == 0
    act(state, "figure meeple")
    assert state.is_terminal() and state.result().scores == [7.0, 0.0]


def _target_road(state, p2_count):
    put_follower(state, 0, -1, 0, 1)            # p1 on the W junction's south road
    for _ in range(p2_count):
        put_follower(state, 1, -1, 0, 1)


@pytest.mark.parametrize("preset,p2,points", [("c3", 2, 0), ("hig_c2", 2, 0), ("zmg_c2", 2, 1),
                                              ("c3", 1, 1)])
def test_message_8_majority_rule_by_variant(preset, p2, points):
    state = road_five(preset=preset, messages=[8, 1, 2, 3, 4, 5, 6, 7],
                      setup=lambda s: _target_road(s, p2))
    assert legal_texts(state) == ["message seal", "recall -1,0 highwayman 2"]
    act(state, "recall -1,0 highwayman 2")
    result = events(state, "message_result")[0]
    assert result["points"] == points and result["followers"] == [1, p2]
    assert state.slots[0].count(-1) == 7, "the follower comes back even with 0 points"
    assert state.slots[1].count(-1) == 7 - p2, "the others stay"


def test_message_8_farmer_scores_three_per_completed_city():
    def setup(state):
        put_follower(state, 0, 0, -1, 0)       # farmer on B: the big southern field
    state = road_five(messages=[8, 1, 2, 3, 4, 5, 6, 7], setup=setup)
    act(state, "recall 0,-1 farmer 1")
    assert events(state, "message_result")[0]["points"] == 0   # no completed city borders it


@pytest.mark.parametrize("number,points", [(1, 1), (2, 3), (3, 4), (5, 2), (6, 4), (7, 2)])
def test_messages_1_to_7_values(number, points):
    def setup(state):
        put_follower(state, 0, -1, 0, 1)       # road of 1 tile (W's south road)
        put_follower(state, 0, 1, 0, 2)        # farmer north of the road at 1,0
    state = road_five(messages=[number] + [m for m in range(1, 9) if m != number], extra=["M"],
                      setup=setup)
    # give p1 knights and a monk on the map by hand: city D+M (2 tiles, 1 coat of arms)
    board = state.board
    board.place("M", 1, 0, 1)
    put_follower(state, 0, 0, 1, 0)
    put_follower(state, 0, 0, 0, 1)            # a second knight in the same city
    put_follower(state, 0, 0, -1, 1)           # monk on B: 1 + 3 neighbours
    act(state, "message action")
    assert events(state, "message_result")[0]["points"] == points


def test_zmg_alone_rule_blocked_and_unblocked():
    blocked = road_five(preset="zmg_c2", scores=[[0, 0], [5, 0]])
    assert not events(blocked, "message") and blocked.current_player() == 1
    free = road_five(preset="zmg_c2", scores=[[0, 0], [10, 3]])
    assert events(free, "message")
    same_in_c3 = road_five(preset="c3", scores=[[0, 0], [5, 0]])
    assert events(same_in_c3, "message")


def test_lap_over_fifty_landing_on_space_zero():
    lap = road_five(scores=[[45, 3], [1, 2]])
    act(lap, "figure meeple")
    assert lap.scores[0][0] == 50 and events(lap, "message")
    blocked = road_five(preset="zmg_c2", scores=[[45, 3], [1, 0]])
    act(blocked, "figure meeple")
    assert not events(blocked, "message"), "an opponent figure still on 0 blocks space 0"
    miss = road_five(scores=[[47, 3], [1, 2]])
    act(miss, "figure meeple")
    assert miss.scores[0][0] == 52 and not events(miss, "message")


def test_c3_1_all_points_of_a_turn_go_to_one_figure():
    state = play(["W", "V", "E", "B", "L"], ROAD_AND_CITY, preset="c3_1")
    state.scores = [[1, 6], [0, 0]]
    act(state, "pass", "figure meeple")
    assert state.scores[0] == [9, 6]
    locked = events(state, "figure")[-1]
    assert locked["forced"] is True and locked["figure"] == "meeple"
    assert not events(state, "message"), "the trigger checks only the figure moved (9)"


def test_trigger_figures_last_moved_switch():
    options = {"messengers.trigger_figures": "last_moved"}
    state = play(["W", "V", "E", "B", "L"], ROAD_AND_CITY, options=options)
    state.scores = [[1, 7], [0, 0]]
    act(state, "pass", "figure meeple", "figure messenger")   # 5 (dark), then 11
    assert not events(state, "message")
    state = play(["W", "V", "E", "B", "L"], ROAD_AND_CITY)
    state.scores = [[1, 7], [0, 0]]
    act(state, "pass", "figure meeple", "figure messenger")
    assert events(state, "message")


def test_out_of_turn_figure_question_goes_to_the_scoring_player():
    state = play(["W", "U", "U", "W"], ["place W -1,0 r0", "highwayman 1", "place U 1,0 r90",
                                        "pass", "place U 2,0 r90", "pass", "place W 3,0 r0"])
    state.scores = [[0, 1], [0, 0]]
    act(state, "pass")                          # p2 closes p1's road
    assert state.phase == "figure" and state.current_player() == 0 and state.active == 1
    with pytest.raises(IllegalAction):
        state.act(1, state.text_to_action("figure meeple"))
    state.act(0, state.text_to_action("figure messenger"))
    assert state.scores[0] == [0, 6] and not events(state, "message")


def test_standing_preference_answers_only_off_turn_questions():
    config = GAME.configure(2, "c3")
    state = play(["W", "U", "U", "W"], ["place W -1,0 r0", "highwayman 1", "place U 1,0 r90",
                                        "pass", "place U 2,0 r90", "pass", "place W 3,0 r0"])
    state.scores = [[0, 1], [0, 0]]
    act(state, "pass")
    agent = StandingPreference(RandomAgent(GAME, config, 0, random.Random(1)), "messenger")
    choice = agent.act(state.view(0), state.legal_actions())
    assert state.action_to_text(choice) == "figure messenger"


def test_message_stack_cycles_in_a_fixed_order():
    state = road_five(messages=[3, 1, 4, 8, 5, 2, 6, 7])
    drawn = [state.msg]
    for _ in range(9):
        state._draw_message()
        drawn.append(state.msg)
    assert drawn == [3, 1, 4, 8, 5, 2, 6, 7, 3, 1]
    view = state.view(None)
    assert view["messages"]["unseen"] == 0 and view["messages"]["next"] == 4
    world = GAME.sample_world(view, random.Random(1))
    assert world.stack == state.stack


def test_views_hide_the_unseen_messages_and_sample_world_redraws_them():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    view = state.view(0)
    assert view == {**state.view(1), "seat": 0, "legal": view["legal"]}
    stacks = {tuple(GAME.sample_world(view, random.Random(s)).stack[:7]) for s in range(10)}
    assert len(stacks) > 1
    assert all(GAME.sample_world(view, random.Random(s)).stack[7] == 6 for s in range(5))
    assert "pile" not in view and json.loads(json.dumps(view)) == view


def test_final_merge_and_no_messages_in_final_scoring():
    state = road_five(scores=[[3, 4], [0, 0]], setup=empty_pile)
    act(state, "figure messenger")              # 4 + 5 = 9, not dark; the game ends
    assert state.is_terminal()
    merge = events(state, "merge")[0]
    assert merge["totals"] == [12, 0] and state.scores[0] == [12, 0]
    assert state.result().scores == [12.0, 0.0]


def test_chain_always_yes_terminates():
    rng = random.Random(4)
    for seed in range(6):
        config = GAME.configure(2 + seed % 3, "c3")
        state = GAME.new_state(config)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            steps += 1
            assert steps < 5000
            if state.current_player() < 0:
                state.apply_chance(state.sample_chance(rng))
                continue
            legal = legal_texts(state)
            choice = "chain draw" if "chain draw" in legal else rng.choice(legal)
            act(state, choice)


def test_message_8_without_followers_on_the_map_is_a_forced_seal():
    state = road_five(messages=[8, 1, 2, 3, 4, 5, 6, 7])
    result = events(state, "message_result")[0]
    assert result["option"] == "seal" and result["forced"] is True
    assert state.phase == "figure"


def test_message_4_part_allows_a_follower_after_one_in_the_main_part():
    state = play(["W", "U", "U", "B", "W", "E"], ROAD5, messages=[4, 6, 1, 2, 3, 5, 7, 8])
    act(state, "farmer 1")                      # main part follower, then the road scores 5
    assert events(state, "message")[0]["number"] == 4
    act(state, "message action", "place E 0,1 r180")
    assert "knight 1" in legal_texts(state), "the extra part has its own follower placement"


def test_pile_running_out_while_redrawing_ends_the_game_at_once():
    state = play(["E", "C"], ["place E 0,1 r180"], preset="base")
    for letter in state.pile:
        state.remaining[letter] -= 1
    state.pile = ["C"]
    state.remaining["C"] = 1
    act(state, "pass")
    assert events(state, "discard") == [{"type": "discard", "player": 1, "tile": "C"}]
    assert state.is_terminal() and len(state.board.tiles) == 2


def test_zmg_own_other_figure_does_not_block():
    state = road_five(preset="zmg_c2", scores=[[0, 5], [1, 2]])
    act(state, "figure meeple")                 # meeple 5 joins the own messenger on 5
    assert events(state, "message")


def test_questions_go_active_player_first_then_clockwise():
    state = play(["W", "U", "U", "B", "W"], ROAD5, players=3)
    put_follower(state, 2, -1, 0, 0)            # p3 shares p1's road: a tie
    state.scores = [[0, 1], [0, 0], [0, 1]]
    act(state, "pass")                          # p2 (seat 1) closes the road on its turn
    assert state.active == 1
    assert [e["player"] for e in state.events] == [2, 0], "clockwise from the active player"
    assert state.current_player() == 2
    act(state, "figure meeple")
    assert state.current_player() == 0
    act(state, "figure messenger")
    assert state.scores[0] == [0, 6] and state.scores[2] == [5, 1]
    assert not events(state, "message"), "p3 landed on 5 off turn: no message"


def test_compulsory_chain_switch_draws_without_asking():
    state = play(["W", "U", "U", "B", "W"], ROAD5, messages=[6, 7, 1, 2, 3, 4, 5, 8],
                 options={"messengers.chain_is_optional": False})
    state.scores = [[0, 8], [0, 0]]
    act(state, "pass", "figure meeple", "message seal", "figure messenger")
    assert state.phase == "message" and not events(state, "chain")
    assert [e["number"] for e in events(state, "message")] == [6, 7]


def test_c3_1_lock_carries_into_the_message_points():
    state = road_five(preset="c3_1", messages=[6, 1, 2, 3, 4, 5, 7, 8], scores=[[0, 3], [0, 0]])
    act(state, "figure meeple")                 # 5: dark, message 6; the meeple is now fixed
    act(state, "message seal")
    last = events(state, "figure")[-1]
    assert last["figure"] == "meeple" and last["forced"] is True and last["points"] == 2
    assert state.scores[0] == [7, 3] and state.current_player() == 1


def test_zmg_alone_rule_also_blocks_a_chain():
    state = road_five(preset="zmg_c2", messages=[6, 7, 1, 2, 3, 4, 5, 8],
                      scores=[[0, 8], [10, 3]])
    act(state, "figure meeple")                 # 5: nobody else on space 5, message 6
    assert events(state, "message")
    act(state, "message seal", "figure messenger")   # 10: p2's meeple stands on 10
    assert state.phase != "chain" and len(events(state, "message")) == 1
    assert state.current_player() == 1


@pytest.mark.parametrize("style,points", [("field", 3), ("city_4", 4), ("city_3", 3)])
def test_message_8_farmer_uses_the_farm_option_value(style, points):
    state = play(["W", "U", "U", "B", "W"], ROAD5, messages=[8, 1, 2, 3, 4, 5, 6, 7],
                 options={"farm_scoring": style})
    state.board.place("E", 2, 0, 1)            # closes the start tile's city (no knight on it)
    put_follower(state, 0, 0, 0, 2)            # p1 farmer on the start tile's northern field
    act(state, "pass", "recall 0,0 farmer 1")
    result = events(state, "message_result")[0]
    assert result["points"] == points and result["majority"] is True
    assert state.slots[0].count(-1) == 7


class _Recorder(RandomAgent):
    """A wrapped agent that notes every view it was asked about."""

    def __init__(self, *args):
        super().__init__(*args)
        self.asked = []

    def act(self, view, legal):
        self.asked.append(view["decision"]["kind"])
        return legal[-1]


def test_standing_preference_leaves_own_turn_questions_to_the_player():
    config = GAME.configure(2, "c3")
    state = play(["W", "V", "E", "B", "L"], ROAD_AND_CITY)
    state.scores = [[1, 6], [0, 0]]
    act(state, "pass")                          # p1's own turn: a figure question for p1
    inner = _Recorder(GAME, config, 0, random.Random(1))
    agent = StandingPreference(inner, "meeple")
    choice = agent.act(state.view(0), state.legal_actions())
    assert inner.asked == ["figure"], "on its own turn the player is asked"
    assert state.action_to_text(choice) == "figure messenger"


def test_message_1_tie_names_the_lowest_place():
    def setup(state):
        put_follower(state, 0, -1, 0, 2)        # W junction's west road: 1 tile
        put_follower(state, 0, -1, 0, 1)        # W junction's south road: 1 tile
    state = road_five(messages=[1, 2, 3, 4, 5, 6, 7, 8], setup=setup)
    act(state, "message action")
    result = events(state, "message_result")[0]
    assert result["points"] == 1 and result["feature"] == "road"
    assert result["at"] == [-1, 0, 1]
    assert state.slots[0].count(-1) == 5, "the highwaymen stay"


def test_message_8_may_recall_the_follower_placed_this_turn():
    state = play(["W", "U", "U", "B", "W"], ROAD5, messages=[8, 1, 2, 3, 4, 5, 6, 7])
    act(state, "farmer 1")                      # on the tile just placed; the road scores 5
    assert events(state, "message")[0]["number"] == 8
    assert legal_texts(state) == ["message seal", "recall 3,0 farmer 1"]
    act(state, "recall 3,0 farmer 1")
    result = events(state, "message_result")[0]
    assert result["target"] == [3, 0, 3] and state.slots[0].count(-1) == 7
