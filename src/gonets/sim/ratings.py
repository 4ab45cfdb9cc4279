"""Ratings fitted to every result at once: a Bradley-Terry model with bootstrap intervals.

Each match gives every agent a place (its best seat's: winners first, then by score); every
pair of agents in it is one comparison, won by the better place (a shared place is half a
win each). The Bradley-Terry model gives each agent a strength ``s`` such that ``a`` beats
``b`` with chance ``s_a / (s_a + s_b)``; its maximum-likelihood fit (Hunter's MM iteration, run
to convergence) depends only on how often each pair met and who won, never on the order of the
matches, so the same results always give the same ratings. One drawn comparison between every
pair that met is added as a prior, which keeps an agent that never lost finite and never
changes who is ahead of whom between two agents. Ratings are on the Elo scale (400 points:
ten to one odds), centred on 1500 for the field of the fit.

The 95% intervals come from a bootstrap over deals (the unit of a duplicate tournament:
every seating of a deal shares its luck, so a deal is resampled whole), with a fixed seed.
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
    deal, and each agent's place (1 is best)."""

    unit: str
    seating: str
    places: dict[str, int]

    def to_json(self) -> dict:
        return {"unit": self.unit, "seating": self.seating,
                "places": dict(sorted(self.places.items()))}

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        return cls(str(data["unit"]), str(data["seating"]),
                   {str(k): int(v) for k, v in data["places"].items()})


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
        placed = sorted(outcome.places.items())
        for i, (a, place_a) in enumerate(placed):
            for b, place_b in placed[i + 1:]:
                share = 1.0 if place_a < place_b else 0.0 if place_a > place_b else 0.5
                table[index[a], index[b]] += share
                table[index[b], index[a]] += 1.0 - share
    return units, wins


def fit(wins: np.ndarray, tolerance: float = 1e-12, rounds: int = 100_000) -> np.ndarray:
    """Elo-scale ratings centred on :data:`CENTRE` from ``wins[a, b]`` (comparisons ``a``
    won against ``b``), with :data:`PRIOR_DRAWS` added between every pair that met."""
    games = wins + wins.T
    met = games > 0
    wins = wins + np.where(met, PRIOR_DRAWS / 2, 0.0)
    games = games + np.where(met, PRIOR_DRAWS, 0.0)
    total = wins.sum(axis=1)
    strength = np.ones(len(wins))
    for _ in range(rounds):
        pairs = games / (strength[:, None] + strength[None, :])
        fresh = total / pairs.sum(axis=1)
        fresh /= math.exp(np.log(fresh).mean())
        done = np.max(np.abs(fresh - strength)) < tolerance
        strength = fresh
        if done:
            break
    return CENTRE + ELO * np.log(strength)


def rate_outcomes(outcomes: Iterable[Outcome], resamples: int = RESAMPLES, seed: int = 0
         ) -> dict[str, Rating]:
    """Every agent's rating with its 95% bootstrap interval (resampling deals)."""
    outcomes = list(outcomes)
    names = sorted({name for o in outcomes for name in o.places})
    if len(names) < 2:
        return {}
    units, wins = _wins_by_unit(outcomes, names)
    point = fit(wins.sum(axis=0))
    rng = np.random.default_rng(seed)
    draws = np.array([fit(np.tensordot(rng.multinomial(len(units),
                                                       [1 / len(units)] * len(units)),
                                       wins, axes=1))
                      for _ in range(resamples)])
    low, high = np.percentile(draws, [2.5, 97.5], axis=0)
    played = {name: sum(1 for o in outcomes if name in o.places) for name in names}
    return {name: Rating(float(point[i]), float(low[i]), float(high[i]), played[name])
            for i, name in enumerate(names)}


def merge(kept: Iterable[Outcome], new: Iterable[Outcome]) -> list[Outcome]:
    """``kept`` and ``new`` together; a new outcome replaces a kept one of the same deal and
    seating (running the same tournament again adds no evidence twice)."""
    found = {(o.unit, o.seating): o for o in kept}
    found.update(((o.unit, o.seating), o) for o in new)
    return list(found.values())
