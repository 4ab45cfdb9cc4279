"""The numbers of a report, computed with DuckDB over the ``matches``/``seats`` views of
:func:`gonets.lab.query.connect`: win rates with Wilson intervals, length and score spread,
end reasons, per-game statistics, and paired differences between two runs on the same seeds."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Any

from gonets.sim.stats import Z95, wilson_interval, z_test

NUMERIC = ("BIGINT", "INTEGER", "DOUBLE", "FLOAT", "HUGEINT", "SMALLINT", "TINYINT", "DECIMAL")


@dataclass(frozen=True)
class Estimate:
    """A labelled estimate with its 95% interval (a rate, a mean or a difference); ``se`` its
    standard error where it has one, ``p_value`` the two-sided p-value of "it is 0" where
    that is a question (differences)."""

    label: str
    value: float
    low: float
    high: float
    n: int
    extra: str = ""
    se: float = math.nan
    p_value: float = math.nan

    @property
    def width(self) -> float:
        return self.high - self.low


def _rows(con: Any, sql: str, params: list | None = None) -> list[tuple]:
    return con.execute(sql, params or []).fetchall()


def rate(label: str, hits: float, trials: int, extra: str = "") -> Estimate:
    """A proportion with its Wilson 95% interval."""
    low, high = wilson_interval(hits, trials)
    value = hits / trials if trials else 0.0
    se = math.sqrt(value * (1 - value) / trials) if trials else math.nan
    return Estimate(label, value, low, high, trials, extra, se)


def mean_estimate(label: str, mean: float | None, sd: float | None, n: int,
                  extra: str = "") -> Estimate:
    """Mean with its normal 95% interval from the sample standard deviation."""
    mean = mean if mean is not None else math.nan
    se = (sd or 0.0) / math.sqrt(n) if n > 1 else math.nan
    half = Z95 * se if n > 1 else 0.0
    return Estimate(label, mean, mean - half, mean + half, n, extra, se)


def difference(label: str, mean: float | None, sd: float | None, n: int,
               extra: str = "") -> Estimate:
    """A mean difference (paired, or against a reference) with its normal 95% interval and
    the two-sided p-value of "the difference is 0". The p-value is NaN, and the row stays out
    of any multiple-comparison family, below two observations or when every observation is
    the same: a co-op seat that cannot differ from the fair share, or a seat that won all of
    a handful of matches, where a normal test with no spread would claim certainty."""
    estimate = mean_estimate(label, mean, sd, n, extra)
    if not sd:
        return estimate
    return replace(estimate, p_value=z_test(estimate.value, estimate.se))


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
    same deal each time), with the paired 95% interval and p-value."""
    rows = _rows(con, """
        SELECT a.seat_number, avg(b.won::INT - a.won::INT), stddev_samp(b.won::INT - a.won::INT),
               count(*)
        FROM seats a JOIN seats b ON a.seed = b.seed AND a.seat = b.seat
        WHERE a.run = ? AND b.run = ? GROUP BY 1 ORDER BY 1""", [first, second])
    return [difference(f"p{seat}", mean, sd, n) for seat, mean, sd, n in rows]


AGENT_SEEDS = """
    SELECT seed, agent, avg(won::INT) AS rate, count(*) AS held, any_value(players) AS players
    FROM seats WHERE run = ? GROUP BY seed, agent"""


def paired_agents(con: Any, first: str, second: str) -> list[Estimate]:
    """Per agent, paired by seed: over the seeds where it sat in both runs, the mean of (its
    wins per seat it held in the second run's match) minus (the same in the first run's),
    with the paired 95% interval and p-value. Agents that hold every seat of every shared
    match in both runs (:func:`self_play_agents`) are left out: their rate is the share of
    seats that won, not a comparison of agents."""
    fixed = set(self_play_agents(con, first, second))
    rows = _rows(con, f"""
        SELECT a.agent, avg(b.rate - a.rate), stddev_samp(b.rate - a.rate), count(*)
        FROM ({AGENT_SEEDS}) a JOIN ({AGENT_SEEDS}) b ON a.seed = b.seed AND a.agent = b.agent
        GROUP BY 1 ORDER BY 1""", [first, second])
    return [difference(agent, mean, sd, n, f"{n} seeds") for agent, mean, sd, n in rows
            if agent not in fixed]


def self_play_agents(con: Any, first: str, second: str) -> list[str]:
    """Agents that hold every seat of every match both runs played on a shared seed: their
    win rate per match is the share of seats that won, fixed by construction (1/n when
    every match has one winner), so a difference of it compares no agents."""
    rows = _rows(con, f"""
        SELECT a.agent FROM ({AGENT_SEEDS}) a JOIN ({AGENT_SEEDS}) b
            ON a.seed = b.seed AND a.agent = b.agent
        GROUP BY 1 HAVING bool_and(a.held = a.players AND b.held = b.players)
               AND count(*) = (SELECT count(*) FROM matches x JOIN matches y ON x.seed = y.seed
                               WHERE x.run = ? AND y.run = ?)
        ORDER BY 1""", [first, second, first, second])
    return [agent for (agent,) in rows]


def paired_scores(con: Any, first: str, second: str) -> list[Estimate]:
    """Per seat, then the match total (``total``): the mean of second run's score minus the
    first's on the same seed, with the paired 95% interval and p-value."""
    rows = _rows(con, """
        SELECT a.seat_number, avg(b.score - a.score), stddev_samp(b.score - a.score), count(*)
        FROM seats a JOIN seats b ON a.seed = b.seed AND a.seat = b.seat
        WHERE a.run = ? AND b.run = ? GROUP BY 1 ORDER BY 1""", [first, second])
    out = [difference(f"p{seat}", mean, sd, n) for seat, mean, sd, n in rows]
    total = "list_sum({}.scores)"
    mean, sd, n = _rows(con, f"""
        SELECT avg({total.format('b')} - {total.format('a')}),
               stddev_samp({total.format('b')} - {total.format('a')}), count(*)
        FROM matches a JOIN matches b ON a.seed = b.seed WHERE a.run = ? AND b.run = ?""",
                        [first, second])[0]
    if n:
        out.append(difference("total", mean, sd, n))
    return out


def paired_measures(con: Any, first: str, second: str, columns: list[str]) -> list[Estimate]:
    """Per measure (length, spread, margin, winners, numeric statistics present in both
    runs): mean of the per-seed differences second minus first, with its interval and
    p-value."""
    measures = [("decisions", "decisions"), ("score spread", SPREAD), ("winning margin", MARGIN),
                ("winners", "len(winners)")]
    measures += [(column, f'"{column}"') for column in columns]
    out = []
    for label, expr in measures:
        left, right = _side(expr, "a"), _side(expr, "b")
        mean, sd, n = _rows(con, f"""
            SELECT avg(({right}) - ({left})), stddev_samp(({right}) - ({left})),
                   count(({right}) - ({left}))
            FROM matches a JOIN matches b ON a.seed = b.seed
            WHERE a.run = ? AND b.run = ?""", [first, second])[0]
        if n:
            out.append(difference(label, mean, sd, n))
    return out


def _side(expr: str, alias: str) -> str:
    """``expr`` over the matches of table ``alias`` (its list columns prefixed)."""
    if LISTS.search(expr):
        return LISTS.sub(lambda m: f"{alias}.{m.group(1)}", expr)
    return f"{alias}.{expr}"


LISTS = re.compile(r"\b(scores|winners)\b")


def shared_seeds(con: Any, first: str, second: str) -> int:
    return _rows(con, "SELECT count(*) FROM matches a JOIN matches b ON a.seed = b.seed "
                      "WHERE a.run = ? AND b.run = ?", [first, second])[0][0]
