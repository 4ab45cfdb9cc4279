"""Nothing a player reads holds board coordinates, tile letters or rotation codes: in whole
random matches, at every decision, the menu lines (pairwise distinct), the click labels
(distinct within a step family), the prompts, the pictures' tooltips and words and the
terminal picture, in English and Russian, for the deciding seat and for a spectator. The
log is checked by test_log_words.py and tests/conformance/test_log_lines.py."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest

from gonets.core import CHANCE
from gonets.games.carcassonne import GAME
from gonets.games.carcassonne.rules.tiles import TILE_TYPES
from gonets.games.carcassonne.text.log import START, Landmark, locate, segment_spot
from gonets.games.carcassonne.text.places import distinct_places, offset_phrase

# the patterns of the log's tests (COORDINATES and RULE_NUMBER as in
# tests/conformance/test_log_lines.py)
from .test_log_words import COORDINATES, ROTATION, RULE_NUMBER, TILE_LETTER

LANGS = ("en", "ru")
NAMES = ["Anna", "Boris", "Vera", "Gleb"]
MATCHES = [("c3", 2, 11), ("zmg_c2", 3, 12), ("base", 4, 13)]
NS = "{http://www.w3.org/2000/svg}"


KEY_R = re.compile(r"\b(or|или) R\b")
"""The keyboard key that turns the tile (a prompt names it): no tile letter."""


def wrong(text: str) -> str | None:
    """What a text a player reads must never hold, or None."""
    text = KEY_R.sub("", text)
    if not text.strip():
        return "a blank text"
    for name, pattern in (("board coordinates", COORDINATES), ("a tile letter", TILE_LETTER),
                          ("a rotation code", ROTATION), ("a rule number", RULE_NUMBER),
                          ("a placeholder", re.compile(r"[{}]"))):
        if pattern.search(text):
            return name
    return None


def picture_words(svg: str) -> list[str]:
    """Every tooltip (``<title>``) and every word drawn (``<text>``) of a picture."""
    root = ET.fromstring(svg)
    found = [node.text or "" for node in root.iter(f"{NS}title")]
    return found + ["".join(node.itertext()) for node in root.iter(f"{NS}text")]


@cache
def decisions(preset: str, players: int, seed: int) -> tuple:
    """The views of a random match at each decision: the deciding seat's (with the names the
    page gives) and a spectator's."""
    config = GAME.configure(players, preset)
    state = GAME.new_state(config)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_chance(state.sample_chance(rng))
            continue
        seat = state.current_player()
        out.append(({**state.view(seat), "names": NAMES[:players]}, state.view(None)))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    out.append((state.view(0), state.view(None)))
    return tuple(out)


def check_reading(view: dict, lang: str) -> set[str]:
    """Check everything the seat of ``view`` reads now; the kinds of decision met."""
    legal = view.get("legal") or []
    lines = [GAME.describe_action(view, text, lang) for text in legal]
    for text, line in zip(legal, lines):
        assert wrong(line) is None and line != text, (wrong(line), text, line)
    assert len(set(lines)) == len(lines), sorted(lines)
    labels: dict[str, dict[str, str]] = {}
    for text in legal:
        for key in GAME.action_steps(view, text):
            labels.setdefault(key.split(":")[0], {})[key] = GAME.describe_step(view, key, lang)
    for family, named in labels.items():
        for key, label in named.items():
            assert wrong(label) is None, (wrong(label), key, label)
        assert len(set(named.values())) == len(named), sorted(named.values())
        sentence = GAME.prompt(view, family, lang)
        assert wrong(sentence) is None, (wrong(sentence), sentence)
    pictures = [GAME.render_svg(view, lang)] + [p["svg"] for p in GAME.panels(view, lang)
                                                 if p.get("svg")]
    for svg in pictures:
        for words in picture_words(svg):
            if words.strip():
                assert wrong(words) is None, (wrong(words), words)
    for line in GAME.render_text(view, lang).splitlines():
        if line.strip():
            assert wrong(line) is None, (wrong(line), line)
    return {(view.get("decision") or {}).get("kind", "end")}


@pytest.mark.parametrize("preset,players,seed", MATCHES)
@pytest.mark.parametrize("lang", LANGS)
def test_whole_matches_read_in_words_everywhere(preset, players, seed, lang):
    kinds = set()
    for number, (mine, spectator) in enumerate(decisions(preset, players, seed)):
        kinds |= check_reading(mine, lang)
        if number % 5 == 0:
            check_reading(spectator, lang)
    assert {"place", "follower", "end"} <= kinds


def test_the_messages_read_in_words_everywhere():
    from .test_web_adapters import figure_question, message_eight

    for state in (message_eight(), figure_question()):
        for lang in LANGS:
            assert check_reading(state.view(state.current_player()), lang) <= {"message",
                                                                              "figure"}


# -- the pieces ---------------------------------------------------------------------------------
def test_every_segment_of_every_tile_reads_apart():
    for letter, kind in TILE_TYPES.items():
        for rot in range(4):
            count = len(kind.rotations[rot].segments)
            for lang in LANGS:
                for table in ("spots", "spots_at"):
                    spots = {segment_spot(letter, rot, s, lang, table) for s in range(count)}
                    assert len(spots) == count, (letter, rot, lang, spots)


def test_the_two_fields_of_a_bend_read_apart():
    spots = [segment_spot("P", 0, s, "en") for s in range(4)]
    assert spots == ["on the road", "in the city",
                     "in the field on the south-east side, by the city",
                     "in the field on the south-east side, away from the city"]


def test_cells_that_would_read_alike_are_named_exactly():
    cells = [(3, 0), (3, 1), (3, -1), (2, 2), (-1, 0)]
    places = distinct_places(cells, "en")
    assert places == {
        (3, 0): "3 tiles east of the start tile",
        (3, 1): "3 tiles east and 1 tile north of the start tile",
        (3, -1): "3 tiles east and 1 tile south of the start tile",
        (2, 2): "2 tiles north-east of the start tile",
        (-1, 0): "next to the start tile, on the west side"}
    assert distinct_places(cells, "ru")[(3, 1)] == \
        "в 3 плитках к востоку и в 1 плитке к северу от стартовой плитки"


def test_two_monasteries_of_one_player_never_make_two_places_read_alike():
    marks = [START, Landmark("monastery", 0, 4, 0), Landmark("monastery", 0, -4, 0)]
    cells = [(1, 4), (1, -4), (2, 4), (2, 5)]
    places = distinct_places(cells, "en", None, ["Anna", "Boris"], marks)
    assert len(set(places.values())) == len(cells), places
    assert places[(1, 4)] == "4 tiles north and 1 tile east of the start tile"
    assert places[(2, 4)] == "2 tiles east of Anna's monastery"
    assert offset_phrase(2, 5, marks[1], "en", 0) == \
        "2 tiles east and 1 tile north of your monastery"


def test_exact_places_from_the_start_tile_never_repeat():
    cells = [(x, y) for x in range(-6, 7) for y in range(-6, 7) if (x, y) != (0, 0)]
    for lang in LANGS:
        said = {offset_phrase(x, y, START, lang) for x, y in cells}
        assert len(said) == len(cells)
    assert offset_phrase(-2, -5, START, "en") == \
        "5 tiles south and 2 tiles west of the start tile"
    assert locate(-2, -5).direction == 6, "roughly, it is south of the start tile"


def test_the_still_picture_says_the_turn_the_scores_and_the_tile_in_hand():
    from .helpers import play
    from .test_messengers import road_five

    state = road_five(messages=[6, 1, 2, 3, 4, 5, 7, 8])
    view = {**state.view(None), "names": ["Anna", "Boris"]}
    svg = GAME.render_still(view, "en")
    summary = ET.fromstring(svg).find(f"{NS}g[@class='cc-summary']")
    words = ["".join(node.itertext()) for node in summary.iter(f"{NS}text")]
    assert words[0] == "Turn 5: Anna (yellow) to carry out the message or take its seal"
    assert "Anna (yellow): meeple 5 ★, messenger 0 ★; followers in supply: 7" in words
    assert "Messages drawn: 1; on the table: message 6 (2 per knight)" in words
    assert "Ходит жёлтый" in GAME.render_still(state.view(None), "ru")
    placing = GAME.render_still(play(["J"], []).view(None), "en")
    assert "Tile in hand: a tile with a city and a road" in placing
