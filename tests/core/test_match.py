"""Matches: resuming from a record deals exactly what the uninterrupted match would have."""

import json
import random

import pytest

from gonets.core import IllegalAction, Match, Record, get_game


def play_steps(match, count, seed=0):
    rng = random.Random(seed)
    for _ in range(count):
        match.deal()
        if match.state.is_terminal():
            return
        legal = match.state.legal_actions()
        match.act(match.state.current_player(), legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", ["loveletter", "czar", "carcassonne", "babayaga"])
def test_resumed_match_deals_the_same_as_an_uninterrupted_one(name):
    game = get_game(name)
    config = game.configure(2 if name != "loveletter" else 4)
    whole = Match(game, config, seed=77)
    play_steps(whole, 150)
    steps = whole.record.steps
    cuts = [0] + [i + 1 for i in range(len(steps) - 1)
                  if "action" in steps[i] and "chance" in steps[i + 1]]
    for cut in cuts[:6]:
        prefix = Record.from_json({**json.loads(whole.record.dumps()), "steps": steps[:cut],
                                   "result": None})
        resumed = Match.from_record(prefix)
        resumed.deal()
        assert resumed.record.steps == steps[:len(resumed.record.steps)]
        assert len(resumed.record.steps) > cut


def test_fork_is_independent_and_seed_is_always_recorded():
    game = get_game("loveletter")
    match = Match(game, game.configure(3))
    assert isinstance(match.record.seed, int)
    match.deal()
    before = json.dumps(match.state.snapshot())
    steps = list(match.record.steps)
    trial = match.fork()
    trial.act(trial.state.current_player(), trial.state.legal_actions()[0])
    assert json.dumps(match.state.snapshot()) == before and match.record.steps == steps
    with pytest.raises(IllegalAction):
        match.act(match.state.current_player(), "not a move")
    assert match.record.steps == steps
