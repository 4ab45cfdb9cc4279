"""Every game's How to play page and its RULES.md (issue 21, "Rules a newcomer can learn from").

The How to play page is ``data/help.<lang>.md`` in the game's folder: what the Rules button of
the lobby and of the table shows, rendered by ``markdownNodes`` in ``web/common.js``. These
tests hold that every game has it in English and Russian with the same sections, that it uses
only what that small renderer draws, that each RULES.md opens for players and names its
sources, and that nothing a reader follows in these files leads outside the repository.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gonets.core import games

ROOT = Path(__file__).resolve().parents[2]
GAMES_DIR = ROOT / "src" / "gonets" / "games"
GAMES = sorted(path.name for path in GAMES_DIR.iterdir() if (path / "game.py").is_file())
LANGS = ("en", "ru")

# The sections every page has, by the start of their "## " heading.
SECTIONS = {
    "en": ("The goal", "Setting up", "Your turn", "How the game ends", "Variants you can choose",
           "Tips", "Playing on this site"),
    "ru": ("Цель игры", "Подготовка", "Ваш ход", "Конец игры", "Варианты, которые можно выбрать",
           "Советы", "Как играть здесь"),
}


def page(game: str, lang: str) -> Path:
    return GAMES_DIR / game / "data" / f"help.{lang}.md"


def headings(text: str) -> list[tuple[int, str]]:
    return [(len(match[1]), match[2]) for match in re.finditer(r"^(#{1,4})\s+(.*)$", text, re.M)]


def test_the_four_games_are_all_here():
    assert GAMES == ["babayaga", "carcassonne", "czar", "loveletter"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_how_to_play_page_in_english_and_russian(game):
    texts = {}
    for lang in LANGS:
        path = page(game, lang)
        assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
        texts[lang] = path.read_text(encoding="utf-8")
        assert texts[lang] == games()[game].help(lang)          # what the Rules button gets
        assert texts[lang].startswith("## ")
        tops = [title for level, title in headings(texts[lang]) if level == 2]
        for section in SECTIONS[lang]:
            assert any(title.startswith(section) for title in tops), (game, lang, section)
        assert len(texts[lang].split()) > 600, f"{game} {lang}: too short to learn from"
    # the two languages tell the same page: the same sections at the same levels
    english, russian = headings(texts["en"]), headings(texts["ru"])
    assert [level for level, _ in english] == [level for level, _ in russian]
    assert not re.search(r"[А-Яа-яЁё]{4,}", " ".join(title for _, title in english))
    assert not re.search(r"[A-Za-z]{4,}", " ".join(title for _, title in russian))


def rendered_segments(text: str) -> list[tuple[str, str]]:
    """The inline texts ``markdownNodes`` parses one by one: a paragraph's lines joined, each
    line of a list item alone (its markup must not span lines), each heading."""
    segments, paragraph, in_list = [], [], False

    def flush():
        if paragraph:
            segments.append(("paragraph", " ".join(paragraph)))
            paragraph.clear()

    for raw in text.split("\n"):
        line = raw.strip()
        heading = re.match(r"^(#{1,4})\s+(.*)$", line)
        item = re.match(r"^(?:[-*+]|\d+[.)])\s+(.*)$", line)
        if not line:
            flush()
            in_list = False
        elif heading:
            flush()
            in_list = False
            segments.append(("heading", heading[2]))
        elif item:
            flush()
            in_list = True
            segments.append(("item", item[1]))
        elif in_list and raw[:1].isspace():
            segments.append(("item line", line))
        else:
            in_list = False
            paragraph.append(line)
    flush()
    return segments


INLINE = re.compile(r"\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*")      # as inlineNodes


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_page_uses_only_what_the_rules_dialog_renders(game, lang):
    text = page(game, lang).read_text(encoding="utf-8")
    for number, raw in enumerate(text.split("\n"), 1):
        where = f"{game} help.{lang}.md line {number}"
        assert not raw.lstrip().startswith("|"), f"{where}: tables are not rendered"
        assert not re.search(r"<[a-z/!]", raw), f"{where}: HTML is shown as text"
        assert not re.search(r"\]\(", raw), f"{where}: links are not rendered"
        if raw[:1].isspace():          # a list item's next line must not open a new item
            assert not re.match(r"^(?:[-*+]|\d+[.)])\s", raw.strip()), where
        assert len(raw) <= 100, f"{where}: wrap the line"
    for kind, segment in rendered_segments(text):
        leftover = INLINE.sub("", segment)
        assert "*" not in leftover and "`" not in leftover, \
            f"{game} help.{lang}.md: markup that would show as text in a {kind}: {segment!r}"


# -- nothing points outside the repository ------------------------------------------------------
def reader_files() -> list[Path]:
    files = [page(game, lang) for game in GAMES for lang in LANGS]
    files += [GAMES_DIR / game / name for game in GAMES for name in ("RULES.md", "README.md")]
    return files


OUTSIDE = [
    (re.compile(r"(?<![\w-])shared/"), "the shared folder beside the repository"),
    (re.compile(r"\bseeds?/"), "the seed files"),
    (re.compile(r"\.\./"), "a path above the repository"),
    (re.compile(r"(?<![\w.])/(?:work|home|tmp|root|mnt)/"), "an absolute path on a machine"),
    (re.compile(r"\[SEED|\bseed file\b|\brules file\b|\bresearch file\b", re.I),
     "a document that is not part of the repository"),
]
PATHLIKE = re.compile(r"`([\w./-]+)`|\]\(([^)\s]+)\)")


def resolves(game: str, target: str) -> bool:
    target = target.split("#")[0].rstrip("/")
    if not target:
        return True
    bases = (GAMES_DIR / game, GAMES_DIR / game / "data", ROOT, ROOT / "src" / "gonets",
             ROOT / "tests")
    if any((base / target).exists() for base in bases):
        return True
    # a bare file name is named in the context of its folder ("`board.yaml`", "`state.py`")
    return "/" not in target and any((GAMES_DIR / game).rglob(target))


@pytest.mark.parametrize("path", reader_files(), ids=lambda path: str(path.relative_to(GAMES_DIR)))
def test_no_page_or_rules_file_points_outside_the_repository(path):
    text = path.read_text(encoding="utf-8")
    game = path.relative_to(GAMES_DIR).parts[0]
    for pattern, what in OUTSIDE:
        found = pattern.search(text)
        assert found is None, \
            f"{path.relative_to(ROOT)} points at {what}: {text[found.start():found.end() + 40]!r}"
    for match in PATHLIKE.finditer(text):
        target = match[1] or match[2]
        if "://" in target or not re.search(r"\.(?:md|py|js|css|html|json|ya?ml|txt|toml)$|/$",
                                            target):
            continue                    # a web address, or code that is not a file's name
        assert resolves(game, target), \
            f"{path.relative_to(ROOT)} names {target!r}, which is not in the repository"


# -- RULES.md opens for players ----------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_each_rules_file_opens_for_players_and_names_its_rulebooks(game):
    text = (GAMES_DIR / game / "RULES.md").read_text(encoding="utf-8")
    before_tables = " ".join(text.split("\n|", 1)[0].split())
    assert "How to play" in before_tables
    assert "`data/help.en.md`" in before_tables and "`data/help.ru.md`" in before_tables
    assert "Sources" in before_tables and "rulebook" in before_tables.lower()
    cited = re.findall(r"\brulebook\b|\bRulebook\b|\brules\b", text)
    assert len(cited) > 10, f"{game}: RULES.md hardly cites the rules it reads"
