"""A match driven for a learning environment: one state, its seeded generator for the random
events, the encoder of its configuration and the rewards. Shared by the PettingZoo and
Gymnasium environments; it reads the state only through the game protocol."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from gonets.core.errors import IllegalAction
from gonets.core.game import CHANCE, TERMINAL, Game, State
from gonets.core.options import Config
from gonets.core.registry import get_game
from gonets.rl.encoders import get_encoder
from gonets.rl.encoding import Encoder

REWARDS = ("win", "round")
MASK_BYTES = 4_000_000
"""Memory for the action masks remembered per set of legal actions (they repeat often)."""


def configure(game: str | Game, players: int | None, preset: str | None,
              options: dict | None) -> tuple[Game, Config]:
    """Resolve a game (by name) and its configuration; ``players`` defaults to the fewest the
    preset allows."""
    definition = get_game(game) if isinstance(game, str) else game
    if players is None:
        players = definition.player_range(preset)[0]
    return definition, definition.configure(players, preset, options)


def outcome_rewards(winners: list[int], players: int) -> list[float]:
    """+1 for each winning seat, -1 for the others (all +1 when all win, all -1 when none)."""
    won = set(winners)
    return [1.0 if seat in won else -1.0 for seat in range(players)]


class Table:
    """One match at a time for an environment; ``reset(seed)`` starts the next one."""

    def __init__(self, game: str | Game, players: int | None = None, preset: str | None = None,
                 options: dict | None = None, rewards: str = "win"):
        self.game, self.config = configure(game, players, preset, options)
        if rewards not in REWARDS:
            raise ValueError(f"rewards must be one of {', '.join(REWARDS)}, not {rewards!r}")
        if rewards == "round" and self.game.name != "loveletter":
            raise ValueError("rewards='round' exists for Love Letter only (its rounds are "
                             "scored); other games are rewarded at the end")
        self.rewards_mode = rewards
        self.players = self.config.players
        self.encoder: Encoder = get_encoder(self.config)
        # a game's views room may offer SeatViews(seat).view(state): state.view(seat) for a
        # reader that asks in order and keeps no view (the encoder), built incrementally
        self._seat_views = getattr(self.game.room("views"), "SeatViews", None)
        self._streams: list | None = None
        self.num_actions = self.game.num_actions(self.config)
        self.rng = random.Random(random.SystemRandom().randrange(2**53))
        self.state: State = self.game.new_state(self.config)
        self.steps = 0
        self._memos: list[dict] = []
        self._cache: dict[int, tuple[int, np.ndarray]] = {}
        self._masks: dict = {}              # legal actions (a tuple of ids) -> their mask
        self._rounds_seen = 0

    def reset(self, seed: int | None = None) -> None:
        """A new match; a seed makes it (and every random event in it) reproducible."""
        if seed is not None:
            self.rng = random.Random(seed)
        self.state = self.game.new_state(self.config)
        self.steps = 0
        self._memos = [{} for _ in range(self.players)]
        self._cache = {}
        if self._seat_views is not None:
            self._streams = [self._seat_views(seat, copy=False) for seat in range(self.players)]
        self._rounds_seen = 0
        self.deal()

    def deal(self) -> None:
        """Resolve every pending random event with the table's generator."""
        state, rng = self.state, self.rng
        while state.current_player() == CHANCE:
            state.apply_chance(state.sample_chance(rng))

    @property
    def to_move(self) -> int:
        return self.state.current_player()

    @property
    def over(self) -> bool:
        return self.state.current_player() == TERMINAL

    def view(self, seat: int | None) -> dict:
        return self.state.view(seat)

    def observation(self, seat: int) -> np.ndarray:
        """The seat's encoded view (a fresh array). With the game's incremental views an
        observation is cheap and made anew; otherwise it is cached until the next step."""
        streams = self._streams
        if streams:
            return self.encoder.encode(streams[seat].view(self.state), self._memos[seat])
        cached = self._cache.get(seat)
        if cached is not None and cached[0] == self.steps:
            return cached[1].copy()
        vector = self.encoder.encode(self.state.view(seat), self._memos[seat])
        self._cache[seat] = (self.steps, vector)
        return vector.copy()

    def mask(self, seat: int) -> np.ndarray:
        """The seat's action mask: its legal actions when it decides, else all zeros (a
        fresh array)."""
        if self.state.current_player() != seat:
            return np.zeros(self.num_actions, dtype=np.int8)
        legal = self.state.legal_actions()
        key = legal if type(legal) is tuple else tuple(legal)
        found = self._masks.get(key)
        if found is None:
            found = np.zeros(self.num_actions, dtype=np.int8)
            found[list(legal)] = 1
            if len(self._masks) >= max(16, MASK_BYTES // max(1, self.num_actions)):
                self._masks.clear()
            self._masks[key] = found
        return found.copy()

    def action_text(self, action: int) -> str:
        """The notation of an action id now (e.g. ``guard p2 5``)."""
        return self.state.action_to_text(int(action))

    def act(self, action: Any) -> list[float]:
        """Apply the deciding seat's action, deal what follows; the rewards of this step."""
        state = self.state
        seat = state.current_player()
        if seat < 0:
            raise IllegalAction("the match is over; reset() starts the next one")
        try:
            action_id = int(action)
        except (TypeError, ValueError):
            raise IllegalAction(f"an action must be an integer id, not {action!r}") from None
        if not 0 <= action_id < self.num_actions:
            raise IllegalAction(f"action {action_id} is outside the action space "
                                f"0..{self.num_actions - 1}")
        if action_id not in state.legal_actions():
            raise IllegalAction(f"action {action_id} ({state.action_to_text(action_id)}) is not "
                                f"legal for seat {seat} now; legal ids: "
                                f"{list(state.legal_actions())[:20]}")
        state.apply(action_id)
        self.deal()
        self.steps += 1
        return self.step_rewards()

    def step_rewards(self) -> list[float]:
        if self.rewards_mode == "round":
            return self._round_rewards()
        if self.state.current_player() == TERMINAL:
            return outcome_rewards(self.state.result().winners, self.players)
        return [0.0] * self.players

    def _round_rewards(self) -> list[float]:
        """Love Letter per-round rewards: +1 to the round's winners, -1 to the others, read from
        the public log when a round ends."""
        total = [0.0] * self.players
        log = self.state.view(None).get("log") or []
        ends = [e for e in log if e.get("e") == "round_end"]
        for event in ends[self._rounds_seen:]:
            for seat, value in enumerate(outcome_rewards(event["winners"], self.players)):
                total[seat] += value
        self._rounds_seen = len(ends)
        return total
