"""The small examples run (the training example needs the train extra and is not run here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pettingzoo_loop(capsys):
    load("pettingzoo_loop").main(["czar", "--players", "2", "--matches", "1"])
    assert "match 0:" in capsys.readouterr().out


def test_openspiel_ismcts(capsys):
    pytest.importorskip("pyspiel")
    load("openspiel_ismcts").main(["loveletter", "--matches", "2", "--simulations", "10"])
    assert "ISMCTSBot (10 simulations) vs random" in capsys.readouterr().out


def test_training_example_is_valid_python():
    source = (EXAMPLES / "train_loveletter.py").read_text(encoding="utf-8")
    compile(source, "train_loveletter.py", "exec")
