"""The SVG picture: well-formed standalone XML, every legal action clickable step by step
(``data-pick`` keys of ``notation.action_steps``, previews under ``data-show``), no hidden
card, words in English and Russian."""

import random
import xml.etree.ElementTree as ET

import pytest

from gonets.core import Match
from gonets.games.loveletter import GAME
from gonets.games.loveletter.svg import SMALL_FONT
from tests.loveletter.helpers import run, stack

SVG = "{http://www.w3.org/2000/svg}"
GENERIC_FONTS = {"sans-serif", "serif", "monospace"}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    for name in ("width", "height", "viewBox"):
        assert root.get(name), f"the SVG needs {name}"
    return root


def arrangements(root: ET.Element) -> list[ET.Element]:
    """The picture's arrangements: the root alone up to 4 players, else the wide one and the
    narrow one (see test_arrangements.py)."""
    found = [root.find(f"{SVG}g[@class='ll-{name}']") for name in ("wide", "narrow")]
    return [root] if found == [None, None] else found


def standalone(svg: str, root: ET.Element) -> None:
    """No external resources: no links, images, imported styles; generic fonts only; no
    text under the smallest size."""
    assert "href" not in svg and "url(" not in svg and "@import" not in svg
    assert root.find(f".//{SVG}image") is None
    for element in root.iter():
        font = element.get("font-family")
        if font is not None:
            assert font in GENERIC_FONTS
        if element.tag == f"{SVG}text":
            assert int(element.get("font-size")) >= SMALL_FONT


def visible_picks(root: ET.Element, chosen: list[str]) -> set[str]:
    """The step keys carried by picture elements that the client shows once ``chosen`` is
    the path so far: an element under ``data-show="a/b"`` is shown when ``a, b`` starts
    ``chosen``."""
    found: set[str] = set()

    def walk(element, shown):
        show = element.get("data-show")
        if show is not None and show.split("/") != chosen[:len(show.split("/"))]:
            shown = False
        if shown and element.get("data-pick"):
            found.update(element.get("data-pick").split("|"))
        for child in element:
            walk(child, shown)

    walk(root, True)
    return found


def clicked_on_the_picture(root: ET.Element, view: dict) -> list[str]:
    """Every legal action whose clicks are all on the picture, except the ``<family>:none``
    endings (the client's buttons); asserts the paths are unique and never start another."""
    paths = {text: GAME.action_steps(view, text) for text in view["legal"]}
    for text, path in paths.items():
        for other, longer in paths.items():
            assert other == text or longer[:len(path)] != path, (text, other)
    reached = []
    for text, path in paths.items():
        if all(key.endswith(":none") or key in visible_picks(root, path[:i])
               for i, key in enumerate(path)):
            reached.append(text)
    return reached


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
    for step, state in enumerate(moments(preset, players, seed=players)):
        lang = "ru" if step % 2 else "en"
        deciding = state.current_player()
        for seat in [None, *range(players)]:
            view = state.view(seat)
            svg = GAME.render_svg(view, lang)
            root = parse(svg)
            standalone(svg, root)
            if seat is not None and seat == deciding:
                assert sorted(clicked_on_the_picture(root, view)) == sorted(view["legal"])
            else:
                assert not root.findall(f".//{SVG}g[@class='card'][@data-pick]")
                assert 'data-show="' not in svg
            # the picture depends on nothing the seat cannot know
            for _ in range(2):
                world = GAME.sample_world(view, rng)
                assert GAME.render_svg(world.view(seat), lang) == svg


def faces(root: ET.Element) -> list[str]:
    """The large face-up cards (the hand)."""
    return [element.get("data-card") for element in root.iter()
            if element.get("data-card") and element.get("class") == "card"
            and element.find(f"{SVG}rect") is not None
            and int(element.find(f"{SVG}rect").get("height")) > 100]


def test_own_hand_face_up_other_hands_face_down():
    deck = stack(4, "guard", ["guard", "princess", "baron", "handmaid"], ["king"])
    state = run(4, [deck])
    for seat in (1, 2, 3, None):
        svg = GAME.render_svg(state.view(seat))
        root = parse(svg)
        assert sorted(faces(root)) == sorted(state.view(seat)["hand"] or [])
        if seat != 1:
            assert "princess" not in svg and "Princess" not in svg
    root = parse(GAME.render_svg(state.view(0)))
    assert sorted(faces(root)) == ["guard", "king"]
    backs = root.findall(f".//{SVG}g[@class='back']")
    # three rivals with one card each, plus the deck (up to 3 backs) and the set-aside card
    assert len(backs) == 3 + 3 + 1


def test_hand_cards_carry_their_card_and_the_guard_its_guess_strips():
    deck = stack(4, "guard", ["guard", "priest", "baron", "handmaid"], ["king"])
    view = run(4, [deck]).view(0)
    root = parse(GAME.render_svg(view))
    picks = {e.get("data-card"): e.get("data-pick") for e in root.iter()
             if e.get("data-pick") and e.get("data-card")}
    assert picks == {"guard": "card:guard", "king": "card:king"}
    strips = root.findall(f".//{SVG}g[@class='guesses']")
    assert sorted(s.get("data-show") for s in strips) == \
        [f"card:guard/target:p{n}" for n in (2, 3, 4)]
    for strip in strips:
        guesses = [g.get("data-pick") for g in strip.iter() if g.get("data-pick")]
        assert guesses == [f"guess:{v}" for v in range(2, 9)]      # 3 rivals x values 2..8
    areas = {g.get("data-seat"): g.get("data-pick")
             for g in root.findall(f".//{SVG}g[@class='seat']")}
    assert areas == {str(q): f"target:p{q + 1}|also:p{q + 1}|look:p{q + 1}" for q in range(4)}
    assert len([t for t in view["legal"] if t.startswith("guard ")]) == 3 * 7


def test_a_protected_player_keeps_its_target_key_and_is_not_a_legal_target():
    deck = stack(3, "guard", ["priest", "handmaid", "baron"], ["guard", "king"])
    state = run(3, [deck, "priest p3", "handmaid"])
    view = state.view(2)
    root = parse(GAME.render_svg(view))
    area = root.find(f".//{SVG}g[@data-seat='1']")
    assert area.get("data-pick").split("|")[0] == "target:p2"
    assert "Handmaid" in "".join(area.itertext())
    keys = {k for t in view["legal"] for k in GAME.action_steps(view, t)}
    assert "target:p2" not in keys and "target:p1" in keys


def pile_of(row):
    pile = row.find(f"{SVG}g[@class='discards']")
    return [] if pile is None else [g.get("data-card")
                                    for g in pile.findall(f"{SVG}g[@class='card']")]


def test_discard_piles_in_order_with_causes_and_marks():
    deck = stack(5, "baroness", ["sycophant", "handmaid", "jester", "guard", "princess"],
                 ["guard", "baron", "count", "prince", "king", "priest", "baron"])
    state = run(5, [deck, "sycophant p3", "handmaid", "jester p1", "prince p3"])
    svg = GAME.render_svg(state.view(None))
    root = parse(svg)
    for tree in arrangements(root):
        rows = {int(r.get("data-seat")): r for r in tree.findall(f".//{SVG}g[@class='seat']")}
        assert [pile_of(rows[q]) for q in range(5)] == \
            [["sycophant"], ["handmaid"], ["jester", "count"], ["prince"], []]
        words = {q: "".join(row.itertext()) for q, row in rows.items()}
        assert "5 Count · Prince" in words[2]                     # the cause of the Count
        assert "Handmaid" in words[1]                             # the protection badge
        assert "Jester of p3" in words[0]                         # p3's bet on p1
    assert f"deck {state.view(None)['deck_size']}" in svg


def test_the_viewer_sits_last_and_russian_words():
    deck = stack(4, "guard", ["guard", "priest", "baron", "handmaid"], ["king"])
    svg = GAME.render_svg(run(4, [deck]).view(1), "ru")
    root = parse(svg)
    order = [r.get("data-seat") for r in root.findall(f".//{SVG}g[@class='seat']")]
    assert order == ["2", "3", "0", "1"]
    assert "Тайное послание" in svg and "игрок 2 (вы)" in svg and "Священник" in svg
    assert "Guard" not in svg and "Priest" not in svg


def test_bishop_redraw_buttons():
    deck = stack(5, "guard", ["bishop", "priest", "guard", "guard", "guard"], ["baron"])
    state = run(5, [deck, "bishop p2 2"])
    view = state.view(1)
    assert view["phase"] == "redraw" and view["legal"] == ["redraw", "keep"]
    for tree in arrangements(parse(GAME.render_svg(view))):
        buttons = tree.findall(f".//{SVG}g[@class='button']")
        assert sorted(b.get("data-pick") for b in buttons) == ["bishop:keep", "bishop:redraw"]
    assert not parse(GAME.render_svg(state.view(0))).findall(f".//{SVG}g[@class='button']")


def test_chancellor_choices_on_the_three_cards():
    preset = "zman-2019"
    deck = stack(3, "guard", ["chancellor", "priest", "baron"], ["guard", "king", "spy"],
                 preset=preset)
    state = run(3, [deck, "chancellor"], preset=preset)
    view = state.view(0)
    assert view["phase"] == "chancellor" and len(view["hand"]) == 3
    root = parse(GAME.render_svg(view))
    carried = {e.get("data-card"): e.get("data-pick") for e in root.iter()
               if e.get("data-pick") and e.get("data-card")}
    assert carried == {key: f"keep:{key}|under:{key}" for key in view["hand"]}
    assert sorted(clicked_on_the_picture(root, view)) == sorted(view["legal"])
    steps = GAME.action_steps(view, "chancellor keep priest bottom king guard")
    assert steps == ["keep:priest", "under:king"]


def test_text_is_escaped():
    view = run(4, [stack(4, "guard", ["guard", "priest", "baron", "handmaid"])]).view(0)
    view["preset"] = 'odd <preset> & "name"'
    view["legal"] = view["legal"] + ['guard p2 "x"<y>']        # a made-up notation
    svg = GAME.render_svg(view)
    parse(svg)
    assert "<y>" not in svg and "&lt;y&gt;" in svg


def test_hand_cards_show_the_seeds_playing_card_equivalents():
    """Seed mapping with fix 25: the base characters take both red cards."""
    deck = stack(5, "guard", ["priest", "guard", "guard", "guard", "guard"], ["cardinal"])
    svg = GAME.render_svg(run(5, [deck]).view(0))
    assert ">2♥♦</text>" in svg and ">2♠♣</text>" in svg
    preset = "zman-2019"
    deck = stack(3, "guard", ["chancellor", "priest", "baron"], ["guard"], preset=preset)
    svg = GAME.render_svg(run(3, [deck], preset=preset).view(0))
    assert "♦</text>" not in svg                    # the 2019 deck has no mapping
