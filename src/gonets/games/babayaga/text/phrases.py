"""The phrase catalogues of Baba Yaga (``data/phrases.en.yaml``, ``data/phrases.ru.yaml``) and
the few helpers that read them: a phrase with its placeholders filled, a word of a group, a
number with its noun."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).parent.parent / "data"
LANGS = ("en", "ru")


@cache
def catalogue(lang: str) -> dict:
    """The phrase catalogue of a language (English for a language without one)."""
    lang = lang if lang in LANGS else "en"
    return yaml.safe_load((DATA / f"phrases.{lang}.yaml").read_text(encoding="utf-8"))


def say(lang: str, path: str, **fields: Any) -> str:
    """The phrase at ``path`` (dotted, e.g. ``action.move``) with its placeholders filled."""
    node: Any = catalogue(lang)
    for part in path.split("."):
        node = node[part]
    return node.format(**fields) if fields else node


def word(lang: str, group: str, key: str) -> str:
    """One entry of a word group (``word.<group>.<key>``), the key itself if unknown."""
    return catalogue(lang)["word"][group].get(key, key)


def plural(lang: str, group: str, n: int) -> str:
    """``n`` with its noun in the right form: 1 die, 2 dice; 1 кубик, 2 кубика, 5 кубиков."""
    forms = catalogue(lang)["word"][group]
    if lang == "ru":
        one, few = n % 10 == 1 and n % 100 != 11, 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14
        form = "one" if one else "few" if few else "many"
    else:
        form = "one" if n == 1 else "many"
    return forms.get(form, forms["many"]).format(n=n)
