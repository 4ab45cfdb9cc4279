"""Every refusal the core raises with a ``code`` has a phrase ``cli.<code>`` in each language
of the command line, naming the values the raise gives; the command line words a refusal by
its code alone, and the server's answers do not change with the core's codes."""

from __future__ import annotations

import ast
import errno
import pickle
import string
from pathlib import Path

import pytest

import gonets
from gonets.cli_errors import COUNTED, command_error, phrase_values
from gonets.cli_words import WORDS
from gonets.core import GonetsError, OptionError, RecordError
from gonets.core.options import Option

SOURCE = Path(gonets.__file__).parent
CORE_ERRORS = {"GonetsError", "OptionError", "RecordError", "IllegalAction", "ContentError"}
SPARE = {"part"}
"""Params a page words (the server's ``option_range``) that no command line phrase names."""


def coded_raises() -> list[tuple[str, str, set[str], bool]]:
    """``(where, code, params given, names an option)`` of every core error built with a
    ``code=`` anywhere in the package."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in CORE_ERRORS):
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            if "code" not in keywords:
                continue
            where = f"{path.relative_to(SOURCE)}:{node.lineno}"
            assert None not in keywords, f"{where}: a coded error gives its params by name"
            code = keywords.pop("code")
            assert isinstance(code, ast.Constant) and isinstance(code.value, str), where
            option = keywords.pop("option", None) is not None or (
                node.func.id == "OptionError" and len(node.args) > 1)
            found.append((where, code.value, set(keywords), option))
    return found


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def expected_names(code: str, given: set[str], option: bool) -> set[str]:
    """What the phrase of ``code`` names, by :func:`gonets.cli_errors.phrase_values`: the
    params given (a file's ``errno`` worded as ``reason``), the ``option`` at fault with its
    ``label``, and a record's ``path`` (the command line's record where the error has none)."""
    names = set(given) - SPARE
    if "errno" in names:
        names = names - {"errno"} | {"reason"}
    if option:
        names |= {"option", "label"}
    if code.startswith("record_"):
        names.add("path")
    return names


RAISES = coded_raises()


def test_the_scan_finds_the_refusals_a_person_can_cause():
    codes = {code for _, code, _, _ in RAISES}
    assert codes >= {"no_game", "no_preset", "no_option", "option_syntax", "option_value",
                     "option_range", "players", "rules", "rules_option", "no_bot",
                     "too_many_bots", "too_many_bots_after_you", "no_seat_for_bots",
                     "record_unreadable", "record_not_json", "record_not_record",
                     "record_no_replay", "at", "seat", "no_search"}, sorted(codes)


@pytest.mark.parametrize("where,code,given,option", RAISES, ids=[r[0] for r in RAISES])
def test_every_code_has_a_phrase_in_each_language(where, code, given, option):
    wanted = expected_names(code, given, option)
    for lang in ("en", "ru"):
        phrase = WORDS[lang].get(f"cli.{code}")
        assert phrase is not None, f"{where}: no {lang} phrase cli.{code}"
        assert placeholders(phrase) == wanted, (where, lang, phrase, sorted(given))


def test_counted_params_are_counted_in_the_language():
    exc = OptionError("--bots names 3 bots for 2 seats", code="too_many_bots", bots=3, seats=2)
    assert phrase_values("ru", exc) == {"bots": "3 бота", "seats": "2 места"}
    assert command_error("ru", exc) == "в --bots 3 бота, а всего 2 места"
    assert set(COUNTED) == {"bots", "seats"}


def test_an_option_is_labelled_in_the_language_of_the_command_line():
    exc = OptionError("option 'tokens_to_win': ...", "tokens_to_win", code="option_range",
                      low=1, high=12, part="2")
    said = command_error("ru", exc, game="loveletter")
    assert said.startswith("параметр «") and "(tokens_to_win)" in said and "от 1 до 12" in said
    assert "«tokens_to_win»" in command_error("ru", exc)      # no game: its own name


def test_a_file_error_is_worded_from_its_errno():
    exc = RecordError("cannot read record r.json: Permission denied",
                      code="record_unreadable", path="r.json", errno=errno.EACCES)
    assert command_error("ru", exc) == "не удаётся прочитать запись r.json: нет доступа"


def test_a_record_that_does_not_replay_names_the_command_line_s_record():
    exc = RecordError("step 3 {...}: not legal", code="record_no_replay")
    assert command_error("ru", exc, record=Path("m.json")) == \
        "запись m.json не воспроизводится так, как записана"
    # without the record to name, the phrase cannot be filled: the English detail stays
    assert command_error("ru", exc) == "не получилось: step 3 {...}: not legal"


def test_an_error_without_a_code_keeps_its_english_detail():
    assert command_error("ru", GonetsError("the disk is on fire")) == \
        "не получилось: the disk is on fire"
    assert command_error("en", OptionError("unknown game 'x'", code="no_game", name="x",
                                           known="a")) == "unknown game 'x'"


def test_an_option_error_keeps_its_old_constructor_and_survives_pickling():
    old = OptionError("option 'cap': too big", "cap", low=1, high=9, part=None)
    assert (old.option, old.code, old.params) == ("cap", None, {"low": 1, "high": 9,
                                                                "part": None})
    coded = pickle.loads(pickle.dumps(OptionError("x", "cap", code="option_value", value=3)))
    assert (str(coded), coded.option, coded.code, coded.params) == \
        ("x", "cap", "option_value", {"value": 3})
    with pytest.raises(OptionError) as caught:
        Option("cap", 5, "a cap", choices=(5, 6)).validate(7)
    assert (caught.value.code, caught.value.params) == ("option_value", {"value": 7})


def test_the_server_answers_by_its_own_codes_only():
    from gonets.server.spec import TableError, error_fields

    assert error_fields(OptionError("unknown game 'x'", code="no_game", name="x", known="a")) \
        == {"message": "unknown game 'x'", "code": "refused", "params": {}}
    bounds = OptionError("option 'cap': ...", "cap", code="option_range", low=1, high=9,
                         part=None)
    assert error_fields(bounds)["params"] == {"low": 1, "high": 9, "part": None}
    assert error_fields(TableError("no", "no_game", game="x")) == \
        {"message": "no", "code": "no_game", "params": {"game": "x"}}
