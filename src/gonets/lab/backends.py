"""Where shards are played: this process, a local process pool (default), or Ray tasks.

Every backend runs :func:`gonets.lab.play.play_shard` on ``(plan JSON, start, end)`` and hands
the rows back to the driver, which alone writes the run directory, so workers need no shared
disk (a Ray cluster of several machines works as one machine does).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from typing import Any

from gonets.core.errors import OptionError
from gonets.lab.plan import LabPlan
from gonets.lab.play import play_shard
from gonets.sim.pool import Count, counted_imap, counting

ShardRows = tuple[int, int, list[dict[str, Any]]]
BACKENDS = ("local", "ray")


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
               address: str | None = None) -> Iterator[ShardRows]:
    """Play shards as Ray tasks, yielding each as it finishes.

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
        yield from _ray_loop(ray, plan, shards)
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


def _ray_loop(ray: Any, plan: LabPlan, shards: Sequence[tuple[int, int]]) -> Iterator[ShardRows]:
    remote = ray.remote(num_cpus=1)(play_shard)
    data = ray.put(plan.to_json())
    waiting = list(shards)
    cpus = int(ray.cluster_resources().get("CPU", 1))
    limit = max(2, 2 * cpus)                     # enough queued to keep every CPU busy
    pending: dict[Any, tuple[int, int]] = {}
    try:
        while waiting or pending:
            while waiting and len(pending) < limit:
                start, end = waiting.pop(0)
                pending[remote.remote(data, start, end)] = (start, end)
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                start, end = pending.pop(ref)
                yield start, end, ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


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
    """The finished shards of ``backend`` (``on_count``: the local backend counts matches
    as they finish, see :func:`local_shards`; Ray's shards are counted when they come)."""
    check_backend(backend, address, save_dir)
    if backend == "local":
        return local_shards(plan, shards, jobs, save_dir, on_count)
    return ray_shards(plan, shards, jobs, address)
