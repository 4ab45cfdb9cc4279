"""Every game's log reads as words: whole bot matches under every preset, at the fewest and
the most seats, described for every seat and for a spectator in English and Russian, never
hold a blank line, board coordinates (``-2,3``), a rule section number (``§3.2``, ``2.4``,
``3.2.1``, ``M25``) or raw event data. (Carcassonne's own test also rules out tile letters and
rotation codes: tests/carcassonne/test_log_words.py.)"""

from __future__ import annotations

import random
import re

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import games, play_match

from .every_table import NAMES, preset_ends

COORDINATES = re.compile(r"-?\d+ ?, ?-?\d+")
RULE_NUMBER = re.compile(r"§|\b\d+\.\d+(\.\d+)*\b|\bM\d+\b")
RAW = re.compile(r"[{}]|'\w+': ")
SEEDS = (1, 2)


def what_is_wrong(line: str) -> str | None:
    if not line.strip():
        return "a blank line"
    for what, pattern in (("board coordinates", COORDINATES), ("a rule number", RULE_NUMBER),
                          ("raw event data", RAW)):
        if pattern.search(line):
            return what
    return None


@pytest.mark.parametrize("name,preset,players", preset_ends())
def test_whole_matches_log_in_words(name, preset, players):
    game = games()[name]
    config = game.configure(players, preset)
    for seed in SEEDS:
        agents = [RandomAgent(game, config, s, random.Random(seed * 10 + s))
                  for s in range(players)]
        state = play_match(game, config, agents, seed=seed).state
        for viewer in (None, *range(players)):
            log = state.view(viewer).get("log", [])
            assert log, "a whole match logs something"
            for lang in ("en", "ru"):
                lines = game.describe_log(log, lang, viewer, NAMES[:players])
                assert len(lines) == len(log)
                for line in lines:
                    assert what_is_wrong(line) is None, f"{what_is_wrong(line)}: {line!r}"
