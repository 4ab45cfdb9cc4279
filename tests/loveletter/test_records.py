"""Scenario records as data: a whole game to the token target, replayed from JSON."""

from pathlib import Path

from gonets.core import Record

RECORDS = Path(__file__).with_name("records")


def test_two_rounds_to_the_token_target():
    record = Record.load(RECORDS / "two_rounds_to_target.json")
    state = record.replay()                       # also checks the stored result
    assert state.is_terminal() and state.result().winners == [0]
    view = state.view(None)
    ends = [e for e in view["log"] if e["e"] == "round_end"]
    assert [(e["round"], e["winners"], e["reason"]) for e in ends] == [
        (1, [0], "last_standing"), (2, [0], "last_standing")]
    starts = [e for e in view["log"] if e["e"] == "round"]
    assert [e["starter"] for e in starts] == [0, 0]
    assert view["seats"][0]["tokens"] == 2 and view["target"] == 2
    assert [e["cards"] for e in view["log"] if e["e"] == "face_up"] == [
        ["king", "prince", "prince"], ["baron", "baron", "handmaid"]]
    middle = record.replay(upto=2)
    assert middle.is_chance() and middle.tokens == [1, 0]
