"""The scoring track in both pictures: every figure of every player and the dark spaces."""

from __future__ import annotations

import re

from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.svg import track_svg

from .helpers import act, play
from .test_messengers import road_five

FIGURE = re.compile(r'data-figure="p(\d) (meeple|messenger)" data-total="(\d+)"')


def track_figures(svg: str) -> dict[tuple[int, str], int]:
    return {(int(p), fig): int(total) for p, fig, total in FIGURE.findall(svg)}


def dark_spaces(svg: str) -> list[int]:
    return [int(s) for s in re.findall(r'fill="#4a4a4a" stroke="#8a7a55" data-space="(\d+)"',
                                       svg)]


def table_with_scores(scores, preset="c3", players=3):
    state = play(["U"], [], players=players, preset=preset)
    state.scores = [list(pair) for pair in scores]
    return state


def test_svg_track_draws_both_figures_of_every_player_and_the_dark_spaces():
    state = table_with_scores([[5, 2], [57, 0], [13, 100]])
    svg = track_svg(state.view(None), "en")
    assert track_figures(svg) == {(1, "meeple"): 5, (1, "messenger"): 2, (2, "meeple"): 57,
                                  (2, "messenger"): 0, (3, "meeple"): 13,
                                  (3, "messenger"): 100}
    assert dark_spaces(svg) == list(range(0, 50, 5))
    assert len(re.findall(r'data-space="\d+"', svg)) == 50
    assert "red scoring meeple: 57 points, space 7, lap 2" in svg
    assert "green messenger: 100 points, space 0 (dark), lap 3" in svg
    assert "зелёный: гонец — 100 очк., поле 0 (тёмное), круг 3" in track_svg(
        state.view(None), "ru")


def test_svg_track_places_each_figure_on_its_space():
    state = table_with_scores([[5, 2], [57, 0], [13, 49]])
    svg = track_svg(state.view(None), "en")
    spaces = {int(s): (float(x), float(y)) for x, y, s in re.findall(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="28" height="44" rx="3" fill="#[0-9a-f]+" '
        r'stroke="#8a7a55" data-space="(\d+)"', svg)}
    assert len(spaces) == 50
    found = re.findall(r'<g data-figure="p(\d) (\w+)" data-total="(\d+)"[^>]*>(?:<title>[^<]*'
                       r'</title>)?(?:<circle[^>]*/>)?<path d="[^"]*" transform="translate\('
                       r'([\d.]+),([\d.]+)\)', svg)
    assert len(found) == 6
    for _player, _figure, total, x, y in found:
        sx, sy = spaces[int(total) % 50]
        assert sx <= float(x) <= sx + 28 and sy <= float(y) <= sy + 44, (total, x, y)


def test_svg_track_after_the_merge_and_in_the_base_game_shows_only_the_meeple():
    state = table_with_scores([[5, 2], [0, 0], [13, 10]], preset="base")
    state.scores = [[5, 0], [0, 0], [13, 0]]
    svg = track_svg(state.view(None), "en")
    assert track_figures(svg) == {(1, "meeple"): 5, (2, "meeple"): 0, (3, "meeple"): 13}
    merged = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8], extra=["E"])
    act(merged, "message seal", "figure messenger")
    merged.pile = []                 # the game ends after the next turn
    merged._finish()
    svg = track_svg(merged.view(None), "en")
    assert track_figures(svg) == {(1, "meeple"): 7, (2, "meeple"): 0}


def test_svg_track_figures_answer_the_figure_question():
    state = play(["W", "V", "E", "B", "L"], ["place W -1,0 r0", "highwayman 1",
                                              "place V 1,0 r0", "pass", "place E 0,-1 r90",
                                              "knight 1", "place B 2,0 r0", "pass",
                                              "place L 1,-1 r270"])
    state.scores = [[1, 6], [0, 0]]
    act(state, "pass")
    svg = track_svg(state.view(0), "en")
    assert re.search(r'data-figure="p1 meeple" data-total="1" [^>]*data-pick="figure:meeple"',
                     svg)
    assert re.search(r'data-figure="p1 messenger" data-total="6" [^>]*'
                     r'data-pick="figure:messenger"', svg)
    assert "the scoring meeple would land on 5 (dark)" in svg
    assert "the messenger would land on 10 (dark)" in svg
    spectator = track_svg(state.view(None), "en")
    assert 'data-pick="figure' not in spectator


def track_rows(text: str) -> dict[int, str]:
    rows = {}
    for line in text.splitlines():
        match = re.match(r"^  p(\d)    ([.:@m*]{50})  ", line)
        if match:
            rows[int(match.group(1))] = match.group(2)
    return rows


def test_terminal_track_shows_both_figures_and_the_dark_spaces():
    state = table_with_scores([[5, 2], [57, 57], [13, 100]])
    text = GAME.render_text(state.view(1))
    rows = track_rows(text)
    assert rows[1][5] == "@" and rows[1][2] == "m"
    assert rows[2][7] == "*", "both figures of p2 share space 7"
    assert rows[3][13] == "@" and rows[3][0] == "m"
    blank = rows[1].replace("@", ":").replace("m", ".")
    assert [i for i, c in enumerate(blank) if c == ":"] == list(range(0, 50, 5))
    assert "@ 57 (space 7 lap 2)" in text and "m 100 (space 0 lap 3 dark)" in text


def test_terminal_track_without_messengers_shows_the_meeple_only():
    state = table_with_scores([[12, 0], [0, 0]], preset="base", players=2)
    rows = track_rows(GAME.render_text(state.view(None)))
    assert rows[1].count("@") == 1 and rows[1][12] == "@" and "m" not in rows[1]


def test_svg_follower_on_the_map_carries_its_message_8_recall():
    state = play(["W", "U", "U", "B", "W"], ["place W -1,0 r0", "highwayman 1",
                                              "place U 1,0 r90", "pass", "place U 2,0 r90",
                                              "pass", "place B 0,-1 r0", "pass",
                                              "place W 3,0 r0", "farmer 1"],
                 messages=[8, 1, 2, 3, 4, 5, 6, 7])
    svg = GAME.render_svg(state.view(0))
    assert re.search(r'<g data-pick="recall:3,0,farmer-1" data-ref="follower:3,0,\d">', svg)


def test_terminal_shows_where_each_figure_would_land():
    state = play(["W", "V", "E", "B", "L"], ["place W -1,0 r0", "highwayman 1",
                                              "place V 1,0 r0", "pass", "place E 0,-1 r90",
                                              "knight 1", "place B 2,0 r0", "pass",
                                              "place L 1,-1 r270"])
    state.scores = [[1, 48], [0, 0]]
    act(state, "pass")
    text = GAME.render_text(state.view(0))
    assert ("p1 can move the meeple to 5 (space 5, dark) or the messenger to 52 (space 2)"
            in text)
