"""The browser client against the real server and the real games, in headless Chromium."""

from __future__ import annotations

import json

import pytest
from server.helpers import ServerThread  # tests/ is on sys.path (pytest rootdir packages)

from gonets.core import games, seat_names

from .support import (
    TIMEOUT,
    Chooser,
    claim_seat,
    click_action,
    frame,
    open_seat,
    wait_for_decision,
)

OTHER_GAMES = {"czar": 3, "carcassonne": 2, "babayaga": 3}


def need(name):
    if name not in games():
        pytest.skip(f"{name} is not registered yet")
    return games()[name]


def human_vs_bots(site, game, players, seed, agent="random", **extra):
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": agent}] * (players - 1)
    created = site.create(game=game, players=players, seed=seed, seats=seats, **extra)
    return created, created["links"]["seat"]["url"]


def live_table(site, table_id):
    return site.manager.tables[table_id]


def test_a_whole_love_letter_game_won_by_clicking_against_bots(site, context):
    game = need("loveletter")
    agent = "heuristic" if "heuristic" in game.agents() else "random"
    page = context.new_page()
    for seed in range(8):
        created, url = human_vs_bots(site, "loveletter", 2, seed)
        open_seat(page, site.base, url, "Ann")
        chooser = Chooser("loveletter", agent, 0, seed)
        clicks = 0
        while True:
            current = wait_for_decision(page)
            if current["view"]["terminal"]:
                break
            click_action(page, chooser.choose(current))
            clicks += 1
        assert clicks > 0
        if 0 in current["view"]["result"]["winners"]:
            break
    else:
        pytest.fail("the clicking player never won in 8 games")
    assert "won by Ann (p1)" in page.inner_text("#turn")
    assert page.locator("#seats tr.winner").count() >= 1
    lobby = site.http.get("/api/tables").json()
    assert created["id"] in [t["id"] for t in lobby["finished"]]
    # the replay viewer steps back and forth through the record, from any seat or spectator
    page.click("#replay-open")
    page.wait_for_selector("#replay:not([hidden])")
    page.wait_for_function("() => document.querySelector('#replay-pos').textContent"
                           ".startsWith('step')")
    last = page.inner_text("#replay-pos")
    page.click("#replay-first")
    page.wait_for_function("() => document.querySelector('#replay-pos').textContent"
                           ".startsWith('step 0 /')")
    assert page.locator("#log li").count() == 0
    page.click("#replay-next")
    page.click("#replay-next")
    page.wait_for_function("() => document.querySelector('#replay-pos').textContent"
                           ".startsWith('step 2 /')")
    page.select_option("#replay-seat", "spectator")
    page.wait_for_function("() => document.querySelector('#log li') !== null")
    page.click("#replay-last")
    page.wait_for_function("t => document.querySelector('#replay-pos').textContent === t",
                           arg=last)


def test_two_humans_see_their_own_hands_and_a_spectator_sees_none(site, browser):
    game = need("loveletter")
    created = site.create(game="loveletter", players=2, seed=3,
                          seats=[{"kind": "human"}, {"kind": "human"}])
    contexts = [browser.new_context() for _ in range(3)]
    try:
        ann = open_seat(contexts[0].new_page(), site.base, created["links"]["seat"]["url"],
                        "Ann")
        bob = claim_seat(contexts[1].new_page(), site.base, created["links"]["invite"], "Bob")
        watcher = open_seat(contexts[2].new_page(), site.base, created["links"]["spectator"])
        for page in (ann, bob, watcher):
            page.wait_for_function("() => window.gonets?.frame?.status === 'running'",
                                   timeout=TIMEOUT)
        table = live_table(site, created["id"])
        frames = [frame(ann), frame(bob), frame(watcher)]
        for seat, shown in zip((0, 1, None), frames):
            assert shown["version"] == table.version
            assert shown["view"] == table.state.view(seat)
            # the picture is drawn from that seat's view (and the public seat names) only
            assert shown["svg"] == game.render_svg({**table.state.view(seat),
                                                    "names": table.seat_names()})
        assert frames[0]["svg"] != frames[1]["svg"]
        assert frames[2]["view"]["hand"] is None
        public = json.dumps(frames[2]["view"])
        watcher_text = watcher.inner_text("body")
        for seat_frame in frames[:2]:
            for card in seat_frame["view"]["hand"]:
                if card not in public:
                    assert card not in watcher_text
        assert "you are p1" in ann.inner_text("#whoami")
        assert "spectator" in watcher.inner_text("#whoami")
        mover, other = (ann, bob) if frames[0]["legal"] else (bob, ann)
        before = frame(other)["version"]
        choice = frame(mover)["legal"][0]["text"]
        click_action(mover, choice)
        other.wait_for_function("v => window.gonets?.frame?.version > v", arg=before)
        watcher.wait_for_function("v => window.gonets?.frame?.version > v", arg=before)
        assert frame(watcher)["view"]["hand"] is None
    finally:
        for context in contexts:
            context.close()


@pytest.mark.parametrize("game_name", sorted(OTHER_GAMES))
def test_several_turns_by_clicking(site, context, game_name):
    game = need(game_name)
    players = max(game.min_players, min(OTHER_GAMES[game_name], game.max_players))
    _created, url = human_vs_bots(site, game_name, players, seed=1)
    page = open_seat(context.new_page(), site.base, url, "Ann")
    chooser = Chooser(game_name, "random", 0, 1)
    for _turn in range(5):
        current = wait_for_decision(page, timeout=60_000)
        if current["view"]["terminal"]:
            break
        click_action(page, chooser.choose(current))
    assert frame(page)["version"] > 1
    assert page.locator("#log li").count() > 0
    assert page.inner_text("#conn") == "connected"


def test_a_restart_mid_game_resumes_in_the_open_page(tmp_path, context):
    need("loveletter")
    url_db = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    first = ServerThread(url_db, bot_delay=0.05).__enter__()
    port = first.port
    try:
        _created, url = human_vs_bots(first, "loveletter", 2, seed=4)
        page = open_seat(context.new_page(), first.base, url, "Ann")
        chooser = Chooser("loveletter", "random", 0, 4)
        for _ in range(2):
            current = wait_for_decision(page)
            click_action(page, chooser.choose(current))
        before = wait_for_decision(page)
    finally:
        first.__exit__(None, None, None)
    page.wait_for_function("() => document.querySelector('#conn').dataset.state !== "
                           "'connected'", timeout=TIMEOUT)
    with ServerThread(url_db, bot_delay=0.05, port=port):
        page.wait_for_function("() => document.querySelector('#conn').dataset.state === "
                               "'connected'", timeout=TIMEOUT)
        after = wait_for_decision(page)
        assert after["version"] == before["version"]
        assert after["view"] == before["view"] and after["svg"] == before["svg"]
        if not after["view"]["terminal"]:
            click_action(page, chooser.choose(after))
            assert frame(page)["version"] > before["version"]


def test_names_are_shown_as_text_never_as_markup(site, context):
    need("loveletter")
    _created, url = human_vs_bots(site, "loveletter", 2, seed=2)
    page = context.new_page()
    hostile = '<img src=x onerror=pwned=1>'
    open_seat(page, site.base, url, hostile)
    assert hostile in page.inner_text("#seats")
    assert page.locator("#seats img").count() == 0
    assert page.evaluate("() => window.pwned") is None


@pytest.mark.parametrize("lang,names", [
    ("en", ["Vera · heuristic bot", "Oleg · heuristic bot", "Nina · heuristic bot"]),
    ("ru", ["Вера · эвристический бот", "Олег · эвристический бот",
            "Нина · эвристический бот"])])
def test_bots_of_one_level_are_each_called_by_their_own_name(site, context, lang, names):
    """A spectator of three heuristic bots reads three names, in the seat list, the log and
    the end line, in the page's language."""
    need("loveletter")
    created = site.create(game="loveletter", players=3, seed=4, bot_delay=0.0,
                          seats=[{"kind": "bot", "agent": "heuristic"}] * 3)
    page = context.new_page()
    open_seat(page, site.base, created["links"]["spectator"] + f"?lang={lang}")
    page.wait_for_function("() => window.gonets?.frame?.view?.terminal", timeout=TIMEOUT)
    page.wait_for_function("() => document.querySelector('#log li') !== null")
    seats = page.inner_text("#seats")
    badge = "p" if lang == "en" else "игрок "                # the seat's number: p1, игрок 1
    for index, name in enumerate(names):
        assert f"{name} ({badge}{index + 1})" in seats
    log = page.inner_text("#log")
    assert all(name in log for name in names)
    winners = frame(page)["view"]["result"]["winners"]
    turn = page.inner_text("#turn")
    assert all(f"{names[w]} ({badge}{w + 1})" in turn for w in winners) and winners
    # the page names the bots of older tables (no persona) as the server's log does
    generic = {"kind": "bot", "agent": "random", "name": "random bot"}
    for seats in ([generic] * 3, [generic, {"kind": "human", "name": "Ann"},
                                  {"kind": "bot", "agent": "easy", "name": "Oleg"}, generic]):
        shown = page.evaluate("seats => seats.map((s, i) => seatName(seats, i))", seats)
        assert shown == seat_names(seats, lang)


def test_the_lobby_opens_a_table_and_lists_it(site, context):
    need("loveletter")
    page = context.new_page()
    page.goto(site.base + "/")
    page.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
    page.select_option("#game", "loveletter")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("[data-seat='1']", "bot:random")
    page.click("#create-button")
    page.wait_for_function("() => !document.querySelector('#created').hidden || "
                           "document.querySelector('#create-error').textContent")
    assert page.inner_text("#create-error") == ""
    link = page.locator("#created-links a.seat-link").first.get_attribute("href")
    assert "#token=" in link
    page.wait_for_function("() => document.querySelector('#list-open [data-table]') !== null",
                           timeout=TIMEOUT)
    seat_page = context.new_page()
    seat_page.goto(link)
    seat_page.wait_for_selector("#name-form:not([hidden])")
    seat_page.fill("#name-input", "Zoë")
    seat_page.click("#name-form button")
    seat_page.wait_for_function("() => window.gonets?.frame?.status === 'running'")
    assert "Zoë" in seat_page.inner_text("#seats")


def test_clicks_menus_buttons_and_double_clicks_on_the_toy_game(browser, tmp_path):
    """A picture element with one action sends it; one with several opens a menu; actions
    with no element are buttons; a double click sends one action."""
    from server.toygame import GAME as TOY  # the platform test game, registered for this test

    games()[TOY.name] = TOY
    context = browser.new_context()
    try:
        with ServerThread(f"sqlite:///{tmp_path / 'toy.sqlite3'}", bot_delay=0.0) as site:
            created = site.create(game="toy", players=2, preset="long", seed=3, seats=[
                {"kind": "human"}, {"kind": "bot", "agent": "random"}])
            page = open_seat(context.new_page(), site.base, created["links"]["seat"]["url"],
                             "Ann")
            current = wait_for_decision(page)
            assert page.locator("#actions button").count() == 0     # both are in the picture
            page.locator("#board rect.deck").click()
            page.wait_for_selector("#menu:not([hidden])")
            labels = page.locator("#menu button[data-action]").all_inner_texts()
            assert labels == ["Keep my card", "Swap for the top card"]
            page.locator("#menu button[data-action='swap']").click()
            page.wait_for_function("v => window.gonets?.frame?.version > v",
                                   arg=current["version"])
            current = wait_for_decision(page)
            page.locator("#board rect.keep").dblclick()
            page.wait_for_function("v => window.gonets?.frame?.version > v",
                                   arg=current["version"])
            current = wait_for_decision(page)
            steps = site.manager.tables[created["id"]].match.record.steps
            mine = [s["action"] for s in steps if s.get("seat") == 0]
            assert mine == ["swap", "keep"]
            assert not any("repeated click" in e for e in page.evaluate("window.gonets.errors"))
    finally:
        context.close()
        games().pop(TOY.name, None)


def test_a_seat_opened_in_a_second_tab_is_shown_and_taken_back(site, context):
    """One seat plays from one place: the first tab is told when a second opens the seat,
    and taking it back there gives a new secret that shuts the second tab out."""
    need("loveletter")
    created, url = human_vs_bots(site, "loveletter", 2, seed=6)
    first = open_seat(context.new_page(), site.base, url, "Ann")
    second = context.new_page()
    second.goto(site.base + url)
    second.wait_for_function("() => window.gonets?.frame && window.gonets.seat === 0",
                             timeout=TIMEOUT)
    first.wait_for_selector("#displaced:not([hidden])", timeout=TIMEOUT)
    assert "opened in another place" in first.inner_text("#displaced")
    first.click("#take-back")
    first.wait_for_function("t => window.gonets.seat === 0 && !location.hash.includes(t)",
                            arg=created["links"]["seat"]["token"], timeout=TIMEOUT)
    second.wait_for_selector("#displaced:not([hidden])", timeout=TIMEOUT)
    assert second.locator("#take-back").is_hidden()
    assert "taken back" in second.inner_text("#displaced")
    current = wait_for_decision(first)
    assert current["seat"] == 0
