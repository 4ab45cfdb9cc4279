"""The batched environments on the compiled kernels: Gymnasium's VectorEnv and all-seat self
play, their masks, rewards, autoreset, seeds, and observations equal to the rl encoder's."""

from __future__ import annotations

import numpy as np
import pytest

from gonets.core import get_game
from gonets.core.game import CHANCE
from gonets.rl.encoders import get_encoder
from gonets.rl.vector import SelfPlay, VectorEnv, env
from tests.rl.test_examples import load

GAMES = ("loveletter", "carcassonne")


def kernel_mask(envs) -> np.ndarray:
    mask = np.zeros((envs.num_envs, envs.num_actions), dtype=bool)
    envs.kernel.legal_mask(envs.batch, mask)
    return mask


@pytest.mark.parametrize("game", GAMES)
def test_the_first_observation_is_the_encoders(game):
    """Seat 0 decides first in each new match: its observation is the encoder's of the
    reference state dealt with the kernel's own chance outcomes."""
    envs = env(game, num_envs=6, players=2, seat=0, opponents="random")
    obs, info = envs.reset(seed=4)
    reference = get_game(game)
    config = envs.config
    encoder = get_encoder(config)
    for slot in range(6):
        state = reference.new_state(config)
        for outcome in envs.kernel.chance_outcomes(envs.batch, slot):
            state.apply_chance(outcome)
        assert state.current_player() == 0
        assert np.array_equal(obs[slot], encoder.encode(state.view(0)))
        legal = np.flatnonzero(info["action_mask"][slot]).tolist()
        assert legal == sorted(state.legal_actions())


@pytest.mark.parametrize("game", GAMES)
def test_episodes_end_with_the_winners_reward_and_restart_next_step(game):
    envs = env(game, num_envs=8, players=2, seat="random", opponents="playout")
    obs, info = envs.reset(seed=1)
    assert obs.shape == (8, envs.kernel.obs_size) and obs.dtype == np.float32
    finished = 0
    ended = np.zeros(8, dtype=bool)
    for _ in range(3000 if game == "loveletter" else 400):
        mask = info["action_mask"]
        live = ~ended
        assert np.array_equal(mask[live], kernel_mask(envs)[live])
        assert (envs.batch.cur[live] == info["seat"][live]).all()   # the learner decides
        assert mask[live].any(axis=1).all()
        seats = info["seat"].copy()
        obs, reward, terminated, truncated, info = envs.step(envs.sample_legal())
        assert not truncated.any()
        assert (reward[ended] == 0).all() and not terminated[ended].any()   # restarted
        won = (envs.kernel.winners_mask(envs.batch) >> seats) & 1
        expected = np.where(won == 1, 1.0, -1.0)
        assert np.array_equal(reward[terminated], expected[terminated])
        assert (reward[~terminated] == 0).all()
        finished += int(terminated.sum())
        ended = terminated
        if finished >= 12:
            break
    assert finished >= 12


def test_the_same_seed_gives_the_same_episodes():
    def trace(seed):
        envs = env("loveletter", num_envs=5, players=3, seat="random")
        obs, info = envs.reset(seed=seed)
        out = [obs]
        for _ in range(40):
            obs, reward, *_ = envs.step(envs.sample_legal())
            out += [obs, reward]
        return out

    first, again, other = trace(9), trace(9), trace(10)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


def test_an_illegal_action_loses_or_raises():
    envs = env("loveletter", num_envs=3, players=2, illegal="lose")
    _, info = envs.reset(seed=2)
    actions = envs.sample_legal()
    wrong = int(np.flatnonzero(~info["action_mask"][1])[0])
    actions[1] = wrong
    _, reward, terminated, _, info = envs.step(actions)
    assert reward[1] == -1.0 and terminated[1] and info["illegal"][1]
    strict = env("loveletter", num_envs=3, players=2, illegal="raise")
    _, info = strict.reset(seed=2)
    actions = strict.sample_legal()
    actions[2] = int(np.flatnonzero(~info["action_mask"][2])[0])
    with pytest.raises(ValueError, match="environment 2"):
        strict.step(actions)
    for bad in ({"seat": 5}, {"opponents": "heuristic"}, {"illegal": "ignore"}):
        with pytest.raises(ValueError):
            VectorEnv("loveletter", 2, players=2, **bad)
    with pytest.raises(ValueError, match="num_envs"):
        env("loveletter", num_envs=0)


@pytest.mark.parametrize("game", GAMES)
def test_self_play_acts_for_every_seat_until_matches_end(game):
    play = SelfPlay(game, num_envs=6, players=2)
    obs, mask, to_move, rewards, done = play.reset(seed=3)
    picker = np.random.default_rng(0)
    seats_moved = set()
    results = []
    for _ in range(5000):
        actions = np.array([picker.choice(np.flatnonzero(row)) if row.any() else 0
                            for row in mask])
        seats_moved.update(to_move[to_move >= 0].tolist())
        obs, mask, to_move, rewards, done = play.step(actions)
        for slot in np.flatnonzero(done):
            assert set(rewards[slot].tolist()) <= {1.0, -1.0}
            results.append(rewards[slot].tolist())
        assert (rewards[~done] == 0).all()
        if len(results) >= 8:
            break
    assert len(results) >= 8 and seats_moved == {0, 1}
    assert (play.batch.cur != CHANCE).all()


def test_the_ppo_example_trains_and_evaluates(capsys):
    results = load("ppo_vector").main(["--steps", "1024", "--envs", "16", "--horizon", "16",
                                       "--minibatch", "64", "--epochs", "1", "--eval", "20"])
    assert [r["opponents"] for r in results] == ["random", "playout"]
    assert all(r["matches"] == 20 for r in results)
    assert "greedy policy vs random" in capsys.readouterr().out
