"""Speed of the research environments next to the raw engine (one process, CPU time).

    python -m gonets.rl.bench loveletter --players 2 --seconds 10

Every loop plays random legal actions. ``engine``: ``legal_actions``/``apply``/``sample_chance``
on the state; ``pettingzoo``: ``agent_iter``/``last()``/``step`` with the observation and mask
of every decision (the usual training loop); ``pettingzoo-mask``: the same with
``last(observe=False)`` and only the mask read (what a loop that skips observations costs);
``gymnasium``: ``step`` of the learner against the ``random`` gonets agent (the agents'
decisions counted as steps too); ``vector-selfplay`` and ``vector-env``: the kernel's batched
environments (:func:`vector`); ``encode``: the share of ``state.view`` plus the encoder.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from gonets.core.game import CHANCE
from gonets.rl.gymnasium import env as gym_env
from gonets.rl.pettingzoo import env as pz_env
from gonets.rl.table import configure

KERNEL_GAMES = ("loveletter", "carcassonne")


def _timed(loop: Callable[[float], int], seconds: float) -> dict:
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    steps = loop(start_cpu + seconds)
    cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start_wall
    return {"steps": steps, "cpu_s": round(cpu, 2), "steps_per_cpu_s": round(steps / cpu),
            "steps_per_wall_s": round(steps / wall)}


def engine(game: str, players: int, preset: str | None, seconds: float) -> dict:
    definition, config = configure(game, players, preset, None)
    rng = random.Random(0)

    def loop(until: float) -> int:
        steps = 0
        while time.process_time() < until:
            state = definition.new_state(config)
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply_chance(state.sample_chance(rng))
                    continue
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                steps += 1
        return steps
    return _timed(loop, seconds)


def pettingzoo(game: str, players: int, preset: str | None, seconds: float,
               observe: bool = True) -> dict:
    table = pz_env(game, players=players, preset=preset)
    rng = random.Random(0)

    def loop(until: float) -> int:
        steps, seed = 0, 0
        while time.process_time() < until:
            table.reset(seed=seed)
            seed += 1
            for agent in table.agent_iter():
                obs, _reward, termination, truncation, _info = table.last(observe)
                if termination or truncation:
                    table.step(None)
                    continue
                mask = obs["action_mask"] if observe else table.table.mask(
                    int(agent.rpartition("_")[2]))
                legal = np.flatnonzero(mask)
                table.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        return steps
    return _timed(loop, seconds)


def gymnasium(game: str, players: int, preset: str | None, seconds: float) -> dict:
    table = gym_env(game, players=players, preset=preset, opponents="random")
    rng = random.Random(0)

    def loop(until: float) -> int:
        steps, seed = 0, 0
        while time.process_time() < until:
            _obs, info = table.reset(seed=seed)
            seed += 1
            done = False
            while not done:
                legal = np.flatnonzero(info["action_mask"])
                _obs, _r, terminated, truncated, info = table.step(
                    int(legal[rng.randrange(len(legal))]))
                done = terminated or truncated
            steps += table.table.steps     # every decision of the match, opponents' too
        return steps
    return _timed(loop, seconds)


def vector(game: str, players: int, preset: str | None, seconds: float, size: int = 1024,
           every_seat: bool = True) -> dict:
    """The kernel's batched environments (``gonets.rl.vector``), ``size`` matches at once,
    random legal actions chosen in compiled code: ``SelfPlay`` (every seat's decision, with its
    observation and mask, as the PettingZoo loop) or, with ``every_seat=False``, the
    ``VectorEnv`` learner's steps against random opponents (its steps only)."""
    from gonets.core.kernel import random_legal
    from gonets.rl.vector import SelfPlay, VectorEnv

    if every_seat:
        envs = SelfPlay(game, size, players=players, preset=preset)
    else:
        envs = VectorEnv(game, size, players=players, preset=preset, opponents="random")
    chosen = np.zeros(size, dtype=np.int64)
    words = np.arange(1, size + 1, dtype=np.uint64)

    def loop(until: float) -> int:
        steps = 0
        mask = envs.reset(seed=0)[1] if every_seat else envs.reset(seed=0)[1]["action_mask"]
        while time.process_time() < until:
            random_legal(mask, words, chosen)
            steps += int((chosen >= 0).sum())
            result = envs.step(np.maximum(chosen, 0))
            mask = result[1] if every_seat else result[4]["action_mask"]
        return steps
    return _timed(loop, seconds)


def encode_share(game: str, players: int, preset: str | None, matches: int = 200) -> dict:
    """Microseconds per decision spent in ``state.view(seat)``, in the incremental view the
    environments use (the game's ``SeatViews``, when it has one) and in the encoder: the
    median of each call's time (robust to a busy machine's interruptions)."""
    definition, config = configure(game, players, preset, None)
    from gonets.rl.encoders import get_encoder

    encoder = get_encoder(config)
    stream = getattr(definition.room("views"), "SeatViews", None)
    rng = random.Random(1)
    clock = time.perf_counter_ns
    views, streamed, encodes = [], [], []
    for _ in range(matches):
        state = definition.new_state(config)
        memos = [{} for _ in range(players)]
        seats = [stream(seat, copy=False) for seat in range(players)] if stream else None
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_chance(state.sample_chance(rng))
                continue
            seat = state.current_player()
            t0 = clock()
            view = state.view(seat)
            t1 = clock()
            if seats is not None:
                view = seats[seat].view(state)
            t2 = clock()
            encoder.encode(view, memos[seat])
            t3 = clock()
            views.append(t1 - t0)
            streamed.append(t2 - t1)
            encodes.append(t3 - t2)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return {"decisions": len(views), "view_us": _median_us(views),
            "seat_views_us": _median_us(streamed) if stream else None,
            "encode_us": _median_us(encodes)}


def _median_us(times: list[int]) -> float:
    return round(sorted(times)[len(times) // 2] / 1000, 1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", "-p", type=int, default=2)
    parser.add_argument("--preset", default=None)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per figure")
    args = parser.parse_args(argv)
    cases = [("engine", lambda: engine(args.game, args.players, args.preset, args.seconds)),
             ("pettingzoo", lambda: pettingzoo(args.game, args.players, args.preset,
                                               args.seconds)),
             ("pettingzoo-mask", lambda: pettingzoo(args.game, args.players, args.preset,
                                                    args.seconds, observe=False)),
             ("gymnasium", lambda: gymnasium(args.game, args.players, args.preset,
                                             args.seconds))]
    if args.game in KERNEL_GAMES:
        cases += [("vector-selfplay", lambda: vector(args.game, args.players, args.preset,
                                                     args.seconds)),
                  ("vector-env", lambda: vector(args.game, args.players, args.preset,
                                                args.seconds, every_seat=False))]
    print(f"{args.game}, {args.players} players, preset {args.preset or 'default'}, "
          f"{args.seconds:g} CPU s per figure")
    for name, run in cases:
        figure = run()
        print(f"  {name:16} {figure['steps_per_cpu_s']:>9,} steps/CPU s "
              f"({figure['steps_per_wall_s']:,} per wall s, {figure['steps']:,} steps)")
    share = encode_share(args.game, args.players, args.preset)
    incremental = "" if share["seat_views_us"] is None else \
        f", the environments' incremental view {share['seat_views_us']} us"
    print(f"  per decision (median): state.view {share['view_us']} us{incremental}, encoder "
          f"{share['encode_us']} us ({share['decisions']:,} decisions)")


if __name__ == "__main__":
    main()
