"""The terminal in both languages: `gonets play --lang`, `replay --lang` and `render --lang`
for every game, with the game's own score table (``Game.scoreboard``)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from gonets.cli import add_game_commands, app
from gonets.core import Record, games, seat_names

runner = CliRunner()
add_game_commands()
GAMES = ("loveletter", "czar", "carcassonne", "babayaga")
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def run(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def words_of(text: str) -> set[str]:
    return set(re.findall(r"[\w'’-]+", text))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_play_and_replay_show_the_game_s_score_table_in_the_language(tmp_path, name, lang):
    if name not in games():
        pytest.skip(f"{name} is not registered")
    game = games()[name]
    result = run("play", name, "--watch", "--bots", "random", "--seed", 3, "--lang", lang,
                 "--save", tmp_path)
    assert result.exit_code == 0, result.output
    [path] = tmp_path.glob("*.json")
    record = Record.load(path)
    final = record.replay().view(None)
    board = game.scoreboard(final, lang)
    shown = words_of(result.output)
    for label in board["columns"]:
        assert words_of(str(label)) <= shown, label
    for name_ in seat_names(record.seats, lang):
        assert words_of(name_) <= shown
    assert ("партия окончена" if lang == "ru" else "the match is over") in result.output
    assert bool(CYRILLIC.search(result.output)) == (lang == "ru")
    again = run("replay", path, "--lang", lang)
    assert again.exit_code == 0, again.output
    for label in board["columns"]:
        assert words_of(str(label)) <= words_of(again.output), label
    assert ("победа" if lang == "ru" else "winner") in again.output
    assert bool(CYRILLIC.search(again.output)) == (lang == "ru")


@pytest.mark.parametrize("name", GAMES)
def test_render_draws_the_picture_in_the_language(tmp_path, name):
    if name not in games():
        pytest.skip(f"{name} is not registered")
    run("play", name, "--watch", "--bots", "random", "--seed", 5, "--save", tmp_path)
    [path] = tmp_path.glob("*.json")
    out = tmp_path / "ru.svg"
    result = run("render", path, "--at", 3, "--lang", "ru", "--out", out)
    assert result.exit_code == 0, result.output
    view = Record.load(path).replay(upto=3, verify=False).view(None)
    assert out.read_text(encoding="utf-8") == games()[name].render_still(view, "ru")


def test_an_unknown_language_is_refused_by_name():
    for args in (("play", "loveletter", "--watch", "--lang", "fr"),):
        result = run(*args)
        assert result.exit_code == 2
        assert "--lang must be one of en, ru" in " ".join(result.output.split())


@pytest.mark.parametrize("lang,names", [
    ("en", ["Vera · heuristic bot", "Oleg · heuristic bot", "Nina · heuristic bot"]),
    ("ru", ["Вера · эвристический бот", "Олег · эвристический бот", "Нина · эвристический бот"])])
def test_watched_bots_of_one_kind_are_each_called_by_their_own_name(tmp_path, lang, names):
    """`gonets play --watch` with three heuristic bots: the log and the score table call each
    by its person-name and level, never all alike ("heuristic bot" three times)."""
    result = run("play", "loveletter", "--players", 3, "--watch", "--bots", "heuristic",
                 "--seed", 2, "--lang", lang, "--save", tmp_path)
    assert result.exit_code == 0, result.output
    [path] = tmp_path.glob("*.json")
    assert seat_names(Record.load(path).seats, lang) == names
    for output in (result.output, run("replay", path, "--lang", lang).output):
        text = " ".join(output.split())
        for index, name in enumerate(names):
            assert f"{name} (p{index + 1})" in text            # the score table's rows
        for name in names:
            text = text.replace(name, "")
        assert not re.search(r"\bbot\b|\bбот\b", text, re.IGNORECASE)
