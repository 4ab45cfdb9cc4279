"""Baba Yaga in the browser: 30 own moves played by clicking the board and the buttons, on a
laptop (English) and a phone (Russian); the board text is readable, the page never scrolls
sideways, the panels show the hero and the card being resolved."""

from __future__ import annotations

import pytest

from .support import Chooser, click_steps, frame, open_seat, wait_for_decision

MOVES = 30
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

# The smallest board text in pixels and the place names wider than their tiles, as drawn now
# (words a phone hides until it zooms closer, as too small to read, are not drawn).
MEASURE = """() => {
  const svg = document.querySelector('#board svg');
  let least = 1e9;
  const wide = [];
  for (const t of svg.querySelectorAll('text')) {
    if (!t.getClientRects().length) continue;
    const size = parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a;
    least = Math.min(least, size);
  }
  for (const t of svg.querySelectorAll('g.place text.name')) {
    const tile = t.parentNode.querySelector('rect').getBoundingClientRect();
    if (t.getBoundingClientRect().width > tile.width) wide.push(t.textContent);
  }
  return {least, wide};
}"""
NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def need_babayaga():
    from gonets.core import games
    if "babayaga" not in games():
        pytest.skip("babayaga is not registered")


def new_table(site, seed, preset):
    players = 1 if preset == "solo" else 2
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "heuristic"}] * (players - 1)
    created = site.create(game="babayaga", players=players, preset=preset, seed=seed,
                          seats=seats)
    return created["links"]["seat"]["url"]


def play(page, site, preset, lang, screenshot):
    """Play MOVES own decisions by clicking (a new table when a game ends first); returns the
    families of the keys clicked."""
    clicked: list[str] = []
    seed = 11
    while len(clicked) < MOVES:
        url = new_table(site, seed, preset)
        path, _, fragment = url.partition("#")
        open_seat(page, site.base, f"{path}?lang={lang}#{fragment}", "Ann")
        chooser = Chooser("babayaga", "heuristic", 0, seed)
        while len(clicked) < MOVES:
            current = wait_for_decision(page, timeout=60_000)
            if current["view"]["terminal"]:
                break
            assert page.inner_text("#prompt").strip(), "no prompt for the decision"
            assert page.evaluate(NO_SIDEWAYS)
            notation = chooser.choose(current)
            action = next(a for a in current["legal"] if a["text"] == notation)
            clicked += [key.split(":")[0] for key in action["steps"]]
            if len(clicked) >= 8 and screenshot is not None:
                page.click("#zoom-fit")           # the clicks before may have zoomed out
                page.screenshot(path=str(screenshot))
                screenshot = None
            click_steps(page, notation)
        seed += 1
    return clicked


def test_thirty_moves_by_clicking_on_a_laptop(site, context, screenshots):
    need_babayaga()
    page = context.new_page()
    families = play(page, site, "competitive", "en", screenshots / "babayaga-laptop.png")
    assert "move" in families
    current = wait_for_decision(page, timeout=60_000)
    page.click("#zoom-fit")
    shown = page.evaluate(MEASURE)
    assert shown["least"] >= 11, shown
    assert not shown["wide"], shown
    panels = page.inner_text("#panels")
    assert "You: Ann · " in panels and "Quest" in panels and "step" in panels
    assert page.locator("#panels svg .step").count() >= 5        # the quest track
    header = page.inner_text("#seats")
    for column in ("Hero", "Rep", "Quest"):
        assert column in header
    assert page.evaluate(NO_SIDEWAYS)
    assert current["version"] > 1


def test_thirty_moves_by_clicking_on_a_phone_in_russian(site, browser, screenshots):
    need_babayaga()
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        families = play(page, site, "solo", "ru", screenshots / "babayaga-phone.png")
        assert "move" in families
        wait_for_decision(page, timeout=60_000)
        assert page.evaluate(NO_SIDEWAYS)
        body = page.inner_text("body")
        for words in ("Слава", "Задание", "Вы: Ann · "):
            assert words in body, words
        board = page.text_content("#board")
        assert "Баба-яга" in board and "Костяной тын" in board
        assert frame(page)["view"]["mode"] == "solo"
        # the phone opens zoomed in (a cell never under 80 px) and keeps the zoom tools
        assert page.locator("#zoom-tools:not([hidden])").count() == 1
        page.click("#zoom-fit")
        assert page.evaluate(MEASURE)["least"] >= 11
    finally:
        context.close()
