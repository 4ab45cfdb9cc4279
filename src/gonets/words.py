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


def refusal_text(lang: str, fields: dict[str, Any], game: Any = None) -> str:
    """A refusal (``message``, ``code``, ``params``: :func:`gonets.server.spec.error_fields`)
    in ``lang`` as a page shows it: the catalogue's ``error.<code>`` with its params filled,
    a ``field`` named by the form's label (``field.<name>``), a rule ``option`` of ``game``
    by its label (and its ``part``); the English ``message`` where the code has no words."""
    words = platform_words(lang)
    key = f"error.{fields.get('code')}"
    if key not in words:
        return str(fields.get("message", ""))
    params = dict(fields.get("params") or {})
    field = params.get("field")
    if isinstance(field, str) and f"field.{field}" in words:
        params["field"] = words[f"field.{field}"]
    if params.get("option") is not None:
        params["field"] = option_label(lang, game, params["option"], params.get("part"))
    return word(lang, key, **params)


def option_label(lang: str, game: Any, option: str, part: Any = None) -> str:
    """A rule option as the lobby form labels it in ``lang`` (its name where ``game`` has no
    words for it), with the number ``part`` of it named when given."""
    said: dict = {}
    if game is not None:
        said = game.option_words(lang).get("options", {}).get(option) or {}
    label = said.get("label") or option
    if part is None:
        return label
    shown = said["part"].replace("{key}", str(part)) if said.get("part") else str(part)
    return word(lang, "lobby.field_part", field=label, part=shown)
