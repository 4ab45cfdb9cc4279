"""The platform's own words (page chrome, refusals, log marks, the terminal's table) in each
language: one catalogue per language, ``gonets/web/i18n/<lang>.json``, read by the web page,
the server and the terminal alike."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "ru")


@lru_cache(maxsize=8)
def platform_words(lang: str) -> dict[str, str]:
    """Every platform phrase in ``lang`` (English where the language lacks one)."""
    folder = resources.files("gonets") / "web" / "i18n"
    words: dict[str, str] = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    own = folder / f"{lang}.json"
    if lang != "en" and lang in LANGUAGES and own.is_file():
        words.update(json.loads(own.read_text(encoding="utf-8")))
    return words


def word(lang: str, key: str, **values: Any) -> str:
    """One platform phrase in ``lang`` with its ``{placeholders}`` filled."""
    text = platform_words(lang).get(key, key)
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text
