"""The record shown in docs/records.md replays as the document says."""

import json
import re
from pathlib import Path

from gonets.core import Record

ROOT = Path(__file__).resolve().parents[2]


def test_docs_example_is_the_tested_record_and_replays():
    doc = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    shown = json.loads(re.search(r"```json\n(.*?)```", doc, re.S).group(1))
    stored = json.loads((Path(__file__).parent / "loveletter_guard_hits_princess.json").read_text())
    assert shown == stored
    state = Record.from_json(shown).replay()
    assert state.is_terminal() and state.result().winners == [0]
    boris = state.view(1)
    assert {"e": "deal", "seat": 0} in boris["log"]
    own_deals = [e for e in boris["log"] if e.get("seat") == 0 and e["e"] in ("deal", "draw")]
    assert all("card" not in e for e in own_deals)
