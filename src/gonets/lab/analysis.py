"""The numbers of a report, computed with DuckDB over the ``matches``/``seats`` views of
:func:`gonets.lab.query.connect`: win rates with Wilson intervals, length and score spread,
end reasons, per-game statistics, and paired differences between two runs on the same seeds."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from gonets.sim.stats import Z95, wilson_interval

NUMERIC = ("BIGINT", "INTEGER", "DOUBLE", "FLOAT", "HUGEINT", "SMALLINT", "TINYINT", "DECIMAL")


@dataclass(frozen=True)
class Estimate:
    """A labelled estimate with its 95% interval (a rate, a mean or a difference)."""

    label: str
    value: float
    low: float
    high: float
    n: int
    extra: str = ""

    @property
    def width(self) -> float:
        return self.high - self.low


def _rows(con: Any, sql: str, params: list | None = None) -> list[tuple]:
    return con.execute(sql, params or []).fetchall()


def rate(label: str, hits: float, trials: int, extra: str = "") -> Estimate:
    low, high = wilson_interval(hits, trials)
    return Estimate(label, hits / trials if trials else 0.0, low, high, trials, extra)


def mean_estimate(label: str, mean: float | None, sd: float | None, n: int,
                  extra: str = "") -> Estimate:
    """Mean with its normal 95% interval from the sample standard deviation."""
    mean = mean if mean is not None else math.nan
    half = Z95 * (sd or 0.0) / math.sqrt(n) if n > 1 else 0.0
    return Estimate(label, mean, mean - half, mean + half, n, extra)


def seat_rates(con: Any, run: str) -> list[Estimate]:
    """Win rate by seat (a shared win counts for every winner)."""
    rows = _rows(con, "SELECT seat_number, sum(won::INT), count(*) FROM seats WHERE run = ? "
                      "GROUP BY 1 ORDER BY 1", [run])
    return [rate(f"p{seat}", wins, n) for seat, wins, n in rows]


def agent_rates(con: Any, run: str) -> list[Estimate]:
    rows = _rows(con, "SELECT agent, sum(won::INT), count(*) FROM seats WHERE run = ? "
                      "GROUP BY 1 ORDER BY 1", [run])
    return [rate(agent, wins, n, f"{n} seats") for agent, wins, n in rows]


def match_count(con: Any, run: str) -> int:
    return _rows(con, "SELECT count(*) FROM matches WHERE run = ?", [run])[0][0]


def no_winner_count(con: Any, run: str) -> int:
    return _rows(con, "SELECT count(*) FROM matches WHERE run = ? AND len(winners) = 0",
                 [run])[0][0]


SPREAD = "list_max(scores) - list_min(scores)"
MARGIN = "list_sort(scores, 'DESC')[1] - list_sort(scores, 'DESC')[2]"


def derived_measures(con: Any, run: str) -> list[Estimate]:
    """Length (decisions), score spread (best minus worst) and winning margin (best minus
    second best), each as a mean with its interval."""
    out = []
    for label, expr in (("decisions", "decisions"), ("score spread", SPREAD),
                        ("winning margin", MARGIN)):
        mean, sd, n = _rows(con, f"SELECT avg({expr}), stddev_samp({expr}), count({expr}) "
                                 "FROM matches WHERE run = ?", [run])[0]
        out.append(mean_estimate(label, mean, sd, n))
    return out


def column_values(con: Any, run: str, expr: str) -> list[float]:
    """Every value of a numeric expression over a run's matches (for histograms)."""
    return [v for (v,) in _rows(con, f"SELECT {expr} FROM matches WHERE run = ? "
                                     f"AND {expr} IS NOT NULL", [run])]


def quantiles(con: Any, run: str, expr: str) -> dict[str, float]:
    row = _rows(con, f"SELECT min({expr}), quantile_cont({expr}, 0.1), median({expr}), "
                     f"quantile_cont({expr}, 0.9), max({expr}) FROM matches WHERE run = ?",
                [run])[0]
    return dict(zip(("min", "p10", "median", "p90", "max"), row, strict=True))


def reason_pattern(text: str) -> str:
    """An end reason with seat names and numbers generalised (``p2 paid 7 rubles`` ->
    ``pN paid # rubles``), so reasons group."""
    return re.sub(r"\d+", "#", re.sub(r"\bp\d+\b", "pN", text))


def end_reasons(con: Any, run: str) -> list[Estimate]:
    """Share of matches by end reason (grouped by :func:`reason_pattern`)."""
    counts: dict[str, int] = {}
    for reason, n in _rows(con, "SELECT end_reason, count(*) FROM matches WHERE run = ? "
                                "GROUP BY 1", [run]):
        key = reason_pattern(reason or "")
        counts[key] = counts.get(key, 0) + n
    total = sum(counts.values())
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return [rate(reason, n, total, f"{n} matches") for reason, n in ordered]


def stat_columns(con: Any) -> tuple[list[str], list[str]]:
    """The per-game statistic columns (``stat_*`` and ``detail_*``): numeric, then text."""
    numeric, text = [], []
    for name, kind, *_ in _rows(con, "DESCRIBE matches"):
        if not name.startswith(("stat_", "detail_", "lead_changes")):
            continue
        (numeric if kind.upper().startswith(NUMERIC) else text).append(name)
    return numeric, text


def stat_means(con: Any, run: str, columns: list[str]) -> list[Estimate]:
    out = []
    for column in columns:
        mean, sd, n = _rows(con, f'SELECT avg("{column}"), stddev_samp("{column}"), '
                                 f'count("{column}") FROM matches WHERE run = ?', [run])[0]
        if n:
            out.append(mean_estimate(column, mean, sd, n))
    return out


def text_counts(con: Any, run: str, column: str, limit: int = 12) -> list[Estimate]:
    rows = _rows(con, f'SELECT "{column}", count(*) FROM matches WHERE run = ? '
                      f'AND "{column}" IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT {limit}',
                 [run])
    total = _rows(con, f'SELECT count("{column}") FROM matches WHERE run = ?', [run])[0][0]
    return [rate(str(value), n, total or 1, f"{n} matches") for value, n in rows]


# -- paired comparison -------------------------------------------------------------------------
def paired_seats(con: Any, first: str, second: str) -> list[Estimate]:
    """Per seat: second run's win rate minus the first's over the seeds both played (the
    same deal each time), with the paired 95% interval."""
    rows = _rows(con, """
        SELECT a.seat_number, avg(b.won::INT - a.won::INT), stddev_samp(b.won::INT - a.won::INT),
               count(*)
        FROM seats a JOIN seats b ON a.seed = b.seed AND a.seat = b.seat
        WHERE a.run = ? AND b.run = ? GROUP BY 1 ORDER BY 1""", [first, second])
    return [mean_estimate(f"p{seat}", mean, sd, n) for seat, mean, sd, n in rows]


def paired_agents(con: Any, first: str, second: str) -> list[Estimate]:
    """Per agent present in both runs: the difference of its win rates (independent
    samples of seats; normal interval of the difference of two proportions)."""
    a = {e.label: e for e in agent_rates(con, first)}
    b = {e.label: e for e in agent_rates(con, second)}
    out = []
    for name in sorted(set(a) & set(b)):
        pa, pb = a[name], b[name]
        sd = math.sqrt(pa.value * (1 - pa.value) / pa.n + pb.value * (1 - pb.value) / pb.n)
        diff = pb.value - pa.value
        out.append(Estimate(name, diff, diff - Z95 * sd, diff + Z95 * sd, min(pa.n, pb.n)))
    return out


def paired_measures(con: Any, first: str, second: str, columns: list[str]) -> list[Estimate]:
    """Per measure (length, spread, margin, numeric statistics present in both runs): mean of
    the per-seed differences second minus first, with its interval."""
    measures = [("decisions", "decisions"), ("score spread", SPREAD), ("winning margin", MARGIN)]
    measures += [(column, f'"{column}"') for column in columns]
    out = []
    for label, expr in measures:
        left = expr.replace("scores", "a.scores") if "scores" in expr else f"a.{expr}"
        right = expr.replace("scores", "b.scores") if "scores" in expr else f"b.{expr}"
        mean, sd, n = _rows(con, f"""
            SELECT avg(({right}) - ({left})), stddev_samp(({right}) - ({left})),
                   count(({right}) - ({left}))
            FROM matches a JOIN matches b ON a.seed = b.seed
            WHERE a.run = ? AND b.run = ?""", [first, second])[0]
        if n:
            out.append(mean_estimate(label, mean, sd, n))
    return out


def shared_seeds(con: Any, first: str, second: str) -> int:
    return _rows(con, "SELECT count(*) FROM matches a JOIN matches b ON a.seed = b.seed "
                      "WHERE a.run = ? AND b.run = ?", [first, second])[0][0]
