"""Every gonets game as a PettingZoo AEC environment.

>>> from gonets.rl.pettingzoo import env
>>> table = env("loveletter", players=2)
>>> table.reset(seed=7)
>>> for agent in table.agent_iter():
...     obs, reward, termination, truncation, info = table.last()
...     action = None if termination or truncation else \\
...         table.action_space(agent).sample(obs["action_mask"])
...     table.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (seat order). The agent selected is always the seat
that decides now; random events are drawn inside the environment with its generator
(``reset(seed=...)`` reproduces a match). Observations are ``{"observation": float32 vector,
"action_mask": int8 vector}`` built from that seat's view only.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gonets.rl.render import render_rgb, render_text
from gonets.rl.table import Table

RENDER_MODES = ("ansi", "rgb_array")


class GonetsAEC(AECEnv):
    """A gonets game for PettingZoo's agent-environment-cycle API."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "gonets_v0",
                "is_parallelizable": False, "render_fps": 4}

    def __init__(self, game: str, players: int | None = None, preset: str | None = None,
                 options: dict | None = None, render_mode: str | None = None,
                 rewards: str = "win", max_cycles: int | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, "
                             f"not {render_mode!r}")
        if max_cycles is not None and (not isinstance(max_cycles, int) or max_cycles < 1):
            raise ValueError(f"max_cycles must be a positive integer, not {max_cycles!r}")
        self.table = Table(game, players, preset, options, rewards)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        n = self.table.players
        self.metadata = dict(self.metadata, name=f"gonets_{self.table.game.name}_v0")
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        size, actions = self.table.encoder.size, self.table.num_actions
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.agents: list[str] = []

    # -- spaces -------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the cycle ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._decisions = 0
        self._select()

    def _select(self) -> None:
        seat = self.table.to_move
        self.agent_selection = self.possible_agents[seat] if seat >= 0 else self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat.get(agent)
        if seat is None:
            raise KeyError(f"no agent {agent!r}; agents: {', '.join(self.possible_agents)}")
        if not hasattr(self, "agent_selection"):
            raise RuntimeError("call reset() before observe()")
        table = self.table
        return {"observation": table.observation(seat), "action_mask": table.mask(seat)}

    def step(self, action: Any) -> None:
        if not self.agents and not hasattr(self, "agent_selection"):
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        rewards = self.table.act(action)
        self._decisions += 1
        self._cumulative_rewards[agent] = 0.0
        seat_of, step_rewards = self._seat, self.rewards
        for name in self.agents:
            step_rewards[name] = rewards[seat_of[name]]
        if self.table.over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and \
                self._decisions >= self.max_cycles * self.table.players:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def action_text(self, action: int) -> str:
        """The game's notation of an action id at this moment (e.g. ``guard p2 5``)."""
        return self.table.action_text(action)

    # -- pictures -----------------------------------------------------------------------------
    def render(self) -> str | np.ndarray | None:
        """``ansi``: the terminal picture as text; ``rgb_array``: the SVG as an RGB array.
        Both show the table as a spectator sees it (no hidden card)."""
        if self.render_mode is None:
            return None
        view = self.table.view(None)
        if self.render_mode == "ansi":
            return render_text(self.table.game, view)
        return render_rgb(self.table.game, view)

    def close(self) -> None:
        """Nothing to release (no window is ever opened)."""

    def state(self) -> np.ndarray:
        raise NotImplementedError("a gonets game has no global observation: every encoding is "
                                  "one seat's view (use observe(agent))")


def env(game: str, players: int | None = None, preset: str | None = None,
        options: dict | None = None, render_mode: str | None = None, rewards: str = "win",
        max_cycles: int | None = None) -> GonetsAEC:
    """A PettingZoo AEC environment of ``game`` (``rewards="round"``: Love Letter per round;
    ``max_cycles``: truncate after that many decisions per player)."""
    return GonetsAEC(game, players, preset, options, render_mode, rewards, max_cycles)


raw_env = GonetsAEC
