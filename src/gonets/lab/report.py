"""``gonets report``: one static HTML page (figures embedded as PNG data URIs) over lab runs."""

from __future__ import annotations

import base64
import html
import json
import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gonets.core.errors import OptionError
from gonets.lab import analysis as A
from gonets.lab import figures as F
from gonets.lab import inference
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


def _span(low: float, high: float) -> str:
    """An interval in percent; empty where there is none (a difference nobody tests)."""
    return "" if math.isnan(low) else f"[{_pct(low)}, {_pct(high)}]"


def _num(value: float | None) -> str:
    if value is None or math.isnan(value):
        return "-"                      # e.g. the winning margin of a one-seat game
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
    if len(labels) > 1:
        steps.append(("seat × run model", _model_section(con, labels, plans)))
    page = Page()
    title = title or "gonets balance report: " + ", ".join(labels)
    page.heading(1, title)
    page.para(f"Made by gonets report {' '.join(labels)} on "
              f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. Intervals are 95%: "
              "Wilson for rates, normal for means and paired differences.", note=True)
    page.para(MULTIPLE, note=True)
    return write_page(page, steps, out, title, progress)


def write_page(page: Page, steps: Sequence[tuple[str, Callable[[Page], None]]], out: Path,
               title: str, progress: Any = None) -> Path:
    """Add every named step's section to ``page`` (one progress tick each) and write it."""
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
        _win_rates(page, con, run, config.players, plan)
        _lengths(page, con, run)
        _reasons(page, con, run)
        _statistics(page, con, run, numeric, text)
        if plan.trajectories:
            _trajectories(page, con, run)
    return section


def _win_rates(page: Page, con: Any, run: str, players: int, plan: Any = None) -> None:
    fair = inference.fair_share(con, run)
    seats = A.seat_rates(con, run)
    page.heading(3, "Win rate by seat")
    page.para(f"Dashed line: the fair share {_pct(fair)}, the mean number of winners of a match "
              f"over {players} (1/{players} when every match has one winner). A shared win "
              f"counts for every winner; matches without a winner: "
              f"{A.no_winner_count(con, run)}.", note=True)
    page.image(F.interval_plot(seats, "win rate by seat", "win rate", fair), "seats")
    adjusted = inference.adjust_family(inference.seat_differences(con, run))
    page.table(["seat", "win rate", "95% interval", "minus fair share",
                "simultaneous 95% interval", "p", "Holm p", "BH q", "n"],
               [[r.label, _pct(r.value), f"[{_pct(r.low)}, {_pct(r.high)}]",
                 _pct(a.estimate.value), _span(a.low, a.high),
                 _p(a.estimate.p_value), _p(a.holm), _p(a.bh), r.n]
                for r, a in zip(seats, adjusted, strict=True)])
    page.para(_family_note(len([a for a in adjusted if not math.isnan(a.holm)]),
                           "seats' differences from the fair share")
              + " Per match a seat's difference is its win (1 or 0) minus the share of seats "
              "that won; its mean, with a normal interval and a two-sided z test, is the "
              "seat's win rate minus the fair share.", note=True)
    _seat_test(page, con, run, plan)
    agents = A.agent_rates(con, run)
    page.heading(3, "Win rate by agent")
    page.image(F.interval_plot(agents, "win rate by agent", "win rate", fair), "agents")
    page.estimates("agent", agents, percent=True, extra="seats played")


def _seat_test(page: Page, con: Any, run: str, plan: Any) -> None:
    """The test across all seats, and what size of seat edge the run can see."""
    test = inference.seat_test(con, run)
    page.heading(3, "Test across all seats")
    if math.isnan(test.p_value):
        page.para(f"No test across seats: {test.note}.")
        return
    page.table(["test", "statistic", "df", "p", "matches", "informative", "single winner"],
               [[test.method, f"{test.statistic:.3f}", test.df, _p(test.p_value),
                 test.matches, test.informative, test.single_winner]])
    page.para("Null hypothesis: the seat does not change the chance to win (the seats of a "
              "match are exchangeable). Cochran's Q treats each match as a block and each "
              "seat's win as a binary outcome, Q = n(n-1) Σ(C_s - C̄)² / Σ k(n-k) with C_s a "
              "seat's wins and k a match's winners, chi-square with n-1 degrees of freedom. "
              "Only informative matches (some but not all seats won) count: no winner and "
              "team wins say nothing about seats. When every match has one winner it is the "
              "chi-square test of the seats' win counts against equal shares. One test for "
              "all seats, so it needs no multiple-comparison correction.", note=True)
    bots = set(plan.bots) if plan is not None else set()
    if len(bots) > 1:
        page.para("The bots differ: " + (
            "they rotate round the seats, so each seat is played by each bot in turn and "
            "their differences count as noise (the test is then conservative)."
            if plan.rotate else
            "they do not rotate, so a seat's result includes its bot's strength (the "
            "logistic model with agent as a factor separates them)."), note=True)
    smallest = inference.detectable_seat_difference(con, run)
    if not math.isnan(smallest):
        page.para(f"Power: with {test.matches} matches one seat's two-sided test at 5% has "
                  f"80% power against a win rate {smallest * 100:.1f} points from the fair "
                  "share (normal approximation with the seat's standard deviation when seats "
                  "do not matter; docs/balance.md).", note=True)


MULTIPLE = ("Multiple comparisons: every table with a Holm p column is one family of tests, "
            "and the family is controlled within that table (not across tables or runs). "
            "Holm p: Holm's step-down adjusted p-value; calling every row with Holm p ≤ 0.05 "
            "a difference makes a false call anywhere in the family at most 5% likely, "
            "whatever the dependence between the rows. BH q: the Benjamini-Hochberg adjusted "
            "p-value (it bounds the expected share of false calls among the calls instead). "
            "Simultaneous 95% interval: Bonferroni, each row's normal interval at level "
            "1 - 0.05/m for a family of m, so all the family's intervals hold their true "
            "values at once with probability at least 95%; a row whose simultaneous interval "
            "excludes 0 also has Holm p < 0.05 (Holm can call more). p: the row's own "
            "two-sided p-value, uncorrected.")


def _family_note(members: int, what: str) -> str:
    """Which family a table's tests form (stated under the table)."""
    if not members:
        return ("No family: no difference of this table can be tested (a team's shared win, "
                "too few matches or no spread), so none is adjusted.")
    return (f"Family: the {members} {what} of this table; Holm p and BH q over them, "
            f"simultaneous intervals at level 1 - 0.05/{members} each.")


def _p(value: float) -> str:
    if math.isnan(value):
        return ""
    return "<0.0001" if value < 1e-4 else f"{value:.4f}" if value < 0.01 else f"{value:.3f}"


def _tests(page: Page, label: str, estimates: Sequence[A.Estimate], percent: bool,
           what: str, extra: str = "") -> None:
    """A table of differences with their 95% interval, simultaneous interval, p, Holm p and BH
    q (one family), and the family's note."""
    show = _pct if percent else _num
    adjusted = inference.adjust_family(estimates)
    rows = []
    for a in adjusted:
        e = a.estimate
        row = [e.label, show(e.value), f"[{show(e.low)}, {show(e.high)}]",
               f"[{show(a.low)}, {show(a.high)}]" if not math.isnan(a.low) else "",
               _p(e.p_value), _p(a.holm), _p(a.bh), e.n]
        rows.append(row + ([e.extra] if extra else []))
    page.table([label, "difference", "95% interval", "simultaneous 95% interval", "p",
                "Holm p", "BH q", "n"] + ([extra] if extra else []), rows)
    page.para(_family_note(sum(1 for a in adjusted if not math.isnan(a.holm)), what),
              note=True)


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


def _trajectories(page: Page, con: Any, run: str) -> None:
    """The turns of a run made with ``--trajectories``: lead changes, when its matches were
    decided, comebacks, and the eventual winner's lead over normalised time."""
    from gonets.lab import trajectory as T

    figures = T.trajectory_figures(con, run)
    page.heading(3, "Trajectories")
    page.para(f"From the turns table: each seat's running score (the game's result()) after "
              f"every decision of {figures.matches} matches, {figures.sole_winner} of them "
              "with a single winner. A lead change: the sole leader becomes another seat (a "
              "tie in between changes nothing). Decided at: the first decision after which "
              "the single winner leads alone to the end, as a share of the match's decisions "
              "(100%: the last decision settled it). A comeback: the single winner was "
              f"strictly behind the best score after some decision past "
              f"{T.COMEBACK_FROM:.0%} of the match.", note=True)
    if not figures.early_leader:
        page.para("No match had a sole leader before its last decision: this game's running "
                  "scores stay level until the end, so these figures do not show how a match "
                  "went.", note=True)
    page.estimates("share", [figures.any_change, figures.comeback, figures.decided],
                   percent=True)
    page.estimates("measure", [figures.lead_changes], percent=False)
    page.image(F.histogram(figures.change_values, "lead changes", "lead changes per match"),
               "lead changes")
    if figures.decided_values:
        page.image(F.histogram(figures.decided_values, "decided at",
                               "share of the match played when it was decided"), "decided at")
        q = T.deciles(figures.decided_values)
        page.table(["decided at", "min", "p10", "median", "p90", "max", "not leading at the end"],
                   [["share of the match", *(_pct(q[k]) for k in ("min", "p10", "median",
                                                                  "p90", "max")),
                     figures.undecided]])
    curve = T.lead_curve(con, run)
    if any(point.lead.n for point in curve):
        page.image(T.curve_plot(curve, "the eventual single winner over normalised time"),
                   "lead over time")


def _comparison_section(con: Any, first: str, second: str, numeric: list[str]) -> Section:
    def section(page: Page) -> None:
        shared = A.shared_seeds(con, first, second)
        page.heading(2, f"Paired comparison: {second} minus {first}")
        if not shared:
            page.para("The two runs share no seed, so no paired comparison is possible.")
            return
        page.para(f"{shared} seeds played in both runs (the same deals where both use the "
                  "same chance events). Each difference is the second run minus the first on "
                  "the same seed, averaged over the shared seeds, with a normal 95% interval "
                  "from the spread of the per-seed differences and a two-sided z test. Each "
                  "table is one family of tests (its note says how it is controlled).",
                  note=True)
        seats = A.paired_seats(con, first, second)
        page.heading(3, "Win rate difference by seat (paired)")
        page.image(F.interval_plot(seats, "win rate difference by seat (paired)",
                                   "difference", 0.0), "paired seats")
        _tests(page, "seat", seats, percent=True, what="seats' paired win-rate differences")
        _paired_agents(page, con, first, second)
        scores = A.paired_scores(con, first, second)
        if scores:
            page.heading(3, "Score difference (paired)")
            page.para("Per seat: the seat's final score in the second run minus the first on "
                      "the same seed; total: the sum of every seat's score.", note=True)
            _tests(page, "score", scores, percent=False, what="paired score differences")
        measures = A.paired_measures(con, first, second, numeric)
        page.heading(3, "Differences of length, spread and statistics (paired)")
        _tests(page, "measure", measures, percent=False,
               what="paired differences of measures")
    return section


def _paired_agents(page: Page, con: Any, first: str, second: str) -> None:
    page.heading(3, "Win rate difference by agent (paired)")
    fixed = A.self_play_agents(con, first, second)
    if fixed:
        page.para(f"Self-play: {', '.join(fixed)} holds every seat of every shared match in "
                  "both runs, so its win rate in a match is just the share of seats that "
                  "won (1/n when every match has one winner): fixed by construction, not a "
                  "comparison of agents, and shown without an interval. The number of "
                  "winners per match is compared under the measures below.", note=True)
    agents = A.paired_agents(con, first, second)
    if not agents:
        if not fixed:
            page.para("No agent plays in both runs.", note=True)
        return
    page.para("Paired by seed: per shared seed, the agent's wins per seat it held in the "
              "second run's match minus the same in the first run's, over the seeds where "
              "it sat in both.", note=True)
    page.image(F.interval_plot(agents, "win rate difference by agent (paired)", "difference",
                               0.0), "paired agents")
    _tests(page, "agent", agents, percent=True, what="agents' paired win-rate differences",
           extra="seeds")


def _model_section(con: Any, labels: list[str], plans: list[Any]) -> Section:
    """The logistic model of winning on seat × run over the runs with the first run's
    player count (does a seat's edge differ between the runs?)."""
    def section(page: Page) -> None:
        players = plans[0].config.players
        runs = [label for label, plan in zip(labels, plans, strict=True)
                if plan.config.players == players]
        page.heading(2, "Seat advantage across runs (logistic model)")
        left = [label for label in labels if label not in runs]
        if left:
            page.para(f"Runs of another player count are left out: {', '.join(left)}.",
                      note=True)
        if len(runs) < 2 or players < 2:
            page.para("Nothing to model: it needs two runs with the same player count, of "
                      "two seats or more.")
            return
        try:
            fit = inference.logistic_model(con, runs, ["run"], reference={"run": runs[0]})
        except OptionError as exc:
            page.para(f"The model cannot be fitted: {exc}.")
            return
        page.para(f"logit P(won) = intercept + seat + run + seat × run, on {fit.observations} "
                  f"seat rows of {', '.join(runs)}; references seat {fit.reference['seat']} "
                  f"and run {runs[0]}. Standard errors: {fit.covariance}, over "
                  f"{fit.clusters} seeds. The joint tests are Wald tests of each term: seat "
                  "(a seat's edge in the reference run), run (the runs' difference for the "
                  "reference seat), seat × run (does a seat's edge change between runs?).",
                  note=True)
        page.table(["term", "Wald chi-square", "df", "p"],
                   [[t.term, f"{t.statistic:.3f}", t.df, _p(t.p_value)] for t in fit.terms])
        rows = []
        for c in fit.coefficients:
            ratio, low, high = c.odds_ratio
            rows.append([c.term, f"{c.estimate:.3f}", f"{ratio:.3f}", f"[{low:.3f}, {high:.3f}]",
                         _p(c.p_value)])
        page.table(["coefficient", "log odds ratio", "odds ratio", "95% interval", "p"], rows)
    return section
