"""Hard at the same time per decision: the search with its iterations whole in the compiled
kernel against the search of before (the tree in Python, the playouts in the kernel).

1. The speed: both engines search the same positions (``bench_search``, CPU time); ``ratio``
   is the kernel's iterations per second over the Python tree's.
2. The budgets, by count: the Python tree keeps ``iterations`` (hard's budget before its
   iterations ran in the kernel, :data:`BEFORE`); the kernel gets ``iterations x ratio``. The
   matches depend on the counts only: the same command with the counts given replays them on any
   machine under any load (``--kernel-iterations``).
3. Duplicate deals, each played with both seatings (the same chance outcomes, see
   ``sim/tournament.py``): the kernel search's win rate with its 95% Wilson interval, and the
   mean paired difference per deal.

Run: ``python -m gonets.sim.same_time loveletter -n 100 --jobs 2`` (progress on stderr).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass

from rich.console import Console

from gonets.agents.base import decide, seat_views
from gonets.agents.ismcts import ISMCTSAgent
from gonets.core.registry import get_game
from gonets.progress import progress_bar
from gonets.sim.bench import BenchProgress, bench_search
from gonets.sim.pool import counted_imap, match_done
from gonets.sim.stats import mean_interval, wilson_interval
from gonets.sim.tournament import DuplicateMatch

BEFORE = {"loveletter": 4000, "carcassonne": 1500}
"""Hard's iterations per decision before its iterations ran in the kernel."""


@dataclass(frozen=True)
class Plan:
    game: str
    players: int
    deals: int
    iterations: int          # the Python tree's budget
    kernel_iterations: int   # the kernel's budget
    seed: int = 0


def speed_ratio(game_name: str, players: int, seconds: float,
                shown: BenchProgress | None = None) -> tuple[float, dict, dict]:
    """The kernel search's iterations per CPU second over the Python tree's (with compiled
    playouts), on the same positions, and both bench rows; each measurement shown on
    ``shown`` as it goes."""
    game = get_game(game_name)
    config = game.configure(players)

    def report(engine: str):
        return shown.measuring(f"speed of hard, {engine}") if shown is not None else None

    python = bench_search(game, config, "hard", seconds, engine="playouts",
                          report=report("Python tree"))
    kernel = bench_search(game, config, "hard", seconds, engine="kernel",
                          report=report("kernel"))
    return kernel["iterations_per_s"] / python["iterations_per_s"], python, kernel


def _agent(game, config, seat: int, seed: str, engine: str, plan: Plan) -> ISMCTSAgent:
    iterations = plan.kernel_iterations if engine == "kernel" else plan.iterations
    agent = ISMCTSAgent(game, config, seat, random.Random(f"{seed}:{seat}:{engine}"),
                        iterations=iterations)
    if engine != "kernel":
        agent.search.config = None           # whole iterations off: the tree in Python
    return agent


def play(task: tuple[Plan, int, tuple[str, ...]]) -> tuple[int, tuple[str, ...], list[int]]:
    """One deal under one seating: its winners."""
    plan, deal, seating = task
    game = get_game(plan.game)
    config = game.configure(plan.players)
    seed = plan.seed + deal
    agents = [_agent(game, config, seat, f"{seed}:{'/'.join(seating)}", engine, plan)
              for seat, engine in enumerate(seating)]
    match = DuplicateMatch(game, config, seed=seed)
    match.deal()
    state = match.state
    views = seat_views(game, plan.players)
    while not state.is_terminal():
        seat = state.current_player()
        match.act(seat, decide(agents[seat], state, seat, state.legal_actions(), views))
    match_done()                     # the progress moves per match
    return deal, seating, list(state.result().winners)


def run(plan: Plan, jobs: int = 1, echo=None, progress=None) -> dict:
    """Every deal with every seating; the kernel search's record. ``echo`` gets a line every
    ten matches; ``progress`` (:func:`gonets.progress.progress_bar`) moves match by match,
    its description carrying the kernel search's win rate so far."""
    engines = ("kernel", "python")
    lineup = tuple(engines[seat % 2] for seat in range(plan.players))
    seatings = list(dict.fromkeys(lineup[s:] + lineup[:s] for s in range(plan.players)))
    tasks = [(plan, deal, seating) for deal in range(plan.deals) for seating in seatings]
    per_deal: dict[int, list[float]] = {}
    wins = matches = 0.0
    started = time.perf_counter()
    task = progress.add_task("same time", total=len(tasks)) if progress is not None else None
    count = (lambda done: progress.update(task, completed=done)) if progress is not None \
        else None
    finished = counted_imap("fork", jobs, play, tasks, on_count=count)
    for done, (deal, seating, winners) in enumerate(finished, 1):
        share = sum(1 for w in winners if seating[w] == "kernel") / len(winners)
        seats = sum(1 for engine in seating if engine == "kernel")
        wins += share
        matches += 1
        # the kernel's share of the wins beyond its share of the seats
        per_deal.setdefault(deal, []).append(share - seats / plan.players)
        low, high = wilson_interval(wins, int(matches))
        if progress is not None:
            progress.update(task, completed=done, description=f"same time, kernel search "
                            f"{wins / matches:.1%} [{low:.1%}, {high:.1%}]")
        if echo is not None and (done % 10 == 0 or done == len(tasks)):
            spent = time.perf_counter() - started
            echo(f"{done}/{len(tasks)} matches, {done / spent * 60:.1f} a minute, kernel "
                 f"search {wins / matches:.1%} [{low:.1%}, {high:.1%}]")
    low, high = wilson_interval(wins, int(matches))
    differences = [sum(v) / len(v) for v in per_deal.values()]
    mean, d_low, d_high = mean_interval(differences)
    return {"game": plan.game, "players": plan.players, "deals": plan.deals,
            "matches": int(matches), "seed": plan.seed, "iterations": plan.iterations,
            "kernel_iterations": plan.kernel_iterations, "kernel_wins": wins,
            "kernel_win_rate": wins / matches, "interval": [low, high],
            "paired_difference": {"mean": mean, "interval": [d_low, d_high]},
            "fair_share": 1 / plan.players * sum(1 for e in lineup if e == "kernel")}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gonets.sim.same_time", description=(
        "Hard at the same time per decision: the kernel search against the Python tree."))
    parser.add_argument("game", choices=sorted(BEFORE))
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("-n", "--deals", type=int, default=100,
                        help="deals, each played with both seatings")
    parser.add_argument("--iterations", type=int, default=None,
                        help="the Python tree's budget (default: hard's before the kernel "
                        "search, 4000 for loveletter, 1500 for carcassonne)")
    parser.add_argument("--kernel-iterations", type=int, default=None,
                        help="the kernel's budget (default: the Python tree's times the "
                        "measured speed ratio)")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="seconds per engine when the ratio is measured")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)

    def echo(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    errors = Console(stderr=True)
    before = args.iterations or BEFORE[args.game]
    budget, ratio = args.kernel_iterations, None
    if budget is None:
        with progress_bar(errors, unit="iterations", auto_refresh=False) as shown:
            ratio, python, kernel = speed_ratio(args.game, args.players, args.seconds,
                                                BenchProgress(shown, args.seconds))
        budget = round(before * ratio)
        echo(f"speed: Python tree {python['iterations_per_s']:,.0f} iterations/s, kernel "
             f"{kernel['iterations_per_s']:,.0f}: ratio {ratio:.2f}")
    plan = Plan(args.game, args.players, args.deals, before, budget, args.seed)
    echo(f"budgets: Python tree {plan.iterations:,} iterations, kernel "
         f"{plan.kernel_iterations:,} (the same matches: --iterations {before} "
         f"--kernel-iterations {budget})")
    with progress_bar(errors, unit="matches") as progress:
        record = run(plan, args.jobs, echo, progress)
    print(json.dumps({"ratio": ratio, **record}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
