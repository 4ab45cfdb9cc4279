"""What search knows of Love Letter: the playout policy, where a playout may stop and how a
position is scored (``Game.rollout_action``, ``rollout_done``, ``evaluate``), and the
difficulty levels. They read a sampled world, never the real state."""

from __future__ import annotations

from functools import cache

from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.rules.encoding import BISHOP_REDRAW, CARD_MASK, CHANCELLOR, PLAY
from gonets.games.loveletter.views import keep_weights

# -- what search knows of Love Letter -------------------------------------------------------------
# The hooks below read a sampled world (a LoveLetterState drawn from the searcher's view), never
# the real one. The playout policy is a cheap version of the heuristic: it uses only what the
# moving seat could see in that world (its own cards and the public cards), never another
# seat's hand, so a playout does not turn every Guard into a sure hit.

PLAYOUT_NOISE = 0.1
"""Share of playout moves that are any legal move that does not discard the Princess."""

LEVELS = {
    "hard": {"agent": "ismcts", "iterations": 4000, "seconds": 1.0},
}
"""Difficulty levels tuned for Love Letter (see docs/ai.md); the rest are the defaults."""


class _Playout:
    """Columns of one configuration's action table that the playout policy reads, and the
    policy's fixed part of each position kind (what to play and keep), worked out once."""

    def __init__(self, rules):
        self.rules = rules
        self.value = rules.value
        self.kind = rules.kind
        self.t1 = rules.t1
        self.copies = list(rules.deck.copies)
        self.guessed = [tuple(k for k in rules.deck.kinds if mask >> k & 1)
                        for mask in rules.gmask]
        self.keep = [row.keep for row in rules.table]
        self.kept_over = [keep_weights(rules, card) for card in range(len(rules.value))]
        self.plans: dict[tuple, tuple] = {}
        self.rows: dict[tuple, tuple] = {}

    def plan(self, legal: tuple[int, ...], p: int, first: int, second: int) -> tuple:
        """(moves without throwing the Princess, the card played, the card kept, the ways to
        play it, those of them aimed at a rival) for the mover ``p`` holding ``first`` (its
        older card) and ``second`` (the card it drew) with ``legal``."""
        key = (legal, p, first, second)
        found = self.plans.get(key)
        if found is None:
            found = self.plans[key] = self._plan(legal, p, first, second)
        return found

    def _plan(self, legal, p, first, second) -> tuple:
        kind, value = self.kind, self.value
        safe = tuple(a for a in legal if not _throws_princess(self, a, p, first, second))
        if kind[legal[0]] == kind[legal[-1]]:         # one card may be played (or two alike)
            play = kind[legal[0]]
        elif first == C.PRINCESS:
            play = second
        elif second == C.PRINCESS or value[first] <= value[second]:
            play = first
        else:
            play = second
        kept = second if play == first else first
        moves = tuple(a for a in legal if kind[a] == play)
        rivals = tuple(a for a in moves if self.t1[a] != p)
        return safe or legal, play, kept, moves, rivals

    def guess_rows(self, moves: tuple[int, ...], target: int) -> tuple:
        """The ways in ``moves`` to name a card for ``target``, each with the kinds it names."""
        key = (moves, target)
        found = self.rows.get(key)
        if found is None:
            t1, guessed = self.t1, self.guessed
            found = self.rows[key] = tuple((a, guessed[a]) for a in moves if t1[a] == target)
        return found


def _playout_for(rules) -> _Playout:
    found = rules.playout
    if found is None:
        found = rules.playout = _Playout(rules)
    return found


def rollout_action(state, rng) -> int:
    """A playout move: keep the higher card (never discard the Princess), Guards name a value
    in proportion to the copies the mover has not seen, Princes aim at a rival."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    table = state.rules.playout or _playout_for(state.rules)
    if state.phase != PLAY:
        return _follow_up(state, table, legal, rng)
    p = state.turn
    first, second = state.hands[p], state.drawn
    safe, play, kept, moves, rivals = table.plans.get((legal, p, first, second)) or \
        table.plan(legal, p, first, second)
    uniform = rng.random                 # int(uniform() * n): a uniform index below n
    if uniform() < PLAYOUT_NOISE:
        return safe[int(uniform() * len(safe))]
    if len(moves) == 1:
        return moves[0]
    if play == C.GUARD or play == C.BISHOP:
        return _guess(state, table, moves, kept, rng)
    if play == C.PRINCE:
        if rivals and (kept == C.PRINCESS or table.value[kept] >= 3 or uniform() < 0.8):
            moves = rivals
    return moves[int(uniform() * len(moves))]


def _throws_princess(table: _Playout, action: int, p: int, first: int, second: int) -> bool:
    """Whether ``action`` discards the Princess (playing her, or a Prince on oneself)."""
    played = table.kind[action]
    if played == C.PRINCESS:
        return True
    return played == C.PRINCE and table.t1[action] == p and C.PRINCESS in (first, second)


def _follow_up(state, table: _Playout, legal, rng) -> int:
    """The Bishop's victim keeps a high card (always the Princess); the Chancellor keeps
    its highest card."""
    if state.phase == BISHOP_REDRAW:
        card = state.hands[state.cur]
        keep = card == C.PRINCESS or table.value[card] >= 5
        return legal[1] if keep else legal[0]          # (redraw, keep)
    value, kept = table.value, table.keep
    best = max(value[kept[a]] for a in legal)
    return rng.choice([a for a in legal if value[kept[a]] == best])


def _guess(state, table: _Playout, moves: tuple[int, ...], kept: int, rng) -> int:
    """The card the mover saw in a rival's hand this round when it can be named, else a
    target at random and a guess weighted by the copies the mover has not seen, times the
    likelihood that the target kept each over the card it played last (``keep_weights``)."""
    seen = _seen_hands(state, state.turn)
    if seen:
        t1, guessed = table.t1, table.guessed
        for target, card in seen.items():
            for a in moves:
                if t1[a] == target and card in guessed[a]:
                    return a
    unseen = table.copies[:]
    unseen[kept] -= 1
    for pile in state.discards:
        for entry in pile:
            unseen[entry & CARD_MASK] -= 1
    for card in state.face_up:
        unseen[card] -= 1
    for card in state.burned:
        unseen[card] -= 1
    uniform = rng.random
    target = table.t1[moves[int(uniform() * len(moves))]]
    played = _last_play(state, target)
    likely = None if played is None else table.kept_over[played]
    options, weights = [], []
    total = 0
    for a, kinds in table.guess_rows(moves, target):
        weight = 0
        for k in kinds:
            weight += unseen[k] if likely is None else unseen[k] * likely[k]
        if weight > 0:
            options.append(a)
            total += weight
            weights.append(total)
    if not total:
        return moves[int(uniform() * len(moves))]
    pick = uniform() * total
    for a, w in zip(options, weights):
        if pick < w:
            return a
    return options[-1]


def _last_play(state, q: int) -> int | None:
    """The card ``q`` played at its last turn of this round, if the card it kept then may
    still be in its hand (no Prince, Bishop or Assassin discard, swap or Chancellor since)."""
    node = state.log
    while node is not None:
        kind, public = node[0], node[1]
        if kind == "play":
            if public[0] == q:
                return C.INDEX[public[1]]
        elif kind == "round":
            return None
        elif kind == "discard":
            if public[0] == q and public[2] != "played":
                return None
        elif kind == "draw":
            if public[0] == q and public[1] == "spare":
                return None
        elif kind == "chancellor":
            if public[0] == q:
                return None
        elif kind == "swap" and q in public[2]:
            return None
        node = node[4]
    return None


_INFORMERS = frozenset({C.PRIEST, C.BARONESS, C.CARDINAL, C.BARON, C.DOWAGER, C.KING})
"""The cards whose effects show a hand to the player (``look``, ``compare``, ``swap``)."""


def _shows_mover(kind: str, public: tuple, mover: int) -> bool:
    """Whether an entry of ``kind`` with a private part tells ``mover`` a rival's card: its
    own look at a player, a tied comparison it was in, a swap with a player it was in."""
    if kind == "look":
        return public[0] == mover and type(public[1]) is int
    if kind == "compare":
        return public[3] is None and mover in (public[0], public[1])
    if kind == "swap":
        a, b = public[2]
        return mover in (a, b) and type(b) is int
    return False


def _seen_hands(state, mover: int) -> dict[int, int]:
    """The rivals' cards ``mover`` saw this round and that are still in their hands as far as
    it can tell (a Priest or Baroness look, a tied comparison, a swap it made), read from the
    world's log; what it saw before the world was sampled is not there unless it is the
    searcher's own knowledge."""
    informers = _INFORMERS               # the cards whose play shows a hand (look, compare,
    for pile in state.discards:          # swap): none in this round's discards, no news
        for entry in pile:
            if entry & CARD_MASK in informers:
                break
        else:
            continue
        break
    else:
        return {}
    # the oldest entry of this round that shows the mover a card (the cases of the reading
    # below): before it, the mover knew nothing that could be forgotten
    oldest = None
    node = state.log
    while node is not None:
        kind = node[0]
        if kind == "round":
            break
        if (kind == "look" or kind == "compare" or kind == "swap") and node[2] is not None \
                and _shows_mover(kind, node[1], mover):
            oldest = node
        node = node[4]
    if oldest is None:
        return {}
    events = []
    node = state.log
    while node is not oldest:
        events.append(node)
        node = node[4]
    events.append(oldest)
    known: dict[int, int] = {}
    index = C.INDEX
    for kind, public, private, seen, _ in reversed(events):
        if kind == "look":
            if public[0] == mover and private is not None and type(public[1]) is int:
                known[public[1]] = index[private[0]]
        elif kind == "play" or kind == "discard":
            q = public[0]
            if q in known and (kind == "discard" or known[q] == index[public[1]]):
                del known[q]
        elif kind == "compare":
            p, q, loser = public[0], public[1], public[3]
            if loser is None and private is not None and mover in (p, q):
                other = q if p == mover else p
                known[other] = index[private[0][1] if p == mover else private[0][0]]
        elif kind == "swap":
            a, b = public[2]
            known.pop(a, None)
            known.pop(b, None)
            if mover in (a, b) and private is not None and type(b) is int:
                other = b if a == mover else a
                known[other] = index[private[0][1] if a == mover else private[0][0]]
        elif kind == "chancellor" or kind == "redraw":
            known.pop(public[0], None)
    known.pop(mover, None)
    return known


RIVALS_BY_POLICY = True
"""In the tree the other seats move by :func:`rollout_action` (what they could know in the
sampled world), not by UCB: every sampled world holds the searcher's real cards, so a rival
choosing by UCB would learn them (name its Guard, dodge its Baron)."""

ROLLOUT_DONE_AT_CHANCE = True
"""The search may ask :func:`rollout_done` before it deals: a decided round is not dealt again,
in a playout or in the tree, but scored (its value does not depend on the next deal, see
:func:`evaluate`)."""


class _RoundMark:
    """What :func:`rollout_done` reads of a playout's start (instead of a copy of it)."""

    __slots__ = ("round", "rounds_done")

    def __init__(self, state):
        self.round, self.rounds_done = state.round, state.rounds_done


def rollout_start(state) -> _RoundMark:
    """The search keeps this of a playout's start for :func:`rollout_done`."""
    return _RoundMark(state)


def rollout_done(start, state, moves: int) -> bool:
    """A playout stops once the round it was in is decided: the match is over, the next
    round's deal (or starting seat) is pending, or a new round has begun."""
    return state.rounds_done != start.rounds_done or state.round != start.round


def evaluate(state) -> list[float]:
    """Each seat's chance of winning the match from the token standings, each round won by
    one seat still in it at random (a round in progress among the seats still in it)."""
    in_round = state.phase in (PLAY, BISHOP_REDRAW, CHANCELLOR)
    return list(_standings(state.rules.target, tuple(state.tokens),
                           state.alive if in_round else 0))


@cache
def _standings(target: int, tokens: tuple[int, ...], alive: int) -> tuple[float, ...]:
    """:func:`evaluate` of ``tokens`` (``alive``: the seats still in the round in progress,
    0 between rounds)."""
    needs = tuple(max(1, target - t) for t in tokens)
    n = len(needs)
    if alive in (0, (1 << n) - 1):       # every seat may win the next round alike
        return tuple(_race_seats(needs))
    seats = [q for q in range(n) if alive >> q & 1]
    total = [0.0] * n
    for w in seats:
        if needs[w] == 1:
            total[w] += 1.0
            continue
        after = _race_seats(needs[:w] + (needs[w] - 1,) + needs[w + 1:])
        for q in range(n):
            total[q] += after[q]
    return tuple(v / len(seats) for v in total)


def _race_seats(needs: tuple[int, ...]) -> list[float]:
    """Chance per seat of winning ``needs[q]`` more rounds before anyone else completes theirs,
    each round going to a seat at random (seats with equal needs have equal chances)."""
    by_need = _race(tuple(sorted(needs)))
    return [by_need[need] for need in needs]


@cache
def _race(needs: tuple[int, ...]) -> dict[int, float]:
    n = len(needs)
    chance = dict.fromkeys(needs, 0.0)
    for i, need in enumerate(needs):
        if i and needs[i - 1] == need:
            continue                        # seats with equal needs: counted by multiplicity
        ways = needs.count(need) / n
        if need == 1:
            chance[need] += ways / needs.count(need)
            continue
        child = _race(tuple(sorted(needs[:i] + (need - 1,) + needs[i + 1:])))
        for other in chance:
            if other == need:
                # the winner of this round, or another seat of the same need (which kept it)
                same = needs.count(need)
                share = child[need - 1] / same
                if same > 1:
                    share += child[need] * (same - 1) / same
                chance[other] += ways * share
            else:
                chance[other] += ways * child[other]
    return chance


def compiled_playout(config):
    """The search's playout in the compiled kernel (``agents.ismcts``): the sampled world is
    loaded into a one-slot batch, played by the kernel's :func:`rollout_action` until the
    round is decided (:func:`rollout_done`) and scored as :func:`evaluate` scores it, in one
    compiled call (``kernel/fast.py``); None where the kernel does not play ``config``."""
    from gonets.core.kernel import kernel_or_none
    from gonets.games.loveletter.kernel.fast import SearchPlayout

    kernel = kernel_or_none(config)
    if kernel is None:
        return None
    target = kernel.rules.target
    return SearchPlayout(kernel, lambda tokens, alive: _standings(target, tokens, alive))


def compiled_search(game, config, seat: int, exploration: float):
    """Whole search iterations in the compiled kernel (``agents.ismcts``): the world dealt,
    the tree walked (the searcher by UCB1, the rivals by :func:`rollout_action`), the round
    played out by the same policy and scored as :func:`evaluate` scores it
    (``kernel/search.py``); None where the kernel does not play ``config``."""
    from gonets.core.kernel import kernel_or_none
    from gonets.games.loveletter.kernel.search import CompiledSearch

    kernel = kernel_or_none(config)
    if kernel is None:
        return None
    target = kernel.rules.target
    return CompiledSearch(game, kernel, lambda tokens, alive: _standings(target, tokens, alive),
                          seat, exploration)
