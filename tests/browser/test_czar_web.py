"""Message to the Czar played by clicking the page, on a laptop-sized and a phone-sized window.

A human seat against two heuristic bots; the human's moves are chosen by the heuristic agent
from the frame's view (the first travel offered is always taken, so that a travel of two
couriers is chosen on the board) and performed by clicking: a display courier and then its
room, the own stack, the message and the courier taking it, a full inn and then where each
leaver goes, the coin pile, this turn's coins, the guard; buttons only for yes/no choices.

A laptop shows the wide arrangement of the board, a phone the narrow one (``data-narrow-box``),
where every decision opens with all its targets in the board's box and every word of those
targets 12 px or more. A log line lights what it talks about while pointed at, and a tap keeps
it lit.
"""

from __future__ import annotations

import re

import pytest

from gonets.core import games

from .framing import READABLE_PX, small_targets, targets_outside
from .support import (
    TIMEOUT,
    Chooser,
    click_key,
    frame,
    no_horizontal_scroll,
    open_seat,
    smallest_text_px,
    wait_for_decision,
)

MOVES = 30
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
BUTTON_KEYS = {"end", "extra", "decline", "pass"}
"""The only decisions made with buttons: yes/no choices."""
INTERNAL = re.compile(r"\b(courier|to|give|empty|first|then|arrive|again):[a-z]")
TARGET_WORDS = """(least) => {
  // The words of every element the seat may click now on the board (the step after those
  // chosen): how many, and those hidden as too small (data-tiny) or drawn under `least` px.
  const frame = window.gonets.frame;
  const picks = window.gonetsPicks;
  const chosen = picks.tentative ? picks.chosen.slice(0, -1) : picks.chosen;
  const keys = new Set(frame.legal.flatMap(a => a.paths || [a.steps])
    .filter(s => s.length > chosen.length && chosen.every((k, i) => s[i] === k))
    .map(s => s[chosen.length]));
  const bad = [];
  let count = 0;
  for (const el of document.querySelectorAll('#board [data-pick]')) {
    if (!el.getClientRects().length) continue;
    if (!el.getAttribute('data-pick').split('|').some(k => keys.has(k))) continue;
    for (const word of el.querySelectorAll('text')) {
      const preview = word.closest('[data-show]');
      if (preview && preview.style.display === 'none') continue;
      count += 1;
      const matrix = word.getScreenCTM();
      const size = matrix ? parseFloat(getComputedStyle(word).fontSize) * matrix.a : 0;
      if (word.hasAttribute('data-tiny') || size < least - 0.01) {
        bad.push(`${el.getAttribute('data-pick')}: "${word.textContent}" ` +
                 (word.hasAttribute('data-tiny') ? 'hidden' : `${size.toFixed(1)} px`));
      }
    }
  }
  return {count, bad};
}"""


def need_czar():
    if "czar" not in games():
        pytest.skip("czar is not registered")


def new_table(site, seed: int, lang: str, preset: str = "classic") -> str:
    created = site.create(game="czar", players=3, seed=seed, preset=preset,
                          seats=[{"kind": "human"}] + [{"kind": "bot", "agent": "heuristic"}] * 2)
    url = created["links"]["seat"]["url"]
    return url.replace("#", f"?lang={lang}#", 1) if lang != "en" else url




def target_words(page) -> tuple[int, list[str]]:
    """How many words the targets of the current step show, and those unreadable."""
    found = page.evaluate(TARGET_WORDS, READABLE_PX)
    return found["count"], found["bad"]


def check_opening(page, seen: dict) -> None:
    """A decision as it opens on a phone: every target in the board's box, its words
    readable (the narrow arrangement shows the whole board at a pixel a unit)."""
    where = f"version {frame(page)['version']}"
    outside = targets_outside(page)
    assert not outside, f"{where}: targets outside the board's box: {outside}"
    count, bad = target_words(page)
    assert not bad, f"{where}: target words too small: {bad[:6]}"
    small = small_targets(page)
    assert not small, f"{where}: targets too small to tap: {small[:6]}"
    seen["target_words"] += count


def fit(page) -> None:
    """Press the board's "fit" button (the view a player gets when the board is drawn)."""
    if page.locator("#zoom-tools:not([hidden])").count():
        page.click("#zoom-fit")


def board_offers(page, key: str) -> bool:
    """Whether a highlighted element of the board picture carries ``key`` now."""
    return page.evaluate("""(key) => [...document.querySelectorAll('#board .pick[data-pick]')]
        .some(el => el.getAttribute('data-pick').split('|').includes(key))""", key)


def buttons(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#actions button[data-pick]')]"
                         ".map(b => b.getAttribute('data-pick'))")


def prompt(page) -> str:
    return page.inner_text("#prompt")


def choose(chooser: Chooser, current: dict, seen: dict) -> str:
    """The agent's move, except that the first travel of two couriers offered is taken."""
    if not seen["travels"]:
        travel = next((a["text"] for a in current["legal"] if a["text"].startswith("travel")),
                      None)
        if travel is not None:
            return travel
    return chooser.choose(current)


def perform(page, action: dict, seen: dict, screenshot=None) -> None:
    """Click every step of ``action``: on the board unless it is a yes/no button; check the
    prompt says what to do at each step and that no wall of buttons is offered."""
    for index, key in enumerate(action["steps"]):
        said = prompt(page)
        assert said and not INTERNAL.search(said), said
        seen["prompts"].add(said)
        offered = buttons(page)
        assert len(offered) <= 3, offered
        assert not INTERNAL.search(page.inner_text("#actions")), offered
        if key in BUTTON_KEYS:
            assert key in offered, (key, offered)
        else:
            assert board_offers(page, key), f"{key} is not offered on the board"
            assert key not in offered, (key, offered)
        if screenshot and index == 1:
            fit(page)
            screenshot()
        click_key(page, key)
        if action["text"].startswith("travel") and index < 2:
            page.wait_for_function("n => gonetsPicks.chosen.length === n", arg=index + 1,
                                   timeout=TIMEOUT)
            if index == 0:                  # who leaves and who stays is shown on the inn
                assert page.locator(f"#board [data-show='{key}']:visible").count() == 1


def play_by_clicking(page, base: str, url: str, seed: int, moves: int, shot=None,
                     narrow: bool = False) -> dict:
    open_seat(page, base, url, "Ann")
    chooser = Chooser("czar", "heuristic", 0, seed)
    seen = {"moves": 0, "travels": 0, "families": set(), "prompts": set(), "least_font": 1e9,
            "scroll_ok": True, "target_words": 0}
    while seen["moves"] < moves:
        current = wait_for_decision(page, timeout=60_000)
        if current["view"]["terminal"]:
            break
        arranged = page.evaluate("() => document.querySelector('#board svg.narrow') !== null")
        assert arranged == narrow, f"the board's narrow arrangement is {arranged}"
        if narrow:
            check_opening(page, seen)
        fit(page)                         # the fitted view (clicking may have zoomed out)
        seen["least_font"] = min(seen["least_font"], smallest_text_px(page))
        seen["scroll_ok"] &= no_horizontal_scroll(page)
        text = choose(chooser, current, seen)
        action = next(a for a in current["legal"] if a["text"] == text)
        travel = text.startswith("travel")
        perform(page, action, seen, shot if travel and not seen["travels"] else None)
        page.wait_for_function("v => window.gonets?.frame?.version > v", arg=current["version"],
                               timeout=TIMEOUT)
        seen["travels"] += travel
        seen["families"] |= {key.split(":")[0] for key in action["steps"]}
        seen["moves"] += 1
    return seen


def check_scores(page, words: tuple[str, ...]) -> None:
    page.wait_for_function("() => window.gonets?.frame?.scoreboard.columns.length === 2")
    head = page.inner_text("#seats")
    for word in words:
        assert word in head, (word, head)
    assert "coin count" not in head and "coin_count" not in head


def test_thirty_moves_by_clicking_on_a_laptop(site, context, screenshots):
    need_czar()
    page = context.new_page()
    path = str(screenshots / "czar-laptop.png")
    seen = play_by_clicking(page, site.base, new_table(site, 3, "en"), 3, MOVES,
                            shot=lambda: page.screenshot(path=path))
    assert seen["moves"] == MOVES or frame(page)["view"]["terminal"]
    assert seen["travels"] >= 1, "no travel was chosen on the board"
    assert {"courier", "to", "empty", "first", "then"} <= seen["families"], seen["families"]
    assert seen["least_font"] >= 11, f"text of {seen['least_font']:.1f} px in the picture"
    assert seen["scroll_ok"]
    assert any(p.startswith("Your turn.") for p in seen["prompts"]), seen["prompts"]
    assert any("the other leaving courier" in p for p in seen["prompts"])
    check_scores(page, ("rubles", "message"))
    assert "Stacks and displays" in page.inner_text("#panels")
    assert "Palace of the Czar" in page.inner_html("#board")
    assert page.locator("#log li").count() > MOVES


def test_a_whole_revised_game_by_clicking_on_a_phone_in_russian(site, browser, screenshots):
    need_czar()
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        path = str(screenshots / "czar-phone.png")
        seen = play_by_clicking(page, site.base, new_table(site, 5, "ru", "revised"), 5, 200,
                                shot=lambda: page.screenshot(path=path, full_page=True),
                                narrow=True)
        assert frame(page)["view"]["terminal"], "the game did not end"
        assert seen["target_words"] >= seen["moves"], seen["target_words"]
        assert seen["travels"] >= 1
        assert seen["scroll_ok"], "the phone page scrolls sideways"
        assert seen["least_font"] >= 11, f"text of {seen['least_font']:.1f} px in the picture"
        assert any(p.startswith("Ваш ход.") for p in seen["prompts"]), seen["prompts"]
        check_scores(page, ("монеты", "донесение"))
        text = page.inner_text("body")
        for word in ("Стопки и запасы", "Вы (Ann)"):
            assert word in text, word
        board = page.inner_html("#board")
        assert "Дворец царя" in board and "Palace of the Czar" not in board
        assert "Трактир «Иван»" in board and "IWAN" not in board
    finally:
        context.close()


LIT = """(key) => {
  // Whether each element of the board carrying `key` in data-ref is lit, and how many are.
  const nodes = [...document.querySelectorAll('#board [data-ref]')]
    .filter(el => el.getAttribute('data-ref').split(' ').includes(key));
  return {all: nodes.length, lit: nodes.filter(el => el.classList.contains('lit')).length,
          shown: nodes.filter(el => el.getClientRects().length).length};
}"""


def test_a_log_line_lights_what_it_talks_about_and_a_tap_keeps_it_lit(site, browser):
    need_czar()
    context = browser.new_context(viewport=LAPTOP, has_touch=True)
    try:
        page = context.new_page()
        open_seat(page, site.base, new_table(site, 3, "en"), "Ann")
        chooser = Chooser("czar", "heuristic", 0, 3)
        line = page.locator("#log li.ref[data-refs^='room:']").last
        for _ in range(6):                  # until a courier was placed (a line naming a room)
            current = wait_for_decision(page, timeout=60_000)
            if line.count():
                break
            page.evaluate("text => act(text)", chooser.choose(current))
            page.wait_for_function("v => window.gonets?.frame?.version > v",
                                   arg=current["version"], timeout=TIMEOUT)
        key = line.get_attribute("data-refs").split()[0]
        assert page.evaluate(LIT, key) == {"all": 2, "lit": 0, "shown": 1}
        line.hover()
        assert page.evaluate(LIT, key)["lit"] == 2, "pointing at the line lights its room"
        page.mouse.move(5, 5)
        assert page.evaluate(LIT, key)["lit"] == 0
        line.tap()
        page.mouse.move(5, 5)
        assert page.evaluate(LIT, key)["lit"] == 2, "a tapped line stays lit"
        line.tap()
        page.mouse.move(5, 5)
        assert page.evaluate(LIT, key)["lit"] == 0, "a second tap puts it out"
    finally:
        context.close()
