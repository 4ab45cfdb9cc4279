"""The differential check: the kernel and the reference engine side by side, step by step.

Every slot of a kernel batch has a reference twin that gets the kernel's deal
(``chance_outcome``) and the same actions (drawn uniformly from the legal set with a Python
``Random``). After every step each slot is compared with its twin: the whole state (the
kernel's ``to_state`` snapshot against the reference snapshot, both without the log), the
legal set, the deciding seat, and at the end the scores and winners; the twin is also loaded
into a spare kernel slot and read back (the ``load`` round trip).

``python -m gonets.games.carcassonne.kernel.check --steps N --seed S`` runs every preset, every
player count and the option values in turn and prints the counts.
"""

from __future__ import annotations

import argparse
import random
import sys

import numpy as np

from gonets.core.game import CHANCE, TERMINAL
from gonets.games.carcassonne import GAME, bot
from gonets.games.carcassonne.kernel import policy
from gonets.games.carcassonne.kernel.api import Kernel
from gonets.rl.encoders import get_encoder


def _snap(state) -> dict:
    data = state.snapshot()
    data.pop("log")
    return data


def _diff(a: dict, b: dict) -> str | None:
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            return f"{key}: kernel {a.get(key)!r} != reference {b.get(key)!r}"
    return None


def _deal(kernel: Kernel, batch, slot: int, config):
    state = GAME.new_state(config)
    while state.current_player() == CHANCE:
        state.apply_chance(kernel.chance_outcome(batch, slot, state.phase))
    return state


def compare(kernel: Kernel, batch, slot: int, state, mask_row, spare=None) -> str | None:
    """The first difference between a kernel slot and its reference twin, or None."""
    found = _diff(_snap(kernel.to_state(batch, slot)), _snap(state))
    if found:
        return f"state {found}"
    cur = int(batch.cur[slot])
    if cur != state.current_player():
        return f"deciding seat: kernel {cur} != reference {state.current_player()}"
    legal = sorted(state.legal_actions()) if cur != TERMINAL else []
    mine = np.flatnonzero(mask_row).tolist()
    if mine != legal:
        return f"legal set: kernel {mine[:12]}... ({len(mine)}) != reference {legal[:12]}... " \
               f"({len(legal)})"
    if cur == TERMINAL:
        result = state.result()
        scores = kernel.scores(batch)[slot].tolist()
        if scores != result.scores:
            return f"scores: kernel {scores} != reference {result.scores}"
        wins = int(kernel.winners_mask(batch)[slot])
        if wins != sum(1 << p for p in result.winners):
            return f"winners: kernel {wins:b} != reference {result.winners}"
    if spare is not None:
        kernel.load(spare, 0, state)
        found = _diff(_snap(kernel.to_state(spare, 0)), _snap(state))
        if found:
            return f"load round trip {found}"
    return None


def differential(config, steps: int, seed: int, batch: int = 64, policy: float = 0.5,
                 observe: bool = False) -> dict:
    """Drive ``batch`` kernel slots and their reference twins for ``steps`` decisions in all
    (finished matches start again); the counts and the first difference. With probability
    ``policy`` a decision is the kernel's playout policy's (it aims at dark spaces, so
    messages and chains come up far more often than in random play), else uniform. With
    ``observe`` every seat's observation is compared with the rl encoder's after every step
    (``observations`` counts the vectors compared)."""
    kernel = Kernel(config)
    rng = random.Random(seed)
    kb = kernel.batch(batch, seed)
    spare = kernel.batch(1, seed + 1)
    twins = [_deal(kernel, kb, b, config) for b in range(batch)]
    mask = np.zeros((batch, kernel.num_actions), dtype=bool)
    done = differences = matches = 0
    first = None
    actions = np.full(batch, -1, np.int64)
    planned = np.full(batch, -1, np.int64)
    encoder = get_encoder(config) if observe else None
    obs = np.zeros((batch, kernel.obs_size), np.float32)
    observations = 0
    while done < steps:
        kernel.legal_mask(kb, mask)
        kernel.policy_actions(kb, planned)
        for seat in range(config.players if observe else 0):
            kernel.observe(kb, obs, seat)
            for b in range(batch):
                expected = encoder.encode(twins[b].view(seat))
                observations += 1
                if not np.array_equal(obs[b], expected):
                    differences += 1
                    where = np.flatnonzero(obs[b] != expected)[:5].tolist()
                    first = first or (f"slot {b}, step {done}: observation of seat {seat} "
                                      f"differs at {where}: kernel {obs[b][where]} != "
                                      f"encoder {expected[where]}")
        actions[:] = -1
        for b in range(batch):
            found = compare(kernel, kb, b, twins[b], mask[b], spare)
            if found:
                differences += 1
                first = first or f"slot {b}, step {done}: {found}"
                twins[b] = None
            state = twins[b]
            if state is None or state.current_player() == TERMINAL:
                matches += state is not None
                kernel.reset(kb, np.array([b]))
                twins[b] = _deal(kernel, kb, b, config)
                continue
            legal = state.legal_actions()
            actions[b] = planned[b] if rng.random() < policy else \
                legal[rng.randrange(len(legal))]
        for b in range(batch):
            if actions[b] >= 0:
                twins[b].apply(int(actions[b]))
                done += 1
        kernel.step(kb, actions)
        if first and differences > 20:
            break
    return {"steps": done, "matches": matches, "differences": differences, "first": first,
            "observations": observations}


def policy_check(config, steps: int, seed: int, batch: int = 16) -> dict:
    """Drive the kernel with its playout policy and compare, at every decision of every slot,
    with ``bot.py`` on the reference twin: the policy's action (placements are random in
    both, so only their legality is checked), ``expected_worth`` and ``evaluate``."""
    kernel = Kernel(config)
    rng = random.Random(seed)
    kb = kernel.batch(batch, seed)
    twins = [_deal(kernel, kb, b, config) for b in range(batch)]
    planned = np.full(batch, -1, np.int64)
    worth = np.zeros(config.players)
    done = differences = 0
    first = None
    while done < steps:
        kernel.policy_actions(kb, planned)
        values = kernel.evaluate(kb)
        for b in range(batch):
            state = twins[b]
            if state.current_player() == TERMINAL:
                kernel.reset(kb, np.array([b]))
                twins[b] = _deal(kernel, kb, b, config)
                planned[b] = -1
                continue
            problem = None
            expected = bot.rollout_action(state, rng)
            if state.phase != "place" and expected != planned[b]:
                problem = f"policy action {planned[b]} != bot {expected} ({state.phase})"
            elif planned[b] not in state.legal_actions():
                problem = f"policy action {planned[b]} is not legal"
            policy.expected_worth(kb.S, b, config.players, worth)
            if not np.allclose(worth, bot.expected_worth(state), rtol=0, atol=1e-9):
                problem = f"expected worth {worth} != bot {bot.expected_worth(state)}"
            if not np.allclose(values[b], bot.evaluate(state), rtol=0, atol=1e-12):
                problem = f"evaluate {values[b]} != bot {bot.evaluate(state)}"
            if problem:
                differences += 1
                first = first or f"slot {b}, step {done}: {problem}"
            state.apply(int(planned[b]))
            done += 1
        kernel.step(kb, planned)
    return {"steps": done, "differences": differences, "first": first}


CONFIGS = [
    ("c3", {}), ("hig_c2", {}), ("zmg_c2", {}), ("c3_1", {}), ("base", {}),
    ("c3", {"farm_scoring": "city_4", "tiny_city_scoring": True}),
    ("base", {"farm_scoring": "city_3", "unplaceable": "bottom"}),
    ("c3", {"messengers.trigger_figures": "last_moved", "messengers.chain_is_optional": False,
            "unplaceable": "bottom"}),
    ("zmg_c2", {"messengers.msg8_requires_majority": True,
                "messengers.single_figure_per_turn": True,
                "messengers.final_keep_figure": "choice"}),
    ("c3_1", {"messengers.require_alone": True, "farm_scoring": "city_3"}),
]
"""Every preset and a spread of option values (each override switch at least once)."""


def configurations() -> list:
    """Every configuration of :data:`CONFIGS` at every player count."""
    return [GAME.configure(players, preset, options)
            for preset, options in CONFIGS for players in range(2, 7)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="decisions per configuration")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=16)
    args = parser.parse_args(argv)
    total = {"steps": 0, "matches": 0, "differences": 0}
    for preset, options in CONFIGS:
        for players in range(2, 7):
            config = GAME.configure(players, preset, options)
            out = differential(config, args.steps, args.seed + players, args.batch)
            for key in total:
                total[key] += out[key]
            print(f"{preset:7} {players}p {options}: {out['steps']} steps, {out['matches']} "
                  f"matches, {out['differences']} differences"
                  + (f"\n  first: {out['first']}" if out["first"] else ""), flush=True)
    print(f"total: {total['steps']} steps, {total['matches']} matches, "
          f"{total['differences']} differences")
    return 1 if total["differences"] else 0


if __name__ == "__main__":
    sys.exit(main())
