"""The PettingZoo AEC environments pass PettingZoo's own tests, for every game."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from gonets.core.errors import IllegalAction
from gonets.rl.pettingzoo import env
from tests.rl.cases import CASES, case_id


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_api_and_seed(case):
    game, players, preset = case
    api_test(env(game, players=players, preset=preset), num_cycles=200)
    seed_test(lambda: env(game, players=players, preset=preset), num_cycles=60)


def play(table, seed: int, steps: int | None = None) -> list:
    """Random masked play; the sequence of (agent, action, rewards) it went through."""
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for agent in table.agent_iter():
        obs, reward, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            trace.append((agent, None, reward))
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        trace.append((agent, action, reward))
        table.step(action)
        if steps is not None and len(trace) >= steps:
            break
    return trace


def test_reset_seed_reproduces_the_match_and_another_seed_does_not():
    a = play(env("loveletter", players=3), seed=5)
    b = play(env("loveletter", players=3), seed=5)
    c = play(env("loveletter", players=3), seed=6)
    assert a == b
    assert a != c


def test_final_rewards_follow_the_result():
    table = env("czar", players=2)
    trace = play(table, seed=2)
    winners = table.table.state.result().winners
    final = {agent: reward for agent, action, reward in trace if action is None}
    assert final == {f"player_{s}": (1.0 if s in winners else -1.0) for s in range(2)}


def test_love_letter_round_rewards_come_at_each_round_end():
    table = env("loveletter", players=2, rewards="round")
    play(table, seed=11)
    log = table.table.state.view(None)["log"]
    rounds = [e for e in log if e["e"] == "round_end"]
    assert len(rounds) >= 3           # 3 tokens win with 2 players: at least 3 rounds
    assert sum(table._cumulative_rewards.values()) == 0.0 or not table.agents
    with pytest.raises(ValueError, match="Love Letter only"):
        env("czar", players=2, rewards="round")


def test_round_rewards_sum_over_the_match_to_tokens():
    table = env("loveletter", players=2, rewards="round")
    table.reset(seed=3)
    totals = {a: 0.0 for a in table.possible_agents}
    rng = np.random.default_rng(3)
    for agent in table.agent_iter():
        obs, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    ends = [e for e in table.table.state.view(None)["log"] if e["e"] == "round_end"]
    wins = [sum(seat in e["winners"] for e in ends) for seat in range(2)]
    expect = {f"player_{s}": wins[s] - (len(ends) - wins[s]) for s in range(2)}
    assert totals == expect


def test_max_cycles_truncates():
    table = env("carcassonne", players=2, max_cycles=3)
    trace = play(table, seed=1)
    decisions = [t for t in trace if t[1] is not None]
    assert len(decisions) == 6
    assert all(table.truncations.values()) or not table.agents
    with pytest.raises(ValueError, match="max_cycles"):
        env("carcassonne", players=2, max_cycles=0)


def test_the_selected_agent_is_the_deciding_seat_and_others_have_empty_masks():
    table = env("carcassonne", players=3)
    table.reset(seed=4)
    for _ in range(20):
        agent = table.agent_selection
        seat = int(agent.split("_")[1])
        assert table.table.state.current_player() == seat
        for other in table.agents:
            mask = table.observe(other)["action_mask"]
            assert mask.any() == (other == agent)
        table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))


def test_illegal_action_is_refused_with_a_clear_error():
    table = env("loveletter", players=2)
    table.reset(seed=0)
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match="not legal"):
        table.step(illegal)
    with pytest.raises(IllegalAction, match="outside the action space"):
        table.step(10_000)


def test_render_modes():
    text = env("loveletter", players=2, render_mode="ansi")
    text.reset(seed=1)
    picture = text.render()
    assert isinstance(picture, str) and "Love Letter" in picture
    rgb = env("czar", players=2, render_mode="rgb_array")
    rgb.reset(seed=1)
    image = rgb.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.std() > 0            # a picture, not a blank page
    with pytest.raises(ValueError, match="render_mode"):
        env("czar", players=2, render_mode="human")


def test_bad_configuration_names_the_problem():
    with pytest.raises(Exception, match="unknown game"):
        env("chess")
    with pytest.raises(Exception, match="players"):
        env("czar", players=9)


def every_preset() -> list[tuple[str, int, str]]:
    from gonets.core.registry import games

    found = []
    for name, game in games().items():
        for preset in game.presets:
            low, high = game.player_range(preset.name)
            found += [(name, n, preset.name) for n in sorted({low, high})]
    return found


@pytest.mark.parametrize("case", every_preset(), ids=case_id)
def test_every_preset_and_player_range_end(case):
    """Every preset at its fewest and most players: observations stay in their space."""
    game, players, preset = case
    table = env(game, players=players, preset=preset)
    table.reset(seed=1)
    rng = np.random.default_rng(1)
    for step, agent in enumerate(table.agent_iter()):
        obs, _reward, termination, truncation, _ = table.last()
        assert table.observation_space(agent).contains(obs)
        if termination or truncation or step >= 40:
            break
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_observation_is_the_encoding_of_the_seat_view_alone():
    from gonets.rl.encoders import get_encoder

    table = env("loveletter", players=3)
    table.reset(seed=9)
    encoder = get_encoder(table.table.config)
    rng = np.random.default_rng(9)
    for step, agent in enumerate(table.agent_iter()):
        obs, _reward, termination, truncation, _ = table.last()
        if termination or truncation or step > 60:
            break
        for other in table.agents:
            seat = int(other.rpartition("_")[2])
            expected = encoder.encode(table.table.state.view(seat))
            np.testing.assert_array_equal(table.observe(other)["observation"], expected)
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_using_the_environment_before_reset_is_a_clear_error():
    table = env("loveletter", players=2)
    with pytest.raises(RuntimeError, match="reset"):
        table.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        table.observe("player_0")
    with pytest.raises(KeyError, match="no agent"):
        table.observe("player_9")


def test_action_text_names_an_action():
    table = env("loveletter", players=2)
    table.reset(seed=0)
    legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
    texts = {table.action_text(int(a)) for a in legal}
    assert texts == set(table.table.state.view(table.table.to_move)["legal"])
