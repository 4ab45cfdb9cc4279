"""The log in words: whole matches read as a player at the table would say them (no board
coordinates, tile letters, rotation codes, rule numbers or blank lines, in English and
Russian), the placement describer, and the end: totals by name and by source, the score
marker's laps, the whole map."""

from __future__ import annotations

import re
from functools import cache

import pytest

from gonets.agents import make_agent
from gonets.core import play_match
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.rules.tiles import LETTERS
from gonets.games.carcassonne.svg import render_svg, track_svg
from gonets.games.carcassonne.text import panels, points_by_source
from gonets.games.carcassonne.text.log import (
    START,
    Landmark,
    Surroundings,
    direction,
    locate,
    placement_phrase,
    tile_features,
)
from gonets.server.frames import LogLines

from .helpers import play

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
COORDINATES = re.compile(r"-?\d+ ?, ?-?\d+")
TILE_LETTER = re.compile(r"\b[A-X]\b")
ROTATION = re.compile(r"\br\d+\b")
RULE_NUMBER = re.compile(r"§|\b\d+\.\d+(\.\d+)*\b|\bM\d+\b|\(\d+\.\d+")
RAW = re.compile(r"[{}\[\]]|'type'|None")
MATCHES = [  # (preset, players, seed, options): each Messengers variant, the base game, and
    # the legacy switches whose events differ (farms city by city, tiles under the pile)
    ("c3", 2, 1, {}), ("c3", 4, 2, {}), ("c3_1", 3, 3, {}), ("hig_c2", 2, 4, {}),
    ("zmg_c2", 3, 5, {}), ("base", 2, 6, {}), ("base", 3, 7, {"farm_scoring": "city_4"}),
    ("c3", 2, 8, {"unplaceable": "bottom", "farm_scoring": "city_3",
                  "tiny_city_scoring": True}),
]


@cache
def finished(preset: str, players: int, seed: int, options: tuple = ()):
    """A whole match of heuristic bots (random ones at odd seeds, for their odd moves)."""
    config = GAME.configure(players, preset, dict(options))
    agent = "heuristic" if seed % 2 == 0 else "random"
    agents = [make_agent(agent, GAME, config, s, seed * 10 + s) for s in range(players)]
    return play_match(GAME, config, agents, seed=seed).state


def match_states():
    for preset, players, seed, options in MATCHES:
        yield finished(preset, players, seed, tuple(sorted(options.items())))


def wrong(line: str) -> str | None:
    """What a log line must never hold, or None."""
    if not line.strip():
        return "a blank line"
    for name, pattern in (("board coordinates", COORDINATES), ("a tile letter", TILE_LETTER),
                          ("a rotation code", ROTATION), ("a rule number", RULE_NUMBER),
                          ("raw data", RAW)):
        if pattern.search(line):
            return name
    return None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_whole_matches_read_in_words(lang):
    kinds = set()
    for state in match_states():
        players = state.config.players
        log = state.view(None)["log"]
        kinds |= {event["type"] for event in log}
        for viewer in (None, *range(players)):
            for names in (NAMES[:players], None):
                lines = GAME.describe_log(log, lang, viewer, names)
                alone = [GAME.describe_event(event, lang, viewer, names) for event in log]
                assert len(lines) == len(log)
                for text in lines + alone:
                    assert wrong(text) is None, f"{wrong(text)}: {text!r}"
        if lang == "ru":
            for text in GAME.describe_log(log, lang, 0, NAMES[:players]):
                assert re.search("[а-яё]", text, re.IGNORECASE), text
    assert {"draw", "place", "follower", "no_follower", "score", "figure", "trigger",
            "message", "message_result", "chain", "merge", "final", "end"} <= kinds


def test_the_log_names_players_and_what_they_scored():
    state = finished("c3", 2, 1)
    lines = GAME.describe_log(state.log, "en", None, ["Anna", "Boris"])
    scores = [text for event, text in zip(state.log, lines) if event["type"] == "score"]
    assert scores and all(re.match(r"(Anna|Boris|Anna and Boris) scores? \d+ points? "
                                   r"(each )?for a finished (road|city|monastery)", text)
                          for text in scores), scores
    assert lines[-1].startswith("Game over: Anna ") and ", Boris " in lines[-1]


def test_the_page_describes_the_log_as_a_whole_frame_after_frame():
    """The server's lines, described a few events at a time, are the lines of the whole log
    (a line points at a monastery laid frames earlier)."""
    log = finished("c3", 4, 2).view(None)["log"]
    lines = LogLines(GAME, "en", 1, NAMES)
    for end in range(0, len(log) + 1, 7):
        lines.describe(log[:end])
    assert lines.describe(log) == GAME.describe_log(log, "en", 1, NAMES)
    assert any("monastery" in text and " of " in text and "start tile" not in text
               for text in lines.lines), "some line points at a monastery"


# -- the placement describer ------------------------------------------------------------------
def test_directions_are_the_eight_compass_points():
    assert [direction(dx, dy) for dx, dy in ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0),
                                             (-1, -1), (0, -1), (1, -1))] == list(range(8))
    assert direction(3, 1) == 0 and direction(2, 1) == 1 and direction(-1, -5) == 6


@pytest.mark.parametrize("x,y,english,russian", [
    (0, 0, "on the start tile", "на стартовой плитке"),
    (1, 0, "next to the start tile, on the east side",
     "рядом со стартовой плиткой, с восточной стороны"),
    (0, -1, "next to the start tile, on the south side",
     "рядом со стартовой плиткой, с южной стороны"),
    (-1, 1, "diagonally north-west of the start tile",
     "по диагонали к северо-западу от стартовой плитки"),
    (0, -3, "3 tiles south of the start tile", "в 3 плитках к югу от стартовой плитки"),
    (3, 1, "3 tiles east and 1 tile north of the start tile",
     "в 3 плитках к востоку и в 1 плитке к северу от стартовой плитки"),
    (2, 1, "2 tiles east and 1 tile north of the start tile",      # not "north-east": (2, 2)
     "в 2 плитках к востоку и в 1 плитке к северу от стартовой плитки"),
    (-2, -2, "2 tiles south-west of the start tile",
     "в 2 плитках к юго-западу от стартовой плитки"),
    (21, 0, "21 tiles east of the start tile", "в 21 плитке к востоку от стартовой плитки"),
])
def test_a_place_from_the_start_tile(x, y, english, russian):
    assert placement_phrase(x, y, "en") == english
    assert placement_phrase(x, y, "ru") == russian


def test_a_place_from_the_nearest_monastery():
    boris = Landmark("monastery", 4, 0, owner=1)
    anna = Landmark("monastery", -3, 3, owner=0)
    marks = [START, boris, anna]
    assert placement_phrase(5, 1, "en", None, NAMES, marks) == \
        "diagonally north-east of Boris's monastery"
    assert placement_phrase(5, 1, "en", 1, NAMES, marks) == \
        "diagonally north-east of your monastery"
    assert placement_phrase(5, 1, "ru", None, NAMES, marks) == \
        "по диагонали к северо-востоку от монастыря игрока Boris"
    assert placement_phrase(4, -1, "ru", 1, NAMES, marks) == \
        "рядом с вашим монастырём, с южной стороны"
    assert placement_phrase(-3, 5, "ru", None, NAMES, marks) == \
        "в 2 плитках к северу от монастыря игрока Anna"
    assert placement_phrase(-3, 5, "en", None, None, marks) == "2 tiles north of p1's monastery"
    # equally far (in king's moves and in steps): the start tile, listed first, wins
    assert locate(2, 0, marks) == locate(2, 0)
    # as far in king's moves: fewer steps along rows and columns win
    assert locate(3, 1, marks).landmark == boris
    # a monastery is never its own landmark
    assert placement_phrase(4, 0, "en", None, NAMES, marks) == "4 tiles east of the start tile"
    assert locate(0, 0, marks).distance == 0


def test_the_log_gathers_monasteries_as_it_goes():
    events = [{"type": "place", "player": 1, "tile": "B", "x": 0, "y": -3, "rot": 0},
              {"type": "place", "player": 0, "tile": "U", "x": 1, "y": -3, "rot": 90}]
    lines = GAME.describe_log(events, "en", None, NAMES)
    assert lines == ["Boris places a tile with a monastery 3 tiles south of the start tile",
                     "Anna places a tile with a road next to Boris's monastery, "
                     "on the east side"]
    assert GAME.describe_log(events, "en", None, NAMES, start=1) == lines[1:]
    assert GAME.describe_event(events[1], "en", None, NAMES) == \
        "Anna places a tile with a road 3 tiles south and 1 tile east of the start tile"
    around = Surroundings()
    for event in events:
        around.see(event)
    assert around.landmarks == [START, Landmark("monastery", 0, -3, 1)]
    assert around.tiles[(1, -3)] == ("U", 1)


def test_every_tile_is_described_by_what_is_on_it():
    described = {letter: tuple(tile_features(letter)) for letter in LETTERS}
    assert described["A"] == ("monastery", "road") and described["B"] == ("monastery",)
    assert described["C"] == ("city", "arms") and described["H"] == ("cities_2",)
    assert described["L"] == ("city", "junction_3") and described["X"] == ("crossroads_4",)
    assert all(described.values())


# -- the end ------------------------------------------------------------------------------------
@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_every_point_is_put_down_to_a_source(index):
    preset, players, seed, options = MATCHES[index]
    view = finished(preset, players, seed, tuple(sorted(options.items()))).view(None)
    for seat, part in enumerate(points_by_source(view)):
        assert "other" not in part, part
        assert sum(part.values()) == view["totals"][seat]


def test_the_final_panel_names_players_and_their_points_by_source():
    view = {**finished("c3", 2, 1).view(None), "names": ["Anna", "Boris"]}
    final = panels(view, "en")[1]
    assert final["title"] == "Final scoring"
    for seat, (who, text) in enumerate(final["lines"]):
        assert who == ["Anna (yellow)", "Boris (red)"][seat]
        total = view["totals"][seat]
        assert str(text).startswith(f"{total} (")
        assert sum(int(n) for n in re.findall(r"\b(\d+)\b", str(text))[1:]) == total
    words = " ".join(str(text) for _, text in final["lines"])
    assert "roads" in words and "during play" not in words
    russian = panels(view, "ru")[1]
    assert russian["lines"][0][0] == "Anna (жёлтый)" and "дороги" in str(russian["lines"][0][1])


def test_the_score_marker_shows_its_laps():
    state = play([], [], preset="base")
    state.scores = [[113, 0], [37, 0]]
    view = {**state.view(None), "names": ["Anna", "Boris"]}
    track = track_svg(view, "en")
    assert "Anna: 113 = 13 + 100" in track and 'data-lap="p1 meeple"' in track
    assert "Boris:" not in track, "no lap marker below space 50"
    state = play([], [], preset="c3")
    state.scores = [[60, 51], [3, 4]]
    track = track_svg(state.view(None), "ru")
    assert "жёлтый: 60 = 10 + 50" in track and "жёлтый: 51 = 1 + 50" in track
    assert 'data-lap="p1 messenger"' in track


def test_the_finished_map_fits_whole():
    state = finished("c3", 2, 1)
    assert 'data-min-unit="48"' not in render_svg(state.view(None))
    assert 'data-min-scale="0.01"' in render_svg(state.view(None))
    assert 'data-min-unit="48"' in render_svg(play(["J"], []).view(0))


def test_a_long_name_on_a_lap_marker_is_shortened():
    state = play([], [], preset="base")
    state.scores = [[75, 0], [0, 0]]
    long_name = "Konstantin Konstantinopolsky the Third"
    track = track_svg({**state.view(None), "names": [long_name, "Boris"]}, "en")
    assert "Konstantin Konstantinop…: 75 = 25 + 50" in track and long_name not in track
