"""A heuristic bot that plays to win.

It rebuilds a possible world from its view (``Game.sample_world``: only what it may know, the
unseen drawn at random), tries every legal action on a copy and keeps the one whose position
scores best: its own message as high as possible and ready to leave (the arrows decide who
leaves a full inn), rivals' messages low and stuck, revised coins counted. In the classic
rubles phase it pushes its luck by expected value against the unseen coins, bolder when a
rival is close to paying.
"""

from __future__ import annotations

from collections.abc import Sequence

from gonets.agents.base import Agent
from gonets.games.czar import notation as A
from gonets.games.czar.rules import OVER, CzarState
from gonets.games.czar.rules.board import COIN_BY_KEY, COIN_VALUE, INN_LEVEL, NJET, coin_pool

WIN = 1e6


def readiness(state: CzarState, slot: int) -> float:
    """How soon the courier in ``slot`` is likely to leave its inn upwards (arrow rule)."""
    inn, room = slot >> 2, slot & 3
    rooms = state.rooms
    empties = [r for r in range(4) if rooms[inn * 4 + r] < 0]
    if len(empties) == 1:
        return 6.0 if room != (empties[0] + 3) & 3 else -3.0
    if len(empties) == 2:
        stays_if = (room + 1) & 3
        return 2.0 if stays_if not in empties else -0.5
    return 0.0


def progress(state: CzarState, seat: int) -> float:
    """A score of how close ``seat`` is to winning."""
    revised = state.t.revised
    coins = state.coin_total(seat)
    if state.guard_of[seat] >= 0:
        price = state.price_of(seat)
        if revised:
            if coins >= price:
                return 400.0
            return 110.0 + 8.0 * coins - 2.0 * price
        return 110.0 + 6.0 * coins - 3.0 * price
    slot = state.msg[seat]
    scale = 2.0 if revised else 1.0
    score = 22.0 * INN_LEVEL[slot >> 2] + scale * readiness(state, slot)
    if revised:
        score += 2.5 * coins + 0.5 * len(state.coins[seat])
    return score


def evaluate(state: CzarState, seat: int) -> float:
    if state.phase == OVER:
        return WIN if state.winner == seat else -WIN
    mine = progress(state, seat)
    rivals = [progress(state, q) for q in range(state.n) if q != seat]
    return mine - 0.7 * max(rivals) - 0.1 * sum(rivals)


class HeuristicAgent(Agent):
    """One-ply search over complete actions with a hand-tuned position score."""

    name = "heuristic"

    def act(self, view: dict, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        options = set(legal)
        if A.BRIBE in options:
            return A.BRIBE
        if A.EXTRA in options:
            return A.EXTRA
        if A.STOP in options:
            return A.REVEAL if self.push_luck(view) else A.STOP
        if A.REVEAL in options:
            return A.REVEAL
        world = self.game.sample_world(view, self.rng)
        assert isinstance(world, CzarState)
        best, best_score = legal[0], -float("inf")
        base = evaluate(world, self.seat)
        for action in legal:
            if action == A.DRAW:
                score = base + self.draw_bonus(world)
            elif action == A.PASS or action == A.END:
                score = base
            else:
                trial = world.clone()
                trial.apply(action)
                score = evaluate(trial, self.seat)
            score += self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = action, score
        return best

    def draw_bonus(self, world: CzarState) -> float:
        """Classic: drawing is a blind move, slightly worse than a placement that changes
        nothing (a bonus for drawing cost about 8 points of win rate). Revised: couriers left
        behind earn coins, so a fuller display is worth a little."""
        if world.t.revised:
            return 1.5 if not world.display[self.seat] else 0.5
        return -1.0

    def push_luck(self, view: dict) -> bool:
        """Reveal another coin in the classic rubles action?"""
        me = view["seats"][self.seat]
        price = me["message"]["price"]
        banked = me["coin_total"] or 0
        running = sum(COIN_VALUE[COIN_BY_KEY[c]] for c in view["running"])
        need = price - banked - running
        unseen = self.unseen_coins(view)
        if not unseen:
            return True
        njet = sum(1 for c in unseen if c == NJET) / len(unseen)
        values = [COIN_VALUE[c] for c in unseen if c != NJET]
        mean = sum(values) / len(values) if values else 0.0
        win_now = sum(1 for c in unseen if c != NJET and COIN_VALUE[c] >= need) / len(unseen)
        danger = self.rival_danger(view)
        gain = (1 - njet) * mean + win_now * (need + 2.0) + danger * 2.0
        return gain > njet * running * 1.1

    def rival_danger(self, view: dict) -> float:
        """0..1: how close the nearest rival is to paying its guard."""
        worst = 0.0
        for info in view["seats"]:
            if info["seat"] == self.seat or not info["message"] or "guard" not in info["message"]:
                continue
            have = info["coin_total"] or 0
            gap = info["message"]["price"] - have
            worst = max(worst, 1.0 if gap <= 3 else 0.5)
        return worst

    @staticmethod
    def unseen_coins(view: dict) -> list[int]:
        unseen = coin_pool(view["options"]["coin_pool"])
        seen = list(view["removed"]) + list(view["running"])
        for info in view["seats"]:
            seen.extend(info["coins"] or [])
        for key in seen:
            unseen.remove(COIN_BY_KEY[key])
        return unseen


AGENTS = {"heuristic": HeuristicAgent}
"""The bots of this game by name (``Game.agents``)."""
