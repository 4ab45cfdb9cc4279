"""Carcassonne played by clicking the page, on a laptop-sized and a phone-sized window.

A human seat against the heuristic bot; the human's moves are chosen by the heuristic agent
from the frame's view and performed by clicking: a highlighted cell, the cell again to turn
the tile (its rotated preview shows on the cell), Confirm, a follower spot on the placed
tile, figures on the scoring track, message buttons.
"""

from __future__ import annotations

import re

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
    assert seen["table_cut"] <= 0, f"the players table is {seen['table_cut']:.0f} px too wide"


def table_overflow(page) -> float:
    """How many pixels of the players table lie beyond its box (0: the last column shows)."""
    return page.evaluate("""() => {
        const table = document.getElementById('seats');
        return table.scrollWidth - table.parentElement.clientWidth;
    }""")


def map_overflow(page) -> float:
    """How many SVG units of the map lie outside the fitted view (0: the whole map shows):
    the view box the page shows against the picture's own (board.js keeps both)."""
    return page.evaluate("""() => {
        const base = zoom.base, box = zoom.box;
        return Math.max(0, box.x - base.x, box.y - base.y,
                        base.x + base.w - (box.x + box.w), base.y + base.h - (box.y + box.h));
    }""")


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
                                   + '#hand-dock [data-show], #panels [data-show]')]
        .filter(n => n.style.display !== 'none').map(n => n.getAttribute('data-show'))""")


def play_by_clicking(page, base: str, url: str, seed: int, moves: int) -> dict:
    """Play ``moves`` own moves (or to the end) by clicking; what was seen on the way."""
    open_seat(page, base, url, "Ann")
    chooser = Chooser("carcassonne", "heuristic", 0, seed)
    seen = {"moves": 0, "cycled": False, "spots": 0, "figures": 0, "least_tile": 1e9,
            "least_font": 1e9, "sideways": set(), "table_cut": 0}
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
        seen["table_cut"] = max(seen["table_cut"], table_overflow(page))
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


def check_log_points_at_the_map(page) -> None:
    """Pointing at a placement's log line lights that tile alone, and leaving it lights
    nothing; the words a still picture carries under the map are not drawn in the page. (One
    script, so that a bot's move redrawing the log cannot come between.)"""
    key, lit, after = page.evaluate("""() => {
      const lines = [...document.querySelectorAll("#log li.ref")]
        .filter(line => /^tile:\\S+$/.test(line.dataset.refs));
      const line = lines[lines.length - 1];
      const shown = () => [...document.querySelectorAll("#board .lit")]
        .map(node => node.getAttribute("data-ref").split(" ")[0]);
      line.dispatchEvent(new MouseEvent("mouseenter"));
      const lit = shown();
      line.dispatchEvent(new MouseEvent("mouseleave"));
      return [line.dataset.refs, lit, shown()];
    }""")
    assert lit == [key] and after == [], (key, lit, after)
    assert page.locator("#board .cc-summary").count() == 0, "the still picture's words in the page"


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
    check_log_points_at_the_map(page)
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


@pytest.mark.parametrize("viewport,lang", [(LAPTOP, "en"), (PHONE, "ru")], ids=["laptop", "phone"])
def test_the_end_names_the_players_with_scores_laps_and_the_whole_map(site, browser, screenshots,
                                                                       viewport, lang):
    """Two bots play a whole match; the spectator's end screen shows each player by name with
    the total and where it came from, the score marker's lap, the whole map and the whole
    players table."""
    need_carcassonne()
    created = site.create(game="carcassonne", players=2, seed=4,
                          seats=[{"kind": "bot", "agent": "heuristic"}] * 2)
    url = created["links"]["spectator"] + (f"?lang={lang}" if lang != "en" else "")
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        open_seat(page, site.base, url)
        page.wait_for_function("() => window.gonets?.frame?.view?.terminal", timeout=120_000)
        current = frame(page)
        totals = current["view"]["totals"]
        names = page.evaluate("() => gonets.frame.seats.map((s, i) => "
                              "seatName(gonets.frame.seats, i))")   # as the page shows them
        final = page.locator("#panels .panel").first
        assert final.locator("h2").inner_text() == ("Final scoring" if lang == "en"
                                                     else "Итоговый подсчёт")
        rows = final.locator("li").all_inner_texts()
        for name, total in zip(names, totals):
            assert any(row.startswith(f"{name} (") and f" {total} (" in f" {row}"
                       for row in rows), (name, total, rows)
        assert ("roads" if lang == "en" else "дороги") in " ".join(rows)
        best = max(range(2), key=lambda seat: totals[seat])
        assert totals[best] >= 50, "the seed should take a player past space 49"
        laps = page.evaluate("() => [...document.querySelectorAll('#panels [data-lap]')]"
                             ".map(node => node.textContent)")
        lap = totals[best] // 50 * 50
        assert f"{names[best]}: {totals[best]} = {totals[best] - lap} + {lap}" in laps, laps
        lines = page.locator("#log li").all_inner_texts()
        assert lines and all(line.split(". ", 1)[1].strip() for line in lines)
        assert not any(re.search(r"-?\d+,-?\d+|\br\d+\b|\(\d\.\d\)", line)
                       for line in lines), "the log reads in words"
        page.keyboard.press("Escape")
        if page.locator("#popup-close:visible").count():
            page.click("#popup-close")
        assert map_overflow(page) <= 0.5, "the finished map is cropped"
        assert table_overflow(page) <= 0, "the players table is cut"
        page.screenshot(path=str(screenshots / f"carcassonne-end-{lang}.png"), full_page=True)
    finally:
        context.close()
