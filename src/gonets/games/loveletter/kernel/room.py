"""``Kernel``: the Python face of the compiled Love Letter core (see ``core/kernel.py``)."""

from __future__ import annotations

import numpy as np

from gonets.core.kernel import Batch, KernelUnsupported, seed_streams
from gonets.games.loveletter.kernel import convert, observe, policy, run
from gonets.games.loveletter.kernel.layout import (
    ALIVE,
    BISHOP_BY,
    BURNED,
    CH_FLAGS,
    CH_STARTER,
    CHANCE,
    DECK,
    DONE,
    DRAWN,
    EXTRA,
    FACE,
    HAND,
    JBY,
    JON,
    MARK,
    MOVES,
    NBURN,
    NDECK,
    NDISC,
    NEXTRA,
    NFACE,
    PHASE,
    PLAST,
    PLAYED_N,
    PROT,
    ROUND,
    SH,
    SHSEQ,
    SHUF,
    SPARE_CARD,
    STARTER_SEAT,
    TOKENS,
    TURN,
    WINNERS,
    allocate,
)
from gonets.games.loveletter.kernel.legal import MAXLEGAL
from gonets.games.loveletter.kernel.tables import DSIZE, NCARDS, build_tables
from gonets.games.loveletter.rules import LoveLetterState, rules_for
from gonets.games.loveletter.rules.cards import INDEX, KEYS


def check_supported(config) -> None:
    """Refuse, naming it, what the kernel does not play (every option of game.py is played)."""
    from gonets.games.loveletter.game import OPTIONS

    if config.game != "loveletter":
        raise KernelUnsupported(f"the Love Letter kernel cannot play {config.game!r}")
    known = {option.name: option for option in OPTIONS}
    for name, value in config.options.items():
        option = known.get(name)
        if option is None:
            raise KernelUnsupported(f"the Love Letter kernel does not know the option {name!r}")
        if option.choices and value not in option.choices:
            raise KernelUnsupported(f"the Love Letter kernel does not play {name}={value!r}")
    if not 2 <= config.players <= 8:
        raise KernelUnsupported(f"the Love Letter kernel plays 2-8 players, not "
                                f"{config.players}")


class Kernel:
    """B Love Letter matches of one configuration in compiled code (``core/kernel.py``)."""

    def __init__(self, config):
        check_supported(config)
        self.config = config
        self.rules = rules_for(config)
        self.players = config.players
        self.num_actions = len(self.rules.table)
        offsets, self.obs_size = observe.layout(self.rules)
        self.tables = build_tables(self.rules, offsets)
        self.memory = convert.LogMemory()
        self.snap_size = convert.snapshot_size(self.players)
        self._scratch = np.zeros(self.snap_size, np.int64)
        # scratch of the compiled calls (which allocate nothing): a kernel is not shared by
        # threads that call it at once
        self._buf = np.zeros(policy.SCRATCH, np.int64)
        self._weights = np.zeros(MAXLEGAL, np.float64)
        self._row = np.zeros(self.obs_size, np.float64)
        self._seen = np.zeros(NCARDS + 3, np.int64)

    def warm(self) -> None:
        """Call every compiled function once (the first use on a machine compiles them)."""
        batch = self.batch(2, 0)
        mask = np.zeros((2, self.num_actions), np.bool_)
        self.legal_mask(batch, mask)
        self.observe(batch, np.zeros((2, self.obs_size), np.float32))
        state = self.to_state(batch, 0)
        self.load(batch, 1, state)
        self.policy_actions(batch, np.zeros(2, np.int64))
        self.step(batch, np.array([int(np.nonzero(mask[0])[0][0]), -1], np.int64))
        self.playout_round(batch)
        self.play_policy(batch)
        self.play_random(self.batch(1, 1))

    # -- batches ---------------------------------------------------------------------------------
    def batch(self, size: int, seed: int, first: int = 0) -> Batch:
        """``size`` new matches, slot ``i``'s generator seeded from ``(seed, first + i)``."""
        rng = seed_streams(seed, size, first)
        S = allocate(size, self.players, rng)
        batch = Batch(size, rng, S.cur, {"S": S, "logs": [None] * size})
        self.reset(batch, np.arange(size, dtype=np.int64))
        return batch

    def reset(self, batch: Batch, slots) -> None:
        """New matches in ``slots`` (their generators go on)."""
        slots = np.asarray(slots, dtype=np.int64)
        run.reset_slots(batch.S, self.tables, slots)
        for b in slots.tolist():
            batch.logs[b] = None

    def legal_mask(self, batch: Batch, out: np.ndarray) -> None:
        """``out[b, a]``: action ``a`` is legal in slot ``b`` (all False once over)."""
        run.legal_mask(batch.S, self.tables, out, self._buf)

    def step(self, batch: Batch, actions) -> None:
        """Apply ``actions[b]`` where it is not negative and the slot is not over, then the
        chance events that follow. An illegal action raises ValueError (naming the slot and
        the action) and nothing is applied."""
        actions = np.asarray(actions, dtype=np.int64)
        codes = np.zeros(batch.size, np.int64)
        if run.step_all(batch.S, self.tables, actions, codes, self._buf):
            b = int(np.nonzero(codes)[0][0])
            a = int(actions[b])
            text = self.rules.texts[a] if 0 <= a < self.num_actions else "no such id"
            raise ValueError(f"slot {b}: action {a} ({text}) is not legal there")

    def scores(self, batch: Batch) -> np.ndarray:
        """Tokens per seat (the reference ``result().scores``), float64 (B, players)."""
        return batch.S.seat[:, :, TOKENS].astype(np.float64)

    def winners_mask(self, batch: Batch) -> np.ndarray:
        """Bit mask of the winners per slot (0 while a match goes on)."""
        return batch.S.sc[:, WINNERS].copy()

    def result(self, batch: Batch, slot: int):
        """The reference ``result()`` of a finished slot."""
        return self.to_state(batch, slot).result()

    def match_stats(self, batch: Batch, slot: int) -> dict[str, int]:
        """The game's ``match_stats`` of a finished slot (counted since its match began, or
        since it was loaded)."""
        sc, stat = batch.S.sc[slot], batch.S.stat[slot]
        stats = {"rounds": int(sc[DONE]), "cards_played": int(sc[PLAYED_N])}
        kinds = sorted(self.rules.deck.composition())
        for key in kinds:
            stats[f"played_{key}"] = int(stat[INDEX[key], 0])
        for key in kinds:
            stats[f"won_{key}"] = int(stat[INDEX[key], 1])
        return stats

    def play_random(self, batch: Batch) -> dict:
        """Every slot to its end with uniform random legal actions, in one compiled call:
        ``{"steps": cards played, "matches": matches finished}``."""
        steps, matches = run.play_random(batch.S, self.tables, self._buf)
        return {"steps": int(steps), "matches": int(matches)}

    def play_policy(self, batch: Batch, seats_mask: int | None = None) -> dict:
        """Every slot to its end, the seats of ``seats_mask`` (default: all) by the playout
        policy of ``bot/search.py`` (``rollout_action``), the others uniformly at random."""
        mask = (1 << self.players) - 1 if seats_mask is None else int(seats_mask)
        steps, matches = policy.play_policy(batch.S, self.tables, mask, self._buf, self._weights)
        return {"steps": int(steps), "matches": int(matches)}

    def playout_round(self, batch: Batch):
        """From each slot's loaded position, the policy until the round in progress is decided
        (the reference ``rollout_done``: asked after each move, before the next deal) or the
        match ends. Returns ``(tokens, alive, over)``: tokens int64 (B, players) where it
        stopped, the mask of the seats in a round still in progress (0 where none is: what
        ``evaluate`` passes to ``_standings``) and whether the match is over. The next deal
        is then made, so no chance event is left pending."""
        n = self.players
        tokens = np.zeros((batch.size, n), np.int64)
        alive = np.zeros(batch.size, np.int64)
        over = np.zeros(batch.size, np.bool_)
        policy.playout_round(batch.S, self.tables, tokens, alive, over, self._buf,
                             self._weights)
        return tokens, alive, over

    def observe(self, batch: Batch, out: np.ndarray, seat=None) -> None:
        """``out[b]``: the rl encoder's observation of slot ``b`` for ``seat`` (an int for
        every slot, an int array with one seat per slot, or None: the deciding seat; a slot
        nobody decides in is left zero)."""
        seats = np.full(batch.size, -1 if seat is None else 0, np.int64)
        if seat is not None:
            seats[:] = seat
        observe.observe_all(batch.S, self.tables, out, seats, self._row, self._seen)

    def policy_actions(self, batch: Batch, out: np.ndarray) -> None:
        """The playout policy's choice in every slot into ``out`` (-1 where nobody decides),
        not applied: one draw of ``rollout_action`` each, from the slots' generators."""
        out[:] = -1
        policy.choose_all(batch.S, self.tables, out, self._buf, self._weights)

    def seen_hands(self, batch: Batch, slot: int, mover: int) -> dict[int, int]:
        """The playout's ``_seen_hands(state, mover)`` as the slot keeps it (dict order too)."""
        rel = batch.S.rel[slot, mover]
        found = sorted((int(rel[q, SHSEQ]), q, int(rel[q, SH])) for q in range(self.players)
                       if q != mover and rel[q, SH] >= 0)
        return {q: card for _, q, card in found}

    def last_plays(self, batch: Batch, slot: int) -> list[int | None]:
        """The playout's ``_last_play(state, q)`` of every seat as the slot keeps it."""
        return [None if c < 0 else c for c in batch.S.seat[slot, :, PLAST].tolist()]

    # -- chance ----------------------------------------------------------------------------------
    def chance_outcomes(self, batch: Batch, slot: int) -> list:
        """The random events the slot's last step (or reset/load) resolved, oldest first, in the
        reference's format for ``apply_chance``: the random starter (int), the shuffle (names)."""
        flags = int(batch.S.sc[slot, CH_FLAGS])
        found: list = []
        if flags & 1:
            found.append(int(batch.S.sc[slot, CH_STARTER]))
        if flags & 2:
            found.append(self.chance_outcome(batch, slot))
        return found

    def chance_outcome(self, batch: Batch, slot: int) -> list[str]:
        """The slot's last shuffle as the reference's list of card names (top first)."""
        size = int(self.tables.cfg[DSIZE])
        return [KEYS[c] for c in batch.S.pile[slot, SHUF, :size].tolist()]

    # -- conversion ------------------------------------------------------------------------------
    def load(self, batch: Batch, slot: int, state) -> None:
        """Write a reference state into ``slot`` (its knowledge read from the state's log); a
        pending random event is resolved with the slot's generator."""
        base, events = self.memory.lookup(state.log)
        out = self._scratch
        convert.load_flat(*batch.S, self.players, slot, convert.state_row(state),
                          out if base is None else base, base is not None, events, out)
        if state.cur == CHANCE:
            run.resolve(batch.S, self.tables, slot)
        if len(events):
            self.memory.keep(state.log, out.copy())
        batch.logs[slot] = None if state.cur == CHANCE else \
            (state.log, int(batch.S.sc[slot, MOVES]))

    def to_state(self, batch: Batch, slot: int) -> LoveLetterState:
        """The reference state of ``slot`` (its log: see ``convert``)."""
        S = batch.S
        sc = S.sc[slot].tolist()
        n = self.players
        state = LoveLetterState(self.config)
        state.phase, state.cur, state.turn = sc[PHASE], int(S.cur[slot]), sc[TURN]
        state.hands = S.seat[slot, :, HAND].tolist()
        state.drawn = sc[DRAWN]
        state.extra = S.pile[slot, EXTRA, :sc[NEXTRA]].tolist()
        state.alive, state.prot, state.mark = sc[ALIVE], sc[PROT], sc[MARK]
        state.jester_by, state.jester_on, state.bishop_by = sc[JBY], sc[JON], sc[BISHOP_BY]
        ndisc = S.seat[slot, :, NDISC].tolist()
        state.discards = [S.disc[slot, q, :ndisc[q]].tolist() for q in range(n)]
        state.deck = S.pile[slot, DECK, :sc[NDECK]].tolist()
        state.spare = sc[SPARE_CARD]
        state.face_up = S.pile[slot, FACE, :sc[NFACE]].tolist()
        state.burned = S.pile[slot, BURNED, :sc[NBURN]].tolist()
        state.tokens = S.seat[slot, :, TOKENS].tolist()
        state.round, state.starter = sc[ROUND], sc[STARTER_SEAT]
        state.winners = [q for q in range(n) if sc[WINNERS] >> q & 1]
        state.played, state.rounds_done = sc[PLAYED_N], sc[DONE]
        kept = batch.logs[slot]
        state.log = kept[0] if kept is not None and kept[1] == sc[MOVES] else None
        return state

