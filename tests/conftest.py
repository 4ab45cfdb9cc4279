"""Suite-wide set-up: the compiled kernels are compiled (or loaded from Numba's cache) once,
in the process that starts the run, before any xdist worker exists, so the workers load them
from the cache instead of each compiling them at the same time."""

from __future__ import annotations


def pytest_configure(config) -> None:
    if hasattr(config, "workerinput"):            # an xdist worker: the controller warmed up
        return
    from gonets.core.kernel import warm_all

    warm_all()
