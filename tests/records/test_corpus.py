"""Records written by earlier commits of main still replay, their stored results included:
those of older rules after the migrations of their game (see corpus/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gonets.core import Record, get_game
from gonets.core.errors import RecordError

CORPUS = Path(__file__).with_name("corpus")
FILES = sorted(CORPUS.glob("*/*.json"))
NEED_MIGRATION = {"random-czar-classic-2p-59.json", "random-czar-revised-2p-59.json"}


def test_the_corpus_holds_every_game_from_before_the_czar_colour_choice():
    older = {json.loads(path.read_text())["game"] for path in CORPUS.glob("d04770f/*.json")}
    assert older == {"babayaga", "carcassonne", "czar", "loveletter"}
    assert NEED_MIGRATION <= {path.name for path in CORPUS.glob("d04770f/*.json")}


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_record_of_an_earlier_commit_replays_with_its_result(path):
    record = Record.load(path)
    assert record.rules == 1                     # written before the rules version was kept
    record.replay()                              # checks each step and the stored result
    assert record.rules == get_game(record.game).rules_version()
    again = Record.from_json(json.loads(record.dumps()))
    assert again.rules == record.rules and again.steps == record.steps
    again.replay()                               # the migrated record replays as it is


@pytest.mark.parametrize("name", sorted(NEED_MIGRATION))
def test_an_old_czar_placement_is_given_the_colour_the_old_engine_placed(name):
    record = Record.load(CORPUS / "d04770f" / name)
    as_if_current = Record.from_json({**json.loads(path_text(name)), "rules": 2})
    with pytest.raises(RecordError, match="name the one to place"):
        as_if_current.replay()
    before = [step.get("action") for step in record.steps]
    record.replay()
    changed = [(old, new["action"]) for old, new in zip(before, record.steps)
               if old != new.get("action")]
    assert changed and all(old.startswith("place ") and len(new.split()) == len(old.split()) + 1
                           for old, new in changed)


def path_text(name: str) -> str:
    return (CORPUS / "d04770f" / name).read_text()


def test_a_record_of_newer_rules_than_this_version_knows_is_refused():
    data = json.loads(path_text("czar-classic-2p-0.json"))
    with pytest.raises(RecordError, match="rules version 3"):
        Record.from_json({**data, "rules": 3}).replay()
    with pytest.raises(RecordError, match="'rules' must be a whole number"):
        Record.from_json({**data, "rules": "two"})
