"""Legal actions in compiled code: the reference's ``Rules.play_options``, ``card_options``
and ``keep_options`` over the precomputed id tables, written in ascending id order."""

from __future__ import annotations

from numba import njit

from gonets.games.loveletter.kernel.layout import (
    ALIVE,
    CHANC_PHASE,
    DRAWN,
    EXTRA,
    HAND,
    MARK,
    NEXTRA,
    NONE,
    PHASE,
    PLAY,
    PROT,
    REDRAW_PHASE,
    SPARE,
    SPARE_CARD,
    TURN,
)
from gonets.games.loveletter.kernel.tables import (
    CLS_ANY,
    CLS_BARONESS,
    CLS_CARDINAL,
    CLS_OTHER,
    EXEMPT,
    NBISHOP,
    NGUARD,
    REDRAW_ID,
    SPARE_RULE,
    N,
)
from gonets.games.loveletter.rules.cards import BISHOP, COUNTESS, GUARD, KING, PRIEST

MAXLEGAL = 512


@njit(cache=True, _nrt=False, inline="always")
def _add(out, count, a):
    out[count] = a
    return count + 1


@njit(cache=True, _nrt=False, inline="always")
def card_options(T, kind, seat, others, mark, spare, out, count):
    """Every legal way to play ``kind`` (rules §1.4, items 10-19, L4-L6, L15), appended to
    ``out[count:]``; ``others`` is the mask of choosable rivals. Returns the new count."""
    n = T.cfg[N]
    bare = T.bare[kind]
    spare = spare and T.cfg[SPARE_RULE] != 0 and others != 0
    cls = T.cls[kind]
    if cls == CLS_OTHER or cls == CLS_BARONESS:
        if mark == seat:
            if not T.cfg[EXEMPT]:
                return _add(out, count, bare)
            mark = NONE
    if cls == CLS_OTHER:
        targets = others if mark == NONE else others & (1 << mark)
        if targets == 0:
            return _add(out, count, bare)
        if kind == GUARD or kind == BISHOP:
            which = 0 if kind == GUARD else 1
            guesses = T.cfg[NGUARD] if kind == GUARD else T.cfg[NBISHOP]
            for t in range(n):
                if targets >> t & 1:
                    for g in range(guesses):
                        count = _add(out, count, T.gid[which, t, g])
            return count
        for t in range(n):
            if targets >> t & 1:
                count = _add(out, count, T.tgt[kind, t])
        if spare and mark == NONE and (kind == PRIEST or kind == KING):
            count = _add(out, count, T.tgt[kind, SPARE])
        return count
    if cls == CLS_ANY:
        choosable = others | 1 << seat
        targets = choosable if mark == NONE else choosable & (1 << mark)
        if targets == 0:
            return _add(out, count, bare)
        for t in range(n):
            if targets >> t & 1:
                count = _add(out, count, T.tgt[kind, t])
        if spare and mark == NONE and T.tgt[kind, SPARE] >= 0:
            count = _add(out, count, T.tgt[kind, SPARE])
        return count
    if cls == CLS_BARONESS or cls == CLS_CARDINAL:
        chosen = others if cls == CLS_BARONESS else others | 1 << seat
        if cls == CLS_CARDINAL and others == 0:
            return _add(out, count, bare)
        if spare:
            chosen |= 1 << SPARE
        start = count
        if cls == CLS_BARONESS:
            for t in range(SPARE + 1):
                if chosen >> t & 1 and (mark == NONE or t == mark):
                    count = _add(out, count, T.tgt[kind, t])
        for t in range(SPARE + 1):
            if not chosen >> t & 1:
                continue
            for u in range(t + 1, SPARE + 1):
                if chosen >> u & 1 and (mark == NONE or mark == t or mark == u):
                    if cls == CLS_BARONESS:
                        count = _add(out, count, T.bpair[t, u])
                    else:
                        for look in range(3):
                            count = _add(out, count, T.cid[t, u, look])
        if count == start:
            return _add(out, count, bare)
        return count
    return _add(out, count, bare)


@njit(cache=True, _nrt=False, inline="always")
def play_options(T, seat, first, second, choosable, mark, spare, out):
    """The legal plays of a turn (``Rules._compute``), ascending; returns their count."""
    if first > second:
        first, second = second, first
    if first == COUNTESS and T.trig[second]:
        first = second = COUNTESS
    elif second == COUNTESS and T.trig[first]:
        first = second = COUNTESS
    count = card_options(T, first, seat, choosable, mark, spare, out, 0)
    if second != first:
        count = card_options(T, second, seat, choosable, mark, spare, out, count)
    return count


@njit(cache=True, _nrt=False, inline="always")
def keep_options(T, h0, h1, h2, out):
    """Chancellor: keep one of the cards ``h0 h1 h2`` (``h2`` NONE when the Chancellor drew
    one card), the others under the deck in any order (L14), ascending."""
    count = 0
    if h2 == NONE:
        count = _add(out, count, T.keepid[h0, h1, 0])
        count = _add(out, count, T.keepid[h1, h0, 0])
    else:
        for i in range(3):
            keep = h0 if i == 0 else h1 if i == 1 else h2
            for j in range(3):
                if j != i:
                    first = h0 if j == 0 else h1 if j == 1 else h2
                    last = 3 - i - j
                    second = h0 if last == 0 else h1 if last == 1 else h2
                    count = _add(out, count, T.keepid[keep, first, second + 1])
    # ascending and without repeats (equal cards give equal ids)
    for i in range(1, count):
        a = out[i]
        j = i - 1
        while j >= 0 and out[j] > a:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = a
    unique = 0
    for i in range(count):
        if unique == 0 or out[unique - 1] != out[i]:
            out[unique] = out[i]
            unique += 1
    return unique


@njit(cache=True, _nrt=False, inline="always")
def legal_list(S, T, b, out):
    """The legal action ids of slot ``b`` in ascending order (the reference's
    ``legal_actions()``) written to ``out``; returns their count (0 when nobody decides)."""
    if S.cur[b] < 0:
        return 0
    phase = S.sc[b, PHASE]
    p = S.sc[b, TURN]
    if phase == PLAY:
        alive = S.sc[b, ALIVE]
        choosable = alive & ~S.sc[b, PROT] & ~(1 << p)
        return play_options(T, p, S.seat[b, p, HAND], S.sc[b, DRAWN], choosable,
                            S.sc[b, MARK], S.sc[b, SPARE_CARD] >= 0, out)
    if phase == REDRAW_PHASE:
        out[0] = T.cfg[REDRAW_ID]
        out[1] = T.cfg[REDRAW_ID] + 1
        return 2
    if phase == CHANC_PHASE:
        extra = S.sc[b, NEXTRA]
        return keep_options(T, S.seat[b, p, HAND], S.pile[b, EXTRA, 0],
                            S.pile[b, EXTRA, 1] if extra == 2 else NONE, out)
    return 0
