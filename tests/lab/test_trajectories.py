"""simulate --trajectories: the turns table beside each shard (the scores of the replayed
record, kept exact through kill -9 and resume), the DuckDB view ``turns``, and the report's
trajectory figures recomputed here in plain Python from the stored rows."""

from __future__ import annotations

import math
import signal
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from gonets.core import get_game
from gonets.core.record import Record, apply_step
from gonets.lab.plan import LabPlan
from gonets.lab.play import play
from gonets.lab.query import connect, run_query
from gonets.lab.trajectory import (
    COMEBACK_FROM,
    TIME_POINTS,
    TURNS_KEY,
    lead_curve,
    match_shapes,
    sole_leader,
    split_turns,
    trajectory_figures,
)
from gonets.sim.stats import Z95, wilson_interval
from tests.lab.helpers import rows, run, simulate_args

GAMES = 40


def turns(path: Path) -> list[dict]:
    """Every turn of a run, in match and turn order."""
    out = []
    for name in sorted(path.glob("turns-*.parquet")):
        out.extend(pq.read_table(name).to_pylist())
    return sorted(out, key=lambda row: (row["index"], row["turn"]))


def by_match(path: Path) -> dict[int, list[dict]]:
    grouped = defaultdict(list)
    for turn in turns(path):
        grouped[turn["index"]].append(turn)
    return grouped


@pytest.fixture(scope="module")
def traced(tmp_path_factory):
    """A seeded Love Letter run with trajectories, lead changes and every match's record."""
    base = tmp_path_factory.mktemp("traced")
    out, records = base / "run", base / "records"
    records.mkdir()
    result = run(*simulate_args(out, GAMES, "--jobs", 1, "--trajectories", "--lead-changes",
                                "--save", records))
    assert result.exit_code == 0, result.output
    return out, records


def test_each_shard_has_its_turns_and_each_match_one_turn_per_decision(traced):
    out, _ = traced
    shards = sorted(p.name[len("shard-"):] for p in out.glob("shard-*.parquet"))
    assert shards == sorted(p.name[len("turns-"):] for p in out.glob("turns-*.parquet"))
    matches = rows(out)
    grouped = by_match(out)
    assert sorted(grouped) == [row["index"] for row in matches]
    for row in matches:
        assert TURNS_KEY not in row
        mine = grouped[row["index"]]
        assert [t["turn"] for t in mine] == list(range(1, row["decisions"] + 1))
        assert {t["seed"] for t in mine} == {row["seed"]}
        assert mine[-1]["scores"] == row["scores"]


def replayed_turns(record: Record) -> list[tuple[int, list[float], float | None]]:
    """``(seat, scores, progress)`` after each decision of a record (and the random events
    that follow it), replayed step by step."""
    game = get_game(record.game)
    state = record.initial_state()
    seen, seat = [], None
    for index, step in enumerate(record.steps):
        if "action" in step and seat is not None:
            seen.append((seat, list(state.result().scores), game.progress(state)))
        apply_step(state, step, index)
        if "action" in step:
            seat = step["seat"]
    seen.append((seat, list(state.result().scores), game.progress(state)))
    return seen


def test_the_turns_of_a_match_are_the_scores_of_its_replayed_record(traced):
    out, records = traced
    grouped = by_match(out)
    for row in rows(out):
        record = Record.load(records / f"loveletter-{row['seed']:06d}.json")
        expected = replayed_turns(record)
        stored = grouped[row["index"]]
        assert [(t["seat"], t["scores"], t["progress"]) for t in stored] == expected
        for turn in stored:
            best = max(turn["scores"])
            top = [seat for seat, score in enumerate(turn["scores"]) if score == best]
            assert turn["leader"] == (top[0] if len(top) == 1 else None)


def test_the_turns_count_the_lead_changes_of_the_lead_changes_column(traced):
    out, _ = traced
    grouped = by_match(out)
    matches = rows(out)
    for row in matches:
        leaders = [t["leader"] for t in grouped[row["index"]] if t["leader"] is not None]
        assert sum(a != b for a, b in zip(leaders, leaders[1:])) == row["lead_changes"]
    assert any(row["lead_changes"] for row in matches)


def test_the_turns_view_holds_the_stored_turns(traced):
    out, _ = traced
    columns, result = run_query([out], "SELECT * FROM turns ORDER BY \"index\", turn")
    assert columns == ["run", "index", "seed", "turn", "seat", "scores", "leader", "progress"]
    assert [dict(zip(columns[1:], row[1:], strict=True)) for row in result] == turns(out)
    assert {row[0] for row in result} == {str(out)}


# -- the figures, recomputed in plain Python ----------------------------------------------------
def plain_shape(row: dict, mine: list[dict]) -> tuple:
    """(length, lead changes, decided share or None, comeback or None) of one match."""
    length = len(mine)
    leaders = [t["leader"] for t in mine if t["leader"] is not None]
    changes = sum(a != b for a, b in zip(leaders, leaders[1:]))
    if len(row["winners"]) != 1:
        return length, changes, None, None
    winner = row["winners"][0]
    first = length
    while first >= 1 and mine[first - 1]["leader"] == winner:
        first -= 1
    decided = None if first == length else (first + 1) / length
    comeback = any(t["turn"] > COMEBACK_FROM * length and t["scores"][winner] < max(t["scores"])
                   for t in mine)
    return length, changes, decided, comeback


def test_match_shapes_agree_with_a_plain_recomputation(traced):
    out, _ = traced
    grouped = by_match(out)
    shapes = match_shapes(connect([out]), str(out))
    matches = rows(out)
    assert [shape.index for shape in shapes] == [row["index"] for row in matches]
    for shape, row in zip(shapes, matches, strict=True):
        plain = plain_shape(row, grouped[row["index"]])
        assert (shape.length, shape.lead_changes, shape.decided, shape.comeback) == plain
    assert any(shape.comeback for shape in shapes) and not all(s.comeback for s in shapes)
    assert len({shape.decided for shape in shapes}) > 3


def _plain_mean(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def test_trajectory_figures_agree_with_a_plain_recomputation(traced):
    out, _ = traced
    grouped = by_match(out)
    matches = rows(out)
    plain = [plain_shape(row, grouped[row["index"]]) for row in matches]
    figures = trajectory_figures(connect([out]), str(out))
    changes = [shape[1] for shape in plain]
    decided = [shape[2] for shape in plain if shape[2] is not None]
    sole = [shape for shape in plain if shape[3] is not None]
    comebacks = sum(1 for shape in sole if shape[3])
    estimate = figures.lead_changes
    assert (estimate.value, estimate.low, estimate.high) == pytest.approx(_plain_mean(changes))
    estimate = figures.decided
    assert (estimate.value, estimate.low, estimate.high) == pytest.approx(_plain_mean(decided))
    with_change = sum(1 for c in changes if c)
    assert figures.any_change.value == pytest.approx(with_change / len(changes))
    assert (figures.any_change.low, figures.any_change.high) == \
        pytest.approx(wilson_interval(with_change, len(changes)))
    assert figures.comeback.value == pytest.approx(comebacks / len(sole))
    assert figures.comeback.n == len(sole) == figures.sole_winner
    assert figures.matches == GAMES and figures.undecided == len(sole) - len(decided)
    assert sorted(figures.decided_values) == pytest.approx(sorted(decided))
    assert figures.early_leader > 0


def test_the_lead_curve_agrees_with_a_plain_recomputation(traced):
    out, _ = traced
    grouped = by_match(out)
    leads, leading = defaultdict(list), defaultdict(list)
    for row in rows(out):
        if len(row["winners"]) != 1:
            continue
        winner, mine = row["winners"][0], grouped[row["index"]]
        for k in range(1, TIME_POINTS + 1):
            turn = mine[-(-k * len(mine) // TIME_POINTS) - 1]
            scores = turn["scores"]
            leads[k].append(scores[winner] - max(scores[:winner] + scores[winner + 1:]))
            leading[k].append(turn["leader"] == winner)
    curve = lead_curve(connect([out]), str(out))
    assert [point.time for point in curve] == [k / TIME_POINTS for k in
                                                range(1, TIME_POINTS + 1)]
    for k, point in enumerate(curve, start=1):
        assert (point.lead.value, point.lead.low, point.lead.high) == \
            pytest.approx(_plain_mean(leads[k]))
        assert point.leading.value == pytest.approx(statistics.fmean(leading[k]))
        assert point.leading.n == len(leading[k])
    assert curve[-1].leading.value == 1.0 and curve[-1].lead.value > curve[0].lead.value


# -- the report ---------------------------------------------------------------------------------
def test_the_report_shows_trajectories_only_for_a_run_that_has_them(traced, tmp_path):
    out, _ = traced
    plain = tmp_path / "plain"
    assert run(*simulate_args(plain, 10, "--jobs", 1)).exit_code == 0
    page_path = tmp_path / "report.html"
    result = run("report", out, plain, "--out", page_path)
    assert result.exit_code == 0, result.output
    page = page_path.read_text(encoding="utf-8")
    first, second = page.split(f"<h2>Run {plain}</h2>")[0], page.split(f"<h2>Run {plain}")[1]
    for text in ("<h3>Trajectories</h3>", "comebacks", "decided at", "lead changes per match",
                 'alt="lead over time"', 'alt="decided at"'):
        assert text in first, text
    assert "Trajectories" not in second
    assert run_query([plain], "SELECT count(*) FROM turns")[1] == [(0,)]


def test_a_game_without_running_scores_says_so(tmp_path):
    out = tmp_path / "czar"
    result = run("simulate", "czar", "-p", 2, "--bots", "random", "-n", 3, "--out", out,
                 "--trajectories", "--jobs", 1)
    assert result.exit_code == 0, result.output
    assert run("report", out, "--out", tmp_path / "r.html").exit_code == 0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "No match had a sole leader before its last decision" in page
    figures = trajectory_figures(connect([out]), str(out))
    assert figures.decided.value == 1.0 and figures.comeback.value == 0.0


# -- progress, options, storage -----------------------------------------------------------------
@pytest.mark.parametrize("name,players,stat", [("loveletter", 3, "stat_rounds"),
                                               ("carcassonne", 2, "stat_tiles_placed"),
                                               ("czar", 3, "stat_turns"),
                                               ("babayaga", 2, "stat_rounds")])
def test_each_game_reports_a_progress_that_never_goes_down(name, players, stat):
    game = get_game(name)
    plan = LabPlan(game.configure(players), ("random",) * players, 1, seed=5, trajectories=True)
    row = play(plan, 0, game)
    progress = [turn["progress"] for turn in row[TURNS_KEY]]
    assert len(progress) == row["decisions"]
    assert progress == sorted(progress) and progress[-1] == row[stat]
    assert progress[-1] > progress[0]


def test_sole_leader_needs_one_best_seat():
    assert sole_leader([3.0, 1.0, 2.0]) == 0
    assert sole_leader([1.0, 4.0, 4.0]) is None
    assert sole_leader([2.0, 2.0]) is None
    assert sole_leader([5.0]) is None and sole_leader([]) is None


def test_a_shard_whose_rows_lack_some_turns_is_refused():
    with pytest.raises(ValueError, match="match 1 has no turns"):
        split_turns([{"index": 0, "seed": 0, TURNS_KEY: []}, {"index": 1, "seed": 1}])


@pytest.mark.parametrize("extra,message", [
    (("--fast", "--bots", "random", "--out", "x"),
     "--trajectories records every decision's scores, which the compiled kernel does not keep"),
    ((), "--trajectories stores a turns table in the run directory; add --out RUN"),
])
def test_trajectories_refuse_fast_and_need_a_run(tmp_path, monkeypatch, extra, message):
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "loveletter", "-p", 2, "-n", 4, "--trajectories", *extra)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert not list(tmp_path.iterdir())


def test_resume_keeps_the_trajectories_flag_of_the_run(tmp_path):
    traced, plain = tmp_path / "traced", tmp_path / "plain"
    assert run(*simulate_args(traced, 5, "--trajectories")).exit_code == 0
    assert run(*simulate_args(plain, 5)).exit_code == 0
    for out, extra, held in ((traced, (), "true"), (plain, ("--trajectories",), "false")):
        result = run(*simulate_args(out, 10, "--resume", *extra))
        assert result.exit_code == 2
        assert f"trajectories: run has {held}" in " ".join(result.output.split())


def test_a_turns_file_left_without_its_shard_is_played_again(tmp_path):
    out, whole = tmp_path / "run", tmp_path / "whole"
    assert run(*simulate_args(out, 10, "--trajectories", "--jobs", 1)).exit_code == 0
    assert run(*simulate_args(whole, 10, "--trajectories", "--jobs", 1)).exit_code == 0
    (out / "shard-000000005-000000010.parquet").unlink()     # killed between the renames
    (out / "turns-000000005-000000010.parquet").write_bytes(b"half written")
    resumed = run(*simulate_args(out, 10, "--trajectories", "--resume", "--jobs", 1))
    assert resumed.exit_code == 0, resumed.output
    assert "5 matches played now" in resumed.output
    assert rows(out) == rows(whole) and turns(out) == turns(whole)
    (out / "turns-000000000-000000005.parquet").unlink()
    broken = run(*simulate_args(out, 15, "--trajectories", "--resume"))
    assert broken.exit_code == 2
    assert "shard-000000000-000000005.parquet lacks its turns file" in \
        " ".join(broken.output.split())


KILLED_GAMES = 600      # 120 shards: the kill lands long before the end


def test_a_killed_run_with_trajectories_resumes_to_exactly_the_whole_run(tmp_path):
    out, whole = tmp_path / "killed", tmp_path / "whole"
    args = simulate_args(out, KILLED_GAMES, "--jobs", 2, "--trajectories")
    log = tmp_path / "stderr.txt"
    child = subprocess.Popen([sys.executable, "-m", "gonets", *map(str, args)],
                             stdout=subprocess.DEVNULL, stderr=log.open("wb"))
    deadline = time.monotonic() + 120
    while len(list(out.glob("shard-*.parquet"))) < 15:
        assert child.poll() is None, log.read_text()
        assert time.monotonic() < deadline, "the run made no progress"
        time.sleep(0.01)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    stored = {p.name[6:] for p in out.glob("shard-*.parquet")}
    assert stored <= {p.name[6:] for p in out.glob("turns-*.parquet")}
    assert 0 < len(stored) < KILLED_GAMES // 5, "the run was not stopped half way"
    resumed = run(*simulate_args(out, KILLED_GAMES, "--jobs", 2, "--trajectories", "--resume"))
    assert resumed.exit_code == 0, resumed.output
    assert f"{KILLED_GAMES - len(stored) * 5} matches played now" in \
        " ".join(resumed.output.split())
    assert run(*simulate_args(whole, KILLED_GAMES, "--jobs", 1, "--trajectories")).exit_code == 0
    assert rows(out) == rows(whole) and turns(out) == turns(whole)
    assert {p.name[6:] for p in out.glob("shard-*")} == {p.name[6:] for p in out.glob("turns-*")}
    assert not list(out.glob("*.tmp"))
