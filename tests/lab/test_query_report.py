"""gonets query (DuckDB over runs) and gonets report (the static HTML page)."""

from __future__ import annotations

import base64
import re

import pytest

from gonets.lab import inference
from gonets.lab.analysis import reason_pattern
from gonets.lab.query import connect, run_query
from tests.lab.helpers import rows, run, simulate_args
from tests.lab.synthetic import synthetic_run


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    """The same seeds under two presets (a paired comparison)."""
    base = tmp_path_factory.mktemp("runs")
    first, second = base / "seed", base / "premium"
    assert run(*simulate_args(first, 30, "--jobs", 1)).exit_code == 0
    result = run(*simulate_args(second, 30, "--jobs", 1, "--preset", "premium"))
    assert result.exit_code == 0, result.output
    return first, second


def test_query_views_agree_with_the_rows(two_runs):
    first, _ = two_runs
    data = rows(first)
    columns, result = run_query([first], "SELECT seat_number, agent, sum(won::INT), count(*) "
                                         "FROM seats GROUP BY ALL ORDER BY ALL")
    assert columns[:2] == ["seat_number", "agent"]
    expected = {}
    for row in data:
        for seat, agent in enumerate(row["agents"]):
            wins, n = expected.get((seat + 1, agent), (0, 0))
            expected[(seat + 1, agent)] = (wins + (seat in row["winners"]), n + 1)
    assert {(s, a): (w, n) for s, a, w, n in result} == expected


def test_query_command_prints_a_table_or_csv_and_joins_runs(two_runs):
    first, second = two_runs
    result = run("query", first, "SELECT count(*) AS n, avg(decisions) FROM matches")
    assert result.exit_code == 0 and "30" in result.output
    both = run("query", first, "--run", second, "--csv",
               "SELECT preset, count(*) FROM matches GROUP BY 1 ORDER BY 1")
    assert both.exit_code == 0, both.output
    assert both.output.splitlines()[1:] == ["premium,30", "seed,30"]


@pytest.mark.parametrize("args,message", [
    (("SELECT nope FROM matches",), "the query failed"),
])
def test_query_errors_are_clear(two_runs, args, message):
    result = run("query", two_runs[0], *args)
    assert result.exit_code == 2 and message in result.output


def test_query_of_something_that_is_not_a_run(tmp_path):
    result = run("query", tmp_path, "SELECT 1")
    assert result.exit_code == 2 and "is not a lab run" in " ".join(result.output.split())


def test_report_of_two_runs_has_every_section_and_figure(two_runs, tmp_path):
    first, second = two_runs
    out = tmp_path / "report.html"
    result = run("report", first, second, "--out", out)
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    for heading in ("Win rate by seat", "Test across all seats", "Win rate by agent",
                    "Game length and score spread", "End reasons", "Per-game statistics",
                    f"Paired comparison: {second} minus {first}",
                    "Win rate difference by seat (paired)",
                    "Win rate difference by agent (paired)", "Score difference (paired)",
                    "Seat advantage across runs (logistic model)"):
        assert heading in page, heading
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) >= 2 * 6 + 2
    assert all(base64.b64decode(image).startswith(b"\x89PNG") for image in images)
    assert "stat_rounds" in page and "95% interval" in page
    assert page.count("Cochran&#x27;s Q") >= 2 and "Holm p" in page and "BH q" in page
    assert "simultaneous 95% interval" in page and "is one family" in page
    paired = page[page.index("Paired comparison"):]
    assert "30 seeds played in both runs" in paired and "decisions" in paired
    assert "Paired by seed" in paired and "Self-play" not in paired
    assert "seat × run" in paired and "cluster-robust" in paired


def test_report_numbers_are_the_inference_helpers(two_runs, tmp_path):
    first, second = two_runs
    out = tmp_path / "report.html"
    assert run("report", first, second, "--out", out).exit_code == 0
    page = out.read_text(encoding="utf-8")
    con = connect([first, second])
    test = inference.seat_test(con, str(first))
    section = page[page.index(f"Run {first}"):page.index(f"Run {second}")]
    assert f"<td>{test.statistic:.3f}</td><td>{test.df}</td>" in section
    fit = inference.logistic_model(con, [str(first), str(second)], ["run"],
                                   reference={"run": str(first)})
    assert f"<td>seat × run</td><td>{fit.term('seat × run').statistic:.3f}</td>" in page


def test_report_of_self_play_shows_no_agent_interval(tmp_path):
    a = synthetic_run(tmp_path / "a", 2, [[0], [1], [0], [0]], bots=["h", "h"])
    b = synthetic_run(tmp_path / "b", 2, [[1], [1], [0], [1]], bots=["h", "h"],
                      preset="premium")
    coop = synthetic_run(tmp_path / "coop", 2, [[0, 1], [], [0, 1], []], bots=["h", "h"])
    out = tmp_path / "self.html"
    result = run("report", a, b, coop, "--out", out)
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    paired = page[page.index("Win rate difference by agent (paired)"):
                  page.index("Score difference (paired)")]
    assert "Self-play: h holds every seat" in paired and "fixed by construction" in paired
    assert "<table>" not in paired
    assert "No test across seats: no match has some seats winning" in page
    team = page[page.index(f"Run {coop}"):]
    assert "nan" not in team and "0.05/0" not in team
    assert "No family: no difference of this table" in team


def test_report_refuses_a_bad_output_name(two_runs, tmp_path):
    result = run("report", two_runs[0], "--out", tmp_path / "report.pdf")
    assert result.exit_code == 2 and "end it in .html" in result.output


def test_end_reasons_group_by_pattern():
    assert reason_pattern("p1 paid the guard 7 rubles") == "pN paid the guard # rubles"
    assert reason_pattern("deck_out") == "deck_out"
