"""Every gonets game as a single-agent Gymnasium environment against gonets agents.

>>> from gonets.rl.gymnasium import env
>>> table = env("loveletter", players=2, opponents="random")
>>> obs, info = table.reset(seed=3)
>>> obs, reward, terminated, truncated, info = table.step(int(info["action_mask"].argmax()))

The learner sits at ``seat`` (an int, or ``"random"``: drawn at each reset); the other seats
are played by gonets agents (``opponents``: one agent name for all, or one per other seat;
any name ``gonets.agents.make_agent`` knows, e.g. ``random``, ``heuristic``, ``ismcts``).
Observations are the learner's encoded view; the legal actions are in ``info["action_mask"]``
and in ``action_masks()`` (the method sb3-contrib's MaskablePPO calls). A match the opponents
finish before the learner's first decision (a Love Letter match can end that way) is not an
episode: ``reset`` deals the next one and counts it in ``info["skipped_matches"]``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from gonets.agents import make_agent
from gonets.agents.base import decide, seat_views
from gonets.core.errors import IllegalAction
from gonets.rl.render import render_rgb, render_text
from gonets.rl.table import Table

ILLEGAL = ("lose", "raise")
MAX_SKIPPED = 100


class GonetsEnv(gymnasium.Env):
    """One seat of a gonets game; the other seats are gonets agents."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(self, game: str, players: int | None = None,
                 opponents: str | list[str] = "random", preset: str | None = None,
                 options: dict | None = None, seat: int | str = 0,
                 render_mode: str | None = None, rewards: str = "win", illegal: str = "lose"):
        self.table = Table(game, players, preset, options, rewards)
        n = self.table.players
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'rgb_array' or None, "
                             f"not {render_mode!r}")
        if seat != "random" and (not isinstance(seat, int) or not 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or 'random', not {seat!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"{n} players need {n - 1} opponents, not {len(names)}: {names}")
        for name in set(names):          # a clear error now rather than at the first reset
            make_agent(name, self.table.game, self.table.config, 0, seed=0)
        self.opponent_names = names
        self.seat_choice = seat
        self.render_mode = render_mode
        self.illegal = illegal
        self.observation_space = spaces.Box(0.0, 1.0, (self.table.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self.seat = 0 if seat == "random" else seat
        self.opponents: dict[int, Any] = {}
        self._views: list | None = None
        self._started = False

    def reset(self, *, seed: int | None = None,
              options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        table = self.table
        table.reset(seed if seed is not None else int(self.np_random.integers(2**53)))
        skipped = 0
        while True:
            self._start_match()
            if not table.over:
                break
            skipped += 1              # the opponents ended it before the learner's first turn
            if skipped >= MAX_SKIPPED:
                raise RuntimeError(f"{skipped} matches in a row ended before seat {self.seat} "
                                   "had a decision")
            table.reset()
        self._started = True
        return self._observation(), dict(self._info(), skipped_matches=skipped)

    def _start_match(self) -> None:
        table = self.table
        n = table.players
        if self.seat_choice == "random":
            self.seat = table.rng.randrange(n)
        match_seed = table.rng.randrange(2**53)
        others = [s for s in range(n) if s != self.seat]
        self.opponents = {s: make_agent(name, table.game, table.config, s, seed=match_seed)
                          for s, name in zip(others, self.opponent_names)}
        self._views = seat_views(table.game, n)        # the opponents' views of this match
        self._reward = 0.0
        self._play_opponents()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        table = self.table
        if not self._started:
            raise RuntimeError("call reset() before step()")
        if table.over:
            raise IllegalAction("the match is over; call reset()")
        if not self._legal(action):
            if self.illegal == "raise":
                table.act(action)          # raises, naming the problem
            return self._observation(), -1.0, True, False, dict(self._info(), illegal=True)
        self._reward = table.act(action)[self.seat]
        self._play_opponents()
        return self._observation(), self._reward, table.over, False, self._info()

    def _legal(self, action: Any) -> bool:
        try:
            action_id = int(action)
        except (TypeError, ValueError):
            return False
        return 0 <= action_id < self.table.num_actions and \
            action_id in self.table.state.legal_actions()

    def _play_opponents(self) -> None:
        table = self.table
        while not table.over and table.to_move != self.seat:
            seat = table.to_move
            state = table.state
            choice = decide(self.opponents[seat], state, seat, state.legal_actions(),
                            self._views)
            self._reward += table.act(choice)[self.seat]

    def _observation(self) -> np.ndarray:
        return self.table.observation(self.seat)

    def _info(self) -> dict:
        return {"action_mask": self.table.mask(self.seat), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans (sb3-contrib's MaskablePPO calls this)."""
        return self.table.mask(self.seat).astype(bool)

    def action_text(self, action: int) -> str:
        """The game's notation of an action id at this moment (e.g. ``guard p2 5``)."""
        return self.table.action_text(action)

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            return None
        view = self.table.view(None)
        if self.render_mode == "ansi":
            return render_text(self.table.game, view)
        return render_rgb(self.table.game, view)


def env(game: str, players: int | None = None, opponents: str | list[str] = "random",
        **kwargs: Any) -> GonetsEnv:
    """A Gymnasium environment of ``game`` for one learner against gonets agents; keyword
    arguments: ``preset``, ``options``, ``seat``, ``render_mode``, ``rewards``, ``illegal``."""
    return GonetsEnv(game, players, opponents, **kwargs)


def register() -> list[str]:
    """Register ``gonets/<game>-v0`` with Gymnasium (``gymnasium.make("gonets/czar-v0",
    players=3)``); returns the ids."""
    from gonets.core.registry import games

    ids = []
    for name in games():
        env_id = f"gonets/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="gonets.rl.gymnasium:GonetsEnv",
                               kwargs={"game": name})
        ids.append(env_id)
    return ids


register()

