"""The command line's own words in each language it speaks (``--lang en|ru``): the terminal
game's input errors and hints, the default name of the person playing, the replay's summary,
and counted nouns ("1 player", "3 players"; Russian "1 игрок", "3 игрока", "5 игроков").

The words the terminal shares with the web page (its score table, the end of a match, the
prompt) stay in the platform catalogue, ``gonets/web/i18n/<lang>.json``
(:func:`gonets.server.words.word`).
"""

from __future__ import annotations

from typing import Any

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "you": "You",
        "input.empty": "type the number of a choice, or its notation",
        "input.range": "choose a number between 1 and {count}",
        "input.not_legal": "'{answer}' is not one of your choices now",
        "input.unreadable": "{reason}",
        "hint": "hint",
        "visits": "visits",
        "thinking": "thinking...",
        "replayed": "{game}, {players}, preset {preset}: {steps} replayed and verified.",
        "stopped": "stopped (Ctrl-C)",
    },
    "ru": {
        "you": "Вы",
        "input.empty": "введите номер хода или его запись",
        "input.range": "выберите номер от 1 до {count}",
        "input.not_legal": "«{answer}» сейчас не ваш ход",
        "input.unreadable": "не понимаю «{answer}»: введите номер хода или его запись",
        "hint": "подсказка",
        "visits": "проходов",
        "thinking": "думаю...",
        "replayed": "{game}, {players}, набор правил {preset}: {steps}, все воспроизведены "
                    "и проверены.",
        "stopped": "остановлено (Ctrl-C)",
    },
}

NOUNS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"player": ("player", "players"), "step": ("step", "steps"),
           "match": ("match", "matches"), "seat": ("seat", "seats"),
           "game": ("game", "games")},
    "ru": {"player": ("игрок", "игрока", "игроков"), "step": ("шаг", "шага", "шагов"),
           "match": ("партия", "партии", "партий"), "seat": ("место", "места", "мест"),
           "game": ("игра", "игры", "игр")},
}


def say(lang: str, key: str, **values: Any) -> str:
    """The phrase ``key`` in ``lang`` (English where it has none) with its ``{names}``
    filled."""
    text = WORDS.get(lang, {}).get(key) or WORDS["en"][key]
    return text.format(**values)


def count(number: int, noun: str, lang: str = "en") -> str:
    """``number`` with ``noun`` in the form the number asks for: "1 player", "2 players";
    in Russian one of three forms, "1 игрок", "2 игрока", "5 игроков", "21 игрок"."""
    forms = NOUNS.get(lang, {}).get(noun) or NOUNS["en"][noun]
    return f"{number:,} {forms[_form(number, lang, len(forms))]}"


def _form(number: int, lang: str, kinds: int) -> int:
    if kinds == 2:
        return 0 if number == 1 else 1
    tens, ones = number % 100, number % 10
    if ones == 1 and tens != 11:
        return 0
    if 2 <= ones <= 4 and not 12 <= tens <= 14:
        return 1
    return 2
