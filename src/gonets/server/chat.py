"""Table chat: what a line may hold, how fast one connection may write, who wrote it.

Chat lines are kept beside the table (``gonets_chat``), never in its match record, and are
sent to every connection of the table (through Redis to those of other processes). A line
is plain text shown as text; it is refused, never rewritten, when it is empty, too long or
holds characters that hide or reorder text (control and bidi formatting characters).
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from typing import Any

from gonets.server.names import code_point, describe
from gonets.server.spec import TableError

MAX_CHAT = 300            # characters in one chat line
CHAT_BURST = 5            # lines one connection may write ...
CHAT_WINDOW = 10.0        # ... in this many seconds
CHAT_HISTORY = 100        # lines a joining client is sent


def clean_chat(text: Any, limit: int = MAX_CHAT) -> str:
    """A chat line as it will be shown: NFC-normalised, outer spaces removed; refusals
    carry the codes ``chat_text``, ``chat_empty``, ``chat_long`` and ``chat_invisible``."""
    if not isinstance(text, str):
        raise TableError("a chat line must be text", "chat_text")
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise TableError("write something first: the chat line is empty", "chat_empty")
    if len(text) > limit:
        raise TableError(f"a chat line may have at most {limit} characters", "chat_long",
                         max=limit)
    for ch in text:
        if unicodedata.category(ch)[0] == "C" and ch != "\n":
            raise TableError(f"a chat line may not hold the invisible character "
                             f"{describe(ch)}", "chat_invisible", char=code_point(ch))
    return text


class ChatRate:
    """At most ``burst`` lines per ``window`` seconds from one connection."""

    def __init__(self, burst: int = CHAT_BURST, window: float = CHAT_WINDOW):
        self.burst = burst
        self.window = window
        self.times: deque[float] = deque()

    def check(self) -> None:
        now = time.monotonic()
        while self.times and now - self.times[0] > self.window:
            self.times.popleft()
        if len(self.times) >= self.burst:
            wait = max(1, round(self.window - (now - self.times[0])))
            raise TableError(f"you are writing too fast (at most {self.burst} lines in "
                             f"{self.window:g} s); wait {wait} s", "chat_rate",
                             burst=self.burst, seconds=wait)
        self.times.append(now)

