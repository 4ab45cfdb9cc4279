"""Nothing a player or a reader receives points at a document outside the repository.

The rules of the four games were first written down in working documents that are not part of
gonets: a rules specification whose rows had codes such as U9, C8, M24, L7 or B43, numbered
items (#38, rules §2, section 6.2), and a "seed" text. What a user reads or is given must stand
alone: where a source matters it names the published rulebook (each RULES.md lists them under
Sources) or a row of the game's own RULES.md; otherwise it says nothing of where a rule came
from. These tests scan

* every game's option and preset words in English and Russian, read through the option API
  (``Game.option_words``, what the lobby and ``gonets rules`` show), and its title and
  description;
* every file of each game's ``data/`` folder (the option words, presets, How to play pages,
  and the content files ``gonets babayaga export`` copies to users);
* each game's RULES.md and README.md, every other README.md, ``docs/*.md`` and the web
  client's ``web/i18n/*.json``;
* the help of every command line command and option (``gonets ... --help``), the games' own
  commands included;

for those codes and for paths to files outside the repository, and fail naming file and line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gonets.core import games

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "gonets"
GAMES_DIR = SRC / "games"
LANGS = ("en", "ru")

# Found anywhere a user reads.
OUTSIDE = [
    # a row code of the old specification: (U9), (C8, U23), (L7), (B43), M24, "3.5.1, M9".
    # "C2" after a publisher names an edition of The Messengers (Hans im Glück C2, Z-Man C2),
    # and "C3.1" the revised third edition: those are the editions' names, not codes.
    (re.compile(r"(?<![\w.#/-])(?<!Glück )(?<!Glueck )(?<!Z-Man )[BCLMU]\d{1,2}(?![\w.])"),
     "a code of a specification that is not part of the repository"),
    # a numbered item of it: (#38), (rules #13), (#29); not a card's number ("Baba Yaga #3",
    # "Баба-яга, #3", "#3 The Battle") nor The Messengers' place in its series ("Mini #2")
    (re.compile(r"(?<!Yaga )(?<!яга )(?<!яга, )(?<!Mini )(?<![\w&])#\d+(?=[),;])"),
     "an item number of a document that is not part of the repository"),
    (re.compile(r"§\s*\d"), "a section of a document that is not part of the repository"),
    (re.compile(r"\bfix(?:es)? \d+|\bitems? \d+", re.I),
     "a numbered item of a document that is not part of the repository"),
    (re.compile(r"\b(?:rules|seed|research) file\b|\bresearch[- ]code\b", re.I),
     "a document that is not part of the repository"),
    (re.compile(r"\[SEED\b"), "a document that is not part of the repository"),
    (re.compile(r"файл\w*\s+правил|исследовательск\w*\s+код", re.I),
     "a document that is not part of the repository"),
    (re.compile(r"\bthe spec(?:ification)?'s\b", re.I),
     "a specification that is not part of the repository"),
    (re.compile(r"\.\./shared|(?<![\w./-])shared/|(?<![\w./-])seeds/"),
     "a folder outside the repository"),
]

# "seed" may be the id of a preset (`seed`, `seed-strict`, "Love Letter (seed)" in a table of
# docs/) or a random seed (`--seed 0`, "the same seed", "every seed's measures"), never the
# name of a text. In what a player is shown or given (option words, the data folder, the web
# client's words) neither "the seed" nor "(seed)" may stand for one; anywhere, no "the seed's
# letter" or "seed mapping".
SEED_WORDS = [
    (re.compile(r"\bthe seed's\b|\bseed (?:text|example|mapping|rules)\b", re.I),
     "the seed text, which is not part of the repository"),
]
SEED_TEXT = SEED_WORDS + [
    (re.compile(r"\(seed\)|\bthe seed\b|:\s*seed\s*[.;]|'seed'", re.I),
     "the seed text, which is not part of the repository"),
]


def problems(text: str, patterns) -> list[tuple[int, str, str]]:
    """(line number, what, the line) for every pattern found on a line of ``text``."""
    found = []
    for number, line in enumerate(text.split("\n"), 1):
        for pattern, what in patterns:
            match = pattern.search(line)
            if match:
                start = max(0, match.start() - 50)
                found.append((number, what, line[start:match.end() + 50].strip()))
    return found


# -- the option words, through the games' option API --------------------------------------
def option_texts(game, lang: str) -> list[tuple[str, str]]:
    """(where, text) of every word of ``game``'s options and presets shown in ``lang``."""
    texts = [(f"{game.name} title", game.title), (f"{game.name} description", game.description)]
    texts += [(f"{game.name} option {o.name} (definition)", o.doc) for o in game.options]
    texts += [(f"{game.name} preset {p.name} (definition)", p.doc) for p in game.presets]

    def walk(where: str, value) -> None:
        if isinstance(value, str):
            texts.append((where, value))
        elif isinstance(value, dict):
            for key, inner in value.items():
                walk(f"{where} {key}", inner)

    for kind, entries in game.option_words(lang).items():
        walk(f"{game.name} {lang} {kind}", entries)
    return texts


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(games()))
def test_option_words_point_at_nothing_outside_the_repository(name, lang):
    game = games()[name]
    found = [f"{where}: {what}: {line!r}" for where, text in option_texts(game, lang)
             for _, what, line in problems(text, OUTSIDE + SEED_TEXT)]
    assert not found, "\n".join(found)


# -- the files ------------------------------------------------------------------------------
def given_files() -> list[Path]:
    """Files shown or handed to players: each game's data folder and the web client's words."""
    files = [path for game in sorted(games()) for path in sorted((GAMES_DIR / game / "data")
             .rglob("*")) if path.suffix in (".json", ".yaml", ".yml", ".md", ".txt")]
    return files + sorted((SRC / "web" / "i18n").glob("*.json"))


def read_files() -> list[Path]:
    """Files a reader of the project reads: RULES.md, every README.md, docs/*.md."""
    files = [GAMES_DIR / game / "RULES.md" for game in sorted(games())]
    files += [ROOT / "README.md"] + sorted(SRC.rglob("README.md"))
    return files + sorted((ROOT / "docs").glob("*.md"))


def test_the_scan_covers_what_users_get():
    given, read = given_files(), read_files()
    names = {str(path.relative_to(SRC)) for path in given + read if path.is_relative_to(SRC)}
    for game in ("babayaga", "carcassonne", "czar", "loveletter"):
        for name in ("data/options.en.json", "data/options.ru.json", "data/help.en.md",
                     "data/help.ru.md", "RULES.md", "README.md"):
            assert f"games/{game}/{name}" in names
    for name in ("games/babayaga/data/characters.yaml", "games/babayaga/data/cards/town.yaml",
                 "games/carcassonne/data/presets.json", "games/carcassonne/data/tiles.json",
                 "games/loveletter/data/presets.json", "web/i18n/ru.json", "server/README.md"):
        assert name in names
    assert ROOT / "README.md" in read and ROOT / "docs" / "ai.md" in read


@pytest.mark.parametrize("path", given_files() + read_files(),
                         ids=lambda path: str(path.relative_to(ROOT)))
def test_no_file_a_user_reads_points_outside_the_repository(path):
    patterns = OUTSIDE + (SEED_TEXT if path in given_files() else SEED_WORDS)
    found = [f"{path.relative_to(ROOT)}:{number}: {what}: {line!r}"
             for number, what, line in problems(path.read_text(encoding="utf-8"), patterns)]
    assert not found, "\n".join(found)


# -- the command line's help ------------------------------------------------------------------
def command_texts() -> list[tuple[str, str]]:
    """(command, text) of the help of every command and option: ``gonets`` itself and each
    game's own commands (``Game.cli``)."""
    import typer

    from gonets.cli import app

    texts: list[tuple[str, str]] = []

    def walk(command, path: str) -> None:
        texts.append((path, command.help or ""))
        texts.extend((f"{path} {param.name}", param.help) for param in command.params
                     if getattr(param, "help", None))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(typer.main.get_command(app), "gonets")
    for name, game in sorted(games().items()):
        if game.cli() is not None:
            walk(typer.main.get_command(game.cli()), f"gonets {name}")
    return texts


def test_command_help_points_at_nothing_outside_the_repository():
    texts = command_texts()
    assert any(where == "gonets loveletter deck" for where, _ in texts)
    found = [f"{where}: {what}: {line!r}" for where, text in texts
             for _, what, line in problems(text, OUTSIDE + SEED_WORDS)]
    assert not found, "\n".join(found)


# -- the patterns themselves ----------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "left behind completes the price (U9)", "by the tie-break list (C8, U23)",
    "when you knocked yourself out (L7).", "safety cap (B43): reaching it",
    "Rules edition (rules file 3.4, M24)", "or only the last moved (3.5.1, M9).",
    "a random pick or the first player (#38)", "without asking (rules #13)",
    "the official fill-ins of rules §2", "(файл правил 3.4)", "see ../shared/rules/czar.md",
    "shared/seeds/loveletter.md", "the seed file", "with fix 25:", "the spec's estimate",
    "(research-code variant)", "(вариант из исследовательского кода)",
    "by its empty room (rules file 2.4)",
])
def test_the_patterns_catch_the_old_pointers(text):
    assert problems(text, OUTSIDE)


@pytest.mark.parametrize("text", [
    "Names: rulebook (seed).", "The seed's optional rule", "(the seed is silent)",
    "Seed mapping onto a 54-card deck", "First edition (the seed)", "(seed example)",
    "a 36-card deck (seed mapping, fixed)",
])
def test_the_patterns_catch_the_seed_text(text):
    assert problems(text, SEED_TEXT)


@pytest.mark.parametrize("text", [
    "Messengers, Hans im Glück C2", "original Hans im Glueck C2 rules", "Z-Man C2 rules",
    "Baba Yaga #3 (worth 3 Rep)", "(#1 The Tasks, #2 The Escape, #3 The Battle)",
    "побеждена третья Баба-яга, #3)",
    "*The Messengers* (Mini #2)", "fill: #2e8b3d", "gonets rules loveletter --diff seed "
    "seed-strict", "--preset seed", "(--matches 400 --seed 0)", "C3.1 locks", "§ none",
    "H100 GPU", "'seed_tokens' is the default token table", "preset: [seed, premium]",
])
def test_the_patterns_spare_what_is_not_a_pointer(text):
    assert not problems(text, OUTSIDE + SEED_TEXT)


@pytest.mark.parametrize("text", [
    "### Love Letter, 2 players (seed)", "| card (seed, 4 players) |",
    "the same seed gives the same decisions", "(a different game of the same seed",
    "Write the summary and every seed's measures as JSON",
])
def test_a_reader_file_may_name_the_seed_preset_and_random_seeds(text):
    assert not problems(text, OUTSIDE + SEED_WORDS)
