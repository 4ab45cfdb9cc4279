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

from collections.abc import Sequence
from functools import lru_cache

from gonets.agents.base import Agent
from gonets.games.loveletter.bot.belief import Belief, RoundReading, guessed_cards
from gonets.games.loveletter.notation import split_play

ROUND = 10.0
"""The worth of winning a round (a token); every other score is on this scale."""
NEVER = -1000.0
"""Score of discarding the Princess by choice."""
EXPLOITERS = frozenset({"guard", "baron", "prince", "king", "bishop", "dowager"})
"""Cards that profit from knowing another player's hand."""


_SPLIT_KEPT = 4096
_split = lru_cache(maxsize=_SPLIT_KEPT)(split_play)
"""``split_play`` remembered per notation (the parts are read, never changed)."""


class HeuristicAgent(Agent):
    """Card counting plus one scoring rule per card; see the module's description."""

    name = "heuristic"

    def __init__(self, game, config, seat, rng):
        super().__init__(game, config, seat, rng)
        self._scorers: dict[str, object] = {}           # card -> its scoring method
        self._reading = RoundReading()                 # its knowledge of the round so far

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
        keys, tilt = guessed_cards(belief.value, guess)
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
