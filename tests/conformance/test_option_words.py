"""Every registered game's options and presets have a label and a description in English and
Russian (``Game.option_words``, from ``data/options.<lang>.json``).

The English descriptions are the definitions' own docs (one source, the one ``gonets rules``
prints), so the English file holds labels only; the Russian file holds both, covering exactly
the game's options and presets, and keeps every number of the English text.
"""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from gonets.core import Game, Option, Preset, games

GAMES = [pytest.param(game, id=name) for name, game in games().items()]
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
NUMBER = re.compile(r"\d+")
TRADE_NAMES = {"Premium", "Z-Man 2019"}     # labels that read the same in both languages


def words_file(game: Game, lang: str) -> dict:
    package = type(game).__module__.rpartition(".")[0]
    path = resources.files(package) / "data" / f"options.{lang}.json"
    assert path.is_file(), f"{game.name} has no data/options.{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def definitions(game: Game) -> dict[str, dict[str, Option | Preset]]:
    return {"options": {o.name: o for o in game.options},
            "presets": {p.name: p for p in game.presets}}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_file_names_exactly_the_games_options_and_presets(game, lang):
    data = words_file(game, lang)
    for kind, defined in definitions(game).items():
        assert set(data[kind]) == set(defined), f"{game.name} {lang} {kind}"


@pytest.mark.parametrize("game", GAMES)
def test_english_labels_come_from_the_file_and_descriptions_from_the_definitions(game):
    data = words_file(game, "en")
    words = game.option_words("en")
    for kind, defined in definitions(game).items():
        for name, item in defined.items():
            entry = data[kind][name]
            assert entry["label"].strip(), f"{game.name} {name}: no English label"
            assert "doc" not in entry, f"{game.name} {name}: the English doc lives in game.py"
            shown = {key: words[kind][name][key] for key in ("label", "doc")}
            assert shown == {"label": entry["label"], "doc": item.doc}


@pytest.mark.parametrize("game", GAMES)
def test_russian_has_its_own_label_and_description_with_the_english_numbers(game):
    english, russian = game.option_words("en"), game.option_words("ru")
    for kind, defined in definitions(game).items():
        for name in defined:
            ru, en = russian[kind][name], english[kind][name]
            assert CYRILLIC.search(ru["label"]) or ru["label"] in TRADE_NAMES, \
                f"{game.name} {kind} {name}: the Russian label is not Russian: {ru['label']!r}"
            assert CYRILLIC.search(ru["doc"]), f"{game.name} {kind} {name}: no Russian doc"
            missing = set(NUMBER.findall(en["doc"])) - set(NUMBER.findall(ru["doc"]))
            assert not missing, f"{game.name} {name}: the Russian doc lacks {sorted(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_language_reads_english(game):
    assert game.option_words("xx") == game.option_words("en")
    assert game.option_words("../en") == game.option_words("en")


class Bare(Game):
    """A game defined in a lone module, with no data folder and so no word files."""

    name = "bare"
    title = "Bare"
    min_players = 2
    max_players = 2
    options = (Option("speed", 1, "how fast"),)
    presets = (Preset("default", "the usual"),)

    def new_state(self, config):
        raise NotImplementedError

    def num_actions(self, config):
        return 0


def test_a_game_without_word_files_reads_its_definitions():
    assert Bare().option_words("ru") == {
        "options": {"speed": {"label": "speed", "doc": "how fast"}},
        "presets": {"default": {"label": "default", "doc": "the usual"}}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_choice_that_is_not_a_flag_has_words(lang):
    """A player picks among named choices, not code words: every choice of every option that
    is not a flag or a number is named in both languages (a flag reads yes/no in the page)."""
    for game in games().values():
        for option in game.options:
            if option.choices is None:
                continue
            labels = game.option_words(lang)["options"][option.name]["choices"]
            assert len(labels) == len(option.choices)
            for value, label in zip(option.choices, labels):
                if isinstance(value, (bool, int)):
                    continue                # yes/no, or a number that reads as itself
                assert label, f"{game.name} {option.name}={value!r} has no {lang} words"
