"""A game played on a content pack shows the pack everywhere a person reads it: the board's
places and roads, the panels, the menu lines, the click labels and prompts, the score table,
the end screen, the terminal table and the log lines (web and terminal), in English and
Russian; the Russian names of what the pack renames or adds are the pack's own ones (from its
own ``names.ru.yaml``, else its English titles). An unchanged copy of the built-in pack reads
exactly as the built-in pack."""

from __future__ import annotations

import io
import json
import logging
import re
from contextlib import contextmanager
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gonets.agents.registry import make_agent
from gonets.core import get_game, play_match
from gonets.core.errors import OptionError
from gonets.games.babayaga.cli import app as babayaga_commands
from gonets.server.frames import LogLines, seat_payload
from gonets.terminal import TerminalTable

GAME = get_game("babayaga")
LANGS = ("en", "ru")
VIEWERS = (None, 0, 1)
NAMES = ["Ann", "Boris"]
NEW = {"en": ("Ossuary Gate", "Bogdan the Bold", "The Golden Mane", "Zlatogriv"),
       "ru": ("Ossuary Gate", "Богдан Смелый", "The Golden Mane", "Zlatogriv")}
OLD = ("Bone Fence", "Костяной тын", "Ilya", "Илья", "Horse of Power", "Heroic Steed",
       "Богатырский конь")
STATS = {"en": "Move 3, Fight 4, Cunning 2", "ru": "Передвижение 3, Бой 4, Хитрость 2"}
OLD_STATS = {"en": "Move 1, Fight 2, Cunning 1", "ru": "Передвижение 1, Бой 2, Хитрость 1"}


def edit(path: Path, *changes: tuple[str, str]) -> None:
    """Replace each text of a pack file that occurs there once."""
    text = path.read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, f"{path.name}: {old!r}"
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


def exported(folder: Path) -> Path:
    """A copy of the built-in pack, made by ``gonets babayaga export``."""
    result = CliRunner().invoke(babayaga_commands, ["export", str(folder)])
    assert result.exit_code == 0, result.output
    return folder


def renamed_pack(folder: Path) -> Path:
    """The built-in pack with Bone Fence, Ilya Muromets (and his stats) and The Horse of Power
    (Heroic Steed) renamed; its own ``names.ru.yaml`` (the exported copy) names the hero anew,
    drops the card and still calls the place by its old name, a stale entry."""
    pack = exported(folder / "renamed")
    edit(pack / "board.yaml", ('name: "Bone Fence"', 'name: "Ossuary Gate"'))
    edit(pack / "characters.yaml", ("name: Ilya Muromets", "name: Bogdan the Bold"),
         ("stats: {move: 1, fight: 2, cunning: 1}", "stats: {move: 3, fight: 4, cunning: 2}"),
         ("Heroic Steed", "Zlatogriv"))
    edit(pack / "cards" / "wilderness.yaml", ("title: The Horse of Power",
                                              "title: The Golden Mane"),
         ("name: Heroic Steed,", "name: Zlatogriv,"))
    edit(pack / "names.ru.yaml", ("ilya_muromets: Илья Муромец", "ilya_muromets: Богдан Смелый"),
         ("  W12: [Богатырский конь, Богатырский конь]\n", ""))
    return pack


class Picker:
    """The heuristic bot, choosing a given hero when the game asks for one."""

    def __init__(self, config, seat: int, hero: str):
        self.bot = make_agent("heuristic", GAME, config, seat, seat)
        self.pick = f"character {hero}"

    def act(self, view: dict, legal: list[int]) -> int:
        texts = view.get("legal") or []
        return legal[texts.index(self.pick)] if self.pick in texts else self.bot.act(view, legal)


def terminal(match, lang: str) -> str:
    """What the terminal prints at the end of ``match`` for seat 0: the whole log, the table
    and the score table."""
    out = io.StringIO()
    table = TerminalTable(Console(file=out, width=200, color_system=None), match, agents={},
                          lang=lang)
    table.finish()
    return out.getvalue()


@contextmanager
def failures():
    """The errors the web frames log (an adapter that fails is replaced by a fallback)."""
    found: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = found.append
    logger = logging.getLogger("gonets.server")
    logger.addHandler(handler)
    try:
        yield found
    finally:
        logger.removeHandler(handler)


def play(pack: Path | str, seed: int = 7) -> tuple[object, list[dict]]:
    """A whole 2-player game on ``pack`` (seat 0 plays Ilya Muromets' id, seat 1 Nastasya
    Mikulichna, who starts with The Horse of Power's id), and every frame the web page would
    show: each viewer and language, after each action (no adapter failing)."""
    config = GAME.configure(2, "competitive", {"pack": str(pack), "choose_characters": True})
    bots = [Picker(config, 0, "ilya_muromets"), Picker(config, 1, "nastasya_mikulichna")]
    lines = {(viewer, lang): LogLines(GAME, lang, viewer, NAMES)
             for viewer in VIEWERS for lang in LANGS}
    frames: list[dict] = []

    def show(match) -> None:
        for (viewer, lang), log in lines.items():
            frame = seat_payload(GAME, match.state.view(viewer), log, lang)
            frames.append({"viewer": viewer, "lang": lang,
                           **{key: value for key, value in frame.items() if key != "view"}})

    with failures() as failed:
        match = play_match(GAME, config, bots, seed=seed, on_step=show)
    assert not failed, [record.getMessage() for record in failed]
    return match, frames


def words(frame: dict) -> str:
    """Everything a frame gives a person to read, as one text."""
    return json.dumps(frame, ensure_ascii=False)


@pytest.fixture(scope="module")
def pack_game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("packs")
    pack = renamed_pack(folder)
    match, frames = play(pack)
    return pack, match, frames


def test_a_pack_game_shows_the_packs_names_and_stats_and_never_the_old_ones(pack_game):
    _pack, match, frames = pack_game
    assert match.state.is_terminal()
    assert [p.char for p in match.state.players] == ["ilya_muromets", "nastasya_mikulichna"]
    for lang in LANGS:
        place, hero, _title, kept = NEW[lang]
        read = [words(frame) for frame in frames if frame["lang"] == lang]
        read.append(terminal(match, lang))
        for old in (*OLD, OLD_STATS[lang].replace(", ", " · ")):
            assert not any(old in text for text in read), (lang, old)
        everything = "\n".join(read)
        for new in (place, hero, kept):            # the title shows once the card is met
            assert new in everything, (lang, new)
        first, own = next((frame, panel) for frame in frames if frame["lang"] == lang and
                          frame["viewer"] == 0 for panel in frame["panels"]
                          if hero in panel["title"])                    # set-up done
        assert f"<title>{place} · " in first["svg"]                     # the tile's name
        assert any(line.startswith(STATS[lang].replace(", ", " · ")) for line in own["lines"]
                   if isinstance(line, str)), own["lines"]
        theirs = next(panel for panel in first["panels"] if "Boris" in json.dumps(panel))
        assert kept in json.dumps(theirs, ensure_ascii=False)             # her kept card
        assert any(hero in row[0] for row in first["scoreboard"]["rows"])
        final = next(frame["final"] for frame in reversed(frames) if frame["lang"] == lang)
        assert final and hero in words(final)                             # the end screen


def test_the_character_menu_click_labels_and_prompts_read_the_pack(tmp_path):
    pack = renamed_pack(tmp_path)
    config = GAME.configure(2, "competitive", {"pack": str(pack), "choose_characters": True})
    state = GAME.new_state(config)
    view = state.view(state.current_player())
    assert "character ilya_muromets" in view["legal"]
    for lang in LANGS:
        frame = seat_payload(GAME, view, lang=lang)
        menu = next(a["label"] for a in frame["legal"] if a["text"] == "character ilya_muromets")
        assert NEW[lang][1] in menu and STATS[lang] in menu, menu
        assert menu in frame["picks"].values()                         # its click's label
        assert all(old not in words(frame) for old in (*OLD, OLD_STATS[lang]))


def test_the_log_names_the_packs_places_cards_and_heroes(pack_game):
    _pack, match, frames = pack_game
    options = match.state.view(None)["options"]
    events = {"token": {"e": "token", "token": "hut", "to": "bone_fence"},
              "draw": {"e": "draw", "seat": 1, "card": "W12", "deck": "wilderness"},
              "special": {"e": "special", "seat": 0, "kind": "koshcheys_home"},
              "setup": {"e": "setup", "characters": ["ilya_muromets", "nastasya_mikulichna"],
                        "quests": ["slay_the_dragon", "the_firebird"], "first": 0}}
    for lang in LANGS:
        place, hero, title, kept = NEW[lang]
        line = {kind: GAME.describe_event(event, lang, 0, NAMES, options=options)
                for kind, event in events.items()}
        assert place in line["token"] and f"{title} ({kept})" in line["draw"]
        assert hero in line["setup"]
        web = LogLines(GAME, lang, 0, NAMES).describe(list(events.values()), options=options)
        assert web == list(line.values())
        shown = GAME.describe_log(list(events.values()), lang, 0, NAMES, options=options)
        assert shown == web
        built_in = GAME.describe_event(events["token"], lang, 0, NAMES)
        assert place not in built_in                               # no options: built-in
    log = match.state.view(None)["log"]
    lines = next(frame["log"] for frame in reversed(frames)
                 if frame["viewer"] is None and frame["lang"] == "en")
    assert len(lines) == len(log)
    for event, line in zip(log, lines):
        if event.get("to") == "bone_fence":
            assert "Ossuary Gate" in line, (event, line)
        if event.get("card") == "W12":
            assert "The Golden Mane" in line, (event, line)
    setup = next(i for i, event in enumerate(log) if event["e"] == "setup")
    assert "Bogdan the Bold" in lines[setup]


def test_the_board_is_the_packs_own(tmp_path):
    pack = exported(tmp_path / "moved")
    board = pack / "board.yaml"
    edit(board, ("{id: rye_fields, name: \"Rye Fields\", kind: wild, grid: [5, 3]",
                 "{id: rye_fields, name: \"Rye Fields\", kind: wild, grid: [5, 9]"))
    config = GAME.configure(2, "competitive", {"pack": str(pack)})
    state = GAME.new_state(config)
    picture = GAME.render_svg(state.view(None))
    built_in = GAME.render_svg(GAME.new_state(GAME.configure(2, "competitive")).view(None))
    height = re.compile(r'<svg [^>]*height="(\d+)"')
    assert int(height.search(picture)[1]) > int(height.search(built_in)[1])   # a row more
    tile = re.compile(r'data-location="rye_fields".*?\n<rect x="(\d+)" y="(\d+)"', re.S)
    assert tile.search(picture)[2] != tile.search(built_in)[2]
    road = re.compile(r'data-edge="tsarov\|rye_fields">(.*?)</g>')
    assert road.search(picture)[1] != road.search(built_in)[1]


def test_a_packs_names_file_must_read(tmp_path):
    pack = exported(tmp_path / "broken")
    (pack / "names.ru.yaml").write_text("places:\n  bone_fence: Тын\ncards:\n  W01: Поп\n",
                                        encoding="utf-8")
    with pytest.raises(OptionError) as refused:
        GAME.configure(2, "competitive", {"pack": str(pack)})
    assert "names.ru.yaml: places: unknown field" in str(refused.value)
    assert "names.ru.yaml: cards: W01: must be [title" in str(refused.value)


def test_an_unchanged_copy_reads_exactly_as_the_built_in_pack(tmp_path):
    copy = exported(tmp_path / "copy")
    built_in, built_in_frames = play("", seed=3)
    packed, packed_frames = play(copy, seed=3)
    assert built_in.record.steps == packed.record.steps
    assert packed_frames == built_in_frames
    for lang in LANGS:
        assert terminal(packed, lang) == terminal(built_in, lang)
