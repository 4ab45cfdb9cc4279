"""The observation encodings: built from a seat's view only, blind to what the seat cannot
know, and the same whether read incrementally or from scratch."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from gonets.core.game import CHANCE
from gonets.core.registry import get_game
from gonets.rl.encoders import encoder_class, get_encoder
from tests.rl.cases import CASES, case_id


def positions(game, config, seed: int, every: int, limit: int):
    """Decision points of a random match (every ``every``-th decision, at most ``limit``)."""
    state = game.new_state(config)
    rng = random.Random(seed)
    decisions = 0
    found = 0
    while not state.is_terminal() and found < limit:
        if state.current_player() == CHANCE:
            state.apply_chance(state.sample_chance(rng))
            continue
        if decisions % every == 0:
            found += 1
            yield state
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        decisions += 1


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_encoding_is_blind_to_hidden_information(case):
    """Worlds drawn by sample_world from a seat's view differ in what the seat cannot know
    (other hands, deck orders) and give exactly the seat's encoding."""
    name, players, preset = case
    game = get_game(name)
    config = game.configure(players, preset)
    encoder = get_encoder(config)
    redrawn = 0
    for state in positions(game, config, seed=3, every=7, limit=6):
        truth = json.dumps(state.snapshot(), sort_keys=True, default=str)
        for seat in range(players):
            view = state.view(seat)
            mine = encoder.encode(view)
            for k in range(3):
                world = game.sample_world(view, random.Random(k))
                if json.dumps(world.snapshot(), sort_keys=True, default=str) != truth:
                    redrawn += 1
                np.testing.assert_array_equal(encoder.encode(world.view(seat)), mine)
    assert redrawn > 0, "no world differed from the true state: the test proved nothing"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_incremental_reading_equals_reading_from_scratch(case):
    name, players, preset = case
    game = get_game(name)
    config = game.configure(players, preset)
    encoder = get_encoder(config)
    memos = [{} for _ in range(players)]
    seen = set()
    for state in positions(game, config, seed=5, every=1, limit=400):
        for seat in range(players):
            view = state.view(seat)
            fresh = encoder.encode(view)
            np.testing.assert_array_equal(encoder.encode(view, memos[seat]), fresh)
            assert fresh.dtype == np.float32 and fresh.shape == (encoder.size,)
            assert 0.0 <= fresh.min() and fresh.max() <= 1.0
            seen.add(fresh.tobytes())
    assert len(seen) > 10             # the observation follows the match


def test_love_letter_priest_look_is_remembered_until_the_card_moves():
    """A seat that looked at a hand with the Priest sees that card in its observation while
    the looked-at seat has not played, discarded or swapped since."""
    game = get_game("loveletter")
    config = game.configure(2, "classic-2012")
    encoder = get_encoder(config)
    kinds = encoder.kinds.names
    block = encoder.layout.block("seat[1]")
    known_at = slice(block.offset + block.size - 2 * len(kinds),
                     block.offset + block.size - len(kinds))
    checked = 0
    for seed in range(40):
        for state in positions(game, config, seed=seed, every=1, limit=80):
            for seat in range(2):
                log = state.view(seat)["log"]
                at = [i for i, e in enumerate(log) if e["e"] == "look" and e["seat"] == seat
                      and "card" in e]
                if not at:
                    continue
                later = log[at[-1] + 1:]
                if any(e["e"] in ("round", "play", "discard", "swap", "out")
                       and e.get("seat") in (1 - seat, None) for e in later):
                    continue
                known = encoder.encode(state.view(seat))[known_at]
                assert known.sum() == 1.0
                assert kinds[int(np.argmax(known))] == log[at[-1]]["card"]
                checked += 1
    assert checked > 0, "no Priest look found in the random matches"


def test_a_spectator_view_is_refused():
    config = get_game("czar").configure(2)
    with pytest.raises(ValueError, match="spectator"):
        get_encoder(config).encode(get_game("czar").new_state(config).view(None))


def test_unknown_game_has_no_encoder():
    with pytest.raises(ValueError, match="no observation encoder"):
        encoder_class("chess")
