"""What the agents' tests share: a machine kept busy."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random


def _hog(stop) -> None:
    while not stop.is_set():
        sum(range(10_000))


@contextlib.contextmanager
def cpu_hogs():
    """Two busy processes per core for the length of the block."""
    context = multiprocessing.get_context("fork")
    stop = context.Event()
    hogs = [context.Process(target=_hog, args=(stop,)) for _ in range(2 * (os.cpu_count() or 1))]
    for hog in hogs:
        hog.start()
    try:
        yield
    finally:
        stop.set()
        for hog in hogs:
            hog.join()


def kernel_and_python(game, state, seat: int, iterations: int, seed: float) -> tuple[dict, dict]:
    """One decision ranked by the search whole in the kernel and by the Python search, each
    by move text (each checked to have run where it was told)."""
    from gonets.agents.ismcts import ISMCTSAgent

    view, legal = state.view(seat), state.legal_actions()
    ranked = []
    for compiled in (True, False):
        agent = ISMCTSAgent(game, state.config, seat, random.Random(seed),
                            iterations=iterations)
        agent.search.compiled = compiled
        ranked.append({c.text: c for c in agent.analyse(view, legal)})
        assert agent.search.in_kernel == compiled
    return ranked[0], ranked[1]


def assert_alike(kernel: dict, python: dict, few_visits: int) -> None:
    """The kernel search's most visited move has the Python search's value for it within 0.05
    (unless the Python search gave it fewer than ``few_visits``), and both put the same move
    first or value their firsts alike."""
    top_k = max(kernel.values(), key=lambda c: c.visits)
    top_p = max(python.values(), key=lambda c: c.visits)
    assert abs(top_k.value - python[top_k.text].value) < 0.05 or \
        python[top_k.text].visits < few_visits
    assert top_k.text == top_p.text or abs(top_k.value - top_p.value) < 0.05
