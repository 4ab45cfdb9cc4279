"""The differential check: the kernel and the reference engine side by side.

Random legal actions (a Python ``Random``, chosen from the reference's legal tuple) go to both;
the kernel's chance outcomes go to the reference; after every step the whole state (the
``snapshot()`` minus the log), the legal set, the deciding seat and, once over, the scores and
winners are compared. Optionally the rl observation of every seat (``observe``) and, now and
then, a reload of the slot from the reference state (``reload``: the share of steps).

``python -m gonets.games.loveletter.kernel.check --steps N --seed S`` runs every preset, player
count and a list of option variants in turn.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from gonets.core.game import CHANCE, TERMINAL
from gonets.core.registry import get_game
from gonets.games.loveletter.kernel.room import Kernel

VARIANTS = (
    {},
    {"spare_card": "look_swap", "countess_trigger": "values", "next_starter": "random"},
    {"spare_card": "look_swap_burn", "residual_tie": "seat_order", "next_starter": "rotate",
     "simultaneous_target": "shared_victory", "bishop_guess": "character"},
    {"constable_counts_knockout_discard": True, "constable_self_knockout_pays": False,
     "sycophant_self_exempt": True, "count_bonus": False, "tiebreak": "none",
     "extended_deck": "always", "bishop_forbid_one": False, "two_player_face_up": 1},
    {"tokens_to_win": {str(n): 1 for n in range(2, 9)}, "next_starter": "random",
     "simultaneous_target": "shared_victory", "spare_card": "look_swap_burn"},
    {"tokens_to_win": {str(n): 2 for n in range(2, 9)}, "residual_tie": "nobody",
     "two_player_face_up": 2},
    {"deck": {"guard": 3, "priest": 1, "baron": 2, "handmaid": 1, "prince": 2, "king": 1,
              "countess": 1, "princess": 1}},
)
"""Option sets tried on top of each preset (where the preset allows them)."""


def plain(state) -> dict:
    """``state.snapshot()`` without the log."""
    log = state.log
    state.log = None
    try:
        found = state.snapshot()
    finally:
        state.log = log
    found.pop("log")
    return found


class _Driver:
    def __init__(self, config, seed: int, batch: int, observe: bool, reload: float):
        self.config, self.game = config, get_game("loveletter")
        self.kernel = Kernel(config)
        self.rng = random.Random(seed)
        self.observe, self.reload = observe, reload
        self.kb = self.kernel.batch(batch, seed)
        self.mask = np.zeros((batch, self.kernel.num_actions), np.bool_)
        self.refs = [self._new_ref(b) for b in range(batch)]
        self.reloaded = [False] * batch
        self.encoder = None
        if observe:
            from gonets.rl.encoders import get_encoder

            self.encoder = get_encoder(config)
            self.obs = np.zeros((config.players, batch, self.kernel.obs_size), np.float32)
        self.steps = self.matches = self.differences = self.observations = 0
        self.first = None

    def _new_ref(self, b: int):
        state = self.game.new_state(self.config)
        self._feed(state, b)
        return state

    def _feed(self, state, b: int) -> None:
        outcomes = self.kernel.chance_outcomes(self.kb, b)
        for outcome in outcomes:
            state.apply_chance(outcome)
        if state.current_player() == CHANCE:
            self._differ(b, "the reference waits for a chance event the kernel did not report")

    def _differ(self, b: int, what: str) -> None:
        self.differences += 1
        if self.first is None:
            self.first = f"{self.config.preset} {self.config.players}p slot {b} after " \
                         f"{self.steps} steps: {what}"

    def compare(self, b: int) -> None:
        ref = self.refs[b]
        mine = plain(self.kernel.to_state(self.kb, b))
        theirs = plain(ref)
        if mine != theirs:
            keys = [k for k in theirs if mine.get(k) != theirs[k]]
            self._differ(b, "state differs in " + ", ".join(
                f"{k}: kernel {mine.get(k)!r} reference {theirs[k]!r}" for k in keys))
        legal = sorted(np.nonzero(self.mask[b])[0].tolist())
        if legal != sorted(ref.legal_actions()):
            self._differ(b, f"legal differs: kernel {legal} reference "
                            f"{sorted(ref.legal_actions())}")
        if int(self.kb.cur[b]) != ref.current_player():
            self._differ(b, f"deciding seat: kernel {int(self.kb.cur[b])} reference "
                            f"{ref.current_player()}")
        if self.observe:
            for seat in range(self.config.players):
                self.observations += 1
                want = self.encoder.encode(ref.view(seat))
                if not np.array_equal(self.obs[seat, b], want):
                    where = np.nonzero(self.obs[seat, b] != want)[0].tolist()
                    self._differ(b, f"observation of seat {seat} differs at {where[:8]}")

    def refresh(self) -> None:
        self.kernel.legal_mask(self.kb, self.mask)
        if self.observe:
            for seat in range(self.config.players):
                self.kernel.observe(self.kb, self.obs[seat], seat)

    def round(self) -> None:
        actions = np.full(self.kb.size, -1, np.int64)
        for b, ref in enumerate(self.refs):
            legal = ref.legal_actions()
            actions[b] = legal[self.rng.randrange(len(legal))]
        self.kernel.step(self.kb, actions)
        for b, ref in enumerate(self.refs):
            ref.apply(int(actions[b]))
            if ref.current_player() == CHANCE:
                self._feed(ref, b)
            self.steps += 1
            if self.reload and self.rng.random() < self.reload and ref.current_player() >= 0:
                self.kernel.load(self.kb, b, ref)
                self.reloaded[b] = True
        self.refresh()
        for b, ref in enumerate(self.refs):
            self.compare(b)
            if ref.current_player() == TERMINAL:
                self.finish(b)

    def finish(self, b: int) -> None:
        ref = self.refs[b]
        result = ref.result()
        if self.kernel.scores(self.kb)[b].tolist() != result.scores:
            self._differ(b, "scores differ")
        mask = sum(1 << w for w in result.winners)
        if int(self.kernel.winners_mask(self.kb)[b]) != mask:
            self._differ(b, "winners differ")
        if self.kernel.result(self.kb, b) != result:
            self._differ(b, "results differ")
        if not self.reloaded[b]:           # a load restarts the kernel's match statistics
            mine, theirs = self.kernel.match_stats(self.kb, b), self.game.match_stats(ref)
            if mine != theirs:
                self._differ(b, f"match statistics differ: kernel {mine} reference {theirs}")
        self.reloaded[b] = False
        self.matches += 1
        self.kernel.reset(self.kb, [b])
        self.refs[b] = self._new_ref(b)
        self.refresh()
        self.compare(b)


def differential(config, steps: int, seed: int, batch: int = 64, observe: bool = False,
                 reload: float = 0.0) -> dict:
    """Drive the kernel and the reference for about ``steps`` actions in all; the counts and
    the first difference (None when there was none)."""
    driver = _Driver(config, seed, batch, observe, reload)
    driver.refresh()
    for b in range(batch):
        driver.compare(b)
    while driver.steps < steps:
        driver.round()
    return {"steps": driver.steps, "matches": driver.matches,
            "differences": driver.differences, "observations": driver.observations,
            "first": driver.first}


def configurations() -> list:
    """Every preset and player count, with each option set of ``VARIANTS`` on top."""
    game = get_game("loveletter")
    found = []
    for preset in game.presets:
        low, high = game.player_range(preset.name)
        for players in range(low, high + 1):
            for options in VARIANTS:
                if preset.name == "zman-2019" and "extended_deck" in options:
                    options = {k: v for k, v in options.items() if k != "extended_deck"}
                found.append(game.configure(players, preset.name, options))
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="steps per configuration")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--observe", action="store_true", help="compare observations too")
    parser.add_argument("--reload", type=float, default=0.02, help="share of steps reloaded")
    args = parser.parse_args(argv)
    total = {"steps": 0, "matches": 0, "differences": 0, "observations": 0}
    started = time.perf_counter()
    defaults = {option.name: option.default for option in get_game("loveletter").options}
    for config in configurations():
        found = differential(config, args.steps, args.seed, args.batch, args.observe,
                             args.reload)
        for key in total:
            total[key] += found[key]
        options = {k: v for k, v in config.options.items() if v != defaults.get(k)}
        print(f"{config.preset:13} {config.players}p {options or ''}: {found['steps']} steps, "
              f"{found['matches']} matches, {found['observations']} observations, "
              f"{found['differences']} differences"
              + (f"\n    first: {found['first']}" if found["first"] else ""), flush=True)
    print(f"total: {total} in {time.perf_counter() - started:.0f} s")
    return 1 if total["differences"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
