"""Batch ratings: the Bradley-Terry fit, its order independence, its bootstrap intervals and the
keeping of results across tournaments."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from gonets.sim.ratings import CENTRE, ELO, Outcome, fit, merge, rate_outcomes


def duel(unit: str, seating: str, winner: str, loser: str) -> Outcome:
    return Outcome(unit, seating, ((winner, 1), (loser, 2)))


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
    outcomes = [Outcome(f"u{i % 40}", f"s{i}", tuple(zip(rng.sample(names, 4), (1, 2, 2, 4))))
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
    found = rate_outcomes([Outcome("u", "s", (("a", 1), ("b", 1)))], resamples=10)
    assert found["a"].rating == pytest.approx(found["b"].rating)
    assert rate_outcomes([Outcome("u", "s", (("a", 1),))]) == {}
    with_lone = rate_outcomes([Outcome("u", "s", (("a", 1),)), duel("v", "s", "a", "b")],
                              resamples=10)
    assert with_lone["a"].matches == 1 and all(map(math.isfinite, (with_lone["a"].rating,
                                                                    with_lone["a"].low)))


def test_merge_replaces_the_same_deal_and_seating_and_keeps_the_rest():
    kept = [duel("u0", "a/b", "a", "b"), duel("u1", "a/b", "a", "b")]
    new = [duel("u0", "a/b", "b", "a"), duel("u2", "a/b", "a", "b")]
    merged = merge(kept, new)
    assert len(merged) == 3 and duel("u0", "a/b", "b", "a") in merged


def test_an_agent_with_two_seats_is_judged_per_seat():
    """Three seats, hard in two of them: a seat of hard wins 30% of the time and normal's
    one seat 40% (so hard's per-seat win rate is lower); hard's best seat would often place
    first, but seats are compared one to one, so hard is rated below normal."""
    rng = random.Random(7)
    outcomes = []
    for deal in range(600):
        pick = rng.random()
        winner = 0 if pick < 0.3 else 1 if pick < 0.6 else 2
        places = [2, 2, 2]
        places[winner] = 1
        outcomes.append(Outcome(f"u{deal}", "hard/hard/normal",
                                tuple(zip(("hard", "hard", "normal"), places))))
    found = rate_outcomes(outcomes, resamples=100)
    assert found["hard"].rating < found["normal"].rating


def test_a_resample_that_leaves_an_agent_out_keeps_the_intervals_finite():
    """A big hard-normal run and two deals of hard-random: many resamples hold no random."""
    outcomes = [duel(f"big{i}", "s", "hard" if i % 3 else "normal", "normal" if i % 3 else
                     "hard") for i in range(100)]
    outcomes += [duel("small0", "s", "hard", "random"), duel("small1", "s", "random", "hard")]
    found = rate_outcomes(outcomes, resamples=200)
    for rating in found.values():
        assert all(map(math.isfinite, (rating.rating, rating.low, rating.high)))


def test_agents_that_never_met_are_each_centred_in_their_own_group():
    outcomes = [duel("u0", "s", "a", "b"), duel("u1", "s", "c", "d"), duel("u2", "s", "c", "d")]
    found = fit(_matrix(outcomes, ["a", "b", "c", "d"]))
    assert (found[0] + found[1]) / 2 == pytest.approx(CENTRE)
    assert (found[2] + found[3]) / 2 == pytest.approx(CENTRE)
    lonely = fit(np.zeros((2, 2)))
    assert np.isnan(lonely).all()


def _matrix(outcomes, names):
    from gonets.sim.ratings import _wins_by_unit

    return _wins_by_unit(outcomes, names)[1].sum(axis=0)
