"""Scenario records kept as data (tests/babayaga/scenarios/*.json) and replayed."""

import json
from pathlib import Path

from gonets.core import Record

HERE = Path(__file__).parent / "scenarios"


def replay(name):
    return Record.from_json(json.loads((HERE / name).read_text())).replay()


def test_tsars_riddle_then_priest_in_the_tree():
    """Stacked decks: The Tsar's Riddle tops the Town deck, The Priest in the Tree the
    Wilderness deck. Ilya solves the riddle in Khorov (Cunning 5, a 5 rolled) and keeps it;
    Fyodor fails the priest's wolves (Fight 3 + Rep, a 2 rolled) and is mauled."""
    s = replay("riddle_and_priest.json")
    ilya, fyodor = s.players
    assert ilya.cards == ["T01"] and s.rep(ilya) == 1 and s.ability(ilya, "cunning") == 2
    assert fyodor.loc == "rye_fields" and fyodor.cards == []
    assert fyodor.effects == [["any", -1, "next_turn", 1, "W01"]]
    assert s.reminder == [["W01", 1]]                  # the card waits as a reminder
    assert [e["to"] for e in s.log if e["e"] == "token"] == ["crossroads", "bone_fence"]
    assert len(s.removed["wilderness"]) == len(s.removed["town"]) == 10
    assert "W01" not in s.removed["wilderness"] and "T01" not in s.removed["town"]
    assert s.active == 0 and s.round == 2 and s.time() == "noon"
    rolls = [(e["ability"], e["diff"], e["dice"], e["won"]) for e in s.log if e["e"] == "roll"]
    assert rolls == [("cunning", 5, [5], True), ("fight", 3, [2], False)]
