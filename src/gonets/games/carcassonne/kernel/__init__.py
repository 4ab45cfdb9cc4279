"""The compiled Carcassonne kernel: B matches at once in Numba, checked against ``rules/``.

Modules: ``tables`` (layout, tile tables, options), ``board`` (grid, frontier, union-find),
``scoring``, ``flow`` and ``messages`` (the turn), ``step`` (legal actions, apply, deals,
batch loops), ``convert`` (load / to_state), ``observe`` (the rl encoder), ``policy`` (the
bot's playout), ``api`` (:class:`Kernel`) and ``check`` (the differential test).

Numba's cache does not see edits across modules: after changing one kernel module, delete
``kernel/__pycache__/*.nbi`` and ``*.nbc`` (a caller compiled against the old code would stay).
"""

from gonets.games.carcassonne.kernel.api import Kernel

__all__ = ["Kernel"]
