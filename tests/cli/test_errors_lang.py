"""A command asked to speak Russian (``--lang ru``) says what went wrong in Russian: a
command line click cannot read, a game, preset, option, player count or bot it cannot have,
a record it cannot read, a move typed wrong at the terminal table. In English the messages
are the ones they always were."""

from __future__ import annotations

import json
import re

import pytest
import typer.main
from typer.testing import CliRunner

from gonets.agents import agent_names
from gonets.cli import add_game_commands, app
from gonets.core import games

runner = CliRunner()
add_game_commands()
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
COMMANDS = set(typer.main.get_command(app).commands)


def run(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def names() -> list[str]:
    """The words a Russian message may quote as they are, longest first: the games',
    presets', options' and bots' names, and the command line's own (``gonets``, ``GAME``)."""
    known = {"gonets", "root", "help", "GAME", "RECORD", "JSON", "svg", "png", "txt",
             *COMMANDS}
    for game in games().values():
        known |= {game.name, *(p.name for p in game.presets), *(o.name for o in game.options),
                  *agent_names(game)}
    return sorted(known, key=len, reverse=True)


def english_words(text: str, *allowed: str) -> list[str]:
    """The Latin words of ``text`` other than names, flags (``--players``), quoted input
    («abc») and the ``allowed`` strings (paths)."""
    for value in sorted(allowed, key=len, reverse=True):
        text = text.replace(value, "")
    known = "|".join(re.escape(name) for name in names())
    text = re.sub(rf"(?<![\w-])(?:{known})(?![\w-])", "", text)
    text = re.sub(r"«[^»]*»|'--?[\w-]+'|(?<!\w)--?[a-z][\w-]*", "", text)
    return re.findall(r"[A-Za-z]+", text)


CASES = {
    "players out of range": ("play", "loveletter", "-p", "9"),
    "players not a number": ("play", "loveletter", "-p", "abc"),
    "pace not a number": ("play", "loveletter", "--delay", "soon"),
    "unknown preset": ("play", "loveletter", "--preset", "nope"),
    "unknown option": ("play", "loveletter", "-o", "nope=1"),
    "option without a value": ("play", "loveletter", "-o", "nope"),
    "option value": ("play", "loveletter", "-o", "tokens_to_win=abc"),
    "option out of range": ("play", "loveletter", "-o", 'tokens_to_win={"2": 99}'),
    "rules that clash": ("play", "babayaga", "-p", "2", "-o", "mode=solo"),
    "an option that clashes": ("play", "loveletter", "-o", "card_set=zman-2019", "-o",
                               "extended_deck=always"),
    "a bot for the one seat there is": ("play", "babayaga", "--preset", "solo", "-p", "1",
                                        "--bots", "random"),
    "unknown bot": ("play", "loveletter", "--bots", "nobot"),
    "too many bots": ("play", "loveletter", "-p", "2", "--bots", "random,random,random"),
    "too many bots watched": ("play", "loveletter", "-p", "2", "--watch", "--bots",
                              "random,random,random"),
    "unknown game": ("play", "nogame"),
    "unknown option flag": ("play", "loveletter", "--plyers", "3"),
    "flag without its value": ("play", "loveletter", "--players"),
    "missing game": ("play",),
    "extra argument": ("play", "loveletter", "extra"),
    "unknown command": ("plya", "loveletter"),
    "missing seat": ("review", "{missing}"),
    "missing save file": ("play", "loveletter", "--resume", "{missing}"),
    "missing record": ("replay", "{missing}"),
    "a folder for a record": ("render", "{folder}"),
    "not JSON": ("replay", "{not_json}"),
    "not a record": ("replay", "{not_record}"),
    "not UTF-8": ("replay", "{not_text}"),
    "a record that does not replay": ("replay", "{broken}"),
    "resume a record that does not replay": ("play", "loveletter", "--resume", "{broken}"),
    "review by no search": ("review", "{record}", "--seat", "1", "--level", "nope"),
    "render past the end": ("render", "{record}", "--at", "999"),
    "render a seat that is not there": ("render", "{record}", "--seat", "9"),
    "render to a file of no kind": ("render", "{record}", "--out", "{folder}/картинка.txt"),
    "review a seat that is not there": ("review", "{record}", "--seat", "9"),
}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    (folder / "not.json").write_text("nope", encoding="utf-8")
    (folder / "other.json").write_text('{"a": 1}', encoding="utf-8")
    played = run("play", "loveletter", "--watch", "--bots", "random", "--seed", 4, "--save",
                 folder)
    assert played.exit_code == 0, played.output
    [record] = folder.glob("loveletter-*.json")
    (folder / "not_text.json").write_bytes(b"\xff\xfe nope")
    data = json.loads(record.read_text(encoding="utf-8"))
    step = next(step for step in data["steps"] if "action" in step)
    step["action"] = "nonsense"
    (folder / "broken.json").write_text(json.dumps(data), encoding="utf-8")
    return {"missing": str(folder / "missing.json"), "folder": str(folder),
            "not_json": str(folder / "not.json"), "not_record": str(folder / "other.json"),
            "record": str(record), "not_text": str(folder / "not_text.json"),
            "broken": str(folder / "broken.json")}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_russian_command_says_what_is_wrong_in_russian(case, files):
    args = [re.sub(r"\{([a-z_]+)\}", lambda m: files[m.group(1)], arg) for arg in CASES[case]]
    result = run(*args, "--lang", "ru")
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert text.startswith("ошибка:"), text
    assert CYRILLIC.search(text.removeprefix("ошибка:")), text
    assert english_words(text, *files.values()) == [], text


@pytest.mark.parametrize("args,start", [
    (("play", "loveletter", "-p", "9"), "error: Love Letter (seed) is for 2-8 players, not 9"),
    (("play", "loveletter", "-p", "abc"), "error: Invalid value for '--players' / '-p':"),
    (("play", "loveletter", "--bots", "nobot"), "error: unknown bot 'nobot' for loveletter;"),
    (("play", "nogame", "--lang", "en"), "error: unknown game 'nogame'; known games:"),
    (("play", "loveletter", "--plyers", "3"), "error: No such option: --plyers"),
])
def test_english_messages_are_as_they_were(args, start):
    result = run(*args)
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert text.startswith(start), text
    assert not CYRILLIC.search(text), text


def test_the_terminal_table_refuses_a_typed_move_in_russian(tmp_path):
    result = run("play", "loveletter", "-p", "2", "--seed", 1, "--lang", "ru", "--save",
                 tmp_path, input="abc\n99\n\nq\n")
    assert result.exit_code == 0, result.output
    refusals = [line for line in result.output.splitlines() if "Попробуйте ещё раз" in line]
    assert len(refusals) == 3, result.output
    for line in refusals:
        assert english_words(line.split("):", 1)[-1]) == [], line
    assert "Партия сохранена" in result.output
