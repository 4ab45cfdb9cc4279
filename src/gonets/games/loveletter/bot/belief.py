"""What the heuristic Love Letter bot believes of the hidden cards this round, from its view
alone (see the bot room's description): the cards left to count, each rival's likely hand, and
the chance of the card it keeps to win a showdown. ``RoundReading`` keeps a seat's reading of
the round between its decisions."""

from __future__ import annotations

from collections import Counter

from gonets.games.loveletter.rules import cards as C
from gonets.games.loveletter.views import Knowledge, round_start

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


def guessed_cards(value: dict[str, int], guess: str) -> tuple[set[str], float]:
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


class RoundReading:
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

    def __init__(self, view: dict, memo: RoundReading | None = None):
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
