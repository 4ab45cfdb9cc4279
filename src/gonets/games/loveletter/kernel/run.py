"""The batch drivers in compiled code: new matches, the legal mask, a step of every slot and
whole random matches (one call each, no Python in the loop).

All the kernel's compiled code runs without Numba's reference counting (``_nrt=False``): the
arrays belong to Python, and counting references to the many arrays of ``State`` and
``Tables`` at every call cost more than the game itself. So nothing compiled allocates: the
scratch buffers (``buf``) come from the caller."""

from __future__ import annotations

from numba import njit

from gonets.core.kernel import below
from gonets.games.loveletter.kernel.flow import new_match, resolve_chance
from gonets.games.loveletter.kernel.layout import CH_FLAGS, PLAYED_N
from gonets.games.loveletter.kernel.legal import legal_list
from gonets.games.loveletter.kernel.step import apply_action

ILLEGAL = 1
"""``step``'s code for a slot whose action is not legal (nothing is applied then)."""


@njit(cache=True, _nrt=False)
def reset_slots(S, T, slots):
    for b in slots:
        new_match(S, T, b)


@njit(cache=True, _nrt=False)
def resolve(S, T, b):
    resolve_chance(S, T, b)


@njit(cache=True, _nrt=False)
def legal_mask(S, T, out, buf):
    for b in range(S.cur.size):
        out[b, :] = False
        for i in range(legal_list(S, T, b, buf)):
            out[b, buf[i]] = True


@njit(cache=True, _nrt=False)
def step_all(S, T, actions, codes, buf):
    """Check every slot's action, then (if all are legal) apply them and resolve the chance
    events that follow; ``codes[b]`` is ``ILLEGAL`` for a refused action. Returns the number
    of refused actions (nothing is applied when it is not 0)."""
    refused = 0
    for b in range(S.cur.size):
        codes[b] = 0
        a = actions[b]
        if a < 0 or S.cur[b] < 0:
            continue
        count = legal_list(S, T, b, buf)
        found = False
        for i in range(count):
            if buf[i] == a:
                found = True
                break
        if not found:
            codes[b] = ILLEGAL
            refused += 1
    if refused:
        return refused
    for b in range(S.cur.size):
        a = actions[b]
        if a < 0 or S.cur[b] < 0:
            continue
        S.sc[b, CH_FLAGS] = 0
        apply_action(S, T, b, a)
        resolve_chance(S, T, b)
    return 0


@njit(cache=True, _nrt=False)
def play_random(S, T, buf):
    """Every slot to the end with uniform random legal actions; (cards played, matches).
    (``policy.play_policy`` with no policy seat plays the same, but its choice of a move costs
    a third more per card: the bench's loop is kept apart.)"""
    steps = 0
    matches = 0
    for b in range(S.cur.size):
        if S.cur[b] < 0:
            continue
        start = S.sc[b, PLAYED_N]
        while S.cur[b] >= 0:
            count = legal_list(S, T, b, buf)
            apply_action(S, T, b, buf[below(S.rng, b, count)])
            resolve_chance(S, T, b)
        steps += S.sc[b, PLAYED_N] - start
        matches += 1
    return steps, matches


