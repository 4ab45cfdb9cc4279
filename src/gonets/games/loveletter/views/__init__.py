"""A seat's view of Love Letter: the views themselves, the one place of redaction, and the log
format (``seen.py``); what a seat knows (``knowledge.py``); and the worlds it cannot tell
apart (``worlds.py``, ``sample_world``)."""

from gonets.games.loveletter.views.knowledge import (
    KEEPS_HIGHER,
    Knowledge,
    keep_weights,
    round_start,
)
from gonets.games.loveletter.views.seen import (
    BASE_KEYS,
    FIELDS,
    SeatViews,
    build_view,
    entry_from_dict,
    event_dict,
    full_view,
    hand_of,
    seat_log,
)
from gonets.games.loveletter.views.worlds import sample_world, sampler

__all__ = ["BASE_KEYS", "FIELDS", "KEEPS_HIGHER", "Knowledge", "SeatViews", "build_view",
           "entry_from_dict", "event_dict", "full_view", "hand_of", "keep_weights",
           "round_start", "sample_world", "sampler", "seat_log"]
