"""The SVG picture: well-formed standalone XML, every legal action clickable, no hidden card."""

import random
import xml.etree.ElementTree as ET

import pytest

from gonets.core import Match
from gonets.games.loveletter import GAME
from tests.loveletter.helpers import run, stack

SVG = "{http://www.w3.org/2000/svg}"
GENERIC_FONTS = {"sans-serif", "serif", "monospace"}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    for name in ("width", "height", "viewBox"):
        assert root.get(name), f"the SVG needs {name}"
    return root


def standalone(svg: str, root: ET.Element) -> None:
    """No external resources: no links, images, imported styles; generic fonts only."""
    assert "href" not in svg and "url(" not in svg and "@import" not in svg
    assert root.find(f".//{SVG}image") is None
    for element in root.iter():
        font = element.get("font-family")
        if font is not None:
            assert font in GENERIC_FONTS


def clickable(root: ET.Element) -> list[str]:
    """Every notation offered by a data-action (split on '|')."""
    found = []
    for element in root.iter():
        action = element.get("data-action")
        if action is not None:
            found += action.split("|")
    return found


def moments(preset: str, players: int, seed: int, every: int = 7, limit: int = 400):
    """States of a random match: every ``every``-th decision, plus every redraw/Chancellor
    decision, plus the end."""
    match = Match(GAME, GAME.configure(players, preset), seed=seed)
    rng = random.Random(seed)
    for step in range(limit):
        match.deal()
        state = match.state
        if state.is_terminal():
            yield state
            return
        if step % every == 0 or state.view(None)["phase"] in ("redraw", "chancellor"):
            yield state
        legal = state.legal_actions()
        state.act(state.current_player(), legal[rng.randrange(len(legal))])


def configurations():
    for preset in GAME.presets:
        low, high = GAME.player_range(preset.name)
        for players in sorted({low, high}):
            yield pytest.param(preset.name, players, id=f"{preset.name}-{players}p")


@pytest.mark.parametrize("preset,players", list(configurations()))
def test_every_seat_and_the_spectator_get_a_valid_picture(preset, players):
    rng = random.Random(3)
    for state in moments(preset, players, seed=players):
        deciding = state.current_player()
        for seat in [None, *range(players)]:
            view = state.view(seat)
            svg = GAME.render_svg(view)
            root = parse(svg)
            standalone(svg, root)
            offered = clickable(root)
            if seat is not None and seat == deciding:
                assert sorted(set(offered)) == sorted(view["legal"]), "every legal action " \
                    "must be reachable and nothing else offered"
            else:
                assert offered == []
            # the picture depends on nothing the seat cannot know
            for _ in range(2):
                world = GAME.sample_world(view, rng)
                assert GAME.render_svg(world.view(seat)) == svg


def faces(root: ET.Element) -> list[str]:
    return [element.get("data-card") for element in root.iter() if element.get("data-card")]


def test_own_hand_face_up_other_hands_face_down():
    deck = stack(4, "guard", ["guard", "princess", "baron", "handmaid"], ["king"])
    state = run(4, [deck])
    for seat in (1, 2, 3, None):
        svg = GAME.render_svg(state.view(seat))
        root = parse(svg)
        mine = state.view(seat)["hand"] or []
        assert sorted(k for k in faces(root)) == sorted(mine + mine)   # row + large hand
        if seat != 1:
            assert "princess" not in svg and "Princess" not in svg
    root = parse(GAME.render_svg(state.view(0)))
    assert sorted(faces(root)) == ["guard", "guard", "king", "king"]
    backs = root.findall(f".//{SVG}g[@class='back']")
    # three rivals with one card each, plus the deck (up to 3 backs) and the set-aside card
    assert len(backs) == 3 + 3 + 1


def test_hand_cards_carry_all_their_actions_joined_by_bar():
    deck = stack(4, "guard", ["guard", "priest", "baron", "handmaid"], ["king"])
    view = run(4, [deck]).view(0)
    root = parse(GAME.render_svg(view))
    by_card = {}
    for element in root.iter():
        if element.get("data-action"):
            by_card.setdefault(element.get("data-card"), set()).add(element.get("data-action"))
    guard = [t for t in view["legal"] if t.startswith("guard ")]
    king = [t for t in view["legal"] if t.startswith("king ")]
    assert by_card["guard"] == {"|".join(guard)} and by_card["king"] == {"|".join(king)}
    assert len(guard) == 3 * 7                            # 3 rivals x values 2..8


def test_discard_piles_in_order_with_causes_and_marks():
    deck = stack(5, "baroness", ["sycophant", "handmaid", "jester", "guard", "princess"],
                 ["guard", "baron", "count", "prince", "king", "priest", "baron"])
    state = run(5, [deck, "sycophant p3", "handmaid", "jester p1", "prince p3"])
    svg = GAME.render_svg(state.view(None))
    root = parse(svg)
    rows = root.findall(f".//{SVG}g[@class='seat']")
    piles = []
    for row in rows:
        pile = row.find(f"{SVG}g[@class='discards']")
        piles.append([] if pile is None else
                     [g.get("data-card") for g in pile.findall(f"{SVG}g[@class='card']")])
    assert piles == [["sycophant"], ["handmaid"], ["jester", "count"], ["prince"], []]
    words = [[t.text for t in row.iter(f"{SVG}text")] for row in rows]
    assert "Prince" in words[2]                                   # the cause of the Count
    assert "Handmaid" in words[1]                                 # the protection badge
    assert "Jester p3" in words[0]                                # p3's bet on p1
    assert f"deck: {state.view(None)['deck_size']}" in svg


def test_bishop_redraw_buttons():
    deck = stack(5, "guard", ["bishop", "priest", "guard", "guard", "guard"], ["baron"])
    state = run(5, [deck, "bishop p2 2"])
    view = state.view(1)
    assert view["phase"] == "redraw" and view["legal"] == ["redraw", "keep"]
    root = parse(GAME.render_svg(view))
    buttons = root.findall(f".//{SVG}g[@class='button']")
    assert sorted(b.get("data-action") for b in buttons) == ["keep", "redraw"]
    assert clickable(parse(GAME.render_svg(state.view(0)))) == []


def test_chancellor_choices_on_the_three_cards():
    preset = "zman-2019"
    deck = stack(3, "guard", ["chancellor", "priest", "baron"], ["guard", "king", "spy"],
                 preset=preset)
    state = run(3, [deck, "chancellor"], preset=preset)
    view = state.view(0)
    assert view["phase"] == "chancellor" and len(view["hand"]) == 3
    root = parse(GAME.render_svg(view))
    carried = {}
    for element in root.iter():
        if element.get("data-action"):
            carried[element.get("data-card")] = element.get("data-action").split("|")
    assert set(carried) == set(view["hand"])
    for key, actions in carried.items():
        assert all(a.startswith(f"chancellor keep {key} bottom ") for a in actions)
    assert sorted(a for actions in carried.values() for a in actions) == sorted(view["legal"])


def test_text_is_escaped():
    view = run(4, [stack(4, "guard", ["guard", "priest", "baron", "handmaid"])]).view(0)
    view["preset"] = 'odd <preset> & "name"'
    svg = GAME.render_svg(view)
    parse(svg)
    assert "&lt;preset&gt; &amp;" in svg


def test_actions_with_quotes_are_escaped_in_attributes():
    view = run(4, [stack(4, "guard", ["guard", "priest", "baron", "handmaid"])]).view(0)
    view["legal"] = view["legal"] + ['keep "x" <y>']        # a made-up notation: a button
    svg = GAME.render_svg(view)
    root = parse(svg)
    assert 'keep "x" <y>' in clickable(root)
    assert "<y>" not in svg


def test_hand_cards_show_the_seeds_playing_card_equivalents():
    """Seed mapping with fix 25: the base characters take both red cards."""
    deck = stack(5, "guard", ["priest", "guard", "guard", "guard", "guard"], ["cardinal"])
    svg = GAME.render_svg(run(5, [deck]).view(0))
    assert ">2♥♦</text>" in svg and ">2♠♣</text>" in svg
    preset = "zman-2019"
    deck = stack(3, "guard", ["chancellor", "priest", "baron"], ["guard"], preset=preset)
    svg = GAME.render_svg(run(3, [deck], preset=preset).view(0))
    assert "♦</text>" not in svg                    # the 2019 deck has no mapping
