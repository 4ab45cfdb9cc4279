"""The batch layout of the Love Letter kernel: a few NumPy arrays with the slot first.

``State`` holds them (a named tuple of arrays: one argument for the compiled code):

- ``sc[b, X]``: the slot's scalars, X one of the column constants below (phase, turn, ...);
- ``seat[b, q, Y]``: per seat: hand card, tokens, discards held, the knowledge columns and
  ``PKINDS``, the characters it played this round (a bit each: the match statistics);
- ``pile[b, P, i]``: the draw pile (``DECK``, its top at ``sc[b, NDECK] - 1``), the burned
  set-aside cards, the last shuffle (``SHUF``, the reference's list order), the Chancellor's
  cards (``EXTRA``) and the face-up cards (``FACE``);
- ``disc[b, q, i]``: discard piles, entries ``card | cause << 5`` as in the reference;
- ``kh[b, v, i]``: viewer ``v``'s own hand as its log tells it (the rl encoder's reader);
- ``rel[b, v, q, Z]``: what viewer/mover ``v`` knows of seat ``q``: ``KNOWN`` (the encoder's
  known card), ``SEEN`` (its card that ``q`` has seen; ``UNSURE`` when the reader does not know
  which), ``SH`` and ``SHSEQ`` (the playout's ``_seen_hands`` card and its dict order);
- ``cur`` and ``rng``: the deciding seat and the generator word (shared with ``Batch``);
- ``stat[b, k, 0/1]``: the rounds in which a seat played character ``k``, and those of them
  that seat won (the game's ``match_stats``; counted from the match's start or the load).

Cards are the reference's ints (``rules.cards``); -1 is "none" everywhere.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

NONE = -1
SPARE = 8
UNSURE = -2
CHANCE = -1
TERMINAL = -2
MAXD = 32                   # the largest deck (premium)

# phases (rules.encoding)
DEAL, STARTER, PLAY, REDRAW_PHASE, CHANC_PHASE, OVER = range(6)
# discard causes
PLAYED, BY_PRINCE, BY_BISHOP, BY_ASSASSIN, KNOCKOUT = range(5)
CAUSE_SHIFT = 5
CARD_MASK = 31
# action kinds of the follow-up decisions (notation)
REDRAW, KEEP, CHANCELLOR_KEEP = 100, 101, 102

# sc columns
(PHASE, TURN, DRAWN, NEXTRA, ALIVE, PROT, MARK, JBY, JON, BISHOP_BY, SPARE_CARD, NDECK, NFACE,
 NBURN, ROUND, STARTER_SEAT, WINNERS, PLAYED_N, DONE, CH_FLAGS, CH_STARTER, SHCTR, MK_ROUND,
 MK_DONE, MOVES, ERR) = range(26)
NSC = 26
# seat columns
HAND, TOKENS, NDISC, KLAST, PLAST, KHN, PKINDS = range(7)
NSEAT = 7
# pile rows
DECK, BURNED, SHUF, EXTRA, FACE = range(5)
# rel columns
KNOWN, SEEN, SH, SHSEQ = range(4)
KH_CAP = 4

NKINDS = 19                 # the characters of rules.cards (the ``stat`` rows)

State = namedtuple("State", ["sc", "seat", "pile", "disc", "kh", "rel", "cur", "rng", "stat"])


def allocate(size: int, players: int, rng: np.ndarray) -> State:
    """Zeroed arrays for ``size`` slots (the slots are set up by a reset)."""
    n = players
    return State(
        sc=np.zeros((size, NSC), np.int64),
        seat=np.zeros((size, n, NSEAT), np.int64),
        pile=np.zeros((size, 5, MAXD), np.int64),
        disc=np.zeros((size, n, MAXD), np.int64),
        kh=np.zeros((size, n, KH_CAP), np.int64),
        rel=np.zeros((size, n, n, 4), np.int64),
        cur=np.zeros(size, np.int64),
        rng=rng,
        stat=np.zeros((size, NKINDS, 2), np.int64),
    )
