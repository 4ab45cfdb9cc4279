"""The platform around the games, in headless Chromium: pages that never go dead (no such
table, a wrong or stale seat link, a refused name, a lost connection), the table chat, the
rematch, the log's marks for moves a bot made for an absent player, the lobby (player counts
bound by the preset, the first click kept, rules help, two languages) and the layout on a
phone and a laptop."""

from __future__ import annotations

import re
import time

import pytest
from server.helpers import ServerThread  # tests/ is on sys.path (pytest rootdir packages)

from gonets.core import games

from .support import (
    TIMEOUT,
    claim_seat,
    click_action,
    frame,
    no_horizontal_scroll,
    open_seat,
    wait_for_decision,
)

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def toy_site(tmp_path):
    """A real server with the platform's test game registered (quick two-turn matches)."""
    from server.toygame import GAME as TOY

    games()[TOY.name] = TOY
    try:
        with ServerThread(f"sqlite:///{tmp_path / 'toy.sqlite3'}", bot_delay=0.0) as site:
            yield site
    finally:
        games().pop(TOY.name, None)


def two_seats(site, **spec):
    return site.create(game="toy", players=2, seats=[{"kind": "human"}] * 2, **spec)


def notice(page, kind: str) -> str:
    page.wait_for_selector(f"#notice[data-kind='{kind}']:not([hidden])", timeout=TIMEOUT)
    return page.inner_text("#notice")


def stored_keys(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")



def small_targets(page) -> list[str]:
    """Visible controls a finger cannot hit well (under 40 px high)."""
    return page.evaluate("""() => [...document.querySelectorAll(
        'button, select, input:not([type=hidden]), a.button, summary, .tables a')]
      .filter(el => el.offsetParent !== null)
      .map(el => [el, el.getBoundingClientRect()])
      .filter(([el, r]) => r.width > 0 && r.height < 40)
      .map(([el, r]) => `${el.tagName}#${el.id}.${el.className} ${Math.round(r.height)}px`)""")


# -- never a dead page --------------------------------------------------------------------------
def test_a_table_that_does_not_exist_says_so_and_leads_back_to_the_lobby(toy_site, context):
    page = context.new_page()
    page.goto(toy_site.base + "/table/nosuchtable#token=whatever")
    text = notice(page, "no_table")
    assert "There is no table nosuchtable" in text
    time.sleep(2.5)                                          # lasting, not a flash
    assert page.locator("#notice").is_visible()
    assert page.get_attribute("#conn", "data-state") == "closed"
    assert not any(key.startswith("gonets-seat") for key in stored_keys(page))
    assert page.locator("#chat").is_hidden() and page.locator("#board").is_hidden()  # no shell
    page.click("#notice-lobby")
    page.wait_for_url(toy_site.base + "/")
    page.wait_for_selector("#create-form")


def test_a_wrong_or_stale_seat_link_offers_to_watch_and_keeps_nothing(toy_site, context):
    created = two_seats(toy_site)
    page = context.new_page()
    page.goto(toy_site.base + f"/table/{created['id']}#token=not-the-secret")
    text = notice(page, "bad_token")
    assert "not valid for this table" in text and "spectator" in text
    assert "#token" not in page.url
    assert f"gonets-seat:{created['id']}" not in stored_keys(page)
    page.click("#notice-watch")
    page.wait_for_function("() => window.gonets?.frame && window.gonets.seat === null",
                           timeout=TIMEOUT)
    assert page.locator("#notice").is_hidden()
    assert "spectator" in page.inner_text("#whoami")
    # a secret this browser kept from before (replaced since) is forgotten the same way
    page.evaluate("id => localStorage.setItem('gonets-seat:' + id, 'an-old-secret')",
                  created["id"])
    page.goto(toy_site.base + f"/table/{created['id']}")
    notice(page, "bad_token")
    assert f"gonets-seat:{created['id']}" not in stored_keys(page)


def test_a_refused_name_brings_the_form_back_and_is_never_kept(toy_site, context):
    created = two_seats(toy_site)
    page = context.new_page()
    key = f"gonets-name:{created['id']}"
    # a name this browser saved before that the server now refuses: asked again, forgotten
    page.goto(toy_site.base + "/")
    page.evaluate("k => localStorage.setItem(k, 'random bot')", key)
    page.goto(toy_site.base + created["links"]["seat"]["url"])
    page.wait_for_selector("#name-form:not([hidden])", timeout=TIMEOUT)
    page.wait_for_function("() => document.querySelector('#name-error').textContent !== ''",
                           timeout=TIMEOUT)
    assert "looks like a bot" in page.inner_text("#name-error")
    assert key not in stored_keys(page)
    for bad, says in (("   ", "at least one visible character"),
                      ("\u200b\u200b", "invisible character U+200B"),
                      ("An\u00a0n", "only plain spaces")):
        page.fill("#name-input", bad)
        page.click("#name-form button")
        page.wait_for_function("s => document.querySelector('#name-error').textContent"
                               ".includes(s)", arg=says, timeout=TIMEOUT)
        assert page.locator("#name-form").is_visible()
        assert key not in stored_keys(page)
    page.fill("#name-input", "Ann")
    page.click("#name-form button")
    page.wait_for_selector("#name-form", state="hidden", timeout=TIMEOUT)
    assert stored_keys(page)[key] == "Ann"
    # an invited friend whose name is refused keeps the claim form, with the reason
    friend = context.browser.new_context()
    try:
        other = friend.new_page()
        other.goto(toy_site.base + created["links"]["invite"])
        other.wait_for_selector("#claim-form:not([hidden])", timeout=TIMEOUT)
        other.fill("#claim-name", "\u2800")
        other.click("#claim-form button")
        other.wait_for_function("() => document.querySelector('#claim-error').textContent",
                                timeout=TIMEOUT)
        assert "blank" in other.inner_text("#claim-error")
        assert other.locator("#claim-form").is_visible()
        assert not any(k.startswith("gonets-seat") for k in stored_keys(other))
        claim_seat(other, toy_site.base, created["links"]["invite"], "Bob")
    finally:
        friend.close()


def test_a_lost_connection_counts_down_and_comes_back(tmp_path, context):
    from server.toygame import GAME as TOY

    games()[TOY.name] = TOY
    url = f"sqlite:///{tmp_path / 'lost.sqlite3'}"
    first = ServerThread(url, bot_delay=0.0).__enter__()
    port = first.port
    try:
        created = first.create(game="toy", players=2, seats=[
            {"kind": "human"}, {"kind": "bot", "agent": "random"}])
        page = open_seat(context.new_page(), first.base, created["links"]["seat"]["url"],
                         "Ann")
    finally:
        first.__exit__(None, None, None)
    try:
        text = notice(page, "lost")
        assert re.search(r"connection to the server was lost\. Reconnecting in \d+ s", text)
        assert page.locator("#notice-reconnect").is_visible()
        page.wait_for_function(
            "() => /in [2-8] s/.test(document.querySelector('#notice-text').textContent)",
            timeout=TIMEOUT)                                  # the wait grows, and counts down
        with ServerThread(url, bot_delay=0.0, port=port):
            page.click("#notice-reconnect")
            page.wait_for_function("() => document.querySelector('#conn').dataset.state === "
                                   "'connected'", timeout=TIMEOUT)
            page.wait_for_selector("#notice", state="hidden", timeout=TIMEOUT)
            assert frame(page)["seat"] == 0
    finally:
        games().pop(TOY.name, None)


# -- chat ---------------------------------------------------------------------------------------
def test_players_and_spectators_chat_as_text(toy_site, browser):
    created = two_seats(toy_site)
    contexts = [browser.new_context() for _ in range(2)]
    try:
        ann = open_seat(contexts[0].new_page(), toy_site.base, created["links"]["seat"]["url"],
                        "Ann")
        watcher = open_seat(contexts[1].new_page(), toy_site.base,
                            created["links"]["spectator"])
        watcher.wait_for_function("() => document.querySelector('#chat-self').textContent",
                                  timeout=TIMEOUT)
        assert "spectator 1" in watcher.inner_text("#chat-self")
        hostile = '<img src=x onerror="window.pwned=1"> hello'
        ann.fill("#chat-input", hostile)
        ann.press("#chat-input", "Enter")
        watcher.wait_for_function("t => [...document.querySelectorAll('#chat-log li .text')]"
                                  ".some(li => li.textContent === t)", arg=hostile,
                                  timeout=TIMEOUT)
        assert watcher.locator("#chat-log img").count() == 0
        assert watcher.evaluate("() => window.pwned") is None
        assert "Ann" in watcher.inner_text("#chat-log")
        ann.wait_for_function("() => document.querySelector('#chat-input').value === ''")
        watcher.fill("#chat-input", "good luck")
        watcher.click("#chat-form button")
        ann.wait_for_function("() => document.querySelector('#chat-log').textContent"
                              ".includes('spectator 1')", timeout=TIMEOUT)
        watcher.fill("#chat-name", "Zoë")
        watcher.click("#chat-name-form button")
        watcher.wait_for_function("() => document.querySelector('#chat-self').textContent"
                                  ".includes('Zoë')", timeout=TIMEOUT)
        watcher.fill("#chat-input", "from Zoë")
        watcher.click("#chat-form button")
        ann.wait_for_function("() => document.querySelector('#chat-log').textContent"
                              ".includes('Zoëfrom Zoë') || [...document.querySelectorAll("
                              "'#chat-log li')].some(li => li.textContent.includes('Zoë from'))",
                              timeout=TIMEOUT)
        # past the rate: a clear message. The seven lines go in one go (a loaded machine
        # can take ten seconds over seven clicks, and then no line is too fast)
        ann.evaluate("""() => { for (let i = 0; i < 7; i++) {
            document.querySelector('#chat-input').value = `line ${i}`;
            document.querySelector('#chat-form').requestSubmit(); } }""")
        ann.wait_for_function("() => document.querySelector('#chat-error').textContent"
                              ".includes('too fast')", timeout=TIMEOUT)
        # reloading brings the history back
        ann.reload()
        ann.wait_for_function("() => document.querySelectorAll('#chat-log li').length >= 3",
                              timeout=TIMEOUT)
        assert hostile in ann.inner_text("#chat-log")
    finally:
        for context in contexts:
            context.close()


# -- rematch ------------------------------------------------------------------------------------
def play_to_the_end(pages):
    """Each seat clicks its first legal action until the game is over."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        frames = [frame(page) for page in pages]
        if all(f["view"]["terminal"] for f in frames):
            return
        for page, current in zip(pages, frames):
            if current["legal"] and not page.evaluate("() => window.gonets.pending"):
                click_action(page, current["legal"][0]["text"])
        time.sleep(0.1)
    raise AssertionError("the game did not end")


def test_a_rematch_opens_with_one_click_and_the_others_join_with_one(toy_site, browser):
    created = toy_site.create(game="toy", players=3, preset="long", seats=[
        {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "random"}])
    contexts = [browser.new_context() for _ in range(3)]
    try:
        ann = open_seat(contexts[0].new_page(), toy_site.base, created["links"]["seat"]["url"],
                        "Ann")
        bob = claim_seat(contexts[1].new_page(), toy_site.base, created["links"]["invite"],
                         "Bob")
        watcher = open_seat(contexts[2].new_page(), toy_site.base,
                            created["links"]["spectator"])
        play_to_the_end([ann, bob])
        ann.wait_for_selector("#rematch-box:not([hidden])", timeout=TIMEOUT)
        assert watcher.locator("#rematch-box").is_hidden()     # nothing to offer yet
        ann.click("#rematch-button")
        ann.wait_for_function("id => window.gonets?.frame && window.gonets?.frame?.table !== id",
                              arg=created["id"], timeout=TIMEOUT)
        new_id = frame(ann)["table"]
        assert frame(ann)["seat"] == 0 and frame(ann)["seats"][0]["name"] == "Ann"
        assert [s["kind"] for s in frame(ann)["seats"]] == ["human", "human", "bot"]
        bob.wait_for_function("() => window.gonets?.frame?.rematch", timeout=TIMEOUT)
        assert new_id in bob.inner_text("#rematch-text")
        watcher.wait_for_selector("#rematch-watch:not([hidden])", timeout=TIMEOUT)
        spectator_text = watcher.inner_text("#rematch-text")      # no seat is offered to it
        assert new_id in spectator_text and "seat" not in spectator_text
        assert watcher.locator("#rematch-button").is_hidden()
        bob.click("#rematch-button")
        bob.wait_for_function("id => window.gonets?.frame && window.gonets?.frame?.table === id "
                              "&& window.gonets.seat === 1", arg=new_id, timeout=TIMEOUT)
        ann.wait_for_function("() => window.gonets?.frame?.status === 'running'", timeout=TIMEOUT)
        assert frame(bob)["seats"][1]["name"] == "Bob"
        ann_secret = stored_keys(ann.context.pages[0])[f"gonets-seat:{new_id}"]
        bob_secret = stored_keys(bob)[f"gonets-seat:{new_id}"]
        assert ann_secret != bob_secret
        assert bob_secret not in str(stored_keys(ann)) and ann_secret not in str(stored_keys(bob))
        watcher.click("#rematch-watch")
        watcher.wait_for_function("id => window.gonets?.frame && window.gonets?.frame?.table === "
                                  "id", arg=new_id, timeout=TIMEOUT)
        assert frame(watcher)["seat"] is None
    finally:
        for context in contexts:
            context.close()


# -- the turn timer's stand-in ------------------------------------------------------------------
@pytest.mark.parametrize("lang,mark", [("en", "(played by a bot for Ann)"),
                                       ("ru", "(за игрока сыграл бот: Ann)")])
def test_moves_a_bot_made_for_an_absent_player_are_marked(toy_site, context, lang, mark):
    created = toy_site.create(game="toy", players=2, turn_seconds=1, seats=[
        {"kind": "human"}, {"kind": "bot", "agent": "random"}])
    page = context.new_page()
    page.goto(toy_site.base + "/")
    page.evaluate("k => localStorage.setItem(k, 'Ann')", f"gonets-name:{created['id']}")
    page.goto(f"{toy_site.base}/table/{created['id']}?lang={lang}"
              f"#token={created['links']['seat']['token']}")
    page.wait_for_function("() => window.gonets?.frame && window.gonets?.frame?.view.terminal",
                           timeout=30_000)
    lines = page.locator("#log li").all_inner_texts()
    assert sum(line.endswith(mark) for line in lines) >= 2


# -- lobby --------------------------------------------------------------------------------------
def test_player_counts_follow_the_preset_and_the_first_click_opens_the_table(site, context):
    game = games()["loveletter"]
    page = context.new_page()
    page.goto(site.base + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.select_option("#game", "loveletter")
    low, high = game.player_range(game.default_preset)
    assert page.get_attribute("#players", "min") == str(low)
    assert page.get_attribute("#players", "max") == str(high)
    for typed in ("99", "100000", "-5", "1e9"):
        started = time.monotonic()
        page.fill("#players", typed)
        rows = page.locator("#seat-rows [data-seat]").count()
        assert low <= rows <= high and time.monotonic() - started < 5
    before = site.http.get("/api/tables").json()
    for typed in ("99", "100000", "-3", "2.5", ""):          # said, never silently changed
        page.fill("#players", typed)
        page.locator("#creator-name").click()               # the blur: no rows rebuilt
        assert page.input_value("#players") == typed
        page.click("#create-button")
        assert f"from {low} to {high}" in page.inner_text("#create-error"), typed
    assert page.locator("#seat-rows [data-seat]").count() == low
    page.fill("#players", "3")
    page.fill("#creator-name", "   ")
    page.click("#create-button")
    assert "visible character" in page.inner_text("#create-error")
    page.fill("#creator-name", "")
    page.click("#options-box summary")                       # the pace: an advanced option
    page.fill("#bot-delay", "99")                            # the server's refusal, in words
    page.click("#options-box summary")                       # folded again: opened to show it
    page.click("#create-button")
    page.wait_for_function("() => document.querySelector('#create-error').textContent",
                           timeout=TIMEOUT)
    refused = page.inner_text("#create-error")
    assert "Bot pace" in refused and "bot_delay" not in refused and "30" in refused
    assert page.evaluate("document.querySelector('#options-box').open")
    assert page.evaluate("document.activeElement.id") == "bot-delay"
    page.fill("#bot-delay", "1")
    assert site.http.get("/api/tables").json() == before       # nothing was made
    page.fill("#players", "3")
    page.select_option("[data-seat='1']", "bot:random")
    page.fill("#players", str(min(4, high)))                # rows kept while typing
    assert page.input_value("[data-seat='1']") == "bot:random"
    page.fill("#players", "3")
    page.click("#create-button")                            # straight from the field: one click
    page.wait_for_selector("#created:not([hidden])", timeout=TIMEOUT)
    assert page.inner_text("#create-error") == ""
    table_id = page.inner_text("#created-title").split()[1]
    summary = site.http.get(f"/api/tables/{table_id}").json()
    assert summary["players"] == 3 and summary["seats"][1]["kind"] == "bot"


def switch_language(page, lang):
    """Pick ``lang`` in the switch and wait for the page it reloads into."""
    with page.expect_navigation(url=f"**lang={lang}*", timeout=TIMEOUT):
        page.select_option("#lang-switch", lang)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == lang


def test_the_lobby_and_table_show_each_game_s_rules_and_speak_russian(site, context):
    page = context.new_page()
    page.goto(site.base + "/?lang=ru")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert page.inner_text("#create-button") == "Открыть стол"
    assert "Тайное послание" in page.inner_text("#games-list")
    for name, game in games().items():
        if name == "toy":
            continue
        page.click(f"#games-list [data-help='{name}']")
        page.wait_for_selector("#help-dialog[open] h2", timeout=TIMEOUT)
        page.wait_for_function("() => !document.querySelector('#help-body').textContent"
                               ".includes('Загрузка')", timeout=TIMEOUT)
        body = page.inner_text("#help-body")
        assert body.startswith("Как играть")
        first = next((line.lstrip("# ").strip() for line in game.help("ru").splitlines()
                      if line.startswith("#")), None)
        if first:
            assert first in body
        assert page.locator("#help-body script, #help-body img").count() == 0
        page.click("#help-close")
        page.wait_for_selector("#help-dialog", state="hidden")
    # the switch is remembered by this browser
    switch_language(page, "en")
    page.goto(site.base + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert page.inner_text("#create-button") == "Open table"
    switch_language(page, "ru")
    page.goto(site.base + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert page.inner_text("h2 >> nth=0") == "Открыть стол"
    # the table page has the rules too, in the same language
    created = site.create(game="loveletter", players=2, seats=[
        {"kind": "human"}, {"kind": "bot", "agent": "random"}])
    table = open_seat(context.new_page(), site.base, created["links"]["seat"]["url"], "Аня")
    assert table.inner_text("#help-open") == "Правила"
    table.click("#help-open")
    table.wait_for_selector("#help-dialog[open] h2", timeout=TIMEOUT)
    assert "Тайное послание" in table.inner_text("#help-body h2")
    assert table.inner_text("#chat h2") == "Чат"



@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_lobby_names_and_explains_options_and_presets_in_the_page_s_language(site, context,
                                                                                  lang):
    game = games()["loveletter"]
    words = game.option_words(lang)
    page = context.new_page()
    page.goto(f"{site.base}/?lang={lang}")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.select_option("#game", "loveletter")
    page.check("#presets input[value='classic-2012']")
    choice = page.locator("[data-preset='classic-2012']")
    assert choice.locator("strong").inner_text() == words["presets"]["classic-2012"]["label"]
    assert choice.locator("small").inner_text().startswith(
        words["presets"]["classic-2012"]["line"])
    option = page.locator("[data-option-label='tokens_to_win']")     # shown unfolded
    label, doc = (words["options"]["tokens_to_win"][key] for key in ("label", "doc"))
    assert option.inner_text().startswith(label)
    assert option.locator("small").inner_text() == doc
    assert ("Жетонов для победы" in label) == (lang == "ru")
    page.fill("#players", "2")
    page.click("#create-button")
    page.wait_for_selector("#list-open [data-table]", timeout=TIMEOUT)
    assert words["presets"]["classic-2012"]["label"] in page.inner_text("#list-open")

def long_lobby_form(context, base: str):
    """The lobby with its longest form: an 8-player Love Letter table, every option shown."""
    page = context.new_page()
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.select_option("#game", "loveletter")
    page.fill("#players", "8")
    page.click("#options-box summary")
    return page


# -- layout -------------------------------------------------------------------------------------
@pytest.mark.parametrize("device", ["phone", "laptop"])
def test_lobby_and_table_fit_the_screen_with_finger_sized_controls(site, browser, device,
                                                                  screenshots):
    context = browser.new_context(**(PHONE if device == "phone" else LAPTOP))
    try:
        page = long_lobby_form(context, site.base)
        assert no_horizontal_scroll(page)
        if device == "phone":
            assert small_targets(page) == []
        page.click("#create-button")
        page.wait_for_selector("#created:not([hidden])", timeout=TIMEOUT)
        page.wait_for_function("() => document.querySelector('#list-open [data-table]')",
                               timeout=TIMEOUT)
        assert no_horizontal_scroll(page)
        if device == "phone":
            assert small_targets(page) == []
        page.screenshot(path=str(screenshots / f"lobby-{device}.png"), full_page=True)
        created = site.create(game="loveletter", players=2, seats=[
            {"kind": "human"}, {"kind": "bot", "agent": "random"}])
        table = open_seat(context.new_page(), site.base, created["links"]["seat"]["url"], "Ann")
        wait_for_decision(table)
        assert no_horizontal_scroll(table)
        if device == "phone":
            controls = [c for c in small_targets(table) if "#board" not in c]
            assert controls == []
        table.screenshot(path=str(screenshots / f"table-{device}.png"), full_page=True)
    finally:
        context.close()


def in_sight(page, selector: str) -> bool:
    """Whether the element is wholly inside the window as it is scrolled now."""
    return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }""", selector)


def test_on_a_phone_the_new_seat_link_and_the_replay_controls_come_into_sight(site, browser):
    context = browser.new_context(**PHONE)
    try:
        page = long_lobby_form(context, site.base)   # the created box lies far below
        page.click("#create-button")
        page.wait_for_selector("#created .seat-link", timeout=TIMEOUT)
        page.wait_for_timeout(300)                     # a smooth scroll may still be moving
        assert in_sight(page, "#created .seat-link")
        created = site.create(game="loveletter", players=2, seed=4,
                              seats=[{"kind": "bot", "agent": "random"}] * 2)
        table = context.new_page()
        table.goto(f"{site.base}/table/{created['id']}")
        table.wait_for_selector("#replay-open:not([hidden])", timeout=60_000)
        table.click("#replay-open")
        table.wait_for_function("() => document.querySelector('#replay-pos').textContent"
                                ".startsWith('step')", timeout=TIMEOUT)
        table.wait_for_timeout(300)
        assert in_sight(table, ".replay-controls")
        controls = table.locator(".replay-controls").bounding_box()
        board = table.locator("#board").bounding_box()
        assert controls["y"] + controls["height"] <= board["y"]       # above the board
    finally:
        context.close()


# -- hints -------------------------------------------------------------------------------------
def test_the_hint_button_ranks_the_seats_own_moves(site, context):
    """At a table opened with hints, the deciding player presses Hint and reads the search's
    best moves (by their menu lines, with win chances); a table without hints has no button."""
    page = context.new_page()
    created = site.create(game="loveletter", players=2, seed=4, hints=True,
                          seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    open_seat(page, site.base, created["links"]["seat"]["url"], "Ann")
    current = wait_for_decision(page)
    page.click("#hint")
    page.wait_for_selector("#hint-panel li b", timeout=TIMEOUT)
    labels = {a["label"] for a in current["legal"]}
    shown = page.locator("#hint-panel li b").all_inner_texts()
    assert 1 <= len(shown) <= 3 and set(shown) <= labels
    assert re.search(r"\d+% to win", page.inner_text("#hint-panel"))
    plain = site.create(game="loveletter", players=2, seed=4,
                        seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    open_seat(page, site.base, plain["links"]["seat"]["url"], "Ann")
    wait_for_decision(page)
    assert page.locator("#hint").count() == 0


# -- review ------------------------------------------------------------------------------------
def test_a_finished_table_opens_each_seats_review_from_the_table_and_the_replay(tmp_path,
                                                                              context):
    """Review the moves: the server's page (it reloads itself while the review is made) with
    the seat's decisions and the win-chance graph; the replay viewer links the review of the
    seat it shows, and none for the spectator's view. (Bot jobs get long: the test run keeps
    every core busy, and bot workers run at the lowest priority.)"""
    from server.helpers import limits_for_tests

    with ServerThread(f"sqlite:///{tmp_path / 'review.sqlite3'}", bot_delay=0.0,
                      limits=limits_for_tests(bot_seconds=120.0)) as site:
        review_a_finished_table(site, context)


def review_a_finished_table(site, context) -> None:
    page = context.new_page()
    created = site.create(game="loveletter", players=2, seed=6,
                          seats=[{"kind": "bot", "agent": "random"}] * 2)
    page.goto(f"{site.base}/table/{created['id']}")
    page.wait_for_selector("#review-open:not([hidden])", timeout=60_000)
    page.click("#replay-open")
    page.wait_for_selector("#replay:not([hidden])")
    assert page.locator("#replay-review").is_hidden()          # the spectator's view
    page.select_option("#replay-seat", "1")
    assert "seat=1" in page.get_attribute("#replay-review", "href")
    page.click("#review-open")
    page.wait_for_selector("svg.graph", timeout=120_000)
    assert "Review of" in page.inner_text("h1")
    assert page.locator("tbody tr").count() == page.locator("svg.graph circle").count() >= 1
    page.click("nav a >> nth=0")                               # back to the table
    page.wait_for_selector("#review-open:not([hidden])", timeout=TIMEOUT)
