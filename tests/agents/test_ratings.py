"""Batch ratings: the Bradley-Terry fit, its order independence, its bootstrap intervals and the
keeping of results across tournaments."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from gonets.sim.ratings import CENTRE, ELO, Outcome, fit, merge, rate_outcomes


def duel(unit: str, seating: str, winner: str, loser: str) -> Outcome:
    return Outcome(unit, seating, {winner: 1, loser: 2})


def test_two_agents_fit_their_share_of_wins_with_one_prior_draw():
    wins = np.array([[0.0, 30.0], [10.0, 0.0]])
    a, b = fit(wins)
    share = 1 / (1 + math.exp(-(a - b) / ELO))
    assert share == pytest.approx((30 + 0.5) / (40 + 1))
    assert (a + b) / 2 == pytest.approx(CENTRE)


def test_three_agents_recover_the_strengths_they_were_drawn_from():
    rng = random.Random(3)
    truth = {"a": 0.0, "b": 200.0, "c": 400.0}
    outcomes = []
    for deal in range(3000):
        x, y = rng.sample(sorted(truth), 2)
        p = 1 / (1 + 10 ** ((truth[y] - truth[x]) / 400))
        winner, loser = (x, y) if rng.random() < p else (y, x)
        outcomes.append(duel(f"u{deal}", f"{x}/{y}", winner, loser))
    found = rate_outcomes(outcomes, resamples=200)
    gaps = [found["b"].rating - found["a"].rating, found["c"].rating - found["b"].rating]
    assert all(abs(gap - 200) < 40 for gap in gaps), gaps
    for rating in found.values():
        assert rating.low < rating.rating < rating.high


def test_the_order_of_the_results_plays_no_part():
    rng = random.Random(5)
    names = ["a", "b", "c", "d"]
    outcomes = [Outcome(f"u{i % 40}", f"s{i}", dict(zip(rng.sample(names, 4), (1, 2, 2, 4))))
                for i in range(160)]
    first = rate_outcomes(outcomes, resamples=50)
    shuffled = outcomes[:]
    rng.shuffle(shuffled)
    assert rate_outcomes(shuffled, resamples=50) == first


def test_an_agent_that_never_lost_stays_finite_and_ahead():
    outcomes = [duel(f"u{i}", "a/b", "a", "b") for i in range(20)]
    found = rate_outcomes(outcomes, resamples=50)
    assert math.isfinite(found["a"].rating) and found["a"].rating > found["b"].rating
    assert found["a"].matches == 20


def test_a_deal_is_resampled_whole():
    """Two seatings of one deal with opposite winners cancel: resampling deals keeps them
    together, so every bootstrap fit is even and the interval is a point."""
    outcomes = []
    for deal in range(30):
        outcomes += [duel(f"u{deal}", "a/b", "a", "b"), duel(f"u{deal}", "b/a", "b", "a")]
    found = rate_outcomes(outcomes, resamples=100)
    assert found["a"].low == pytest.approx(CENTRE) and found["a"].high == pytest.approx(CENTRE)


def test_shared_places_are_half_a_win_and_lone_agents_are_not_rated():
    found = rate_outcomes([Outcome("u", "s", {"a": 1, "b": 1})], resamples=10)
    assert found["a"].rating == pytest.approx(found["b"].rating)
    assert rate_outcomes([Outcome("u", "s", {"a": 1})]) == {}


def test_merge_replaces_the_same_deal_and_seating_and_keeps_the_rest():
    kept = [duel("u0", "a/b", "a", "b"), duel("u1", "a/b", "a", "b")]
    new = [duel("u0", "a/b", "b", "a"), duel("u2", "a/b", "a", "b")]
    merged = merge(kept, new)
    assert len(merged) == 3 and duel("u0", "a/b", "b", "a") in merged
