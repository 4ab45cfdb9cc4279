"""The commands agree with each other: one meaning of ``--bots``, help on every option and
argument, ``error: ...`` on standard error with exit status 2 for bad input, Ctrl-C leaving
with 130 (SIGTERM with 143) after what finished is printed, a question answered no leaving
with ``Aborted!`` and 1, counted nouns ("1 player"), tables rather than Python
dicts, one save file per terminal game, the terminal in Russian with ``--lang ru``."""

from __future__ import annotations

import json
import re

import pytest
import typer
from typer.testing import CliRunner

from gonets.cli import add_game_commands, app
from gonets.console import GonetsGroup, bot_list
from gonets.core import Record, get_game

runner = CliRunner()
add_game_commands()


def run(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def flat(text: str) -> str:
    return " ".join(text.split())


# -- --bots ---------------------------------------------------------------------------------------
def test_a_short_bot_list_repeats_in_order_everywhere(tmp_path):
    game = get_game("loveletter")
    assert bot_list("heuristic,random", 4, game) == ["heuristic", "random"] * 2
    assert bot_list("heuristic,random", 3, game) == ["heuristic", "random", "heuristic"]
    assert bot_list(None, 2, game) == ["heuristic", "heuristic"]
    simulated = run("simulate", "loveletter", "-p", 4, "--bots", "heuristic,random", "-n", 2,
                    "-j", 1, "--no-rotate", "--json")
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.stdout)["bots"] == ["heuristic", "random"] * 2
    played = run("play", "loveletter", "-p", 4, "--watch", "--bots", "heuristic,random",
                 "--seed", 1, "--save", tmp_path)
    assert played.exit_code == 0, played.output
    [path] = tmp_path.glob("*.json")
    assert [seat["agent"] for seat in Record.load(path).seats] == ["heuristic", "random"] * 2
    tournament = run("tournament", "loveletter", "-p", 4, "--bots", "heuristic,random", "-n", 2,
                     "-j", 1, "--json")
    assert json.loads(tournament.stdout)["lineup"] == ["heuristic", "random"] * 2


@pytest.mark.parametrize("args", [
    ("simulate", "loveletter", "-p", 2, "--bots", "random,heuristic,random", "-n", 1),
    ("tournament", "loveletter", "-p", 2, "--bots", "random,heuristic,random", "-n", 1),
    ("play", "loveletter", "-p", 2, "--bots", "random,heuristic"),
])
def test_more_bots_than_seats_are_refused(args):
    result = run(*args)
    assert result.exit_code == 2
    assert "--bots names" in result.stderr and "bots for" in result.stderr


def test_play_counts_your_seat_when_it_refuses_a_long_bot_list(tmp_path):
    result = run("play", "loveletter", "-p", 3, "--bots", "random,heuristic,random")
    assert result.exit_code == 2
    assert "for the 2 seats after yours: you play p1 of 3" in flat(result.stderr)
    alone = run("play", "babayaga", "--preset", "solo", "-p", 1, "--bots", "random")
    assert alone.exit_code == 2 and "it is yours" in flat(alone.stderr)


def test_a_one_seat_game_needs_no_bots(tmp_path):
    """The default bot fills no seat where there is none (the person playing has the only
    one); it is not "1 bot for 0 seats"."""
    assert bot_list(None, 0, get_game("babayaga")) == []
    result = run("play", "babayaga", "--preset", "solo", "-p", 1, "--seed", 4,
                 "--save", tmp_path, input="q\n")
    assert result.exit_code == 0, result.output
    assert [path.name for path in tmp_path.glob("*.json")] == ["babayaga-4.json"]


def test_the_bots_option_says_the_same_in_every_command():
    commands = dict((path[-1], command) for path, command
                    in _commands(typer.main.get_command(app), ["gonets"]))
    for name in ("simulate", "tournament", "play"):
        [bots] = [param for param in commands[name].params if param.opts == ["--bots"]]
        assert "a shorter list repeats in order" in bots.help, name


def _commands(command, path):
    if hasattr(command, "list_commands"):
        for name in command.list_commands(None):
            yield from _commands(command.get_command(None, name), [*path, name])
    else:
        yield path, command


def test_every_option_and_argument_has_help():
    missing = [f"{' '.join(path)} {'/'.join(param.opts)}"
               for path, command in _commands(typer.main.get_command(app), ["gonets"])
               for param in command.params if not getattr(param, "help", None)]
    assert missing == []


# -- errors and exit statuses ---------------------------------------------------------------------
@pytest.mark.parametrize("args,message", [
    (("render", "x.json", "--at", "soon"), "Invalid value for '--at'"),
    (("simulate", "loveletter", "--bogus"), "No such option: --bogus"),
    (("rules", "chess"), "unknown game 'chess'"),
    (("replay", "missing.json"), "cannot read record missing.json"),
    (("babayaga", "balance", "--preset", "nope"), "no preset 'nope'"),
    (("carcassonne", "remaining", "missing.json"), "cannot read record missing.json"),
    (("loveletter", "deck", "--cards", "40"), "--cards must be 54 or 36"),
    (("czar", "board", "--players", "9"), "Message to the Czar is for 2-5 players"),
])
def test_bad_input_is_error_on_stderr_with_status_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and message in flat(result.stderr)
    assert result.stdout == "" and "Error" not in result.output


def test_an_unwritable_output_file_is_an_error_not_a_traceback(tmp_path):
    run("play", "loveletter", "-p", 2, "--watch", "--bots", "random", "--seed", 5,
        "--save", tmp_path)
    [path] = tmp_path.glob("*.json")
    result = run("render", path, "--out", tmp_path / "no" / "such" / "folder.svg")
    assert result.exit_code == 2 and result.exception is None or \
        isinstance(result.exception, SystemExit)
    assert result.stderr.startswith("error: cannot use") and "Traceback" not in result.output


def test_an_aborted_question_ends_as_click_ends_it():
    """A question answered "no" (click's Abort, as ``gonets admin delete`` asks), or the end
    of input at a question: ``Aborted!`` and exit status 1, not a traceback through
    GonetsGroup (typer re-raises Abort when not standalone)."""
    small = typer.Typer(cls=GonetsGroup, add_completion=False, pretty_exceptions_enable=False)

    @small.command()
    def delete() -> None:
        typer.confirm("delete?", abort=True)

    @small.command()
    def other() -> None:
        pass

    for given in ("n\n", ""):
        result = CliRunner().invoke(small, ["delete"], input=given)
        assert result.exit_code == 1, (result.exit_code, repr(result.exception))
        assert not isinstance(result.exception, typer.Abort), "Abort escaped GonetsGroup.main"
        assert "Aborted!" in result.stderr


def test_invalid_content_exits_2(tmp_path):
    result = run("babayaga", "validate", tmp_path / "nothing")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: invalid content: 1 problem\n")


def test_ctrl_c_in_simulate_prints_what_finished_and_exits_130(monkeypatch):
    from gonets.sim import runner as sim

    real = sim.run_one

    def stopping(plan, index):
        if index == 3:
            raise KeyboardInterrupt
        return real(plan, index)

    monkeypatch.setattr(sim, "run_one", stopping)
    result = run("simulate", "loveletter", "-p", 2, "--bots", "random", "-n", 10, "-j", 1)
    assert result.exit_code == 130
    assert "Love Letter: 3 matches, 2 players" in flat(result.stdout)
    assert "stopped (Ctrl-C) after 3 of 10 matches" in result.stderr
    data = json.loads(run("simulate", "loveletter", "-p", 2, "--bots", "random", "-n", 10,
                          "-j", 1, "--json").stdout)
    assert data["games"] == 3 and data["stopped_by"] == "ctrl-c"   # not a complete run
    whole = run("simulate", "loveletter", "-p", 2, "--bots", "random", "-n", 2, "-j", 1, "--json")
    assert json.loads(whole.stdout)["stopped_by"] == "done"


def test_ctrl_c_in_a_lab_run_prints_the_stored_matches_and_exits_130(tmp_path, monkeypatch):
    from gonets.lab import play as lab

    real = lab.play

    def stopping(plan, index, *args, **kwargs):
        if index == 7:
            raise KeyboardInterrupt
        return real(plan, index, *args, **kwargs)

    monkeypatch.setattr(lab, "play", stopping)
    result = run("simulate", "loveletter", "-p", 2, "--bots", "random", "-n", 20, "-j", 1,
                 "--shard-size", 5, "--out", tmp_path / "run")
    assert result.exit_code == 130
    assert "Love Letter: 5 matches, 2 players" in flat(result.stdout)
    assert "5 matches are stored in whole shards" in result.stderr


def test_ctrl_c_in_a_tournament_keeps_the_ratings_file_and_exits_130(tmp_path, monkeypatch):
    from gonets.sim import tournament

    real, calls = tournament.play_one, []

    def stopping(plan, deal, seating):
        calls.append(deal)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(plan, deal, seating)

    monkeypatch.setattr(tournament, "play_one", stopping)
    ratings = tmp_path / "ratings.json"
    result = run("tournament", "loveletter", "--bots", "random,heuristic", "-p", 2, "-n", 10,
                 "-j", 1, "--ratings", ratings)
    assert result.exit_code == 130
    assert "Love Letter: 3 matches" in flat(result.stdout)
    assert "stopped (Ctrl-C) after 3 of 10 matches" in flat(result.stderr)
    assert not ratings.exists()
    calls.clear()
    data = json.loads(run("tournament", "loveletter", "--bots", "random,heuristic", "-p", 2,
                          "-n", 10, "-j", 1, "--json").stdout)
    assert data["matches"] == 3 and data["stopped_by"] == "ctrl-c"


def test_ctrl_c_in_a_terminal_game_saves_it_and_exits_130(tmp_path, monkeypatch):
    from gonets.console import console

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(console, "input", interrupted)
    result = run("play", "loveletter", "-p", 2, "--bots", "random", "--seed", 3,
                 "--save", tmp_path)
    assert result.exit_code == 130
    assert [path.name for path in tmp_path.glob("*.json")] == ["loveletter-3.json"]


# -- words ----------------------------------------------------------------------------------------
def test_one_player_is_singular_in_both_languages(tmp_path):
    played = run("play", "babayaga", "--preset", "solo", "-p", 1, "--watch", "--bots", "random",
                 "--seed", 1, "--save", tmp_path)
    assert played.exit_code == 0, played.output
    [path] = tmp_path.glob("*.json")
    english = run("replay", path)
    assert "Baba Yaga, 1 player, preset solo" in english.stdout
    assert "1 players" not in english.stdout
    assert "1 игрок, набор правил solo" in run("replay", path, "--lang", "ru").stdout
    simulated = run("simulate", "babayaga", "--preset", "solo", "-p", 1, "-n", 1, "-j", 1)
    assert "Baba Yaga: 1 match, 1 player, preset solo" in flat(simulated.stdout)


def test_babayaga_balance_prints_tables_not_python_values():
    result = run("babayaga", "balance", "-n", 4, "--preset", "competitive", "-p", 2)
    assert result.exit_code == 0, result.output
    assert "{" not in result.stdout and "}" not in result.stdout
    for heading in ("Baba Yaga, competitive, 2 players: 4 matches", "how the matches ended",
                    "wins by seat", "rounds per match", "first + 1"):
        assert heading in result.stdout, heading


def test_the_terminal_speaks_russian_throughout(tmp_path):
    result = run("play", "loveletter", "-p", 2, "--bots", "random", "--seed", 9, "--lang", "ru",
                 "--save", tmp_path, input="abc\n0\n\n" + "1\n" * 3000)
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "партия окончена" in text and "Вы (p1)" in text        # the score table
    assert "не понимаю «abc»" in text and "выберите номер от 1 до" in text
    assert "введите номер хода или его запись" in text
    for english in ("You", "choose a number", "type the number", "cannot read",
                    "is not one of your choices"):
        assert english not in text, english


# -- saves ----------------------------------------------------------------------------------------
def test_a_terminal_game_keeps_one_save_file(tmp_path):
    first = run("play", "loveletter", "-p", 2, "--bots", "random", "--seed", 2,
                "--save", tmp_path, input="1\nq\n")
    assert first.exit_code == 0, first.output
    [path] = tmp_path.glob("*.json")
    assert path.name == "loveletter-2.json"
    steps = len(Record.load(path).steps)
    again = run("play", "loveletter", "--resume", path, "--save", tmp_path, input="1\nq\n")
    assert again.exit_code == 0, again.output
    assert list(tmp_path.glob("*.json")) == [path]            # the same file, written again
    assert len(Record.load(path).steps) > steps
    steps = len(Record.load(path).steps)
    alone = run("play", "loveletter", "--resume", path, input="1\nq\n")   # no --save
    assert alone.exit_code == 0, alone.output
    assert list(tmp_path.glob("*.json")) == [path] and len(Record.load(path).steps) > steps
    other = run("play", "loveletter", "-p", 3, "--bots", "random", "--seed", 2,
                "--save", tmp_path, input="q\n")                 # another game, same seed
    assert other.exit_code == 0, other.output
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["loveletter-2-2.json",
                                                             "loveletter-2.json"]
    assert Record.load(path).players == 2


def test_a_killed_simulation_prints_what_finished_and_leaves_nothing_behind(tmp_path):
    """``kill`` (SIGTERM) ends a command as Ctrl-C does (exit status 143): the summary of the
    matches that finished, the pool's workers stopped, no leaked semaphore."""
    import os
    import signal
    import subprocess
    import sys

    env = dict(os.environ, GONETS_PROGRESS_SECONDS="0")
    child = subprocess.Popen([sys.executable, "-m", "gonets", "simulate", "loveletter", "-p", "2",
                              "--bots", "random", "-n", "1000000", "-j", "2"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                             cwd=tmp_path)
    while True:                                      # until 50 matches have finished
        line = child.stderr.readline()
        assert line.startswith("Love Letter: "), line
        if int(line.split(": ")[1].split("/")[0].replace(",", "")) >= 50:
            break
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 143, err[-2000:]
    assert re.search(r"Love Letter: [\d,]+ match(es)?, 2 players", flat(out))
    assert "stopped (SIGTERM) after" in err and "leaked" not in err and "Traceback" not in err


def test_sigterm_is_named_as_what_stopped_a_command():
    """Stopped by SIGTERM, a command says so (``stopped (SIGTERM)``, JSON ``sigterm``) and
    leaves with 143; Ctrl-C keeps its own words and 130."""
    import os
    import signal
    import time

    from gonets.console import stop_cause, stopped

    small = typer.Typer(cls=GonetsGroup, add_completion=False, pretty_exceptions_enable=False)

    @small.command()
    def work(kill: bool = False) -> None:
        try:
            if kill:
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(10)                 # the handler raises KeyboardInterrupt first
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            print(json.dumps({"stopped_by": stop_cause()}))
            stopped(" after 1 of 2 matches")

    @small.command()
    def other() -> None:
        pass

    killed = CliRunner().invoke(small, ["work", "--kill"])
    assert killed.exit_code == 143, killed.output
    assert json.loads(killed.stdout) == {"stopped_by": "sigterm"}
    assert "stopped (SIGTERM) after 1 of 2 matches" in killed.stderr
    interrupted = CliRunner().invoke(small, ["work"])
    assert interrupted.exit_code == 130
    assert json.loads(interrupted.stdout) == {"stopped_by": "ctrl-c"}
    assert "stopped (Ctrl-C) after 1 of 2 matches" in interrupted.stderr
