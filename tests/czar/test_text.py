"""Log and menu lines in English and Russian: the viewer in the second person, other seats by
name, a spectator by names only; every phrase from the catalogues in data/."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from gonets.games.czar.text.words import phrases, plural

from .helpers import GAME, scenario

SCENARIOS = ("pawl", "rubles_win", "rubles_njet", "iwan", "baikal_iwan")
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
YOU = {"en": r"\b(you|your)\b", "ru": r"\b(вы|ваш\w*|свой|своё|свою|своего|своей)\b"}
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha"]


def keys(tree, prefix=""):
    """Every key path of a catalogue, except the per-language grammar of words."""
    out = set()
    for key, value in tree.items():
        if key.startswith("_"):
            continue
        path = f"{prefix}/{key}"
        out.add(path)
        if isinstance(value, dict) and (prefix or key in ("events", "menu", "table", "words")):
            out |= keys(value, path)
    return out


def test_both_catalogues_have_the_same_phrases():
    en, ru = phrases("en"), phrases("ru")
    assert keys(en) == keys(ru)
    for kind in en["types"]:
        assert {"nom", "acc", "gen", "dat", "gender"} <= set(ru["types"][kind])
    for lang in ("en", "ru"):
        for entry in phrases(lang)["events"].values():
            assert "other" in entry


def test_unknown_language_falls_back_to_english():
    event = {"e": "pass", "seat": 1}
    assert GAME.describe_event(event, "de") == GAME.describe_event(event, "en") == "p2 passes"


def every_event():
    for name in SCENARIOS:
        state = scenario(name).replay()
        for seat in (None, 0, 1):
            for event in state.view(seat)["log"]:
                yield seat, event
    yield 1, {"e": "coin", "seat": 1, "coin": "2"}
    yield 0, {"e": "coin", "seat": 1}
    yield None, {"e": "bribe", "seat": 0, "coins": ["3", "3"], "guard": "PAWL HOF"}
    for seat in (0, 2):
        yield seat, {"e": "extra", "seat": 0, "colour": "purple"}
        yield seat, {"e": "decline", "seat": 0}
        yield seat, {"e": "pass", "seat": 2}
        yield seat, {"e": "end", "seat": 0}
    for why, extra in (("paid", {"total": 8}), ("bribed", {"total": 11}), ("pile", {}),
                       ("passes", {}), ("final_round", {}), ("turn_cap", {"cap": 50})):
        for seat in (0, 1, None):
            yield seat, {"e": "win", "seat": 0, "reason": "english", "why": why, **extra}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_event_reads_in_both_languages_for_viewer_other_and_spectator(lang):
    for viewer, event in every_event():
        line = GAME.describe_event(event, lang, viewer)
        assert line and "{" not in line and not line.startswith("{'"), (event, line)
        mine = viewer is not None and event.get("seat") == viewer
        you = re.search(YOU[lang], line, re.IGNORECASE)
        if lang == "ru":
            assert CYRILLIC.search(line), line
        if viewer is None:
            assert not you, line                      # a spectator reads only names
        if mine and event["e"] not in ("coins",):
            assert you, line


def test_viewer_reads_the_second_person_and_others_by_name():
    event = {"e": "place", "seat": 1, "courier": "green lady", "inn": "IWAN", "from": "display"}
    assert GAME.describe_event(event, "en", 1) == \
        "you place the green Lady (from the display) into IWAN"
    assert GAME.describe_event(event, "ru", 1) == \
        "вы ставите зелёную даму (из запаса) в трактир «Иван»"
    assert GAME.describe_event(event, "en", 0, NAMES) == \
        "Boris places the green Lady (from the display) into IWAN"
    assert GAME.describe_event(event, "ru", None, NAMES) == \
        "Boris ставит зелёную даму (из запаса) в трактир «Иван»"
    draw = {"e": "draw", "seat": 0, "courier": "red officer", "display": True}
    assert GAME.describe_event(draw, "ru", 0) == \
        "вы тянете красного офицера; места нет, курьер уходит в ваш запас"
    assert GAME.describe_event(draw, "ru", 2, NAMES) == \
        "Anna тянет красного офицера; места нет, курьер уходит в запас"


def test_a_travel_line_names_the_message_owner_from_the_viewers_side():
    event = {"e": "travel", "seat": 0, "inn": "IWAN", "stays": "blue lady", "moves": [
        {"courier": "green diplomat", "to": "KATHARINA", "skipped": [], "message": 1},
        {"courier": "red cossack", "to": "palace", "skipped": ["Mountains", "Grassland"],
         "message": 0, "guard": "MASL HOF"}]}
    assert GAME.describe_event(event, "en", 1, NAMES) == (
        "Anna empties IWAN: green Diplomat -> KATHARINA with your message; red Cossack -> "
        "the palace (skipping the Mountains and Grassland) with Anna's message, delivered to "
        "the guard above MASL HOF; the blue Lady stays")
    assert GAME.describe_event(event, "ru", 0, NAMES) == (
        "вы освобождаете трактир «Иван»: зелёный дипломат → трактир «Екатерина» с донесением "
        "игрока Boris; красный казак → дворец (минуя горы и луга) с вашим донесением, донесение "
        "у стражника над Масловым двором; синяя дама остаётся")


def test_win_lines_in_both_languages():
    paid = {"e": "win", "seat": 0, "reason": "p1 paid the guard 8 rubles", "why": "paid",
            "total": 8}
    assert GAME.describe_event(paid, "en", 0) == "you pay the guard 8 rubles and win"
    assert GAME.describe_event(paid, "ru", 1) == "p1 платит стражнику 8 рублей и побеждает"
    cap = {"e": "win", "seat": 2, "reason": "x", "why": "turn_cap", "cap": 40}
    assert GAME.describe_event(cap, "ru", 2) == \
        "достигнут предел ходов (40); вы побеждаете по дополнительным показателям"


def test_russian_plurals():
    assert [plural("ru", "rubles", n) for n in (1, 2, 5, 11, 21, 22, 14)] == [
        "1 рубль", "2 рубля", "5 рублей", "11 рублей", "21 рубль", "22 рубля", "14 рублей"]
    assert plural("en", "rubles", 1) == "1 ruble" and plural("en", "rubles", 3) == "3 rubles"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_menu_line_reads_in_both_languages(lang):
    seen = set()
    for name in SCENARIOS:
        record = scenario(name)
        state = record.replay(upto=0)
        for step in record.steps:
            seat = state.current_player()
            if seat >= 0:
                view = state.view(seat)
                for text in view["legal"]:
                    line = GAME.describe_action(view, text, lang)
                    assert line and line != text and "{" not in line, (text, line)
                    if lang == "ru":
                        assert CYRILLIC.search(line), line
                    seen.add(text.split()[0])
            if "chance" in step:
                state.apply_chance(step["chance"])
            else:
                state.apply(state.text_to_action(step["action"]))
    assert seen >= {"place", "draw", "message", "travel", "reveal", "stop"}, seen


def test_menu_lines_of_the_other_steps_in_russian():
    view = scenario("iwan").replay().view(0)
    view = {**view, "next_colour": "purple"}
    assert GAME.describe_action(view, "extra", "ru") == \
        "взять свободный цвет (фиолетовый) новой стопкой"
    for text in ("end", "decline", "pass", "bribe"):
        assert CYRILLIC.search(GAME.describe_action(view, text, "ru"))


def test_terminal_table_in_russian():
    console = Console(width=160, record=True, color_system=None)
    console.print(GAME.render_text(scenario("iwan").replay().view(0), "ru"))
    out = console.export_text()
    for word in ("Стража дворца", "над Масловым двором (пропуск)", "Луга", "Болото", "ЗАКРЫТО",
                 "Игроки", "p1 (вы)", "Ка красный ✉p1", "вы освобождаете трактир «Иван»",
                 "Трактир «Иван»", "Таёжная таверна"):
        assert word in out, word


def test_the_fourth_forest_inn_has_a_name_not_a_code():
    """The board's invented fourth forest inn (``FOREST-4`` in the rules' data) reads as a
    name in both languages, in the log and on the board picture."""
    event = {"e": "place", "seat": 1, "courier": "green lady", "inn": "FOREST-4",
             "from": "display"}
    english = GAME.describe_event(event, "en", None, NAMES)
    assert english == "Boris places the green Lady (from the display) into FOREST LODGE"
    assert GAME.describe_event(event, "ru", None, NAMES) == \
        "Boris ставит зелёную даму (из запаса) в трактир «Лесной»"
    view = scenario("iwan").replay().view(None)
    for lang, name in (("en", "FOREST LODGE"), ("ru", "Лесной")):
        picture = GAME.render_svg(view, lang)
        assert name in picture and "FOREST-4" not in picture, lang
