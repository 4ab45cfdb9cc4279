"""The command line's own words in each language it speaks (``--lang en|ru``): the terminal
game's input errors and hints, the default name of the person playing, the replay's summary,
the errors of a command (:mod:`gonets.cli_errors`: English keeps the words of click and of the
core, these are the other languages' and the fallback; ``cli.<code>`` words the core's refusal
of that ``code``) and counted nouns ("1 player", "3 players"; Russian "1 игрок", "3 игрока",
"5 игроков").

The words the terminal shares with the web page (its score table, the end of a match, the
prompt) stay in the platform catalogue, ``gonets/web/i18n/<lang>.json``
(:func:`gonets.words.word`).
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
        "wrote": "wrote {path}",
        "render.png": "PNG output needs cairosvg: pip install 'gonets[png]'",
        "render.suffix": "cannot write {name}: the output must end in .svg or .png",
        "error": "error",
        "help_hint": "({command} --help lists the options)",
        "usage.no_option": "no such option: {option}",
        "usage.maybe": "did you mean {options}?",
        "usage.needs_value": "option {option} requires an argument",
        "usage.no_value": "option {option} does not take a value",
        "usage.missing": "missing {what}",
        "usage.not_whole": "invalid value for {what}: {value!r} is not a whole number",
        "usage.not_number": "invalid value for {what}: {value!r} is not a number",
        "usage.bad_value": "invalid value for {what}",
        "usage.no_command": "no such command {name!r}",
        "usage.extra": "unexpected extra arguments: {args}",
        "usage.unreadable": "the command line cannot be read",
        "file.unusable": "cannot use {path}: {reason}",
        "file.missing": "no such file",
        "file.denied": "permission denied",
        "file.folder": "it is a folder",
        "file.failed": "it cannot be read or written",
        "cli.record_unreadable": "cannot read record {path}: {reason}",
        "cli.record_not_json": "record {path} is not valid JSON",
        "cli.record_not_record": "{path} is not a gonets record this version reads",
        "cli.record_no_replay": "record {path} does not replay as written",
        "cli.no_game": "unknown game {name!r}; known games: {known}",
        "cli.no_preset": "{game} has no preset {preset!r}; known presets: {known}",
        "cli.option_syntax": "cannot read option {text!r}: write it as name=value",
        "cli.no_option": "{game} has no option {name!r}; known options: {known}",
        "cli.players": "{game} ({preset}) is for {low}-{high} players, not {players}",
        "cli.option_value": "option {option!r} ({label}): {value!r} cannot be used",
        "cli.option_range": "option {option!r} ({label}): must be a whole number from {low} "
                            "to {high}",
        "cli.rules": "these rules do not go together: change an option or choose another "
                     "preset",
        "cli.rules_option": "option {option!r} ({label}) does not go with the other rules",
        "cli.no_bot": "unknown bot {name!r} for {game}; known bots: {known}",
        "cli.no_search": "hints come from a search: ismcts or a level ({known})",
        "cli.too_many_bots": "--bots names {bots} for {seats}",
        "cli.too_many_bots_after_you": "--bots names {bots} for the {seats} after yours: you "
                                       "play p1 of {players} (--watch gives every seat to a "
                                       "bot)",
        "cli.no_seat_for_bots": "--bots names {bots}, but the game has one seat and it is "
                                "yours (--watch lets a bot play it)",
        "cli.at": "--at must be between 0 and {steps}",
        "cli.seat": "--seat must be between 1 and {players}",
        "cli.failed": "{detail}",
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
        "wrote": "записано: {path}",
        "render.png": "для PNG нужен пакет cairosvg: pip install 'gonets[png]'",
        "render.suffix": "не удаётся записать {name}: имя файла должно кончаться на .svg "
                         "или .png",
        "error": "ошибка",
        "help_hint": "({command} --help — список параметров)",
        "usage.no_option": "нет такого параметра: {option}",
        "usage.maybe": "может быть, {options}?",
        "usage.needs_value": "параметру {option} нужно значение",
        "usage.no_value": "параметр {option} не принимает значения",
        "usage.missing": "не указано: {what}",
        "usage.not_whole": "{what}: нужно целое число, а не «{value}»",
        "usage.not_number": "{what}: нужно число, а не «{value}»",
        "usage.bad_value": "{what}: такое значение не подходит",
        "usage.no_command": "нет такой команды: «{name}»",
        "usage.extra": "лишние аргументы: «{args}»",
        "usage.unreadable": "не удаётся прочитать командную строку",
        "file.unusable": "не удаётся использовать {path}: {reason}",
        "file.missing": "такого файла нет",
        "file.denied": "нет доступа",
        "file.folder": "это папка",
        "file.failed": "его не удаётся прочитать или записать",
        "cli.record_unreadable": "не удаётся прочитать запись {path}: {reason}",
        "cli.record_not_json": "запись {path} не читается: это не JSON",
        "cli.record_not_record": "{path} — не запись партии, которую читает эта версия "
                                 "gonets",
        "cli.record_no_replay": "запись {path} не воспроизводится так, как записана",
        "cli.no_game": "нет игры «{name}»; есть игры: {known}",
        "cli.no_preset": "в игре {game} нет набора правил «{preset}»; есть: {known}",
        "cli.option_syntax": "не удаётся прочитать параметр «{text}»: пишите имя=значение",
        "cli.no_option": "в игре {game} нет параметра правил «{name}»; есть: {known}",
        "cli.players": "{game} (набор правил {preset}): нужно от {low} до {high} игроков, "
                       "а не {players}",
        "cli.option_value": "параметр «{label}» ({option}): значение «{value}» не подходит",
        "cli.option_range": "параметр «{label}» ({option}): нужно целое число от {low} до "
                            "{high}",
        "cli.rules": "эти правила несовместимы: измените параметр или выберите другой набор "
                     "правил",
        "cli.rules_option": "параметр «{label}» ({option}) не сочетается с остальными "
                            "правилами",
        "cli.no_bot": "нет бота «{name}» для игры {game}; есть боты: {known}",
        "cli.no_search": "ходы оценивает поиск: ismcts или уровень ({known})",
        "cli.too_many_bots": "в --bots {bots}, а всего {seats}",
        "cli.too_many_bots_after_you": "в --bots {bots}, а после вашего места {seats}: вы "
                                       "играете за игрока 1 из {players} (с --watch все "
                                       "места играют боты)",
        "cli.no_seat_for_bots": "в --bots {bots}, но в игре одно место, и оно ваше (с "
                                "--watch за него играет бот)",
        "cli.at": "--at: нужно число от 0 до {steps}",
        "cli.seat": "--seat: нужен номер игрока от 1 до {players}",
        "cli.failed": "не получилось: {detail}",
    },
}

NOUNS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"player": ("player", "players"), "step": ("step", "steps"),
           "match": ("match", "matches"), "seat": ("seat", "seats"),
           "game": ("game", "games"), "bot": ("bot", "bots")},
    "ru": {"player": ("игрок", "игрока", "игроков"), "step": ("шаг", "шага", "шагов"),
           "match": ("партия", "партии", "партий"), "seat": ("место", "места", "мест"),
           "game": ("игра", "игры", "игр"), "bot": ("бот", "бота", "ботов")},
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
