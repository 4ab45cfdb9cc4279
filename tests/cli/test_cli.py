"""The command line, end to end through Typer's runner, on Love Letter."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from gonets.cli import add_game_commands, app
from gonets.core import Record

runner = CliRunner()
add_game_commands()


def run(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def test_games_lists_loveletter():
    result = run("games")
    assert result.exit_code == 0 and "loveletter" in result.output


def test_rules_show_presets_options_and_diff():
    result = run("rules", "loveletter")
    assert result.exit_code == 0
    assert "seed-strict" in result.output and "princess_beats_bishop" in result.output
    diff = run("rules", "loveletter", "--diff", "seed", "seed-strict")
    assert diff.exit_code == 0
    assert "princess_beats_bishop" in diff.output and "guard_guess" in diff.output
    assert "count_bonus" not in diff.output


@pytest.mark.parametrize("args,message", [
    (("rules", "loveletter", "--preset", "nope"), "no preset 'nope'"),
    (("rules", "chess"), "unknown game 'chess'"),
    (("simulate", "loveletter", "--players", "9", "--games", "1"), "2-8 players"),
    (("simulate", "loveletter", "--option", "no_such=1", "--games", "1"), "no option 'no_such'"),
    (("simulate", "loveletter", "--bots", "genius", "--games", "1"), "unknown bot 'genius'"),
])
def test_bad_input_gets_a_clear_error(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_simulate_json_and_saved_records_replay(tmp_path):
    result = run("simulate", "loveletter", "--games", 12, "--players", 3, "--bots", "random",
                 "--jobs", 2, "--json", "--save", tmp_path)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 12 and len(data["seats"]) == 3
    assert sum(seat["wins"] for seat in data["seats"]) >= 12 - data["no_winner"]
    assert data["agents"]["random"]["games"] == 36
    assert "rounds" in data["averages"]
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 12
    for path in records:
        assert run("replay", path).exit_code == 0


def test_simulate_table_shows_intervals():
    result = run("simulate", "loveletter", "--games", 10, "--players", 2, "--jobs", 1,
                 "--bots", "random,random")
    assert result.exit_code == 0, result.output
    assert "p1" in result.output and "[" in result.output and "average rounds" in result.output


def test_watch_plays_a_whole_match_and_saves_it(tmp_path):
    result = run("play", "loveletter", "--players", 3, "--watch", "--bots", "random",
                 "--seed", 4, "--save", tmp_path)
    assert result.exit_code == 0, result.output
    assert "the match is over" in result.output
    [path] = tmp_path.glob("*.json")
    record = Record.load(path)
    assert record.result is not None and record.seed == 4
    assert run("replay", path).exit_code == 0


def test_human_play_reprompts_on_bad_input_and_finishes(tmp_path):
    answers = "abc\n0\n999\n" + "1\n" * 3000
    result = run("play", "loveletter", "--players", 2, "--bots", "random", "--seed", 9,
                 "--save", tmp_path, input=answers)
    assert result.exit_code == 0, result.output
    assert "is not one of your choices" in result.output or "cannot read" in result.output \
        or "Try again" in result.output
    assert "choose a number between 1 and" in result.output
    assert "the match is over" in result.output
    assert len(list(tmp_path.glob("*.json"))) == 1


def test_quit_saves_and_resume_continues(tmp_path):
    result = run("play", "loveletter", "--players", 2, "--bots", "random", "--seed", 2,
                 "--save", tmp_path, input="1\nq\n")
    assert result.exit_code == 0, result.output
    [path] = tmp_path.glob("*.json")
    saved = Record.load(path)
    assert saved.result is None and len(saved.steps) >= 2
    resumed = run("play", "loveletter", "--resume", path, "--save", tmp_path / "done",
                  input="1\n" * 3000)
    assert resumed.exit_code == 0, resumed.output
    [final] = (tmp_path / "done").glob("*.json")
    finished = Record.load(final)
    assert finished.steps[:len(saved.steps)] == saved.steps and finished.result is not None


def test_replay_rejects_a_tampered_record(tmp_path):
    result = run("play", "loveletter", "--players", 2, "--watch", "--bots", "random",
                 "--seed", 1, "--save", tmp_path)
    assert result.exit_code == 0
    [path] = tmp_path.glob("*.json")
    data = json.loads(path.read_text())
    data["result"]["winners"] = [9]
    path.write_text(json.dumps(data))
    bad = run("replay", path)
    assert bad.exit_code == 2 and "differs from the record" in bad.output
    data["steps"][1] = {"seat": 0, "action": "fly away"}
    path.write_text(json.dumps(data))
    bad = run("replay", path)
    assert bad.exit_code == 2 and "step 1" in bad.output


def test_render_svg_and_png(tmp_path):
    run("play", "loveletter", "--players", 4, "--watch", "--bots", "random", "--seed", 5,
        "--save", tmp_path)
    [path] = tmp_path.glob("*.json")
    svg = tmp_path / "t.svg"
    result = run("render", path, "--at", 6, "--seat", 2, "--out", svg)
    assert result.exit_code == 0, result.output
    assert svg.read_text().lstrip().startswith("<")
    png = tmp_path / "t.png"
    assert run("render", path, "--at", 6, "--out", png).exit_code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert run("render", path, "--at", 100000, "--out", svg).exit_code == 2
    assert run("render", path, "--out", tmp_path / "t.gif").exit_code == 2


def test_bench_prints_figures():
    result = run("bench", "loveletter", "--seconds", "0.3", "--json")
    assert result.exit_code == 0, result.output
    [figures] = json.loads(result.stdout)
    assert figures["steps"] > 0 and figures["rounds"] > 0 and "python" in figures


def test_loveletter_deck_command():
    result = run("loveletter", "deck", "--cards", "36", "--players", "6")
    assert result.exit_code == 0, result.output
