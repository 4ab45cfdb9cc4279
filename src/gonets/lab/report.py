"""``gonets report``: one static HTML page (figures embedded as PNG data URIs) over lab runs."""

from __future__ import annotations

import base64
import html
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gonets.core.errors import OptionError
from gonets.lab import analysis as A
from gonets.lab import figures as F
from gonets.lab.query import connect
from gonets.lab.store import RunDir

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}
h3{margin-top:1.5em}table{border-collapse:collapse;margin:.6em 0}
td,th{border:1px solid #ddd;padding:.2em .6em;text-align:right}th{background:#f3f3f3}
td:first-child,th:first-child{text-align:left}img{max-width:100%;display:block;margin:.6em 0}
.note{color:#555;font-size:.92em}code{background:#f4f4f4;padding:0 .2em}
"""


class Page:
    """HTML fragments in order."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, fragment: str) -> None:
        self.parts.append(fragment)

    def heading(self, level: int, text: str) -> None:
        self.add(f"<h{level}>{html.escape(text)}</h{level}>")

    def para(self, text: str, note: bool = False) -> None:
        self.add(f"<p{' class=note' if note else ''}>{html.escape(text)}</p>")

    def image(self, png: bytes, alt: str) -> None:
        data = base64.b64encode(png).decode("ascii")
        self.add(f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">')

    def table(self, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(_fmt(v))}</td>" for v in row)
                       + "</tr>" for row in rows)
        self.add(f"<table><tr>{head}</tr>{body}</table>")

    def estimates(self, label: str, estimates: Sequence[A.Estimate], percent: bool,
                  extra: str = "") -> None:
        header = [label, "estimate", "95% interval", "n"] + ([extra] if extra else [])
        rows = []
        for e in estimates:
            show = _pct if percent else _num
            row = [e.label, show(e.value), f"[{show(e.low)}, {show(e.high)}]", e.n]
            rows.append(row + ([e.extra] if extra else []))
        self.table(header, rows)

    def html(self, title: str) -> str:
        body = "\n".join(self.parts)
        return (f"<!doctype html><html lang=en><head><meta charset=utf-8>"
                f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
                f"<body>\n{body}\n</body></html>\n")


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def _num(value: float) -> str:
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"


def build_report(runs: Sequence[Path], out: Path, title: str | None = None,
                 progress: Any = None) -> Path:
    """Write the report of ``runs`` to ``out`` (each run after the first is also compared,
    seed by seed, with the first)."""
    if out.suffix.lower() not in (".html", ".htm"):
        raise OptionError(f"cannot write {out.name}: the report is HTML (end it in .html)")
    labels = [str(path) for path in runs]
    if len(set(labels)) != len(labels):
        raise OptionError("a run is named twice")
    plans = [RunDir(path).read_plan() for path in runs]
    con = connect(runs)
    numeric, text = A.stat_columns(con)
    steps = [(f"run {label}", _run_section(con, label, plan, numeric, text))
             for label, plan in zip(labels, plans, strict=True)]
    steps += [(f"{labels[0]} vs {label}", _comparison_section(con, labels[0], label, numeric))
              for label in labels[1:]]
    page = Page()
    title = title or "gonets balance report: " + ", ".join(labels)
    page.heading(1, title)
    page.para(f"Made by gonets report {' '.join(labels)} on "
              f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. Intervals are 95%: "
              "Wilson for rates, normal for means and paired differences.", note=True)
    task = progress.add_task("report", total=len(steps)) if progress is not None else None
    for name, step in steps:
        if task is not None:
            progress.update(task, description=f"report: {name}")
        step(page)
        if task is not None:
            progress.advance(task)
    out.write_text(page.html(title), encoding="utf-8")
    return out


Section = Callable[[Page], None]


def _run_section(con: Any, run: str, plan: Any, numeric: list[str], text: list[str]) -> Section:
    def section(page: Page) -> None:
        games = A.match_count(con, run)
        config = plan.config
        page.heading(2, f"Run {run}")
        page.table(["game", "players", "preset", "bots by seat", "rotated", "seeds", "matches"],
                   [[config.game, config.players, config.preset, ", ".join(plan.bots),
                     "yes" if plan.rotate else "no",
                     f"{plan.seed}..{plan.seed + games - 1}", games]])
        page.add(f"<details><summary>options</summary><pre>"
                 f"{html.escape(json.dumps(config.options, indent=1, sort_keys=True))}"
                 f"</pre></details>")
        _win_rates(page, con, run, config.players)
        _lengths(page, con, run)
        _reasons(page, con, run)
        _statistics(page, con, run, numeric, text)
    return section


def _win_rates(page: Page, con: Any, run: str, players: int) -> None:
    seats = A.seat_rates(con, run)
    page.heading(3, "Win rate by seat")
    page.para(f"Dashed line: the fair share 1/{players}. A shared win counts for every "
              f"winner; matches without a winner: {A.no_winner_count(con, run)}.", note=True)
    page.image(F.interval_plot(seats, "win rate by seat", "win rate", 1 / players), "seats")
    page.estimates("seat", seats, percent=True)
    agents = A.agent_rates(con, run)
    page.heading(3, "Win rate by agent")
    page.image(F.interval_plot(agents, "win rate by agent", "win rate", 1 / players), "agents")
    page.estimates("agent", agents, percent=True, extra="seats played")


def _lengths(page: Page, con: Any, run: str) -> None:
    page.heading(3, "Game length and score spread")
    page.image(F.histogram(A.column_values(con, run, "decisions"), "game length",
                           "decisions per match"), "length")
    page.image(F.histogram(A.column_values(con, run, A.SPREAD), "score spread",
                           "best score minus worst"), "spread")
    rows = []
    for estimate, expr in zip(A.derived_measures(con, run), ("decisions", A.SPREAD, A.MARGIN),
                              strict=True):
        q = A.quantiles(con, run, expr)
        rows.append([estimate.label, _num(estimate.value),
                     f"[{_num(estimate.low)}, {_num(estimate.high)}]",
                     *(_num(q[k]) for k in ("min", "p10", "median", "p90", "max"))])
    page.table(["measure", "mean", "95% interval", "min", "p10", "median", "p90", "max"], rows)


def _reasons(page: Page, con: Any, run: str) -> None:
    reasons = A.end_reasons(con, run)
    page.heading(3, "End reasons")
    page.para("Seat names and numbers in a reason are generalised (pN, #) so reasons group.",
              note=True)
    page.image(F.share_bars(reasons[:15], "how matches end"), "end reasons")
    page.estimates("end reason", reasons, percent=True, extra="matches")


def _statistics(page: Page, con: Any, run: str, numeric: list[str], text: list[str]) -> None:
    means = A.stat_means(con, run, numeric)
    page.heading(3, "Per-game statistics")
    if not means and not text:
        page.para("This game declares no statistics (Game.match_stats).", note=True)
        return
    page.para("stat_*: the game's match_stats; detail_*: the result detail.", note=True)
    varying = {e.label: A.column_values(con, run, f'"{e.label}"') for e in means
               if e.high > e.low}
    if varying:
        page.image(F.small_histograms(varying, "statistics per match (constant ones left out)"),
                   "statistics")
    if means:
        page.estimates("statistic", means, percent=False)
    for column in text:
        counts = A.text_counts(con, run, column)
        if counts:
            page.estimates(column, counts, percent=True, extra="matches")


def _comparison_section(con: Any, first: str, second: str, numeric: list[str]) -> Section:
    def section(page: Page) -> None:
        shared = A.shared_seeds(con, first, second)
        page.heading(2, f"Paired comparison: {second} minus {first}")
        if not shared:
            page.para("The two runs share no seed, so no paired comparison is possible.")
            return
        page.para(f"{shared} seeds played in both runs (the same deals where both use the "
                  "same chance events). Each difference is the second run minus the first, "
                  "with a 95% interval; an interval that excludes 0 is a real difference.",
                  note=True)
        seats = A.paired_seats(con, first, second)
        page.image(F.interval_plot(seats, "win rate difference by seat (paired)",
                                   "difference", 0.0), "paired seats")
        page.estimates("seat", seats, percent=True)
        agents = A.paired_agents(con, first, second)
        if agents:
            page.heading(3, "Win rate difference by agent")
            page.image(F.interval_plot(agents, "win rate difference by agent", "difference",
                                       0.0), "paired agents")
            page.estimates("agent", agents, percent=True)
        measures = A.paired_measures(con, first, second, numeric)
        page.heading(3, "Differences of length, spread and statistics (paired)")
        page.estimates("measure", measures, percent=False)
    return section
