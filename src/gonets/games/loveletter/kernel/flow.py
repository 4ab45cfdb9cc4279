"""Knock-outs, tokens, turns, the showdown, the end of a round and the chance events, in
compiled code (the reference's ``rules/rounds.py`` and ``apply_chance``)."""

from __future__ import annotations

from numba import njit

from gonets.core.kernel import below, shuffle
from gonets.games.loveletter.kernel import know
from gonets.games.loveletter.kernel.layout import (
    ALIVE,
    BISHOP_BY,
    CARD_MASK,
    CAUSE_SHIFT,
    CH_FLAGS,
    CH_STARTER,
    CHANCE,
    DEAL,
    DECK,
    DONE,
    DRAWN,
    ERR,
    FACE,
    HAND,
    JBY,
    JON,
    KNOCKOUT,
    MARK,
    NBURN,
    NDECK,
    NDISC,
    NEXTRA,
    NFACE,
    NONE,
    OVER,
    PHASE,
    PKINDS,
    PLAY,
    PLAYED_N,
    PROT,
    ROUND,
    SHUF,
    SPARE_CARD,
    STARTER,
    STARTER_SEAT,
    TERMINAL,
    TOKENS,
    TURN,
    WINNERS,
)
from gonets.games.loveletter.kernel.tables import (
    CONST_KO,
    CONST_SELF,
    COUNT_BONUS,
    DSIZE,
    FACE_N,
    HAS_CONST,
    HAS_SPY,
    NEXT_STARTER,
    NOBODY,
    PBB,
    PREVIOUS_WINNER,
    RANDOM,
    RESIDUAL,
    SEAT_ORDER,
    TARGET,
    TIEBREAK,
    WINNER_FIRST,
    N,
)
from gonets.games.loveletter.rules.cards import BISHOP, CONSTABLE, COUNT, PRINCESS, SPY


@njit(cache=True, _nrt=False, inline="always")
def discard(S, b, n, seat, card, cause):
    i = S.seat[b, seat, NDISC]
    S.disc[b, seat, i] = card | cause << CAUSE_SHIFT
    S.seat[b, seat, NDISC] = i + 1
    know.k_discard(S, b, n, seat, card, cause)


@njit(cache=True, _nrt=False, inline="always")
def pop_deck(S, b):
    count = S.sc[b, NDECK] - 1
    S.sc[b, NDECK] = count
    return S.pile[b, DECK, count]


@njit(cache=True, _nrt=False, inline="always")
def forced_draw(S, b, n, seat):
    """Draw a replacement; an empty deck gives the set-aside card (§1.4, item 20)."""
    if S.sc[b, NDECK] > 0:
        card = pop_deck(S, b)
        spare = 0
    else:
        card = S.sc[b, SPARE_CARD]
        if card == NONE:
            S.sc[b, ERR] = 2                 # the reference raises AssertionError here
        S.sc[b, SPARE_CARD] = NONE
        spare = 1
    S.seat[b, seat, HAND] = card
    know.k_draw(S, b, n, seat, card, spare, 1 << seat)


@njit(cache=True, _nrt=False, inline="always")
def _holds(S, b, seat, card):
    for i in range(S.seat[b, seat, NDISC]):
        if S.disc[b, seat, i] & CARD_MASK == card:
            return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def clear_table(S, b, n):
    for q in range(n):
        S.seat[b, q, HAND] = NONE
    S.sc[b, DRAWN] = NONE
    S.sc[b, NEXTRA] = 0
    S.sc[b, NDECK] = 0
    S.sc[b, SPARE_CARD] = NONE


@njit(cache=True, _nrt=False)
def game_over(S, b, n, winners):
    clear_table(S, b, n)
    S.sc[b, WINNERS] = winners
    S.sc[b, PHASE] = OVER
    S.cur[b] = TERMINAL
    S.sc[b, TURN] = NONE
    S.sc[b, DONE] += 1


@njit(cache=True, _nrt=False)
def count_round(S, b, n, winners):
    """The round ends (the reference logs ``round_end``): each character a seat played in it
    counts once for that seat in ``stat``, and once more as won where the seat won it."""
    for q in range(n):
        seen = S.seat[b, q, PKINDS]
        if seen == 0:
            continue
        for k in range(S.stat.shape[1]):
            if seen >> k & 1:
                S.stat[b, k, 0] += 1
                S.stat[b, k, 1] += winners >> q & 1


@njit(cache=True, _nrt=False, inline="always")
def gain(S, T, b, n, seat):
    """A token outside the round's end; reaching the target wins at once (L8)."""
    S.seat[b, seat, TOKENS] += 1
    if S.seat[b, seat, TOKENS] >= T.cfg[TARGET]:
        count_round(S, b, n, 0)
        game_over(S, b, n, 1 << seat)
        return True
    return False


@njit(cache=True, _nrt=False)
def knock_out(S, T, b, n, seat, self_inflicted):
    """Knock ``seat`` out of the round; True when that ended the game (Constable, L7-L8)."""
    hand = S.seat[b, seat, HAND]
    pays = False
    if T.cfg[HAS_CONST]:
        pays = _holds(S, b, seat, CONSTABLE)
        if hand == CONSTABLE and T.cfg[CONST_KO]:
            pays = True
        if self_inflicted and not T.cfg[CONST_SELF]:
            pays = False
    S.sc[b, ALIVE] &= ~(1 << seat)
    S.sc[b, PROT] &= ~(1 << seat)
    know.k_out(S, b, n, seat)
    if hand != NONE:
        S.seat[b, seat, HAND] = NONE
        discard(S, b, n, seat, hand, KNOCKOUT)
    return pays and gain(S, T, b, n, seat)


@njit(cache=True, _nrt=False, inline="always")
def begin_turn(S, b, n, p):
    S.sc[b, TURN] = p
    S.cur[b] = p
    S.sc[b, PROT] &= ~(1 << p)
    card = pop_deck(S, b)
    S.sc[b, DRAWN] = card
    know.k_draw(S, b, n, p, card, 0, 1 << p)


@njit(cache=True, _nrt=False, inline="always")
def end_turn(S, T, b, n):
    """After a completed turn: one survivor wins, an empty deck means showdown (L17)."""
    alive = S.sc[b, ALIVE]
    if alive & (alive - 1) == 0:
        round_won(S, T, b, n, alive)
    elif S.sc[b, NDECK] == 0:
        showdown(S, T, b, n)
    else:
        p = (S.sc[b, TURN] + 1) % n
        while not alive >> p & 1:
            p = (p + 1) % n
        begin_turn(S, b, n, p)


@njit(cache=True, _nrt=False)
def showdown(S, T, b, n):
    """Compare survivors' hands (rules §2 items 9 and 16)."""
    alive = S.sc[b, ALIVE]
    bishop_out = False
    if T.cfg[PBB]:
        for q in range(n):
            if S.seat[b, q, HAND] == PRINCESS:
                bishop_out = True
    best = -1
    tied = 0
    for q in range(n):
        if alive >> q & 1 and not (bishop_out and S.seat[b, q, HAND] == BISHOP):
            score = _score(S, T, b, q)
            if score > best:
                best, tied = score, 0
            if score == best:
                tied |= 1 << q
    if tied & (tied - 1) and T.cfg[TIEBREAK]:
        top = -1
        for q in range(n):
            if tied >> q & 1:
                top = max(top, _total(S, T, b, q))
        for q in range(n):
            if tied >> q & 1 and _total(S, T, b, q) != top:
                tied &= ~(1 << q)
    if tied & (tied - 1):
        rule = T.cfg[RESIDUAL]
        if rule == NOBODY:
            tied = 0
        elif rule == SEAT_ORDER:
            tied = 1 << _first_from(tied, S.sc[b, STARTER_SEAT], n)
    round_won(S, T, b, n, tied)


@njit(cache=True, _nrt=False, inline="always")
def _total(S, T, b, q):
    """The printed values of ``q``'s discards."""
    total = 0
    for i in range(S.seat[b, q, NDISC]):
        total += T.value[S.disc[b, q, i] & CARD_MASK]
    return total


@njit(cache=True, _nrt=False, inline="always")
def _score(S, T, b, q):
    """``q``'s hand value at a showdown, with a Count bonus where it applies."""
    score = T.value[S.seat[b, q, HAND]]
    if T.cfg[COUNT_BONUS]:
        for i in range(S.seat[b, q, NDISC]):
            if S.disc[b, q, i] & CARD_MASK == COUNT:
                score += 1
    return score


@njit(cache=True, _nrt=False, inline="always")
def _first_from(mask, start, n):
    """The first seat of ``mask`` clockwise from ``start`` (``min`` by ``(q - start) % n``)."""
    for i in range(n):
        q = (start + i) % n
        if mask >> q & 1:
            return q
    return NONE


@njit(cache=True, _nrt=False)
def round_won(S, T, b, n, winners):
    """Give the round's tokens (L10) and end the game or prepare the next round."""
    count_round(S, b, n, winners)
    target = T.cfg[TARGET]
    reached = 0
    for w in range(n):
        if winners >> w & 1:
            S.seat[b, w, TOKENS] += 1
            if S.seat[b, w, TOKENS] >= target:
                reached |= 1 << w
    if reached and T.cfg[WINNER_FIRST]:
        game_over(S, b, n, reached)
        return
    jon = S.sc[b, JON]
    if jon != NONE and winners >> jon & 1:
        S.seat[b, S.sc[b, JBY], TOKENS] += 1
    if T.cfg[HAS_SPY]:
        spy = NONE
        spies = 0
        for q in range(n):
            if S.sc[b, ALIVE] >> q & 1 and _holds(S, b, q, SPY):
                spy = q
                spies += 1
        if spies == 1:
            S.seat[b, spy, TOKENS] += 1
    at_target = 0
    for q in range(n):
        if S.seat[b, q, TOKENS] >= target:
            at_target |= 1 << q
    if at_target:
        game_over(S, b, n, at_target)
        return
    S.sc[b, DONE] += 1
    clear_table(S, b, n)
    # who starts the next round (rules §2 item 18, L12)
    S.cur[b] = CHANCE
    S.sc[b, TURN] = NONE
    rule = T.cfg[NEXT_STARTER]
    if rule == RANDOM:
        S.sc[b, PHASE] = STARTER
        S.sc[b, STARTER_SEAT] = NONE
        return
    S.sc[b, PHASE] = DEAL
    previous = S.sc[b, STARTER_SEAT]
    if rule == PREVIOUS_WINNER and winners:
        S.sc[b, STARTER_SEAT] = _first_from(winners, previous, n)
    else:
        S.sc[b, STARTER_SEAT] = (previous + 1) % n


@njit(cache=True, _nrt=False)
def deal(S, T, b, n):
    """Deal a round from ``pile[b, SHUF]``, top card first (RULES.md 'Dealing')."""
    shuf = S.pile[b, SHUF]
    S.sc[b, ROUND] += 1
    S.sc[b, SPARE_CARD] = shuf[0]
    face = T.cfg[FACE_N]
    for i in range(face):
        S.pile[b, FACE, i] = shuf[1 + i]
    S.sc[b, NFACE] = face
    S.sc[b, NBURN] = 0
    S.sc[b, ALIVE] = (1 << n) - 1
    S.sc[b, PROT] = 0
    S.sc[b, MARK] = NONE
    S.sc[b, JBY] = NONE
    S.sc[b, JON] = NONE
    for q in range(n):
        S.seat[b, q, NDISC] = 0
        S.seat[b, q, PKINDS] = 0
    know.k_clear(S, b, n)
    starter = S.sc[b, STARTER_SEAT]
    position = 1 + face
    for i in range(n):
        seat = (starter + i) % n
        card = shuf[position + i]
        S.seat[b, seat, HAND] = card
        know.k_draw(S, b, n, seat, card, 0, 1 << seat)
    size = T.cfg[DSIZE]
    count = size - position - n
    for i in range(count):
        S.pile[b, DECK, i] = shuf[size - 1 - i]
    S.sc[b, NDECK] = count
    S.sc[b, PHASE] = PLAY
    begin_turn(S, b, n, starter)


@njit(cache=True, _nrt=False)
def resolve_chance(S, T, b):
    """Resolve every pending random event of slot ``b`` with its generator: the random
    starter, then the shuffle (kept in ``pile[b, SHUF]`` for ``chance_outcome``)."""
    n = T.cfg[N]
    while S.cur[b] == CHANCE:
        if S.sc[b, PHASE] == STARTER:
            seat = below(S.rng, b, n)
            S.sc[b, STARTER_SEAT] = seat
            S.sc[b, CH_STARTER] = seat
            S.sc[b, PHASE] = DEAL
            S.sc[b, CH_FLAGS] |= 1
            continue
        size = T.cfg[DSIZE]
        shuf = S.pile[b, SHUF]
        for i in range(size):
            shuf[i] = T.cards[i]
        shuffle(S.rng, b, shuf, size)
        S.sc[b, CH_FLAGS] |= 2
        deal(S, T, b, n)


@njit(cache=True, _nrt=False)
def new_match(S, T, b):
    """A new match in slot ``b`` (the reference's ``LoveLetterState(config)``), dealt."""
    n = T.cfg[N]
    random_start = T.cfg[NEXT_STARTER] == RANDOM
    S.sc[b, :] = 0
    for col in (TURN, DRAWN, MARK, JBY, JON, BISHOP_BY, SPARE_CARD, CH_STARTER):
        S.sc[b, col] = NONE
    S.sc[b, PHASE] = STARTER if random_start else DEAL
    S.sc[b, STARTER_SEAT] = NONE if random_start else 0
    S.cur[b] = CHANCE
    for q in range(n):
        S.seat[b, q, HAND] = NONE
        S.seat[b, q, TOKENS] = 0
        S.seat[b, q, NDISC] = 0
        S.seat[b, q, PKINDS] = 0
    know.k_clear(S, b, n)
    S.sc[b, PLAYED_N] = 0
    S.stat[b, :, :] = 0
    resolve_chance(S, T, b)
