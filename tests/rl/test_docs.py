"""docs/rl.md lists the observation blocks the encoders really build."""

from __future__ import annotations

from pathlib import Path

from gonets.rl import docs

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_observation_tables_are_current():
    assert docs.main(["--check", str(DOC)]) == 0, \
        "run: python -m gonets.rl.docs --write docs/rl.md"


def test_every_block_of_every_encoder_is_in_the_doc():
    text = DOC.read_text(encoding="utf-8")
    for table in docs.generated("observations").splitlines():
        assert table in text
