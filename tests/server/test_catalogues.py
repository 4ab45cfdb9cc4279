"""The page's message catalogues (``web/i18n/<lang>.json``): one per language, the same keys
in each, the same placeholders in each translation, and every key the pages use present."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

WEB = Path(str(resources.files("gonets") / "web"))
LANGS = ("en", "ru")
STATIC_KEY = re.compile(r"""(?:\bt|hasMessage)\(\s*["']([\w.]+)["']""")
TEMPLATE_KEY = re.compile(r"`([a-z_]+\.)\$\{")
ATTRIBUTE_KEY = re.compile(r"""data-i18n(?:-placeholder)?=["']([\w.]+)["']""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(lang: str) -> dict[str, str]:
    return json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def used_keys() -> tuple[set[str], set[str]]:
    """Keys the pages name outright, and the prefixes of keys they build (`error.${code}`)."""
    keys, prefixes = set(), set()
    for path in sorted(WEB.glob("*.js")) + sorted(WEB.glob("*.html")):
        text = path.read_text(encoding="utf-8")
        keys |= set(STATIC_KEY.findall(text)) | set(ATTRIBUTE_KEY.findall(text))
        prefixes |= set(TEMPLATE_KEY.findall(text))
    package = Path(str(resources.files("gonets")))
    for path in [*package.glob("server/*.py"), package / "terminal.py", package / "cli.py"]:
        keys |= set(re.findall(r"word\(\s*[\w.]+,\s*['\"]([\w.]+)['\"]", path.read_text()))
    return keys, prefixes


def test_every_language_has_the_same_keys_and_placeholders():
    english = catalogue("en")
    for lang in LANGS[1:]:
        other = catalogue(lang)
        assert sorted(set(english) ^ set(other)) == [], lang
        for key, text in english.items():
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(other[key])), key
            assert other[key].strip(), key


def test_every_key_the_pages_use_is_in_the_catalogues():
    keys, prefixes = used_keys()
    assert {"lobby.open_button", "chat.title", "log.played_for"} <= keys   # the scan finds them
    assert "error." in prefixes
    english = catalogue("en")
    missing = sorted(key for key in keys if key not in english)
    assert missing == []
    for prefix in prefixes:
        assert any(key.startswith(prefix) for key in english), prefix


@pytest.mark.parametrize("lang", LANGS[1:])
def test_translations_are_not_english_left_over(lang):
    english, other = catalogue("en"), catalogue(lang)
    same = [key for key, text in other.items()
            if text == english[key] and re.search(r"[a-z]{4}", text)
            and not key.startswith("game.")]
    assert same == []


def test_server_error_codes_have_words():
    """Every stable code the server gives a refusal has the page's words for it."""
    server = Path(str(resources.files("gonets") / "server"))
    codes = set()
    for path in server.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r"TableError\([^()]*?(?:\([^()]*\)[^()]*?)*,\s*\"(\w+)\"",
                                text, flags=re.S))
    assert {"no_table", "bad_token", "name_invisible", "chat_rate"} <= codes
    english = catalogue("en")
    assert sorted(code for code in codes if f"error.{code}" not in english) == []
