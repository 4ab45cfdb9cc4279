"""Whole search iterations in the Love Letter kernel (``kernel/search.py``, ``kernel/tree.py``):
the worlds it deals are worlds of the view, dealt as ``sample_world`` deals them, and its
search reaches the Python search's values, reproducibly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gonets.agents.ismcts import ISMCTSAgent
from gonets.core.kernel import Batch
from gonets.core.kernel_search import TreeNode
from gonets.games.loveletter import GAME, bot
from gonets.games.loveletter.kernel import tree
from gonets.games.loveletter.kernel.layout import (
    BURNED,
    DECK,
    EXTRA,
    FACE,
    KHN,
    NBURN,
    NDECK,
    NDISC,
    NEXTRA,
    NFACE,
    SH,
    SHSEQ,
)
from gonets.games.loveletter.views.worlds import World
from tests.agents.helpers import assert_alike, kernel_and_python

from .helpers import run
from .test_search import CONFIGS, KEPT_OVER_COUNTESS, sure_guard, worlds


def searcher(config, seat):
    return bot.compiled_search(GAME, config, seat, 0.7)


def dealt_world(search, seed: int):
    """A world dealt by the kernel from the view ``search`` read last, as a reference state."""
    S = search.S
    S.rng[1] = seed
    tree.copy_slot(S, 0, 1)
    assert tree.deal(S, search.deal, 1)
    batch = Batch(2, S.rng, S.cur, {"S": S, "logs": [None, None]})
    state = search.kernel.to_state(batch, 1)
    state.log = search.world.base.log
    return state


def slot_content(S, b) -> list:
    """Everything a slot holds that the kernel reads (the piles, discards and known hands up
    to their counts, the order of a seen hand where one is seen)."""
    sc, seat = S.sc[b], S.seat[b]
    piles = [S.pile[b, row, :sc[count]].tolist()
             for row, count in ((DECK, NDECK), (EXTRA, NEXTRA), (FACE, NFACE), (BURNED, NBURN))]
    discards = [S.disc[b, q, :seat[q, NDISC]].tolist() for q in range(len(seat))]
    known = [S.kh[b, v, :seat[v, KHN]].tolist() for v in range(len(seat))]
    rel = S.rel[b].copy()
    rel[:, :, SHSEQ][rel[:, :, SH] < 0] = 0
    return [sc.tolist(), int(S.cur[b]), seat.tolist(), discards, piles, known, rel.tolist(),
            S.stat[b].tolist()]


@pytest.mark.parametrize("players,preset,options", CONFIGS)
def test_kernel_worlds_are_worlds_of_the_view(players, preset, options):
    """Every world the kernel deals shows the seat exactly its view, and its slot is what
    loading that world writes (no field but the hidden cards depends on the deal)."""
    checked = 0
    for state, seat, _ in worlds(players, preset, options, seed=players, every=4):
        view = state.view(seat)
        search = searcher(state.config, seat)
        search.start(view, random.Random(checked))
        for seed in range(3):
            world = dealt_world(search, 1000 * checked + seed)
            assert world.view(seat) == view
            loaded = search.kernel.batch(1, 0)
            search.kernel.load(loaded, 0, world)
            assert slot_content(loaded.S, 0) == slot_content(search.S, 1)
        checked += 1
    assert checked >= 5


def hand_shares(deals) -> dict:
    counts = Counter(deals)
    return {key: count / len(deals) for key, count in counts.items()}


def constrained_views():
    """Views whose worlds are narrowed: a rival's likely card, and positions of longer
    matches where several hands carry hints or allowed sets."""
    found = [(GAME.configure(2), run(2, KEPT_OVER_COUNTESS).view(0))]
    for players in (3, 4, 5):
        for state, seat, _ in worlds(players, "seed", {}, seed=7, every=1):
            world = World(GAME, state.view(seat))
            if world.slots is None:
                continue
            hinted = sum(w is not None for w in world.weights)
            narrowed = sum(allowed is not None for _, _, allowed in world.slots)
            if hinted >= 2 or narrowed:
                found.append((state.config, state.view(seat)))
            if len(found) >= 6:
                return found
    return found


def test_kernel_deals_hidden_cards_as_the_sampler_does():
    """Per hidden hand and the top of the draw pile, the kernel's deals and ``sample_world``'s
    agree in distribution (total variation under 0.06 in 3,000 worlds each), on views with
    weighted and narrowed hands."""
    views = constrained_views()
    assert len(views) >= 4
    rng = random.Random(5)
    for config, view in views:
        seat = view["seat"]
        search = searcher(config, seat)
        search.start(view, random.Random(1))
        ours = [dealt_world(search, seed) for seed in range(3000)]
        theirs = [GAME.sample_world(view, rng) for _ in range(3000)]
        rivals = [q for q in range(config.players) if q != seat]
        for pick in [*(lambda w, q=q: w.hands[q] for q in rivals),
                     lambda w: w.deck[-1] if w.deck else None]:
            a = hand_shares([pick(w) for w in ours])
            b = hand_shares([pick(w) for w in theirs])
            distance = sum(abs(a.get(k, 0) - b.get(k, 0)) for k in a.keys() | b.keys()) / 2
            assert distance < 0.06, (view["seat"], a, b)


def test_kernel_search_reaches_the_python_search_values():
    """On positions of 2- and 4-player matches, the kernel's search and the Python search
    (4,000 iterations each) rank the same action first or value both firsts alike, and give the
    most visited action the same value within 0.05."""
    compared = 0
    for players in (2, 4):
        rng = random.Random(players)
        for state, seat, _ in worlds(players, "seed", {}, seed=11, every=5):
            legal = state.legal_actions()
            if len(legal) < 2:
                continue
            assert_alike(*kernel_and_python(GAME, state, seat, 4000, rng.random()), 300)
            compared += 1
            if compared % 6 == 0:
                break
    assert compared == 12


def test_kernel_search_finds_the_sure_guard_and_repeats_itself():
    state = sure_guard()
    seat = state.current_player()
    view, legal = state.view(seat), state.legal_actions()
    results = []
    for _ in range(2):
        agent = ISMCTSAgent(GAME, state.config, seat, random.Random(5), iterations=2000)
        ranked = agent.analyse(view, legal)
        assert agent.search.in_kernel
        results.append([(c.text, c.visits, c.value) for c in ranked])
    assert results[0] == results[1]
    assert results[0][0][0] == "guard p2 6" and results[0][0][2] > 0.6


def test_a_kept_subtree_goes_on_growing():
    """When the searcher decides again with no chance event or other seat between (the
    Chancellor's keep), the next search starts from the node the first one grew, whatever
    another agent of the same seat and configuration searched in between (each decision's
    search has arrays of its own)."""
    config = GAME.configure(2, "zman-2019")
    for state, seat, _ in worlds(2, "zman-2019", {}, seed=3):
        legal = state.legal_actions()
        chancellor = [a for a in legal if state.action_to_text(a) == "chancellor"]
        if not chancellor:
            continue
        agent = ISMCTSAgent(GAME, config, seat, random.Random(2), iterations=3000)
        agent.analyse(state.view(seat), legal)
        kept = agent._kept
        if kept is None:
            continue
        assert isinstance(kept, TreeNode)
        before = kept.visits
        other = ISMCTSAgent(GAME, config, seat, random.Random(9), iterations=500)
        other.analyse(state.view(seat), legal)
        state.apply(chancellor[0])
        assert state.current_player() == seat
        agent.analyse(state.view(seat), state.legal_actions())
        assert kept.visits == before + 3000
        assert sum(c.visits for c in kept.children.values()) >= 3000
        return
    pytest.fail("no Chancellor decision found")
