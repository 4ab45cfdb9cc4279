"""Worker processes that end with the process that started them, however it ended.

A worker forked for a bot decision or a search tree holds memory and a core; if the server is
killed (``kill -9`` included) or kills a stuck worker, nothing else would stop the worker's
own children. On Linux, :func:`die_with_parent` asks the kernel to kill the calling process
when its parent goes (``PR_SET_PDEATHSIG``); elsewhere it does nothing.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Be killed (SIGKILL) when the parent process ``parent`` (its pid, taken before the fork)
    ends; call first thing in a new worker. A parent that is already gone ends it at once."""
    if sys.platform == "linux":
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:                # the parent went before the request was made
        os._exit(0)
