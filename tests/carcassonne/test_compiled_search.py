"""Whole search iterations in the Carcassonne kernel (``kernel/search.py``, ``kernel/tree.py``):
the worlds it shuffles are worlds of the view, every iteration leaves its slot as it found it,
and its search reaches the Python search's values, reproducibly."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from gonets.agents.ismcts import ISMCTSAgent
from gonets.core import Match
from gonets.core.tree import new_root
from gonets.games.carcassonne import GAME, bot
from gonets.games.carcassonne.kernel import tree
from tests.agents.helpers import assert_alike, kernel_and_python

VARIANTS = ["c3", "base", "hig_c2"]


def positions(preset: str, seed: int, count: int, players: int = 2, every: int = 7):
    """(state, seat) at decisions with a choice along a random match."""
    match = Match(GAME, GAME.configure(players, preset), seed=seed)
    match.deal()
    rng, found, step = random.Random(seed), [], 0
    while not match.state.is_terminal() and len(found) < count:
        state = match.state
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) > 1 and step % every == 0:
            found.append((state.clone(), seat))
        match.act(seat, legal[rng.randrange(len(legal))])
        step += 1
    return found


def searcher(state, seat):
    return bot.compiled_search(GAME, state.config, seat, 0.7)


def without_log(view: dict) -> dict:
    return {key: value for key, value in view.items() if key != "log"}


@pytest.mark.parametrize("preset", VARIANTS)
def test_shuffled_worlds_are_worlds_of_the_view(preset):
    """A world the kernel deals shows every seat the view (the log aside: the kernel keeps
    none), holds the pile's tiles with the known bottom in place, and only the hidden part
    of the pile and of the message stack changes from world to world."""
    for state, seat in positions(preset, 3, 6):
        view = state.view(seat)
        search = searcher(state, seat)
        search.start(view, random.Random(1))
        piles = set()
        for seed in range(20):
            search.rng[1] = seed
            tree.deal(search.S, search.rng, 1, search.hidden, search.unseen)
            world = search.kernel.to_state(search.batch, 1)
            assert without_log(world.view(seat)) == without_log(view)
            assert Counter(world.pile) == Counter(state.pile)
            bottom = state.bottom_known
            assert world.pile[len(world.pile) - bottom:] == state.pile[len(state.pile) - bottom:]
            assert world.stack[search.unseen:] == state.stack[search.unseen:]
            piles.add(tuple(world.pile))
            tree.copy_slot(search.S, 0, 1)
        assert len(piles) > 1 or search.hidden <= 1


@pytest.mark.parametrize("preset", VARIANTS)
def test_every_iteration_leaves_the_slot_as_it_found_it(preset):
    """After iterations that place tiles, score, move figures and resolve messages, the
    working slot equals the loaded one in every array (what ``restore`` puts back is all an
    iteration writes)."""
    for state, seat in positions(preset, 5, 8, every=11):
        search = searcher(state, seat)
        search.start(state.view(seat), random.Random(2))
        root = new_root(search.tree, seat)
        search.iterate(root, 300)
        for source, copy in zip(search.S, search.S, strict=True):
            assert np.array_equal(source[0], copy[1])


def test_kernel_search_reaches_the_python_search_values():
    """On positions of 2- and 3-player matches, the kernel's search and the Python search
    (1,500 iterations each) give the most visited action the same value within 0.05, and rank
    the same action first or value both firsts alike."""
    compared = 0
    for players in (2, 3):
        rng = random.Random(players)
        for state, seat in positions("c3", 9, 5, players=players, every=9):
            assert_alike(*kernel_and_python(GAME, state, seat, 1500, rng.random()), 150)
            compared += 1
    assert compared == 10


def test_kernel_search_repeats_itself_and_keeps_the_follower_subtree():
    """The same seed gives the same search; after a placement the follower decision starts
    from the subtree the placement's search grew."""
    for state, seat in positions("c3", 4, 20, every=1):
        if state.phase != "place":
            continue
        view, legal = state.view(seat), state.legal_actions()
        runs = []
        for _ in range(2):
            agent = ISMCTSAgent(GAME, state.config, seat, random.Random(8), iterations=800)
            runs.append(agent.analyse(view, legal))
        assert [(c.text, c.visits, c.value) for c in runs[0]] == \
            [(c.text, c.visits, c.value) for c in runs[1]]
        kept = agent._kept
        if kept is None:
            continue
        before = kept.visits
        state.apply(runs[0][0].action)
        if state.current_player() != seat:
            continue
        agent.analyse(state.view(seat), state.legal_actions())
        assert kept.visits == before + 800
        return
    pytest.fail("no placement with a follower decision after it")
