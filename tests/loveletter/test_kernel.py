"""The compiled Love Letter kernel against the reference engine (games/loveletter/kernel)."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from gonets.core.game import CHANCE, TERMINAL
from gonets.core.kernel import KernelUnsupported
from gonets.core.options import Config
from gonets.games.loveletter import GAME
from gonets.games.loveletter.bot import search
from gonets.games.loveletter.kernel import Kernel
from gonets.games.loveletter.kernel import policy as kpolicy
from gonets.games.loveletter.kernel.check import VARIANTS, _Driver, differential, plain
from gonets.games.loveletter.kernel.layout import TOKENS
from gonets.rl.encoders import get_encoder

SAMPLE = [("seed", 2, 0), ("seed", 4, 1), ("seed-strict", 3, 2), ("premium", 5, 3),
          ("classic-2012", 4, 4), ("zman-2019", 2, 5), ("zman-2019", 6, 4),
          ("bga-compat", 8, 1), ("premium", 7, 2), ("seed", 3, 3), ("seed", 2, 6),
          ("premium", 8, 6)]


def configure(preset, players, variant=0):
    options = dict(VARIANTS[variant])
    if preset == "zman-2019":
        options.pop("extended_deck", None)
    return GAME.configure(players, preset, options)


def positions(config, count, seed, stop=None):
    """Reference states along random matches (every phase a match reaches)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.new_state(config)
        while state.current_player() != TERMINAL and len(found) < count:
            if state.current_player() == CHANCE:
                state.apply_chance(state.sample_chance(rng))
                continue
            found.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        found.append(state)
    return found


@pytest.mark.parametrize("preset,players,variant", SAMPLE)
def test_differential(preset, players, variant):
    found = differential(configure(preset, players, variant), 400, seed=players + variant,
                         batch=8, observe=True, reload=0.05)
    assert found["differences"] == 0, found["first"]
    assert found["steps"] >= 400 and found["observations"] > 0


def test_differential_finishes_matches():
    found = differential(configure("premium", 6, 4), 600, seed=3, batch=8)
    assert found["differences"] == 0, found["first"]
    assert found["matches"] > 5


def test_check_can_fail():
    driver = _Driver(configure("seed", 3), seed=1, batch=2, observe=True, reload=0.0)
    driver.refresh()
    driver.compare(0)
    assert driver.differences == 0
    driver.kb.S.seat[0, 1, TOKENS] += 1
    driver.refresh()
    driver.compare(0)
    assert driver.differences >= 2           # the state and seat 1's token in observations
    assert "tokens" in driver.first


@pytest.mark.parametrize("preset,players,variant", SAMPLE[:6])
def test_round_trip_and_playable(preset, players, variant):
    config = configure(preset, players, variant)
    kernel = Kernel(config)
    batch = kernel.batch(2, seed=0)
    mask = np.zeros((2, kernel.num_actions), np.bool_)
    rng = random.Random(variant)
    for state in positions(config, 150, seed=players):
        kernel.load(batch, 1, state)
        back = kernel.to_state(batch, 1)
        assert plain(back) == plain(state)
        assert back.log is state.log                  # not moved since the load
        kernel.legal_mask(batch, mask)
        assert sorted(np.nonzero(mask[1])[0].tolist()) == sorted(state.legal_actions())
        if state.current_player() >= 0:
            back.log = None
            legal = back.legal_actions()
            back.apply(legal[rng.randrange(len(legal))])   # the reference plays it onwards


def test_reproducible_and_independent_of_batch_size():
    kernel = Kernel(configure("premium", 5))
    first, again, wider = kernel.batch(4, 9), kernel.batch(4, 9), kernel.batch(16, 9)
    counts = [kernel.play_random(b) for b in (first, again, wider)]
    assert counts[0] == counts[1] and counts[0]["matches"] == 4
    assert np.array_equal(kernel.scores(first), kernel.scores(again))
    assert np.array_equal(kernel.scores(first), kernel.scores(wider)[:4])
    assert np.array_equal(kernel.winners_mask(first), kernel.winners_mask(wider)[:4])
    assert (first.cur == TERMINAL).all()


def test_chance_outcome_replays_on_the_reference():
    config = configure("seed", 4, 1)                   # random starter and a shuffle
    kernel = Kernel(config)
    batch = kernel.batch(3, 5)
    for slot in range(3):
        outcomes = kernel.chance_outcomes(batch, slot)
        assert isinstance(outcomes[0], int) and outcomes[1] == kernel.chance_outcome(batch, slot)
        state = GAME.new_state(config)
        for outcome in outcomes:
            state.apply_chance(outcome)
        assert plain(state) == plain(kernel.to_state(batch, slot))


def test_unsupported_and_illegal():
    good = configure("seed", 4)
    with pytest.raises(KernelUnsupported, match="bogus"):
        Kernel(Config("loveletter", 4, "seed", {**good.options, "bogus": 1}))
    with pytest.raises(KernelUnsupported, match="countess_trigger"):
        Kernel(Config("loveletter", 4, "seed", {**good.options, "countess_trigger": "all"}))
    with pytest.raises(KernelUnsupported, match="9"):
        Kernel(Config("loveletter", 9, "seed", good.options))
    kernel = Kernel(good)
    batch = kernel.batch(2, 0)
    mask = np.zeros((2, kernel.num_actions), np.bool_)
    kernel.legal_mask(batch, mask)
    illegal = int(np.nonzero(~mask[1])[0][0])
    before = plain(kernel.to_state(batch, 0))
    with pytest.raises(ValueError, match=f"slot 1: action {illegal}"):
        kernel.step(batch, np.array([int(np.nonzero(mask[0])[0][0]), illegal]))
    assert plain(kernel.to_state(batch, 0)) == before       # nothing was applied


@pytest.mark.parametrize("preset,players,variant", [("seed", 4, 0), ("premium", 6, 2),
                                                     ("zman-2019", 3, 1), ("seed", 2, 3)])
def test_sampled_worlds(preset, players, variant):
    """Worlds dealt from a view (logs with private parts missing) load with the knowledge of
    the rl encoder's reader and of the playout's readers."""
    config = configure(preset, players, variant)
    kernel, encoder = Kernel(config), get_encoder(config)
    batch = kernel.batch(1, 0)
    out = np.zeros((1, kernel.obs_size), np.float32)
    rng = random.Random(players)
    checked = 0
    for state in positions(config, 120, seed=variant):
        if state.current_player() < 0:
            continue
        world = GAME.sample_world(state.view(state.current_player()), rng)
        for subject in (state, world):
            kernel.load(batch, 0, subject)
            for seat in range(players):
                kernel.observe(batch, out, seat)
                assert np.array_equal(out[0], encoder.encode(subject.view(seat)))
                assert kernel.seen_hands(batch, 0, seat) == search._seen_hands(subject, seat)
                checked += 1
            assert kernel.last_plays(batch, 0) == [search._last_play(subject, q)
                                                   for q in range(players)]
    assert checked > 200


def _distribution(actions) -> dict:
    counts = Counter(actions)
    return {a: c / len(actions) for a, c in counts.items()}


def test_policy_is_the_rollout_policy():
    assert kpolicy.PLAYOUT_NOISE == search.PLAYOUT_NOISE
    config = configure("premium", 5)
    kernel = Kernel(config)
    draws = 6000
    batch = kernel.batch(draws, 11)
    rng = random.Random(4)
    tested = 0
    for state in positions(config, 400, seed=8)[::13]:
        if state.current_player() < 0 or len(state.legal_actions()) < 2:
            continue
        for slot in range(draws):
            kernel.load(batch, slot, state)
        chosen = np.zeros(draws, np.int64)
        kernel.policy_actions(batch, chosen)
        mine = _distribution(chosen.tolist())
        theirs = _distribution([search.rollout_action(state, rng) for _ in range(draws)])
        distance = sum(abs(mine.get(a, 0) - theirs.get(a, 0)) for a in {*mine, *theirs}) / 2
        assert distance < 0.07, (state.snapshot()["hands"], mine, theirs)
        tested += 1
    assert tested >= 10


def test_play_policy_and_playout_round():
    config = configure("seed", 4)
    kernel = Kernel(config)
    batch = kernel.batch(16, 2)
    counts = kernel.play_policy(batch, seats_mask=0b0101)
    assert counts["matches"] == 16 and (batch.cur == TERMINAL).all()
    for state in positions(config, 60, seed=1)[::7]:
        if state.current_player() < 0:
            continue
        for slot in range(16):
            kernel.load(batch, slot, state)
        tokens, alive, over = kernel.playout_round(batch)
        assert (batch.cur != CHANCE).all()
        for slot in range(16):
            after = kernel.to_state(batch, slot)
            assert after.round == state.round + 1 or over[slot]
            assert alive[slot] == 0 and tokens[slot].tolist() == after.tokens
            gained = sum(tokens[slot]) - sum(state.tokens)
            assert gained >= 0 and (gained > 0 or not over[slot])


@pytest.mark.parametrize("preset,players,variant", [("seed", 2, 0), ("seed", 4, 1),
                                                     ("premium", 6, 2), ("zman-2019", 3, 3)])
def test_search_playout_loads_as_a_full_load(preset, players, variant):
    """The search's one-call playout (``kernel/fast.py``) loads a world, its knowledge from a
    snapshot kept at the log node the worlds of a view share, as a fresh full load does."""
    from gonets.games.loveletter.kernel import convert
    from gonets.games.loveletter.kernel.fast import SearchPlayout
    from gonets.games.loveletter.views.worlds import sampler

    config = configure(preset, players, variant)
    kernel, fresh = Kernel(config), Kernel(config)
    fast = SearchPlayout(kernel, lambda tokens, alive: (0.0,) * players)
    batch = fresh.batch(1, 0)
    mine, theirs = (np.zeros((1, kernel.obs_size), np.float32) for _ in range(2))
    rng = random.Random(variant)
    checked = 0
    for state in positions(config, 80, seed=players)[::4]:
        if state.current_player() < 0:
            continue
        sample = sampler(GAME, state.view(state.current_player()))
        for _ in range(6):
            world = sample(rng)
            for _ in range(rng.randrange(4)):            # the moves of a walk down the tree
                while world.current_player() == CHANCE:
                    world.resolve_chance(rng)
                if world.current_player() < 0:
                    break
                world.apply(search.rollout_action(world, rng))
            while world.current_player() == CHANCE:      # (the slots deal differently)
                world.resolve_chance(rng)
            fast.load(world)
            fresh.memory = convert.LogMemory()            # replays the whole log
            fresh.load(batch, 0, world)
            assert plain(fresh.to_state(fast.batch, 0)) == plain(fresh.to_state(batch, 0))
            for seat in range(players):
                fresh.observe(fast.batch, mine, seat)
                fresh.observe(batch, theirs, seat)
                assert np.array_equal(mine, theirs)
                assert fresh.seen_hands(fast.batch, 0, seat) == fresh.seen_hands(batch, 0, seat)
            assert fresh.last_plays(fast.batch, 0) == fresh.last_plays(batch, 0)
            checked += 1
    assert checked >= 30
    assert any(kept[1] is not None for kept in fast.memory.nodes.values())
