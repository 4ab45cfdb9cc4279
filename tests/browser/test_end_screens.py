"""The end screen of each game, seen by a seated player and by a spectator.

A table of heuristic bots and one human seat (its moves chosen by the heuristic agent from
the frame's view and sent through the page's own ``act``) is played to the end while a
spectator watches in the other language on the other window size. Both pages then show the
final ranking in the page (every player's name, place and score), why the game ended and the
game's deciding numbers; no pop-up covers the board, and the seat sees Rematch in the window
on a laptop (1280x900) and on a phone (390x844) without closing anything. The heading has no
stray "null"; the replay link opens the replay, in the page and at its own address. Baba Yaga
is played competitive and cooperative (the company's outcome; solo: tests/conformance).
"""

from __future__ import annotations

import re

import pytest

from gonets.core import games

from .support import TIMEOUT, Chooser, frame, no_horizontal_scroll, open_seat, wait_for_decision

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

# case: (game, players, preset, seed, the seat's window and language, the spectator's)
CASES = {
    "loveletter": ("loveletter", 3, None, 3, (PHONE, "ru"), (LAPTOP, "en")),
    "czar": ("czar", 3, "classic", 2, (LAPTOP, "en"), (PHONE, "ru")),
    "carcassonne": ("carcassonne", 2, None, 4, (LAPTOP, "ru"), (PHONE, "en")),
    "babayaga": ("babayaga", 2, "competitive", 5, (PHONE, "en"), (LAPTOP, "ru")),
    "babayaga-coop": ("babayaga", 2, "cooperative", 0, (LAPTOP, "ru"), (PHONE, "en")),
}

# What each game's end screen says besides the ranking, by language: words of the reason and
# of the deciding numbers.
WORDS = {
    "loveletter": {"en": ("won the game by reaching", "Last round"),
                   "ru": ("нужные для победы жетоны", "Последний раунд")},
    "czar": {"en": ("", "tie-break"), "ru": ("", "для ничьей")},
    "carcassonne": {"en": ("The tile pile ran out", "Scored at the end"),
                    "ru": ("Плитки кончились", "Очки в конце игры")},
    "babayaga": {"en": ("", "Ended in round"), "ru": ("", "Конец в раунде")},
    "babayaga-coop": {"en": ("together", "Ended in round"), "ru": ("вместе", "Конец в раунде")},
}
GAME_OVER = {"en": "Game over", "ru": "Игра окончена"}


def score_of(game: str, view: dict, seat: int) -> str:
    """The score the ranking shows for a seat, from the finished view itself."""
    if game == "loveletter":
        return str(view["seats"][seat]["tokens"])
    if game == "czar":
        return str(view["seats"][seat]["coin_total"] or 0)
    if game == "carcassonne":
        return str(view["totals"][seat])
    return str(view["rep"][seat])


def play_seat(page, game: str, seed: int) -> None:
    """Play the human seat to the end: the agent's move, sent as the page sends a click's."""
    chooser = Chooser(game, "heuristic", 0, seed)
    while True:
        current = wait_for_decision(page, timeout=60_000)
        if current["view"]["terminal"]:
            return
        page.evaluate("text => act(text)", chooser.choose(current))
        page.wait_for_function("v => window.gonets?.frame?.version > v", arg=current["version"],
                               timeout=TIMEOUT)


def in_sight(page, selector: str) -> bool:
    """Whether the element is inside the window and nothing lies over its middle."""
    return page.evaluate("""(selector) => {
        const el = document.querySelector(selector);
        if (!el || !el.getClientRects().length) return false;
        const r = el.getBoundingClientRect();
        if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && (hit === el || el.contains(hit));
    }""", selector)


def check_end_screen(page, case: str, lang: str) -> dict:
    """The ranking, the reason, the deciding numbers and the heading of a finished table."""
    game = CASES[case][0]
    page.wait_for_selector("#final:not([hidden])", timeout=TIMEOUT)
    current = frame(page)
    view = current["view"]
    heading = page.inner_text("#turn")
    assert heading.startswith(GAME_OVER[lang]), heading
    assert not re.search(r"null|undefined|NaN", heading), heading
    assert page.locator("#popup").is_hidden(), "a pop-up covers the board at the end"
    names = page.evaluate("() => gonets.frame.seats.map((s, i) => seatName(gonets.frame.seats, i))")
    rows = page.locator("#final-table tr[data-seat]")
    assert rows.count() == view["players"]
    shown = {}
    for index in range(rows.count()):
        row = rows.nth(index)
        seat = int(row.get_attribute("data-seat"))
        cells = row.locator("td").all_inner_texts()
        shown[seat] = cells
        assert cells[1].startswith(names[seat]), (cells, names[seat])
        score = row.locator("td.score").inner_text()
        assert re.search(rf"(^|\D){score_of(game, view, seat)}(\D|$)", score), (seat, cells)
    ranks = [int(shown[row["seat"]][0]) for row in current["final"]["rows"]]
    assert ranks == sorted(ranks) and ranks[0] == 1, ranks
    for winner in view["result"]["winners"]:
        assert shown[winner][0] == "1", (winner, shown)
    reason = page.inner_text("#final-reason").strip()
    reason_word, deciding_word = WORDS[case][lang]
    assert reason and reason_word in reason, reason
    if game == "czar":         # the reason is the game's last log line, as the log wrote it
        assert reason[1:] in page.locator("#log li").last.inner_text(), reason
    assert deciding_word in page.inner_text("#final-lines")
    header = [cell.strip() for cell in page.locator("#final-table th").all_text_contents()]
    assert header[:2] == (["Place", "Player"] if lang == "en" else ["Место", "Игрок"]), header
    text = page.inner_text("#final")
    assert not re.search(r"null|undefined|NaN|\{\w+\}", text), text
    if lang == "ru":
        assert not re.search(r"\b(rubles|points|tokens|Rep|round)\b", text), text
    return current


def check_replay_link(page, context, base: str, steps: int) -> None:
    """The end screen's replay link opens the replay at the last step, here and at its own
    address."""
    link = page.get_attribute("#final-replay", "href")
    assert link.endswith("#replay")
    page.click("#final-replay")
    at_last_step(page, steps)
    assert page.locator("#board svg").count()
    other = context.new_page()
    other.goto(base + link)
    at_last_step(other, steps)
    other.close()


def at_last_step(page, steps: int) -> None:
    """Wait until the replay shows its last step ("step 80 / 80", "ход 80 из 80")."""
    page.wait_for_selector("#replay:not([hidden])", timeout=TIMEOUT)
    page.wait_for_function("s => (document.getElementById('replay-pos').textContent"
                           ".match(/\\d+/g) || []).join() === `${s},${s}`", arg=steps,
                           timeout=TIMEOUT)


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_end_screen_ranks_every_player_and_leaves_rematch_in_sight(site, browser, case):
    game, players, preset, seed, (seat_window, seat_lang), (watch_window, watch_lang) = CASES[case]
    if game not in games():
        pytest.skip(f"{game} is not registered")
    spec = {"game": game, "players": players, "seed": seed,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "agent": "heuristic"}] * (players - 1)}
    if preset:
        spec["preset"] = preset
    created = site.create(**spec)
    seat_url = created["links"]["seat"]["url"].replace("#", f"?lang={seat_lang}#", 1)
    watch_url = created["links"]["spectator"] + f"?lang={watch_lang}"
    phone = {"has_touch": True, "is_mobile": True}
    seat_context = browser.new_context(viewport=seat_window,
                                       **(phone if seat_window == PHONE else {}))
    watch_context = browser.new_context(viewport=watch_window,
                                        **(phone if watch_window == PHONE else {}))
    try:
        watcher = watch_context.new_page()
        open_seat(watcher, site.base, watch_url)
        seat = seat_context.new_page()
        open_seat(seat, site.base, seat_url, "Ann")
        play_seat(seat, game, seed)
        final = check_end_screen(seat, case, seat_lang)
        assert seat.locator("#final-table tr[data-seat='0'] .marks").inner_text()
        assert in_sight(seat, "#rematch-button"), "Rematch is not in sight at the end"
        other_window = LAPTOP if seat_window == PHONE else PHONE
        seat.set_viewport_size(other_window)
        assert in_sight(seat, "#rematch-button"), f"Rematch is out of sight at {other_window}"
        watcher.wait_for_function("() => window.gonets?.frame?.view?.terminal", timeout=60_000)
        check_end_screen(watcher, case, watch_lang)
        for page in (seat, watcher):
            if page.viewport_size == PHONE:
                assert no_horizontal_scroll(page), "the phone page scrolls sideways"
        check_replay_link(watcher, watch_context, site.base, final["version"])
    finally:
        seat_context.close()
        watch_context.close()
