"""Tests that answer a designer's questions over lab runs (the ``matches``/``seats`` views of
:func:`gonets.lab.query.connect`): a test across all seats at once, each seat against the fair
share, a logistic model of winning on seat and factors with cluster-robust intervals,
multiple-comparison control over a family of tests, and the power of a run.

Notation: a run's match ``m`` has ``n`` seats and ``k_m`` winners (a shared win counts for
each winner; ``k_m = 0``: nobody won; ``k_m = n``: a team win, every seat together).
``W_ms`` is 1 when seat ``s`` won match ``m``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gonets.core.errors import OptionError
from gonets.lab.analysis import Estimate, difference, seat_rates
from gonets.sim.stats import (
    ALPHA,
    POWER,
    benjamini_hochberg,
    chi2_sf,
    detectable_difference,
    holm,
    normal_quantile,
    simultaneous_z,
    z_test,
)


def _rows(con: Any, sql: str, params: list | None = None) -> list[tuple]:
    return con.execute(sql, params or []).fetchall()


def _players(con: Any, run: str) -> int:
    counts = [n for (n,) in _rows(con, "SELECT DISTINCT players FROM matches WHERE run = ?",
                                  [run])]
    if not counts:
        raise OptionError(f"no match of run {run!r} in this connection")
    if len(counts) > 1:
        raise OptionError(f"run {run!r} mixes player counts ({sorted(counts)}); the seats "
                          "are compared within one player count")
    return counts[0]


# -- the test across all seats ------------------------------------------------------------------
@dataclass(frozen=True)
class SeatTest:
    """Cochran's Q test that every seat of a run has the same chance to win.

    ``informative``: matches with some but not all seats winning (only these can tell seats
    apart); ``single_winner``: matches with exactly one winner. ``p_value`` is NaN, with
    ``note`` saying why, when no match is informative or the run has one seat."""

    statistic: float
    df: int
    p_value: float
    matches: int
    informative: int
    single_winner: int
    players: int
    note: str = ""
    method: str = "Cochran's Q"


def seat_test(con: Any, run: str) -> SeatTest:
    """Test, across all seats at once, that seat position does not change the chance to win.

    The matches are blocks and the seats treatments of a binary outcome (won), so the test
    is Cochran's Q: with ``C_s`` seat ``s``'s wins and ``C`` their mean,
    ``Q = n (n - 1) sum_s (C_s - C)^2 / sum_m k_m (n - k_m)``, chi-square with ``n - 1``
    degrees of freedom under the null that the seats of a match are exchangeable. Matches
    nobody won and team wins (``k_m`` 0 or ``n``) add nothing to either sum, as they should:
    they say nothing about seats. When every match has exactly one winner, Q is Pearson's
    chi-square of the seats' win counts against equal shares, i.e. the conditional
    multinomial test of which seat won."""
    players = _players(con, run)
    matches, spread, informative, single = _rows(con, """
        SELECT count(*), sum(k * (players - k)), count(*) FILTER (WHERE k > 0 AND k < players),
               count(*) FILTER (WHERE k = 1)
        FROM (SELECT players, len(list_distinct(winners)) AS k FROM matches WHERE run = ?)""",
                                                 [run])[0]
    spread = spread or 0
    if players < 2:
        return SeatTest(math.nan, 0, math.nan, matches, 0, single, players,
                        "one seat: there is nothing to compare")
    if spread == 0:
        return SeatTest(math.nan, players - 1, math.nan, matches, 0, single, players,
                        "no match has some seats winning and others not (every match is "
                        "won by all seats together or by none), so seats cannot differ")
    wins = [w for _, w in _rows(con, "SELECT seat, sum(won::INT) FROM seats WHERE run = ? "
                                     "GROUP BY 1 ORDER BY 1", [run])]
    mean = sum(wins) / players
    statistic = players * (players - 1) * sum((w - mean) ** 2 for w in wins) / spread
    return SeatTest(statistic, players - 1, chi2_sf(statistic, players - 1), matches,
                    informative, single, players)


# -- each seat against the fair share -----------------------------------------------------------
def fair_share(con: Any, run: str) -> float:
    """The win rate every seat would have if seats did not matter: the mean number of winners
    of a match over ``n`` (``1/n`` when every match has exactly one winner)."""
    return _rows(con, "SELECT avg(len(list_distinct(winners)) / players) FROM matches "
                      "WHERE run = ?", [run])[0][0]


def seat_differences(con: Any, run: str) -> list[Estimate]:
    """Per seat: its win rate minus the fair share, with a normal 95% interval and the
    two-sided p-value of "no difference".

    Per match the seat's difference is ``W_ms - k_m / n``, the seat's win against the share
    of seats that won that match; its mean is the seat's win rate minus :func:`fair_share`
    and its sample standard deviation over matches gives the interval (so shared wins, no
    winner and team wins are all counted as they happened)."""
    rows = _rows(con, """
        SELECT seat_number, avg(d), stddev_samp(d), count(*)
        FROM (SELECT seat_number, won::INT - winner_count / players AS d FROM seats
              WHERE run = ?)
        GROUP BY 1 ORDER BY 1""", [run])
    return [difference(f"p{seat}", mean, sd, n) for seat, mean, sd, n in rows]


def null_sd(con: Any, run: str) -> float:
    """The standard deviation of one match's ``W_ms - k_m / n`` when seats do not matter:
    ``sqrt(mean(k_m (n - k_m)) / n^2)`` (a seat wins a match with ``k`` winners with chance
    ``k/n``); 0.5 for every 2-seat game with one winner a match. The planning value of
    :func:`gonets.sim.stats.sample_size` for a seat's test."""
    value = _rows(con, "SELECT avg(k * (players - k) / (players * players)) FROM "
                       "(SELECT players, len(list_distinct(winners)) AS k FROM matches "
                       "WHERE run = ?)", [run])[0][0]
    return math.sqrt(value or 0.0)


# -- multiple comparisons -----------------------------------------------------------------------
@dataclass(frozen=True)
class Adjusted:
    """One member of a family of tests after multiple-comparison control: its estimate, the
    Holm-adjusted p-value, the Benjamini-Hochberg q-value and the Bonferroni-simultaneous
    interval (all the family's intervals cover their parameters at once with probability
    at least 95%)."""

    estimate: Estimate
    holm: float
    bh: float
    low: float
    high: float
    family: int


def adjust_family(estimates: Sequence[Estimate], level: float = 1 - ALPHA) -> list[Adjusted]:
    """Holm and Benjamini-Hochberg over the p-values of ``estimates`` (one family), and each
    one's simultaneous interval ``value +- z se``, ``z`` the normal quantile at
    ``1 - (1 - level) / (2 m)`` for a family of ``m`` tests (Bonferroni). Estimates without a
    p-value stay out of the family (NaN)."""
    p_values = [e.p_value for e in estimates]
    family = sum(1 for p in p_values if not math.isnan(p))
    holm_p, bh_q = holm(p_values), benjamini_hochberg(p_values)
    z = simultaneous_z(family, level) if family else math.nan
    out = []
    for e, hp, q in zip(estimates, holm_p, bh_q, strict=True):
        if math.isnan(e.p_value):
            low = high = math.nan
        else:
            low, high = e.value - z * e.se, e.value + z * e.se
        out.append(Adjusted(e, hp, q, low, high, family))
    return out


def seat_rate_tests(con: Any, run: str) -> list[tuple[Estimate, Estimate]]:
    """Per seat: (its win rate with the Wilson 95% interval, its difference from the fair
    share with the p-value of :func:`seat_differences`)."""
    rates = {e.label: e for e in seat_rates(con, run)}
    return [(rates[d.label], d) for d in seat_differences(con, run)]


# -- the logistic model -------------------------------------------------------------------------
@dataclass(frozen=True)
class Coefficient:
    """One coefficient of a :class:`LogitFit`: a log odds ratio against the reference, its
    cluster-robust standard error, 95% interval and two-sided p-value."""

    term: str
    estimate: float
    se: float
    low: float
    high: float
    p_value: float

    @property
    def odds_ratio(self) -> tuple[float, float, float]:
        """The odds ratio and its interval (``exp`` of the log odds ratio's)."""
        return math.exp(self.estimate), math.exp(self.low), math.exp(self.high)


@dataclass(frozen=True)
class TermTest:
    """The cluster-robust Wald test that every coefficient of a term is 0 (``seat``: no
    seat matters; ``seat × preset``: the seats' differences are the same at every level)."""

    term: str
    statistic: float
    df: int
    p_value: float


@dataclass(frozen=True)
class LogitFit:
    """A logistic regression of ``won`` on the seats rows (see :func:`logistic_model`)."""

    coefficients: list[Coefficient]
    terms: list[TermTest]
    reference: dict[str, str]
    observations: int
    clusters: int
    empty: list[str] = field(default_factory=list)
    covariance: str = ("cluster-robust sandwich (CR1: clusters are seeds, small-sample "
                       "factor G/(G-1) (N-1)/(N-K), as Stata and statsmodels); normal "
                       "intervals and p-values")

    def coefficient(self, term: str) -> Coefficient:
        """The coefficient named ``term`` (``seat p2``, ``preset=premium``...)."""
        for c in self.coefficients:
            if c.term == term:
                return c
        raise KeyError(f"no coefficient {term!r}; the model has "
                       + ", ".join(c.term for c in self.coefficients))

    def term(self, name: str) -> TermTest:
        """The joint test of term ``name`` (``seat``, ``preset``, ``seat × preset``)."""
        for t in self.terms:
            if t.term == name:
                return t
        raise KeyError(f"no term {name!r}; the model has " + ", ".join(t.term for t in self.terms))


SEATS_COLUMNS = ("agent",)
"""Factors taken from the ``seats`` view (the others come from ``matches``)."""
OUTCOME_COLUMNS = ("won", "score", "winner_count", "winners", "scores", "seat", "seat_number")
MAX_LEVELS = 50


def logistic_model(con: Any, runs: str | Sequence[str] | None = None,
                   factors: Sequence[str] = (), *, seat: bool = True,
                   interactions: bool = True, reference: dict[str, Any] | None = None,
                   level: float = 1 - ALPHA) -> LogitFit:
    """Fit ``logit P(won) = intercept + seat + factors (+ seat × factor)`` over the seats rows
    of ``runs`` (a run label, several, or ``None`` for every run of ``con``).

    ``factors`` are column names of the ``matches`` view (``players``, ``preset``, ``run``,
    an experiment's cell columns) or ``agent``; each is categorical, coded against its
    reference level (the smallest value, or ``reference[name]``); the seat is coded against
    p1. With ``interactions`` each factor also gets a seat × factor term (does a seat's edge
    depend on the factor?). Cells that never occur (seat p5 at 4 players) are left out and
    listed in ``LogitFit.empty``. Standard errors are cluster-robust with the seed as the
    cluster (seats of one match, and the matches of several runs that share a seed, are
    not independent). A design that cannot be fitted (a factor with one level, a column that
    is a combination of others, a level or cell that always wins or always loses) raises
    :class:`~gonets.core.errors.OptionError` naming the problem."""
    import numpy as np

    labels = _run_labels(con, runs)
    factors = list(dict.fromkeys(factors))
    _check_factors(con, factors)
    select = ", ".join(f's."{f}"' if f in SEATS_COLUMNS else f'm."{f}"' for f in factors)
    marks = ", ".join("?" for _ in labels)
    data = _rows(con, f"""
        SELECT s.seed, s.seat_number, s.won::INT{', ' + select if select else ''}
        FROM seats s JOIN matches m ON s.run = m.run AND s."index" = m."index"
        WHERE s.run IN ({marks}) ORDER BY s.run, s."index", s.seat""", labels)
    if not data:
        raise OptionError("no seat rows in these runs")
    y = np.array([row[2] for row in data], dtype=float)
    if y.min() == y.max():
        raise OptionError(f"every seat in these runs {'won' if y[0] else 'lost'}: there is "
                          "nothing for a model of winning to explain")
    columns, names, terms_of, refs, groups = _design(data, factors, seat, interactions,
                                                     reference or {})
    empty = [name for name, col in zip(names, columns, strict=True) if not col.any()]
    kept = [i for i, col in enumerate(columns) if col.any()]
    x = np.column_stack([np.ones(len(y))] + [columns[i] for i in kept])
    names = ["(intercept)"] + [names[i] for i in kept]
    terms_of = ["(intercept)"] + [terms_of[i] for i in kept]
    _check_rank(x, names)
    _check_separation(y, groups)
    seeds = np.unique(np.array([row[0] for row in data]), return_inverse=True)[1]
    clusters = int(seeds.max()) + 1
    if clusters <= x.shape[1]:
        raise OptionError(f"{clusters} seeds for {x.shape[1]} coefficients: the "
                          "cluster-robust covariance needs more seeds than coefficients")
    params, cov = _fit(x, y, seeds, names)
    z = normal_quantile(1 - (1 - level) / 2)
    coefficients = []
    for i, name in enumerate(names):
        se = math.sqrt(max(cov[i, i], 0.0))
        coefficients.append(Coefficient(name, float(params[i]), se, float(params[i] - z * se),
                                        float(params[i] + z * se), z_test(params[i], se)))
    terms = [_wald(name, [i for i, t in enumerate(terms_of) if t == name], params, cov)
             for name in dict.fromkeys(terms_of[1:])]
    return LogitFit(coefficients, terms, refs, len(y), clusters, empty)


def _run_labels(con: Any, runs: str | Sequence[str] | None) -> list[str]:
    present = [r for (r,) in _rows(con, "SELECT DISTINCT run FROM matches ORDER BY 1")]
    if runs is None:
        return present
    labels = [runs] if isinstance(runs, str) else [str(r) for r in runs]
    missing = [r for r in labels if r not in present]
    if missing:
        raise OptionError(f"no run {', '.join(map(repr, missing))} here; the runs are "
                          + ", ".join(map(repr, present)))
    return labels


def _check_factors(con: Any, factors: list[str]) -> None:
    kinds = {name: kind for name, kind, *_ in _rows(con, "DESCRIBE matches")}
    kinds["agent"] = "VARCHAR"
    columns = [name for name in kinds if name != "agent"]
    for name in factors:
        if name in OUTCOME_COLUMNS:
            raise OptionError(f"{name!r} is the outcome or the seat, not a factor; the seat is "
                              "always in the model (seat=False leaves it out)")
        if name not in columns and name not in SEATS_COLUMNS:
            raise OptionError(f"no column {name!r} to use as a factor; the matches view has "
                              + ", ".join(columns) + " (and seats has agent)")
        kind = kinds[name].upper()
        if kind.endswith("]") or kind.startswith(("STRUCT", "MAP", "UNION")):
            raise OptionError(f"column {name!r} holds {kinds[name]} values, not the levels "
                              "of a factor")


def _sort_key(value: Any) -> tuple:
    return (0, value, "") if isinstance(value, int | float) else (1, 0, str(value))


def _design(data: list[tuple], factors: list[str], seat: bool, interactions: bool,
            reference: dict[str, Any]) -> tuple[list, list[str], list[str], dict[str, str],
                                                list]:
    """The indicator columns (numpy), their names, the term of each (``seat``, ``preset``,
    ``seat × preset``), each factor's reference level and the groups of rows whose log odds
    the model sets free (each seat, each level, each seat × level cell): a group that always
    wins or always loses is a separation."""
    import numpy as np

    columns: list = []
    names: list[str] = []
    terms: list[str] = []
    refs: dict[str, str] = {}
    seat_cols: list[tuple[str, Any]] = []
    groups: list[tuple[str, Any]] = []
    if seat:
        seats = np.array([row[1] for row in data])
        numbers = sorted(set(seats.tolist()))
        refs["seat"] = f"p{numbers[0]}"
        for number in numbers:
            groups.append((f"seat p{number}", seats == number))
            if number != numbers[0]:
                seat_cols.append((f"seat p{number}", seats == number))
    columns += [c for _, c in seat_cols]
    names += [n for n, _ in seat_cols]
    terms += ["seat"] * len(seat_cols)
    for position, name in enumerate(factors):
        values = [row[3 + position] for row in data]
        nulls = sum(v is None for v in values)
        if nulls:
            raise OptionError(f"factor {name!r} is missing (NULL) in {nulls} seat rows; "
                              "choose runs that all have it")
        levels = sorted(set(values), key=_sort_key)
        if len(levels) < 2:
            raise OptionError(f"factor {name!r} has one value ({levels[0]}) in these runs: "
                              "there is nothing to compare")
        if len(levels) > MAX_LEVELS:
            raise OptionError(f"factor {name!r} has {len(levels)} values; a factor needs "
                              f"at most {MAX_LEVELS} levels")
        base = levels[0]
        if name in reference:
            if reference[name] not in levels:
                raise OptionError(f"reference {reference[name]!r} of {name!r} is none of its "
                                  f"values ({', '.join(map(str, levels))})")
            base = reference[name]
        refs[name] = str(base)
        array = np.array(values, dtype=object)
        for value in levels:
            indicator = array == value
            groups.append((f"{name}={value}", indicator))
            if interactions and seat:
                groups += [(f"seat p{number} and {name}={value}", (seats == number) & indicator)
                           for number in numbers]
            if value == base:
                continue
            columns.append(indicator)
            names.append(f"{name}={value}")
            terms.append(name)
            if interactions:
                for seat_name, seat_col in seat_cols:
                    columns.append(seat_col & indicator)
                    names.append(f"{seat_name} × {name}={value}")
                    terms.append(f"seat × {name}")
    # order: seats, then each factor's main effects, then the interactions with the seat
    order = sorted(range(len(names)), key=lambda i: (terms[i].startswith("seat × "), i))
    return ([columns[i].astype(float) for i in order], [names[i] for i in order],
            [terms[i] for i in order], refs, groups)


def _check_rank(x: Any, names: list[str]) -> None:
    import numpy as np

    gram = x.T @ x                      # the rank of X is the rank of X'X, a small matrix
    kept: list[int] = []
    for j in range(x.shape[1]):
        trial = kept + [j]
        if np.linalg.matrix_rank(gram[np.ix_(trial, trial)]) == len(trial):
            kept = trial
            continue
        weights = np.linalg.lstsq(x[:, kept], x[:, j], rcond=None)[0]
        parts = [names[k] for k, w in zip(kept, weights, strict=True) if abs(w) > 1e-8]
        raise OptionError(f"singular design: column {names[j]!r} is a combination of "
                          f"{', '.join(map(repr, parts))}, so their effects cannot be told "
                          "apart; leave out a factor or the interactions (interactions="
                          "False), or add runs that separate them")


def _check_separation(y: Any, groups: list[tuple[str, Any]]) -> None:
    """A group of rows whose log odds the model sets free (a seat, a level, a cell) that
    always won or always lost has an infinite log odds ratio (quasi-complete separation)."""
    for what, where in groups:
        if where.any() and y[where].min() == y[where].max():
            outcome = "won" if y[where][0] else "lost"
            raise OptionError(
                f"separation: every one of the {int(where.sum())} seat rows with {what} "
                f"{outcome}, so its log odds ratio is infinite and has no estimate; play "
                "more matches, merge levels or leave the factor out")


def _fit(x: Any, y: Any, groups: Any, names: list[str]) -> tuple[Any, Any]:
    """Maximum likelihood by Newton's method (step halving when the likelihood would drop),
    then the cluster-robust covariance ``c B M B``: ``B`` the inverse information ``(X'WX)^-1``,
    ``M`` the sum over clusters of the outer product of each cluster's score
    ``sum_i x_i (y_i - p_i)``, ``c = G/(G-1) (N-1)/(N-K)`` (CR1, as Stata and statsmodels)."""
    import numpy as np

    n, k = x.shape
    beta = np.zeros(k)

    def loglik(b: Any) -> float:
        eta = x @ b
        return float(y @ eta - np.logaddexp(0.0, eta).sum())

    current = loglik(beta)
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        info = x.T @ (x * (p * (1 - p))[:, None])
        step = np.linalg.solve(info, x.T @ (y - p))
        for _ in range(30):                     # step halving keeps the likelihood rising
            trial = loglik(beta + step)
            if trial >= current - 1e-12 * abs(current):
                break
            step = step / 2
        beta, current = beta + step, trial
        if np.max(np.abs(step)) < 1e-10 * (1 + np.max(np.abs(beta))):
            break
    else:
        raise OptionError("the logistic fit did not converge in 100 Newton steps")
    big = [names[i] for i in range(k) if abs(beta[i]) > 15]
    if big:
        raise OptionError("separation: the fit drives " + ", ".join(map(repr, big))
                          + " toward infinity (some combination of levels always wins or "
                            "always loses); merge levels or leave a factor out")
    p = 1.0 / (1.0 + np.exp(-(x @ beta)))
    bread = np.linalg.inv(x.T @ (x * (p * (1 - p))[:, None]))
    clusters = int(groups.max()) + 1
    sums = np.zeros((clusters, k))
    np.add.at(sums, groups, x * (y - p)[:, None])
    factor = clusters / (clusters - 1) * (n - 1) / (n - k)
    return beta, factor * bread @ (sums.T @ sums) @ bread


def _wald(term: str, index: list[int], params: Any, cov: Any) -> TermTest:
    import numpy as np

    b = params[index]
    v = cov[np.ix_(index, index)]
    rank = int(np.linalg.matrix_rank(v))
    if rank == 0:
        return TermTest(term, math.nan, len(index), math.nan)
    statistic = max(0.0, float(b @ np.linalg.pinv(v) @ b))
    return TermTest(term, statistic, rank, chi2_sf(statistic, rank))


# -- power --------------------------------------------------------------------------------------
def detectable_seat_difference(con: Any, run: str, alpha: float = ALPHA,
                               power: float = POWER) -> float:
    """The smallest seat win-rate difference from the fair share that one seat's two-sided
    test at ``alpha`` detects with ``power`` in this run (normal approximation, the
    standard deviation of :func:`null_sd`)."""
    matches = _rows(con, "SELECT count(*) FROM matches WHERE run = ?", [run])[0][0]
    return detectable_difference(matches, null_sd(con, run), alpha, power)
