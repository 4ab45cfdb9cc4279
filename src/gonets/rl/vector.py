"""Batched environments on a game's compiled kernel: every environment is one slot of a batch.

>>> from gonets.rl.vector import env
>>> envs = env("loveletter", num_envs=512, players=2, opponents="playout")
>>> obs, info = envs.reset(seed=0)
>>> actions = envs.sample_legal()           # or a policy's choice under info["action_mask"]
>>> obs, rewards, terminated, truncated, info = envs.step(actions)

:class:`VectorEnv` is a Gymnasium ``VectorEnv``: the learner sits at ``seat`` (an int, or
``"random"``: drawn per match), the other seats are played inside the kernel by the game's
playout policy (``opponents="playout"``) or uniformly at random (``"random"``). Observations
and masks are those of the single-table environments (``gonets.rl.gymnasium``) for the same
seat, bit for bit; the reward is +1 for a match the learner wins, -1 for one it loses, given at
its end. Autoreset is Gymnasium's default ``NEXT_STEP``: the step after a match ends starts the
next one in that slot and ignores its action. A match the opponents finish before the learner's
first decision is not an episode: it is dealt again (counted in ``info["skipped_matches"]``).

:class:`SelfPlay` is the batched multi-agent form where every seat is a learner (PettingZoo's
view of the game, one slot per match): each step takes one action per slot for the seat that
decides there, and returns each slot's rewards for every seat.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from gonets.core.game import TERMINAL
from gonets.core.kernel import kernel_for, random_legal
from gonets.rl.table import configure

OPPONENTS = ("playout", "random")
ILLEGAL = ("lose", "raise")
MAX_SKIPPED = 100


def env(game: str, num_envs: int = 64, **kwargs) -> VectorEnv:
    """A :class:`VectorEnv` of ``num_envs`` matches of ``game`` (a kernel game)."""
    return VectorEnv(game, num_envs, **kwargs)


class _Batched:
    """What both batched forms share: the kernel, its batch, the masks and observations."""

    def __init__(self, game: str, num_envs: int, players: int | None, preset: str | None,
                 options: dict | None):
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        self.game, self.config = configure(game, players, preset, options)
        self.kernel = kernel_for(self.config)
        self.num_envs = num_envs
        self.players = self.config.players
        self.num_actions = self.kernel.num_actions
        self.batch = self.kernel.batch(num_envs, 0)
        self._mask = np.zeros((num_envs, self.num_actions), dtype=bool)
        self._obs = np.zeros((num_envs, self.kernel.obs_size), dtype=np.float32)
        self._actions = np.full(num_envs, -1, dtype=np.int64)

    def _new_batch(self, seed: int | None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (1 << 62))
        self.batch = self.kernel.batch(self.num_envs, int(seed))

    def _winners(self) -> np.ndarray:
        return self.kernel.winners_mask(self.batch)

    def _outcome(self, seats: np.ndarray) -> np.ndarray:
        """+1 where ``seats[b]`` won slot ``b``, -1 where it lost (finished slots only)."""
        won = (self._winners() >> seats) & 1
        return np.where(won == 1, 1.0, -1.0).astype(np.float32)


class VectorEnv(_Batched, gymnasium.vector.VectorEnv):
    """``num_envs`` matches of one configuration, the learner at one seat of each."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, game: str, num_envs: int = 64, players: int | None = None,
                 preset: str | None = None, options: dict | None = None,
                 seat: int | str = 0, opponents: str = "playout", illegal: str = "lose"):
        _Batched.__init__(self, game, num_envs, players, preset, options)
        n = self.players
        if seat != "random" and (not isinstance(seat, int) or not 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or 'random', not {seat!r}")
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}, not "
                             f"{opponents!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.seat_choice, self.opponents, self.illegal = seat, opponents, illegal
        size = self.kernel.obs_size
        self.single_observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = spaces.Box(0.0, 1.0, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.num_actions))
        self.seats = np.zeros(num_envs, dtype=np.int64)
        self._ended = np.zeros(num_envs, dtype=bool)
        self._started = False
        self._picker = np.random.default_rng(0)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        self._new_batch(seed)
        self._picker = np.random.default_rng(seed)
        self._ended[:] = False
        skipped = self._start(np.arange(self.num_envs), fresh=True)
        self._started = True
        return self._observe(), self._info(skipped=skipped)

    def step(self, actions):
        if not self._started:
            raise RuntimeError("call reset() before step()")
        actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        ended = self._ended.copy()
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        terminated = np.zeros(self.num_envs, dtype=bool)
        playing = ~ended
        illegal = playing & ~self._is_legal(actions)
        if illegal.any() and self.illegal == "raise":
            slot = int(np.flatnonzero(illegal)[0])
            raise ValueError(f"action {int(actions[slot])} is not legal in environment {slot} "
                             f"(its legal ids: {np.flatnonzero(self._mask[slot])[:20].tolist()})")
        moving = playing & ~illegal
        self._actions[:] = -1
        self._actions[moving] = actions[moving]
        self.kernel.step(self.batch, self._actions)
        self._play_opponents()
        over = moving & (self.batch.cur == TERMINAL)
        rewards[over] = self._outcome(self.seats)[over]
        rewards[illegal] = -1.0
        terminated[over | illegal] = True
        skipped = self._start(np.flatnonzero(ended), fresh=False) if ended.any() else 0
        self._ended = terminated.copy()
        truncated = np.zeros(self.num_envs, dtype=bool)
        obs = self._observe()
        info = self._info(skipped=skipped)
        if illegal.any():
            info["illegal"] = illegal
        return obs, rewards, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions per environment (all False in a finished one)."""
        return self._mask.copy()

    def sample_legal(self) -> np.ndarray:
        """A uniformly random legal action per environment (0 where none is legal)."""
        chosen = np.zeros(self.num_envs, dtype=np.int64)
        random_legal(self._mask, self._picker_words(), chosen)
        return np.maximum(chosen, 0)

    # -- inside ------------------------------------------------------------------------------
    def _picker_words(self) -> np.ndarray:
        return self._picker.integers(0, 2**63, self.num_envs, dtype=np.int64).astype(np.uint64)

    def _start(self, slots: np.ndarray, fresh: bool) -> int:
        """New matches in ``slots`` (the batch's own on a reset) until the learner decides in
        each; the number of matches dealt again because they ended first."""
        skipped = 0
        pending = slots
        for _ in range(MAX_SKIPPED + 1):
            if not fresh:
                self.kernel.reset(self.batch, pending)
            fresh = False
            if self.seat_choice == "random":
                self.seats[pending] = self._picker.integers(0, self.players, len(pending))
            else:
                self.seats[pending] = self.seat_choice
            self._play_opponents()
            pending = pending[self.batch.cur[pending] == TERMINAL]
            if not len(pending):
                return skipped
            skipped += len(pending)
        raise RuntimeError(f"{MAX_SKIPPED} matches in a row ended before the learner's first "
                           "decision")

    def _play_opponents(self) -> None:
        """Let the other seats move until each slot waits for its learner or is over."""
        kernel, batch = self.kernel, self.batch
        while True:
            waiting = (batch.cur >= 0) & (batch.cur != self.seats)
            if not waiting.any():
                return
            if self.opponents == "playout":
                kernel.policy_actions(batch, self._actions)
            else:
                kernel.legal_mask(batch, self._mask)
                random_legal(self._mask, batch.rng, self._actions)
            self._actions[~waiting] = -1
            kernel.step(batch, self._actions)

    def _is_legal(self, actions: np.ndarray) -> np.ndarray:
        inside = (actions >= 0) & (actions < self.num_actions)
        legal = np.zeros(self.num_envs, dtype=bool)
        rows = np.flatnonzero(inside)
        legal[rows] = self._mask[rows, actions[rows]]
        return legal

    def _observe(self) -> np.ndarray:
        self.kernel.legal_mask(self.batch, self._mask)
        self.kernel.observe(self.batch, self._obs, self.seats)
        return self._obs.copy()

    def _info(self, skipped: int) -> dict:
        return {"action_mask": self._mask.copy(), "seat": self.seats.copy(),
                "skipped_matches": skipped}


class SelfPlay(_Batched):
    """Every seat a learner: each step acts for the deciding seat of every slot.

    ``reset(seed)`` and ``step(actions)`` return ``(obs, mask, to_move, rewards, done)``: the
    observation and legal mask of each slot's deciding seat, that seat, the rewards of the step
    for every seat (``(num_envs, players)``: +1/-1 when the match ended, else 0) and whether
    the match ended. A slot whose match ended starts the next one at the following step (its
    action is ignored), as Gymnasium's ``NEXT_STEP`` autoreset does.
    """

    def __init__(self, game: str, num_envs: int = 64, players: int | None = None,
                 preset: str | None = None, options: dict | None = None):
        super().__init__(game, num_envs, players, preset, options)
        self._ended = np.zeros(num_envs, dtype=bool)

    def reset(self, seed: int | None = None):
        self._new_batch(seed)
        self._ended[:] = False
        rewards = np.zeros((self.num_envs, self.players), dtype=np.float32)
        return self._result(rewards, self._ended.copy())

    def step(self, actions):
        actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        ended = self._ended
        playing = ~ended & (self.batch.cur >= 0)
        rows = np.flatnonzero(playing)
        bad = rows[~((actions[rows] >= 0) & (actions[rows] < self.num_actions))]
        if not len(bad):
            bad = rows[~self._mask[rows, actions[rows]]]
        if len(bad):
            slot = int(bad[0])
            raise ValueError(f"action {int(actions[slot])} is not legal for seat "
                             f"{int(self.batch.cur[slot])} in slot {slot}")
        self._actions[:] = -1
        self._actions[playing] = actions[playing]
        self.kernel.step(self.batch, self._actions)
        over = playing & (self.batch.cur == TERMINAL)
        rewards = np.zeros((self.num_envs, self.players), dtype=np.float32)
        if over.any():
            won = (self._winners()[:, None] >> np.arange(self.players)) & 1
            rewards[over] = np.where(won[over] == 1, 1.0, -1.0)
        if ended.any():
            self.kernel.reset(self.batch, np.flatnonzero(ended))
        self._ended = over
        return self._result(rewards, over.copy())

    def _result(self, rewards, done):
        self.kernel.legal_mask(self.batch, self._mask)
        seats = np.maximum(self.batch.cur, 0)
        self.kernel.observe(self.batch, self._obs, seats)
        return self._obs.copy(), self._mask.copy(), self.batch.cur.copy(), rewards, done
