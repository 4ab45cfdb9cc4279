"""Pointing at a log line lights what it refers to: every key a log event refers to
(``Game.refs_reader``, read in order as the page does) is carried in ``data-ref`` by some
element of the picture or of a panel's picture that the same seat sees right after the
event, and most lines refer to something."""

from __future__ import annotations

import random
import re

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import games, play_match

DATA_REF = re.compile(r'data-ref="([^"]*)"')
SCOPE = re.compile(r'<svg[^>]*\sdata-scope="([^"]*)"')
SHARE = 0.5
"""The least share of a whole match's log lines that must refer to something on the board."""


def drawn_refs(game, view: dict) -> set[str]:
    """Every key the pictures carry; inside a picture with a ``data-scope``, also as
    ``key@scope`` (the page lights such a key only there)."""
    found = set()
    for svg in [game.render_svg(view)] + [p.get("svg") or "" for p in game.panels(view)]:
        keys = {key for keys in DATA_REF.findall(svg) for key in keys.split()}
        scope = SCOPE.search(svg)
        found |= keys | ({f"{key}@{scope.group(1)}" for key in keys} if scope else set())
    return found


def cases() -> list:
    found = []
    for name, game in sorted(games().items()):
        low, high = game.player_range()
        found += [pytest.param(name, players, id=f"{name}-{players}")
                  for players in sorted({low, high})]
    return found


@pytest.mark.parametrize("name,players", cases())
def test_log_lines_point_at_the_picture(name, players):
    game = games()[name]
    config = game.configure(players)
    agents = [RandomAgent(game, config, s, random.Random(7 + s)) for s in range(players)]
    seen = {viewer: 0 for viewer in (None, 0)}
    readers = {viewer: game.refs_reader() for viewer in seen}
    lines = referring = 0

    def check(match):
        nonlocal lines, referring
        for viewer, known in seen.items():
            view = match.state.view(viewer)
            events = view.get("log") or []
            fresh = readers[viewer](events[known:])
            seen[viewer] = len(events)
            if viewer is None:
                lines += len(fresh)
                referring += sum(1 for keys in fresh if keys)
            if not any(fresh):
                continue
            drawn = drawn_refs(game, view)
            for event, keys in zip(events[known:], fresh):
                missing = [key for key in keys if key not in drawn]
                assert not missing, f"{missing} of {event} are on no element of the picture"

    play_match(game, config, agents, seed=3, on_step=check)
    assert lines and referring / lines >= SHARE, f"{referring} of {lines} lines refer to the board"
