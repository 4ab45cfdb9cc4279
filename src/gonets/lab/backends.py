"""Where shards are played: this process, a local process pool (default), or Ray tasks.

Every backend runs :func:`gonets.lab.play.play_shard` on ``(plan JSON, start, end)`` and hands
the rows back to the driver, which alone writes the run directory, so workers need no shared
disk (a Ray cluster of several machines works as one machine does).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator, Sequence
from typing import Any

from gonets.core.errors import OptionError
from gonets.lab.plan import LabPlan
from gonets.lab.play import play_shard, shard_rows
from gonets.sim.pool import Count, counted_imap, counting

ShardRows = tuple[int, int, list[dict[str, Any]]]
BACKENDS = ("local", "ray")
RAY_POLL = 0.5
"""Seconds the Ray driver waits for a match before it calls its progress again."""
RAY_STREAM_SECONDS = 0.1
"""A Ray task sends the rows it has played at most this often (each match at once when they
take longer): a message per match would cost a fast bot a good share of its speed."""


def _shard_task(task: tuple[dict, int, int, str | None]) -> ShardRows:
    data, start, end, save_dir = task
    return start, end, play_shard(data, start, end, save_dir)


def local_shards(plan: LabPlan, shards: Sequence[tuple[int, int]], jobs: int,
                 save_dir: str | None = None,
                 on_count: Count | None = None) -> Iterator[ShardRows]:
    """Play shards on ``jobs`` worker processes (in this process when ``jobs`` is 1), yielding
    each as it finishes; ``on_count`` gets the number of matches finished so far, match by
    match (:mod:`gonets.sim.pool`). The workers come from a fork server, a clean process:
    forking the driver itself could copy a lock that one of its threads (Ray's, a progress
    bar's) holds, and the copy would never be released. They leave Ctrl-C to the driver,
    which stops the pool."""
    data = plan.to_json()
    tasks = [(data, start, end, save_dir) for start, end in shards]
    if jobs <= 1 or len(tasks) <= 1:
        done = 0
        for task in tasks:
            with counting(on_count, start=done):
                result = _shard_task(task)
            done += len(result[2])
            yield result
        return
    yield from counted_imap("forkserver", min(jobs, len(tasks)), _shard_task, tasks,
                            on_count=on_count)


def ray_shards(plan: LabPlan, shards: Sequence[tuple[int, int]], jobs: int,
               address: str | None = None,
               on_count: Count | None = None) -> Iterator[ShardRows]:
    """Play shards as Ray tasks, yielding each as it finishes; ``on_count`` gets the number of
    matches finished so far, match by match (each task streams its rows as it plays them).

    With ``address`` the driver joins that cluster (``auto``, ``HOST:PORT`` of a head started
    with ``ray start --head``, or ``ray://HOST:10001``) and ships the ``gonets`` package to its
    workers; without it Ray starts a local cluster with ``jobs`` worker CPUs. A cluster the
    caller had already initialised is used as it is and left running.
    """
    try:
        import ray
    except ImportError:
        raise OptionError("--backend ray needs Ray: pip install 'gonets[lab]'") from None
    owned = not ray.is_initialized()
    if owned:
        _init_ray(ray, jobs, address)
    try:
        yield from _ray_loop(ray, plan, shards, on_count)
    finally:
        if owned:
            ray.shutdown()


@contextlib.contextmanager
def backend_session(backend: str, jobs: int, address: str | None = None) -> Iterator[None]:
    """Keep one Ray cluster connection for all the batches of a run (``--until-ci`` plays
    several); nothing to hold for the local backend."""
    if backend != "ray":
        yield
        return
    try:
        import ray
    except ImportError:
        raise OptionError("--backend ray needs Ray: pip install 'gonets[lab]'") from None
    owned = not ray.is_initialized()
    if owned:
        _init_ray(ray, jobs, address)
    try:
        yield
    finally:
        if owned:
            ray.shutdown()


def _init_ray(ray: Any, jobs: int, address: str | None) -> None:
    import gonets

    if address:
        ray.init(address=address, runtime_env={"py_modules": [gonets]},
                 log_to_driver=False)
    else:
        # "local": a new private cluster, never one that happens to run on this machine; its
        # workers at the driver's priority like the process pool's (Ray's default is nice 15,
        # which starves them on a machine others use)
        os.environ.setdefault("RAY_worker_niceness", "0")
        ray.init(address="local", num_cpus=jobs or None, include_dashboard=False,
                 log_to_driver=False)


def _streamed_shard(plan_data: dict[str, Any], start: int, end: int,
                    every: float) -> Iterator[list[dict[str, Any]]]:
    """A Ray task: the rows of a shard in index order (:func:`gonets.lab.play.shard_rows`),
    sent on as they are played, in parts at least ``every`` seconds apart."""
    part: list[dict[str, Any]] = []
    sent = time.monotonic()
    for rows in shard_rows(plan_data, start, end):
        part.extend(rows)
        if time.monotonic() - sent >= every:
            yield part
            part, sent = [], time.monotonic()
    if part:
        yield part


def _ray_loop(ray: Any, plan: LabPlan, shards: Sequence[tuple[int, int]],
              on_count: Count | None = None, poll: float = RAY_POLL) -> Iterator[ShardRows]:
    """Each shard a Ray generator task (:func:`_streamed_shard`; Ray's way for a task to hand
    back results before it ends) that streams its rows to the driver as they are played;
    ``on_count`` gets the matches received so far after each part, and every ``poll`` seconds
    while none comes (the plain progress lines are written from such calls). A shard is
    yielded whole, its rows in index order, once its task has ended: the rows and their
    order are those of :func:`play_shard`. Through Ray Client (``ray://``), which streams no
    task's results, each task returns its shard whole and is counted when it comes."""
    streaming = not _through_client()
    remote = ray.remote(num_cpus=1)(_streamed_shard if streaming else play_shard)
    data = ray.put(plan.to_json())
    waiting = list(shards)
    cpus = int(ray.cluster_resources().get("CPU", 1))
    limit = max(2, 2 * cpus)                     # enough queued to keep every CPU busy
    running: list[tuple[Any, int, int, list[dict[str, Any]]]] = []
    received = 0
    try:
        while waiting or running:
            while waiting and len(running) < limit:
                start, end = waiting.pop(0)
                task = remote.remote(data, start, end, RAY_STREAM_SECONDS) if streaming \
                    else remote.remote(data, start, end)
                running.append((task, start, end, []))
            ready, _ = ray.wait([entry[0] for entry in running], num_returns=1,
                                timeout=poll)
            for task in ready:
                at = next(i for i, entry in enumerate(running) if entry[0] is task)
                _, start, end, rows = running[at]
                part = _next_part(ray, task, streaming)
                if part is not None:
                    rows.extend(part)
                    received += len(part)
                if part is None or not streaming:       # the task has ended: a whole shard
                    del running[at]
                    if on_count is not None:
                        on_count(received)
                    yield start, end, rows
            if on_count is not None:
                on_count(received)
    finally:
        for task, *_ in running:
            ray.cancel(task, force=True)


def _next_part(ray: Any, task: Any, streaming: bool) -> list[dict[str, Any]] | None:
    """The rows a ready task has sent: the next part of a streaming task (None once it has
    ended), or the whole shard of one that returns it."""
    if not streaming:
        return ray.get(task)
    try:
        return ray.get(next(task))
    except StopIteration:
        return None


def _through_client() -> bool:
    """Whether this driver reaches its cluster through Ray Client (``ray://``)."""
    from ray.util.client import ray as client

    return client.is_connected()


def check_backend(backend: str, address: str | None, save_dir: str | None) -> None:
    """A clear error for a backend and options that do not go together."""
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if backend == "local" and address:
        raise OptionError("--address is for --backend ray")
    if backend == "ray" and save_dir:
        raise OptionError("--save writes records on the workers' disks; use it with "
                          "--backend local")


def shard_source(backend: str, plan: LabPlan, shards: Sequence[tuple[int, int]], jobs: int,
                 address: str | None = None, save_dir: str | None = None,
                 on_count: Count | None = None) -> Iterator[ShardRows]:
    """The finished shards of ``backend``; ``on_count`` gets the matches finished so far,
    match by match on either backend (:func:`local_shards`, :func:`ray_shards`)."""
    check_backend(backend, address, save_dir)
    if backend == "local":
        return local_shards(plan, shards, jobs, save_dir, on_count)
    return ray_shards(plan, shards, jobs, address, on_count)
