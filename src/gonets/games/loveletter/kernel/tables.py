"""The constant tables of one configuration, worked out once from the reference ``Rules``:
the action table's columns, the id of every (card, choice) the legal-action code can ask for,
the deck, the flags, the playout's keep weights and the observation layout."""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from gonets.games.loveletter.kernel.layout import CHANCELLOR_KEEP, MAXD, NONE, SPARE
from gonets.games.loveletter.notation import ANY_TARGET, OTHER_TARGET
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.rules.legal import Rules
from gonets.games.loveletter.views import keep_weights

NCARDS = len(C.KEYS)
MAXG = 20                       # guesses per target (character guesses: at most 18)

# cfg columns
(N, TARGET, FACE_N, SPARE_RULE, EXEMPT, PBB, COUNT_BONUS, TIEBREAK, RESIDUAL, HAS_SPY,
 HAS_CONST, CONST_KO, CONST_SELF, WINNER_FIRST, NEXT_STARTER, DSIZE, NGUARD, NBISHOP,
 NKINDS, REDRAW_ID) = range(20)
NCFG = 20
ALL_WIN, NOBODY, SEAT_ORDER = range(3)
PREVIOUS_WINNER, ROTATE, RANDOM = range(3)
# act columns
A_KIND, A_T1, A_T2, A_GMASK, A_LOOK, A_KEEP, A_B0, A_B1 = range(8)
# cls values: what a card chooses
CLS_NONE, CLS_OTHER, CLS_ANY, CLS_BARONESS, CLS_CARDINAL = range(5)

Tables = namedtuple("Tables", ["cfg", "act", "bare", "tgt", "gid", "bpair", "cid", "keepid",
                               "value", "copies", "kidx", "kinds", "cls", "trig", "cards",
                               "kw", "obs"])


def build_tables(rules: Rules, obs_offsets: np.ndarray) -> Tables:
    """The tables of ``rules``' configuration (``obs_offsets``: see ``observe.layout``)."""
    deck, n = rules.deck, rules.players
    cfg = np.zeros(NCFG, np.int64)
    cfg[N], cfg[TARGET], cfg[FACE_N] = n, rules.target, rules.face_up
    cfg[SPARE_RULE], cfg[EXEMPT] = rules.spare_rule, rules.exempt
    cfg[PBB], cfg[COUNT_BONUS] = rules.princess_beats_bishop, rules.count_bonus
    cfg[TIEBREAK] = rules.discard_tiebreak
    cfg[RESIDUAL] = ("all_win", "nobody", "seat_order").index(rules.residual_tie)
    cfg[HAS_SPY], cfg[HAS_CONST] = rules.has_spy, rules.has_constable
    cfg[CONST_KO], cfg[CONST_SELF] = rules.constable_on_knockout, rules.constable_self_pays
    cfg[WINNER_FIRST] = rules.winner_first
    cfg[NEXT_STARTER] = ("previous_winner", "rotate", "random").index(rules.next_starter)
    cfg[DSIZE] = len(deck.cards)
    cfg[NGUARD], cfg[NBISHOP] = len(rules.guards), len(rules.bishops)
    cfg[NKINDS] = len(deck.kinds)
    cfg[REDRAW_ID] = rules.by_text["redraw"]

    table = rules.table
    act = np.full((len(table), 8), NONE, np.int64)
    bare = np.full(NCARDS, NONE, np.int64)
    tgt = np.full((NCARDS, SPARE + 1), NONE, np.int64)
    gid = np.full((2, SPARE + 1, MAXG), NONE, np.int64)
    bpair = np.full((SPARE + 1, SPARE + 1), NONE, np.int64)
    cid = np.full((SPARE + 1, SPARE + 1, 3), NONE, np.int64)
    keepid = np.full((NCARDS, NCARDS, NCARDS + 1), NONE, np.int64)
    guess_index = [{text: i for i, (text, _) in enumerate(rules.guards)},
                   {text: i for i, (text, _) in enumerate(rules.bishops)}]
    for a, row in enumerate(table):
        act[a, A_KIND] = row.kind
        act[a, A_T1] = rules.t1[a]
        act[a, A_T2] = rules.t2[a]
        act[a, A_GMASK] = row.guess
        act[a, A_LOOK] = row.look
        if row.kind == CHANCELLOR_KEEP:
            act[a, A_KEEP] = row.keep
            act[a, A_B0] = row.bottom[0]
            act[a, A_B1] = row.bottom[1] if len(row.bottom) > 1 else NONE
            keepid[row.keep, row.bottom[0], act[a, A_B1] + 1] = a
            continue
        if row.kind >= 100:
            continue
        targets = row.targets
        if not targets:
            bare[row.kind] = a
        elif row.guess_text:
            which = 0 if row.kind == C.GUARD else 1
            gid[which, targets[0], guess_index[which][row.guess_text]] = a
        elif row.kind == C.CARDINAL:
            cid[targets[0], targets[1], (NONE, *targets).index(row.look)] = a
        elif len(targets) == 2:
            bpair[targets[0], targets[1]] = a
        else:
            tgt[row.kind, targets[0]] = a
    value = np.array(rules.value, np.int64)
    copies = np.array(deck.copies, np.int64)
    kidx = np.full(NCARDS, NONE, np.int64)
    for i, k in enumerate(deck.kinds):
        kidx[k] = i
    cls = np.zeros(NCARDS, np.int64)
    for k in range(NCARDS):
        cls[k] = (CLS_OTHER if k in OTHER_TARGET else CLS_ANY if k in ANY_TARGET else
                  CLS_BARONESS if k == C.BARONESS else CLS_CARDINAL if k == C.CARDINAL
                  else CLS_NONE)
    trig = np.array([k in rules.countess_triggers for k in range(NCARDS)], np.int64)
    cards = np.full(MAXD, NONE, np.int64)
    cards[:len(deck.cards)] = deck.cards
    kw = np.array([keep_weights(rules, k) for k in range(NCARDS)], np.float64)
    return Tables(cfg, act, bare, tgt, gid, bpair, cid, keepid, value, copies, kidx,
                  np.array(deck.kinds, np.int64), cls, trig, cards, kw, obs_offsets)
