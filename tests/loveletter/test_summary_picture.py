"""The round summary's picture (``svg/summary.py``), shown in the page's pop-up when a round
ends: short enough for the pop-up and its close button to fit a 390x844 phone at 2-4
players (tests/browser/test_phone.py plays one), and never drawn wider than its own width."""

import random
import xml.etree.ElementTree as ET

from gonets.core import Match
from gonets.games.loveletter import GAME
from tests.loveletter.helpers import run, stack

SVG = "{http://www.w3.org/2000/svg}"
POPUP_INSIDE = 358.8 - 2 * 16 - 4
"""The inside of the page's pop-up on a 390 px phone (92% of the window, less its padding
and border)."""


def summary_picture(view: dict, lang: str = "en") -> ET.Element:
    [svg] = [p["svg"] for p in GAME.panels(view, lang) if p.get("popup")]
    return ET.fromstring(svg)


def rows(root: ET.Element) -> list[ET.Element]:
    """The frames of the seat rows: the first rectangle of each group drawn straight on the
    root that names a hand (``hand:Q``, what the seat held as the round ended)."""
    return [group.find(f"{SVG}rect") for group in root.findall(f"{SVG}g")
            if group.get("data-ref", "").startswith("hand:")]


def test_a_seat_whose_cards_fit_a_line_takes_one_line():
    first = stack(2, "guard", ["guard", "baron"], ["priest"])
    second = stack(2, "guard", ["priest", "handmaid"], ["king"])
    view = run(2, [first, "guard p2 3", second]).view(1)
    for lang in ("en", "ru"):
        root = summary_picture(view, lang)
        frames = rows(root)
        assert len(frames) == 2
        # a name and a chip or two side by side: one line of chips, 28 units with the frame
        assert [float(f.get("height")) for f in frames] == [28, 28]
        assert float(root.get("height")) <= 100


def test_never_drawn_wider_than_itself_nor_than_a_phones_popup():
    first = stack(2, "guard", ["guard", "baron"], ["priest"])
    view = run(2, [first, "guard p2 3", stack(2, "guard", ["priest", "handmaid"])]).view(0)
    root = summary_picture(view)
    width = float(root.get("width"))
    assert root.get("viewBox").split()[2] == root.get("width")
    assert width <= POPUP_INSIDE
    style = dict(part.split(":") for part in root.get("style").split(";"))
    assert style["width"] == f"{width:g}px" and style["max-width"] == "100%"


def test_every_seat_row_lies_inside_the_picture_and_none_overlaps():
    for players in (4, 8):
        match = Match(GAME, GAME.configure(players, "seed"), seed=players)
        rng = random.Random(players)
        checked = 0
        while not match.state.is_terminal() and checked < 6:
            match.deal()
            state = match.state
            if state.is_terminal():
                break
            view = state.view(0)
            if any(p.get("popup") for p in GAME.panels(view)):
                root = summary_picture(view, "ru" if checked % 2 else "en")
                width, height = float(root.get("width")), float(root.get("height"))
                frames = sorted((float(f.get("y")), float(f.get("height")),
                                 float(f.get("x")), float(f.get("width")))
                                for f in rows(root))
                assert len(frames) >= players
                for y, h, x, w in frames:
                    assert 0 <= x and x + w <= width and 0 <= y and y + h <= height
                for (y, h, *_), (below, *_) in zip(frames, frames[1:]):
                    assert y + h < below
                for word in root.iter(f"{SVG}text"):
                    assert 0 <= float(word.get("x")) < width
                checked += 1
            legal = state.legal_actions()
            state.act(state.current_player(), legal[rng.randrange(len(legal))])
        assert checked


def test_the_cached_round_panel_is_the_one_drawn_afresh_for_every_reader():
    """The round panel is cached by what it reads of the view (``round_panel``): across
    decks, player counts, readers, languages and seat names, every view's panels are those
    ``text.panels`` gives with the picture drawn afresh."""
    from gonets.games.loveletter.svg.summary import _round_panel, panels, round_picture
    from gonets.games.loveletter.text import panels as text_panels

    def afresh(view: dict, lang: str) -> list[dict]:
        found = text_panels(view, lang)
        return [{**p, "svg": round_picture(view, lang)} if p.get("popup") else p
                for p in found]

    rng, before = random.Random(3), _round_panel.cache_info().hits
    for preset, players in (("seed", 2), ("premium", 5), ("classic-2012", 4)):
        state = GAME.new_state(GAME.configure(players, preset))
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            state.apply(rng.choice(list(state.legal_actions())))
            for seat in (None, 0, players - 1):
                view = state.view(seat)
                if rng.random() < 0.3:
                    view["names"] = [f"N{q}{rng.randint(0, 1)}" for q in range(players)]
                lang = rng.choice(("en", "ru"))
                assert panels(view, lang) == afresh(view, lang)
    assert _round_panel.cache_info().hits > before + 50    # the cache was used
