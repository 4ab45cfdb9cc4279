"""The compiled Carcassonne kernel against the reference engine (games/carcassonne/rules)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gonets.core.game import CHANCE, TERMINAL
from gonets.core.kernel import KernelUnsupported
from gonets.core.options import Config
from gonets.games.carcassonne import GAME, bot
from gonets.games.carcassonne.kernel import Kernel
from gonets.games.carcassonne.kernel.check import differential, policy_check

SAMPLE = [
    (2, "c3", {}), (3, "hig_c2", {}), (4, "zmg_c2", {}), (2, "c3_1", {}), (5, "base", {}),
    (6, "c3", {"farm_scoring": "city_4", "tiny_city_scoring": True}),
    (2, "base", {"farm_scoring": "city_3", "unplaceable": "bottom"}),
    (3, "c3", {"messengers.trigger_figures": "last_moved",
               "messengers.chain_is_optional": False, "unplaceable": "bottom"}),
    (2, "zmg_c2", {"messengers.msg8_requires_majority": True,
                   "messengers.single_figure_per_turn": True}),
    (4, "c3_1", {"messengers.require_alone": True, "farm_scoring": "city_3"}),
]


def _snap(state) -> dict:
    data = state.snapshot()
    data.pop("log")
    return data


def _random_reference(config, seed: int, moves: int):
    """A reference state after ``moves`` random decisions (or the end)."""
    rng = random.Random(seed)
    state = GAME.new_state(config)
    for _ in range(moves):
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    while state.current_player() == CHANCE:
        state.apply_chance(state.sample_chance(rng))
    return state


@pytest.mark.parametrize(("players", "preset", "options"), SAMPLE)
def test_differential_against_the_reference(players, preset, options):
    config = GAME.configure(players, preset, options)
    out = differential(config, 700, seed=players, batch=4)
    assert out["differences"] == 0, out["first"]
    assert out["steps"] >= 700 and out["matches"] >= 1


@pytest.mark.parametrize(("players", "preset", "options"),
                         [(2, "c3", {}), (4, "base", {"unplaceable": "bottom"}),
                          (3, "zmg_c2", {})])
def test_observations_equal_the_encoder_for_every_seat(players, preset, options):
    config = GAME.configure(players, preset, options)
    out = differential(config, 250, seed=11, batch=4, observe=True)
    assert out["differences"] == 0, out["first"]
    assert out["observations"] >= 250 * players


@pytest.mark.parametrize(("players", "preset"), [(2, "c3"), (3, "c3_1"), (4, "base")])
def test_policy_and_evaluation_equal_the_bot(players, preset):
    out = policy_check(GAME.configure(players, preset, {}), 500, seed=3, batch=4)
    assert out["differences"] == 0, out["first"]


def test_load_and_to_state_round_trip():
    for players, preset, options in SAMPLE[:6]:
        config = GAME.configure(players, preset, options)
        kernel = Kernel(config)
        batch = kernel.batch(3, 0)
        for seed, moves in ((1, 0), (2, 37), (3, 120), (4, 10_000)):
            state = _random_reference(config, seed, moves)
            kernel.load(batch, 1, state)
            assert _snap(kernel.to_state(batch, 1)) == _snap(state)
            assert int(batch.cur[1]) == state.current_player()
            mask = np.zeros((3, kernel.num_actions), bool)
            kernel.legal_mask(batch, mask)
            assert np.flatnonzero(mask[1]).tolist() == sorted(state.legal_actions())


def test_to_state_is_playable_by_the_reference():
    config = GAME.configure(3, "c3", {})
    kernel = Kernel(config)
    batch = kernel.batch(2, 5)
    rng = random.Random(5)
    mask = np.zeros((2, kernel.num_actions), bool)
    for _ in range(60):
        kernel.legal_mask(batch, mask)
        actions = np.array([rng.choice(np.flatnonzero(row).tolist()) for row in mask])
        kernel.step(batch, actions)
    state = kernel.to_state(batch, 0)
    while state.current_player() != TERMINAL:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert len(state.result().scores) == 3


def test_a_pending_deal_is_resolved_on_load():
    config = GAME.configure(2, "c3", {})
    kernel = Kernel(config)
    batch = kernel.batch(1, 0)
    kernel.load(batch, 0, GAME.new_state(config))
    state = kernel.to_state(batch, 0)
    assert state.phase == "place" and len(state.pile) == 70 and len(state.stack) == 8
    half = GAME.new_state(config)
    half.apply_chance(half.sample_chance(random.Random(1)))
    kernel.load(batch, 0, half)
    state = kernel.to_state(batch, 0)
    assert state.pile == half.pile[1:] and sorted(state.stack) == list(range(1, 9))


def test_same_seed_same_matches_whatever_the_batch():
    config = GAME.configure(3, "c3", {})
    kernel = Kernel(config)
    big = kernel.batch(8, 42)
    small = kernel.batch(3, 42, first=5)
    again = kernel.batch(8, 42)
    for batch in (big, small, again):
        kernel.play_policy(batch, seats_mask=0b101)
    assert np.array_equal(kernel.scores(big), kernel.scores(again))
    assert np.array_equal(kernel.scores(big)[5:], kernel.scores(small))
    assert _snap(kernel.to_state(big, 6)) == _snap(kernel.to_state(small, 1))


def test_random_play_counts_and_results():
    config = GAME.configure(2, "c3", {})
    kernel = Kernel(config)
    batch = kernel.batch(16, 9)
    counts = kernel.play_random(batch)
    assert counts["matches"] == 16 and (batch.cur == TERMINAL).all()
    tiles = sum(len(kernel.to_state(batch, b).board.tiles) - 1 for b in range(16))
    assert counts["tiles_placed"] == tiles
    assert counts["steps"] > counts["tiles_placed"] // 2
    for b in range(16):
        state = kernel.to_state(batch, b)
        assert kernel.result(batch, b).scores == state.result().scores
        assert kernel.winners_mask(batch)[b] == sum(1 << p for p in state.result().winners)


def test_playout_stops_at_the_next_turn_with_the_bot_worth():
    config = GAME.configure(2, "c3", {})
    kernel = Kernel(config)
    batch = kernel.batch(4, 0)
    starts = []
    for slot in range(4):
        state = _random_reference(config, slot, 25 + 30 * slot)
        starts.append(state)
        kernel.load(batch, slot, state)
    worth = kernel.playout(batch)
    for slot, start in enumerate(starts):
        state = kernel.to_state(batch, slot)
        if state.phase == "end":
            assert worth[slot].tolist() == state.result().scores
        else:
            assert state.turn == start.turn + 1
            assert np.allclose(worth[slot], bot.expected_worth(state), rtol=0, atol=1e-9)


def test_an_illegal_action_is_refused_naming_the_slot():
    kernel = Kernel(GAME.configure(2, "c3", {}))
    batch = kernel.batch(2, 0)
    with pytest.raises(ValueError, match="slot 1"):
        kernel.step(batch, np.array([-1, kernel.num_actions - 1]))


def test_unsupported_configurations_are_refused():
    options = dict(GAME.configure(2, "c3", {}).options)
    with pytest.raises(KernelUnsupported, match="players"):
        Kernel(Config("carcassonne", 7, "c3", options))
    with pytest.raises(KernelUnsupported, match="farm_scoring"):
        Kernel(Config("carcassonne", 2, "c3", {**options, "farm_scoring": "by_area"}))
