"""The compiled Love Letter kernel: B matches of one configuration at once in Numba code,
checked step by step against the reference engine (``check.py``).

``Kernel(config)`` (``room.py``) offers the protocol of ``core/kernel.py``; the modules are the
layout of the batch (``layout``), the configuration's tables (``tables``), the legal actions
(``legal``), a play and its effects (``step``), the round flow and the chance events (``flow``),
what the seats know (``know``), the rl observation (``observe``), the playout policy
(``policy``), the conversion with the reference state (``convert``) and the batch drivers
(``run``). Numba's cache does not see edits across modules, so :func:`fresh_cache` empties it
whenever a source of this package changed, before anything here compiles.
"""

from gonets.core.kernel import fresh_cache

fresh_cache(__file__)

from gonets.games.loveletter.kernel.room import Kernel, check_supported  # noqa: E402

__all__ = ["Kernel", "check_supported"]
