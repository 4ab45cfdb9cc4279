"""Log lines and menu lines in English and Russian, for the viewer and for other seats."""

from __future__ import annotations

import random

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import play_match
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.text import LANGUAGES, count, phrases

from .helpers import act, play
from .test_messengers import road_five

NAMES = ["Anna", "Boris", "Vera"]


def line(state, kind, lang, viewer, names=None, nth=-1):
    found = [e for e in state.log if e["type"] == kind]
    return GAME.describe_event(found[nth], lang, viewer, names)


def test_the_viewer_reads_the_second_person_and_others_their_names():
    state = play(["J"], ["place J 1,0 r90"])
    assert line(state, "place", "en", 0) == "You place J at 1,0 r90"
    assert line(state, "place", "en", 1, NAMES) == "Anna places J at 1,0 r90"
    assert line(state, "place", "en", None) == "p1 places J at 1,0 r90"
    assert line(state, "place", "ru", 0) == "Вы кладёте J на 1,0 r90"
    assert line(state, "place", "ru", 1, NAMES) == "Anna кладёт J на 1,0 r90"
    assert line(state, "draw", "ru", 1) == "p1 берёт плитку J"
    assert line(state, "draw", "en", 0) == "You draw tile J"


def test_a_completed_road_its_figure_and_message_in_both_languages():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    assert line(state, "score", "en", 0) == (
        "road at -1,0 (5 tiles) -> 5 points to you [completed road: 1 per tile]")
    assert line(state, "score", "ru", 1, NAMES) == (
        "дорога у -1,0 (5 плиток) → 5 очков: Anna [завершённая дорога: 1 за плитку]")
    assert line(state, "figure", "en", 0) == (
        "You move the meeple 5 points for the road at -1,0 to 5 (forced)")
    assert line(state, "figure", "ru", 0) == (
        "Вы передвигаете счётную фишку на 5 очков за дорогу у -1,0 — до 5 "
        "(единственный вариант)")
    assert line(state, "figure", "ru", 1) == (
        "p1 передвигает счётную фишку на 5 очков за дорогу у -1,0 — до 5 "
        "(единственный вариант)")
    assert line(state, "trigger", "ru", 0) == "Вы на тёмном поле (счётная фишка): послание"
    assert line(state, "message", "en", 1, NAMES) == "Anna draws message 6 (2 per knight)"
    assert line(state, "message", "ru", 0) == "Вы тянете послание 6 («по 2 очка за рыцаря»)"
    act(state, "message seal", "figure messenger")
    assert line(state, "message_result", "en", 0) == "You take the seal of message 6: 2 points"
    assert line(state, "message_result", "ru", 1) == "p1 берёт печать послания 6: 2 очка"
    assert line(state, "figure", "ru", 0) == (
        "Вы передвигаете гонца на 2 очка за послание 6 — до 2")


def test_follower_lines_name_the_follower_in_the_right_case():
    state = play(["U"], ["place U 1,0 r90", "farmer 1"], players=3)
    assert line(state, "follower", "en", 0) == "You put a farmer 1 on 1,0"
    assert line(state, "follower", "ru", 0) == "Вы ставите крестьянина 1 на 1,0"
    assert line(state, "follower", "ru", 2, NAMES) == "Anna ставит крестьянина 1 на 1,0"


def test_russian_plurals():
    assert [count(n, "point", "ru") for n in (1, 2, 5, 11, 21, 22, 25, 112)] == [
        "1 очко", "2 очка", "5 очков", "11 очков", "21 очко", "22 очка", "25 очков",
        "112 очков"]
    assert [count(n, "tile", "en") for n in (1, 2)] == ["1 tile", "2 tiles"]


def test_menu_lines_in_both_languages():
    state = play(["J"], [])
    view = state.view(0)
    assert GAME.describe_action(view, "place J 1,0 r90", "ru") == \
        "Положить плитку J на 1,0, повернув на 90° по часовой стрелке"
    act(state, "place J 1,0 r90")
    view = state.view(0)
    assert GAME.describe_action(view, "knight 1", "ru") == \
        "Поставить рыцаря на город (В) плитки 1,0"
    assert GAME.describe_action(view, "pass", "ru") == "Не ставить подданного"
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    view = state.view(0)
    assert GAME.describe_action(view, "message action", "ru") == \
        "Выполнить послание 6: по 2 очка за рыцаря"
    assert GAME.describe_action(view, "message seal", "en") == "Take the seal: 2 points"


def test_the_catalogues_have_the_same_phrases():
    def keys(data, prefix=""):
        out = set()
        for key, value in data.items():
            if key in ("doc", "rules"):
                continue
            out.add(prefix + key)
            if isinstance(value, dict):
                out |= keys(value, prefix + key + ".")
        return out

    assert keys(phrases("en")) == keys(phrases("ru"))
    assert phrases("xx") is phrases("en"), "an unknown language reads English"


def finished(seed, preset, players=3):
    config = GAME.configure(players, preset)
    agents = [RandomAgent(GAME, config, s, random.Random(seed + s)) for s in range(players)]
    return play_match(GAME, config, agents, seed=seed).state


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_of_whole_matches_reads_as_a_sentence(lang):
    messages = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    act(messages, "message seal", "figure messenger")
    kinds = set()
    states = [finished(seed, preset) for seed, preset in
              ((1, "c3"), (2, "zmg_c2"), (3, "base"), (4, "c3_1"))]
    for state in [messages, *states]:
        for event in state.log:
            for viewer in (None, 0, 1):
                text = GAME.describe_event(event, lang, viewer, NAMES)
                assert "{" not in text and "'type'" not in text, text
            kinds.add(event["type"])
    assert {"draw", "place", "follower", "no_follower", "score", "figure", "message",
            "message_result", "merge", "final", "end"} <= kinds


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_menu_line_of_a_match_is_described(lang):
    config = GAME.configure(2, "c3")
    state = GAME.new_state(config)
    rng = random.Random(7)
    seen = set()
    while not state.is_terminal():
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        view = state.view(state.current_player())
        for text in view["legal"]:
            described = GAME.describe_action(view, text, lang)
            assert described != text and "{" not in described, text
            seen.add(text.split()[0])
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    view = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8]).view(0)
    for text in view["legal"]:
        assert GAME.describe_action(view, text, lang) != text
    assert {"place", "pass"} <= seen


def test_the_terminal_picture_in_russian():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    text = GAME.render_text(state.view(0), "ru")
    assert "p1 жёлтый" in text and "гонец" in text
    assert "Стопка: 66 плиток" in text and "Ход за p1: послание" in text


RARE = [
    ({"type": "chain", "player": 0, "draw": True},
     "You draw another message", "p1 тянет ещё одно послание"),
    ({"type": "chain", "player": 0, "draw": False},
     "You stop the chain", "p1 останавливает цепочку"),
    ({"type": "under", "player": 0, "tile": "W"},
     "You put unplaceable tile W under the pile",
     "p1 кладёт плитку W под низ стопки: её некуда положить"),
    ({"type": "discard", "player": 0, "tile": "W"},
     "You discard unplaceable tile W", "p1 сбрасывает плитку W: её некуда положить"),
    ({"type": "discard_rest", "tiles": ["A", "X"]},
     "no remaining tile fits: A X leave the game",
     "ни одна оставшаяся плитка не подходит: A X выходят из игры"),
    ({"type": "extra_failed", "player": 0},
     "The pile ran out: message 4 gives you nothing",
     "Стопка кончилась: послание 4 ничего не даёт игроку p1"),
    ({"type": "message_result", "player": 0, "number": 8, "option": "action", "points": 1},
     "You carry out message 8: 1 point", "p1 выполняет послание 8: 1 очко"),
    ({"type": "draw", "player": 0, "tile": "K", "part": "extra"},
     "You draw tile K for message 4", "p1 берёт плитку K по посланию 4"),
]


@pytest.mark.parametrize("event,you_en,other_ru", RARE)
def test_rare_events(event, you_en, other_ru):
    assert GAME.describe_event(event, "en", 0) == you_en
    assert GAME.describe_event(event, "ru", 1) == other_ru


def test_the_russian_picture_names_followers_in_the_nominative():
    state = play(["U"], ["place U 1,0 r90", "farmer 1"])
    text = GAME.render_text(state.view(1), "ru")
    assert "Подданные на карте: p1 крестьянин 1 на 1,0" in text
    assert "Followers on the map: p1 farmer 1 at 1,0" in GAME.render_text(state.view(1))
