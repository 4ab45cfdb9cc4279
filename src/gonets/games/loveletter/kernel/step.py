"""Applying one action in compiled code: the play of a card and its effect, the Bishop's
redraw and the Chancellor's keep (the reference's ``apply`` and ``rules/effects.py``)."""

from __future__ import annotations

from numba import njit

from gonets.games.loveletter.kernel import flow, know
from gonets.games.loveletter.kernel.layout import (
    BISHOP_BY,
    BURNED,
    BY_ASSASSIN,
    BY_BISHOP,
    BY_PRINCE,
    CHANC_PHASE,
    CHANCELLOR_KEEP,
    DECK,
    DRAWN,
    EXTRA,
    HAND,
    JBY,
    JON,
    MARK,
    MOVES,
    NBURN,
    NDECK,
    NDISC,
    NEXTRA,
    NONE,
    PHASE,
    PKINDS,
    PLAY,
    PLAYED,
    PLAYED_N,
    PROT,
    REDRAW,
    REDRAW_PHASE,
    SPARE,
    SPARE_CARD,
    TURN,
)
from gonets.games.loveletter.kernel.tables import (
    A_B0,
    A_B1,
    A_GMASK,
    A_KEEP,
    A_KIND,
    A_LOOK,
    A_T1,
    A_T2,
    N,
)
from gonets.games.loveletter.rules.cards import (
    ASSASSIN,
    BARON,
    BARONESS,
    BISHOP,
    CARDINAL,
    CHANCELLOR,
    DOWAGER,
    GUARD,
    HANDMAID,
    JESTER,
    KING,
    PRIEST,
    PRINCE,
    PRINCESS,
    SYCOPHANT,
)


@njit(cache=True, _nrt=False, inline="always")
def _look(S, b, n, p, t):
    card = S.sc[b, SPARE_CARD] if t == SPARE else S.seat[b, t, HAND]
    know.k_look(S, b, n, p, t, card, 1 << p, True)


@njit(cache=True, _nrt=False, inline="always")
def _swap(S, b, n, a, c):
    if c == SPARE:
        held = S.seat[b, a, HAND]
        S.seat[b, a, HAND] = S.sc[b, SPARE_CARD]
        S.sc[b, SPARE_CARD] = held
        know.k_swap(S, b, n, a, c, S.seat[b, a, HAND], held, 1 << a, True)
    else:
        held = S.seat[b, a, HAND]
        S.seat[b, a, HAND] = S.seat[b, c, HAND]
        S.seat[b, c, HAND] = held
        know.k_swap(S, b, n, a, c, S.seat[b, a, HAND], held, 1 << a | 1 << c, True)


@njit(cache=True, _nrt=False, inline="always")
def _compare(S, T, b, n, p, t, higher_loses):
    mine, theirs = S.seat[b, p, HAND], S.seat[b, t, HAND]
    diff = T.value[mine] - T.value[theirs]
    loser = NONE
    if diff:
        loser = p if (diff < 0) != higher_loses else t
    know.k_compare(S, b, n, p, t, loser, mine, theirs, 1 << p | 1 << t, True)
    if loser != NONE:
        flow.knock_out(S, T, b, n, loser, loser == p)


@njit(cache=True, _nrt=False)
def _effect(S, T, b, n, p, a, kind):
    """The card's effect; True when a follow-up decision is pending or the game ended."""
    t = T.act[a, A_T1]
    if kind == HANDMAID:
        S.sc[b, PROT] |= 1 << p
    elif kind == PRINCESS:
        flow.knock_out(S, T, b, n, p, True)
    elif kind == CHANCELLOR:
        if S.sc[b, NDECK] == 0:
            return False
        count = min(2, S.sc[b, NDECK])
        for i in range(count):
            S.pile[b, EXTRA, i] = flow.pop_deck(S, b)
        S.sc[b, NEXTRA] = count
        know.k_chancellor(S, b, n, p)
        S.sc[b, PHASE] = CHANC_PHASE
        return True
    elif t == NONE:
        return False                                 # played without effect (L4)
    elif kind == GUARD:
        hand = S.seat[b, t, HAND]
        if hand == ASSASSIN:
            if flow.knock_out(S, T, b, n, p, False):
                return False
            S.seat[b, t, HAND] = NONE
            flow.discard(S, b, n, t, ASSASSIN, BY_ASSASSIN)
            flow.forced_draw(S, b, n, t)
        elif T.act[a, A_GMASK] >> hand & 1:
            flow.knock_out(S, T, b, n, t, False)
    elif kind == PRIEST:
        _look(S, b, n, p, t)
    elif kind == BARONESS:
        _look(S, b, n, p, t)
        if T.act[a, A_T2] != NONE:
            _look(S, b, n, p, T.act[a, A_T2])
    elif kind == BARON or kind == DOWAGER:
        _compare(S, T, b, n, p, t, kind == DOWAGER)
    elif kind == PRINCE:
        if t == SPARE:
            i = S.sc[b, NBURN]
            S.pile[b, BURNED, i] = S.sc[b, SPARE_CARD]
            S.sc[b, NBURN] = i + 1
            S.sc[b, SPARE_CARD] = flow.pop_deck(S, b) if S.sc[b, NDECK] > 0 else NONE
            return False
        card = S.seat[b, t, HAND]
        S.seat[b, t, HAND] = NONE
        flow.discard(S, b, n, t, card, BY_PRINCE)
        if card == PRINCESS:
            flow.knock_out(S, T, b, n, t, t == p)
        else:
            flow.forced_draw(S, b, n, t)
    elif kind == KING:
        _swap(S, b, n, p, t)
    elif kind == CARDINAL:
        _swap(S, b, n, t, T.act[a, A_T2])
        if T.act[a, A_LOOK] != NONE:
            _look(S, b, n, p, T.act[a, A_LOOK])
    elif kind == BISHOP:
        if not T.act[a, A_GMASK] >> S.seat[b, t, HAND] & 1:
            return False
        if flow.gain(S, T, b, n, p):
            return True
        S.sc[b, PHASE] = REDRAW_PHASE
        S.cur[b] = t
        S.sc[b, BISHOP_BY] = p
        return True
    elif kind == SYCOPHANT:
        S.sc[b, MARK] = t
    elif kind == JESTER:
        S.sc[b, JBY] = p
        S.sc[b, JON] = t
    return False


@njit(cache=True, _nrt=False)
def _bishop_redraw(S, T, b, n, redraw):
    victim = S.cur[b]
    know.k_redraw(S, b, n, victim, redraw)
    S.sc[b, PHASE] = PLAY
    S.cur[b] = S.sc[b, TURN]
    S.sc[b, BISHOP_BY] = NONE
    if redraw:
        card = S.seat[b, victim, HAND]
        S.seat[b, victim, HAND] = NONE
        flow.discard(S, b, n, victim, card, BY_BISHOP)
        if card == PRINCESS:
            flow.knock_out(S, T, b, n, victim, True)
        else:
            flow.forced_draw(S, b, n, victim)
    if S.sc[b, PHASE] == PLAY:
        flow.end_turn(S, T, b, n)


@njit(cache=True, _nrt=False)
def _chancellor_keep(S, T, b, n, a):
    p = S.sc[b, TURN]
    kept = T.act[a, A_KEEP]
    S.seat[b, p, HAND] = kept
    S.sc[b, NEXTRA] = 0
    # the bottom cards go under the deck (index 0 is its bottom): the last named lowest
    first, second = T.act[a, A_B0], T.act[a, A_B1]
    under = 1 if second == NONE else 2
    count = S.sc[b, NDECK]
    for i in range(count - 1, -1, -1):
        S.pile[b, DECK, i + under] = S.pile[b, DECK, i]
    if under == 2:
        S.pile[b, DECK, 0] = second
        S.pile[b, DECK, 1] = first
    else:
        S.pile[b, DECK, 0] = first
    S.sc[b, NDECK] = count + under
    know.k_return(S, b, n, p, kept, 1 << p)
    S.sc[b, PHASE] = PLAY
    flow.end_turn(S, T, b, n)


@njit(cache=True, _nrt=False)
def apply_action(S, T, b, a):
    """Apply the legal action ``a`` in slot ``b`` (no chance event is resolved here)."""
    n = T.cfg[N]
    S.sc[b, MOVES] += 1
    kind = T.act[a, A_KIND]
    if kind >= REDRAW:
        if kind == CHANCELLOR_KEEP:
            _chancellor_keep(S, T, b, n, a)
        else:
            _bishop_redraw(S, T, b, n, kind == REDRAW)
        return
    p = S.sc[b, TURN]
    if S.seat[b, p, HAND] == kind:
        S.seat[b, p, HAND] = S.sc[b, DRAWN]
    S.sc[b, DRAWN] = NONE
    i = S.seat[b, p, NDISC]
    S.disc[b, p, i] = kind | PLAYED
    S.seat[b, p, NDISC] = i + 1
    S.seat[b, p, PKINDS] |= 1 << kind
    S.sc[b, PLAYED_N] += 1
    S.sc[b, MARK] = NONE
    know.k_play(S, b, n, p, kind)
    if _effect(S, T, b, n, p, a, kind):
        return
    if S.sc[b, PHASE] != PLAY:
        return
    flow.end_turn(S, T, b, n)
