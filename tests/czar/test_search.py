"""What search knows of Message to the Czar (``bot.rollout_action``, ``rollout_done``,
``evaluate``) and the cheap ``sample_world``: legal playouts, distributions that sum to 1,
playouts cut after one round, and a small search that takes a winning bribe."""

from __future__ import annotations

import copy
import json
import random

import pytest

from gonets.agents import make_agent
from gonets.agents.ismcts import ISMCTSAgent
from gonets.agents.levels import settings
from gonets.core import Record
from gonets.games.czar import bot
from gonets.games.czar import notation as A
from gonets.games.czar.rules import OVER, CzarState

from .helpers import GAME, SCENARIOS, scenario

CONFIGS = [(preset, players) for preset in ("classic", "revised") for players in (2, 3, 4, 5)]


def positions(preset: str, players: int, matches: int = 3, seed: int = 0):
    """Every decision point of seeded random matches (real states)."""
    config = GAME.configure(players, preset)
    for index in range(matches):
        rng = random.Random(f"{seed}:{index}")
        state = GAME.new_state(config)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            yield state
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        yield state


def before_last_step(name: str) -> CzarState:
    data = json.loads((SCENARIOS / f"{name}.json").read_text())
    data["steps"] = data["steps"][:-1]
    state = Record.from_json(data).replay()
    assert isinstance(state, CzarState)
    return state


@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_playouts_by_the_rollout_policy_are_legal_and_end(preset, players):
    config = GAME.configure(players, preset)
    for index in range(4):
        rng = random.Random(index)
        state = GAME.new_state(config)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            action = bot.rollout_action(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.turns < config.options["turn_cap"]


@pytest.mark.parametrize(("preset", "players"), [("classic", 4), ("revised", 2)])
def test_rollout_policy_acts_legally_in_worlds_sampled_from_a_view(preset, players):
    rng = random.Random(7)
    for k, state in enumerate(positions(preset, players, matches=2)):
        if state.is_terminal() or k % 5:
            continue
        seat = state.current_player()
        world = GAME.sample_world(state.view(seat), rng)
        assert bot.rollout_action(world, rng) in world.legal_actions()


@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_evaluate_gives_chances_in_0_1_summing_to_1(preset, players):
    for state in positions(preset, players, matches=2):
        values = bot.evaluate(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0, abs=1e-9)
        if state.phase == OVER:
            assert values == [1.0 if s == state.winner else 0.0 for s in range(players)]
            assert GAME.evaluate(state) == values


def test_evaluate_rises_when_ones_message_reaches_a_guard():
    state = before_last_step("pawl")                  # red may send its message to PAWL HOF
    before = bot.evaluate(state)[0]
    state.apply(state.text_to_action("travel pawl officer palace cossack palace"))
    assert state.guard_of[0] >= 0
    assert bot.evaluate(state)[0] > before + 0.1


def test_rollout_policy_mostly_sends_its_own_message_to_the_palace():
    state = before_last_step("pawl")
    rng = random.Random(3)
    chosen = [A.action_text(bot.rollout_action(state, rng)) for _ in range(200)]
    share = sum(text.startswith("travel pawl") for text in chosen) / len(chosen)
    assert share > 1 - bot.EXPLORE - 0.05


def test_a_playout_stops_after_one_round_of_turns():
    for players in (2, 4):
        states = [s.clone() for s in positions("classic", players, matches=1)
                  if not s.is_terminal()]
        start = next(s for s in states if s.turns == 3)
        for state in states:
            if state.turns >= start.turns:
                done = bot.rollout_done(start, state, 1)
                assert done == (state.turns - start.turns >= bot.ROLLOUT_ROUNDS * players)


def test_search_with_the_hooks_takes_the_winning_bribe():
    state = scenario("bribe").replay()
    legal = [state.action_to_text(a) for a in state.legal_actions()]
    assert "bribe" in legal and len(legal) > 2, legal
    for seed in range(3):
        agent = ISMCTSAgent(GAME, state.config, 0, random.Random(seed), iterations=150)
        choices = agent.analyse(state.view(0), state.legal_actions())
        assert choices[0].text == "bribe"
        assert choices[0].value == pytest.approx(1.0)


def test_sample_world_from_a_kept_view_equals_one_read_afresh():
    for k, state in enumerate(positions("revised", 3, matches=1, seed=5)):
        if k % 7 or state.is_terminal():
            continue
        seat = state.current_player()
        view = state.view(seat)
        kept = [GAME.sample_world(view, random.Random(i)).snapshot() for i in range(3)]
        fresh = [GAME.sample_world(copy.deepcopy(view), random.Random(i)).snapshot()
                 for i in range(3)]
        assert kept == fresh


def test_hard_is_a_search_with_iterations_by_player_count_and_a_one_second_cap():
    assert settings(GAME, "hard")["agent"] == "search"
    for players in range(GAME.min_players, GAME.max_players + 1):
        agent = make_agent("hard", GAME, GAME.configure(players), 0, seed=0)
        assert isinstance(agent, ISMCTSAgent) and agent.name == "hard"
        assert agent.iterations == bot.HARD_ITERATIONS[players]
        assert agent.seconds is not None and agent.seconds <= 1.0
