"""The first game guide (issue 21), for every game, in English (a laptop, started from the
lobby's "Guided first game") and in Russian (a phone, a plain table against a bot in a browser
that never played the game): the first decision of a kind shows its tip, in the page's
language, above the board and clear of everything that may be clicked; a dismissed tip stays
dismissed after a reload; a new kind of decision shows its own tip; with the tips off (the
table's switch, or by default once this browser has played the game) no tip shows; and the
Rules button still opens the How to play page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gonets.core import games
from gonets.server.guide import guide_prompts, kinds

from .support import TIMEOUT, click_action, no_horizontal_scroll, open_seat, wait_for_decision

GAMES = ("babayaga", "carcassonne", "czar", "loveletter")
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "gonets" / "web" / "i18n"
TARGETS = ("#board .pick, #board .clickable, #hand-dock .pick, #panels .pick, "
           "#actions button, #zoom-tools button")


def words(lang: str) -> dict:
    return json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))


def settle(page) -> None:
    """Wait for the seat's decision (or the end) with the guide's tips loaded for it."""
    wait_for_decision(page, timeout=60_000)
    page.wait_for_function("() => window.gonetsGuide?.prompts && "
                           "window.gonetsGuide.frame === window.gonets.frame", timeout=TIMEOUT)


def shown(page) -> str | None:
    """The kind of the tip on the page, None when none is shown."""
    return page.evaluate("() => { const box = document.getElementById('guide');"
                         " return box.hidden ? null : box.dataset.kind; }")


def stored(page, name: str) -> dict:
    return page.evaluate("(k) => JSON.parse(localStorage.getItem(k) || '{}')",
                         f"gonets-guide:{name}")


def due(page, name: str, tips: dict) -> str | None:
    """The tip this decision should show with the tips on: the first pattern naming a click
    offered now that this browser has not dismissed."""
    keys = page.evaluate("() => offered(window.gonets.frame)")
    seen = set(stored(page, name).get("seen", []))
    return next((kind for kind in kinds(tips, keys) if kind not in seen), None)


def check_tip(page, kind: str, tips: dict) -> None:
    assert page.inner_text("#guide-title") == tips[kind]["title"]
    assert page.inner_text("#guide-text") == tips[kind]["text"]


def covered_targets(page) -> list[str]:
    """What may be clicked (or pressed) that the tip's box overlaps on the screen."""
    return page.evaluate("""(selector) => {
        const box = document.getElementById('guide').getBoundingClientRect();
        return [...document.querySelectorAll(selector)].filter(el => {
          const r = el.getBoundingClientRect();
          return r.width && r.height && r.left < box.right && r.right > box.left &&
                 r.top < box.bottom && r.bottom > box.top;
        }).map(el => el.getAttribute('data-pick') || el.id || el.tagName);
    }""", TARGETS)


def click_first_step(page, key: str) -> None:
    """Click, as a player would, the element offering ``key`` (on the board, in a panel or in
    the hand docked above a phone's board), or else its button."""
    found = page.evaluate("""(key) => {
        for (const old of document.querySelectorAll('[data-guide-test]'))
          old.removeAttribute('data-guide-test');
        const el = [...document.querySelectorAll(
            '#board .pick[data-pick], #panels .pick[data-pick], #hand-dock .pick[data-pick]')]
          .find(n => n.getAttribute('data-pick').split('|').includes(key) &&
                     n.getClientRects().length);
        if (!el) return false;
        el.setAttribute('data-guide-test', '1');
        return true;
    }""", key)
    if found:
        page.locator("[data-guide-test='1']").first.click(timeout=TIMEOUT)
        if page.locator("#menu:not([hidden])").count():
            page.locator(f"#menu button[data-pick='{key}']").click(timeout=TIMEOUT)
    else:
        page.locator(f"#actions button[data-pick='{key}']").click(timeout=TIMEOUT)
    page.wait_for_function("(k) => window.gonetsPicks.chosen.includes(k)", arg=key,
                           timeout=TIMEOUT)


def move_on(page) -> str | None:
    """The first click of an action of several clicks (a new kind of choice follows at once;
    its key is returned, a reload forgets it), or else a whole action (the game moves on to
    its next decision)."""
    current = page.evaluate("() => window.gonets.frame")
    longer = next((a for a in current["legal"] if len(a["steps"]) > 1
                   and not a["steps"][0].startswith("~")), None)
    if longer is not None:
        click_first_step(page, longer["steps"][0])
        return longer["steps"][0]
    click_action(page, current["legal"][0]["text"])
    return None


def reload(page, chosen: str | None) -> None:
    """Reload the table and make again the first click a reload forgot."""
    page.reload()
    settle(page)
    if chosen is not None:
        click_first_step(page, chosen)


def open_guided_table(page, site, name: str) -> None:
    """The lobby's "Guided first game" of ``name``, under the name typed in its form."""
    page.goto(f"{site.base}/?lang=en")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.fill("#creator-name", "Ann")
    button = page.locator(f"button[data-guided='{name}']")
    assert button.inner_text() == words("en")["guide.start"]
    button.click()
    page.wait_for_url("**/table/**", timeout=TIMEOUT)
    page.wait_for_function("() => window.gonets?.frame?.seats.some(s => s.name === 'Ann')",
                           timeout=TIMEOUT)
    assert "lang=en" in page.url
    seats = page.evaluate("() => window.gonets.frame.seats")
    assert [s["kind"] for s in seats] == ["human", "bot"] and seats[1]["agent"] == "easy"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", GAMES)
def test_a_guided_game_shows_each_kind_of_decision_s_tip_once(site, browser, name, lang):
    tips = guide_prompts(games()[name], lang)
    page_words = words(lang)
    context = browser.new_context(viewport=LAPTOP if lang == "en" else PHONE)
    page = context.new_page()
    try:
        if lang == "en":
            open_guided_table(page, site, name)
            assert stored(page, name) == {"seen": [], "on": True, "played": False}
        else:
            created = site.create(game=name, players=2, seats=[
                {"kind": "human"}, {"kind": "bot", "agent": "easy"}])
            url = created["links"]["seat"]["url"].replace("#", "?lang=ru#", 1)
            open_seat(page, site.base, url, "Аня")
            assert stored(page, name) == {}                 # never played here: tips on
        settle(page)
        assert page.is_checked("#guide-on")
        assert page.inner_text("#guide-switch") == page_words["guide.show"]

        # the first decision: its tip, in the page's language, clear of every target
        first = shown(page)
        assert first is not None and first == due(page, name, tips)
        check_tip(page, first, tips)
        assert page.inner_text("#guide-dismiss") == page_words["guide.dismiss"]
        assert covered_targets(page) == []
        assert no_horizontal_scroll(page)

        # the Rules button still opens How to play, in the page's language
        page.click("#help-open")
        title = page_words["help.title"].replace("{game}", page_words[f"game.{name}.title"])
        page.wait_for_function("(t) => document.querySelector('#help-body h2')?.textContent"
                               " === t", arg=title, timeout=TIMEOUT)
        page.click("#help-close")
        page.wait_for_selector("#help-dialog", state="hidden")

        # dismissed tips go (the next of the same decision, if any, takes the place)
        dismissed = []
        while shown(page) is not None:
            kind = shown(page)
            check_tip(page, kind, tips)
            page.click("#guide-dismiss")
            page.wait_for_function("(k) => document.getElementById('guide').dataset.kind !== k",
                                   arg=kind, timeout=TIMEOUT)
            dismissed.append(kind)
        assert stored(page, name)["seen"] == dismissed
        # ... and stay gone after a reload: the same decision shows no tip
        version = page.evaluate("() => window.gonets.frame.version")
        page.reload()
        settle(page)
        assert page.evaluate("() => window.gonets.frame.version") == version
        assert shown(page) is None and due(page, name, tips) is None

        # a new kind of decision shows its own tip
        for _ in range(15):
            chosen = move_on(page)
            settle(page)
            if shown(page) is not None:
                break
            assert due(page, name, tips) is None
        new = shown(page)
        assert new is not None and new not in dismissed
        assert new == due(page, name, tips)
        check_tip(page, new, tips)
        assert covered_targets(page) == []

        # tips off: none shows, after a reload neither, though one is due
        page.uncheck("#guide-on")
        assert shown(page) is None
        assert stored(page, name)["on"] is False
        reload(page, chosen)
        assert not page.is_checked("#guide-on")
        assert due(page, name, tips) is not None and shown(page) is None
        # off by default in a browser that has played the game to its end
        page.evaluate("(k) => localStorage.setItem(k, JSON.stringify({seen: [], played: true}))",
                      f"gonets-guide:{name}")
        reload(page, chosen)
        assert not page.is_checked("#guide-on") and shown(page) is None
        # and on again by choice
        page.check("#guide-on")
        assert shown(page) == due(page, name, tips) is not None
    finally:
        context.close()
