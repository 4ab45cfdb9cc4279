"""``python -m gonets.sim.same_time``: the kernel search against the Python tree on duplicate
deals, by count."""

from __future__ import annotations

import json

import pytest

from gonets.sim.same_time import Plan, main, run


def test_a_plan_plays_every_deal_both_ways_and_repeats_itself():
    plan = Plan("loveletter", 2, deals=2, iterations=40, kernel_iterations=80, seed=5)
    first = run(plan)
    assert first["matches"] == 4 and first["fair_share"] == 0.5
    assert 0 <= first["kernel_wins"] <= 4
    assert first["kernel_win_rate"] == pytest.approx(first["kernel_wins"] / 4)
    low, high = first["interval"]
    assert low <= first["kernel_win_rate"] <= high
    assert first["paired_difference"]["mean"] == pytest.approx(first["kernel_win_rate"] - 0.5)
    assert run(plan) == first


def test_the_command_prints_its_budgets_and_the_record(capsys):
    assert main(["carcassonne", "-n", "1", "--iterations", "20", "--kernel-iterations",
                 "30"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["iterations"] == 20 and data["kernel_iterations"] == 30
    assert data["matches"] == 2
    assert "--kernel-iterations 30" in err and "2/2 matches" in err
