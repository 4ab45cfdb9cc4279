import json

import pytest

from gonets.core import Record, RecordError


def test_load_rejects_a_missing_file(tmp_path):
    with pytest.raises(RecordError, match="cannot read record"):
        Record.load(tmp_path / "none.json")


def test_load_rejects_invalid_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.load(path)


@pytest.mark.parametrize("data,problem", [
    ([], "JSON object"),
    ({"format": "other"}, "not a gonets record"),
    ({"format": "gonets-record", "version": 99}, "version 99"),
    ({"format": "gonets-record", "version": 1, "players": 2, "steps": []}, "'game'"),
    ({"format": "gonets-record", "version": 1, "game": "x", "players": "2", "steps": []},
     "'players'"),
    ({"format": "gonets-record", "version": 1, "game": "x", "players": 2, "steps": {}}, "'steps'"),
])
def test_from_json_names_the_problem(data, problem):
    with pytest.raises(RecordError, match=problem):
        Record.from_json(json.loads(json.dumps(data)))
