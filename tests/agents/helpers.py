"""What the agents' tests share: a machine kept busy."""

from __future__ import annotations

import contextlib
import multiprocessing
import os


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
