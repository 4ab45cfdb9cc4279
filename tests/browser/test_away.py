"""Fair turn timers in headless Chromium: a player who misses a deadline is marked away for
everyone at the table, the log credits the bot's move to that player alone, their later turns
go by the short timer, and "I'm back" gives them the whole timer again."""

from __future__ import annotations

import re
import time

from gonets.server import deadlines

from .support import TIMEOUT, frame

MARK = {"en": "(played by a bot for A)", "ru": "(за игрока сыграл бот: A)"}
HUMAN_AND_BOT = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]


def log_lines(page) -> list[str]:
    """The log as the page shows it, without the line numbers."""
    return [re.sub(r"^\d+\.\s*", "", line) for line in page.locator("#log li").all_inner_texts()]


def wait_for_mark(page, mark: str) -> None:
    page.wait_for_function(
        "m => [...document.querySelectorAll('#log li')].some(li => li.textContent.endsWith(m))",
        arg=mark, timeout=TIMEOUT)


def test_a_player_who_misses_a_deadline_is_away_and_then_plays_by_the_short_timer(
        site, browser, context, monkeypatch):
    monkeypatch.setattr(deadlines, "AWAY_SECONDS", 1.0)
    # seed 1: the bot's first move for A is followed, in the same step, by the bot's draw;
    # "premium": seven tokens to win, a game long enough for every step below
    created = site.create(game="loveletter", players=2, preset="premium", turn_seconds=4,
                          name="A", seed=1, seats=HUMAN_AND_BOT)
    table_id = created["id"]
    player = context.new_page()
    player.goto(site.base + "/")
    player.evaluate("k => localStorage.setItem(k, 'A')", f"gonets-name:{table_id}")
    player.goto(f"{site.base}/table/{table_id}#token={created['links']['seat']['token']}")
    other = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        watcher = other.new_page()          # another browser: it does not hold A's secret
        watcher.goto(f"{site.base}/table/{table_id}?lang=ru")
        check_the_table(player, watcher)
    finally:
        other.close()


def check_the_table(player, watcher) -> None:
    """A's own page (English) and a spectator's (Russian), from A's first missed deadline on."""
    # A lets the first deadline pass: everybody sees the away mark by A's name
    for page in (player, watcher):
        page.wait_for_selector("#seats .badge.away[data-away='0']", timeout=TIMEOUT)
    assert player.inner_text("#seats .badge.away") == "away"
    assert watcher.inner_text("#seats .badge.away") == "нет на месте"
    assert "1 s" in player.inner_text("#away-notice")        # A is told, with the short timer
    assert watcher.locator("#away-notice").count() == 0

    # the log credits the bot's move to A, and nothing else (not the bot's own draw)
    for page, lang, own in ((player, "en", "You play"), (watcher, "ru", "A играет")):
        wait_for_mark(page, MARK[lang])
        lines = log_lines(page)
        marked = [line for line in lines if line.endswith(MARK[lang])]
        assert marked and all(line.startswith(own) for line in marked), marked
    lines = log_lines(player)
    first = next(index for index, line in enumerate(lines) if line.endswith(MARK["en"]))
    assert any(line.endswith("bot draws a card") for line in lines[first:])

    # a later turn of A's goes by the short timer
    seen = frame(player)["version"]
    player.wait_for_function(
        "v => { const f = window.gonets?.frame; return f && f.version > v && "
        "f.view.to_move === 0 && f.seats[0].away && f.turn_left !== null; }",
        arg=seen, timeout=TIMEOUT)
    short = frame(player)
    assert short["turn_left"] <= 1.0 and short["away_seconds"] == 1.0
    assert re.search(r"\([01] s left", player.inner_text("#turn-timer"))
    started = time.monotonic()
    player.wait_for_function("v => window.gonets?.frame?.version > v", arg=short["version"],
                             timeout=3_000)          # well before the whole 4 s timer
    assert time.monotonic() - started < 3

    # "I'm back": the mark goes, for everybody, and A's turns have the whole timer again
    player.click("#away-back")
    for page in (player, watcher):
        page.wait_for_selector("#seats .badge.away", state="detached", timeout=TIMEOUT)
    assert player.locator("#away-notice").count() == 0
    player.wait_for_function(
        "() => { const f = window.gonets?.frame; return f && f.view.to_move === 0 && "
        "!f.seats[0].away && f.turn_left > 2; }", timeout=TIMEOUT)
