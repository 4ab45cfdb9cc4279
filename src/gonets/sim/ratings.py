"""Ratings fitted to every result at once: a Bradley-Terry model with bootstrap intervals.

Each match gives every seat a place (winners first, then by score); every pair of seats held
by different agents is one comparison, won by the better place (a shared place is half a win
each), so an agent that holds two seats of three is judged per seat, as its win rate is. The
Bradley-Terry model gives each agent a strength ``s`` such that ``a`` beats
``b`` with chance ``s_a / (s_a + s_b)``; its maximum-likelihood fit (Hunter's MM iteration, run
to convergence) depends only on how often each pair met and who won, never on the order of the
matches, so the same results always give the same ratings. One drawn comparison between every
pair that met is added as a prior, which keeps an agent that never lost finite and never
changes who is ahead of whom between two agents. Ratings are on the Elo scale (400 points:
ten to one odds), centred on 1500 for each group of agents linked by comparisons (agents that
never met, even through others, are not on one scale).

The 95% intervals come from a bootstrap over deals (the unit of a duplicate tournament:
every seating of a deal shares its luck, so a deal is resampled whole), with a fixed seed; a
resample that leaves an agent out says nothing about it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

ELO = 400 / math.log(10)
CENTRE = 1500.0
PRIOR_DRAWS = 1.0
"""Drawn comparisons added between every pair of agents that met."""
RESAMPLES = 1000


@dataclass(frozen=True)
class Outcome:
    """One match: the deal it belongs to (``unit``, resampled whole), its seating within the
    deal, and each seat's agent and place (1 is best)."""

    unit: str
    seating: str
    places: tuple[tuple[str, int], ...]

    @property
    def agents(self) -> set[str]:
        return {name for name, _ in self.places}

    def to_json(self) -> dict:
        return {"unit": self.unit, "seating": self.seating,
                "places": [list(seat) for seat in self.places]}

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        return cls(str(data["unit"]), str(data["seating"]),
                   tuple((str(name), int(place)) for name, place in data["places"]))


@dataclass(frozen=True)
class Rating:
    """An agent's fitted rating, its 95% bootstrap interval and how many matches it played."""

    rating: float
    low: float
    high: float
    matches: int

    def to_json(self) -> dict:
        return {"rating": round(self.rating, 2), "ci95": [round(self.low, 2),
                                                          round(self.high, 2)],
                "matches": self.matches}


def _wins_by_unit(outcomes: Sequence[Outcome], names: list[str]
                  ) -> tuple[list[str], np.ndarray]:
    """The units, and for each one the matrix of comparisons won (row beat column)."""
    index = {name: i for i, name in enumerate(names)}
    units = sorted({o.unit for o in outcomes})
    where = {unit: i for i, unit in enumerate(units)}
    wins = np.zeros((len(units), len(names), len(names)))
    for outcome in outcomes:
        table = wins[where[outcome.unit]]
        seats = outcome.places
        for i, (a, place_a) in enumerate(seats):
            for b, place_b in seats[i + 1:]:
                if a == b:
                    continue
                share = 1.0 if place_a < place_b else 0.0 if place_a > place_b else 0.5
                table[index[a], index[b]] += share
                table[index[b], index[a]] += 1.0 - share
    return units, wins


def _groups(met: np.ndarray) -> np.ndarray:
    """A group number per agent: agents linked by comparisons share one (-1: none)."""
    group = np.full(len(met), -1)
    for start in range(len(met)):
        if group[start] >= 0 or not met[start].any():
            continue
        group[start], todo = start, [start]
        while todo:
            for other in np.flatnonzero(met[todo.pop()]):
                if group[other] < 0:
                    group[other] = start
                    todo.append(other)
    return group


def fit(wins: np.ndarray, tolerance: float = 1e-10, rounds: int = 100_000) -> np.ndarray:
    """Elo-scale ratings from ``wins[a, b]`` (comparisons ``a`` won against ``b``), with
    :data:`PRIOR_DRAWS` added between every pair that met, centred on :data:`CENTRE` in each
    group of linked agents; NaN for an agent with no comparison."""
    games = wins + wins.T
    met = games > 0
    group = _groups(met)
    present = group >= 0
    wins = wins + np.where(met, PRIOR_DRAWS / 2, 0.0)
    games = games + np.where(met, PRIOR_DRAWS, 0.0)
    total = wins.sum(axis=1)[present]
    games = games[np.ix_(present, present)]
    group = group[present]
    members = [group == g for g in np.unique(group)]
    log_strength = np.zeros(int(present.sum()))
    for _ in range(rounds if members else 0):
        strength = np.exp(log_strength)
        pairs = games / (strength[:, None] + strength[None, :])
        fresh = np.log(total / pairs.sum(axis=1))
        for member in members:
            fresh[member] -= fresh[member].mean()
        done = np.max(np.abs(fresh - log_strength)) < tolerance
        log_strength = fresh
        if done:
            break
    ratings = np.full(len(present), np.nan)
    ratings[present] = CENTRE + ELO * log_strength
    return ratings


def rate_outcomes(outcomes: Iterable[Outcome], resamples: int = RESAMPLES, seed: int = 0
                  ) -> dict[str, Rating]:
    """Every compared agent's rating with its 95% bootstrap interval (resampling deals)."""
    outcomes = [o for o in outcomes if len(o.agents) > 1]
    names = sorted({name for o in outcomes for name in o.agents})
    if len(names) < 2:
        return {}
    units, wins = _wins_by_unit(outcomes, names)
    point = fit(wins.sum(axis=0))
    rng = np.random.default_rng(seed)
    draws = np.array([fit(np.tensordot(rng.multinomial(len(units),
                                                       [1 / len(units)] * len(units)),
                                       wins, axes=1))
                      for _ in range(resamples)])
    low, high = np.nanpercentile(draws, [2.5, 97.5], axis=0)
    played = {name: sum(1 for o in outcomes if name in o.agents) for name in names}
    return {name: Rating(float(point[i]), float(low[i]), float(high[i]), played[name])
            for i, name in enumerate(names)}


def merge(kept: Iterable[Outcome], new: Iterable[Outcome]) -> list[Outcome]:
    """``kept`` and ``new`` together; a new outcome replaces a kept one of the same deal and
    seating (running the same tournament again adds no evidence twice)."""
    found = {(o.unit, o.seating): o for o in kept}
    found.update(((o.unit, o.seating), o) for o in new)
    return list(found.values())
