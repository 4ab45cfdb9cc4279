"""The compiled Carcassonne kernel: B matches at once in Numba, checked against ``rules/``.

Modules: ``tables`` (layout, tile tables, options), ``board`` (grid, frontier, union-find),
``scoring``, ``flow`` and ``messages`` (the turn), ``step`` (legal actions, apply, deals,
batch loops), ``convert`` (load / to_state), ``observe`` (the rl encoder), ``policy`` (the
bot's playout), ``api`` (:class:`Kernel`) and ``check`` (the differential test).

Numba's cache does not see edits across modules, so :func:`fresh_cache` empties it whenever
a source of this package changed, before anything here compiles.
"""

from gonets.core.kernel import fresh_cache

fresh_cache(__file__)

from gonets.games.carcassonne.kernel.api import Kernel  # noqa: E402

__all__ = ["Kernel"]
