"""The conformance suite: every registered game, preset and player count must pass it unchanged.

Properties (DESIGN.md): determinism, record round-trip and replay, clone independence, illegal
actions rejected with the state unchanged, random play terminates, views are JSON data that stay
the same when hidden information the viewer cannot know is redrawn (leak test), and
``sample_world`` is consistent with the view it was given.
"""

from __future__ import annotations

import json
import random

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import CHANCE, TERMINAL, IllegalAction, Match, Record, games, play_match

MAX_STEPS = 20_000          # no registered game needs more decisions than this
PROBE_STATES = 12           # states inspected per trajectory in the costly checks


def configurations():
    for game in games().values():
        for preset in game.presets:
            low, high = game.player_range(preset.name)
            for players in range(low, high + 1):
                yield pytest.param(game, game.configure(players, preset.name),
                                   id=f"{game.name}-{preset.name}-{players}p")


CONFIGS = list(configurations())


def random_agents(game, config, seed):
    return [RandomAgent(game, config, seat, random.Random(f"{seed}:{seat}"))
            for seat in range(config.players)]


def play(game, config, seed):
    return play_match(game, config, random_agents(game, config, seed), seed=seed)


def trajectory(game, config, seed, limit=MAX_STEPS):
    """States along one random match (clones), chance nodes resolved by the match generator."""
    match = Match(game, config, seed=seed)
    rng = random.Random(seed)
    states = []
    for _ in range(limit):
        match.deal()
        states.append(match.state.clone())
        if match.state.is_terminal():
            break
        legal = match.state.legal_actions()
        match.act(match.state.current_player(), legal[rng.randrange(len(legal))])
    return states


def probes(states, count=PROBE_STATES):
    stride = max(1, len(states) // count)
    return states[::stride]


@pytest.mark.parametrize("game", list(games().values()), ids=lambda g: g.name)
def test_metadata(game):
    assert game.name and game.title and 1 <= game.min_players <= game.max_players
    names = [p.name for p in game.presets]
    assert game.default_preset in names and len(set(names)) == len(names)
    for option in game.options:
        assert option.doc, f"option {option.name} needs a doc"
        option.validate(option.default)
    for preset in game.presets:
        assert preset.doc
        for name, value in preset.options.items():
            game.option(name).validate(value)


@pytest.mark.parametrize("game,config", CONFIGS)
def test_determinism(game, config):
    first, second = play(game, config, 11), play(game, config, 11)
    assert first.record.steps == second.record.steps
    assert first.state.snapshot() == second.state.snapshot()


@pytest.mark.parametrize("game,config", CONFIGS)
def test_termination_and_result(game, config):
    match = play(game, config, 5)
    assert match.state.current_player() == TERMINAL
    result = match.state.result()
    assert len(result.scores) == config.players
    assert set(result.winners) <= set(range(config.players))
    json.dumps(result.to_json())


@pytest.mark.parametrize("game,config", CONFIGS)
def test_record_round_trip_and_replay(game, config):
    match = play(game, config, 3)
    text = match.record.dumps()
    record = Record.from_json(json.loads(text))
    replayed = record.replay()
    assert replayed.snapshot() == match.state.snapshot()
    assert record.to_json() == match.record.to_json()
    half = len(record.steps) // 2
    assert Match.from_record(Record.from_json({**json.loads(text), "steps": record.steps[:half],
                                               "result": None})).state.snapshot() \
        == record.replay(upto=half).snapshot()


@pytest.mark.parametrize("game,config", CONFIGS)
def test_clone_independence(game, config):
    rng = random.Random(2)
    for state in probes(trajectory(game, config, 2)):
        before = json.dumps(state.snapshot(), sort_keys=True)
        copy = state.clone()
        assert json.dumps(copy.snapshot(), sort_keys=True) == before
        for _ in range(30):
            if copy.is_terminal():
                break
            if copy.is_chance():
                copy.apply_chance(copy.sample_chance(rng))
            else:
                legal = copy.legal_actions()
                copy.apply(legal[rng.randrange(len(legal))])
        assert json.dumps(state.snapshot(), sort_keys=True) == before


@pytest.mark.parametrize("game,config", CONFIGS)
def test_legal_actions_and_notation(game, config):
    size = game.num_actions(config)
    for state in trajectory(game, config, 4):
        if state.current_player() < 0:
            assert not state.legal_actions()
            continue
        legal = list(state.legal_actions())
        assert legal, "a deciding seat must have at least one legal action"
        assert len(set(legal)) == len(legal)
        texts = [state.action_to_text(a) for a in legal]
        assert len(set(texts)) == len(texts)
        for action, text in zip(legal, texts):
            assert 0 <= action < size
            assert state.text_to_action(text) == action


@pytest.mark.parametrize("game,config", CONFIGS)
def test_illegal_input_rejected_state_unchanged(game, config):
    rng = random.Random(6)
    size = game.num_actions(config)
    for state in probes(trajectory(game, config, 6)):
        before = json.dumps(state.snapshot(), sort_keys=True)
        deciding = state.current_player()
        legal = set(state.legal_actions())
        bad = [-1, size, size + 7, None, "guard", 1.5, True]
        bad += rng.sample([a for a in range(size) if a not in legal],
                          min(8, size - len(legal)))
        for action in bad:
            with pytest.raises(IllegalAction):
                state.apply(action)
            assert json.dumps(state.snapshot(), sort_keys=True) == before
        for text in ("", "no such move", "\x00" * 3, "p" * 500):
            with pytest.raises(IllegalAction):
                state.text_to_action(text)
        if deciding >= 0 and legal:
            other = (deciding + 1) % config.players
            if other != deciding:
                with pytest.raises(IllegalAction):
                    state.act(other, next(iter(legal)))
        for outcome in (None, "garbage", [[]], {"x": 1}, -5):
            with pytest.raises(IllegalAction):
                state.apply_chance(outcome)
        assert json.dumps(state.snapshot(), sort_keys=True) == before


@pytest.mark.parametrize("game,config", CONFIGS)
def test_views_leak_free_and_sample_world_consistent(game, config):
    """Redrawing what a seat cannot know (``sample_world``) must not change its view."""
    rng = random.Random(8)
    differed = 0
    for state in probes(trajectory(game, config, 8)):
        truth = json.dumps(state.snapshot(), sort_keys=True)
        for seat in [None, *range(config.players)]:
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view, "views must be plain JSON data"
            for _ in range(2):
                world = game.sample_world(view, rng)
                assert world.view(seat) == view, f"seat {seat}: sampled world shows differently"
                if json.dumps(world.snapshot(), sort_keys=True) != truth:
                    differed += 1
                if seat is not None and seat == state.current_player():
                    assert list(world.legal_actions()) == list(state.legal_actions())
                assert json.dumps(state.snapshot(), sort_keys=True) == truth
    assert differed, "sample_world never redrew any hidden information: the leak test is vacuous"


@pytest.mark.parametrize("game,config", CONFIGS)
def test_sampled_worlds_play_on(game, config):
    rng = random.Random(9)
    for state in probes(trajectory(game, config, 9), 4):
        seat = max(state.current_player(), 0)
        world = game.sample_world(state.view(seat), rng)
        for _ in range(MAX_STEPS):
            if world.is_terminal():
                break
            if world.current_player() == CHANCE:
                world.apply_chance(world.sample_chance(rng))
            else:
                legal = world.legal_actions()
                world.apply(legal[rng.randrange(len(legal))])
        assert world.is_terminal()
