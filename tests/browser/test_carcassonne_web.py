"""Carcassonne played by clicking the page, on a laptop-sized and a phone-sized window.

A human seat against the heuristic bot; the human's moves are chosen by the heuristic agent
from the frame's view and performed by clicking: a highlighted cell, the cell again to turn
the tile (its rotated preview shows on the cell), Confirm, a follower spot on the placed
tile, figures on the scoring track, message buttons.
"""

from __future__ import annotations

import pytest

from gonets.core import games

from .support import (
    TIMEOUT,
    Chooser,
    click_steps,
    frame,
    open_seat,
    smallest_text_px,
    wait_for_decision,
)

MOVES = 30
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def need_carcassonne():
    if "carcassonne" not in games():
        pytest.skip("carcassonne is not registered")


def new_table(site, seed: int, lang: str) -> str:
    created = site.create(game="carcassonne", players=2, seed=seed,
                          seats=[{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}])
    url = created["links"]["seat"]["url"]
    return url.replace("#", f"?lang={lang}#", 1) if lang != "en" else url


def tile_pixels(page) -> float:
    """How many screen pixels one map cell (``data-unit``) takes in the board now."""
    return page.evaluate("""() => {
        const svg = document.querySelector('#board svg');
        const box = svg.viewBox.baseVal;
        const rect = svg.getBoundingClientRect();
        const scale = Math.min(rect.width / box.width, rect.height / box.height);
        return scale * parseFloat(svg.getAttribute('data-unit'));
    }""")



def sideways(page) -> list[str]:
    """What sticks out of the window sideways (empty when the page never scrolls sideways;
    the window's own width, since a mobile browser widens its layout to the content)."""
    return page.evaluate("""w => {
        const limit = Math.min(w, window.innerWidth) + 1;
        if (document.documentElement.scrollWidth <= limit) return [];
        return [...document.querySelectorAll('body *')]
          .filter(el => !el.ownerSVGElement && el.getBoundingClientRect().right > limit &&
                        !(el.parentElement && el.parentElement.getBoundingClientRect().right
                          > limit))
          .map(el => el.tagName + (el.id ? '#' + el.id : ''));
    }""", page.viewport_size["width"])


def check_sideways(seen: dict) -> None:
    assert not seen["sideways"], f"sticks out sideways: {sorted(seen['sideways'])}"


def cycle_rotation(page, current: dict) -> bool:
    """Choose a legal cell with several rotations, click it again to turn the tile, check
    the preview follows on the map and in the hand panel, and go back; True if done."""
    by_cell: dict[str, list[str]] = {}
    for action in current["legal"]:
        steps = action["steps"]
        if len(steps) == 2 and steps[0].startswith("cell:"):
            by_cell.setdefault(steps[0], []).append(steps[1])
    cell = next((c for c, rots in by_cell.items() if len(rots) > 1), None)
    if cell is None:
        return False
    target = page.locator(f"#board [data-pick='{cell}']")
    target.click(timeout=TIMEOUT)
    first = page.evaluate("() => gonetsPicks.chosen.slice()")
    assert first == [cell, by_cell[cell][0]]
    assert shown_previews(page) == [f"{cell}/{by_cell[cell][0]}"] * 2   # map and panel
    target.click(timeout=TIMEOUT)                 # the same cell again turns the tile
    second = page.evaluate("() => gonetsPicks.chosen.slice()")
    assert second == [cell, by_cell[cell][1]]
    assert shown_previews(page) == [f"{cell}/{by_cell[cell][1]}"] * 2
    page.keyboard.press("r")                      # and so does R
    third = page.evaluate("() => gonetsPicks.chosen.slice()")
    assert third[1] == by_cell[cell][2 % len(by_cell[cell])]
    page.click("#pick-back")
    assert page.evaluate("() => gonetsPicks.chosen.length") == 0
    return True


def shown_previews(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('#board [data-show], '
                                   + '#panels [data-show]')]
        .filter(n => n.style.display !== 'none').map(n => n.getAttribute('data-show'))""")


def play_by_clicking(page, base: str, url: str, seed: int, moves: int) -> dict:
    """Play ``moves`` own moves (or to the end) by clicking; what was seen on the way."""
    open_seat(page, base, url, "Ann")
    chooser = Chooser("carcassonne", "heuristic", 0, seed)
    seen = {"moves": 0, "cycled": False, "spots": 0, "figures": 0, "least_tile": 1e9,
            "least_font": 1e9, "sideways": set()}
    while seen["moves"] < moves:
        current = wait_for_decision(page, timeout=60_000)
        if current["view"]["terminal"]:
            break
        notation = chooser.choose(current)
        phase = current["view"]["phase"]
        if phase == "place":
            page.click("#zoom-fit")        # the fitted view, whatever the last clicks zoomed
            seen["least_tile"] = min(seen["least_tile"], tile_pixels(page))
            if not seen["cycled"]:
                seen["cycled"] = cycle_rotation(page, current)
        if phase == "follower" and not seen["spots"]:
            notation = next((a["text"] for a in current["legal"] if a["text"] != "pass"),
                            notation)
        seen["least_font"] = min(seen["least_font"], smallest_text_px(page))
        seen["sideways"].update(sideways(page))
        click_steps(page, notation)
        seen["moves"] += 1
        if phase == "follower" and notation != "pass":
            seen["spots"] += 1
        if phase == "figure":
            seen["figures"] += 1
    return seen


def check_followers_on_map(page) -> None:
    """The clicking player's followers stand on the map where the log says they went."""
    view = frame(page)["view"]
    placed = [e for e in view["log"] if e["type"] == "follower" and e["player"] == 0]
    assert placed, "the clicking player never put a follower"
    standing = {(w[0], w[1]) for w in view["slots"][0] if w is not None}
    recalled = {(e["x"], e["y"]) for e in placed} - standing
    assert len(recalled) < len(placed) or not standing


@pytest.mark.parametrize("seed", [5])
def test_thirty_moves_by_clicking_on_a_laptop(site, context, screenshots, seed):
    need_carcassonne()
    page = context.new_page()
    seen = play_by_clicking(page, site.base, new_table(site, seed, "en"), seed, MOVES)
    assert seen["moves"] == MOVES or frame(page)["view"]["terminal"]
    assert seen["cycled"], "no placement offered two rotations to cycle"
    assert seen["spots"] >= 1
    assert seen["least_tile"] >= 48, f"a fitted tile was {seen['least_tile']:.1f} px"
    assert seen["least_font"] >= 11, f"text of {seen['least_font']:.1f} px in a picture"
    check_followers_on_map(page)
    page.wait_for_function("() => window.gonets?.frame?.scoreboard.columns.length > 0")
    head = page.inner_text("#seats")
    assert "points" in head and "followers" in head and "messenger" in head
    assert "lock" not in head and "supply totals" not in head
    assert "Scoring track" in page.inner_text("#panels")
    assert page.locator("#log li").count() > MOVES
    page.screenshot(path=str(screenshots / "carcassonne-laptop.png"))
    check_sideways(seen)


def test_thirty_moves_by_clicking_on_a_phone_in_russian(site, browser, screenshots):
    need_carcassonne()
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        seed = 8
        seen = play_by_clicking(page, site.base, new_table(site, seed, "ru"), seed, MOVES)
        assert seen["moves"] == MOVES or frame(page)["view"]["terminal"]
        assert seen["cycled"] and seen["spots"] >= 1
        assert seen["least_font"] >= 11
        check_followers_on_map(page)
        text = page.inner_text("body")
        for word in ("Дорожка счёта", "очки", "подданные", "гонец", "Вытянуто посланий"):
            assert word in text, word
        assert "Scoring track" not in text
        wait_for_decision(page, timeout=60_000)
        page.screenshot(path=str(screenshots / "carcassonne-phone.png"), full_page=True)
        check_sideways(seen)
    finally:
        context.close()
