"""The single-agent Gymnasium environments pass Gymnasium's env checker."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from gonets.core.errors import IllegalAction, OptionError
from gonets.rl.gymnasium import env
from tests.rl.cases import CASES, case_id


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_check_env(case):
    game, players, preset = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # render fps and spec notes, not failures
        check_env(env(game, players=players, preset=preset, opponents="random",
                      render_mode="ansi"))


def test_check_env_against_named_bots_at_a_random_seat():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env("loveletter", players=3, opponents=["heuristic", "random"],
                      seat="random"), skip_render_check=True)


def play(table, seed: int) -> tuple[list, float]:
    obs, info = table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, total, done = [], 0.0, False
    while not done:
        assert (table.action_masks() == info["action_mask"].astype(bool)).all()
        action = int(rng.choice(np.flatnonzero(table.action_masks())))
        actions.append(action)
        obs, reward, terminated, truncated, info = table.step(action)
        total += reward
        done = terminated or truncated
    return actions, total


def test_a_match_ends_with_the_learner_reward_and_seeds_reproduce_it():
    table = env("czar", players=3, opponents="heuristic", seat=1)
    first = play(table, seed=8)
    again = play(table, seed=8)
    assert first == again
    winners = table.table.state.result().winners
    assert first[1] == (1.0 if 1 in winners else -1.0)


def test_opponents_act_only_on_their_seats():
    table = env("carcassonne", players=2, opponents="random", seat=1)
    obs, info = table.reset(seed=1)
    assert table.table.state.current_player() == 1
    assert info["action_mask"].any()


def test_illegal_actions_lose_or_raise():
    table = env("loveletter", players=2)
    obs, info = table.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = table.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    strict = env("loveletter", players=2, illegal="raise")
    obs, info = strict.reset(seed=0)
    with pytest.raises(IllegalAction, match="not legal"):
        strict.step(illegal)


def test_bad_arguments_name_the_problem():
    with pytest.raises(OptionError, match="unknown agent"):
        env("loveletter", players=2, opponents="grandmaster")
    with pytest.raises(ValueError, match="opponents"):
        env("loveletter", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat"):
        env("loveletter", players=2, seat=2)


def test_registered_with_gymnasium_make():
    import gymnasium

    table = gymnasium.make("gonets/czar-v0", players=3, opponents="random")
    obs, info = table.reset(seed=2)
    assert table.observation_space.contains(obs)
    assert table.unwrapped.action_masks().any()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(table.unwrapped)


def test_step_before_reset_is_a_clear_error():
    with pytest.raises(RuntimeError, match="reset"):
        env("czar", players=2).step(0)
