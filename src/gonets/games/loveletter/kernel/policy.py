"""The playout policy of ``bot/search.py`` (``rollout_action``) in compiled code: the same
probabilities, drawn from the slot's generator (not in the Python order)."""

from __future__ import annotations

from numba import njit

from gonets.core.kernel import below, uniform
from gonets.games.loveletter.kernel.flow import resolve_chance
from gonets.games.loveletter.kernel.layout import (
    ALIVE,
    BURNED,
    CARD_MASK,
    CHANC_PHASE,
    CHANCE,
    DONE,
    DRAWN,
    FACE,
    HAND,
    MK_DONE,
    MK_ROUND,
    NBURN,
    NDISC,
    NFACE,
    NONE,
    PHASE,
    PLAST,
    PLAY,
    PLAYED_N,
    REDRAW_PHASE,
    ROUND,
    SH,
    SHSEQ,
    TOKENS,
    TURN,
)
from gonets.games.loveletter.kernel.legal import MAXLEGAL, legal_list
from gonets.games.loveletter.kernel.step import apply_action
from gonets.games.loveletter.kernel.tables import (
    A_GMASK,
    A_KEEP,
    A_KIND,
    A_T1,
    NCARDS,
    NKINDS,
    N,
)
from gonets.games.loveletter.rules.cards import BISHOP, GUARD, PRINCE, PRINCESS

PLAYOUT_NOISE = 0.1          # bot/search.py's PLAYOUT_NOISE (checked equal by the tests)
SCRATCH = 2 * MAXLEGAL + NCARDS


@njit(cache=True, _nrt=False)
def _follow_up(S, T, b, legal, count):
    """The Bishop's victim keeps a high card (always the Princess); the Chancellor keeps its
    highest card (any of the best at random)."""
    if S.sc[b, PHASE] == REDRAW_PHASE:
        card = S.seat[b, S.cur[b], HAND]
        keep = card == PRINCESS or T.value[card] >= 5
        return legal[1] if keep else legal[0]
    best = -99
    for i in range(count):
        best = max(best, T.value[T.act[legal[i], A_KEEP]])
    ties = 0
    for i in range(count):
        if T.value[T.act[legal[i], A_KEEP]] == best:
            ties += 1
    pick = below(S.rng, b, ties)
    for i in range(count):
        if T.value[T.act[legal[i], A_KEEP]] == best:
            if pick == 0:
                return legal[i]
            pick -= 1
    return legal[0]


@njit(cache=True, _nrt=False)
def _guess(S, T, b, moves, count, kept, unseen, weights):
    """``_guess``: a rival's card the mover saw, else a random target and a guess weighted
    by the unseen copies times ``keep_weights`` of the target's last play."""
    n = T.cfg[N]
    p = S.sc[b, TURN]
    # the seen hands in the dict's order (insertion order)
    last_seq = -1
    while True:
        q_next, seq_next = NONE, 0
        for q in range(n):
            if q == p or S.rel[b, p, q, SH] == NONE:
                continue
            seq = S.rel[b, p, q, SHSEQ]
            if seq > last_seq and (q_next == NONE or seq < seq_next):
                q_next, seq_next = q, seq
        if q_next == NONE:
            break
        last_seq = seq_next
        card = S.rel[b, p, q_next, SH]
        for i in range(count):
            a = moves[i]
            if T.act[a, A_T1] == q_next and T.act[a, A_GMASK] >> card & 1:
                return a
    for i in range(NCARDS):
        unseen[i] = T.copies[i]
    unseen[kept] -= 1
    for q in range(n):
        for i in range(S.seat[b, q, NDISC]):
            unseen[S.disc[b, q, i] & CARD_MASK] -= 1
    for i in range(S.sc[b, NFACE]):
        unseen[S.pile[b, FACE, i]] -= 1
    for i in range(S.sc[b, NBURN]):
        unseen[S.pile[b, BURNED, i]] -= 1
    target = T.act[moves[below(S.rng, b, count)], A_T1]
    played = S.seat[b, target, PLAST]
    total = 0.0
    for i in range(count):
        a = moves[i]
        weights[i] = -1.0
        if T.act[a, A_T1] != target:
            continue
        weight = 0.0
        for j in range(T.cfg[NKINDS]):
            kind = T.kinds[j]
            if T.act[a, A_GMASK] >> kind & 1:
                weight += unseen[kind] if played == NONE else unseen[kind] * T.kw[played, kind]
        if weight > 0:
            total += weight
        weights[i] = total if weight > 0 else -1.0
    if total == 0:
        return moves[below(S.rng, b, count)]
    pick = uniform(S.rng, b) * total
    chosen = NONE
    for i in range(count):
        if weights[i] >= 0:
            chosen = moves[i]
            if pick < weights[i]:
                return chosen
    return chosen


@njit(cache=True, _nrt=False)
def policy_action(S, T, b, legal, count, moves, unseen, weights):
    """``rollout_action`` for slot ``b`` with its ``count`` legal ids (``moves``: scratch)."""
    if count == 1:
        return legal[0]
    if S.sc[b, PHASE] != PLAY:
        return _follow_up(S, T, b, legal, count)
    p = S.sc[b, TURN]
    first, second = S.seat[b, p, HAND], S.sc[b, DRAWN]
    kind, t1, value = T.act[:, A_KIND], T.act[:, A_T1], T.value
    if kind[legal[0]] == kind[legal[count - 1]]:
        play = kind[legal[0]]
    elif first == PRINCESS:
        play = second
    elif second == PRINCESS or value[first] <= value[second]:
        play = first
    else:
        play = second
    kept = second if play == first else first
    if uniform(S.rng, b) < PLAYOUT_NOISE:
        # any legal move that does not discard the Princess (else any legal move)
        princess = first == PRINCESS or second == PRINCESS
        safe = 0
        for i in range(count):
            a = legal[i]
            if not (kind[a] == PRINCESS or (kind[a] == PRINCE and t1[a] == p and princess)):
                moves[safe] = a
                safe += 1
        if safe == 0:
            return legal[below(S.rng, b, count)]
        return moves[below(S.rng, b, safe)]
    size = 0
    rivals = 0
    for i in range(count):
        a = legal[i]
        if kind[a] == play:
            moves[size] = a
            size += 1
            if t1[a] != p:
                rivals += 1
    if size == 1:
        return moves[0]
    if play == GUARD or play == BISHOP:
        return _guess(S, T, b, moves, size, kept, unseen, weights)
    if play == PRINCE and rivals and (kept == PRINCESS or value[kept] >= 3 or
                                      uniform(S.rng, b) < 0.8):
        keep = 0
        for i in range(size):
            if t1[moves[i]] != p:
                moves[keep] = moves[i]
                keep += 1
        size = keep
    return moves[below(S.rng, b, size)]


@njit(cache=True, _nrt=False)
def _choose(S, T, b, mask, buf, weights):
    legal, moves, unseen = buf[:MAXLEGAL], buf[MAXLEGAL:2 * MAXLEGAL], buf[2 * MAXLEGAL:]
    count = legal_list(S, T, b, legal)
    if mask >> S.cur[b] & 1:
        return policy_action(S, T, b, legal, count, moves, unseen, weights)
    return legal[below(S.rng, b, count)]


@njit(cache=True, _nrt=False)
def play_policy(S, T, mask, buf, weights):
    """Every slot to the end, the seats of ``mask`` by the policy, the others at random
    (``buf``, ``weights``: scratch of ``SCRATCH`` ints and ``MAXLEGAL`` floats)."""
    steps = 0
    matches = 0
    for b in range(S.cur.size):
        if S.cur[b] < 0:
            continue
        start = S.sc[b, PLAYED_N]
        while S.cur[b] >= 0:
            apply_action(S, T, b, _choose(S, T, b, mask, buf, weights))
            resolve_chance(S, T, b)
        steps += S.sc[b, PLAYED_N] - start
        matches += 1
    return steps, matches


@njit(cache=True, _nrt=False)
def choose_all(S, T, out, buf, weights):
    """The policy's choice in every slot where a seat decides (-1 elsewhere), not applied."""
    for b in range(S.cur.size):
        out[b] = _choose(S, T, b, -1, buf, weights) if S.cur[b] >= 0 else -1


@njit(cache=True, _nrt=False)
def play_to_stop(S, T, b, buf, weights):
    """The policy for every seat in slot ``b`` until ``rollout_done`` (the round marked at load
    is decided: asked after each move, before the next deal) or the end of the match. Returns
    the mask of the seats in a round still in progress (0 where none is: what ``evaluate``
    passes to ``_standings``); a pending deal is left pending."""
    full = (1 << T.cfg[N]) - 1
    played = 0
    while S.cur[b] >= 0:
        if played and (S.sc[b, DONE] != S.sc[b, MK_DONE] or
                       S.sc[b, ROUND] != S.sc[b, MK_ROUND]):
            break
        apply_action(S, T, b, _choose(S, T, b, full, buf, weights))
        played += 1
    phase = S.sc[b, PHASE]
    in_round = phase == PLAY or phase == REDRAW_PHASE or phase == CHANC_PHASE
    return S.sc[b, ALIVE] if in_round else 0


@njit(cache=True, _nrt=False)
def playout_round(S, T, tokens, alive, over, buf, weights):
    """``play_to_stop`` in every slot, then the next deal; see ``Kernel.playout_round``."""
    n = T.cfg[N]
    for b in range(S.cur.size):
        alive[b] = play_to_stop(S, T, b, buf, weights)
        for q in range(n):
            tokens[b, q] = S.seat[b, q, TOKENS]
        over[b] = S.cur[b] == -2
        if S.cur[b] == CHANCE:
            resolve_chance(S, T, b)
        S.sc[b, MK_ROUND] = S.sc[b, ROUND]
        S.sc[b, MK_DONE] = S.sc[b, DONE]
    return 0
