"""Process pools that say how many matches they have finished, match by match.

A pool's task may play one match or a whole shard of them; either way the worker calls
:func:`match_done` after each match, which adds one to a counter the pool's workers share.
The driver, waiting for results, reads the counter every ``poll`` seconds and hands it to its
``on_count`` callback, so a progress bar moves per match even when a task holds a hundred
(and the plain progress lines of :mod:`gonets.progress` get their chance to be written while
a long match is being played). Played in the driver itself (one worker), the matches are
counted through :func:`counting`.

The workers leave Ctrl-C to the driver, which stops the pool and reports what finished; SIGTERM
kills a worker at once (the default), whatever handler the driver it was forked from has.
What finished includes the tasks whose results were still on their way to the driver when
Ctrl-C came (a second shared counter says how many tasks the workers have returned).
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.context import BaseContext
from typing import Any

Count = Callable[[int], None]

_shared: Any = None          # in a pool worker: the pool's counter of finished matches
_returned: Any = None        # in a pool worker: the pool's counter of tasks returned
_hook: Count | None = None   # in the driver: where matches played here are counted


def match_done(count: int = 1) -> None:
    """Count ``count`` finished matches: on the pool's counter in a pool worker, through the
    hook of :func:`counting` in the driver; nothing elsewhere."""
    if _shared is not None:
        with _shared.get_lock():
            _shared.value += count
    elif _hook is not None:
        _hook(count)


@contextlib.contextmanager
def counting(on_count: Count | None, start: int = 0) -> Iterator[None]:
    """Within the block, matches finished in this process are counted and the running total
    (from ``start``) handed to ``on_count`` (nothing is counted when it is None)."""
    global _hook
    total = start

    def add(count: int) -> None:
        nonlocal total
        total += count
        on_count(total)

    previous, _hook = _hook, (add if on_count is not None else None)
    try:
        yield
    finally:
        _hook = previous


def _start_worker(counter: Any, returned: Any) -> None:
    """A pool worker: counts its matches on ``counter`` and its tasks on ``returned``, leaves
    Ctrl-C to the driver and dies of SIGTERM at once, as a process does by default (a worker
    forked from the driver would otherwise keep the driver's handler, a Python function that
    runs only once a long compiled search returns)."""
    global _shared, _returned
    _shared, _returned = counter, returned
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _counted_task(func: Callable[[Any], Any], task: Any) -> Any:
    """In a pool worker: ``func(task)``, counted on the returned tasks' counter."""
    result = func(task)
    with _returned.get_lock():
        _returned.value += 1
    return result


def counted_imap(context: BaseContext | str, jobs: int, func: Callable[[Any], Any],
                 tasks: Iterable[Any], *, on_count: Count | None = None,
                 poll: float = 0.5) -> Iterator[Any]:
    """``func`` over ``tasks`` on ``jobs`` worker processes of ``context`` (a context or its
    name), yielding results as they finish; ``on_count`` gets the number of matches the
    workers have finished so far, after each result and every ``poll`` seconds between."""
    if isinstance(context, str):
        context = multiprocessing.get_context(context)
    counter, returned = context.Value("q", 0), context.Value("q", 0)
    with context.Pool(jobs, _start_worker, (counter, returned)) as pool:
        results = pool.imap_unordered(functools.partial(_counted_task, func), tasks)  # no chunks
        received = 0
        try:
            while True:
                try:
                    result = results.next(timeout=poll)
                except multiprocessing.TimeoutError:
                    if on_count is not None:
                        on_count(_read(counter))
                    continue
                except StopIteration:
                    break
                received += 1
                yield result
                if on_count is not None:     # after the caller took the result, so that a
                    on_count(_read(counter))  # count shown is never ahead of every result held
        except KeyboardInterrupt:
            yield from _on_their_way(results, _read(returned) - received)
            raise
        # Every task done: let the workers leave by themselves. Leaving the block would
        # terminate them, and a worker SIGTERMed before its initializer ran keeps the
        # driver's handler, survives, and the pool waits for it for ever.
        pool.close()
        pool.join()


def _read(shared: Any) -> int:
    """A shared counter's value, read without its lock (a worker killed while holding the
    lock would otherwise hold the driver for ever)."""
    return shared.get_obj().value


def _on_their_way(results: Any, count: int, seconds: float = 5.0) -> Iterator[Any]:
    """After Ctrl-C: the ``count`` results the workers had returned that had not reached the
    driver yet (each already made: only its passage can take time, bounded by ``seconds``)."""
    deadline = time.monotonic() + seconds
    for _ in range(count):
        try:
            yield results.next(timeout=max(0.0, deadline - time.monotonic()))
        except Exception:  # noqa: BLE001 - a task's error, or none left: the stop goes on
            return
