"""The progress of every long ``gonets`` command, one mechanism for all (simulate, tournament,
strength, experiment, review, report, the counterfactual studies, ``babayaga balance``).

:func:`progress_bar` gives an object with the part of Rich's ``Progress`` those commands use
(``add_task``, ``update``, ``advance``; a context manager):

- when standard error is a terminal, a Rich bar there: done/total, the rate, the time left and
  the task's description (which carries notes such as the current interval of
  ``--until-ci``), gone when done;
- when it is a file or a pipe, a plain line there every few seconds (``GONETS_PROGRESS_SECONDS``,
  default 5; 0 writes a line at every update), with the same figures, and a last line when the
  command ends if any was written (a command shorter than the interval writes none).

The lines are written only from calls into the object, never from a thread of its own: the
process pools that play the matches are forked from the command's process, and a thread
holding a lock at that moment would leave the copy of the lock held for ever. The pools of
:mod:`gonets.sim.pool` call in every half second or so while matches are being played.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TimeRemainingColumn,
)
from rich.text import Text

EVERY_ENV = "GONETS_PROGRESS_SECONDS"
DEFAULT_EVERY = 5.0


class RateColumn(ProgressColumn):
    """The task's rate of progress: ``12.5/s``, or ``3.2/min`` when slower than one a second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(rate_text(speed) if speed else "", style="progress.data.speed")


def rate_text(per_second: float) -> str:
    """A rate for people: ``12.5/s``, ``1,234/s`` or ``3.2/min``."""
    if per_second >= 100:
        return f"{per_second:,.0f}/s"
    if per_second >= 1:
        return f"{per_second:.1f}/s"
    return f"{per_second * 60:.1f}/min"


def duration_text(seconds: float) -> str:
    """A duration for people: ``45 s``, ``3 min 05 s``, ``2 h 07 min``."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def plain_every() -> float:
    """Seconds between two plain progress lines (``GONETS_PROGRESS_SECONDS``, default 5)."""
    try:
        return max(0.0, float(os.environ.get(EVERY_ENV, DEFAULT_EVERY)))
    except ValueError:
        return DEFAULT_EVERY


@dataclass
class _Task:
    description: str
    total: float | None
    completed: float
    started: float
    first: float          # ``completed`` when the task started (a resumed run's stored rows)


class PlainProgress:
    """Progress as plain lines on a console that is not a terminal: at most one line every
    ``every`` seconds per call into it, and a last line at the end if any was written."""

    def __init__(self, console: Console, every: float | None = None,
                 clock: Callable[[], float] = time.monotonic, unit: str = "") -> None:
        self.console = console
        self.every = plain_every() if every is None else every
        self.clock = clock
        self.unit = unit
        self.tasks: dict[int, _Task] = {}
        self.numbers = 0                 # tasks added so far (a removed task's number stays)
        self.started = clock()
        self.last = self.started
        self.written = 0

    def __enter__(self) -> PlainProgress:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def stop(self) -> None:
        """Write the last line (when a line was written before), once."""
        if self.written:
            for task in self.tasks.values():
                self._write(task, final=True)
            self.written = 0

    def add_task(self, description: str, total: float | None = 100.0, completed: float = 0,
                 **_: Any) -> int:
        now = self.clock()
        number, self.numbers = self.numbers, self.numbers + 1
        self.tasks[number] = _Task(description, total, completed, now, completed)
        return number

    def remove_task(self, task: int) -> None:
        """Take a task off (a measurement done), with its last line when lines have been
        written, as :meth:`stop` writes one for the tasks left."""
        entry = self.tasks.pop(task)
        if self.written:
            self._write(entry, final=True)

    def update(self, task: int, *, total: float | None = None, completed: float | None = None,
               advance: float | None = None, description: str | None = None,
               **_: Any) -> None:
        entry = self.tasks[task]
        if total is not None:
            entry.total = total
        if completed is not None:
            entry.completed = completed
        if advance is not None:
            entry.completed += advance
        if description is not None:
            entry.description = description
        self.refresh()

    def advance(self, task: int, advance: float = 1) -> None:
        self.update(task, advance=advance)

    def refresh(self) -> None:
        """Write a line for every task if the interval has passed since the last one."""
        now = self.clock()
        if now - self.last < self.every:
            return
        self.last = now
        for entry in self.tasks.values():
            self._write(entry)

    def line(self, task: _Task, final: bool = False) -> str:
        """One task's line: what, done of total, rate, time left (or taken), elapsed."""
        now = self.clock()
        elapsed = now - task.started
        done = task.completed
        unit = f" {self.unit}" if self.unit else ""
        parts = [f"{done:,.0f}/{task.total:,.0f}{unit} ({done / task.total:.0%})"
                 if task.total else f"{done:,.0f}{unit}"]
        rate = (done - task.first) / elapsed if elapsed > 0 else 0.0
        if rate > 0:
            parts.append(rate_text(rate))
        if final:
            parts.append(f"{duration_text(elapsed)} in all")
        else:
            if rate > 0 and task.total and task.total > done:
                parts.append(f"about {duration_text((task.total - done) / rate)} left")
            parts.append(f"{duration_text(elapsed)} so far")
        return f"{task.description}: " + ", ".join(parts)

    def _write(self, task: _Task, final: bool = False) -> None:
        self.console.print(self.line(task, final), markup=False, highlight=False,
                           soft_wrap=True)
        self.written += 1


def progress_bar(console: Console, unit: str = "", auto_refresh: bool = True) -> Any:
    """The progress display of a long command, on ``console`` (standard error): a Rich bar on
    a terminal, plain lines every few seconds otherwise (also under ``--json``, whose answer
    is on standard output alone). ``unit`` names what is counted in the plain lines
    (``matches``). Without ``auto_refresh`` the bar has no thread of its own redrawing it (a
    measurement's CPU time stays its own): it is drawn by ``update(..., refresh=True)`` only."""
    if not console.is_terminal:
        return PlainProgress(console, unit=unit)
    return Progress("[progress.description]{task.description}", BarColumn(),
                    MofNCompleteColumn(), RateColumn(), TimeRemainingColumn(),
                    console=console, transient=True, auto_refresh=auto_refresh)


def interval_total(done: int, widest: float, target: float, cap: int) -> int:
    """The matches ``--until-ci target`` will likely play in all, from the widest interval
    after ``done`` matches (a width shrinks like one over the square root of the matches),
    within the cap: what a progress bar of such a run counts towards."""
    if not done or math.isnan(widest) or widest <= 0:
        return cap
    return max(done, min(cap, math.ceil(done * (widest / target) ** 2)))


class PlainStatus:
    """A status on a console that is not a terminal: each new text is a line of its own."""

    def __init__(self, console: Console, text: str) -> None:
        self.console = console
        self.update(text)

    def __enter__(self) -> PlainStatus:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def update(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)


def status(console: Console, text: str) -> Any:
    """What a long command is doing when it cannot count its work (the phases of a solve): a
    Rich spinner on a terminal, one line a phase on a file or pipe; ``update(text)`` moves it
    on."""
    if console.is_terminal:
        return console.status(text)
    return PlainStatus(console, text)
