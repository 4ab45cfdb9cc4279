"""Counterfactual values by paired intervention (docs/balance.md, "Counterfactual values").

Instead of correlating an outcome with what was played, change one thing and play the rest
out with the same bots and the same random numbers: in Love Letter one decision of a seat (play
card A rather than card B of the two in hand, :mod:`gonets.lab.counterfactual_cards`), in
Carcassonne one message tile left out of The Messengers' stack
(:mod:`gonets.lab.counterfactual_messages`). Every difference is paired, one unit (a playout,
a seed) giving both sides, and reported with its 95% interval.

This module holds what both share: the paired estimates, the ordered process pool (results
do not depend on the number of jobs, since every task is fixed by its own counted seeds) and
the derived seeds. The commands are in :mod:`gonets.lab.counterfactual_command`.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from gonets.lab.analysis import Estimate
from gonets.sim.stats import mean_interval


def mean_of(label: str, values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its normal 95% interval (as the lab's reports give it)."""
    mean, low, high = mean_interval(list(values))
    return Estimate(label, mean, low, high, len(values))


def paired(label: str, before: Sequence[float], after: Sequence[float]) -> Estimate:
    """The mean of the paired differences ``after[i] - before[i]`` with its 95% interval:
    unit ``i`` (a playout, a seed) measured both ways."""
    if len(before) != len(after):
        raise ValueError(f"{label}: {len(before)} values against {len(after)}; a paired "
                         "difference needs one of each per unit")
    return mean_of(label, [b - a for a, b in zip(before, after, strict=True)])


def estimate_json(estimate: Estimate) -> dict[str, Any]:
    """An estimate as JSON: its value, 95% interval and the number of units."""
    return {"value": estimate.value, "ci95": [estimate.low, estimate.high], "n": estimate.n}


def derived_seed(*parts: object) -> int:
    """A 48-bit seed fixed by ``parts`` (the study's seed, a position, a playout...), the same
    in every process and on every machine (string seeding does not depend on the hash seed)."""
    return random.Random(":".join(str(part) for part in parts)).getrandbits(48)


def _worker_start() -> None:
    """A pool worker leaves Ctrl-C to the driver, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_tasks(task: Callable[[Any], Any], items: Iterable[Any], jobs: int,
              on_done: Callable[[Any], None] | None = None) -> list[Any]:
    """``[task(item) for item in items]``, on ``jobs`` worker processes when more than one,
    in the order of ``items`` whatever order they finish in; ``on_done`` sees each result as
    it comes (the progress bar). ``task`` must be a module-level function. The workers come
    from a fork server, as the lab's local backend does (a forked driver could copy a lock
    that one of its threads holds)."""
    items = list(items)
    results: list[Any] = []
    if jobs <= 1 or len(items) <= 1:
        for item in items:
            results.append(task(item))
            if on_done is not None:
                on_done(results[-1])
        return results
    context = multiprocessing.get_context("forkserver")
    with context.Pool(min(jobs, len(items)), _worker_start) as pool:
        for result in pool.imap(task, items, chunksize=1):
            results.append(result)
            if on_done is not None:
                on_done(result)
    return results
