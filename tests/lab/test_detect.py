"""simulate --detect: sequential stopping once a seat's test has 80% power (two-sided 5%)
against a stated win-rate difference from the fair share, where the power formula says."""

from __future__ import annotations

import json
import math
from statistics import NormalDist

import pytest

from gonets.core import get_game
from gonets.lab.plan import LabPlan
from gonets.lab.runner import Tally, run_lab
from gonets.lab.store import RunDir
from tests.lab.helpers import rows, run, simulate_args

Z = NormalDist().inv_cdf(0.975) + NormalDist().inv_cdf(0.8)     # 1.95996 + 0.84162


def needed(data, delta):
    """The matches the power formula asks for, from the rows by hand: a seat's per-match
    difference won - k/n has the variance mean(k (n - k)) / n^2 when seats do not matter."""
    n = data[0]["players"]
    spread = sum(len(set(r["winners"])) * (n - len(set(r["winners"]))) for r in data)
    return math.ceil(Z * Z * spread / (len(data) * n * n) / delta ** 2)


def test_detect_stops_at_the_first_shard_past_the_formula(tmp_path):
    # two seats and one winner a match: the variance is exactly 1/4, so 0.1 needs
    # ceil(7.849 * 0.25 / 0.01) = 197 matches, i.e. 10 shards of 20
    game = get_game("loveletter")
    plan = LabPlan(game.configure(2), ("heuristic", "random"), 2000, seed=1, shard_size=20)
    outcome = run_lab(plan, RunDir(tmp_path / "a"), jobs=2, detect=0.1)
    data = rows(tmp_path / "a")
    assert all(len(set(r["winners"])) == 1 for r in data)
    assert math.ceil(Z * Z * 0.25 / 0.01) == 197 == needed(data, 0.1)
    assert outcome.stopped_by == "power" and outcome.games == 200 == len(data)
    assert outcome.needed == 197 and 0.8 <= outcome.power < 0.81
    assert sorted(RunDir(tmp_path / "a").done_shards()) == plan.shards(200)


def test_detect_with_matches_nobody_wins(tmp_path):
    # competitive Baba Yaga ends some matches without a winner: the needed count moves with
    # the rows, and the run stops once it holds at least what its own rows ask for
    game = get_game("babayaga")
    plan = LabPlan(game.configure(2, "competitive"), ("heuristic", "heuristic"), 400, seed=1,
                   shard_size=10)
    outcome = run_lab(plan, RunDir(tmp_path / "b"), jobs=2, detect=0.2)
    data = rows(tmp_path / "b")
    assert any(not r["winners"] for r in data), "expected a match without a winner"
    assert outcome.stopped_by == "power" and outcome.games == len(data) < 400
    assert outcome.needed == needed(data, 0.2) <= len(data)


def test_detect_is_capped_and_resumes_to_power(tmp_path):
    out = tmp_path / "r"
    capped = run(*simulate_args(out, 100, "--detect", "0.1", "--json"))
    assert capped.exit_code == 0, capped.output
    data = json.loads(capped.stdout)
    assert data["stopped_by"] == "cap" and data["games"] == 100
    assert data["matches_needed"] == 197 and data["power"] < 0.8
    again = run(*simulate_args(out, 1000, "--detect", "0.1", "--json", "--resume"))
    assert again.exit_code == 0, again.output
    data = json.loads(again.stdout)
    assert data["stopped_by"] == "power" and data["games"] == 200 and data["played"] == 100
    assert data["matches_needed"] == 197 and data["power"] >= 0.8
    text = run(*simulate_args(tmp_path / "t", 300, "--detect", "0.1"))
    said = " ".join(text.output.split())
    assert "stopped: a seat's test (two-sided 5%) has 81% power against the asked " \
        "difference (197 matches needed)" in said, said


@pytest.mark.parametrize("extra,message", [
    (("--detect", "0"), "--detect is a win-rate difference between 0 and 1"),
    (("--detect", "-0.1"), "--detect is a win-rate difference between 0 and 1"),
    (("--detect", "1"), "--detect is a win-rate difference between 0 and 1"),
    (("--detect", "0.05", "--until-ci", "0.1"), "two stopping rules; give one of them"),
])
def test_bad_detect_values_get_clear_errors(tmp_path, monkeypatch, extra, message):
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "loveletter", "--players", 2, "--games", 5, "--out", "x", *extra)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "x").exists()


def test_detect_refuses_a_one_seat_game(tmp_path):
    plan = LabPlan(get_game("babayaga").configure(1, "solo"), ("heuristic",), 10)
    with pytest.raises(Exception, match="a game of one seat has nothing to compare"):
        run_lab(plan, RunDir(tmp_path / "solo"), detect=0.1)


def test_tally_power_of_a_cooperative_run_is_unknown():
    tally = Tally(3)
    for _ in range(50):
        tally.add(["h", "h", "h"], [0, 1, 2])
        tally.add(["h", "h", "h"], [])
    assert tally.null_sd() == 0 and tally.needed(0.1) is None and math.isnan(tally.power(0.1))
    tally.add(["h", "h", "h"], [2])
    assert tally.null_sd() == pytest.approx(math.sqrt(2 / 9 / 101))
