"""kill -9 of a real server process mid-game, restart on the same database: every table
resumes from exactly its stored steps and finishes (the small version of the bar)."""

from __future__ import annotations

import sys
from pathlib import Path

from gonets.server.load import run_crash, run_load

from .helpers import in_fresh_thread

TOY_SERVER = [sys.executable, str(Path(__file__).with_name("toy_server.py"))]


def test_kill_9_during_running_tables_then_all_resume_and_finish(toy):
    figures = in_fresh_thread(run_crash, tables=4, game="toy", players=3, agent="random",
                              bot_delay=0.25, before_kill=1.0, limit=60, preset="long",
                              launcher=TOY_SERVER)
    assert figures["problems"] == []
    assert figures["unfinished_at_kill"] == 4 and figures["finished_after_restart"] == 4


def test_small_load_keeps_every_record_complete(toy):
    figures = in_fresh_thread(run_load, tables=8, game="toy", players=3, agent="random",
                              bot_delay=0.1, limit=60, preset="long", launcher=TOY_SERVER)
    assert figures["problems"] == [] and figures["finished"] == 8
    assert figures["updates"] > 0
