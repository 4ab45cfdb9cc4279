"""Small statistics for simulation reports."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Proportion:
    """``hits`` out of ``trials`` with its 95% Wilson score interval."""

    hits: float
    trials: int

    @property
    def rate(self) -> float:
        return self.hits / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.hits, self.trials)

    def to_json(self) -> dict:
        low, high = self.interval
        return {"wins": self.hits, "games": self.trials, "rate": self.rate,
                "ci95": [low, high]}

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.rate:6.1%}  [{low:.1%}, {high:.1%}]"


def wilson_interval(hits: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (good near 0 and 1, unlike the normal one)."""
    if trials == 0:
        return (0.0, 1.0)
    p = hits / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


# -- tests, multiple comparisons and power --------------------------------------------------------
ALPHA = 0.05
POWER = 0.8


def normal_quantile(probability: float) -> float:
    """The standard normal quantile (``normal_quantile(0.975)`` is 1.96)."""
    return NormalDist().inv_cdf(probability)


def two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def z_test(value: float, se: float) -> float:
    """Two-sided p-value of ``value`` against 0 with standard error ``se`` (normal); a zero
    standard error gives 1 for a zero value and 0 otherwise, NaN stays NaN."""
    if math.isnan(value) or math.isnan(se):
        return math.nan
    if se == 0:
        return 1.0 if value == 0 else 0.0
    return two_sided_p(value / se)


def chi2_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with ``df`` (a positive integer) degrees of freedom,
    from the closed forms of the integer cases (a sum of Poisson terms for even ``df``, the
    normal tail plus a finite sum for odd ``df``)."""
    if df < 1 or int(df) != df:
        raise ValueError(f"chi-square degrees of freedom must be a positive integer, not {df}")
    if math.isnan(statistic):
        return math.nan
    if statistic <= 0:
        return 1.0
    half = statistic / 2.0
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    root = math.sqrt(statistic)
    tail = math.erfc(root / math.sqrt(2.0))             # 2 * P(Z > sqrt(x))
    density = math.exp(-half) / math.sqrt(2.0 * math.pi)
    term, total = root, 0.0                              # x^((2r-1)/2) / (1*3*...*(2r-1))
    for r in range(1, (df - 1) // 2 + 1):
        if r > 1:
            term *= statistic / (2 * r - 1)
        total += term
    return min(1.0, tail + 2.0 * density * total)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (family-wise error control under any dependence).

    The i-th smallest of m p-values becomes ``max over j <= i of min(1, (m - j + 1) p_(j))``;
    a hypothesis is rejected at level a when its adjusted p-value is at most a. NaN p-values
    (tests that could not be made) stay NaN and do not count in m."""
    return _adjust(p_values, step_down=True)


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q-values; false discovery rate control for
    independent or positively dependent tests): the i-th smallest of m becomes
    ``min over j >= i of min(1, m p_(j) / j)``. NaN stays NaN and does not count in m."""
    return _adjust(p_values, step_down=False)


def _adjust(p_values: Sequence[float], step_down: bool) -> list[float]:
    valid = sorted((p, i) for i, p in enumerate(p_values) if not math.isnan(p))
    m = len(valid)
    out = [math.nan] * len(p_values)
    if step_down:
        running = 0.0
        for rank, (p, index) in enumerate(valid):
            running = max(running, min(1.0, (m - rank) * p))
            out[index] = running
    else:
        running = 1.0
        for rank in range(m - 1, -1, -1):
            p, index = valid[rank]
            running = min(running, m * p / (rank + 1))
            out[index] = min(1.0, running)
    return out


def simultaneous_z(family: int, level: float = 1 - ALPHA) -> float:
    """The normal quantile of Bonferroni-simultaneous intervals: ``family`` intervals at
    this z cover all their parameters at once with probability at least ``level``."""
    if family < 1:
        raise ValueError("a family has at least one member")
    return normal_quantile(1 - (1 - level) / (2 * family))


def sample_size(delta: float, sd: float, alpha: float = ALPHA, power: float = POWER) -> int:
    """Observations a two-sided normal test at level ``alpha`` needs to have ``power``
    against a true difference ``delta`` when one observation has standard deviation ``sd``:
    ``ceil(((z_(1-alpha/2) + z_power) * sd / delta) ** 2)``."""
    if not delta > 0:
        raise ValueError(f"the difference to detect must be positive, not {delta}")
    z = normal_quantile(1 - alpha / 2) + normal_quantile(power)
    return math.ceil((z * sd / delta) ** 2 - 1e-9)


def power_at(n: int, delta: float, sd: float, alpha: float = ALPHA) -> float:
    """Power of the two-sided normal test at level ``alpha`` with ``n`` observations of
    standard deviation ``sd`` against a true difference ``delta`` (both tails counted)."""
    if n <= 0 or math.isnan(sd):
        return math.nan
    if sd == 0:
        return 1.0
    shift = delta * math.sqrt(n) / sd
    z = normal_quantile(1 - alpha / 2)
    dist = NormalDist()
    return dist.cdf(shift - z) + dist.cdf(-shift - z)


def detectable_difference(n: int, sd: float, alpha: float = ALPHA,
                          power: float = POWER) -> float:
    """The smallest difference a two-sided test at ``alpha`` detects with ``power`` from
    ``n`` observations of standard deviation ``sd`` (the inverse of :func:`sample_size`)."""
    if n <= 0:
        return math.nan
    return (normal_quantile(1 - alpha / 2) + normal_quantile(power)) * sd / math.sqrt(n)
