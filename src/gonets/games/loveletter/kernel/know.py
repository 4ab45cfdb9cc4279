"""What the seats learn from the log, kept event by event in compiled code.

Two readers of the reference are mirrored here, one call per log event:

- the rl encoder's ``Knowledge`` (``rl/encoders/loveletter.py``): per viewer its hand as the log
  tells it (``kh``), the card it knows in each other hand (``rel[..., KNOWN]``), the card of its
  own each other seat has seen (``rel[..., SEEN]``, ``UNSURE`` for the reader's None) and each
  seat's last played card (``seat[..., KLAST]``, public);
- the playout's ``_seen_hands`` (per mover, ``rel[..., SH]`` with the dict's insertion order in
  ``rel[..., SHSEQ]``) and ``_last_play`` (``seat[..., PLAST]``), from ``bot/search.py``.

``vis`` is the mask of viewers entitled to the event's private part (the encoder reads it only
then); ``priv`` says whether the entry has a private part at all (the playout reads the world's
log, where it may be missing). In the kernel's own play both are as the reference logs them.
"""

from __future__ import annotations

from numba import njit

from gonets.games.loveletter.kernel.layout import (
    KH_CAP,
    KHN,
    KLAST,
    KNOWN,
    NONE,
    PLAST,
    PLAYED,
    SEEN,
    SH,
    SHCTR,
    SHSEQ,
    SPARE,
    UNSURE,
)


@njit(cache=True, _nrt=False, inline="always")
def k_clear(S, b, n):
    """A ``round`` event: every reader starts afresh."""
    for v in range(n):
        S.seat[b, v, KHN] = 0
        S.seat[b, v, KLAST] = NONE
        S.seat[b, v, PLAST] = NONE
        for q in range(n):
            S.rel[b, v, q, KNOWN] = NONE
            S.rel[b, v, q, SEEN] = NONE
            S.rel[b, v, q, SH] = NONE


@njit(cache=True, _nrt=False, inline="always")
def _sh_set(S, b, m, q, card):
    if S.rel[b, m, q, SH] == NONE:
        S.rel[b, m, q, SHSEQ] = S.sc[b, SHCTR]
        S.sc[b, SHCTR] += 1
    S.rel[b, m, q, SH] = card


@njit(cache=True, _nrt=False, inline="always")
def _hand_add(S, b, v, card):
    count = S.seat[b, v, KHN]
    if count < KH_CAP:
        S.kh[b, v, count] = card
        S.seat[b, v, KHN] = count + 1


@njit(cache=True, _nrt=False, inline="always")
def _hand_set(S, b, v, card):
    S.kh[b, v, 0] = card
    S.seat[b, v, KHN] = 1


@njit(cache=True, _nrt=False, inline="always")
def _forget(S, b, n, seat, card):
    """The encoder's ``Knowledge._forget`` for every viewer."""
    for v in range(n):
        if S.rel[b, v, seat, KNOWN] == card:
            S.rel[b, v, seat, KNOWN] = NONE
        if seat == v:
            count = S.seat[b, v, KHN]
            for i in range(count):
                if S.kh[b, v, i] == card:
                    for j in range(i, count - 1):
                        S.kh[b, v, j] = S.kh[b, v, j + 1]
                    S.seat[b, v, KHN] = count - 1
                    break
            for q in range(n):
                if S.rel[b, v, q, SEEN] == card:
                    S.rel[b, v, q, SEEN] = NONE


@njit(cache=True, _nrt=False, inline="always")
def k_draw(S, b, n, seat, card, from_spare, vis):
    """A ``deal`` or ``draw`` event."""
    if vis >> seat & 1:
        _hand_add(S, b, seat, card)
    if from_spare:
        S.seat[b, seat, PLAST] = NONE


@njit(cache=True, _nrt=False, inline="always")
def k_play(S, b, n, seat, card):
    S.seat[b, seat, KLAST] = card
    _forget(S, b, n, seat, card)
    S.seat[b, seat, PLAST] = card
    for m in range(n):
        if S.rel[b, m, seat, SH] == card:
            S.rel[b, m, seat, SH] = NONE


@njit(cache=True, _nrt=False, inline="always")
def k_discard(S, b, n, seat, card, cause):
    _forget(S, b, n, seat, card)
    for m in range(n):
        S.rel[b, m, seat, SH] = NONE
    if cause != PLAYED:
        S.seat[b, seat, PLAST] = NONE


@njit(cache=True, _nrt=False, inline="always")
def k_out(S, b, n, seat):
    for v in range(n):
        S.rel[b, v, seat, KNOWN] = NONE
        S.rel[b, v, seat, SEEN] = NONE
    for q in range(n):
        S.rel[b, seat, q, SEEN] = NONE


@njit(cache=True, _nrt=False, inline="always")
def k_look(S, b, n, seat, target, card, vis, priv):
    for v in range(n):
        if seat == v and vis >> v & 1 and target != SPARE:
            S.rel[b, v, target, KNOWN] = card
        elif target == v:
            S.rel[b, v, seat, SEEN] = S.kh[b, v, 0] if S.seat[b, v, KHN] == 1 else UNSURE
    if priv and target != SPARE:
        _sh_set(S, b, seat, target, card)


@njit(cache=True, _nrt=False, inline="always")
def k_compare(S, b, n, p, t, loser, card_p, card_t, vis, priv):
    if loser != NONE:
        return
    if vis >> p & 1:
        S.rel[b, p, t, KNOWN] = card_t
        S.rel[b, p, t, SEEN] = card_p
    if vis >> t & 1:
        S.rel[b, t, p, KNOWN] = card_p
        S.rel[b, t, p, SEEN] = card_t
    if priv:
        _sh_set(S, b, p, t, card_t)
        _sh_set(S, b, t, p, card_p)


@njit(cache=True, _nrt=False, inline="always")
def k_swap(S, b, n, a, c, card_a, card_c, vis, priv):
    """A King or Cardinal swap between ``a`` and ``c`` (a seat or ``SPARE``); the cards are
    the two hands after the swap."""
    for v in range(n):
        if vis >> v & 1 and (v == a or v == c):
            if a == v:
                other, theirs, mine = c, card_c, card_a
            else:
                other, theirs, mine = a, card_a, card_c
            for q in range(n):
                S.rel[b, v, q, SEEN] = NONE
            _hand_set(S, b, v, mine)
            if other != SPARE:
                S.rel[b, v, other, KNOWN] = theirs
                S.rel[b, v, other, SEEN] = mine
            continue
        moved_a = S.rel[b, v, a, KNOWN]
        S.rel[b, v, a, KNOWN] = NONE
        moved_c = NONE
        if c != SPARE:
            moved_c = S.rel[b, v, c, KNOWN]
            S.rel[b, v, c, KNOWN] = NONE
            if moved_a != NONE:
                S.rel[b, v, c, KNOWN] = moved_a
        if moved_c != NONE:
            S.rel[b, v, a, KNOWN] = moved_c
    for m in range(n):
        S.rel[b, m, a, SH] = NONE
        if c != SPARE:
            S.rel[b, m, c, SH] = NONE
    if priv and c != SPARE:
        _sh_set(S, b, a, c, card_c)
        _sh_set(S, b, c, a, card_a)
    S.seat[b, a, PLAST] = NONE
    if c != SPARE:
        S.seat[b, c, PLAST] = NONE


@njit(cache=True, _nrt=False, inline="always")
def _hand_changed(S, b, n, seat):
    for v in range(n):
        S.rel[b, v, seat, KNOWN] = NONE
    for q in range(n):
        S.rel[b, seat, q, SEEN] = NONE


@njit(cache=True, _nrt=False, inline="always")
def k_chancellor(S, b, n, seat):
    _hand_changed(S, b, n, seat)
    for m in range(n):
        S.rel[b, m, seat, SH] = NONE
    S.seat[b, seat, PLAST] = NONE


@njit(cache=True, _nrt=False, inline="always")
def k_redraw(S, b, n, seat, redraw):
    if redraw:
        _hand_changed(S, b, n, seat)
    for m in range(n):
        S.rel[b, m, seat, SH] = NONE


@njit(cache=True, _nrt=False, inline="always")
def k_return(S, b, n, seat, kept, vis):
    if vis >> seat & 1:
        _hand_set(S, b, seat, kept)
