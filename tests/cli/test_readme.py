"""The commands of the documentation work as written.

- The README's commands run in order, as a new user would type them on a fresh clone, in a
  temporary folder (a copy of ``docs/``, which some of them read or write): each must exit 0.
  They are cut down to a few matches (``-n``, ``--games``, ``--seconds``, ``--check``, an
  experiment's ``matches``); the terminal games get ``q`` (quit and save) on their input;
  ``gonets serve`` (a server that runs until it is stopped, on PostgreSQL) is only read.
- So do the ``gonets`` and ``make`` lines of every docs/*.md code block, page by page, each
  page on a fresh clone of its own, in page order, with the files the page's earlier
  commands made (and the example files it names, such as the ``# grid.yaml`` block a reader
  saves). A shell loop is unrolled and a template's letter filled as :data:`FILLED` says;
  besides the README's cuts, fewer matches, positions and playouts, and one process
  (``--jobs 1``). What cannot run here is named in :data:`NOT_RUN` with the reason.
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
        path.write_text(cut_down_grid(path.read_text()))


def cut_down_grid(text: str) -> str:
    """An experiment file made small: 4 matches a cell, in shards of 2."""
    text = re.sub(r"^matches: \d+", "matches: 4", text, flags=re.M)
    return re.sub(r"^shard_size: \d+", "shard_size: 2", text, flags=re.M)


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


# -- the commands of docs/*.md, run -----------------------------------------------------------
PAGES = sorted((ROOT / "docs").glob("*.md"))
FILLED = {"P": "2"}
"""Template letters and what the test types for them: ``-p P`` (a player count the page's
table goes through; ``runs/ll-P`` then names that run)."""
NOT_RUN = {
    "--address HEAD:6379": "joins a Ray cluster of several machines started by hand on a "
                           "head called HEAD (tests/lab/test_ray.py joins a local head)",
    "--bots hard,normal -p 2 -n 200 -j 2 --seed 0 --json": "a record of a 42-minute run of "
                           "the search on Carcassonne: two matches of it already take "
                           "minutes here (README's tournament runs the same command)",
}
"""Commands of the pages that are not run, by a piece of their text, with the reason (each
must still match a command: a reason outlives its command only as a failure)."""
SEARCH_ITERATIONS = 20
"""The iterations a decision of a search level gets in the docs' commands (see
:func:`small_searches`)."""
POOLED = {"simulate", "experiment", "counterfactual", "tournament", "strength"}
"""Commands that play on every core unless ``--jobs`` says otherwise."""
NAMED_FILE = re.compile(r"^# ([\w.-]+\.ya?ml)\b")


def unrolled(lines: list[str]) -> list[str]:
    """Lines with every ``for X in A B; do ... done`` loop written out, ``$X`` filled."""
    out, at = [], 0
    while at < len(lines):
        loop = re.match(r"for (\w+) in (.+); do$", lines[at].strip())
        if not loop:
            out.append(lines[at])
            at += 1
            continue
        end = next(i for i in range(at + 1, len(lines)) if lines[i].strip() == "done")
        for value in loop.group(2).split():
            out += [line.replace(f"${loop.group(1)}", value) for line in lines[at + 1:end]]
        at = end + 1
    return out


def page_steps(text: str) -> list[tuple[str, str]]:
    """In page order: ``("file", NAME + newline + TEXT)`` for an example that names its file
    on its first line (``# grid.yaml: ...``), ``("run", LINE)`` for each ``gonets`` or
    ``make`` line of a code block (fenced, or indented by four spaces)."""
    steps: list[tuple[str, str]] = []
    fenced = r"^```[a-z]*\n(.*?)^```"
    indented = r"(?:(?<=\n\n)|\A)((?:    \S.*\n(?:        .*\n)*)+)"
    blocks = sorted([(m.start(), m.group(1)) for m in re.finditer(fenced, text, re.S | re.M)]
                    + [(m.start(), "\n".join(line[4:] for line in m.group(1).splitlines()))
                       for m in re.finditer(indented, re.sub(fenced, _blank, text,
                                                             flags=re.S | re.M))])
    for _, block in blocks:
        named = NAMED_FILE.match(block)
        if named:
            steps.append(("file", f"{named.group(1)}\n{block}"))
            continue
        for line in unrolled(block.replace("\\\n", " ").splitlines()):
            line = line.strip().removeprefix("$ ")
            if line.startswith(("gonets ", "make ")):
                steps.append(("run", line))
    return steps


def _blank(match: re.Match) -> str:
    """A fenced block as blank lines of its own length (its offsets kept)."""
    return re.sub(r"[^\n]", " ", match.group(0))


def filled(args: list[str], folder: Path) -> list[str]:
    """A page's command with its template letters filled (:data:`FILLED`) and an absolute
    ``/tmp/`` path moved into ``folder``."""
    out = []
    for word in args:
        for letter, value in FILLED.items():
            word = value if word == letter else re.sub(rf"-{letter}\b", f"-{value}", word)
        if word.startswith("/tmp/"):
            word = str(folder / word.removeprefix("/tmp/"))
        out.append(word)
    return out


def cut_down_page(args: list[str]) -> list[str]:
    """A docs command made small: the README's cuts, then at most 4 matches (one Carcassonne
    seed for a counterfactual), 4 positions of 2 playouts, shards of 2, one process
    (``--jobs 1``, given where the command plays on every core by default)."""
    args = cut_down(args)
    caps = {"-n": 4, "--games": 4, "--positions": 4, "--playouts": 2, "--shard-size": 2,
            "--jobs": 1, "-j": 1}
    if args[:2] == ["counterfactual", "carcassonne"]:
        caps.update({"-n": 1, "--games": 1})
    for flag, cap in caps.items():
        if flag in args:
            at = args.index(flag) + 1
            args[at] = str(min(int(args[at]), cap))
    if args[0] in POOLED and not {"--jobs", "-j"} & set(args):
        args += ["--jobs", "1"]
    return args


@pytest.fixture
def small_searches(monkeypatch):
    """The search levels (``hard``, ``expert``, a game's own search) with at most
    :data:`SEARCH_ITERATIONS` iterations a decision in this process, where ``--jobs 1``
    plays every match: the experiments of docs/experiments seat ``hard``, and a Baba Yaga
    match of it takes minutes here."""
    from gonets.agents import levels
    from gonets.agents.ismcts import ISMCTSAgent

    real = levels.make_level

    def small(level: str, game, config, seat: int, rng):
        agent = real(level, game, config, seat, rng)
        search = getattr(agent, "inner", agent)            # easy wraps its agent
        if isinstance(search, ISMCTSAgent) and search.iterations:
            search.iterations = min(search.iterations, SEARCH_ITERATIONS)
        return agent

    monkeypatch.setattr(levels, "make_level", small)


def not_run(line: str) -> str | None:
    """Why a page's command is not run here, or None."""
    return next((why for piece, why in NOT_RUN.items() if piece in line), None)


def make_target(line: str) -> None:
    """A ``make`` line of a page names a target of the Makefile (``make run`` serves until
    stopped, ``make test`` is the whole suite: they are read, not run)."""
    targets = re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M)
    for target in shlex.split(line, comments=True)[1:]:
        assert target in targets, f"make {target}: no such target"


def test_every_docs_page_has_its_commands_found():
    found = {page.name: [line for kind, line in page_steps(page.read_text(encoding="utf-8"))
                         if kind == "run"] for page in PAGES}
    assert len(found["balance.md"]) > 30
    assert any("--save /tmp/carc/final_records" in line for line in found["ai.md"])
    loop = [line for line in found["balance.md"] if "--out runs/carc2-" in line]
    assert [line.split("--out ")[1] for line in loop] == [
        "runs/carc2-base", "runs/carc2-c3", "runs/carc2-c3_1", "runs/carc2-hig_c2",
        "runs/carc2-zmg_c2"]
    every = [line for lines in found.values() for line in lines]
    for piece in NOT_RUN:                      # each reason still names a command
        assert any(piece in line for line in every), piece


def test_the_docs_commands_run_in_order_on_a_fresh_clone(tmp_path, monkeypatch,
                                                         small_searches):
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    ran, skipped = [], []
    for page in PAGES:
        folder = tmp_path / page.stem
        fresh_clone(folder)
        monkeypatch.chdir(folder)
        for kind, step in page_steps(page.read_text(encoding="utf-8")):
            if kind == "file":
                name, _, text = step.partition("\n")
                (folder / name).write_text(cut_down_grid(text), encoding="utf-8")
                continue
            why = not_run(step)
            if why is not None:
                skipped.append((page.name, step, why))
                continue
            if step.startswith("make "):
                make_target(step)
                continue
            args = filled(words(step), folder)
            if args[0] in ONLY_READ:
                parse(args)
                continue
            args = cut_down_page(args)
            result = runner.invoke(app, args)
            assert result.exit_code == 0, \
                f"{page.name}: gonets {' '.join(args)}\n{result.output}"
            ran.append((page.name, args[0]))
    assert len(ran) > 30 and len(skipped) == len(NOT_RUN)
    balance = tmp_path / "balance"
    for made in ("runs/ll4", "runs/carc", "runs/grid", "ll4.html", "grid", "grid.html",
                 "runs/ll-2", "runs/by-coop-2", "messengers.html", "c3-editions.html",
                 "runs/seat-ll", "seat-ll.html", "ll4.json", "carc2.json"):
        assert (balance / made).exists(), made
