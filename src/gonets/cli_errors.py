"""The command line's errors in the language a command was asked to speak (``--lang ru``).

English keeps the words of their sources (click's, the core's). In another language an
error is worded from :mod:`gonets.cli_words`: a command line click cannot read by the kind
of its error and the parameter it names (:func:`usage_words`); a refusal of the game, its
preset, options and bots, or of a record, by the ``code`` the core raised it with and the
values it gave (:func:`command_error`: the phrase ``cli.<code>``).
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

from gonets.cli_words import WORDS, count, say
from gonets.console import GonetsGroup, errors, fail
from gonets.core import GonetsError, games

LANGUAGES = ("en", "ru")
_ASKED: contextvars.ContextVar[str] = contextvars.ContextVar("gonets_cli_lang", default="en")
_USAGE_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")
_NUMBER_ERRORS = {"int_parsing": "usage.not_whole", "int_from_float": "usage.not_whole",
                  "float_parsing": "usage.not_number"}
COUNTED = {"bots": "bot", "seats": "seat"}
"""The params of a refusal that count something, with the noun counted (:func:`count`)."""


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
    return _reason(lang, exc.errno)


def _reason(lang: str, number: int | None) -> str:
    key = {errno.ENOENT: "file.missing", errno.EACCES: "file.denied",
           errno.EISDIR: "file.folder", errno.ENOTDIR: "file.missing"}.get(number or 0)
    return say(lang, key or "file.failed")


def command_error(lang: str, exc: Exception, *, game: str | None = None,
                  record: Path | str | None = None) -> str:
    """What a command refused, in ``lang``: English as the error says it; in another
    language the phrase ``cli.<code>`` of the error's ``code``, filled by
    :func:`phrase_values`; an error without a code (or whose phrase it cannot fill) as
    ``failed`` with the English detail.

    ``game`` (the game the command line named) labels a refused option in ``lang``;
    ``record`` (the record file the command read) is the ``path`` a record's phrase names
    where the error names none (a record that does not replay)."""
    if lang not in LANGUAGES[1:]:
        return str(exc)
    code = getattr(exc, "code", None)
    if code and f"cli.{code}" in WORDS["en"]:
        try:
            return say(lang, f"cli.{code}", **phrase_values(lang, exc, game, record))
        except (KeyError, IndexError):     # a value the phrase names that the error lacks
            pass
    return say(lang, "cli.failed", detail=str(exc))


def phrase_values(lang: str, exc: Exception, game: str | None = None,
                  record: Path | str | None = None) -> dict[str, Any]:
    """The values that fill the phrase of ``exc``'s code in ``lang``: its ``params``, with
    ``bots`` and ``seats`` counted ("3 бота"), a file's ``errno`` worded as the ``reason``
    it cannot be read, the ``option`` at fault (:class:`OptionError`) with its ``label`` in
    ``lang`` (the game's: the error's ``game`` or the command line's), and ``record`` as
    the ``path`` where the error names none."""
    values = dict(getattr(exc, "params", None) or {})
    if record is not None:
        values.setdefault("path", record)
    for key, noun in COUNTED.items():
        if isinstance(values.get(key), int):
            values[key] = count(values[key], noun, lang)
    if "errno" in values:
        values["reason"] = _reason(lang, values.pop("errno"))
    option = getattr(exc, "option", None)
    if option is not None:
        values["option"] = option
        values["label"] = _label(lang, values.get("game") or game, option)
    return values


def _label(lang: str, name: str | None, option: str) -> str:
    """The label of the rule ``option`` of the game ``name`` in ``lang`` (its own name where
    the game is unknown or has no words for it)."""
    game = games().get(name) if isinstance(name, str) else None
    if game is None:
        return option
    said = game.option_words(lang).get("options", {}).get(option) or {}
    return said.get("label") or option
