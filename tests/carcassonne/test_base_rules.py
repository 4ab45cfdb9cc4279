"""Base-game rules: tile data, placement, followers, scoring and every edge case of 2.5."""

from __future__ import annotations

import random

import pytest

from gonets.core import CHANCE, TERMINAL, IllegalAction, Match
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.rules.board import Board
from gonets.games.carcassonne.rules.tiles import TILE_TYPES, pile_counts

from .helpers import act, empty_pile, events, legal_texts, play, put_follower, record
from .oracle import Oracle


# -- section 1: tiles ----------------------------------------------------------------------------
def test_tile_data_totals():
    assert sum(t.count for t in TILE_TYPES.values()) == 72
    assert sum(t.count for t in TILE_TYPES.values() if t.arms) == 10
    assert sum(t.count for t in TILE_TYPES.values() if t.monastery) == 6
    assert [t.letter for t in TILE_TYPES.values() if t.start] == ["D"]
    assert pile_counts()["D"] == 3 and sum(pile_counts().values()) == 71


def test_unique_rotations_match_the_table():
    distinct = {letter: len(t.unique_rotations) for letter, t in TILE_TYPES.items()}
    assert {k for k, v in distinct.items() if v == 1} == {"B", "C", "X"}
    assert {k for k, v in distinct.items() if v == 2} == {"F", "G", "H", "U"}
    assert all(v == 4 for k, v in distinct.items() if k not in "BCXFGHU")


def test_j_and_k_are_mirror_images_not_rotations():
    j = {t.edges for t in TILE_TYPES["J"].rotations}
    k = {t.edges for t in TILE_TYPES["K"].rotations}
    assert not j & k


def test_rotation_moves_sides_clockwise():
    assert TILE_TYPES["D"].rotations[1].edges == "RCRF"
    assert TILE_TYPES["E"].rotations[2].edges == "FFCF"


# -- section 2.2: placement ------------------------------------------------------------------------
def test_start_tile_and_first_legal_placements():
    state = play(["E"], [], preset="base")
    assert state.view(None)["board"] == [["D", 0, 0, 0]]
    legal = legal_texts(state)
    # E (city N) must show its city to D's city (0,1 needs S=C) and fields elsewhere
    assert "place E 0,1 r180" in legal
    assert "place E 0,1 r0" not in legal
    assert all(not t.endswith("1,1 r0") for t in legal), "corner contact is no adjacency"
    assert sorted(legal) == ["place E 0,-1 r180", "place E 0,-1 r270", "place E 0,-1 r90",
                             "place E 0,1 r180"]


def test_placement_selectable_by_coordinates_alone():
    state = play(["E"], [], preset="base")
    assert state.text_to_action("0,1 r180") == state.text_to_action("place E 0,1 r180")
    assert state.text_to_action("place 0,1 r180") == state.text_to_action("place E 0,1 r180")


def test_symmetric_rotations_are_offered_once():
    state = play(["U"], [], preset="base")
    legal = legal_texts(state)
    assert "place U 1,0 r90" in legal and "place U 1,0 r270" not in legal


def test_2_2_2_an_equivalent_rotation_is_accepted_and_recorded_canonically():
    # U is a straight road: r270 gives the same tile as r90, r180 the same as r0 (2.2.2: any
    # quarter turn is legal). A record written with r270 plays, and the log says r90.
    state = play(["U", "X"], ["place U 1,0 r270", "pass", "place X 2,0 r180"], preset="base")
    placed = [e for e in state.log if e["type"] == "place"]
    assert [(e["tile"], e["rot"]) for e in placed] == [("U", 90), ("X", 0)]
    assert state.view(None)["board"][1:] == [["U", 1, 0, 1], ["X", 2, 0, 0]]
    state = play(["U"], [], preset="base")
    assert state.text_to_action("1,0 r270") == state.text_to_action("place U 1,0 r90")


def test_a_match_records_the_canonical_rotation_of_a_typed_placement():
    match = Match.from_record(record(["U"], [], preset="base"))
    match.act(0, "place U 1,0 r270")
    assert match.record.steps[-1] == {"seat": 0, "action": "place U 1,0 r90"}
    again = Match.from_record(record(["U"], [], preset="base"))
    again.act(0, "place U 1,0 r90")
    assert again.state.snapshot() == match.state.snapshot()


def test_an_equivalent_rotation_does_not_make_a_misfit_fit():
    state = play(["U"], [], preset="base")
    with pytest.raises(IllegalAction, match="not legal"):
        act(state, "place U 0,1 r270")      # the road would meet the start tile's city
    legal = state.legal_actions()
    same = state.text_to_action("place U 1,0 r90") + 2     # the r270 id of that cell
    assert same not in legal
    with pytest.raises(IllegalAction, match="same placement as place U 1,0 r90"):
        state.apply(same)


def test_four_way_distinct_tiles_keep_every_rotation():
    state = play(["J"], [], preset="base")
    assert state.action_to_text(state.text_to_action("place J 1,0 r270")) == \
        "place J 1,0 r270"


def test_illegal_placement_is_rejected_with_state_unchanged():
    state = play(["E"], [], preset="base")
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="not legal"):
        act(state, "place E 0,1 r0")
    with pytest.raises(IllegalAction, match="tile to place is E"):
        act(state, "place U 0,1 r180")
    with pytest.raises(IllegalAction, match="no tile can ever"):
        state.text_to_action("place E 500,1 r0")
    assert state.snapshot() == before


def test_follower_on_occupied_feature_is_refused():
    state = play(["U", "U"], ["place U -1,0 r90", "highwayman 1", "place U 1,0 r90"],
                 preset="base")
    # 2.5.2: the road through the start tile already holds p1's highwayman two tiles away
    assert "highwayman 1" not in legal_texts(state)
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        act(state, "highwayman 1")
    assert state.snapshot() == before
    assert "farmer 1" in legal_texts(state)


# -- section 2.5 edge cases ---------------------------------------------------------------------
def test_2_5_1_two_occupied_cities_joined_score_for_both():
    state = play(["N", "K", "N"], ["place N 0,1 r90", "knight 1", "place K 1,0 r0", "knight 1",
                                   "place N 1,1 r180"], preset="base")
    assert "knight 1" not in legal_texts(state)
    act(state, "pass")
    (score,) = events(state, "score")
    assert score["feature"] == "city" and score["tiles"] == 4
    assert score["holders"] == [0, 1] and score["points"] == 8
    assert state.scores == [[8, 0], [8, 0]]
    assert state.view(None)["supply"] == [7, 7]


def test_2_5_3_one_tile_completes_a_road_and_a_city():
    state = play(["W", "V", "E", "L"], ["place W -1,0 r0", "pass", "place V 1,0 r0", "pass",
                                        "place E 0,-1 r90", "knight 1", "place L 1,-1 r270",
                                        "highwayman 1"], preset="base")
    scored = {e["feature"]: e for e in events(state, "score")}
    assert scored["road"]["tiles"] == 4 and scored["road"]["holders"] == [1]
    assert scored["city"]["tiles"] == 2 and scored["city"]["holders"] == [0]
    assert state.scores == [[4, 0], [4, 0]]
    assert state.view(None)["supply"] == [7, 7], "both followers come back at once"


def test_2_5_4_road_loop_completes():
    state = play(["V", "V", "V", "V"], ["place V 0,-1 r270", "highwayman 1", "place V 1,-1 r0",
                                        "pass", "place V 1,-2 r90", "pass",
                                        "place V 0,-2 r180", "pass"], preset="base")
    (score,) = events(state, "score")
    assert score["feature"] == "road" and score["tiles"] == 4 and score["points"] == 4
    assert state.scores[0][0] == 4


def test_2_5_4_city_with_a_hole_is_incomplete_and_corner_contact_does_not_join():
    board = Board()
    ring = {(0, 1): ("R", 2), (-1, 1): ("N", 1), (1, 1): ("N", 2), (-1, 0): ("R", 1),
            (1, 0): ("R", 3), (-1, -1): ("N", 0), (1, -1): ("N", 3), (0, -1): ("R", 0)}
    for (x, y), (letter, rot) in ring.items():
        board.place(letter, rot, x, y)
    root = board.find(board.base[0])
    assert board.tile_count(root) == 8 and board.open[root] == 4, "the hole's 4 sides are open"
    board.place("C", 0, 0, 0)
    root = board.find(board.base[0])
    assert board.open[root] == 0 and board.tile_count(root) == 9
    # corner contact: D at (0,0) and E (city W) at (1,1) share only a corner
    board = Board()
    board.place("D", 0, 0, 0)
    board.place("U", 1, 1, 0)
    board.place("E", 3, 1, 1)
    d_city = board.find(board.base[0] + 1)
    e_city = board.find(board.base[2] + 0)
    assert d_city != e_city and board.open[d_city] == 1 and board.open[e_city] == 1
    board.place("N", 1, 0, 1)                  # corner city S,E at (0,1) joins them
    assert board.find(board.base[0] + 1) == board.find(board.base[2])
    assert board.open[board.find(board.base[0] + 1)] == 0


def test_2_5_5_monastery_completed_by_a_diagonal_tile():
    # B fits only at 0,-1 at first: the placement is forced (M7) and not in the record
    actions = ["monk", "place U 1,0 r90", "pass", "place U -1,0 r90", "pass",
               "place B -1,-1 r0", "pass", "place B 1,-1 r0", "pass", "place E 0,-2 r180",
               "pass", "place E -1,-2 r180", "pass", "place E 1,-2 r180", "pass"]
    state = play(["B", "U", "U", "B", "B", "E", "E", "E"], actions, preset="base")
    assert events(state, "place")[0]["forced"] is True
    (score,) = events(state, "score")
    assert score["feature"] == "monastery" and score["points"] == 9 and score["holders"] == [0]
    assert events(state, "place")[-1]["player"] == 1, "completed on p2's turn, diagonally"


def test_2_5_6_unplaceable_tile_is_discarded_and_the_same_player_redraws():
    state = play(["E", "C", "U"], ["place E 0,1 r180", "pass"], preset="base")
    assert events(state, "discard") == [{"type": "discard", "player": 1, "tile": "C"}]
    assert state.current_player() == 1 and state.hand == "U"
    view = state.view(None)
    assert view["discarded"] == ["C"] and view["remaining"]["C"] == 0


def test_unplaceable_tile_to_the_bottom_variant():
    state = play(["E", "C", "U"], ["place E 0,1 r180", "pass"], preset="base",
                 options={"unplaceable": "bottom"})
    view = state.view(None)
    assert view["pile_bottom"] == ["C"] and view["remaining"]["C"] == 1
    assert state.pile[-1] == "C" and state.hand == "U"
    world = GAME.sample_world(view, random.Random(3))
    assert world.pile[-1] == "C" and world.view(None) == view


def test_2_5_7_no_follower_without_supply_and_returned_followers_come_back():
    rng = random.Random(5)
    checked_empty = checked_return = 0
    for seed in range(6):
        state = GAME.new_state(GAME.configure(2, "base"))
        rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                state.apply_chance(state.sample_chance(rng))
                continue
            legal = legal_texts(state)
            if state.phase == "follower":
                supply = state.slots[state.active].count(-1)
                assert supply > 0, "a player without followers is never asked"
                placing = [t for t in legal if t != "pass"]
                act(state, placing[0] if placing else "pass")
                continue
            if state.phase == "place":
                player = state.active
                before = state.slots[player].count(-1)
                act(state, rng.choice(legal))
                if before == 0:
                    checked_empty += 1
                    assert not [e for e in state.log[-3:] if e["type"] == "follower"
                                and e["player"] == player]
                continue
            act(state, rng.choice(legal))
        returned = [e for e in state.log if e["type"] == "score"]
        checked_return += len(returned)
    assert checked_empty and checked_return


def test_2_5_8_field_borders_the_same_city_via_two_tiles_once():
    state = play(["E", "U", "B"], ["place E 0,1 r180", "pass", "place U 1,0 r90", "farmer 2",
                                   "place B 1,1 r0"], preset="base")
    empty_pile(state)
    act(state, "pass")
    assert state.is_terminal()
    farms = [e for e in events(state, "final") if e["feature"] == "field"]
    assert farms[0]["cities"] == 1 and farms[0]["points"] == 3 and farms[0]["holders"] == [1]
    assert state.result().scores == [0.0, 3.0]


def test_2_5_9_final_scoring_of_roads_cities_and_monasteries():
    actions = ["monk", "place U -1,0 r90", "highwayman 1",
               "place M 0,1 r90", "knight 1", "place U 1,0 r90"]
    state = play(["B", "U", "M", "U"], actions, preset="base")
    assert not events(state, "score")
    empty_pile(state)
    act(state, "pass")
    assert state.is_terminal()
    final = {e["feature"]: e for e in events(state, "final")}
    assert final["road"]["tiles"] == 3 and final["road"]["points"] == 3
    assert final["road"]["holders"] == [1]
    assert final["city"]["tiles"] == 2 and final["city"]["arms"] == 1
    assert final["city"]["points"] == 3 and final["city"]["holders"] == [0]
    assert final["monastery"]["points"] == 1 + 3 and final["monastery"]["holders"] == [0]
    assert state.result().scores == [7.0, 3.0] and state.result().winners == [0]


def test_2_5_9_field_tie_both_score_in_full():
    actions = ["place E 0,1 r180", "pass", "place U 1,0 r90", "farmer 2",
               "place B -1,1 r0", "farmer 1", "place B 1,1 r0"]
    state = play(["E", "U", "B", "B"], actions, preset="base")
    assert "farmer 1" not in legal_texts(state), "the joined field is occupied"
    empty_pile(state)
    act(state, "pass")
    (farm,) = [e for e in events(state, "final") if e["feature"] == "field"]
    assert farm["followers"] == [1, 1] and farm["holders"] == [0, 1]
    assert farm["cities"] == 1 and farm["points"] == 3
    assert state.result().scores == [3.0, 3.0] and state.result().winners == [0, 1]


def test_2_5_10_distinct_tiles_when_a_city_enters_h_twice_and_a_road_loops_a_junction():
    board = Board()
    board.place("H", 0, 0, 0)
    board.place("N", 1, 0, 1)
    board.place("N", 2, 1, 1)
    board.place("G", 1, 1, 0)
    board.place("N", 3, 1, -1)
    board.place("N", 0, 0, -1)
    root = board.find(board.base[0])
    assert board.find(board.base[0] + 1) == root, "H's two cities became one city"
    assert board.open[root] == 0 and board.tile_count(root) == 6
    board = Board()
    board.place("X", 0, 0, 0)
    board.place("V", 1, 1, 0)
    board.place("V", 0, 1, 1)
    board.place("V", 3, 0, 1)
    east, north = board.base[0] + 1, board.base[0] + 0
    assert board.find(east) == board.find(north)
    root = board.find(east)
    assert board.open[root] == 0 and board.tile_count(root) == 4


def test_oracle_agrees_on_the_hand_built_boards():
    oracle = Oracle(2)
    oracle.tiles = {(0, 0): ("H", 0), (0, 1): ("N", 1), (1, 1): ("N", 2), (1, 0): ("G", 1),
                    (1, -1): ("N", 3), (0, -1): ("N", 0)}
    city = oracle.feature(0, 0, 0)
    assert (0, 0, 1) in city and oracle.tile_count(city) == 6 and oracle.complete(city)


# -- legacy options ----------------------------------------------------------------------------
def test_tiny_city_legacy_scoring():
    for options, points in (({}, 4), ({"tiny_city_scoring": True}, 2)):
        state = play(["E"], ["place E 0,1 r180", "knight 1"], preset="base", options=options)
        assert events(state, "score")[0]["points"] == points


def test_legacy_farm_scoring_city_by_city():
    for style, points in (("field", 3), ("city_4", 4), ("city_3", 3)):
        state = play(["E", "U", "B"], ["place E 0,1 r180", "pass", "place U 1,0 r90",
                                       "farmer 2", "place B 1,1 r0"], preset="base",
                     options={"farm_scoring": style})
        empty_pile(state)
        act(state, "pass")
        assert state.result().scores == [0.0, float(points)]


@pytest.mark.parametrize("style,scores", [("field", [3.0, 3.0]), ("city_4", [0.0, 4.0]),
                                          ("city_3", [0.0, 3.0])])
def test_legacy_farms_pay_each_city_once_to_the_majority_over_all_its_fields(style, scores):
    # the two-tile city D+E borders two separate fields: E's (p1, one farmer) and the start
    # tile's northern field (p2, two farmers); per field both score, city by city only p2
    state = play(["E"], ["place E 0,1 r180", "pass"], preset="base",
                 options={"farm_scoring": style})
    put_follower(state, 0, 0, 1, 1)
    put_follower(state, 1, 0, 0, 2)
    put_follower(state, 1, 0, 0, 2)
    state._finish()
    assert state.result().scores == scores


def test_bottom_variant_ends_when_every_remaining_tile_went_under():
    state = play(["E", "C"], ["place E 0,1 r180"], preset="base",
                 options={"unplaceable": "bottom"})
    for letter in state.pile:
        state.remaining[letter] -= 1
    state.pile, state.remaining["C"] = ["C"], 1
    act(state, "pass")                          # p2 draws C: it fits nowhere, goes under
    kinds = [e["type"] for e in state.log]
    assert kinds[kinds.index("no_follower") + 1:] == ["under", "discard_rest", "end"]
    assert events(state, "discard_rest")[0]["tiles"] == ["C"]
    assert state.is_terminal() and state.view(None)["discarded"] == ["C"]
