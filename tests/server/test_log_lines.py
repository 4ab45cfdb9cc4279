"""A frame's log: lines and what each points at, kept from frame to frame, and the bot's mark
on a line it played for an absent seat."""

from __future__ import annotations

import random

from gonets.agents.base import RandomAgent
from gonets.core import games, play_match
from gonets.server.frames import LogLines


def test_a_seat_without_a_name_is_marked_as_the_page_names_it():
    lines = LogLines(games()["czar"], "ru", 0, None)
    assert lines._marked("Линия", 3, {3: 1}) == "Линия (за игрока сыграл бот: игрок 2)"
    assert LogLines(games()["czar"], "en")._marked("Line", 0, {0: 0}) == \
        "Line (played by a bot for p1)"


def test_refs_run_beside_the_lines_as_the_log_grows():
    game = games()["loveletter"]
    config = game.configure(2)
    agents = [RandomAgent(game, config, s, random.Random(s)) for s in range(2)]
    log = play_match(game, config, agents, seed=4).state.view(0)["log"]
    lines = LogLines(game, "en", 0, ["Anna", "Boris"])
    for end in (5, 30, len(log)):
        assert len(lines.describe(log[:end])) == len(lines.refs) == end
    fresh = LogLines(game, "en", 0, ["Anna", "Boris"])
    fresh.describe(log)
    assert fresh.refs == lines.refs and any(fresh.refs)
    assert len(lines.describe(log[:3])) == len(lines.refs) == 3, "a shorter log starts again"
