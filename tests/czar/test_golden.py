"""Golden transcripts: one seeded random match per preset (3 players), every step with the
deciding seat's legal actions, and the final spectator view. Regenerate on purpose only:
``UPDATE_GOLDEN=1 pytest tests/czar/test_golden.py``."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import play_match

from .helpers import GAME

GOLDEN = Path(__file__).parent / "golden"


def transcript(preset: str) -> dict:
    config = GAME.configure(3, preset)
    agents = [RandomAgent(GAME, config, s, random.Random(f"golden:{s}")) for s in range(3)]
    lines: list[str] = []

    def note(match):
        state = match.state
        step = match.record.steps[-1] if match.record.steps else {}
        legal = [state.action_to_text(a) for a in state.legal_actions()]
        lines.append(json.dumps({"step": step, "next": state.current_player(), "legal": legal},
                                ensure_ascii=False))

    match = play_match(GAME, config, agents, seed=2026, on_step=note)
    return {"steps": lines, "final": match.state.view(None)}


@pytest.mark.parametrize("preset", ["classic", "revised"])
def test_golden_transcript(preset):
    path = GOLDEN / f"{preset}-3p.json"
    actual = transcript(preset)
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}; create it with UPDATE_GOLDEN=1"
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert actual["steps"] == expected["steps"]
    assert actual["final"] == expected["final"]
