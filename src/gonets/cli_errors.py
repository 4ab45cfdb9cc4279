"""The command line's errors in the language a command was asked to speak (``--lang ru``).

English keeps the words of their sources (click's, the core's). In another language an
error is worded from :mod:`gonets.cli_words`: a command line click cannot read by the kind
of its error and the parameter it names (:func:`usage_words`); a refusal of the game, its
preset, options and bots, or of a record, by finding again what the command line asked
that cannot be had (:func:`command_error`), since the core's messages are English text.
"""

from __future__ import annotations

import contextvars
import errno
import re
import sys
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from gonets.cli_words import count, say
from gonets.console import GonetsGroup, errors, fail
from gonets.core import GonetsError, OptionError, Record, games
from gonets.core.options import parse_assignments

LANGUAGES = ("en", "ru")
_ASKED: contextvars.ContextVar[str] = contextvars.ContextVar("gonets_cli_lang", default="en")
_USAGE_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")
_NUMBER_ERRORS = {"int_parsing": "usage.not_whole", "int_from_float": "usage.not_whole",
                  "float_parsing": "usage.not_number"}


def asked_lang(args: list[str]) -> str:
    """The language a command line asks for (``--lang ru`` or ``--lang=ru``), English when
    it asks for none or for one gonets does not speak."""
    for index, arg in enumerate(args):
        value = None
        if arg == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value is not None:
            return value if value in LANGUAGES else "en"
    return "en"


def fail_in(lang: str, message: str) -> None:
    """:func:`gonets.console.fail` in ``lang``: ``error: ...`` (``ошибка: ...``) on
    standard error, exit status 2."""
    if lang not in LANGUAGES[1:]:
        fail(message)
    errors.print(f"[bold red]{escape(say(lang, 'error'))}:[/] {escape(message)}")
    raise typer.Exit(2)


class SpokenGroup(GonetsGroup):
    """:class:`GonetsGroup` that words the errors no command catches itself (a command line
    that cannot be read, a file that cannot be used, a stray gonets error) in the language
    of the command line's ``--lang``; in English exactly as :class:`GonetsGroup` does."""

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        """Run the command line, its errors worded in the language it asks for."""
        asked = list(sys.argv[1:] if args is None else args)
        token = _ASKED.set(asked_lang([str(arg) for arg in asked]))
        try:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        finally:
            _ASKED.reset(token)

    def invoke(self, ctx: Any) -> Any:
        """Run the chosen command; in a language other than English, its usage errors,
        unreadable files and uncaught gonets errors are worded here and exit with 2."""
        lang = _ASKED.get()
        if lang == "en":
            return super().invoke(ctx)
        try:
            return super().invoke(ctx)
        except _USAGE_ERROR as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "gonets"
            errors.print(f"[bold red]{escape(say(lang, 'error'))}:[/] "
                         f"{escape(usage_words(lang, exc))}")
            errors.print(say(lang, "help_hint", command=where), markup=False)
            raise typer.Exit(2) from None
        except GonetsError as exc:
            fail_in(lang, command_error(lang, exc))
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise
            fail_in(lang, say(lang, "file.unusable", path=exc.filename or "",
                              reason=file_reason(lang, exc)))


def usage_words(lang: str, exc: Exception) -> str:
    """A command line click could not read, worded in ``lang`` from the kind of the error
    and the parameter it names."""
    kind = type(exc).__name__
    message = str(getattr(exc, "message", "") or "")
    if kind == "NoSuchOption":
        text = say(lang, "usage.no_option", option=exc.option_name)
        if exc.possibilities:
            text += "; " + say(lang, "usage.maybe", options=", ".join(exc.possibilities))
        return text
    if kind == "BadOptionUsage":
        key = "usage.no_value" if "does not take" in message else "usage.needs_value"
        return say(lang, key, option=exc.option_name)
    what = _hint(getattr(exc, "param", None), exc.ctx)
    if kind == "MissingParameter":
        return say(lang, "usage.missing", what=what)
    if kind == "BadParameter":
        cause = exc.__cause__
        details = cause.errors() if hasattr(cause, "errors") else [{}]
        first = details[0] if details else {}
        key = _NUMBER_ERRORS.get(first.get("type", ""), "usage.bad_value")
        return say(lang, key, what=what, value=first.get("input", ""))
    named = re.match(r"No such command '([^']*)'\.(?: Did you mean (.*)\?)?", message)
    if named:
        text = say(lang, "usage.no_command", name=named.group(1))
        if named.group(2):
            text += "; " + say(lang, "usage.maybe", options=named.group(2).replace("'", ""))
        return text
    extra = re.match(r"Got unexpected extra argument.*\((.*)\)$", message)
    if extra:
        return say(lang, "usage.extra", args=extra.group(1))
    return say(lang, "usage.unreadable")


def _hint(param: Any, ctx: Any) -> str:
    """A parameter as click names it in an error: ``'--players' / '-p'``, ``'GAME'``."""
    if param is None:
        return ""
    try:
        return param.get_error_hint()          # typer's own click
    except TypeError:
        return param.get_error_hint(ctx)       # click's


def file_reason(lang: str, exc: OSError) -> str:
    """Why a file cannot be used, in ``lang``."""
    key = {errno.ENOENT: "file.missing", errno.EACCES: "file.denied",
           errno.EISDIR: "file.folder", errno.ENOTDIR: "file.missing"}.get(exc.errno or 0)
    return say(lang, key or "file.failed")


def command_error(lang: str, exc: Exception, *, game: str | None = None,
                  players: int | None = None, preset: str | None = None,
                  options: list[str] | None = None, bots: str | None = None,
                  watch: bool = False, record: Path | None = None, at: int | None = None,
                  seat: int | None = None, level: str | None = None) -> str:
    """What a command refused, in ``lang``: English as the error says it; in another
    language the first thing of what the command line asked (a record, ``--at``,
    ``--seat``, the game, its preset, options and player count, the bots) that cannot be
    had, worded from the catalogue; a failure none of them explains as ``failed``."""
    if lang not in LANGUAGES[1:]:
        return str(exc)
    problem = None
    if record is not None:
        problem = record_problem(lang, record, at, seat)
    if problem is None and game is not None:
        problem = setup_problem(lang, exc, game, players, preset, options, bots, watch)
    if problem is None and level is not None and record is not None:
        problem = agent_problem(lang, Record.load(record).game, [level])
    return problem or say(lang, "cli.failed", detail=str(exc))


def record_problem(lang: str, path: Path, at: int | None = None,
                   seat: int | None = None) -> str | None:
    """Why the record at ``path`` cannot be used (``at`` steps in, from ``seat``'s view),
    in ``lang``; None when it can."""
    try:
        Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        return say(lang, "record.unreadable", path=path, reason=file_reason(lang, exc))
    except UnicodeDecodeError:
        return say(lang, "record.not_json", path=path)
    try:
        found = Record.load(path)
    except GonetsError as exc:
        key = "record.not_json" if "not valid JSON" in str(exc) else "record.not_record"
        return say(lang, key, path=path)
    if at is not None and not 0 <= at <= len(found.steps):
        return say(lang, "cli.at", steps=len(found.steps))
    if seat is not None and not 1 <= seat <= found.players:
        return say(lang, "cli.seat", players=found.players)
    try:
        found.replay(upto=at)
    except GonetsError:
        return say(lang, "record.no_replay", path=path)
    return None


def setup_problem(lang: str, exc: Exception, name: str, players: int | None,
                  preset: str | None, options: list[str] | None, bots: str | None,
                  watch: bool) -> str | None:
    """Why the game ``name`` cannot be set up as asked (``-p``, ``--preset``, ``-o``,
    ``--bots``), in ``lang``; None when nothing asked is at fault."""
    registry = games()
    if name not in registry:
        return say(lang, "cli.no_game", name=name, known=", ".join(sorted(registry)))
    game = registry[name]
    if preset is not None and not any(p.name == preset for p in game.presets):
        return say(lang, "cli.no_preset", game=name, preset=preset,
                   known=", ".join(p.name for p in game.presets))
    for item in options or []:
        try:
            parse_assignments([item])
        except OptionError:
            return say(lang, "cli.option_syntax", text=item)
    chosen = parse_assignments(options)
    for option in chosen:
        if not any(o.name == option for o in game.options):
            return say(lang, "cli.no_option", game=name, name=option,
                       known=", ".join(o.name for o in game.options))
    low, high = game.player_range(preset)
    if players is not None and not low <= players <= high:
        return say(lang, "cli.players", game=name, preset=preset or game.default_preset,
                   low=low, high=high, players=players)
    for option, value in chosen.items():
        try:
            game.option(option).validate(value)
        except OptionError as refused:
            return option_problem(lang, game, option, value, refused.params)
    try:
        config = game.configure(players or low, preset, chosen)
    except OptionError as refused:
        if refused.option is None:
            return say(lang, "cli.rules")
        return say(lang, "cli.rules_option", label=_label(lang, game, refused.option),
                   name=refused.option)
    return bots_problem(lang, game, bots, config.players, watch)


def option_problem(lang: str, game: Any, option: str, value: Any,
                   bounds: dict[str, Any]) -> str:
    """A rule option's value refused, in ``lang``: its range when it has one."""
    label = _label(lang, game, option)
    if "low" in bounds:
        return say(lang, "cli.option_range", label=label, name=option, low=bounds["low"],
                   high=bounds["high"])
    return say(lang, "cli.option_value", label=label, name=option, value=value)


def bots_problem(lang: str, game: Any, bots: str | None, players: int,
                 watch: bool) -> str | None:
    """Why ``--bots`` cannot seat its bots, in ``lang``: a bot the game lacks, or more bots
    than seats for them (every seat with ``--watch``, else those after the person's)."""
    names = [n.strip() for n in (bots or "").split(",") if n.strip()]
    problem = agent_problem(lang, game.name, names)
    if problem is not None:
        return problem
    seats = players if watch else players - 1
    if len(names) > seats:
        return say(lang, "cli.too_many_bots_watch" if watch else "cli.too_many_bots",
                   bots=count(len(names), "bot", lang), seats=count(seats, "seat", lang),
                   players=players)
    return None


def agent_problem(lang: str, name: str, agents: list[str]) -> str | None:
    """The first of ``agents`` the game ``name`` has no bot for, in ``lang``."""
    from gonets.agents import agent_names

    if name not in games():
        return None
    known = agent_names(games()[name])
    for agent in agents:
        if agent not in known:
            return say(lang, "cli.no_bot", name=agent, game=name, known=", ".join(known))
    return None


def _label(lang: str, game: Any, option: str) -> str:
    said = game.option_words(lang).get("options", {}).get(option) or {}
    return said.get("label") or option
