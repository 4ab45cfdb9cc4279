"""A heuristic Love Letter bot that reads only its view.

It counts cards (the deck in use minus every card it can see: discards, face-up and burned
cards, its own hand), reads its own log for private knowledge (Priest/Baroness/Cardinal looks,
Baron and Dowager comparisons and King/Cardinal swaps it took part in, Guard misses and
Bishop guesses, and the winners of other players' comparisons), and turns that into a
probability for every card each rival may hold. Then it scores every legal action:

* a knock-out is worth the share of the round it wins, more against a rival with tokens;
  being knocked out costs the share it loses; a token (Bishop) is worth a whole round;
* the card kept matters more as the deck runs out: it is scored by its chance to win the
  showdown against every rival's likely hand (Count bonuses and the Princess-Bishop rule in);
* Guard and Bishop name the most likely card of the target (a known card when there is one),
  the Assassin's risk priced in; Baron and Dowager Queen only when likely to win; Prince on
  the likely Princess; Handmaid when the kept card is worth protecting; Priest, Baroness and
  Cardinal for information; Jester on the likely round winner; Sycophant to set up a Guard on
  a player whose hand is known, on itself when it holds the Assassin, or on the next player to
  blunt their attack; the Assassin, the Constable and the Spy kept or played for their tokens;
* the Princess is never discarded while another choice exists (playing her, or Prince on
  oneself while holding her, or accepting the Bishop's redraw with her).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from gonets.agents.base import Agent
from gonets.games.loveletter.notation import split_play
from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.views import Knowledge, round_start

ROUND = 10.0
"""The worth of winning a round (a token); every other score is on this scale."""
NEVER = -1000.0
"""Score of discarding the Princess by choice."""
EXPLOITERS = frozenset({"guard", "baron", "prince", "king", "bishop", "dowager"})
"""Cards that profit from knowing another player's hand."""


_SPLIT_KEPT = 4096
_split = lru_cache(maxsize=_SPLIT_KEPT)(split_play)
"""``split_play`` remembered per notation (the parts are read, never changed)."""

_VALUES: dict[int, tuple[dict, dict[str, int]]] = {}


_TRIGGERS: dict[tuple, tuple] = {}
_COPIES: dict[int, tuple[dict, dict[str, int]]] = {}


def _copies(cards: dict) -> dict[str, int]:
    """The copies of each card of a view's ``cards`` table (once per deck; read-only)."""
    found = _COPIES.get(id(cards))
    if found is None or found[0] is not cards:
        found = _COPIES[id(cards)] = (cards, {key: entry["copies"]
                                              for key, entry in cards.items()})
    return found[1]


def _values(cards: dict) -> dict[str, int]:
    """The printed value of each card of a view's ``cards`` table (the deck's shared table:
    worked out once per deck)."""
    found = _VALUES.get(id(cards))
    if found is None or found[0] is not cards:
        found = _VALUES[id(cards)] = (cards, {key: entry["value"]
                                              for key, entry in cards.items()})
    return found[1]


def _named(value: dict[str, int], guess: str) -> tuple[set[str], float]:
    """The cards a Guard or Bishop guess names (a value or a character), and the tilt that
    sends ties between equally likely guesses to the higher card (kept more often); once per
    value table and guess."""
    cache = _NAMED.get(id(value))
    if cache is None or cache[0] is not value:
        cache = _NAMED[id(value)] = (value, {})
    found = cache[1].get(guess)
    if found is None:
        keys = {k for k, v in value.items() if v == int(guess)} if guess.isdigit() else {guess}
        found = cache[1][guess] = keys, 0.001 * max(value[k] for k in keys)
    return found


_NAMED: dict[int, tuple[dict, dict]] = {}


class _RoundReading:
    """One seat's reading of the round in progress, kept between its decisions: the next view
    of the same round only needs the events that are new (views share their event dicts, so
    the same round is recognised by identity)."""

    __slots__ = ("know", "last", "round_event", "seen", "start")

    def __init__(self) -> None:
        self.know: Knowledge | None = None

    def resume(self, log: list[dict]) -> tuple[int | None, Knowledge | None]:
        """(the round's start, the knowledge after ``log``) when ``log`` continues the kept
        reading, else (None, None)."""
        know, seen = self.know, self.seen if self.know is not None else 0
        if know is None or not seen <= len(log) or log[self.start] is not self.round_event \
                or log[seen - 1] is not self.last:
            return None, None
        new = log[seen:]
        if any(event["e"] == "round" for event in new):
            return None, None
        know.follow(new)
        self.seen, self.last = len(log), log[-1]
        return self.start, know

    def keep(self, log: list[dict], start: int, know: Knowledge) -> None:
        if start >= len(log) or not log:
            self.know = None
            return
        self.know, self.start, self.round_event = know, start, log[start]
        self.seen, self.last = len(log), log[-1]


class Belief:
    """What a seat may believe about hidden cards this round, from its view alone."""

    def __init__(self, view: dict, memo: _RoundReading | None = None):
        self.view = view
        cards = view["cards"]
        self.value = _values(cards)
        self.me = view["seat"]
        seats = view["seats"]
        self.tokens = [s["tokens"] for s in seats]
        self.alive = [s["seat"] for s in seats if s["in_round"]]
        self.others = [q for q in self.alive if q != self.me]
        discarded = [[d["card"] for d in s["discards"]] for s in seats]
        self.counts = {s["seat"]: cards_of.count("count")
                       for s, cards_of in zip(seats, discarded)}
        self.totals = {s["seat"]: s["discard_total"] for s in seats}
        options = view.get("options", {})
        self.count_bonus = options.get("count_bonus", True)
        self.princess_beats_bishop = options.get("princess_beats_bishop", True)
        pool = dict(_copies(cards))           # what Counter.subtract would leave, in order
        for seen in (view.get("face_up"), view.get("burned"), view.get("hand"), *discarded):
            for key in seen or ():
                pool[key] = pool.get(key, 0) - 1
        log = view["log"]
        start, know = memo.resume(log) if memo is not None else (None, None)
        if know is None:
            start = round_start(log)
            know = Knowledge(C.deck(view["deck"]), view["players"], self.me,
                             self._countess_triggers(options)).read(log, start)
            if memo is not None:
                memo.keep(log, start, know)
        self.possible = {q: ({C.KEYS[k] for k in know.possible[q]}
                             if know.possible[q] is not None else None) for q in self.others}
        self.floor, self.ceil = self._comparison_bounds(log, start)
        self.exposed, self.countess = self._exposure(log, start)
        self.known: dict[int, str] = {}
        for q in self.others:
            options_q = self.possible[q]
            if options_q and len(options_q) == 1:
                key = next(iter(options_q))
                if pool.get(key, 0) > 0:
                    pool[key] -= 1
                    self.known[q] = key
                else:
                    self.possible[q] = None          # stale knowledge: forget it
        self.pool = Counter({k: n for k, n in pool.items() if n > 0})
        self.dists = {q: self._distribution(q) for q in self.others}
        self._strength: dict[str, float] = {}
        self.keep_cache: dict[str, float] = {}
        self.knockouts: dict[int, float] = {}
        self.risks: dict[int, float] = {}
        self.late: float | None = None
        self.kept: dict[str, str | None] = {}         # the card played -> the card kept
        self._confidence: dict[int, float] = {}
        self._pool_dist: dict[str, float] | None = None
        self._pool_average: float | None = None

    def _countess_triggers(self, options: dict) -> frozenset[int]:
        """Cards that force the Countess: whoever plays one does not hold her (once per value
        table and rule)."""
        key = (id(self.value), options.get("countess_trigger", "names"))
        found = _TRIGGERS.get(key)
        if found is None or found[0] is not self.value:
            found = _TRIGGERS[key] = (self.value, self._triggers(options))
        return found[1]

    def _triggers(self, options: dict) -> frozenset[int]:
        names = {"king", "prince"}
        if options.get("countess_trigger", "names") == "values":
            values = {self.value[k] for k in names if k in self.value}
            names = {k for k, v in self.value.items() if v in values and k != "countess"}
        return frozenset(C.INDEX[k] for k in names if k in self.value)

    # -- reading the log ---------------------------------------------------------------------
    def _comparison_bounds(self, log: list[dict], start: int) -> tuple[dict, dict]:
        """Value bounds on rivals' hands from comparisons the viewer only watched: the winner
        of a Baron holds more than the loser's revealed card, of a Dowager Queen less
        (``start``: the index of the round's first event)."""
        events = log[start + 1:]
        floor: dict[int, int] = {}
        ceil: dict[int, int] = {}
        for i, event in enumerate(events):
            kind = event["e"]
            if kind == "compare" and event["loser"] is not None and "cards" not in event:
                loser = event["loser"]
                winner = event["target"] if loser == event["seat"] else event["seat"]
                shown = next((e["card"] for e in events[i + 1:i + 4] if e["e"] == "discard"
                              and e["seat"] == loser and e["cause"] == "knockout"), None)
                if shown is None or shown not in self.value:
                    continue
                if event["kind"] == "baron":
                    floor[winner] = max(floor.get(winner, -1), self.value[shown])
                else:
                    ceil[winner] = min(ceil.get(winner, 99), self.value[shown])
            elif kind == "play" or (kind == "discard" and event["cause"] != "played") or \
                    (kind == "draw" and event["from"] == "spare"):
                floor.pop(event["seat"], None)
                ceil.pop(event["seat"], None)
            elif kind == "swap":
                a, b = event["between"]
                for bounds in (floor, ceil):
                    first, second = bounds.pop(a, None), bounds.pop(b, None)
                    if second is not None and a != "spare":
                        bounds[a] = second
                    if first is not None and b != "spare":
                        bounds[b] = first
        return floor, ceil

    def _exposure(self, log: list[dict], start: int) -> tuple[str | None, set[int]]:
        """The viewer's own card that a rival still in the round knows (a rival looked at
        it, compared with it, swapped it, or the Bishop named it), and the rivals whose last
        play was the Countess (often forced by a King or a Prince)."""
        me = self.me
        mine: list[str] = []
        exposed: str | None = None
        knowers: set[int] = set()
        countess: set[int] = set()
        for event in log[start + 1:]:
            kind, seat = event["e"], event.get("seat")
            if kind == "play":
                countess.discard(seat)
                if event["card"] == "countess":
                    countess.add(seat)
            elif kind in ("discard", "draw") and seat != me:
                countess.discard(seat)
            if me is None:
                continue
            if kind == "deal" and seat == me and "card" in event:
                mine = [event["card"]]
            elif kind == "draw" and seat == me and "card" in event:
                mine.append(event["card"])
            elif kind in ("play", "discard") and seat == me and event["card"] in mine:
                mine.remove(event["card"])
            elif kind == "swap" and me in event["between"] and "cards" in event:
                a, b = event["between"]
                mine = [event["cards"][0] if a == me else event["cards"][1]]
                other = b if a == me else a
                exposed, knowers = mine[0], ({other} if other != "spare" else set())
            elif kind == "return" and seat == me and "kept" in event:
                mine = [event["kept"]]
            elif kind == "chancellor" and seat == me and "cards" in event:
                mine += event["cards"]
            elif kind == "look" and event["target"] == me and seat != me and mine:
                knowers = knowers | {seat} if exposed == mine[0] else {seat}
                exposed = mine[0]
            elif kind == "compare" and me in (seat, event["target"]) and mine:
                other = event["target"] if seat == me else seat
                exposed, knowers = mine[0], {other}
            elif kind == "bishop" and event["target"] == me and event["hit"] and mine:
                exposed, knowers = mine[0], set(self.others)
            if exposed is not None and exposed not in mine:
                exposed, knowers = None, set()
        if not knowers & set(self.others):
            exposed = None
        return exposed, countess

    def _distribution(self, q: int) -> dict[str, float]:
        if q in self.known:
            return {self.known[q]: 1.0}
        allowed = self.possible[q]
        low, high = self.floor.get(q, -1), self.ceil.get(q, 99)
        pool, value = self.pool, self.value
        bounded = low > -1 or high < 99      # printed values are 0-9: else no bound binds
        # what the seat may hold within the bounds, then without them, then anything
        attempts = []
        if bounded:
            attempts.append(lambda: {k: n for k, n in pool.items() if (
                allowed is None or k in allowed) and low < value[k] < high})
        if allowed is not None:
            attempts.append(lambda: {k: n for k, n in pool.items() if k in allowed})
        attempts.append(lambda: dict(pool))
        for weights_of in attempts:
            weights = weights_of()
            if q in self.countess:
                for key in ("king", "prince"):
                    if key in weights:
                        weights[key] *= 3
            total = sum(weights.values())
            if total:
                return {k: n / total for k, n in weights.items()}
        return {k: 1 / len(self.value) for k in self.value}

    # -- questions ---------------------------------------------------------------------------
    def dist(self, q) -> dict[str, float]:
        """The likely cards of seat ``q`` (the unseen cards when ``q`` is not a rival)."""
        found = self.dists.get(q)
        return found if found is not None else self.pool_distribution()

    def chance(self, q: int, keys) -> float:
        """Probability that seat ``q`` holds one of ``keys``."""
        dist = self.dist(q)
        if len(keys) == 1:                   # the sum of one term (or of none: 0)
            for key in keys:
                return dist.get(key, 0)
        return sum([p for k, p in dist.items() if k in keys])

    def confidence(self, q: int) -> float:
        """How sure the viewer is of ``q``'s card (the largest probability)."""
        found = self._confidence.get(q)
        if found is None:
            found = self._confidence[q] = max(self.dists.get(q, {}).values(), default=0.0)
        return found

    def pool_distribution(self) -> dict[str, float]:
        """The unseen cards as chances (worked out once; read-only)."""
        found = self._pool_dist
        if found is None:
            total = sum(self.pool.values())
            if not total:
                found = {k: 1 / len(self.value) for k in self.value}
            else:
                found = {k: n / total for k, n in self.pool.items()}
            self._pool_dist = found
        return found

    def pool_average(self) -> float:
        """The expected value of an unseen card."""
        if self._pool_average is None:
            self._pool_average = sum(self.value[k] * p
                                     for k, p in self.pool_distribution().items())
        return self._pool_average

    def expected_value(self, q: int) -> float:
        return sum(self.value[k] * p for k, p in self.dists.get(q, {}).items())

    def beats(self, mine: str, theirs: str, q: int) -> float:
        """1 when ``mine`` wins a showdown against ``theirs`` held by ``q``, 0.5 for a tie."""
        if self.princess_beats_bishop:
            if mine == "bishop" and theirs == "princess":
                return 0.0
            if mine == "princess" and theirs == "bishop":
                return 1.0
        bonus = self.count_bonus
        a = self.value[mine] + (self.counts.get(self.me, 0) if bonus else 0)
        b = self.value[theirs] + (self.counts.get(q, 0) if bonus else 0)
        if a != b:
            return 1.0 if a > b else 0.0
        ta, tb = self.totals.get(self.me, 0), self.totals.get(q, 0)
        return 1.0 if ta > tb else 0.0 if ta < tb else 0.5

    def strength(self, mine: str) -> float:
        """Chance that ``mine`` wins a showdown against every rival still in the round
        (:meth:`beats` against each card a rival may hold, worked out in line)."""
        found = self._strength.get(mine)
        if found is None:
            found = 1.0
            value, bonus = self.value, self.count_bonus
            ruled = self.princess_beats_bishop and mine in ("bishop", "princess")
            a = value[mine] + (self.counts.get(self.me, 0) if bonus else 0)
            ta = self.totals.get(self.me, 0)
            for q in self.others:
                extra = self.counts.get(q, 0) if bonus else 0
                tb = self.totals.get(q, 0)
                tie = 1.0 if ta > tb else 0.0 if ta < tb else 0.5
                terms = []
                for k, p in self.dists[q].items():
                    if ruled and k in ("bishop", "princess") and k != mine:
                        won = 1.0 if mine == "princess" else 0.0
                    else:
                        b = value[k] + extra
                        won = tie if a == b else 1.0 if a > b else 0.0
                    terms.append(p * won)
                found *= sum(terms)
            self._strength[mine] = found
        return found


class HeuristicAgent(Agent):
    """Card counting plus one scoring rule per card; see the module's description."""

    name = "heuristic"

    def __init__(self, game, config, seat, rng):
        super().__init__(game, config, seat, rng)
        self._scorers: dict[str, object] = {}           # card -> its scoring method
        self._reading = _RoundReading()                 # its knowledge of the round so far

    def act(self, view: dict, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        texts = view.get("legal") or []
        if len(texts) != len(legal):
            return legal[self.rng.randrange(len(legal))]
        belief = Belief(view, self._reading)
        phase = view.get("phase")
        if phase == "redraw":
            scores = [self._redraw_score(view, belief, t) for t in texts]
        elif phase == "chancellor":
            scores = [self._keep_score(view, belief, t.split()[2]) for t in texts]
        else:
            scores = [self._play_score(view, belief, t) for t in texts]
        best = max(range(len(legal)), key=lambda i: (scores[i], self.rng.random()))
        return legal[best]

    # -- weights -----------------------------------------------------------------------------
    def _late(self, view: dict, belief: Belief | None = None) -> float:
        """0 at the start of a round, 1 when the deck is empty (once per belief)."""
        if belief is not None and belief.late is not None:
            return belief.late
        total = sum(entry["copies"] for entry in view["cards"].values())
        start = max(1, total - 1 - len(view.get("face_up") or []) - view["players"] - 1)
        late = min(1.0, max(0.0, 1 - view["deck_size"] / start))
        if belief is not None:
            belief.late = late
        return late

    def _knockout(self, belief: Belief, q) -> float:
        """Worth of knocking ``q`` out: the share of the round it wins, more against leaders."""
        if not isinstance(q, int) or q == belief.me:
            return 0.0
        found = belief.knockouts.get(q)
        if found is None:
            alive = len(belief.alive)
            target = max(1, belief.view["target"])
            found = belief.knockouts[q] = \
                ROUND / (alive * max(1, alive - 1)) * (1 + belief.tokens[q] / target)
        return found

    def _self_out(self, belief: Belief) -> float:
        return ROUND / max(1, len(belief.alive))

    def _keep_score(self, view: dict, belief: Belief, kept: str | None) -> float:
        """Worth of holding ``kept`` after this turn."""
        if kept is None:
            return 0.0
        found = belief.keep_cache.get(kept)
        if found is None:
            found = belief.keep_cache[kept] = self._keep_worth(view, belief, kept)
        return found

    def _keep_worth(self, view: dict, belief: Belief, kept: str) -> float:
        late = self._late(view, belief)
        score = ROUND * (0.1 + 0.9 * late * late) * belief.strength(kept)
        score += 0.15 * belief.value[kept]
        if kept == "princess":
            score += 1.0
        elif kept == "assassin" and belief.pool.get("guard"):
            score += 1.5 * (1 - late)
        elif kept in ("guard", "bishop") and belief.others:
            score += 0.8 * max(belief.confidence(q) for q in belief.others) - 0.2
        return score - self._exposure_cost(belief, kept)

    def _exposure_cost(self, belief: Belief, kept: str | None) -> float:
        """A card a rival knows invites their Guard (or Baron): part of a knock-out."""
        if kept is None or kept != belief.exposed:
            return 0.0
        return (0.2 if kept == "guard" else 0.5) * self._self_out(belief)

    def _expected_keep(self, view: dict, belief: Belief, dist: dict[str, float]) -> float:
        return sum(p * self._keep_score(view, belief, k) for k, p in dist.items())

    # -- decisions ---------------------------------------------------------------------------
    def _redraw_score(self, view: dict, belief: Belief, text: str) -> float:
        card = (view.get("hand") or [None])[0]
        if text == "keep":
            # the card was just shown to everybody: its exposure cost is in the keep score
            return self._keep_score(view, belief, card)
        if card == "princess":
            return NEVER
        return self._expected_keep(view, belief, belief.pool_distribution())

    def _play_score(self, view: dict, belief: Belief, text: str) -> float:
        move = _split(text)
        card = move["card"]
        kept = belief.kept.get(card, belief)
        if kept is belief:
            hand = list(view.get("hand") or [])
            if card in hand:
                hand.remove(card)
            kept = belief.kept[card] = hand[0] if hand else None
        if card == "princess":
            return NEVER
        scorer = self._scorers.get(card, self)
        if scorer is self:
            scorer = self._scorers[card] = getattr(self, "_" + card, None)
        if scorer is None:
            effect = 0.0
            keep = self._keep_score(view, belief, kept)
        else:
            effect, keep = scorer(view, belief, move, kept)
        return effect + keep

    _plain = _keep_score
    """The worth of a play that only leaves ``kept`` in hand."""

    # each card: (effect score, score of the card kept afterwards)
    def _guard(self, view, belief, move, kept):
        return self._guess(view, belief, move, kept, False)

    def _bishop(self, view, belief, move, kept):
        return self._guess(view, belief, move, kept, True)

    def _guess(self, view, belief, move, kept, bishop):
        keep = self._plain(view, belief, kept)
        if not move["targets"] or move["guess"] is None:
            return 0.0, keep
        q = move["targets"][0]
        guess = move["guess"]
        keys, tilt = _named(belief.value, guess)
        hit = belief.chance(q, keys)
        if bishop:
            return hit * ROUND * 0.9, keep
        risk = belief.risks.get(q)
        if risk is None:
            risk = belief.risks[q] = belief.chance(q, {"assassin"}) * self._self_out(belief)
        return hit * self._knockout(belief, q) - risk + tilt, keep

    def _priest(self, view, belief, move, kept):
        keep = self._plain(view, belief, kept)
        return sum(self._look_worth(belief, t, kept) for t in move["targets"]), keep

    _baroness = _priest

    def _look_worth(self, belief: Belief, target, kept) -> float:
        if target == "spare":
            return 0.1
        unsure = 1 - belief.confidence(target)
        return unsure * (0.5 + (0.6 if kept in EXPLOITERS else 0.0))

    def _baron(self, view, belief, move, kept):
        return self._compare(view, belief, move, kept, higher_loses=False)

    def _dowager(self, view, belief, move, kept):
        return self._compare(view, belief, move, kept, higher_loses=True)

    def _compare(self, view, belief, move, kept, higher_loses):
        keep = self._plain(view, belief, kept)
        if not move["targets"] or kept is None:
            return 0.0, keep
        q = move["targets"][0]
        mine = belief.value[kept]
        dist = belief.dist(q)
        lower = sum(p for k, p in dist.items() if belief.value[k] < mine)
        higher = sum(p for k, p in dist.items() if belief.value[k] > mine)
        win, lose = (higher, lower) if higher_loses else (lower, higher)
        return win * self._knockout(belief, q) - lose * (self._self_out(belief) + keep), keep

    def _handmaid(self, view, belief, move, kept):
        keep = self._plain(view, belief, kept)
        if kept is None:
            return 0.3, keep
        threat = 0.4 + 0.2 * len(belief.others)
        worth = 0.3 + 0.12 * belief.value[kept] + (1.5 if kept == "princess" else 0.0)
        return threat * worth + 0.8 * self._exposure_cost(belief, kept), keep

    def _prince(self, view, belief, move, kept):
        if not move["targets"]:
            return 0.0, self._plain(view, belief, kept)
        q = move["targets"][0]
        if q == "spare":
            return 0.1, self._plain(view, belief, kept)
        if q == belief.me:
            if kept == "princess":
                return NEVER, 0.0
            return 0.0, self._expected_keep(view, belief, belief.pool_distribution())
        keep = self._plain(view, belief, kept)
        princess = belief.chance(q, {"princess"})
        late = self._late(view, belief)
        average = belief.pool_average()
        disrupt = 0.15 * late * (belief.expected_value(q) - average)
        return princess * self._knockout(belief, q) * 1.2 + disrupt, keep

    def _king(self, view, belief, move, kept):
        if not move["targets"]:
            return 0.0, self._plain(view, belief, kept)
        q = move["targets"][0]
        if q == "spare":
            return 0.0, self._expected_keep(view, belief, belief.pool_distribution())
        return -0.4, self._expected_keep(view, belief, belief.dist(q))

    def _cardinal(self, view, belief, move, kept):
        targets = move["targets"]
        if len(targets) < 2:
            return 0.0, self._plain(view, belief, kept)
        if belief.me in targets:
            other = targets[0] if targets[1] == belief.me else targets[1]
            dist = belief.pool_distribution() if other == "spare" else belief.dist(other)
            return -0.3, self._expected_keep(view, belief, dist)
        look = move["look"]
        worth = 0.1 + (self._look_worth(belief, look, kept) if look is not None else 0.0)
        return worth, self._plain(view, belief, kept)

    def _sycophant(self, view, belief, move, kept):
        keep = self._plain(view, belief, kept)
        if not move["targets"]:
            return 0.0, keep
        q = move["targets"][0]
        if q == belief.me:
            return (2.0 if kept == "assassin" else -1.5), keep
        following = self._next_player(view, belief)
        exempt = view.get("options", {}).get("sycophant_self_exempt", False)
        if q == following and not exempt:
            return 0.4 + 0.1 * (belief.value.get(kept, 0) if kept else 0), keep
        target = max(1, view["target"])
        return 0.3 + 1.5 * belief.confidence(q) + 0.4 * belief.tokens[q] / target, keep

    def _next_player(self, view: dict, belief: Belief) -> int | None:
        n = view["players"]
        for step in range(1, n):
            q = (belief.me + step) % n
            if q in belief.alive:
                return q
        return None

    def _jester(self, view, belief, move, kept):
        keep = self._plain(view, belief, kept)
        if not move["targets"]:
            return 0.0, keep
        q = move["targets"][0]
        weights = {p: belief.expected_value(p) + 1 for p in belief.others}
        if kept is not None:
            weights[belief.me] = belief.value[kept] + 1
        chance = weights.get(q, 0) / max(1e-9, sum(weights.values()))
        return 0.8 * ROUND * chance / max(1, len(belief.alive)), keep

    def _constable(self, view, belief, move, kept):
        return 0.2 + 0.8 * (1 - self._late(view, belief)), self._plain(view, belief, kept)

    def _count(self, view, belief, move, kept):
        bonus = 0.3 + 0.7 * self._late(view, belief) if belief.count_bonus else 0.0
        return bonus, self._plain(view, belief, kept)

    def _spy(self, view, belief, move, kept):
        rivals = any(d["card"] == "spy" for s in view["seats"] if s["in_round"]
                     and s["seat"] != belief.me for d in s["discards"])
        return (0.3 if rivals else 1.5), self._plain(view, belief, kept)

    def _chancellor(self, view, belief, move, kept):
        return (1.0 if view["deck_size"] else 0.0), self._plain(view, belief, kept)

    def _assassin(self, view, belief, move, kept):
        return 0.0, self._plain(view, belief, kept)


def heuristic(game, config, seat, rng) -> HeuristicAgent:
    """The ``heuristic`` agent factory (registered by ``Game.agents()``)."""
    return HeuristicAgent(game, config, seat, rng)


AGENTS = {"heuristic": heuristic}
"""The bots of this game by name (found by ``Game.agents()``)."""


# The search hooks live in bot/search.py; the game finds them here.
from gonets.games.loveletter.bot.search import (  # noqa: E402
    LEVELS,
    PLAYOUT_NOISE,
    RIVALS_BY_POLICY,
    ROLLOUT_DONE_AT_CHANCE,
    compiled_playout,
    compiled_search,
    evaluate,
    rollout_action,
    rollout_done,
    rollout_start,
)

__all__ = ["AGENTS", "Belief", "HeuristicAgent", "heuristic", "PLAYOUT_NOISE", "LEVELS",
           "RIVALS_BY_POLICY", "rollout_action", "ROLLOUT_DONE_AT_CHANCE", "rollout_start",
           "rollout_done", "evaluate", "compiled_playout", "compiled_search"]
