"""Trajectories of a lab run (``gonets simulate --out RUN --trajectories``).

After every decision of a match the lab notes each seat's running score (the state's
``result().scores``), the sole leader and the game's own progress measure
(:meth:`gonets.core.game.Game.progress`). A shard's turns are stored as
``turns-START-END.parquet`` beside ``shard-START-END.parquet``, read as the DuckDB view
``turns``, and summed up here for the report: lead changes, when a match is decided, how often
its winner came back from behind, and the eventual winner's lead over normalised time.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gonets.core.game import Game, State
from gonets.lab.analysis import Estimate, mean_estimate, rate

TURNS_KEY = "_turns"
"""The key under which a played row carries its match's turns from a worker to the driver,
which stores them in the shard's turns file (never a column of the row)."""

COMEBACK_FROM = 0.5
"""A comeback: the winner trailed at some decision after this share of the match."""

TIME_POINTS = 20
"""Points of normalised time (1/20, 2/20 ... 1 of the match) of the lead curve."""


class TurnTrace:
    """The turns of one match, one per decision (``turn`` 1 is the state after the first)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.turns: list[dict[str, Any]] = []

    def see(self, state: State, seat: int) -> None:
        """Note the state after ``seat``'s decision (and the random events it led to)."""
        scores = [float(score) for score in state.result().scores]
        progress = self.game.progress(state)
        self.turns.append({"turn": len(self.turns) + 1, "seat": seat, "scores": scores,
                           "leader": sole_leader(scores),
                           "progress": None if progress is None else float(progress)})


def sole_leader(scores: Sequence[float]) -> int | None:
    """The one seat with the highest score; None on a tie for the lead (all level included)
    or with a single seat (as :class:`gonets.lab.play.LeadTrace` reads the scores)."""
    if not scores:
        return None
    best = max(scores)
    top = [seat for seat, score in enumerate(scores) if score == best]
    return top[0] if len(top) == 1 and best > min(scores) else None


# -- storage -------------------------------------------------------------------------------------
def split_turns(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict] | None]:
    """A shard's rows without their turns, and the turns of them all (each with its match's
    ``index`` and ``seed``); None when the rows carry no turns (a run without trajectories)."""
    if not any(TURNS_KEY in row for row in rows):
        return rows, None
    plain, turns = [], []
    for row in rows:
        if TURNS_KEY not in row:
            raise ValueError(f"match {row['index']} has no turns in a shard with trajectories")
        plain.append({key: value for key, value in row.items() if key != TURNS_KEY})
        turns.extend({"index": row["index"], "seed": row["seed"], **turn}
                     for turn in row[TURNS_KEY])
    return plain, turns


def turns_schema() -> Any:
    """The pyarrow schema of a turns file."""
    import pyarrow as pa

    return pa.schema([("index", pa.int64()), ("seed", pa.int64()), ("turn", pa.int64()),
                      ("seat", pa.int64()), ("scores", pa.list_(pa.float64())),
                      ("leader", pa.int64()), ("progress", pa.float64())])


def turns_parquet(turns: list[dict[str, Any]]) -> bytes:
    """The Parquet bytes of a shard's turns (fixed types, so an empty shard reads the same)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    buffer = io.BytesIO()
    pq.write_table(pa.Table.from_pylist(turns, schema=turns_schema()), buffer,
                   compression="zstd")
    return buffer.getvalue()


EMPTY_TURNS = ("SELECT NULL::VARCHAR AS run, NULL::BIGINT AS \"index\", NULL::BIGINT AS seed, "
               "NULL::BIGINT AS turn, NULL::BIGINT AS seat, NULL::DOUBLE[] AS scores, "
               "NULL::BIGINT AS leader, NULL::DOUBLE AS progress WHERE false")


def turns_view_sql(runs: Sequence[tuple[str, str]]) -> str:
    """``CREATE VIEW turns``: one row per decision of each match, from ``(run label, turns
    file glob)`` pairs of the runs that have trajectories (empty, with the same columns,
    when none has)."""
    parts = []
    for label, glob in runs:
        label, glob = label.replace("'", "''"), glob.replace("'", "''")
        parts.append(f"SELECT '{label}' AS run, * FROM read_parquet('{glob}')")
    return "CREATE VIEW turns AS " + (" UNION ALL ".join(parts) or EMPTY_TURNS)


# -- figures ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchShape:
    """What the turns of one match say: its length, lead changes, and for a match with one
    winner the share of it played when it was decided and whether it was a comeback."""

    index: int
    length: int
    lead_changes: int
    sole_winner: bool
    decided: float | None         # None: no sole winner, or he does not lead at the end
    comeback: bool | None         # None: no sole winner


SHAPES_SQL = """
WITH t AS (
    SELECT "index", turn, leader, scores, max(turn) OVER (PARTITION BY "index") AS length
    FROM turns WHERE run = $1),
changes AS (
    SELECT "index", count(*) FILTER (WHERE previous IS NOT NULL AND leader <> previous) AS n
    FROM (SELECT "index", leader,
                 lag(leader) OVER (PARTITION BY "index" ORDER BY turn) AS previous
          FROM t WHERE leader IS NOT NULL)
    GROUP BY 1),
sole AS (SELECT "index", winners[1] AS winner FROM matches WHERE run = $1 AND len(winners) = 1),
ends AS (
    SELECT "index", max(turn) FILTER (WHERE leader IS DISTINCT FROM winner) AS last_other,
           bool_or(turn > $2 * length AND scores[winner + 1] < list_max(scores)) AS comeback
    FROM t JOIN sole USING ("index") GROUP BY 1),
lengths AS (SELECT "index", max(length) AS length FROM t GROUP BY 1)
SELECT "index", length, coalesce(changes.n, 0), ends.comeback IS NOT NULL, ends.last_other,
       ends.comeback
FROM lengths LEFT JOIN changes USING ("index") LEFT JOIN ends USING ("index")
ORDER BY "index"
"""


def match_shapes(con: Any, run: str) -> list[MatchShape]:
    """Every match of ``run`` that has turns, in index order (DuckDB over ``turns`` and
    ``matches``). A lead change is the sole leader becoming another seat (a tie between
    is no change); a match is decided at the first decision after which its sole winner
    leads alone to the end; a comeback's winner was strictly behind the best score at some
    decision after :data:`COMEBACK_FROM` of the match."""
    out = []
    for index, length, changes, sole, last_other, comeback in con.execute(
            SHAPES_SQL, [run, COMEBACK_FROM]).fetchall():
        decided = None
        if sole and (last_other is None or last_other < length):
            decided = ((last_other or 0) + 1) / length
        out.append(MatchShape(index, length, changes, sole, decided,
                              bool(comeback) if sole else None))
    return out


CURVE_SQL = """
WITH t AS (
    SELECT "index", turn, leader, scores, max(turn) OVER (PARTITION BY "index") AS length
    FROM turns WHERE run = $1),
sole AS (SELECT "index", winners[1] AS winner FROM matches WHERE run = $1 AND len(winners) = 1),
grid AS (SELECT unnest(range(1, $2 + 1)) AS k),
points AS (
    SELECT k, leader IS NOT DISTINCT FROM winner AS leads,
           scores[winner + 1] - CASE WHEN scores[winner + 1] = list_max(scores)
                                     THEN list_sort(scores, 'DESC')[2]
                                     ELSE list_max(scores) END AS lead
    FROM t JOIN sole USING ("index")
    JOIN grid ON t.turn = CAST(ceil(k * t.length / $2::DOUBLE) AS BIGINT))
SELECT k, avg(lead), stddev_samp(lead), count(lead), sum(leads::INT), count(*)
FROM points GROUP BY k ORDER BY k
"""


@dataclass(frozen=True)
class CurvePoint:
    """The eventual winner at ``time`` (a share of the match): his mean lead over the best
    other seat (score units) and the share of matches he leads alone, with intervals."""

    time: float
    lead: Estimate
    leading: Estimate


def lead_curve(con: Any, run: str, points: int = TIME_POINTS) -> list[CurvePoint]:
    """The eventual winner's lead over normalised time, over the matches with one winner:
    at time ``k / points`` each match gives the turn ``ceil(k * length / points)``."""
    out = []
    for k, mean, sd, n, leading, total in con.execute(CURVE_SQL, [run, points]).fetchall():
        time = k / points
        out.append(CurvePoint(time, mean_estimate(f"{time:.2f}", mean, sd, n),
                              rate(f"{time:.2f}", leading, total)))
    return out


@dataclass(frozen=True)
class TrajectoryFigures:
    """The report's trajectory numbers of one run."""

    matches: int                   # matches with turns
    sole_winner: int               # of them, with exactly one winner
    lead_changes: Estimate         # mean lead changes per match
    change_values: list[int]
    any_change: Estimate           # share of matches with at least one lead change
    decided: Estimate              # mean share of the match played when it was decided
    decided_values: list[float]
    undecided: int                 # sole winner who does not lead alone at the end
    comeback: Estimate             # share of the sole-winner matches that were comebacks
    early_leader: int              # matches with a sole leader before their last decision


def trajectory_figures(con: Any, run: str) -> TrajectoryFigures:
    """Lead changes, decided-at and comeback rate of ``run`` (see :func:`match_shapes`),
    each with its 95% interval."""
    shapes = match_shapes(con, run)
    changes = [shape.lead_changes for shape in shapes]
    decided = [shape.decided for shape in shapes if shape.decided is not None]
    sole = [shape for shape in shapes if shape.sole_winner]
    comebacks = sum(1 for shape in sole if shape.comeback)
    early = con.execute("SELECT count(DISTINCT \"index\") FROM (SELECT \"index\", turn, leader, "
                        "max(turn) OVER (PARTITION BY \"index\") AS length FROM turns "
                        "WHERE run = $1) WHERE leader IS NOT NULL AND turn < length",
                        [run]).fetchone()[0]
    return TrajectoryFigures(
        matches=len(shapes), sole_winner=len(sole),
        lead_changes=_mean("lead changes per match", changes), change_values=changes,
        any_change=rate("matches with a lead change", sum(1 for c in changes if c),
                        len(changes)),
        decided=_mean("decided at (share of the match)", decided), decided_values=decided,
        undecided=len(sole) - len(decided),
        comeback=rate("comebacks", comebacks, len(sole)), early_leader=early)


def deciles(values: Sequence[float]) -> dict[str, float]:
    """Minimum, 10th percentile, median, 90th percentile and maximum (linear between the
    sorted values, as DuckDB's ``quantile_cont``)."""
    ordered = sorted(values)
    if not ordered:
        return {}

    def at(share: float) -> float:
        position = share * (len(ordered) - 1)
        low = math.floor(position)
        high = min(low + 1, len(ordered) - 1)
        return ordered[low] + (ordered[high] - ordered[low]) * (position - low)

    return {"min": ordered[0], "p10": at(0.1), "median": at(0.5), "p90": at(0.9),
            "max": ordered[-1]}


def _mean(label: str, values: Sequence[float]) -> Estimate:
    n = len(values)
    mean = sum(values) / n if n else None
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else None
    return mean_estimate(label, mean, sd, n)


def curve_plot(curve: Sequence[CurvePoint], title: str) -> bytes:
    """Two panels over normalised time: the eventual winner's mean lead with its 95% band,
    and the share of matches he leads alone (PNG bytes)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.4, 4.4))
    top, bottom = fig.subplots(2, 1, sharex=True)
    times = [point.time for point in curve]
    for ax, key, scale, label in ((top, "lead", 1.0, "mean lead over the best other"),
                                  (bottom, "leading", 100.0, "leads alone (% of matches)")):
        estimates = [getattr(point, key) for point in curve]
        ax.fill_between(times, [e.low * scale for e in estimates],
                        [e.high * scale for e in estimates], color="#6a9fc4", alpha=0.35)
        ax.plot(times, [e.value * scale for e in estimates], "o-", color="#1f5f8b",
                markersize=3)
        ax.set_ylabel(label, fontsize=8)
        ax.grid(alpha=0.3)
    top.axhline(0.0, color="#b5452b", linestyle="--", linewidth=1)
    bottom.set_ylim(-2, 102)
    bottom.set_xlim(0, 1.02)
    bottom.set_xlabel("share of the match played (decisions)")
    top.set_title(title, fontsize=10, loc="left")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    return buffer.getvalue()
