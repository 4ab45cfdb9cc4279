"""Paired comparisons of two runs on the same seeds: agents paired by seed, self-play said
rather than given a fake interval, paired scores; each worked out by hand."""

from __future__ import annotations

import math

import pytest

from gonets.lab import analysis
from gonets.lab.query import connect
from gonets.sim.stats import Z95
from tests.lab.synthetic import synthetic_run

# three seats, bots h, r, r rotated: match 0 seats (h, r, r), 1 (r, r, h), 2 (r, h, r),
# 3 (h, r, r)
FIRST = [[0], [0], [1], [1]]
SECOND = [[1], [2], [1], [0, 1]]


@pytest.fixture
def pair(tmp_path):
    a = synthetic_run(tmp_path / "a", 3, FIRST, bots=["h", "r", "r"],
                      scores=[[3, 1, 0], [2, 2, 1], [0, 4, 1], [1, 2, 2]])
    b = synthetic_run(tmp_path / "b", 3, SECOND, bots=["h", "r", "r"], preset="premium",
                      scores=[[1, 5, 0], [2, 0, 3], [1, 4, 4], [3, 3, 0]])
    return connect([a, b]), str(a), str(b)


def mean_sd(values):
    mean = sum(values) / len(values)
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def test_agents_are_paired_by_seed(pair):
    con, a, b = pair
    # h's seat: 0, 2, 1, 0. First run: h won matches 0 (seat 0) and 2 (seat 1): 1, 0, 1, 0;
    # second: h won 1 (seat 2), 2 (seat 1) and 3 (seat 0, shared): 0, 1, 1, 1. Differences
    # -1, 1, 0, 1. r holds two seats: first run r won matches 1 (seat 0) and 3 (seat 1):
    # 0, 1/2, 0, 1/2; second: matches 0 (seat 1) and 3 (seat 1): 1/2, 0, 0, 1/2.
    # Differences 1/2, -1/2, 0, 0.
    h, r = analysis.paired_agents(con, a, b)
    for estimate, diffs in ((h, [-1, 1, 0, 1]), (r, [0.5, -0.5, 0, 0])):
        mean, sd = mean_sd(diffs)
        assert estimate.n == 4 and estimate.value == pytest.approx(mean)
        assert (estimate.low, estimate.high) == pytest.approx(
            (mean - Z95 * sd / 2, mean + Z95 * sd / 2))
    assert (h.label, r.label) == ("h", "r")
    assert h.value == pytest.approx(0.25) and r.value == pytest.approx(0.0)
    assert analysis.self_play_agents(con, a, b) == []


def test_paired_scores_per_seat_and_total(pair):
    con, a, b = pair
    p1, p2, p3, total = analysis.paired_scores(con, a, b)
    # seat p1: 1-3, 2-2, 1-0, 3-1 = -2, 0, 1, 2; totals: 6-4, 5-5, 9-5, 6-5 = 2, 0, 4, 1
    for estimate, diffs in ((p1, [-2, 0, 1, 2]), (total, [2, 0, 4, 1])):
        mean, sd = mean_sd(diffs)
        assert estimate.value == pytest.approx(mean)
        assert estimate.se == pytest.approx(sd / 2)
        assert estimate.p_value == pytest.approx(math.erfc(abs(mean) / (sd / 2) / math.sqrt(2)))
    assert (p2.label, p3.label, total.label) == ("p2", "p3", "total")


def test_paired_seats_and_the_winners_measure(pair):
    con, a, b = pair
    p1, p2, p3 = analysis.paired_seats(con, a, b)
    # p1 won: first 1, 1, 0, 0; second 0, 0, 0, 1 -> -1, -1, 0, 1
    mean, sd = mean_sd([-1, -1, 0, 1])
    assert p1.value == pytest.approx(mean) and p1.se == pytest.approx(sd / 2)
    winners = {e.label: e for e in analysis.paired_measures(con, a, b, [])}["winners"]
    assert winners.value == pytest.approx(0.25)          # one more winner in match 3 only


def test_self_play_is_said_and_not_compared(tmp_path):
    a = synthetic_run(tmp_path / "a", 2, [[0], [1], [0]], bots=["h", "h"])
    b = synthetic_run(tmp_path / "b", 2, [[1], [1], [0]], bots=["h", "h"], preset="premium")
    con = connect([a, b])
    assert analysis.self_play_agents(con, str(a), str(b)) == ["h"]
    assert analysis.paired_agents(con, str(a), str(b)) == []
    # self-play in one run only is a real comparison: h against r in the second
    c = synthetic_run(tmp_path / "c", 2, [[1], [1], [0]], bots=["h", "r"], preset="premium")
    con = connect([a, c])
    assert analysis.self_play_agents(con, str(a), str(c)) == []
    h = {e.label: e for e in analysis.paired_agents(con, str(a), str(c))}["h"]
    # h's rate in a is always 1/2; in c h sits at seat 0, 1, 0: won 0, 1, 1
    assert h.value == pytest.approx((-0.5 + 0.5 + 0.5) / 3)
