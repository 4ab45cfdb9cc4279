"""The web page's side of Carcassonne: click steps, their labels, prompts, the score table,
the panels and the pictures' keys and previews, in English and Russian, from views of every
kind of decision."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import cache

from gonets.core import CHANCE
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.rules.tiles import MONASTERY, TILE_TYPES
from gonets.games.carcassonne.svg.board import _label_grid, anchors, tile_art
from gonets.games.carcassonne.text import phrases

from .helpers import act, play
from .test_messengers import road_five

LANGS = ("en", "ru")
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
KEY = re.compile(r"^[~a-z]+:[^\s/|]+$")
INTERNAL = re.compile(r"\b(cell|spot|figure|recall|message|chain):|~rot|\{|\}|None|p\d\b")
NS = "{http://www.w3.org/2000/svg}"
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dana", "Egor"]


def random_states(seed: int, preset: str, players: int, every: int = 3):
    """States met in one random match (every ``every``-th decision, and every decision that
    is not a placement or a follower)."""
    config = GAME.configure(players, preset)
    state = GAME.new_state(config)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_chance(state.sample_chance(rng))
            continue
        if decisions % every == 0 or state.phase not in ("place", "follower"):
            yield state.clone()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    yield state


@cache
def sampled() -> tuple:
    """Views of every phase: random matches under several presets and player counts, the
    message-8 recall and the figure question from scenarios, and a finished match."""
    states = []
    for seed, preset, players in ((1, "c3", 2), (2, "zmg_c2", 3), (3, "c3_1", 4),
                                  (4, "base", 2), (5, "c3", 5)):
        states.extend(random_states(seed, preset, players, every=4 if players < 4 else 8))
    states.append(message_eight())
    states.append(figure_question())
    return tuple(states)


def message_eight():
    state = play(["W", "U", "U", "B", "W"], ["place W -1,0 r0", "highwayman 1",
                                              "place U 1,0 r90", "pass", "place U 2,0 r90",
                                              "pass", "place B 0,-1 r0", "pass",
                                              "place W 3,0 r0", "farmer 1"],
                 messages=[8, 1, 2, 3, 4, 5, 6, 7])
    assert state.phase == "message" and state.msg == 8
    return state


def figure_question():
    state = play(["W", "V", "E", "B", "L"], ["place W -1,0 r0", "highwayman 1",
                                              "place V 1,0 r0", "pass", "place E 0,-1 r90",
                                              "knight 1", "place B 2,0 r0", "pass",
                                              "place L 1,-1 r270"])
    state.scores = [[1, 6], [0, 0]]
    act(state, "pass")
    assert state.phase == "figure"
    return state


def deciding_views():
    for state in sampled():
        if not state.is_terminal():
            yield state.view(state.current_player())


def picture_keys(svg: str) -> set[str]:
    keys = set()
    for found in re.findall(r'data-pick="([^"]*)"', svg):
        keys.update(found.split("|"))
    return keys


def all_pictures(view: dict, lang: str = "en") -> str:
    return GAME.render_svg(view, lang) + "".join(p.get("svg", "") for p in
                                                 GAME.panels(view, lang))


def test_every_phase_is_sampled():
    phases = {view["phase"] for view in deciding_views()}
    assert {"place", "follower", "figure", "message"} <= phases


def test_every_legal_action_has_unique_steps_made_of_clean_keys():
    for view in deciding_views():
        paths = [tuple(GAME.action_steps(view, text)) for text in view["legal"]]
        assert len(set(paths)) == len(paths), view["legal"]
        for path in paths:
            assert all(KEY.match(key) for key in path), path
        for text, path in zip(view["legal"], paths):
            if text.startswith("place "):
                assert path[0].startswith("cell:") and path[1].startswith("~rot:")
            else:
                assert len(path) == 1


def test_every_key_is_labelled_and_every_family_prompted_in_both_languages():
    for view in deciding_views():
        view = {**view, "names": NAMES[:view["players"]]}     # as the page gives them
        keys = {key for text in view["legal"] for key in GAME.action_steps(view, text)}
        for lang in LANGS:
            for key in keys:
                label = GAME.describe_step(view, key, lang)
                assert label and label != key and not INTERNAL.search(label), (key, label)
                assert bool(CYRILLIC.search(label)) == (lang == "ru"), (key, label)
            for family in {key.split(":")[0] for key in keys}:
                sentence = GAME.prompt(view, family, lang)
                assert sentence and not INTERNAL.search(sentence), (family, sentence)
                assert bool(CYRILLIC.search(sentence)) == (lang == "ru"), sentence


def test_the_pictures_carry_exactly_the_keys_that_continue_a_legal_action():
    buttons = {"spot:none", "message:action", "message:seal", "chain:draw", "chain:stop"}
    for view in deciding_views():
        keys = {key for text in view["legal"] for key in GAME.action_steps(view, text)}
        carried = picture_keys(all_pictures(view))
        assert carried <= keys
        firsts = {GAME.action_steps(view, text)[0] for text in view["legal"]}
        assert firsts - carried <= buttons, firsts - carried


def test_others_and_spectators_get_no_clickable_keys():
    for state in sampled():
        deciding = state.current_player()
        for seat in (None, *range(state.n)):
            if seat != deciding:
                assert not picture_keys(all_pictures(state.view(seat)))


def test_each_placement_has_one_rotated_preview_on_the_map_and_one_in_the_hand_panel():
    for view in deciding_views():
        if view["phase"] != "place":
            continue
        board = GAME.render_svg(view)
        hand = GAME.panels(view)[0]["svg"]
        for text in view["legal"]:
            cell, rot = GAME.action_steps(view, text)
            show = f'data-show="{cell}/{rot}"'
            assert board.count(show) == 1 and hand.count(show) == 1, text
            deg = rot.split(":")[1]
            assert re.search(rf'<use href="#ccb-h{deg}" [^>]*{re.escape(show)}', board)
            assert f'<symbol id="ccb-h{deg}"' in board and f'<symbol id="cch-h{deg}"' in hand
        assert board.count("data-show=") == len(view["legal"])
        assert 'style="display:none"' in board


def test_the_previews_turn_the_tile_as_the_placement_does():
    view = play(["J"], []).view(0)
    board = GAME.render_svg(view)
    degrees = {int(t.split()[-1][1:]) for t in view["legal"]}
    assert len(degrees) > 1
    for deg in degrees:
        symbol = re.search(rf'<symbol id="ccb-h{deg}" [^>]*>(.*?)</symbol>', board)
        assert symbol.group(1) == tile_art("J", deg // 90, 60)


def test_follower_spots_lie_on_the_placed_tile_on_the_map_and_in_the_panel():
    state = play(["J"], ["place J 1,0 r90"])
    view = state.view(0)
    board = GAME.render_svg(view)
    panel = next(p for p in GAME.panels(view) if p.get("svg") and "spot:" in p["svg"])
    for text in view["legal"]:
        key = GAME.action_steps(view, text)[0]
        if key == "spot:none":
            continue
        assert board.count(f'data-pick="{key}"') == 1 and panel["svg"].count(
            f'data-pick="{key}"') == 1
    spots = re.findall(r'data-pick="spot:[^"]*" class="cc-spot"><circle cx="([\d.]+)" '
                       r'cy="([\d.]+)" r="([\d.]+)"', panel["svg"])
    assert len(spots) == 4
    for x, y, r in spots:
        assert float(r) >= 18, "a spot in the panel is big enough for a finger"
        for x2, y2, _ in spots:
            if (x, y) != (x2, y2):
                assert (float(x) - float(x2)) ** 2 + (float(y) - float(y2)) ** 2 > 24 ** 2


def test_followers_stand_inside_their_own_segment_on_every_tile():
    for letter, kind in TILE_TYPES.items():
        for rot in range(4):
            grid = _label_grid(letter, rot)
            for index, (x, y) in enumerate(anchors(letter, rot)):
                if kind.rotations[rot].segments[index].kind == MONASTERY:
                    continue
                assert grid[int(y * len(grid))][int(x * len(grid))] == index, (letter, rot)


def test_message_eight_followers_are_clicked_on_the_map_and_in_the_panel():
    view = message_eight().view(0)
    assert "recall 3,0 farmer 1" in view["legal"]
    keys = picture_keys(GAME.render_svg(view))
    assert keys == {"recall:3,0,farmer-1"}
    panel = next(p for p in GAME.panels(view, "ru") if p["title"].startswith("Послание 8"))
    assert picture_keys(panel["svg"]) == {"recall:3,0,farmer-1"}
    assert ">крестьянин</text>" in panel["svg"]
    assert "<title>Послание 8: подсчитать и вернуть вашего крестьянина на поле с северной " \
        "стороны (в 3 плитках к востоку от стартовой плитки)</title>" in panel["svg"]
    assert GAME.prompt(view, "message", "en").startswith("Message 8: click one of your")


def test_the_figure_question_is_two_big_buttons_and_the_figures_on_the_track():
    view = figure_question().view(0)
    track = next(p for p in GAME.panels(view) if p["title"] == "Scoring track")["svg"]
    assert picture_keys(track) == {"figure:meeple", "figure:messenger"}
    assert track.count('class="cc-choice"') == 2
    assert "1 → 5 ★" in track and "6 → 10 ★" in track
    assert GAME.prompt(view, "figure", "en") == \
        "4 points for the road: click the figure that takes them"


def test_scoreboard_shows_the_real_scores():
    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    act(state, "message seal", "figure messenger")
    view = state.view(1)
    board = GAME.scoreboard(view, "en")
    assert board["columns"] == ["colour", "points (meeple + messenger)", "followers"]
    assert board["rows"] == [["yellow", "7 (5 + 2)", 7], ["red", "0 (0 + 0)", 7]]
    assert GAME.scoreboard(view, "ru")["columns"] == ["цвет", "очки (фишка + гонец)",
                                                      "подданные"]
    base = play(["U"], ["place U 1,0 r90", "farmer 1"], preset="base").view(None)
    assert GAME.scoreboard(base, "en") == {"columns": ["colour", "points", "followers"],
                                           "rows": [["yellow", 0, 6], ["red", 0, 7]]}
    for state in sampled():
        view = state.view(None)
        table = GAME.scoreboard(view, "en")
        assert len(table["rows"]) == view["players"]
        for row, pair, supply in zip(table["rows"], view["scores"], view["supply"]):
            assert len(row) == len(table["columns"])
            assert str(row[1]).split()[0] == str(sum(pair)) and row[-1] == supply


def test_panels_read_well_in_both_languages():
    for view in deciding_views():
        for lang in LANGS:
            for panel in GAME.panels(view, lang):
                texts = [panel["title"]] + [
                    " ".join(str(part) for part in line) if isinstance(line, list) else line
                    for line in panel["lines"]]
                for text in texts:
                    assert text and not INTERNAL.search(text), text
                assert bool(CYRILLIC.search(panel["title"])) == (lang == "ru")


def test_pictures_are_well_formed_and_their_words_readable():
    for view in list(deciding_views())[::5]:
        board = GAME.render_svg(view, "ru")
        root = ET.fromstring(board)
        assert root.get("data-zoom") == "on" and root.get("data-unit") == "60"
        assert root.get("data-min-unit") == "48" and root.get("viewBox")
        assert not list(root.iter(f"{NS}text")), "no words on the zooming map"
        still = ET.fromstring(GAME.render_still(view, "ru"))
        summary = still.find(f"{NS}g[@class='cc-summary']")
        assert set(still.iter(f"{NS}text")) == set(summary.iter(f"{NS}text")), \
            "a still picture's words are its summary under the map"
        for panel in GAME.panels(view, "ru"):
            if "svg" not in panel:
                continue
            picture = ET.fromstring(panel["svg"])
            assert picture.get("viewBox").split()[2] == "300"
            for text in picture.iter(f"{NS}text"):
                size = float(text.get("font-size") or picture.get("font-size"))
                assert size >= 11, ET.tostring(text)


def test_two_worlds_of_one_view_give_the_same_page():
    """Nothing hidden (the pile's order, the unseen messages) reaches what a seat reads."""
    for state in list(sampled())[::7]:
        if state.is_terminal():
            continue
        seat = state.current_player()
        view = state.view(seat)
        worlds = [GAME.sample_world(view, random.Random(seed)) for seed in (1, 2)]
        assert worlds[0].pile != worlds[1].pile or len(worlds[0].pile) < 2
        pages = []
        for world in worlds:
            seen = world.view(seat)
            keys = sorted({k for t in seen["legal"] for k in GAME.action_steps(seen, t)})
            pages.append((GAME.render_svg(seen, "ru"), GAME.panels(seen, "ru"),
                          GAME.scoreboard(seen, "ru"),
                          [GAME.describe_step(seen, k, "ru") for k in keys],
                          [GAME.prompt(seen, k.split(":")[0], "ru") for k in keys]))
        assert pages[0] == pages[1]


def test_the_help_exists_in_both_languages():
    assert "## The Messengers" in GAME.help("en")
    assert "## Гонцы" in GAME.help("ru") and "Повернуть" in GAME.help("ru")


def test_the_end_shows_where_every_total_came_from():
    final = sampled()[-3]
    assert final.is_terminal()
    view = final.view(0)
    popup, panel = GAME.panels(view, "en")[:2]
    assert popup["popup"] == "final" and "popup" not in panel
    assert popup["lines"] == panel["lines"] and popup["title"] == "Final scoring"
    finals = [e for e in view["log"] if e["type"] == "final"]
    for seat, (colour, text) in enumerate(panel["lines"]):
        assert colour == ["yellow", "red", "green", "blue", "black", "grey"][seat]
        total = view["totals"][seat]
        assert str(text).startswith(str(total))
        named = [int(n) for n in re.findall(r"(\d+)", str(text))[1:]]
        assert sum(named) == total
        mine = sum(e["points"] for e in finals if seat in e["holders"])
        assert mine <= total
    assert GAME.panels(view, "ru")[0]["title"] == "Итоговый подсчёт"


def test_both_catalogues_hold_the_same_web_phrases():
    def shape(value):
        if isinstance(value, dict):
            return {key: shape(item) for key, item in value.items()}
        if isinstance(value, list):
            return len(value)
        return re.findall(r"\{(\w+)\}", value)

    assert shape(phrases("en")["web"]) == shape(phrases("ru")["web"])


def test_the_tile_in_hand_names_its_player_when_the_page_knows_the_names():
    state = play(["J"], [])
    other = state.view(1)
    assert GAME.panels(other, "en")[0]["title"] == "Tile of yellow"
    named = {**other, "names": ["Anna", "Boris"]}
    assert GAME.panels(named, "en")[0]["title"] == "Tile of Anna (yellow)"
    assert GAME.panels(named, "ru")[0]["title"] == "Плитка игрока Anna (жёлтый)"
    mine = GAME.panels({**state.view(0), "names": ["Anna", "Boris"]}, "en")[0]
    assert mine["title"] == "Your tile"
    assert mine["lines"][0] == "A tile with a city and a road", "the tile said in words"
    assert GAME.panels(named, "ru")[0]["lines"][0] == "Плитка с городом и дорогой"
