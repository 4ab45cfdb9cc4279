"""The commands of the documentation work as written.

- The README's commands run in order, as a new user would type them on a fresh clone, in a
  temporary folder (a copy of ``docs/``, which some of them read or write): each must exit 0.
  They are cut down to a few matches (``-n``, ``--games``, ``--seconds``, ``--check``, an
  experiment's ``matches``); the terminal games get ``q`` (quit and save) on their input;
  ``gonets serve`` (a server that runs until it is stopped, on PostgreSQL) is only read.
- Every concrete ``gonets`` command of README.md, docs/*.md and the packages' README.md files
  (code blocks, and commands in backticks with arguments; templates such as ``-p P`` or
  ``RECORD`` are left out) is read by the command line's own parser: its command, options and
  values exist.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from gonets.cli import add_game_commands, app

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md")),
        *sorted((ROOT / "src" / "gonets").glob("**/README.md"))]
PLACEHOLDER = re.compile(r"^(\[.*|.*\]|[A-Z][A-Z_0-9.]*|.*\|.*|/|\.\.\.|.*\$\(.*|.*<.*>.*)$")
ONLY_READ = {"serve"}
"""Commands that run until they are stopped (and need PostgreSQL, Redis): parsed, not run."""

runner = CliRunner()
add_game_commands()
pytestmark = pytest.mark.xdist_group("ray")      # one README command starts a Ray cluster


def code_commands(text: str) -> list[str]:
    """The ``gonets`` lines of a Markdown text's code blocks (``\\`` continuations joined)."""
    found = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.strip().removeprefix("$ ")
            if line.startswith("gonets "):
                found.append(line)
    return found


def inline_commands(text: str) -> list[str]:
    """The ``gonets`` commands in backticks outside code blocks that give arguments (a bare
    ``gonets bench`` is the name of a command, not a command)."""
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    found = [" ".join(part.split()) for part in re.findall(r"`(gonets [^`]+)`", prose)]
    return [line for line in found if len(shlex.split(line)) >= 4]


def words(line: str) -> list[str]:
    """A command line's words after ``gonets``, without its comment."""
    return shlex.split(line, comments=True)[1:]


def parse(args: list[str]) -> None:
    """Read ``args`` with the parser of the command they name (no command runs)."""
    command, path = typer.main.get_command(app), ["gonets"]
    while hasattr(command, "list_commands") and args and not args[0].startswith("-"):
        sub = command.get_command(None, args[0])
        assert sub is not None, f"no command {' '.join([*path, args[0]])}"
        command, path, args = sub, [*path, args[0]], args[1:]
    command.make_context(" ".join(path), list(args))


def test_every_concrete_documented_command_parses():
    checked = 0
    for page in DOCS:
        text = page.read_text(encoding="utf-8")
        for line in code_commands(text) + inline_commands(text):
            args = words(line)
            if any(PLACEHOLDER.match(word) for word in args):
                continue
            try:
                parse(args)
            except Exception as exc:          # the parser's error names the problem
                pytest.fail(f"{page.relative_to(ROOT)}: {line}\n{exc}")
            checked += 1
    assert checked > 100


def cut_down(args: list[str]) -> list[str]:
    """A README command made small: a few matches, short measurements."""
    args = list(args)
    command = args[0]
    for flag in ("-n", "--games"):
        if flag in args:
            at = args.index(flag) + 1
            args[at] = str(min(int(args[at]), 2 if command == "tournament" else 20))
    if command == "strength":
        args += ["--games", "2", "--game", "loveletter"]
    elif command == "exploitability":
        args += ["--deck", "five", "--levels", "random,easy", "--iterations", "20"]
    elif command == "bench":
        if "--check" in args:
            args[args.index("--check") + 1] = "200"
        else:
            args += ["--seconds", "0.2"]
    return args


def fresh_clone(folder: Path) -> None:
    """What the README's commands read from a clone: ``docs/`` (an experiment, the pages
    strength and exploitability write), its experiments cut down to a few matches."""
    shutil.copytree(ROOT / "docs", folder / "docs", ignore=shutil.ignore_patterns("*.png"))
    for path in (folder / "docs" / "experiments").glob("*.yaml"):
        text = re.sub(r"^matches: \d+", "matches: 4", path.read_text(), flags=re.M)
        path.write_text(re.sub(r"^shard_size: \d+", "shard_size: 2", text, flags=re.M))


def test_the_readme_commands_run_in_order_on_a_fresh_clone(tmp_path, monkeypatch):
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    fresh_clone(tmp_path)
    monkeypatch.chdir(tmp_path)
    commands = code_commands(README.read_text(encoding="utf-8"))
    assert len(commands) > 25
    ran = []
    for line in commands:
        args = words(line)
        if args[0] in ONLY_READ:
            parse(args)
            continue
        args = cut_down(args)
        playing = args[0] == "play" and "--watch" not in args
        result = runner.invoke(app, args, input="q\n" if playing else None)
        assert result.exit_code == 0, f"gonets {' '.join(args)}\n{result.output}"
        ran.append(args[0])
    assert {"play", "simulate", "query", "report", "experiment", "tournament", "hint",
            "review", "strength", "exploitability", "bench", "rules", "replay", "render",
            "loveletter", "babayaga"} <= set(ran)
    for made in ("runs/ll4-premium", "report.html", "runs/czar-000003.json", "review.html",
                 "table.png", "my-content/board.yaml", "ratings.json"):
        assert (tmp_path / made).exists(), made
    assert len(list(tmp_path.glob("loveletter-*.json"))) == 2     # the two quit games, saved
