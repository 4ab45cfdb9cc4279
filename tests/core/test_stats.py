import pytest

from gonets.sim.stats import Proportion, mean_interval, wilson_interval


def test_wilson_interval_known_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)


def test_wilson_interval_edges_stay_in_range():
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_proportion_json():
    data = Proportion(30, 40).to_json()
    assert data["rate"] == 0.75 and data["ci95"][0] < 0.75 < data["ci95"][1]


def test_mean_interval():
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and low < 2.5 < high
    assert mean_interval([]) == (0.0, 0.0, 0.0)
