"""Golden transcripts: one seeded match opening per game and preset, with every view and
legal-action list, kept in ``tests/golden/data`` and diffed. A change to a rule, a view or a
notation shows up here as a readable diff.

Regenerate on purpose only: ``GONETS_REGEN_GOLDEN=1 pytest tests/golden``.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from gonets.core import Match, games

DATA = Path(__file__).parent / "data"
STEPS = 30
SEED = 1


def cases():
    for game in games().values():
        for preset in game.presets:
            yield pytest.param(game, preset.name, id=f"{game.name}-{preset.name}")


def transcript(game, preset: str) -> str:
    """The first decisions of a seeded random match, each line a JSON object. The options come
    once in the first line; each view carries only the log entries new to that viewer."""
    low, _ = game.player_range(preset)
    config = game.configure(low, preset)
    match = Match(game, config, seed=SEED)
    rng = random.Random(SEED)
    seen: dict = {}

    def compact(viewer):
        view = match.state.view(viewer)
        del view["options"]
        log = view.pop("log", [])
        start = seen.get(viewer, 0) if len(log) >= seen.get(viewer, 0) else 0
        seen[viewer] = len(log)
        return {**view, "log_new": log[start:]}

    lines = [{"options": config.options, "players": config.players}]
    for _ in range(STEPS):
        match.deal()
        seat = match.state.current_player()
        lines.append({"spectator": compact(None)})
        if seat < 0:
            break
        lines.append({"seat": seat, "view": compact(seat)})
        legal = match.state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        lines.append({"seat": seat, "action": match.state.action_to_text(action)})
        match.act(seat, action)
    return "".join(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n" for line in lines)


@pytest.mark.parametrize("game,preset", list(cases()))
def test_golden_transcript(game, preset):
    path = DATA / f"{game.name}-{preset}.jsonl"
    actual = transcript(game, preset)
    if os.environ.get("GONETS_REGEN_GOLDEN"):
        DATA.mkdir(exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"no golden transcript {path.name}; create it with GONETS_REGEN_GOLDEN=1"
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, actual.splitlines()), 1):
        assert got == want, f"{path.name} line {number} differs"
    assert len(actual.splitlines()) == len(expected)
