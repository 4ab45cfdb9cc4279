"""Player names at a table: visible text only, unique at the table, bot names kept for bots.

A name is refused (never silently rewritten) when it holds a character that renders as
nothing or as a blank: control and format characters, spaces other than the plain space,
the Hangul and Braille fillers; or a combining mark with no letter to sit on; or more marks
stacked on one letter than any script needs (text that spills over its neighbours).

Names are compared by their skeleton (:func:`name_key`, after Unicode's UTS #39): case, width
and spaces ignored, and each character replaced by one representative of the characters it
can be mistaken for (Unicode's confusables data, through the ``confusable_homoglyphs``
library: Cyrillic ``А`` and Greek ``Α`` are ``a``; small capitals are their letter), so
``Аnn`` cannot sit beside ``Ann``, nor ``rаndom`` pass for the random bot, nor a spectator
chat as ``system`` or ``spectator 2``.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Any

from confusable_homoglyphs.confusables import confusables_data as CONFUSABLES

from gonets.core.botnames import every_bot_label
from gonets.server.spec import TableError

MAX_NAME = 32
MAX_MARKS = 3                  # combining marks on one base character (Vietnamese needs 2)
# Letters and symbols that draw nothing in common fonts (their categories look visible).
BLANK_CHARACTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f\u180e")
BOT_WORDS = frozenset({"bot", "bots", "robot", "бот", "робот"})
RESERVED_WORDS = ("system", "spectator", "система", "зритель")
"""First words the chat's own lines use ("spectator 2"): no person's chat name starts so."""
SMALL_CAPITAL = re.compile(r"^LATIN LETTER SMALL CAPITAL ([A-Z])$")
ASCII_ALIKE = {"0": "o", "1": "l", "|": "l"}
"""ASCII digits and signs read as letters (lower case)."""


def describe(ch: str) -> str:
    """A character as an English message names it: ``U+200B (zero width space)``."""
    return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'unnamed').lower()})"


def code_point(ch: str) -> str:
    """A character as a refusal's params name it, in no language: ``U+200B``."""
    return f"U+{ord(ch):04X}"


def clean_name(name: Any) -> str:
    """The name as it will be shown: NFC-normalised, outer spaces removed. Raises
    :class:`TableError` naming the first character that cannot be shown."""
    if not isinstance(name, str):
        raise TableError("a name must be text", "name_text")
    name = unicodedata.normalize("NFC", name).strip(" ")
    if not name:
        raise TableError("a name needs at least one visible character", "name_empty")
    if len(name) > MAX_NAME:
        raise TableError(f"a name may have at most {MAX_NAME} characters", "name_long",
                         max=MAX_NAME)
    marks = 0
    previous = " "
    for ch in name:
        category = unicodedata.category(ch)
        if category[0] == "C":
            raise TableError(f"a name may not hold the invisible character {describe(ch)}",
                             "name_invisible", char=code_point(ch))
        if category[0] == "Z" and ch != " ":
            raise TableError(f"a name may hold only plain spaces, not {describe(ch)}",
                             "name_space", char=code_point(ch))
        if ch in BLANK_CHARACTERS:
            raise TableError(f"a name may not hold {describe(ch)}: it shows as a blank",
                             "name_blank", char=code_point(ch))
        if ch == " " and previous == " ":
            raise TableError("a name may not hold several spaces in a row", "name_spaces")
        if category[0] == "M":
            marks += 1
            if previous == " ":
                raise TableError(f"the combining mark {describe(ch)} has no letter to sit on",
                                 "name_mark", char=code_point(ch))
            if marks > MAX_MARKS:
                raise TableError(f"too many combining marks on one letter (at most {MAX_MARKS})",
                                 "name_marks", max=MAX_MARKS)
        else:
            marks = 0
            previous = ch
    return name


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """The skeleton two names must not share at one table: case, width and spacing ignored,
    look-alike characters made one (remembered: every join compares its name again)."""
    shown = unicodedata.normalize("NFKC", name)
    return "".join(_prototype(ch) for ch in shown if not ch.isspace())


@cache
def _prototype(ch: str) -> str:
    """The one character that stands for ``ch`` and its look-alikes, in lower case: an ASCII
    letter or digit stands for itself (digits read as letters made one: ``l`` for ``1``,
    ``o`` for ``0``); another character for the first ASCII letter it can be mistaken for,
    as written or in its other case (Cyrillic ``А`` and ``а`` for ``a``, Greek ``Ν`` for
    ``n``, a small capital for its letter), else for its lower case."""
    small = SMALL_CAPITAL.match(unicodedata.name(ch, ""))
    if small:
        return small.group(1).lower()
    if ch.isascii():
        return ASCII_ALIKE.get(ch.lower(), ch.lower())
    for form in dict.fromkeys((ch, ch.upper(), ch.lower())):     # as written first
        plain = sorted({entry["c"].lower() for entry in CONFUSABLES.get(form, ())
                        if len(entry["c"]) == 1 and entry["c"].isascii()
                        and entry["c"].isalnum()}, key=lambda c: (not c.isalpha(), c))
        if plain:
            return ASCII_ALIKE.get(plain[0], plain[0])
    return ch.casefold() if len(ch.casefold()) == 1 else ch.lower()


def is_reserved(name: str) -> bool:
    """True for a name the chat uses for its own lines (``system``, ``spectator 2``)."""
    words = re.split(r"[\W_]+", unicodedata.normalize("NFKC", name))
    first = next((w for w in words if w), "")
    return any(name_key(first) == name_key(word) for word in RESERVED_WORDS)


def looks_like_a_bot(name: str, agents: tuple[str, ...] | list[str] = ()) -> bool:
    """True for names a human may not take: one with a bot word anywhere as a word ("random
    bot", "Bot Ann", "Ann the bot (p2)"), an agent's name ("heuristic"), or one that holds
    a bot's display name in any language, compared by skeleton ("Vera · hard bot 2",
    "Вера · сложный бот (p2)", "Vera · hard bot™"). A person's name that a bot's name
    starts with ("Vera") is a name like any other."""
    key = name_key(name)
    if not key:
        return False
    if any(name_key(word) in bot_word_keys() for word in name_words(name)):
        return True
    return key in {name_key(agent) for agent in agents} or \
        any(label in key for label in bot_label_keys())


@lru_cache(maxsize=4096)
def name_words(name: str) -> frozenset[str]:
    """The words of ``name``, split at anything but a letter or digit, as written and in
    its compatibility form (so that ``bot™`` reads as ``bot`` and ``ᵇᵒᵗ`` as well)."""
    forms = (name, unicodedata.normalize("NFKC", name))
    return frozenset(word for form in forms
                     for word in re.split(r"[\W_]+", form.casefold()) if word)


@cache
def bot_word_keys() -> frozenset[str]:
    """The skeletons of the words that make a name a bot's (``BOT_WORDS``)."""
    return frozenset(name_key(word) for word in BOT_WORDS)


@cache
def bot_label_keys() -> frozenset[str]:
    """The skeletons of every display name a bot can have (:mod:`gonets.core.botnames`)."""
    return frozenset(name_key(label) for label in every_bot_label())


def check_name_at_table(name: Any, seat: int, seats: list[dict],
                        agents: tuple[str, ...] | list[str] = ()) -> str:
    """A human seat's new name, checked against the table: visible, not a bot's, unique."""
    name = clean_name(name)
    if looks_like_a_bot(name, agents):
        raise TableError(f"the name {name!r} looks like a bot's; names with the word 'bot' "
                         "and bots' names are kept for the bots", "name_bot", name=name)
    key = name_key(name)
    for other, entry in enumerate(seats):
        if other != seat and entry.get("name") and name_key(entry["name"]) == key:
            raise TableError(f"p{other + 1} is already called {entry['name']!r} at this "
                             "table; choose another name", "name_taken", name=entry["name"],
                             seat=other + 1)
    return name
