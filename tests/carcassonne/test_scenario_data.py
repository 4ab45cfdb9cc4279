"""Scenario records kept as data (``scenarios.json``), replayed through match records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import record

SCENARIOS = json.loads((Path(__file__).with_name("scenarios.json")).read_text())["scenarios"]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["name"][:40] for s in SCENARIOS])
def test_scenario(scenario):
    rec = record(scenario["tiles"], scenario["actions"], players=scenario["players"],
                 preset=scenario["preset"], messages=scenario.get("messages"))
    state = rec.replay()
    view = state.view(None)
    expect = scenario["expect"]
    if "scores" in expect:
        assert view["scores"] == expect["scores"]
    if "supply" in expect:
        assert view["supply"] == expect["supply"]
    if "to_move" in expect:
        assert view["to_move"] == expect["to_move"]
    if "hand" in expect:
        assert view["hand"] == expect["hand"]
    if "discarded" in expect:
        assert view["discarded"] == expect["discarded"]
    for kind, count in expect.get("count", {}).items():
        assert sum(1 for e in view["log"] if e["type"] == kind) == count, kind
