"""Log lines and menu lines in English and Russian, for the viewer and for other seats."""

from __future__ import annotations

import random

import pytest

from gonets.agents.base import RandomAgent
from gonets.core import play_match
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.text import LANGUAGES, count, phrases

from .helpers import act, events, play
from .test_messengers import road_five

NAMES = ["Anna", "Boris", "Vera"]


def line(state, kind, lang, viewer, names=None, nth=-1):
    """The log line of the ``nth`` event of a kind, written as the page writes it (knowing
    the events before it)."""
    lines = GAME.describe_log(state.log, lang, viewer, names)
    found = [text for event, text in zip(state.log, lines) if event["type"] == kind]
    return found[nth]


def test_the_viewer_reads_the_second_person_and_others_their_names():
    state = play(["J"], ["place J 1,0 r90"])
    assert line(state, "place", "en", 0) == (
        "You place a tile with a city and a road next to the start tile, on the east side")
    assert line(state, "place", "en", 1, NAMES) == (
        "Anna places a tile with a city and a road next to the start tile, on the east side")
    assert line(state, "place", "en", None) == (
        "p1 places a tile with a city and a road next to the start tile, on the east side")
    assert line(state, "place", "ru", 0) == (
        "Вы кладёте плитку с городом и дорогой рядом со стартовой плиткой, с восточной стороны")
    assert line(state, "place", "ru", 1, NAMES) == (
        "Anna кладёт плитку с городом и дорогой рядом со стартовой плиткой, с восточной стороны")
    assert line(state, "draw", "ru", 1) == "p1 берёт плитку с городом и дорогой"
    assert line(state, "draw", "en", 0) == "You draw a tile with a city and a road"


def test_a_completed_road_its_figure_and_message_in_both_languages():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    assert line(state, "score", "en", 0) == (
        "You score 5 points for a finished road of 5 tiles "
        "(next to the start tile, on the west side)")
    assert line(state, "score", "ru", 1, NAMES) == (
        "Anna получает 5 очков за завершённую дорогу из 5 плиток "
        "(рядом со стартовой плиткой, с западной стороны)")
    assert line(state, "figure", "en", 0) == (
        "You move the meeple 5 points for the road, to 5 (the only choice)")
    assert line(state, "figure", "ru", 0) == (
        "Вы передвигаете счётную фишку на 5 очков за дорогу — до 5 (единственный вариант)")
    assert line(state, "figure", "ru", 1) == (
        "p1 передвигает счётную фишку на 5 очков за дорогу — до 5 (единственный вариант)")
    assert line(state, "trigger", "ru", 0) == "Вы на тёмном поле (счётная фишка): послание"
    assert line(state, "message", "en", 1, NAMES) == "Anna draws message 6 (2 per knight)"
    assert line(state, "message", "ru", 0) == "Вы тянете послание 6 («по 2 очка за рыцаря»)"
    act(state, "message seal", "figure messenger")
    assert line(state, "message_result", "en", 0) == "You take the seal of message 6: 2 points"
    assert line(state, "message_result", "ru", 1) == "p1 берёт печать послания 6: 2 очка"
    assert line(state, "figure", "ru", 0) == (
        "Вы передвигаете гонца на 2 очка за послание 6 — до 2")


def test_follower_lines_name_the_follower_and_the_side_of_its_tile():
    state = play(["U"], ["place U 1,0 r90", "farmer 1"], players=3)
    assert line(state, "follower", "en", 0) == "You put a farmer in the field on the south side"
    assert line(state, "follower", "ru", 0) == "Вы ставите крестьянина на поле с южной стороны"
    assert line(state, "follower", "ru", 2, NAMES) == \
        "Anna ставит крестьянина на поле с южной стороны"
    alone = GAME.describe_event(events(state, "follower")[0], "en", 0)
    assert alone == "You put a farmer in the field", "without the log before it, no side"
    state = play(["E"], ["place E 0,1 r180", "knight 1"])
    assert line(state, "follower", "en", 1, NAMES) == "Anna puts a knight in the city"


def test_scores_shared_and_at_the_end_say_who_scores_what_and_why():
    shared = {"type": "score", "feature": "city", "x": 0, "y": 1, "segment": 1, "tiles": 4,
              "arms": 1, "followers": [1, 1, 0], "holders": [0, 1], "points": 10,
              "rule": "completed city: 2 per tile + 2 per coat of arms"}
    assert GAME.describe_event(shared, "en", 2, NAMES) == (
        "Anna and Boris score 10 points each for a finished city of 4 tiles with 1 coat of "
        "arms (next to the start tile, on the north side)")
    assert GAME.describe_event(shared, "en", 0, NAMES) == (
        "Boris and you score 10 points each for a finished city of 4 tiles with 1 coat of "
        "arms (next to the start tile, on the north side)")
    assert GAME.describe_event(shared, "ru", 1, NAMES) == (
        "Anna и вы получаете по 10 очков за завершённый город из 4 плиток с 1 гербом "
        "(рядом со стартовой плиткой, с северной стороны)")
    assert GAME.describe_event({**shared, "points": 1}, "ru", None, NAMES).startswith(
        "Anna и Boris получают по 1 очку за ")
    monastery = {"type": "final", "feature": "monastery", "x": -2, "y": 0, "segment": 1,
                 "tiles": 1, "neighbours": 5, "followers": [0, 0, 1], "holders": [2],
                 "points": 6, "rule": "incomplete monastery (2.4)"}
    assert GAME.describe_event(monastery, "en", None, NAMES) == (
        "Vera scores 6 points for an unfinished monastery with 5 neighbouring tiles "
        "(2 tiles west of the start tile)")
    assert GAME.describe_event(monastery, "ru", 2, NAMES) == (
        "Вы получаете 6 очков за незавершённый монастырь с 5 соседними плитками "
        "(в 2 плитках к западу от стартовой плитки)")
    field = {"type": "final", "feature": "field", "x": 0, "y": 0, "segment": 3, "tiles": 9,
             "cities": 3, "followers": [2, 0, 0], "holders": [0], "points": 9,
             "rule": "field: 3 per completed bordering city"}
    assert GAME.describe_event(field, "en", None, NAMES) == (
        "Anna scores 9 points for a field next to 3 finished cities (on the start tile)")
    assert GAME.describe_event({**field, "cities": 0, "points": 0}, "ru", None, NAMES) == (
        "Anna получает 0 очков за поле, рядом с которым нет завершённых городов "
        "(на стартовой плитке)")
    farm = {**field, "feature": "farm city", "tiles": 2, "fields": 1, "points": 4}
    assert GAME.describe_event(farm, "en", 0, NAMES) == (
        "You score 4 points for the farmers around a finished city of 2 tiles "
        "(on the start tile)")


def test_russian_plurals():
    assert [count(n, "point", "ru") for n in (1, 2, 5, 11, 21, 22, 25, 112)] == [
        "1 очко", "2 очка", "5 очков", "11 очков", "21 очко", "22 очка", "25 очков",
        "112 очков"]
    assert [count(n, "tile", "en") for n in (1, 2)] == ["1 tile", "2 tiles"]


def test_menu_lines_in_both_languages():
    state = play(["J"], [])
    view = state.view(0)
    assert GAME.describe_action(view, "place J 1,0 r90", "ru") == \
        "Положить плитку рядом со стартовой плиткой, с восточной стороны, повернув на " \
        "четверть вправо"
    act(state, "place J 1,0 r90")
    view = state.view(0)
    assert GAME.describe_action(view, "knight 1", "ru") == "Поставить рыцаря в город"
    assert GAME.describe_action(view, "farmer 2", "ru") == \
        "Поставить крестьянина на поле с юго-западной стороны"
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
     "You put a tile with a junction of three roads under the pile: it fits nowhere",
     "p1 кладёт плитку с развилкой трёх дорог под низ стопки: её некуда положить"),
    ({"type": "discard", "player": 0, "tile": "X"},
     "You discard a tile with a crossroads: it fits nowhere",
     "p1 сбрасывает плитку с перекрёстком: её некуда положить"),
    ({"type": "discard_rest", "tiles": ["A", "X"]},
     "None of the tiles left fits anywhere: 2 tiles leave the game",
     "Оставшиеся плитки никуда не подходят и выходят из игры (2 плитки)"),
    ({"type": "extra_failed", "player": 0},
     "The pile ran out: message 4 gives you nothing",
     "Стопка кончилась: послание 4 ничего не даёт игроку p1"),
    ({"type": "message_result", "player": 0, "number": 8, "option": "action", "points": 1},
     "You carry out message 8: 1 point", "p1 выполняет послание 8: 1 очко"),
    ({"type": "message_result", "player": 0, "number": 4, "option": "action", "points": 0},
     "You carry out message 4: an extra tile", "p1 выполняет послание 4: ещё одна плитка"),
    ({"type": "draw", "player": 0, "tile": "S", "part": "extra"},
     "You draw a tile with a city, a road and a coat of arms for message 4",
     "p1 берёт плитку с городом, дорогой и гербом по посланию 4"),
    ({"type": "draw", "player": 0, "tile": "A", "part": "main"},
     "You draw a tile with a monastery and a road", "p1 берёт плитку с монастырём и дорогой"),
    ({"type": "draw", "player": 0, "tile": "H", "part": "main"},
     "You draw a tile with two cities", "p1 берёт плитку с двумя городами"),
]


@pytest.mark.parametrize("event,you_en,other_ru", RARE)
def test_rare_events(event, you_en, other_ru):
    assert GAME.describe_event(event, "en", 0) == you_en
    assert GAME.describe_event(event, "ru", 1) == other_ru


def test_the_russian_picture_names_followers_in_the_nominative():
    state = play(["U"], ["place U 1,0 r90", "farmer 1"])
    text = GAME.render_text(state.view(1), "ru")
    assert "Подданные на карте: p1 крестьянин на поле с южной стороны (рядом со стартовой " \
        "плиткой, с восточной стороны)" in text
    assert "Followers on the map: p1 farmer in the field on the south side (next to the " \
        "start tile, on the east side)" in GAME.render_text(state.view(1))
