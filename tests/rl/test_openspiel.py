"""The OpenSpiel games pass pyspiel's random simulation test, and OpenSpiel's Python IS-MCTS
plays them from a seat's information only."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from gonets.agents import make_agent  # noqa: E402
from gonets.core.match import play_match  # noqa: E402
from gonets.core.registry import get_game  # noqa: E402
from gonets.rl import openspiel  # noqa: E402
from tests.rl.cases import CASES, case_id  # noqa: E402


def load(game, players, preset):
    params = {"players": players} | ({"preset": preset} if preset else {})
    return pyspiel.load_game(f"gonets_{game}", params)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_sim_test_with_serialization(case):
    game = load(*case)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_registered_names_and_parameters():
    assert {"gonets_loveletter", "gonets_czar", "gonets_carcassonne",
            "gonets_babayaga"} <= set(pyspiel.registered_names())
    game = pyspiel.load_game("gonets_loveletter", {"players": 4})
    assert game.num_players() == 4
    assert game.num_distinct_actions() == get_game("loveletter").num_actions(
        get_game("loveletter").configure(4))
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("gonets_czar", {"players": 7})


def test_chance_nodes_are_single_draws_with_probabilities():
    state = load("loveletter", 2, None).new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    names = {state.action_to_string(pyspiel.PlayerId.CHANCE, a): p for a, p in outcomes}
    assert names["draw guard"] == pytest.approx(5 / 16)     # 5 Guards in the 16-card deck
    guard = next(a for a, _ in outcomes
                 if state.action_to_string(pyspiel.PlayerId.CHANCE, a) == "draw guard")
    state.apply_action(guard)
    after = {state.action_to_string(pyspiel.PlayerId.CHANCE, a): p
             for a, p in state.chance_outcomes()}
    assert after["draw guard"] == pytest.approx(4 / 15)


def test_information_state_is_the_view_and_resampling_keeps_it():
    game = load("loveletter", 3, None)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node() or state.move_number() < 60:
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    if state.is_chance_node():
        pytest.skip("sampled into a chance node")
    player = state.current_player()
    key = state.information_state_string(player)
    assert json.loads(key)["seat"] == player
    worlds = [state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
              for _ in range(5)]
    for world in worlds:
        assert world.information_state_string(player) == key
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
    hidden = {str(w) for w in worlds}
    assert len(hidden) > 1            # the hidden cards were redrawn


def test_python_ismcts_bot_plays_a_whole_match():
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("loveletter", 2, None)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) == [-1.0, 1.0] or state.returns() == [1.0, 1.0]


def test_openspiel_ismcts_is_a_gonets_agent():
    game = get_game("loveletter")
    config = game.configure(2)
    agents = [make_agent("openspiel_ismcts", game, config, 0, seed=1),
              make_agent("random", game, config, 1, seed=1)]
    match = play_match(game, config, agents, seed=4)
    assert match.state.is_terminal()
    assert match.record.result is not None


def test_register_is_idempotent():
    assert openspiel.register() == openspiel.register()
    assert random.Random(0)  # the module import registered without errors


def test_rule_options_as_a_json_parameter():
    game = pyspiel.load_game("gonets_loveletter",
                             {"players": 2, "options": '{"tokens_to_win": {"2": 2}}'})
    assert game.config.options["tokens_to_win"]["2"] == 2
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    with pytest.raises(Exception, match="JSON object"):
        pyspiel.load_game("gonets_loveletter", {"options": "[1]"})
    with pytest.raises(Exception, match="no option"):
        pyspiel.load_game("gonets_loveletter", {"options": '{"colour": 1}'})


def test_openspiel_ismcts_agent_plays_the_configured_rules():
    game = get_game("loveletter")
    config = game.configure(2, "premium", {"tokens_to_win": {"2": 2}})
    agent = make_agent("openspiel_ismcts", game, config, 0, seed=1)
    assert agent.spiel_game.config == config


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_resampled_worlds_keep_the_information_state(case):
    game = load(*case)
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    checked = 0
    while not state.is_terminal() and checked < 3:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        if rng.random() < 0.5:
            player = state.current_player()
            key = state.information_state_string(player)
            world = state.resample_from_infostate(player,
                                                  pyspiel.UniformProbabilitySampler(0., 1.))
            assert world.information_state_string(player) == key
            assert world.legal_actions() == state.legal_actions()
            clone = world.clone()
            clone.apply_action(clone.legal_actions()[0])
            assert world.information_state_string(player) == key
            checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked == 3
