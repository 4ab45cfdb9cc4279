"""What every ``gonets`` command shares: the consoles, the error exit, a game configured from
command-line options, a list of bots by seat, the help texts of the options they share and the
progress display of long commands (:mod:`gonets.progress`)."""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

from gonets.agents import agent_names
from gonets.core import GonetsError, OptionError, get_game
from gonets.core.options import parse_assignments, with_local_paths
from gonets.progress import progress_bar as _progress_bar

console = Console(highlight=False)
"""Standard output: what a command was asked for."""
errors = Console(stderr=True, highlight=False, soft_wrap=True)
"""Standard error: errors, progress and notes about the run."""

GAME_HELP = "The game (gonets games lists them)."
RECORD_HELP = "A match record (JSON; play --save, simulate --save, tournament --save)."
OPTION_HELP = "Rule option on top of the preset, as name=value (repeatable)."
PLAYERS_HELP = "Number of seats (default: the fewest the preset allows)."
PRESET_HELP = "Rules preset (gonets rules GAME lists them; default: the game's own)."
BOTS_HELP = ("Comma list of bots (agents or levels: random, heuristic, easy, normal, hard, "
             "expert...) by seat; a shorter list repeats in order to fill the seats (a,b at 4 "
             "seats sits a b a b).")
JOBS_HELP = "Worker processes (0: every core)."
JSON_HELP = ("Print machine-readable JSON on standard output (the progress stays on "
             "standard error).")
STOPPED = 130
"""The exit status of a command stopped by Ctrl-C (after it printed what finished)."""


def fail(message: str) -> None:
    """Print ``message`` as ``error: ...`` on standard error and leave with exit status 2
    (bad input)."""
    errors.print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(2)


def stopped(note: str | None = None) -> None:
    """Leave a command stopped by Ctrl-C (or SIGTERM) with exit status 130 (143), after
    ``stopped (Ctrl-C)`` or ``stopped (SIGTERM)`` and ``note`` (``" after 3 of 10
    matches"``) on standard error; the command printed what finished before. Without a note
    nothing is printed."""
    if note:
        errors.print(how_stopped() + note, markup=False)
    raise typer.Exit(STOPPED)


def stop_cause() -> str:
    """What stopped the command now ending early: ``sigterm`` (``kill``) or ``ctrl-c`` (a
    JSON summary's ``stopped_by``)."""
    return "sigterm" if _termination is not None and _termination.received else "ctrl-c"


def how_stopped() -> str:
    """``stopped (SIGTERM)`` or ``stopped (Ctrl-C)``, by :func:`stop_cause`."""
    return "stopped (SIGTERM)" if stop_cause() == "sigterm" else "stopped (Ctrl-C)"


def configure(game_name: str, players: int | None, preset: str | None, options: list[str] | None):
    """The game and its configuration for the command line's ``-p``, ``--preset`` and ``-o``
    (the fewest players the preset allows when ``players`` is not given)."""
    game = get_game(game_name)
    low, _ = game.player_range(preset)
    local = {option.name for option in game.options if option.local}
    chosen = with_local_paths(parse_assignments(options), local, Path.cwd())
    config = game.configure(players or low, preset, chosen)
    return game, config


def bot_names(text: str | None, game) -> list[str]:
    """The bot names of a ``--bots`` comma list, each checked (default: the game's heuristic
    bot, else random)."""
    default = "heuristic" if "heuristic" in game.agents() else "random"
    names = [n.strip() for n in (text or "").split(",") if n.strip()] or [default]
    known = agent_names(game)
    for name in names:
        if name not in known:
            raise OptionError(f"unknown bot {name!r} for {game.name}; "
                              f"known bots: {', '.join(known)}", code="no_bot", name=name,
                              game=game.name, known=", ".join(known))
    return names


def bot_list(text: str | None, count: int, game) -> list[str]:
    """``count`` agent names, by seat, from a ``--bots`` comma list: a shorter list repeats
    in order (``a,b`` for 4 seats: ``a b a b``, as a tournament's lineup), a longer one is
    refused; default heuristic (for no seat: no bot). The one meaning of ``--bots`` in every
    command."""
    names = bot_names(text, game)
    named = bool((text or "").replace(",", "").strip())
    if named and len(names) > count:
        raise OptionError(f"--bots names {len(names)} bot{'s' * (len(names) != 1)} for "
                          f"{count} seat{'s' * (count != 1)}", code="too_many_bots",
                          bots=len(names), seats=count)
    return [names[seat % len(names)] for seat in range(count)]


def progress_bar(console: Console, unit: str = "") -> Any:
    """The progress display of every long command, on ``console`` (standard error): a Rich
    bar on a terminal, a plain line every few seconds on a file or pipe
    (:func:`gonets.progress.progress_bar`)."""
    return _progress_bar(console, unit=unit)


# -- the errors of the command line itself ------------------------------------------------------
TERMINATED = 143
"""The exit status of a command stopped by SIGTERM (``kill``), after the same ending as
Ctrl-C's: what finished printed, the worker pools stopped, nothing left behind."""


class _Termination:
    """SIGTERM handled as Ctrl-C in the command's own process (so a killed simulation still
    prints what finished and stops its pools cleanly); a process forked from it dies of the
    signal as it would have."""

    def __init__(self) -> None:
        self.owner = os.getpid()
        self.received = False

    def __call__(self, signum: int, frame: Any) -> None:
        if os.getpid() != self.owner:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        self.received = True
        raise KeyboardInterrupt


_termination: _Termination | None = None
"""The SIGTERM handler of the command running now (:func:`stop_cause`)."""


@contextlib.contextmanager
def _sigterm_as_ctrl_c(termination: _Termination) -> Iterator[_Termination]:
    global _termination
    try:
        previous = signal.signal(signal.SIGTERM, termination)
    except ValueError:                          # not the main thread: leave signals alone
        yield termination
        return
    before, _termination = _termination, termination
    try:
        yield termination
    finally:
        signal.signal(signal.SIGTERM, previous)
        _termination = before


_CLICK_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
_USAGE_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


class GonetsGroup(TyperGroup):
    """The ``gonets`` command group: every error reads ``error: ...`` on standard error, a
    command line that cannot be read (unknown option, bad value) with exit status 2 and the
    command's help named, a file that cannot be read or written with exit status 2 (no
    traceback), a gonets error no command caught (a record that cannot be read...) the same
    way, a question answered no (click's Abort, also at the end of input) as ``Aborted!``
    with exit status 1, as click has it, Ctrl-C with exit status 130, SIGTERM the same way
    with 143."""

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        termination = _Termination()
        try:
            with _sigterm_as_ctrl_c(termination):
                code = super().main(args, prog_name, complete_var, False, **extra)
            if termination.received:
                code = TERMINATED
        except _USAGE_ERROR as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":      # bare "gonets": its help
                exc.show()
                sys.exit(exc.exit_code)
            where = exc.ctx.command_path if exc.ctx is not None else "gonets"
            errors.print(f"[bold red]error:[/] {escape(exc.format_message())}")
            errors.print(f"({where} --help lists the options)", markup=False)
            sys.exit(2)
        except _CLICK_ERROR as exc:
            errors.print(f"[bold red]error:[/] {escape(exc.format_message())}")
            sys.exit(2)
        except GonetsError as exc:           # a command that let one through: still no traceback
            errors.print(f"[bold red]error:[/] {escape(str(exc))}")
            sys.exit(2)
        except typer.Abort:                  # a question answered no, or end of input
            if termination.received:         # SIGTERM at a question (click's prompt)
                sys.exit(TERMINATED)
            errors.print("Aborted!", markup=False)
            sys.exit(1)
        except KeyboardInterrupt:
            sys.exit(TERMINATED if termination.received else STOPPED)
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise
            where = f" {exc.filename}" if exc.filename else ""
            errors.print(f"[bold red]error:[/] cannot use{escape(where)}: "
                         f"{escape(exc.strerror or str(exc))}")
            sys.exit(2)
        sys.exit(code if isinstance(code, int) and not isinstance(code, bool) else 0)
