"""The compiled half of ``search.py``: whole ISMCTS iterations of ``agents/ismcts.py`` in the
kernel, the tree as arrays (``core/tree.py``).

Slot 0 of a two-slot batch holds the searcher's public position with one world's hidden
cards; an iteration copies it to slot 1, deals the hidden cards again there as
``views/worlds.py`` deals them (``Deal``: the same slots, allowed sets, weights, rejection and
known places in the draw pile), walks the tree (the searcher by UCB1, the rivals by the
playout policy), plays out to the end of the round and backs the evaluation up. Evaluations
are looked up in a small table that the Python half fills: an outcome not yet in it stops the
call, which the Python half resumes once it has written the values.
"""

from __future__ import annotations

from collections import namedtuple

from numba import njit

from gonets.core.kernel import below, shuffle, uniform
from gonets.core.tree import back_up, follow, select
from gonets.games.loveletter.kernel.flow import resolve_chance
from gonets.games.loveletter.kernel.layout import (
    CHANC_PHASE,
    CHANCE,
    DECK,
    DONE,
    DRAWN,
    EXTRA,
    HAND,
    MK_DONE,
    MK_ROUND,
    NDECK,
    PHASE,
    PLAY,
    ROUND,
    SPARE_CARD,
    TERMINAL,
    TOKENS,
    TURN,
    WINNERS,
)
from gonets.games.loveletter.kernel.legal import MAXLEGAL, legal_list
from gonets.games.loveletter.kernel.packed import WIDE
from gonets.games.loveletter.kernel.policy import SCRATCH, play_to_stop, policy_action
from gonets.games.loveletter.kernel.step import apply_action
from gonets.games.loveletter.kernel.tables import N

Deal = namedtuple("Deal", ["head", "kind", "seat", "allowed", "wrow", "order", "pool",
                           "bottom", "weights", "left", "chosen", "mine", "scratch"])
"""How one view's hidden cards are dealt (``search.deal_of``): ``head`` (below), per hidden
slot its kind, seat, allowed cards (a bit mask, -1: any), weight row (-1: none) and the order
``_assign`` fills them in; the unseen cards (``pool``, grouped by card), the known cards of
the draw pile by distance from its bottom (-1: unknown), the weights per row and card, and
scratch."""
FREE, SLOTS, POOL, SIZE, BOTTOM = range(5)
"""``head``: no slot narrowed or weighted (one shuffle deals them all), the number of slots
(-1: nothing to deal), of unseen cards, the draw pile's size, whether any place is known."""
HAND_SLOT, EXTRA_SLOT, SPARE_SLOT = range(3)
TRIES, REJECTIONS = 200, 8                      # worlds.py's attempts and REJECTION_TRIES
PENDING, KEY, KEYS = range(3)
"""``ctl``: 1 + the depth of the walk waiting for its values (0: none), the outcome it waits for,
the number of outcomes in the table."""


@njit(cache=True, _nrt=False)
def _assign(D, order, weighted, rng, b):
    """``worlds._assign``: a card per slot, in ``order``, from the pool within each slot's
    allowed set (by its weights where ``weighted``); the number of cards left (in
    ``D.left``), -1 when no deal fits."""
    slots, size = D.head[SLOTS], D.head[POOL]
    left, chosen = D.left, D.chosen
    for attempt in range(TRIES):
        count = size
        for i in range(size):
            left[i] = D.pool[i]
        dealt = True
        for j in range(slots):
            i = order[j]
            allowed = D.allowed[i] if attempt < TRIES - 1 else -1
            row = D.wrow[i] if weighted else -1
            options, total = 0, 0.0
            for x in range(count):
                if allowed >> left[x] & 1:
                    options += 1
                    if row >= 0:
                        total += D.weights[row, left[x]]
            if options == 0:
                dealt = False
                break
            at = -1
            if row < 0:
                pick = below(rng, b, options)
                for x in range(count):
                    if allowed >> left[x] & 1:
                        if pick == 0:
                            at = x
                            break
                        pick -= 1
            else:
                pick = uniform(rng, b) * total
                for x in range(count):
                    if allowed >> left[x] & 1:
                        at = x
                        pick -= D.weights[row, left[x]]
                        if pick < 0:
                            break
            card = left[at]
            chosen[i] = card
            for x in range(count):              # the first copy of it leaves the pool
                if left[x] == card:
                    for y in range(x, count - 1):
                        left[y] = left[y + 1]
                    break
            count -= 1
        if dealt:
            return count
    return -1


@njit(cache=True, _nrt=False)
def _deal_weighted(D, rng, b):
    """``worlds._deal_weighted``: uniform deals kept in proportion to the product of the
    weighted hands' weights, then the hands drawn by their weights one after another."""
    slots = D.head[SLOTS]
    order = D.order
    hinted = 0
    for j in range(slots):
        if D.wrow[order[j]] >= 0:
            hinted += 1
    if hinted < 2:
        return _assign(D, order, True, rng, b)
    for _ in range(REJECTIONS):
        count = _assign(D, order, False, rng, b)
        if count < 0:
            return count
        chance = 1.0
        for i in range(slots):
            if D.wrow[i] >= 0:
                chance *= D.weights[D.wrow[i], D.chosen[i]]
        if uniform(rng, b) < chance:
            return count
    ordered = D.scratch                  # narrowed, then the hinted (shuffled), then the rest
    k = 0
    for j in range(slots):
        if D.allowed[order[j]] != -1:
            ordered[k] = order[j]
            k += 1
    first = k
    for j in range(slots):
        i = order[j]
        if D.allowed[i] == -1 and D.wrow[i] >= 0:
            ordered[k] = i
            k += 1
    _shuffle_from(ordered, first, k, rng, b)
    for j in range(slots):
        i = order[j]
        if D.allowed[i] == -1 and D.wrow[i] < 0:
            ordered[k] = i
            k += 1
    return _assign(D, ordered, True, rng, b)


@njit(cache=True, _nrt=False)
def _shuffle_from(values, start, end, rng, b):
    for i in range(end - 1, start, -1):
        j = start + below(rng, b, i - start + 1)
        values[i], values[j] = values[j], values[i]


@njit(cache=True, _nrt=False)
def deal(S, D, b):
    """Deal slot ``b``'s hidden cards again (``worlds._World._deal``); False when no deal
    fits the view."""
    slots = D.head[SLOTS]
    if slots < 0:
        return True
    left, chosen = D.left, D.chosen
    if D.head[FREE]:
        count = D.head[POOL]
        for i in range(count):
            left[i] = D.pool[i]
        shuffle(S.rng, b, left, count)
        for i in range(slots):
            chosen[i] = left[i]
        for i in range(slots, count):
            left[i - slots] = left[i]
        count -= slots
    else:
        count = _deal_weighted(D, S.rng, b)
        if count < 0:
            return False
        shuffle(S.rng, b, left, count)
    turn = S.sc[b, TURN]
    mine = 0
    for i in range(slots):
        kind = D.kind[i]
        if kind == HAND_SLOT:
            S.seat[b, D.seat[i], HAND] = chosen[i]
        elif kind == EXTRA_SLOT:
            if D.seat[i] == turn:
                D.mine[mine] = chosen[i]
                mine += 1
        else:
            S.sc[b, SPARE_CARD] = chosen[i]
    if mine:
        if S.sc[b, PHASE] == PLAY:
            S.sc[b, DRAWN] = D.mine[0]
        elif S.sc[b, PHASE] == CHANC_PHASE:
            for j in range(mine):
                S.pile[b, EXTRA, j] = D.mine[j]
    size = D.head[SIZE]
    if not D.head[BOTTOM] and count >= size:
        for i in range(size):
            S.pile[b, DECK, i] = left[count - 1 - i]
    else:
        for d in range(size):
            if D.bottom[d] >= 0:
                S.pile[b, DECK, d] = D.bottom[d]
            else:
                count -= 1
                S.pile[b, DECK, d] = left[count]
    S.sc[b, NDECK] = size
    return True


@njit(cache=True, _nrt=False)
def copy_slot(S, source, target):
    """Slot ``target`` becomes a copy of slot ``source`` (its generator word excepted)."""
    for i in range(S.sc.shape[1]):
        S.sc[target, i] = S.sc[source, i]
    S.cur[target] = S.cur[source]
    _copy3(S.seat, source, target)
    _copy3(S.pile, source, target)
    _copy3(S.disc, source, target)
    _copy3(S.kh, source, target)
    _copy3(S.stat, source, target)
    rel = S.rel
    for i in range(rel.shape[1]):
        for j in range(rel.shape[2]):
            for k in range(rel.shape[3]):
                rel[target, i, j, k] = rel[source, i, j, k]


@njit(cache=True, _nrt=False, inline="always")
def _copy3(a, source, target):
    for i in range(a.shape[1]):
        for j in range(a.shape[2]):
            a[target, i, j] = a[source, i, j]


@njit(cache=True, _nrt=False)
def _outcome(S, T, b, alive):
    """``run_packed``'s outcome key of slot ``b`` where the iteration stopped."""
    if S.cur[b] == TERMINAL:
        return -1 - S.sc[b, WINNERS]
    key = alive
    for q in range(T.cfg[N]):
        tokens = S.seat[b, q, TOKENS]
        if tokens < 0 or tokens >= 32:
            return WIDE + alive
        key |= tokens << (8 + 5 * q)
    return key


@njit(cache=True, _nrt=False)
def _walk(S, T, tree, root, seat, path, buf, weights, where):
    """One iteration's walk down the tree and playout in slot 1; the depth walked and the
    outcome key where it stopped."""
    b = 1
    legal, moves = buf[:MAXLEGAL], buf[MAXLEGAL:2 * MAXLEGAL]
    unseen, untried = buf[2 * MAXLEGAL:SCRATCH], buf[SCRATCH:SCRATCH + MAXLEGAL]
    node, depth = root, 0
    player = S.cur[b]
    if player == CHANCE:
        resolve_chance(S, T, b)
        player = S.cur[b]
    while player >= 0:
        count = legal_list(S, T, b, legal)
        if player != seat:            # a rival moves by the playout policy (an opponent model)
            action = policy_action(S, T, b, legal, count, moves, unseen, weights)
            child, fresh = follow(tree, node, action, player)
        else:
            child, fresh = select(tree, node, legal, count, player, S.rng, b, where, untried)
            action = tree.action[child]
        apply_action(S, T, b, action)
        path[depth] = child
        depth += 1
        after = S.cur[b]
        if after == CHANCE:
            tree.private[child] = 0
            if S.sc[b, DONE] != S.sc[b, MK_DONE] or S.sc[b, ROUND] != S.sc[b, MK_ROUND]:
                return depth, _outcome(S, T, b, 0)       # a decided round is scored here
            resolve_chance(S, T, b)
            after = S.cur[b]
        elif after != player:
            tree.private[child] = 0
        node, player = child, after
        if fresh:
            break
    alive = play_to_stop(S, T, b, buf[:SCRATCH], weights)
    return depth, _outcome(S, T, b, alive)


@njit(cache=True, _nrt=False, nogil=True)
def search(S, T, D, tree, root, seat, exploration, iterations, ctl, path, values, keys,
           table, buf, weights, where):
    """Up to ``iterations`` iterations from ``root``; the number finished. It stops early at an
    outcome missing from ``keys``/``table`` (``ctl[PENDING]`` then holds the walk's depth and
    ``ctl[KEY]`` the outcome; the caller writes its values to ``values`` and calls again, and
    the waiting walk is backed up first) and returns -1 - finished when no deal fits."""
    finished = 0
    if ctl[PENDING]:
        back_up(tree, root, path, ctl[PENDING] - 1, values, exploration)
        ctl[PENDING] = 0
        finished = 1
    n = T.cfg[N]
    while finished < iterations:
        copy_slot(S, 0, 1)
        if not deal(S, D, 1):
            return -1 - finished
        depth, key = _walk(S, T, tree, root, seat, path, buf, weights, where)
        found = -1
        if key > WIDE + 255:
            for k in range(ctl[KEYS]):
                if keys[k] == key:
                    found = k
                    break
        if found < 0:
            ctl[PENDING], ctl[KEY] = depth + 1, key
            return finished
        for q in range(n):
            values[q] = table[found, q]
        back_up(tree, root, path, depth, values, exploration)
        finished += 1
    return finished
