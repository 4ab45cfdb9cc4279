"""A match in progress: a state plus its growing record, and a driver that plays it out."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from gonets.core.errors import IllegalAction
from gonets.core.game import CHANCE, Game
from gonets.core.options import Config
from gonets.core.record import Record
from gonets.core.registry import get_game


class Match:
    """A state and the record of how it got there. Every change goes through here.

    Each random event draws from its own generator, seeded with the match seed and the step's
    index, so a match resumed from its record (after a server restart, say) deals exactly what
    it would have dealt without the interruption.
    """

    def __init__(self, game: Game, config: Config, seats: list[dict] | None = None,
                 seed: int | None = None):
        self.game = game
        self.state = game.new_state(config)
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)
        self.record = Record(game=game.name, players=config.players, preset=config.preset,
                             options=dict(config.options), seats=seats or [], seed=seed)

    @classmethod
    def from_record(cls, record: Record) -> Match:
        """Resume a (possibly unfinished) match from its record."""
        match = cls.__new__(cls)
        match.state = record.replay(verify=False)
        match.game = get_game(record.game)
        match.record = record
        return match

    def fork(self) -> Match:
        """An independent copy (cloned state, its own step list) to try a change on."""
        copy = Match.__new__(Match)
        copy.game = self.game
        copy.state = self.state.clone()
        copy.record = replace(self.record, steps=list(self.record.steps))
        return copy

    def deal(self) -> None:
        """Resolve every pending random event with the match's generator."""
        state, steps = self.state, self.record.steps
        while state.current_player() == CHANCE:
            outcome = state.sample_chance(random.Random(f"{self.record.seed}:{len(steps)}"))
            state.apply_chance(outcome)
            steps.append({"chance": outcome})
        if state.is_terminal() and self.record.result is None:
            self.record.result = state.result().to_json()

    def act(self, seat: int, action: int | str) -> None:
        """Apply a seat's action (id or notation), record it, then deal random events."""
        state = self.state
        if isinstance(action, str):
            action_id = state.text_to_action(action)
        elif isinstance(action, int) and not isinstance(action, bool):
            action_id = action
        else:
            raise IllegalAction(f"an action must be a notation or an id, not {action!r}")
        text = state.action_to_text(action_id)
        state.act(seat, action_id)
        self.record.steps.append({"seat": seat, "action": text})
        self.deal()


def play_match(game: Game, config: Config, agents: Sequence, seed: int | None = None,
               seats: list[dict] | None = None,
               on_step: Callable[[Match], None] | None = None) -> Match:
    """Play a whole match with one agent per seat; returns the finished match."""
    match = Match(game, config, seats=seats, seed=seed)
    match.deal()
    state = match.state
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        action = agents[seat].act(state.view(seat), legal)
        match.act(seat, action)
        if on_step is not None:
            on_step(match)
    return match
