"""The Carcassonne kernel room: :class:`Kernel`, the batched compiled fast path."""

from __future__ import annotations

import weakref

import numpy as np

from gonets.core.game import Result
from gonets.core.kernel import Batch, seed_streams
from gonets.games.carcassonne.kernel import convert, observe, policy, step
from gonets.games.carcassonne.kernel.tables import (
    END,
    LEGAL_BUF,
    M_DISCARDS,
    M_DRAWS,
    M_NT,
    M_PHASE,
    NUM_ACTIONS,
    PILE,
    S_CARD,
    S_META,
    S_PLAY,
    allocate,
    option_vector,
)
from gonets.games.carcassonne.rules.tiles import LETTERS

_COUNTS = ("steps", "matches", "tiles_placed", "messages", "discards")


class Kernel:
    """B Carcassonne matches of one configuration in compiled code (core/kernel.py protocol).

    ``step`` raises ValueError naming the first slot whose action was illegal (the legal
    actions of the other slots are applied). Every configuration of the game is supported:
    The Messengers on or off, every variant and override switch, every legacy option, 2-6
    players.
    """

    def __init__(self, config):
        self.config = config
        self.players = config.players
        self.num_actions = NUM_ACTIONS
        self.opt = option_vector(config)
        self.observer = observe.Observer(config)
        self.obs_size = self.observer.size
        self._buf = np.empty(LEGAL_BUF, np.int64)
        self._pool: dict[int, list] = {}

    # -- batches -------------------------------------------------------------------------------
    def batch(self, size: int, seed: int, first: int = 0) -> Batch:
        """``size`` new matches, slot i seeded from ``(seed, first + i)``.

        The arrays of a batch that is no longer referenced are kept for the next batch of the
        same size (a new batch then faults in no fresh memory): keep the Batch, not only its
        arrays, while using them."""
        pooled = self._pool.get(size)
        arrays = pooled.pop() if pooled else allocate(size, self.players)
        batch = Batch(size, seed_streams(seed, size, first), np.zeros(size, np.int64),
                      {"S": arrays})
        weakref.finalize(batch, self._pool.setdefault(size, []).append, arrays)
        self.reset(batch, np.arange(size, dtype=np.int64))
        return batch

    def reset(self, batch: Batch, slots) -> None:
        """New matches in the given slots (their generators go on)."""
        slots = np.asarray(slots, dtype=np.int64)
        step.reset_slots(batch.S, batch.rng, self.opt, slots, batch.cur)

    def legal_mask(self, batch: Batch, out: np.ndarray) -> None:
        """``out[b, a]``: action a is legal in slot b (all False once over)."""
        step.mask_batch(batch.S, out)

    def step(self, batch: Batch, actions) -> None:
        """Apply ``actions[b]`` where not negative, with the forced decisions after it."""
        actions = np.asarray(actions, dtype=np.int64)
        errors = np.zeros(batch.size, np.int64)
        step.step_batch(batch.S, self.opt, actions, batch.cur, errors)
        if errors.any():
            slot = int(np.flatnonzero(errors)[0])
            raise ValueError(f"action {int(actions[slot])} is not legal in slot {slot}")

    def scores(self, batch: Batch) -> np.ndarray:
        """Each player's total (the reference ``result().scores`` once the slot is over)."""
        return batch.S[S_PLAY][:, :, :2].sum(axis=2).astype(np.float64)

    def result(self, batch: Batch, slot: int) -> Result:
        """A finished slot's result (the reference's, without the scoring detail of the log the
        kernel does not keep: ``detail`` is ``{"scoring": []}``)."""
        totals = [float(v) for v in batch.S[S_PLAY][slot, :, :2].sum(axis=1)]
        best = max(totals)
        return Result(totals, [p for p, t in enumerate(totals) if t == best], {"scoring": []})

    def match_stats(self, batch: Batch, slot: int) -> dict:
        """The reference ``bench_counts`` of a slot: tiles placed, messages drawn, discards
        (for a loaded slot: messages drawn and discarded tiles as the state lists them)."""
        meta = batch.S[S_META][slot]
        return {"tiles_placed": int(meta[M_NT]) - 1, "messages": int(meta[M_DRAWS]),
                "discards": int(meta[M_DISCARDS])}

    def warm(self) -> None:
        """Call every compiled function once (compiles them on a new machine)."""
        batch = self.batch(2, 0)
        mask = np.zeros((2, self.num_actions), bool)
        self.legal_mask(batch, mask)
        actions = np.full(2, -1, np.int64)
        self.policy_actions(batch, actions)
        self.step(batch, actions)
        self.observe(batch, np.zeros((2, self.obs_size), np.float32))
        state = self.to_state(batch, 0)
        self.load(batch, 1, state)
        self.playout(batch)
        self.evaluate(batch)
        self.play_policy(batch)
        self.play_random(self.batch(2, 1))

    def winners_mask(self, batch: Batch) -> np.ndarray:
        """Bit mask of the players with the highest total, per slot."""
        totals = batch.S[S_PLAY][:, :, :2].sum(axis=2)
        best = totals.max(axis=1, keepdims=True)
        bits = (totals == best) << np.arange(self.players)
        return bits.sum(axis=1).astype(np.int64)

    def play_random(self, batch: Batch) -> dict:
        """Every slot to the end with uniform random legal actions; the finished matches'
        steps (decisions), matches, tiles placed, messages and discards."""
        return self.play_policy(batch, 0)

    def play_policy(self, batch: Batch, seats_mask: int | None = None) -> dict:
        """Every slot to the end with the playout policy (bot.rollout_action) for the seats
        in ``seats_mask`` (a bit mask; None: every seat), uniform random for the others."""
        mask = (1 << self.players) - 1 if seats_mask is None else int(seats_mask)
        counts = np.zeros(len(_COUNTS), np.int64)
        policy.policy_batch(batch.S, batch.rng, self.opt, batch.cur, mask, counts)
        return dict(zip(_COUNTS, (int(c) for c in counts)))

    def policy_actions(self, batch: Batch, out: np.ndarray) -> None:
        """The playout policy's action for every slot's deciding seat (-1 where over)."""
        policy.actions_batch(batch.S, batch.rng, self.opt, out)

    def playout(self, batch: Batch, turns: int = 1) -> np.ndarray:
        """Play every slot with the policy until ``turns`` new turns have started since the
        position was loaded (bot.rollout_done with bot.TURNS = 1) or the match is over.
        Returns (B, players) float64: bot.expected_worth of each slot, its final totals once
        over; :meth:`evaluate` turns a batch into the bot's evaluation."""
        worth = np.zeros((batch.size, self.players), np.float64)
        policy.playout_batch(batch.S, batch.rng, self.opt, batch.cur, turns, worth)
        return worth

    def evaluate(self, batch: Batch) -> np.ndarray:
        """bot.evaluate of every slot: winners share 1 when over, else a soft maximum of the
        expected final scores."""
        out = np.zeros((batch.size, self.players), np.float64)
        policy.evaluate_batch(batch.S, self.opt, out)
        return out

    # -- conversion ----------------------------------------------------------------------------
    def load(self, batch: Batch, slot: int, state) -> None:
        """Write a reference state into ``slot`` (the playout's start turn is its turn)."""
        convert.load_packed(batch.S, batch.rng, slot, self.opt,
                            convert.pack(state), self._buf, batch.cur)

    def to_state(self, batch: Batch, slot: int):
        """The reference state of ``slot`` (its log empty: the kernel keeps no log)."""
        return convert.to_state(self.config, batch.S, slot)

    def chance_outcomes(self, batch: Batch, slot: int) -> list:
        """The slot's deal as the reference's chance outcomes, in the order it asks for them
        (the protocol's name for :meth:`chance_outcome` with no event)."""
        return self.chance_outcome(batch, slot)

    def chance_outcome(self, batch: Batch, slot: int, event: str | None = None):
        """The slot's last deal in the reference's format: ``event="deal_tiles"`` the pile
        (71 letters), ``"deal_messages"`` the message stack (1-8); None: the list of both
        (the pile alone without The Messengers), in the order the reference asks for them."""
        deal = batch.S[S_CARD][slot, 3]
        pile = [LETTERS[v] for v in deal[:PILE]]
        stack = [int(v) for v in deal[PILE:PILE + 8]]
        if event == "deal_tiles":
            return pile
        if event == "deal_messages":
            return stack
        return [pile, stack] if self.opt[0] else [pile]

    # -- observation -----------------------------------------------------------------------------
    def observe(self, batch: Batch, out: np.ndarray, seat=None) -> None:
        """Each slot's observation for ``seat`` (an int, an array per slot, or None: the
        deciding seat), bit for bit the rl encoder's on the reference view."""
        if seat is None:
            seats = np.maximum(batch.cur, 0)
        else:
            seats = np.broadcast_to(np.asarray(seat, dtype=np.int64), (batch.size,)).copy()
        self.observer.observe(batch, out, seats)

    def over(self, batch: Batch) -> np.ndarray:
        """True where the slot's match is over."""
        return batch.S[S_META][:, M_PHASE] == END
