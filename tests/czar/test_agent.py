"""The heuristic bot plays legal moves from its view alone and beats random play clearly."""

from __future__ import annotations

import random

import pytest

from gonets.agents import make_agent
from gonets.agents.base import RandomAgent
from gonets.core import play_match
from gonets.games.czar.bot import HeuristicAgent

from .helpers import GAME


@pytest.mark.parametrize("preset", ["classic", "revised"])
def test_heuristic_beats_three_random_bots(preset):
    config = GAME.configure(4, preset)
    games, wins = 40, 0
    for index in range(games):
        seat = index % 4
        agents = [HeuristicAgent(GAME, config, s, random.Random(f"{index}:{s}")) if s == seat
                  else RandomAgent(GAME, config, s, random.Random(f"{index}:{s}"))
                  for s in range(4)]
        match = play_match(GAME, config, agents, seed=index)
        wins += match.state.result().winners == [seat]
    assert wins >= 20, f"{wins}/{games}"          # random play would win about 10


def test_heuristic_is_registered_and_plays_every_seat_count():
    for players in (2, 3, 5):
        config = GAME.configure(players, "classic")
        agents = [make_agent("heuristic", GAME, config, s, seed=players) for s in range(players)]
        match = play_match(GAME, config, agents, seed=players)
        assert match.state.is_terminal()


def test_heuristic_pushes_its_luck_by_the_odds():
    config = GAME.configure(4)
    agent = HeuristicAgent(GAME, config, 0, random.Random(0))
    view = {"options": config.options, "removed": [], "running": ["3", "3"],
            "seats": [{"seat": 0, "coins": [], "coin_total": 0,
                       "message": {"guard": "RACHMANIN HOF", "price": 8}}]
            + [{"seat": s, "coins": [], "coin_total": 0, "message": None} for s in (1, 2, 3)]}
    assert agent.push_luck({**view, "running": ["1"]})          # little to lose
    assert not agent.push_luck({**view, "running": ["3", "3"], "removed": ["1"] * 9
                                + ["2"] * 6 + ["3"] * 1})      # only Njets and blanks left
