"""``gonets report FOLDER`` for an experiment grid: the cells side by side, a test across all
seats in every cell, each seat against the fair share with Holm control over the whole grid,
a logistic model of winning on seat × factor, paired comparisons between cells that differ
in one factor, then every cell's own section."""

from __future__ import annotations

import html
import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gonets.core.errors import OptionError
from gonets.lab import analysis as A
from gonets.lab import inference
from gonets.lab import report as R
from gonets.lab.experiment import Cell, Experiment, ExperimentDir
from gonets.lab.query import connect


@dataclass(frozen=True)
class CellTest:
    """A cell's test across all seats, with its Holm-adjusted p-value over the grid's cells."""

    cell: Cell
    test: Any                            # inference.SeatTest
    holm: float


@dataclass(frozen=True)
class SeatRow:
    """One seat of one cell: its win rate, its difference from the fair share and that
    difference's place in the grid's family (Holm p, simultaneous interval)."""

    cell: Cell
    rate: A.Estimate
    adjusted: Any                        # inference.Adjusted


def played_cells(folder: ExperimentDir, grid: Experiment) -> list[tuple[Cell, str]]:
    """The cells with rows, each with its run label in :func:`connect` of the folder; a cell's
    plan is the one its run stored and its factors say what that plan plays (what was
    played, not what today's code would make of the file: :meth:`Cell.as_played`)."""
    out = []
    for cell in grid.cells:
        run = folder.cell_run(cell)
        if run.shard_files():
            out.append((cell.as_played(run.read_plan()), str(run.path)))
    if not out:
        raise OptionError(f"{folder.path} has no cell with a finished shard yet")
    return out


def cell_tests(con: Any, cells: list[tuple[Cell, str]]) -> list[CellTest]:
    """Every cell's test across its seats; Holm over the cells that have one."""
    from gonets.sim.stats import holm

    tests = [inference.seat_test(con, label) for _, label in cells]
    adjusted = holm([t.p_value for t in tests])
    return [CellTest(cell, test, p) for (cell, _), test, p
            in zip(cells, tests, adjusted, strict=True)]


def seat_rows(con: Any, cells: list[tuple[Cell, str]]) -> list[SeatRow]:
    """Every seat of every cell against the fair share, as one family (Holm over the grid)."""
    pairs = [(cell, rate, diff) for cell, label in cells
             for rate, diff in inference.seat_rate_tests(con, label)]
    adjusted = inference.adjust_family([diff for _, _, diff in pairs])
    return [SeatRow(cell, rate, adj) for (cell, rate, _), adj
            in zip(pairs, adjusted, strict=True)]


def one_factor_pairs(cells: list[tuple[Cell, str]]) -> list[tuple[str, tuple, tuple]]:
    """Pairs of cells with the same player count whose factors differ in exactly one (the
    paired comparisons of the grid), as ``(factor, (cell, label), (cell, label))``."""
    out = []
    for i, first in enumerate(cells):
        for second in cells[i + 1:]:
            a, b = dict(first[0].factors), dict(second[0].factors)
            if first[0].plan.config.players != second[0].plan.config.players:
                continue
            differ = [key for key in a if a[key] != b.get(key)]
            if len(differ) == 1:
                out.append((differ[0], first, second))
    return out


def build_experiment_report(path: Path, out: Path, title: str | None = None,
                            progress: Any = None) -> Path:
    """Write the report of the experiment folder ``path`` to ``out``."""
    if out.suffix.lower() not in (".html", ".htm"):
        raise OptionError(f"cannot write {out.name}: the report is HTML (end it in .html)")
    folder = ExperimentDir(path)
    grid = folder.read()
    cells = played_cells(folder, grid)
    con = connect([path])
    numeric, text = A.stat_columns(con)
    steps = [("cells", lambda page: _overview(page, con, grid, cells)),
             ("seats", lambda page: _seats(page, con, cells)),
             ("model", lambda page: _models(page, con, grid, cells))]
    for factor, first, second in one_factor_pairs(cells):
        steps.append((f"{first[0].name} vs {second[0].name}",
                      _pair(con, factor, first, second, numeric)))
    steps += [(f"cell {cell.name}", _cell(con, cell, label, numeric, text))
              for cell, label in cells]
    page = R.Page()
    title = title or f"gonets experiment report: {path}"
    page.heading(1, title)
    page.para(f"Made by gonets report {path} on "
              f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. Every cell played the "
              "same match indices on the same seeds, so cells with the same player count are "
              "compared deal by deal. Intervals are 95%: Wilson for rates, normal for means "
              "and differences.", note=True)
    page.para(R.MULTIPLE, note=True)
    return R.write_page(page, steps, out, title, progress)


def _overview(page: R.Page, con: Any, grid: Experiment, cells: list[tuple[Cell, str]]) -> None:
    page.heading(2, "The grid")
    page.add(f"<details><summary>the experiment file, as read</summary><pre>"
             f"{html.escape(json.dumps(grid.spec, indent=1, sort_keys=True))}</pre></details>")
    factors = grid.factors
    shown = [key for key in ("players", "preset") if key not in factors]
    rows = []
    for cell, label in cells:
        plan = cell.plan
        games = A.match_count(con, label)
        settings = {"players": plan.config.players, "preset": plan.config.preset}
        rows.append([cell.name, *(_value(cell, f) for f in factors),
                     *(settings[key] for key in shown), ", ".join(plan.bots), games,
                     f"{plan.seed}..{plan.seed + games - 1}"])
    page.table(["cell", *factors, *shown, "bots by seat", "matches", "seeds"], rows)
    played = {c.name for c, _ in cells}
    missing = [cell.name for cell in grid.cells if cell.name not in played]
    if missing:
        page.para(f"Not played yet: {', '.join(missing)}.", note=True)


def _seats(page: R.Page, con: Any, cells: list[tuple[Cell, str]]) -> None:
    page.heading(2, "Does the seat matter? Every cell")
    tests = cell_tests(con, cells)
    page.table(["cell", "factors", "Cochran's Q", "df", "p", "Holm p", "informative matches"],
               [[t.cell.name, t.cell.label, _stat(t.test.statistic), t.test.df,
                 R._p(t.test.p_value), R._p(t.holm), t.test.informative] for t in tests])
    family = sum(1 for t in tests if not math.isnan(t.holm))
    family_note = (f"Family: the {family} cells' tests across all seats; Holm p over them."
                   if family else "No family: no cell's seats can be tested (a team's shared "
                   "win, or too few matches), so none is adjusted.")
    page.para(family_note + " Each row tests that the seats of that cell are alike (Cochran's "
              "Q over its matches; each cell's section below says more).", note=True)
    rows = seat_rows(con, cells)
    page.heading(3, "Each seat against the fair share, over the whole grid")
    page.table(["cell", "seat", "win rate", "95% interval", "minus fair share",
                "simultaneous 95% interval", "p", "Holm p", "n"],
               [[r.cell.name, r.rate.label, R._pct(r.rate.value),
                 f"[{R._pct(r.rate.low)}, {R._pct(r.rate.high)}]",
                 R._pct(r.adjusted.estimate.value),
                 R._span(r.adjusted.low, r.adjusted.high),
                 R._p(r.adjusted.estimate.p_value), R._p(r.adjusted.holm), r.rate.n]
                for r in rows])
    page.para(R._family_note(rows[0].adjusted.family if rows else 0,
                             "seats of every cell, each against its cell's fair share"),
              note=True)


def _models(page: R.Page, con: Any, grid: Experiment, cells: list[tuple[Cell, str]]) -> None:
    """Per player count: winning on seat × every factor that varies among its cells."""
    page.heading(2, "Seat × factor (logistic model)")
    groups: dict[int, list[tuple[Cell, str]]] = {}
    for cell, label in cells:
        groups.setdefault(cell.plan.config.players, []).append((cell, label))
    for players, members in sorted(groups.items()):
        varying = [f for f in grid.factors if f != "players"
                   and len({_value(c, f) for c, _ in members}) > 1]
        page.heading(3, f"{players} players: cells {', '.join(c.name for c, _ in members)}")
        if players < 2:
            page.para("A one-seat game has no seat effect to model; the paired comparisons "
                      "below compare its cells.", note=True)
            continue
        if not varying:
            page.para("No factor varies among these cells: nothing to model.", note=True)
            continue
        if len({_fingerprint(con, label) for _, label in members}) == 1:
            page.para("These cells played identical matches (the same winners and scores on "
                      f"every seed): {', '.join(varying)} changes nothing that these bots "
                      "play, so there is nothing to model.", note=True)
            continue
        try:
            fit = inference.logistic_model(con, [label for _, label in members],
                                           [f"cell_{f}" for f in varying])
        except OptionError as exc:
            page.para(f"The model cannot be fitted: {exc}.")
            continue
        page.para(f"logit P(won) = intercept + seat + {' + '.join(varying)} + seat × each, on "
                  f"{fit.observations} seat rows; references "
                  + ", ".join(f"{k} {v}" for k, v in fit.reference.items())
                  + f". Standard errors: {fit.covariance}, over {fit.clusters} seeds. A "
                  "seat × factor term asks whether the seats' edges change with the factor.",
                  note=True)
        page.table(["term", "Wald chi-square", "df", "p"],
                   [[t.term, _stat(t.statistic), t.df, R._p(t.p_value)] for t in fit.terms])
        rows = []
        for c in fit.coefficients:
            ratio, low, high = c.odds_ratio
            rows.append([c.term, f"{c.estimate:.3f}", f"{ratio:.3f}",
                         f"[{low:.3f}, {high:.3f}]", R._p(c.p_value)])
        page.table(["coefficient", "log odds ratio", "odds ratio", "95% interval", "p"], rows)


def _pair(con: Any, factor: str, first: tuple, second: tuple, numeric: list[str]):
    compare = R._comparison_section(con, first[1], second[1], numeric)

    def section(page: R.Page) -> None:
        a, b = first[0], second[0]
        page.add(f"<h2>{html.escape(factor)}: {html.escape(b.name)} "
                 f"({html.escape(_value(b, factor))}) against {html.escape(a.name)} "
                 f"({html.escape(_value(a, factor))})</h2>")
        page.para(f"The two cells differ only in {factor}; {a.label} against {b.label}.",
                  note=True)
        inner = R.Page()
        compare(inner)
        page.parts.extend(inner.parts[1:])       # its own heading names cell paths
    return section


def _cell(con: Any, cell: Cell, label: str, numeric: list[str], text: list[str]):
    inner_section = R._run_section(con, label, cell.plan, numeric, text)

    def section(page: R.Page) -> None:
        inner = R.Page()
        inner_section(inner)
        page.add(f"<details><summary>cell {html.escape(cell.name)}: "
                 f"{html.escape(cell.label)}</summary>")
        page.parts.extend(inner.parts)
        page.add("</details>")
    return section


def _fingerprint(con: Any, label: str) -> tuple:
    """A cell's outcomes, seed by seed (two cells with equal ones played the same matches)."""
    rows = con.execute("SELECT seed, winners, scores FROM matches WHERE run = ? ORDER BY seed",
                       [label]).fetchall()
    return tuple((seed, tuple(winners), tuple(scores)) for seed, winners, scores in rows)


def _value(cell: Cell, factor: str) -> str:
    return cell.columns().get(f"cell_{factor}", "")


def _stat(value: float) -> str:
    return "" if math.isnan(value) else f"{value:.3f}"
