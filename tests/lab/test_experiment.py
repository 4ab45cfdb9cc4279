"""Experiment grids: a YAML file of factors, crossed or listed, played into one folder whose
cells are plain runs on the same seeds, with one Parquet table of every row."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from gonets.core.errors import OptionError
from gonets.lab.experiment import ExperimentDir, experiment_from, load_experiment
from gonets.lab.experiment_report import played_cells
from tests.lab.helpers import rows, run

GRID = """\
game: loveletter
matches: {matches}
seed: 7
shard_size: 4
bots: heuristic,random
cross:
  players: [2, 4, 6]
  preset: [seed, premium]
"""


def write(tmp_path: Path, text: str, name: str = "grid.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def cell_rows(folder: Path, cell: str) -> list[dict]:
    return rows(folder / "cells" / cell)


def strip_cell(row: dict) -> dict:
    return {key: value for key, value in row.items() if not key.startswith("cell")}


def test_a_three_by_two_grid_gives_one_table_with_paired_seeds(tmp_path):
    result = run("experiment", write(tmp_path, GRID.format(matches=10)), "--jobs", 2, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [c["factors"] for c in data["cells"]] == [
        {"players": p, "preset": s} for p in (2, 4, 6) for s in ("seed", "premium")]
    table = pq.read_table(tmp_path / "grid" / "matches.parquet").to_pylist()
    assert len(table) == 60
    cells = {(row["cell_players"], row["cell_preset"]) for row in table}
    assert cells == {(str(p), s) for p in (2, 4, 6) for s in ("seed", "premium")}
    for row in table:                                   # the cell columns say the row's truth
        assert row["cell_players"] == str(row["players"])
        assert row["cell_preset"] == row["preset"]
    by_cell: dict[str, list] = {}
    for row in table:
        by_cell.setdefault(row["cell"], []).append((row["index"], row["seed"], row["agents"]))
    pairs = [sorted(v) for v in by_cell.values()]
    seeds = {tuple(seed for _, seed, _ in cell) for cell in pairs}
    assert seeds == {tuple(range(7, 17))}               # every cell played the same seeds


def test_a_cell_is_exactly_the_plain_run_of_its_settings(tmp_path):
    run("experiment", write(tmp_path, GRID.format(matches=8)), "--jobs", 1)
    plain = run("simulate", "loveletter", "-p", 4, "--preset", "premium", "--bots",
                "heuristic,random", "-n", 8, "--seed", 7, "--shard-size", 4, "--out",
                tmp_path / "plain", "--jobs", 1)
    assert plain.exit_code == 0, plain.output
    cell = cell_rows(tmp_path / "grid", "c04")
    assert [strip_cell(row) for row in cell] == rows(tmp_path / "plain")
    assert {row["cell"] for row in cell} == {"c04"}


def test_resume_extends_every_cell_to_the_rows_of_an_uninterrupted_experiment(tmp_path):
    short = write(tmp_path, GRID.format(matches=4))
    assert run("experiment", short, "--out", tmp_path / "a", "--jobs", 1).exit_code == 0
    again = run("experiment", short, "--out", tmp_path / "a")
    assert again.exit_code == 2 and "--resume" in again.output
    longer = write(tmp_path, GRID.format(matches=10), "longer.yaml")
    result = run("experiment", longer, "--out", tmp_path / "a", "--resume", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["played"] == 36
    assert run("experiment", longer, "--out", tmp_path / "b", "--jobs", 2).exit_code == 0
    for cell in ("c01", "c03", "c06"):
        assert cell_rows(tmp_path / "a", cell) == cell_rows(tmp_path / "b", cell)
    def table(name: str) -> list[dict]:
        found = pq.read_table(tmp_path / name / "matches.parquet").to_pylist()
        return sorted(found, key=lambda r: (r["cell"], r["index"]))

    assert table("a") == table("b")


def test_resume_refuses_a_changed_grid(tmp_path):
    assert run("experiment", write(tmp_path, GRID.format(matches=4)), "--jobs", 1) \
        .exit_code == 0
    other = write(tmp_path, GRID.format(matches=4).replace("seed: 7", "seed: 8"))
    result = run("experiment", other, "--resume")
    assert result.exit_code == 2 and "differs in seed" in " ".join(result.output.split())


def test_listed_cells_cross_with_the_crossed_factors(tmp_path):
    grid = load_experiment(write(tmp_path, """\
game: czar
matches: 4
cells:
  - {bots: "heuristic,random"}
  - {bots: "random,heuristic"}
cross:
  players: [2, 3]
"""))
    assert [cell.label for cell in grid.cells] == [     # a short list repeats in order
        "bots=heuristic,random players=2", "bots=heuristic,random,heuristic players=3",
        "bots=random,heuristic players=2", "bots=random,heuristic,random players=3"]
    assert [cell.plan.bots for cell in grid.cells] == [
        ("heuristic", "random"), ("heuristic", "random", "heuristic"),
        ("random", "heuristic"), ("random", "heuristic", "random")]


def test_factors_may_be_rule_options(tmp_path):
    grid = load_experiment(write(tmp_path, """\
game: loveletter
matches: 3
players: 2
cross:
  preset: [seed]
  two_player_face_up: [0, 3]
"""))
    assert [cell.plan.config.options["two_player_face_up"] for cell in grid.cells] == [0, 3]
    assert grid.factors == ["preset", "two_player_face_up"]
    result = run("experiment", tmp_path / "grid.yaml", "--jobs", 1)
    assert result.exit_code == 0, result.output
    table = pq.read_table(tmp_path / "grid" / "matches.parquet").to_pylist()
    assert {row["cell_two_player_face_up"] for row in table} == {"0", "3"}


@pytest.mark.parametrize("text, message", [
    ("matches: 3\ncross: {players: [2]}", "game: missing"),
    ("game: loveletter\ncross: {players: [2]}\nseeds: 3", "unknown key 'seeds'"),
    ("game: loveletter\ncross: {players: 2}", "cross: players: give a list of values"),
    ("game: loveletter\ncross: {players: [2, 9]}", "cell players=9: Love Letter"),
    ("game: loveletter\ncross: {colour: [red]}", "cell colour=red: loveletter has no option"),
    ("game: loveletter\ncross: {bots: [dragon]}", "unknown bot 'dragon'"),
    ("game: loveletter\nmatches: 0", "matches: a whole number of at least 1"),
    ("game: loveletter\nstop: {until_ci: 2}", "stop: until_ci: a number between 0 and 1"),
    ("game: loveletter\nstop: {after: 3}", "stop: one of until_ci or detect"),
    ("game: loveletter\ncells: [{players: 2}, {players: 2}]", "comes twice"),
    ("game: loveletter\ncells: [{players: 2}]\ncross: {players: [3]}",
     "'players' is both listed in cells and crossed"),
    ("game: loveletter\ncross: {players: [2]}\n  bad: [", "is not valid YAML"),
])
def test_a_bad_experiment_file_is_refused_naming_the_entry(tmp_path, text, message):
    result = run("experiment", write(tmp_path, text))
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert message in said and "grid.yaml" in "".join(result.output.split())
    assert not (tmp_path / "grid").exists()             # nothing was made


def test_a_missing_file_is_named(tmp_path):
    result = run("experiment", tmp_path / "nope.yaml")
    assert result.exit_code == 2 and "cannot read" in result.output


@pytest.mark.parametrize("stop, why", [("until_ci: 0.4", "interval"), ("detect: 0.3", "power")])
def test_a_stopping_rule_ends_each_cell_on_its_own(tmp_path, stop, why):
    write(tmp_path, f"""\
game: loveletter
matches: 400
seed: 1
shard_size: 20
bots: heuristic,random
cross:
  players: [2, 3]
stop: {{{stop}}}
""")
    result = run("experiment", tmp_path / "grid.yaml", "--jobs", 2, "--json")
    assert result.exit_code == 0, result.output
    for cell in json.loads(result.stdout)["cells"]:
        assert cell["stopped_by"] == why and cell["matches"] < 400
        if why == "interval":
            assert cell["widest_interval"] < 0.4
        else:
            assert cell["power"] >= 0.8 and cell["matches"] >= cell["matches_needed"]


def test_fast_cells_play_in_the_kernel(tmp_path):
    write(tmp_path, """\
game: carcassonne
matches: 6
seed: 2
shard_size: 3
bots: playout,random
fast: true
cross:
  players: [2, 3]
""")
    result = run("experiment", tmp_path / "grid.yaml", "--jobs", 1)
    assert result.exit_code == 0, result.output
    plain = run("simulate", "carcassonne", "-p", 3, "--bots", "playout,random", "-n", 6,
                "--seed", 2, "--shard-size", 3, "--fast", "--out", tmp_path / "plain",
                "--jobs", 1)
    assert plain.exit_code == 0, plain.output
    assert [strip_cell(r) for r in cell_rows(tmp_path / "grid", "c02")] == \
        rows(tmp_path / "plain")


def test_query_and_the_folder_see_every_cell(tmp_path):
    run("experiment", write(tmp_path, GRID.format(matches=4)), "--jobs", 1)
    result = run("query", tmp_path / "grid", "SELECT count(DISTINCT cell), count(*) FROM "
                 "seats", "--csv")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == f"6,{4 * (2 + 2 + 4 + 4 + 6 + 6)}"
    grid = ExperimentDir(tmp_path / "grid").read()
    assert len(grid.cells) == 6 and grid.spec["matches"] == 4


def test_an_experiment_is_a_mapping():
    with pytest.raises(OptionError, match="a mapping"):
        experiment_from(["game", "loveletter"])


def test_cells_keep_trajectories_when_asked(tmp_path):
    write(tmp_path, GRID.format(matches=4).replace("cross:", "trajectories: true\ncross:"))
    result = run("experiment", tmp_path / "grid.yaml", "--jobs", 1)
    assert result.exit_code == 0, result.output
    asked = run("query", tmp_path / "grid", "SELECT count(DISTINCT run), count(*) > 0, "
                "max(turn) = (SELECT max(decisions) FROM matches) FROM turns", "--csv")
    assert asked.exit_code == 0, asked.output
    assert asked.output.splitlines()[1] == "6,True,True"


def test_the_grid_report_holds_numbers_recomputed_independently(tmp_path):
    """The 3 x 2 bar: one table, paired seeds, a report with the all-seats test and Holm over
    the grid; three of its numbers recomputed here from the table in plain Python."""
    from statistics import NormalDist

    from gonets.lab.experiment import ExperimentDir
    from gonets.lab.experiment_report import cell_tests, played_cells, seat_rows
    from gonets.lab.query import connect

    run("experiment", write(tmp_path, GRID.format(matches=24)), "--jobs", 2)
    result = run("report", tmp_path / "grid", "--out", tmp_path / "grid.html")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "grid.html").read_text(encoding="utf-8")
    assert "Cochran&#x27;s Q" in page or "Cochran's Q" in page
    assert "Holm p" in page and "simultaneous 95% interval" in page
    table = pq.read_table(tmp_path / "grid" / "matches.parquet").to_pylist()
    cells = {}
    for row in table:
        cells.setdefault(row["cell"], []).append(row)

    # 1. Cochran's Q of cell c03 (4 players): Q = n(n-1) sum (C_s - mean)^2 / sum k(n-k)
    c03 = cells["c03"]
    wins = [sum(seat in row["winners"] for row in c03) for seat in range(4)]
    spread = sum(len(set(r["winners"])) * (4 - len(set(r["winners"]))) for r in c03)
    mean = sum(wins) / 4
    q = 4 * 3 * sum((w - mean) ** 2 for w in wins) / spread
    folder = ExperimentDir(tmp_path / "grid")
    played = played_cells(folder, folder.read())
    con = connect([tmp_path / "grid"])
    tests = {t.cell.name: t for t in cell_tests(con, played)}
    assert tests["c03"].test.statistic == pytest.approx(q)
    assert f"{q:.3f}" in page

    # 2. Holm over every seat of every cell: p of each seat's (win - share of winners) mean
    def p_value(rows: list[dict], seat: int) -> float:
        n = rows[0]["players"]
        values = [(seat in r["winners"]) - len(set(r["winners"])) / n for r in rows]
        avg = sum(values) / len(values)
        sd = (sum((v - avg) ** 2 for v in values) / (len(values) - 1)) ** 0.5
        if sd == 0:
            return 1.0 if avg == 0 else 0.0
        return 2 * (1 - NormalDist().cdf(abs(avg) / (sd / len(values) ** 0.5)))

    family = [(name, seat, p_value(rows, seat)) for name, rows in sorted(cells.items())
              for seat in range(rows[0]["players"])]
    ordered = sorted(range(len(family)), key=lambda i: family[i][2])
    holm, running = [0.0] * len(family), 0.0
    for rank, i in enumerate(ordered):
        running = max(running, min(1.0, (len(family) - rank) * family[i][2]))
        holm[i] = running
    got = {(r.cell.name, r.rate.label): r for r in seat_rows(con, played)}
    for (name, seat, _), adjusted in zip(family, holm, strict=True):
        assert got[(name, f"p{seat + 1}")].adjusted.holm == pytest.approx(adjusted, abs=1e-9)

    # 3. a paired difference between c01 and c02 (2 players, seed vs premium, same seeds)
    first = {r["seed"]: r for r in cells["c01"]}
    second = {r["seed"]: r for r in cells["c02"]}
    diffs = [(0 in second[s]["winners"]) - (0 in first[s]["winners"]) for s in first]
    assert set(first) == set(second)
    paired = sum(diffs) / len(diffs)
    assert f"{paired * 100:.1f}%" in page


def test_cells_that_name_different_factors_still_pair_by_one_factor(tmp_path):
    grid = load_experiment(write(tmp_path, """\
game: loveletter
matches: 4
players: 2
bots: random
cells:
  - {bots: "heuristic,random"}
  - {preset: premium}
  - {preset: premium, bots: "heuristic,random"}
"""))
    from gonets.lab.experiment_report import one_factor_pairs

    assert [dict(c.factors) for c in grid.cells] == [
        {"bots": "heuristic,random", "preset": "seed"}, {"bots": "random,random",
                                                        "preset": "premium"},
        {"bots": "heuristic,random", "preset": "premium"}]
    pairs = [(f, a[0].name, b[0].name) for f, a, b in
             one_factor_pairs([(cell, cell.name) for cell in grid.cells])]
    assert pairs == [("preset", "c01", "c03"), ("bots", "c02", "c03")]


@pytest.mark.parametrize("text, message", [
    ("game: loveletter\ncells: [{players: 2, preset: seed}, {preset: seed, players: 2}]",
     "comes twice"),
    ("game: loveletter\nplayers: 2\ncells: [{bots: \"heuristic,random\"}, "
     "{bots: [heuristic, random]}]", "play the same matches"),
    ("game: loveletter\ncross: {preset: [null, seed]}", "empty (null)"),
    ("game: loveletter\ncross: {bots: [5]}", "bots: a comma list"),
    ("game: babayaga\ncross: {preset: [competitive, solo]}\nstop: {detect: 0.3}",
     "cell preset=solo"),
])
def test_more_bad_grids_are_refused_before_any_play(tmp_path, text, message):
    result = run("experiment", write(tmp_path, text))
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "grid").exists()


def grid_report(tmp_path: Path, grid: str) -> str:
    """The report page of a small Baba Yaga grid, played one process."""
    write(tmp_path, f"game: babayaga\n{grid}cross: {{bots: [random, normal]}}\n")
    assert run("experiment", tmp_path / "grid.yaml", "--jobs", 1).exit_code == 0
    result = run("report", tmp_path / "grid", "--out", tmp_path / "grid.html")
    assert result.exit_code == 0, result.output
    return (tmp_path / "grid.html").read_text(encoding="utf-8")


def test_a_one_player_grid_reports(tmp_path):
    page = grid_report(tmp_path, "matches: 3\nshard_size: 3\npreset: solo\nplayers: 1\n")
    assert "one-seat game" in page


def test_a_co_operative_grid_reports_no_family_and_no_nan(tmp_path):
    page = grid_report(tmp_path, "matches: 2\nshard_size: 2\npreset: cooperative\nplayers: 2\n")
    assert "No family: no cell" in page and "Family: the 0" not in page
    words = re.sub(r'"data:[^"]*"', "", page)           # the plots' base64 bytes
    assert "nan" not in words and "0.05/0" not in words


def test_a_refused_resume_leaves_the_experiment_as_it_was(tmp_path):
    assert run("experiment", write(tmp_path, GRID.format(matches=8)), "--jobs", 1) \
        .exit_code == 0
    before = (tmp_path / "grid" / "experiment.json").read_text()
    result = run("experiment", write(tmp_path, GRID.format(matches=4)), "--resume")
    assert result.exit_code == 2 and "matches: must be at least 8" in \
        " ".join(result.output.split())
    assert (tmp_path / "grid" / "experiment.json").read_text() == before


def test_a_folder_name_with_a_pattern_character_is_refused(tmp_path):
    run("experiment", write(tmp_path, GRID.format(matches=4)), "--out", tmp_path / "g*x",
        "--jobs", 1)
    result = run("query", tmp_path / "g*x", "SELECT count(*) FROM matches")
    assert result.exit_code == 2 and "rename the folder" in " ".join(result.output.split())


# -- folders played before a shorter bots list repeated in order ----------------------------------
OLD_GRID = """\
game: loveletter
matches: {matches}
seed: 1
shard_size: 4
players: {players}
cross:
  bots: {bots}
"""


def make_old(tmp_path: Path, matches: int, players: int, bots: list[str],
             spelled: list[str]) -> Path:
    """An experiment folder as gonets wrote it when a shorter bots list repeated its last name:
    its cells played (and their rows say) the seats ``spelled`` out, its experiment.json keeps
    the short lists ``bots`` as the file gave them."""
    grid = write(tmp_path, OLD_GRID.format(matches=matches, players=players,
                                           bots=json.dumps(spelled)))
    assert run("experiment", grid, "--jobs", 1).exit_code == 0
    manifest = tmp_path / "grid" / "experiment.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["cross"]["bots"] = bots
    manifest.write_text(json.dumps(data), encoding="utf-8")
    return write(tmp_path, OLD_GRID.format(matches=matches, players=players,
                                           bots=json.dumps(bots)))


def test_report_labels_an_old_cell_by_the_bots_it_played(tmp_path):
    """The report's cell label and its "bots by seat" tell the same story: the stored plan's,
    not today's reading of the stored file (heuristic,random at 4 seats now sits h r h r)."""
    grid = write(tmp_path, OLD_GRID.format(matches=4, players=4,
                                           bots='["heuristic,random", "random"]'))
    assert run("experiment", grid, "--jobs", 1).exit_code == 0
    manifest = tmp_path / "grid" / "cells" / "c01" / "manifest.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["bots"] = ["heuristic", "random", "random", "random"]   # as the old code played it
    manifest.write_text(json.dumps(data), encoding="utf-8")
    folder = ExperimentDir(tmp_path / "grid")
    cells = dict((cell.name, cell) for cell, _ in played_cells(folder, folder.read()))
    assert dict(cells["c01"].factors)["bots"] == ",".join(cells["c01"].plan.bots) == \
        "heuristic,random,random,random"
    assert cells["c01"].label == "bots=heuristic,random,random,random"


def test_an_old_folder_reads_as_it_was_played(tmp_path):
    make_old(tmp_path, 4, 3, ["heuristic,random", "random"],
             ["heuristic,random,random", "random"])
    grid = ExperimentDir(tmp_path / "grid").read()
    assert [cell.plan.bots for cell in grid.cells] == [("heuristic", "random", "random"),
                                                       ("random",) * 3]
    assert [row["cell_bots"] for row in cell_rows(tmp_path / "grid", "c01")] == \
        ["heuristic,random,random"] * 4
    result = run("report", tmp_path / "grid", "--out", tmp_path / "grid.html")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "grid.html").read_text(encoding="utf-8")
    assert "bots=heuristic,random,random" in page and "heuristic,random,heuristic" not in page


def test_a_refused_resume_plays_nothing_first(tmp_path):
    """--resume of an old experiment whose second cell was played with the old meaning: the
    refusal comes before anything is played (not after c01 was extended), names the change
    of meaning and says how to go on."""
    grid = make_old(tmp_path, 4, 3, ["random", "heuristic,random"],
                    ["random", "heuristic,random,random"])
    before = len(cell_rows(tmp_path / "grid", "c01"))
    longer = write(tmp_path, grid.read_text().replace("matches: 4", "matches: 8"), "longer.yaml")
    result = run("experiment", longer, "--out", tmp_path / "grid", "--resume", "--jobs", 1)
    assert result.exit_code == 2
    assert len(cell_rows(tmp_path / "grid", "c01")) == before          # nothing played
    text = " ".join(result.stderr.split())
    assert "cell c02 was played with bots heuristic,random,random, the file gives it " \
           "heuristic,random,heuristic" in text
    assert "used to repeat its last name" in text and "now repeats in order" in text
    assert 'spell each cell\'s seats out in the file (c02: bots: "heuristic,random,random")' \
        in text


def test_an_old_folder_goes_on_with_its_seats_spelled_out(tmp_path):
    """An old folder stopped before its last cell began: the file with every cell's seats
    spelled out resumes it, the unplayed cell with the seats the folder meant, and the rows
    are those of the spelled-out experiment played whole."""
    make_old(tmp_path, 4, 3, ["heuristic,random", "random,heuristic"],
             ["heuristic,random,random", "random,heuristic,heuristic"])
    shutil.rmtree(tmp_path / "grid" / "cells" / "c02")               # not begun yet
    half = write(tmp_path, OLD_GRID.format(matches=8, players=3, bots=json.dumps(
        ["heuristic,random,random", "random,heuristic"])), "half.yaml")
    refused = run("experiment", half, "--out", tmp_path / "grid", "--resume", "--jobs", 1)
    assert refused.exit_code == 2
    assert "cell c02 has bots random,heuristic,heuristic" in " ".join(refused.stderr.split())
    spelled = ["heuristic,random,random", "random,heuristic,heuristic"]
    whole = write(tmp_path, OLD_GRID.format(matches=8, players=3, bots=json.dumps(spelled)),
                  "spelled.yaml")
    result = run("experiment", whole, "--out", tmp_path / "grid", "--resume", "--jobs", 1,
                 "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["played"] == 12
    assert run("experiment", whole, "--out", tmp_path / "new", "--jobs", 1).exit_code == 0
    for cell in ("c01", "c02"):
        assert cell_rows(tmp_path / "grid", cell) == cell_rows(tmp_path / "new", cell)


def test_a_resume_may_not_drop_the_bots_factor(tmp_path):
    """Spelling the bots differently is allowed, but the cells keep their factors: bots moved
    out of ``cross`` would leave the new rows without their ``cell_bots`` column."""
    crossed = "game: loveletter\nmatches: 4\nshard_size: 4\nplayers: 2\n" \
              "cross: {bots: [random], preset: [seed, premium]}\n"
    assert run("experiment", write(tmp_path, crossed), "--jobs", 1).exit_code == 0
    shared = write(tmp_path, "game: loveletter\nmatches: 8\nshard_size: 4\nplayers: 2\n"
                             "bots: random\ncross: {preset: [seed, premium]}\n", "shared.yaml")
    result = run("experiment", shared, "--out", tmp_path / "grid", "--resume")
    assert result.exit_code == 2 and "differs in bots, cross" in " ".join(result.stderr.split())
