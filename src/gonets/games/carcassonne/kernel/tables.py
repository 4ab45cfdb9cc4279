"""Constant tables and layout of the Carcassonne kernel, built once from the tile data.

Oriented tiles are numbered ``letter * 4 + rotation`` (letters in ``LETTERS`` order). The
board is a fixed ``GRID x GRID`` array of cells around the start tile: 71 pile tiles reach at
most 71 cells from it, and the frontier one cell further, so ``GRID = 145`` (offset 72) holds
every cell that can ever be placed on or be a legal candidate. Nodes (tile segments) are
numbered as the reference's ``Board`` numbers them (the first node of tile ``i`` follows the
last one of tile ``i - 1``), so follower slots and feature roots match it exactly. Each node
also keeps the reference's follower tuple (``S_FSEQ``, ``player * 7 + slot``, its length in
``S_FTOT``): the reference leaves a merged-away root's tuple in place, and its snapshot lists
those stale tuples too.
"""

from __future__ import annotations

import numpy as np

from gonets.core.kernel import KernelUnsupported
from gonets.games.carcassonne import notation
from gonets.games.carcassonne.rules.tiles import (
    FITS,
    LETTERS,
    PAIR_HALF,
    START_LETTER,
    TERRAIN_CODE,
    TILE_TYPES,
    pile_counts,
)
from gonets.games.carcassonne.rules.variants import FIELD_VALUE, Rules

OFF = 72
GRID = 2 * OFF + 1
CELLS = GRID * GRID
MAX_TILES = 72
PILE = 71
MAX_NODES = 256          # the 72 tiles have 243 segments in all
ADJ_WORDS = MAX_NODES // 64
MAX_SEG = 8
MAX_FRONT = 4 * MAX_TILES
MAX_EVENTS = 48          # a round's events: one per (feature, holder), at most one per follower
LEGAL_BUF = 4 * MAX_FRONT + 16
FOLLOWERS = 7
MAX_ON_FEATURE = 6 * FOLLOWERS
START = LETTERS.index(START_LETTER)
LETTER_COUNT = len(LETTERS)

ROAD, CITY, FIELD, MONASTERY = 0, 1, 2, 3
FIELD_CODE = TERRAIN_CODE["F"]

# phases (the kernel's own numbers; convert.py maps them to the reference names)
PLACE, FOLLOWER, FIGURE_CHOICE, MESSAGE, CHAIN, END = 0, 1, 2, 3, 4, 5
PHASE_NAMES = ("place", "follower", "figure", "message", "chain", "end")
CTX_ROUND, CTX_MESSAGE = 0, 1
SRC_MESSAGE = 10                 # event source: kind 0-3, or SRC_MESSAGE + message number
TERMINAL = -2

# actions (notation.py)
RADIUS = notation.RADIUS
WIDTH = notation.WIDTH
PLACE_ACTIONS = notation.PLACE_ACTIONS
FOLLOW = notation.FOLLOW
PASS = notation.PASS
FIGURE = notation.FIGURE
MSG_ACTION = notation.MSG_ACTION
MSG_SEAL = notation.MSG_SEAL
RECALL = notation.RECALL
CHAIN_DRAW = notation.CHAIN_DRAW
CHAIN_STOP = notation.CHAIN_STOP
NUM_ACTIONS = notation.NUM_ACTIONS

# columns of the per-slot ``meta`` array
(M_PHASE, M_ACTIVE, M_PART, M_TURN, M_HAND, M_PLACED, M_NT, M_NN, M_PH, M_PL, M_BK, M_UNDER,
 M_ND, M_DRAWS, M_MSG, M_SH, M_STACKED, M_MERGED, M_CTX, M_EVI, M_EVN, M_MOV0, M_MOV1, M_LAST,
 M_NF, M_DECISIONS, M_DISCARDS, M_FINAL, M_START_TURN, META) = range(30)

# columns of the option vector
(O_MSG, O_ALONE, O_MAJ8, O_SINGLE, O_CHAINOPT, O_LASTMOVED, O_TINY, O_FARM, O_FVAL, O_BOTTOM,
 O_N, OPTS) = range(12)
FARM_STYLES = ("field", "city_4", "city_3")

# the array bundle S (slot first), by index; the comments give each array's columns
S_META = 0   # (B, META) int64: the M_* columns
S_PLAY = 1   # (B, P, 10) int64: scores 0-1 (meeple, messenger), follower slots 2-8, lock 9
S_GRID = 2   # (B, 3, CELLS) int16: cell -> tile index + 1 (0: empty), frontier pattern and
             # position (zeros until touched, so a new batch faults in only the pages it uses)
S_TILE = 3   # (B, 4, 72) int16: oriented tile, x, y, first node
S_NODE = 4   # (B, 7, 288) int16: parent, kind, open edges, tile count, followers, tile; frontier
S_BITS = 5   # (B, 257, 6) uint64: tile mask (2 words), bordering city nodes (4); row 256 arms
S_FOLL = 6   # (B, 256, 48) int8: followers per player 0-5, follower tuple 6-47
S_CARD = 7   # (B, 4, 80) int8: pile ring, message stack ring, discarded, last deal
S_EV = 8     # (B, 48, 5) int64: round events (player, points, source, root, figure)
MAXP = 6

LETTER_INDEX = {letter: i for i, letter in enumerate(LETTERS)}
PHASE_INDEX = {name: i for i, name in enumerate(PHASE_NAMES)}


def tile_tables() -> tuple:
    """The tile tables (the *_TAB globals below)."""
    n_ot = 4 * len(LETTERS)
    nseg = np.zeros(n_ot, np.int64)
    skind = np.full((n_ot, MAX_SEG), -1, np.int64)
    sopen = np.zeros((n_ot, MAX_SEG), np.int64)
    sideseg = np.full((n_ot, 4), -1, np.int64)
    halfseg = np.full((n_ot, 8), -1, np.int64)
    scity = np.full((n_ot, MAX_SEG, 2), -1, np.int64)
    mona = np.full(n_ot, -1, np.int64)
    arms = np.zeros(len(LETTERS), np.int64)
    edge = np.zeros((n_ot, 4), np.int64)
    fits = np.zeros((len(LETTERS), 256), np.int64)
    for li, letter in enumerate(LETTERS):
        tt = TILE_TYPES[letter]
        arms[li] = int(tt.arms)
        for pattern in range(256):
            for rot in FITS[letter][pattern]:
                fits[li, pattern] |= 1 << rot
        for rot in range(4):
            ot, tile = li * 4 + rot, tt.rotations[rot]
            nseg[ot] = len(tile.segments)
            for g, seg in enumerate(tile.segments):
                skind[ot, g] = seg.kind
                sopen[ot, g] = len(seg.sides)
                for k, c in enumerate(seg.cities):
                    scity[ot, g, k] = c
            sideseg[ot] = tile.side_segment
            halfseg[ot] = tile.half_segment
            mona[ot] = tile.monastery
            edge[ot] = [TERRAIN_CODE[e] for e in tile.edges]
    pile0 = np.array([LETTER_INDEX[k] for k, v in pile_counts().items() for _ in range(v)],
                     np.int64)
    pair = np.array(PAIR_HALF, np.int64)
    return (nseg, skind, sopen, sideseg, halfseg, scity, mona, arms, edge, fits, pile0, pair)


(NSEG_TAB, SKIND_TAB, SOPEN_TAB, SIDESEG_TAB, HALFSEG_TAB, SCITY_TAB, MONA_TAB, ARMS_TAB,
 EDGE_TAB, FITS_TAB, PILE0_TAB, PAIR_TAB) = tile_tables()
"""The tile tables as module globals (compiled code freezes them as constants)."""


def option_vector(config) -> np.ndarray:
    """The configuration's switches as integers (columns O_*); refuses what it cannot play."""
    if not 2 <= config.players <= 6:
        raise KernelUnsupported(f"the Carcassonne kernel plays 2-6 players, not {config.players}")
    rules = Rules(config.options)
    if rules.farm_scoring not in FARM_STYLES:
        raise KernelUnsupported(f"farm_scoring={rules.farm_scoring!r} is not played by the kernel")
    if rules.removed_message is not None:
        raise KernelUnsupported("the kernel deals all 8 message tiles; messengers.remove_message="
                                f"{rules.removed_message} is played by the reference engine only")
    opt = np.zeros(OPTS, np.int64)
    opt[O_MSG] = int(rules.messengers)
    opt[O_ALONE] = int(bool(rules.require_alone))
    opt[O_MAJ8] = int(bool(rules.msg8_majority))
    opt[O_SINGLE] = int(bool(rules.single_figure))
    opt[O_CHAINOPT] = int(bool(rules.chain_optional))
    opt[O_LASTMOVED] = int(rules.last_moved)
    opt[O_TINY] = int(bool(rules.tiny_city))
    opt[O_FARM] = FARM_STYLES.index(rules.farm_scoring)
    opt[O_FVAL] = FIELD_VALUE[rules.farm_scoring]
    opt[O_BOTTOM] = int(rules.unplaceable_bottom)
    opt[O_N] = config.players
    return opt


def allocate(size: int, players: int) -> tuple:
    """The array bundle S of ``size`` slots (index constants S_*)."""
    b = size
    grid = np.zeros((b, 3, CELLS), np.int16)
    return (
        np.zeros((b, META), np.int64),
        np.full((b, players, 10), -1, np.int64),
        grid,
        np.zeros((b, 4, MAX_TILES), np.int16),
        np.zeros((b, 7, MAX_FRONT), np.int16),
        np.zeros((b, MAX_NODES + 1, 6), np.uint64),
        np.zeros((b, MAX_NODES, 6 + MAX_ON_FEATURE), np.int8),
        np.zeros((b, 4, 80), np.int8),
        np.zeros((b, MAX_EVENTS, 5), np.int64),
    )
