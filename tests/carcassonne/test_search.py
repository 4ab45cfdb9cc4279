"""What search knows of Carcassonne (bot.rollout_action, rollout_done, evaluate) and a small
search on a hand-built position."""

from __future__ import annotations

import random

import pytest

from gonets.agents.ismcts import ISMCTSAgent, Search
from gonets.core import CHANCE, Match
from gonets.games.carcassonne import GAME, bot

from .helpers import act, legal_texts, play


def sampled_positions(preset: str, seed: int, count: int):
    """Worlds sampled from the deciding seat's view along a random match."""
    match = Match(GAME, GAME.configure(2, preset), seed=seed)
    match.deal()
    rng, found = random.Random(seed), []
    while not match.state.is_terminal() and len(found) < count:
        state = match.state
        seat = state.current_player()
        legal = state.legal_actions()
        found.append(GAME.sample_world(state.view(seat), rng))
        match.act(seat, legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("preset", ["c3", "base"])
def test_rollout_action_is_legal_in_every_phase_met(preset):
    phases = set()
    for world in sampled_positions(preset, 5, 400):
        rng = random.Random(len(phases))
        while world.current_player() >= 0:
            phases.add(world.phase)
            action = bot.rollout_action(world, rng)
            assert action in world.legal_actions()
            world.apply(action)
    assert {"place", "follower"} <= phases
    if preset == "c3":
        assert "figure" in phases


def test_rollout_follower_takes_a_feature_that_completes_at_once():
    state = play(["E", "E", "V"], [], preset="base")
    act(state, "place E 0,1 r180")          # closes the start tile's city
    assert legal_texts(state) == ["knight 1", "farmer 1", "pass"]
    assert state.action_to_text(bot.rollout_action(state, random.Random(0))) == "knight 1"


def test_rollout_follower_keeps_the_field_for_the_end():
    state = play(["E", "E", "V"], [], preset="base")
    act(state, "place E 0,-1 r90")          # a field and an open city: no completion
    choice = state.action_to_text(bot.rollout_action(state, random.Random(0)))
    assert choice != "farmer 1"


@pytest.mark.parametrize("preset", ["c3", "base"])
def test_evaluate_gives_chances_summing_to_one(preset):
    worlds = sampled_positions(preset, 9, 300)
    assert len(worlds) > 50
    for world in worlds[::10]:
        values = bot.evaluate(world)
        assert len(values) == 2
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)


def test_evaluate_favours_the_seat_ahead_and_agrees_with_the_result_at_the_end():
    state = play(["E", "E", "V"], [], preset="base")
    act(state, "place E 0,1 r180", "knight 1")      # 4 points for the first player
    ahead = bot.evaluate(state)
    assert ahead[0] > ahead[1]
    match = Match(GAME, GAME.configure(2, "base"), seed=2)
    match.deal()
    rng = random.Random(2)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.act(match.state.current_player(), legal[rng.randrange(len(legal))])
    final = match.state
    winners = final.result().winners
    assert bot.evaluate(final) == GAME.evaluate(final)
    assert [v > 0 for v in bot.evaluate(final)] == [s in winners for s in range(2)]


def test_a_playout_stops_after_the_documented_number_of_turns():
    search = Search(GAME, 0, random.Random(4), compiled=False)
    for world in sampled_positions("c3", 13, 120)[::12]:
        start_turn = world.turn
        while world.current_player() == CHANCE:
            world.apply_chance(world.sample_chance(random.Random(0)))
        values = search.playout(world)
        assert sum(values) == pytest.approx(1.0)
        assert world.is_terminal() or world.turn - start_turn == bot.TURNS


def test_compiled_playouts_score_worlds_as_the_python_playouts_do():
    """The kernel's playout (the same policy, stop and evaluation) gives each world the mean
    value the Python playout gives it, and leaves the world as it was."""
    python = Search(GAME, 0, random.Random(1), compiled=False)
    compiled = Search(GAME, 0, random.Random(2))
    compared = 0
    for world in sampled_positions("c3", 13, 120)[::24]:
        while world.current_player() == CHANCE:
            world.apply_chance(world.sample_chance(random.Random(0)))
        before = world.snapshot()
        runs = 400
        mine = [sum(v) for v in zip(*(compiled.playout(world) for _ in range(runs)))]
        assert world.snapshot() == before and compiled._compiled is not None
        theirs = [sum(v) for v in zip(*(python.playout(world.clone()) for _ in range(runs)))]
        for a, b in zip(mine, theirs, strict=True):
            assert abs(a - b) / runs < 0.05, (mine, theirs)
        compared += 1
    assert compared >= 4


@pytest.mark.parametrize("preset", ["c3", "base"])
def test_a_small_search_closes_the_city_and_scores_it(preset):
    state = play(["E", "E", "V"], [], preset=preset)
    agent = ISMCTSAgent(GAME, state.config, 0, random.Random(1), iterations=300)
    action = agent.act(state.view(0), state.legal_actions())
    assert state.action_to_text(action) == "place E 0,1 r180"
    state.apply(action)
    action = agent.act(state.view(0), state.legal_actions())
    assert state.action_to_text(action) == "knight 1"
