"""Love Letter played by clicking the page, on a laptop-sized and a phone-sized window.

A human seat against heuristic bots, whole games: the human's moves are chosen by the
heuristic agent from the frame's view (an action with a kind of click not made yet is
preferred when one is offered, so that the guess strip, a second player and so on are used)
and performed by clicking: the card in hand, the player's area (protected players greyed),
the guess on the strip of card faces; buttons only for "none" endings. The round summary pops
up after every round and is read.
"""

from __future__ import annotations

import re

import pytest

from gonets.core import games

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

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
INTERNAL = re.compile(r"\b(card|target|also|guess|look|keep|under|bishop):[a-z0-9]|\bp\d:|"
                      r"\b(round_end|last_standing|game_won)\b")
ON_THE_PICTURE = {"card", "target", "also", "guess", "look", "keep", "under", "bishop"}


def need_loveletter():
    if "loveletter" not in games():
        pytest.skip("loveletter is not registered")


def new_table(site, players: int, seed: int, lang: str, preset: str = "seed") -> str:
    created = site.create(game="loveletter", players=players, seed=seed, preset=preset,
                          seats=[{"kind": "human"}]
                          + [{"kind": "bot", "agent": "heuristic"}] * (players - 1))
    url = created["links"]["seat"]["url"]
    return url.replace("#", f"?lang={lang}#", 1) if lang != "en" else url




def board_offers(page, key: str) -> bool:
    """Whether a highlighted, visible element of the picture carries ``key`` now."""
    return page.evaluate("""(key) => [...document.querySelectorAll('#board .pick[data-pick]')]
        .some(el => el.getClientRects().length &&
                    el.getAttribute('data-pick').split('|').includes(key))""", key)


def greyed_seats(page) -> list[int]:
    return page.evaluate("""() => [...document.querySelectorAll('#board g.seat.pick-off')]
        .map(el => Number(el.getAttribute('data-seat')))""")


def buttons(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#actions button[data-pick]')]"
                         ".map(b => b.getAttribute('data-pick'))")


def click_visible(page, key: str) -> None:
    """``click_key``, but on the visible element offering ``key``: the guess strips of every
    player carry the same keys, and only the chosen player's strip is shown (support.py's
    ``click_key`` takes the first element in the document, shown or not)."""
    marked = page.evaluate("""(key) => {
        for (const old of document.querySelectorAll('[data-test-target]'))
            old.removeAttribute('data-test-target');
        const el = [...document.querySelectorAll('#board .pick[data-pick]')].find(el =>
            el.getClientRects().length && el.getAttribute('data-pick').split('|').includes(key));
        if (el) el.setAttribute('data-test-target', '1');
        return !!el;
    }""", key)
    if marked:
        page.locator("[data-test-target='1']").click(timeout=TIMEOUT)
    else:
        click_key(page, key)


def read_popup(page, seen: dict) -> None:
    """Read and dismiss the round summary when it is up."""
    popup = page.locator("#popup:not([hidden])")
    if popup.count():
        text = popup.inner_text()
        assert not INTERNAL.search(text), text
        seen["summaries"].append(text)
        page.click("#popup-close")


def choose(chooser: Chooser, current: dict, seen: dict) -> str:
    """The agent's move, except that an action with a kind of click not made yet (a guess,
    a second player, a look, the Bishop's answer...) is taken when one is offered."""
    text = chooser.choose(current)
    usual = {"card", "target"} | seen["families"]
    fresh = [a for a in current["legal"]
             if {key.split(":")[0] for key in a["steps"]} - usual]
    if fresh and text not in [a["text"] for a in fresh]:
        return max(fresh, key=lambda a: len(a["steps"]))["text"]
    return text


def small_targets(page) -> list[str]:
    """Clickable picture elements smaller than a 40 px finger, as 'key WxH'."""
    return page.evaluate("""() => [...document.querySelectorAll('#board .pick[data-pick]')]
        .filter(el => el.getClientRects().length)
        .map(el => [el.getAttribute('data-pick'), el.getBoundingClientRect()])
        .filter(([, r]) => r.width < 40 || r.height < 40)
        .map(([key, r]) => `${key} ${Math.round(r.width)}x${Math.round(r.height)}`)""")


def perform(page, current: dict, action: dict, seen: dict, shot=None) -> None:
    """Click every step of ``action``, checking the prompt, where each key is offered, the
    greyed protected players and the guess strip."""
    view = current["view"]
    for index, key in enumerate(action["steps"]):
        read_popup(page, seen)
        said = page.inner_text("#prompt")
        assert said and not INTERNAL.search(said), said
        seen["prompts"].add(said)
        offered = buttons(page)
        assert not INTERNAL.search(page.inner_text("#actions")), offered
        family = key.split(":")[0]
        if seen["phone"]:
            assert not small_targets(page), small_targets(page)
        if key.endswith(":none") or family not in ON_THE_PICTURE:
            assert key in offered, (key, offered)
        else:
            assert board_offers(page, key), f"{key} is not offered on the picture"
            assert key not in offered, (key, offered)
        if family == "target":
            shut = [s["seat"] for s in view["seats"]
                    if s["seat"] != view["seat"] and (s["protected"] or not s["in_round"])]
            greyed = greyed_seats(page)
            assert set(shut) <= set(greyed), (shut, greyed)
            protected = {q for q in shut if view["seats"][q]["protected"]}
            if protected and shot and not seen["greyed"] and seen["shot_at"] == "greyed":
                shot()
            seen["greyed"] |= protected
        if family == "guess":
            path = "/".join(action["steps"][:index])
            # one strip per arrangement (5-8 players have two): the shown one is drawn
            strips = page.locator(f"#board g.guesses[data-show='{path}']")
            assert strips.evaluate_all("""els => els.filter(el => el.getClientRects().length &&
                getComputedStyle(el).display !== 'none').length""") == 1
            others = page.locator(f"#board g.guesses:not([data-show='{path}'])")
            assert all(d == "none" for d in others.evaluate_all(
                "els => els.map(el => getComputedStyle(el).display)"))
            seen["strips"] += 1
            if shot and seen["strips"] == 1 and seen["shot_at"] == "strip":
                shot()
        if family == "guess":
            click_visible(page, key)
        else:
            click_key(page, key)
        if index < len(action["steps"]) - 1:
            page.wait_for_function("n => gonetsPicks.chosen.length === n", arg=index + 1,
                                   timeout=TIMEOUT)


def play_a_game(page, base: str, url: str, seed: int, shot=None, laptop=True,
                shot_at: str = "strip") -> dict:
    """Play the human seat to the end of the game by clicking; what was seen on the way.
    ``shot`` is called once: at the first guess strip, or (``shot_at="greyed"``) the first
    time a protected player is greyed while a target is chosen."""
    open_seat(page, base, url, "Ann")
    chooser = Chooser("loveletter", "heuristic", 0, seed)
    seen = {"moves": 0, "greyed": set(), "strips": 0, "prompts": set(), "summaries": [],
            "least_font": 1e9, "scroll_ok": True, "families": set(), "shot_at": shot_at,
            "phone": not laptop}
    while True:
        current = wait_for_decision(page, timeout=60_000)
        read_popup(page, seen)
        if current["view"]["terminal"]:
            break
        seen["least_font"] = min(seen["least_font"], smallest_text_px(page))
        seen["scroll_ok"] &= no_horizontal_scroll(page)
        text = choose(chooser, current, seen)
        action = next(a for a in current["legal"] if a["text"] == text)
        perform(page, current, action, seen, shot)
        page.wait_for_function("v => window.gonets?.frame?.version > v", arg=current["version"],
                               timeout=TIMEOUT)
        seen["families"] |= {key.split(":")[0] for key in action["steps"]}
        seen["moves"] += 1
    return seen


def check_scores(page, words: tuple[str, ...]) -> None:
    head = page.inner_text("#seats")
    for word in words:
        assert word in head, (word, head)


def test_a_two_player_game_by_clicking_on_a_laptop(site, context, screenshots):
    need_loveletter()
    page = context.new_page()
    path = str(screenshots / "loveletter-laptop.png")
    seen = play_a_game(page, site.base, new_table(site, 2, 5, "en"), 5,
                       shot=lambda: page.screenshot(path=path))
    current = frame(page)
    assert current["view"]["terminal"] and seen["moves"] >= 5
    assert seen["strips"] >= 1, "no guess was made on the strip"
    assert {"card", "target", "guess"} <= seen["families"], seen["families"]
    assert seen["least_font"] >= 11, seen["least_font"]
    assert seen["scroll_ok"]
    rounds = sum(1 for e in current["view"]["log"] if e["e"] == "round_end")
    assert len(seen["summaries"]) >= rounds - 1 >= 1, seen["summaries"]
    assert any(re.search(r"Round \d+: (you win|p2 wins)", s) for s in seen["summaries"])
    assert any("Play one of your two cards" in p for p in seen["prompts"])
    assert any("Guess a card" in p for p in seen["prompts"])
    check_scores(page, ("Tokens (3 win)", "Round", "Discards Σ"))


def test_a_four_player_game_by_clicking_on_a_phone_in_russian(site, browser, screenshots):
    need_loveletter()
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        path = str(screenshots / "loveletter-phone.png")
        seen = play_a_game(page, site.base, new_table(site, 4, 2, "ru"), 2,
                           shot=lambda: page.screenshot(path=path), laptop=False,
                           shot_at="greyed")
        current = frame(page)
        assert current["view"]["terminal"] and seen["moves"] >= 5
        assert seen["scroll_ok"]
        # the whole table fits the phone's board box: no word under the 70% of 12 px that
        # the client keeps when it zooms a picture on a phone
        assert seen["least_font"] >= 8.4, seen["least_font"]
        assert seen["strips"] >= 1, "no guess was made on the strip"
        assert seen["greyed"], "no protected player was ever shown greyed"
        assert any("Раунд" in s for s in seen["summaries"]), seen["summaries"]
        assert any("Сыграйте одну из двух карт" in p for p in seen["prompts"])
        check_scores(page, ("Жетоны (до 3)", "Раунд"))
        text = page.inner_text("body")
        assert "Тайное послание" in page.inner_text("#board")
        assert "Стражница" in text or "Стражница" in page.inner_text("#board")
        box = page.locator("#actions").bounding_box()
        assert box is None or box["x"] + box["width"] <= PHONE["width"]
    finally:
        context.close()


def test_a_five_player_game_with_the_extended_deck_on_a_laptop(site, browser):
    """Two columns of seats; a Baroness or Cardinal names its second player on the picture,
    the Bishop's victim answers on it; words stay readable."""
    need_loveletter()
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = context.new_page()
        seen = play_a_game(page, site.base, new_table(site, 5, 3, "en"), 3)
        assert frame(page)["view"]["terminal"]
        # the laptop's board shows the wide arrangement, the phone's narrow one is hidden
        shown = page.evaluate("""() => { const svg = document.querySelector('#board svg');
            return [svg.classList.contains('narrow'),
                    ...['.ll-wide', '.ll-narrow'].map(css =>
                        svg.querySelector(css).getClientRects().length > 0)]; }""")
        assert shown == [False, True, False], shown
        assert {"card", "target", "guess", "also"} <= seen["families"], seen["families"]
        assert seen["least_font"] >= 11, seen["least_font"]
        assert seen["scroll_ok"] and seen["greyed"]
    finally:
        context.close()
