"""The lab's tests across seats, multiple-comparison control, power and the logistic model,
each checked against an independent computation: a closed form worked out by hand, scipy's
distributions, statsmodels' own Cochran's Q and multiple-testing code, or a sandwich
covariance written out in numpy."""

from __future__ import annotations

import math
import random
from statistics import NormalDist

import numpy as np
import pytest
from scipy import stats as scipy_stats
from statsmodels.stats.contingency_tables import cochrans_q
from statsmodels.stats.multitest import multipletests

from gonets.core.errors import OptionError
from gonets.lab import inference
from gonets.lab.query import connect
from gonets.sim.stats import (
    benjamini_hochberg,
    chi2_sf,
    detectable_difference,
    holm,
    power_at,
    sample_size,
    simultaneous_z,
)
from tests.lab.synthetic import synthetic_run


def win_matrix(winners, players):
    return np.array([[int(seat in won) for seat in range(players)] for won in winners])


# -- distributions and multiple comparisons -----------------------------------------------------
def test_chi2_tail_matches_scipy_and_the_closed_form_of_two_degrees():
    for df in (1, 2, 3, 4, 5, 7, 10, 25, 60):
        for x in (0.2, 1.0, 3.84, 9.5, 30.0, 120.0):
            assert chi2_sf(x, df) == pytest.approx(scipy_stats.chi2.sf(x, df), rel=1e-9)
    assert chi2_sf(5.0, 2) == pytest.approx(math.exp(-2.5))        # df 2: exp(-x/2)
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05)
    with pytest.raises(ValueError):
        chi2_sf(1.0, 0)


def test_holm_on_the_textbook_example():
    # four hypotheses with p = 0.01, 0.04, 0.03, 0.005 at alpha 0.05: sorted 0.005, 0.01,
    # 0.03, 0.04 are compared with 0.05/4, 0.05/3, 0.05/2, 0.05/1; the first two pass, the
    # third (0.03 > 0.025) stops the procedure, so H1 and H4 are rejected and H2, H3 kept.
    # Adjusted: 4*0.005 = 0.02, 3*0.01 = 0.03, max(0.03, 2*0.03) = 0.06, max(0.06, 0.04)
    p = [0.01, 0.04, 0.03, 0.005]
    adjusted = holm(p)
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert [a <= 0.05 for a in adjusted] == [True, False, False, True]


def test_holm_and_bh_agree_with_statsmodels_and_skip_nan():
    rng = random.Random(4)
    for size in (1, 2, 5, 13):
        p = [rng.random() ** 3 for _ in range(size)]
        assert holm(p) == pytest.approx(list(multipletests(p, method="holm")[1]))
        assert benjamini_hochberg(p) == pytest.approx(list(multipletests(p, method="fdr_bh")[1]))
    with_gap = holm([0.01, math.nan, 0.04])
    assert with_gap[0] == pytest.approx(0.02) and math.isnan(with_gap[1])
    assert with_gap[2] == pytest.approx(0.04)
    # BH by hand: sorted 0.005, 0.01, 0.03, 0.04 -> 4*0.005/1, 4*0.01/2, 4*0.03/3, 4*0.04/4
    # = 0.02, 0.02, 0.04, 0.04 (each the minimum of itself and the ones after)
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.02, 0.04, 0.04,
                                                                            0.02])


def test_simultaneous_z_spends_alpha_over_the_family():
    assert simultaneous_z(1) == pytest.approx(1.959964, abs=1e-6)
    for m in (2, 3, 10):
        z = simultaneous_z(m)
        assert 2 * (1 - NormalDist().cdf(z)) == pytest.approx(0.05 / m)


def test_power_formula_by_hand():
    # two-sided 5% and 80% power: (1.959964 + 0.841621)^2 = 7.8489; sd 0.5, delta 0.1 gives
    # 7.8489 * 0.25 / 0.01 = 196.2 -> 197 observations
    assert sample_size(0.1, 0.5) == 197
    assert sample_size(0.02, 0.5) == math.ceil(7.848879734349 * 0.25 / 0.0004)
    assert power_at(197, 0.1, 0.5) >= 0.8 > power_at(196, 0.1, 0.5)
    assert power_at(196, 0.1, 0.5) == pytest.approx(NormalDist().cdf(0.1 * 14 / 0.5 - 1.959964)
                                                    + NormalDist().cdf(-2.8 - 1.959964),
                                                    abs=1e-6)
    assert detectable_difference(196, 0.5) == pytest.approx(2.801585 * 0.5 / 14, abs=1e-6)
    with pytest.raises(ValueError):
        sample_size(0.0, 0.5)


# -- the test across seats ----------------------------------------------------------------------
def test_seat_test_by_hand(tmp_path):
    # seat wins C = (3, 2, 0), mean 5/3, sum of squares 42/9; winners per match 1, 1, 1, 2, 0
    # so sum k(n-k) = 2+2+2+2+0 = 8; Q = 3*2*(42/9)/8 = 3.5 on 2 df, p = exp(-1.75)
    winners = [[0], [0], [1], [0, 1], []]
    con = connect([synthetic_run(tmp_path / "r", 3, winners)])
    test = inference.seat_test(con, str(tmp_path / "r"))
    assert test.statistic == pytest.approx(3.5) and test.df == 2
    assert test.p_value == pytest.approx(math.exp(-1.75))
    assert (test.matches, test.informative, test.single_winner) == (5, 4, 3)


def test_seat_test_is_the_chi_square_of_win_counts_with_one_winner_a_match(tmp_path):
    rng = random.Random(7)
    winners = [[rng.choice([0, 0, 1, 2, 3])] for _ in range(400)]
    con = connect([synthetic_run(tmp_path / "r", 4, winners)])
    test = inference.seat_test(con, str(tmp_path / "r"))
    counts = [sum(w == [seat] for w in winners) for seat in range(4)]
    reference = scipy_stats.chisquare(counts)
    assert test.statistic == pytest.approx(reference.statistic)
    assert test.p_value == pytest.approx(reference.pvalue)


def test_seat_test_with_shared_wins_no_winner_and_team_wins(tmp_path):
    rng = random.Random(11)
    winners = []
    for _ in range(300):
        kind = rng.random()
        if kind < 0.1:
            winners.append([])                              # nobody won
        elif kind < 0.2:
            winners.append([0, 1, 2])                       # a team win
        elif kind < 0.35:
            winners.append(sorted(rng.sample([0, 1, 2], 2)))   # a shared win
        else:
            winners.append([rng.choice([0, 0, 1, 2])])
    con = connect([synthetic_run(tmp_path / "r", 3, winners)])
    test = inference.seat_test(con, str(tmp_path / "r"))
    reference = cochrans_q(win_matrix(winners, 3))
    assert test.statistic == pytest.approx(reference.statistic)
    assert test.p_value == pytest.approx(reference.pvalue) and test.df == reference.df
    # matches nobody won and team wins carry no seat information: without them, the same Q
    informative = [w for w in winners if 0 < len(w) < 3]
    con = connect([synthetic_run(tmp_path / "only", 3, informative)])
    assert inference.seat_test(con, str(tmp_path / "only")).statistic == \
        pytest.approx(test.statistic)


def test_seat_test_of_a_cooperative_run_says_why_there_is_none(tmp_path):
    con = connect([synthetic_run(tmp_path / "coop", 3, [[0, 1, 2], [], [0, 1, 2]])])
    test = inference.seat_test(con, str(tmp_path / "coop"))
    assert math.isnan(test.p_value) and "won by all seats together or by none" in test.note


def test_seat_differences_against_the_fair_share(tmp_path):
    # two seats, one winner a match: the fair share is 1/2 and a seat's difference is
    # won - 1/2 per match, so its mean is the win rate minus 1/2 and its sd is the sample sd
    winners = [[0]] * 36 + [[1]] * 24
    con = connect([synthetic_run(tmp_path / "r", 2, winners)])
    run = str(tmp_path / "r")
    assert inference.fair_share(con, run) == pytest.approx(0.5)
    p1, p2 = inference.seat_differences(con, run)
    values = [0.5] * 36 + [-0.5] * 24
    sd = float(np.std(values, ddof=1))
    assert p1.value == pytest.approx(0.1) and p2.value == pytest.approx(-0.1)
    assert p1.se == pytest.approx(sd / math.sqrt(60))
    assert p1.p_value == pytest.approx(2 * (1 - NormalDist().cdf(0.1 / (sd / math.sqrt(60)))))
    assert inference.null_sd(con, run) == pytest.approx(0.5)
    # shared wins: a 3-seat match won by two seats has a fair share 2/3 for each seat
    con = connect([synthetic_run(tmp_path / "s", 3, [[0, 1], [0], [2], []])])
    run = str(tmp_path / "s")
    assert inference.fair_share(con, run) == pytest.approx((2 / 3 + 1 / 3 + 1 / 3 + 0) / 4)
    # null sd: mean of k(n-k)/n^2 = (2 + 2 + 2 + 0) / 9 / 4
    assert inference.null_sd(con, run) == pytest.approx(math.sqrt(6 / 9 / 4))


def test_adjust_family_gives_holm_and_bonferroni_intervals(tmp_path):
    winners = [[0]] * 40 + [[1]] * 25 + [[2]] * 15
    con = connect([synthetic_run(tmp_path / "r", 3, winners)])
    diffs = inference.seat_differences(con, str(tmp_path / "r"))
    adjusted = inference.adjust_family(diffs)
    assert [a.holm for a in adjusted] == pytest.approx(holm([d.p_value for d in diffs]))
    z = NormalDist().inv_cdf(1 - 0.05 / 6)
    for a, d in zip(adjusted, diffs, strict=True):
        assert a.family == 3
        assert (a.low, a.high) == pytest.approx((d.value - z * d.se, d.value + z * d.se))
        if a.low > 0 or a.high < 0:            # excluding 0 at Bonferroni level: Holm agrees
            assert a.holm < 0.05


# -- the logistic model -------------------------------------------------------------------------
def logit(p):
    return math.log(p / (1 - p))


@pytest.fixture
def agents_run(tmp_path):
    """Three seats, agents h, r, r rotated; outcomes drawn so h wins more."""
    rng = random.Random(3)
    winners = []
    for index in range(240):
        h_seat = (3 - index % 3) % 3            # where h sits after rotating index places
        roll = rng.random()
        winners.append([] if roll < 0.1 else [h_seat] if roll < 0.6 else
                       [rng.choice([s for s in range(3) if s != h_seat])])
    path = synthetic_run(tmp_path / "agents", 3, winners, bots=["h", "r", "r"])
    return connect([path]), str(path), winners


def test_logistic_agent_effect_is_the_log_odds_ratio_of_the_2x2_table(agents_run):
    con, run, _ = agents_run
    table = con.execute("SELECT agent, sum(won::INT), sum(1 - won::INT) FROM seats "
                        "GROUP BY 1 ORDER BY 1").fetchall()
    (_, h_won, h_lost), (_, r_won, r_lost) = table
    fit = inference.logistic_model(con, run, ["agent"], seat=False)
    # reference h: the coefficient of agent=r is log((r_won/r_lost) / (h_won/h_lost))
    assert fit.coefficient("agent=r").estimate == pytest.approx(
        math.log(r_won * h_lost / (r_lost * h_won)), abs=1e-8)
    assert fit.coefficient("(intercept)").estimate == pytest.approx(math.log(h_won / h_lost))
    assert fit.reference == {"agent": "h"} and fit.observations == 720 and fit.clusters == 240


def test_logistic_standard_errors_are_the_cluster_sandwich(agents_run):
    con, run, winners = agents_run
    fit = inference.logistic_model(con, run, ["agent"])
    # the design by hand: intercept, seat p2, seat p3, agent=r, and seat × agent=r
    rows = con.execute("SELECT seed, seat_number, agent, won::INT FROM seats "
                       "ORDER BY \"index\", seat").fetchall()
    x = np.array([[1, s == 2, s == 3, a == "r", s == 2 and a == "r", s == 3 and a == "r"]
                  for _, s, a, _ in rows], dtype=float)
    y = np.array([w for *_, w in rows], dtype=float)
    seeds = np.array([seed for seed, *_ in rows])
    names = ["(intercept)", "seat p2", "seat p3", "agent=r", "seat p2 × agent=r",
             "seat p3 × agent=r"]
    beta = np.array([fit.coefficient(n).estimate for n in names])
    p = 1 / (1 + np.exp(-x @ beta))
    assert x.T @ (y - p) == pytest.approx(np.zeros(6), abs=1e-7)   # the score is 0 at the MLE
    bread = np.linalg.inv(x.T @ (x * (p * (1 - p))[:, None]))
    scores = x * (y - p)[:, None]
    meat = sum(np.outer(scores[seeds == g].sum(0), scores[seeds == g].sum(0))
               for g in np.unique(seeds))
    n, k, groups = len(y), 6, len(np.unique(seeds))
    cov = groups / (groups - 1) * (n - 1) / (n - k) * bread @ meat @ bread
    for i, name in enumerate(names):
        c = fit.coefficient(name)
        assert c.se == pytest.approx(math.sqrt(cov[i, i]), rel=1e-6)
        assert (c.low, c.high) == pytest.approx((c.estimate - 1.959964 * c.se,
                                                 c.estimate + 1.959964 * c.se), rel=1e-5)
    # the joint test of the one-column term agent is the square of its z
    term = fit.term("agent")
    c = fit.coefficient("agent=r")
    assert term.df == 1 and term.statistic == pytest.approx((c.estimate / c.se) ** 2)
    assert term.p_value == pytest.approx(c.p_value)
    assert fit.term("seat × agent").df == 2


def test_logistic_fit_agrees_with_statsmodels(tmp_path):
    import statsmodels.api as sm

    rng = random.Random(21)
    runs = []
    for name, preset, lean in (("a", None, [0, 0, 1, 2]), ("b", "premium", [0, 1, 2, 2, 1])):
        winners = [[] if rng.random() < 0.08 else [rng.choice(lean)] for _ in range(150)]
        runs.append(synthetic_run(tmp_path / name, 3, winners, bots=["h", "r", "r"],
                                  preset=preset))
    con = connect(runs)
    fit = inference.logistic_model(con, None, ["preset", "agent"])
    rows = con.execute("SELECT s.seed, s.seat_number, m.preset, s.agent, s.won::INT FROM seats s "
                       "JOIN matches m USING (run, \"index\") ORDER BY s.run, s.\"index\", "
                       "s.seat").fetchall()
    columns = {"(intercept)": [1] * len(rows)}
    for seat in (2, 3):
        columns[f"seat p{seat}"] = [r[1] == seat for r in rows]
    columns["preset=seed"] = [r[2] == "seed" for r in rows]       # premium sorts first
    columns["agent=r"] = [r[3] == "r" for r in rows]
    for seat in (2, 3):
        columns[f"seat p{seat} × preset=seed"] = [r[1] == seat and r[2] == "seed" for r in rows]
        columns[f"seat p{seat} × agent=r"] = [r[1] == seat and r[3] == "r" for r in rows]
    x = np.array(list(columns.values()), dtype=float).T
    y = np.array([r[4] for r in rows], dtype=float)
    groups = np.array([r[0] for r in rows])
    reference = sm.Logit(y, x).fit(disp=0, cov_type="cluster", cov_kwds={"groups": groups})
    for i, name in enumerate(columns):
        c = fit.coefficient(name)
        assert c.estimate == pytest.approx(reference.params[i], abs=1e-7)
        assert c.se == pytest.approx(reference.bse[i], rel=1e-6)
        assert c.p_value == pytest.approx(reference.pvalues[i], rel=1e-5, abs=1e-12)
    assert {t.term for t in fit.terms} == {"seat", "preset", "agent", "seat × preset",
                                           "seat × agent"}


def test_seat_by_run_model_is_saturated(tmp_path):
    rng = random.Random(5)
    first = [[rng.choice([0, 0, 1])] for _ in range(200)]
    second = [[rng.choice([0, 1, 1, 1])] for _ in range(200)]
    a = synthetic_run(tmp_path / "a", 2, first)
    b = synthetic_run(tmp_path / "b", 2, second, preset="premium")
    con = connect([a, b])
    fit = inference.logistic_model(con, [str(a), str(b)], ["run"],
                                   reference={"run": str(a)})
    # each (seat, run) cell is free, so the fit reproduces the cells' win rates exactly
    rate = {(run, seat): sum(w == [seat] for w in data) / 200
            for run, data in (("a", first), ("b", second)) for seat in (0, 1)}
    c = {x.term: x.estimate for x in fit.coefficients}
    assert c["(intercept)"] == pytest.approx(logit(rate["a", 0]), abs=1e-7)
    assert c["(intercept)"] + c["seat p2"] == pytest.approx(logit(rate["a", 1]), abs=1e-7)
    assert c["(intercept)"] + c[f"run={b}"] == pytest.approx(logit(rate["b", 0]), abs=1e-7)
    total = c["(intercept)"] + c["seat p2"] + c[f"run={b}"] + c[f"seat p2 × run={b}"]
    assert total == pytest.approx(logit(rate["b", 1]), abs=1e-7)
    assert [t.term for t in fit.terms] == ["seat", "run", "seat × run"]


def test_logistic_model_names_what_cannot_be_fitted(tmp_path):
    rng = random.Random(9)
    never_p3 = [[rng.choice([0, 1])] for _ in range(60)]
    a = synthetic_run(tmp_path / "a", 3, never_p3)
    b = synthetic_run(tmp_path / "b", 3, [[rng.choice([0, 1, 2])] for _ in range(60)],
                      preset="premium")
    con = connect([a, b])
    with pytest.raises(OptionError, match="separation: every one of the 60 seat rows with "
                                          "seat p3 lost"):
        inference.logistic_model(con, str(a))
    # premium sorts first, so it is the reference and run b is 1 - preset=seed
    with pytest.raises(OptionError, match=r"singular design: column 'run=.*' is a "
                                          r"combination of '\(intercept\)', 'preset=seed'"):
        inference.logistic_model(con, None, ["preset", "run"], interactions=False)
    with pytest.raises(OptionError, match="has one value"):
        inference.logistic_model(con, str(b), ["preset"])
    with pytest.raises(OptionError, match="no column 'nope'"):
        inference.logistic_model(con, None, ["nope"])
    with pytest.raises(OptionError, match="outcome or the seat"):
        inference.logistic_model(con, None, ["won"])
    with pytest.raises(OptionError, match="'agents' holds VARCHAR\\[\\] values"):
        inference.logistic_model(con, None, ["agents"])
    with pytest.raises(OptionError, match="no run 'elsewhere'"):
        inference.logistic_model(con, "elsewhere")
    # seat p3 exists only at 3 players, so its main effect is its interaction with players=3
    two = synthetic_run(tmp_path / "two", 2, [[rng.choice([0, 1])] for _ in range(60)],
                        seed=100)
    con = connect([b, two])
    with pytest.raises(OptionError, match=r"singular design: column 'seat p3 × players=3' is "
                                          r"a combination of 'seat p3'"):
        inference.logistic_model(con, None, ["players"])
    fit = inference.logistic_model(con, None, ["players"], interactions=False)
    assert fit.reference == {"seat": "p1", "players": "2"} and fit.clusters == 120
