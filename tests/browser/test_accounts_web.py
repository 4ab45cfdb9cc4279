"""The account pages in headless Chromium: two people sign up through the form, one asks the
other to be friends by name and the other accepts; the profile page, logging out and in, the
Russian words and the phone layout."""

from __future__ import annotations

from .support import TIMEOUT, no_horizontal_scroll

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def ready(page):
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    return page


def sign_up(page, base: str, name: str, password: str = "a long secret 12"):
    page.goto(base + "/account?lang=en")
    ready(page)
    page.fill("#signup-name", name)
    page.fill("#signup-password", password)
    page.click("#signup-form button")
    page.wait_for_url(f"**/u/{name}*", timeout=TIMEOUT)
    ready(page)
    page.wait_for_selector(f"#account-bar[data-user='{name}']", timeout=TIMEOUT)


def test_two_people_sign_up_and_become_friends(site, browser):
    first, second = browser.new_context(), browser.new_context()
    try:
        anna, boris = first.new_page(), second.new_page()
        sign_up(anna, site.base, "anna")
        sign_up(boris, site.base, "boris")
        assert anna.inner_text("#profile-name") == "anna"
        assert "No games yet" in anna.inner_text("#profile-counts")
        assert not anna.locator("#own").is_hidden()           # her own page: live tables
        anna.goto(site.base + "/friends?lang=en")
        ready(anna)
        anna.fill("#friend-name", "boris")
        anna.click("#friend-form button")
        anna.wait_for_selector("#friends-outgoing li[data-name='boris']", timeout=TIMEOUT)
        boris.goto(site.base + "/friends?lang=en")
        ready(boris)
        boris.click("#friends-incoming li[data-name='anna'] button[data-do='accept']")
        boris.wait_for_selector("#friends-list li[data-name='anna']", timeout=TIMEOUT)
        anna.goto(site.base + "/friends?lang=en")
        ready(anna)
        assert anna.locator("#friends-list li[data-name='boris']").count() == 1
        anna.fill("#friend-name", "nobody-here")
        anna.click("#friend-form button")
        anna.wait_for_function("() => document.querySelector('#friend-error').textContent",
                               timeout=TIMEOUT)
    finally:
        first.close()
        second.close()


def test_log_out_and_back_in(site, context):
    page = context.new_page()
    sign_up(page, site.base, "vera")
    page.click("#account-logout")
    page.wait_for_url("**/account*", timeout=TIMEOUT)
    ready(page)
    assert page.locator("#account-login").is_visible()
    page.fill("#login-name", "vera")
    page.fill("#login-password", "wrong password here")
    page.click("#login-form button")
    page.wait_for_function("() => document.querySelector('#login-error').textContent",
                           timeout=TIMEOUT)
    page.fill("#login-password", "a long secret 12")
    page.click("#login-form button")
    page.wait_for_url("**/u/vera*", timeout=TIMEOUT)
    ready(page)
    page.goto(site.base + "/?lang=en")
    page.wait_for_selector("#account-bar[data-user='vera']", timeout=TIMEOUT)
    assert page.inner_text("#account-name") == "vera"


def test_russian_words_and_a_phone(site, browser):
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    try:
        page.goto(site.base + "/account?lang=ru")
        ready(page)
        assert page.inner_text("#visitor h2") == "Вход"
        assert page.inner_text("#account-login") == "Войти / Зарегистрироваться"
        assert no_horizontal_scroll(page)
        sign_up(page, site.base, "grisha")
        for path in ("/u/grisha?lang=ru", "/friends?lang=ru", "/ladder?lang=ru", "/?lang=ru"):
            page.goto(site.base + path)
            page.wait_for_selector("#account-bar[data-user='grisha']", timeout=TIMEOUT)
            assert no_horizontal_scroll(page), path
        page.goto(site.base + "/u/grisha?lang=ru")
        ready(page)
        assert page.inner_text("#profile-counts") == "Партий пока нет."
    finally:
        phone.close()


def test_a_logged_in_player_opens_a_private_rated_table_inviting_a_friend(site, browser):
    first, second = browser.new_context(), browser.new_context()
    try:
        anna, boris = first.new_page(), second.new_page()
        sign_up(anna, site.base, "anna")
        sign_up(boris, site.base, "boris")
        anna.goto(site.base + "/?lang=en")
        ready(anna)
        csrf = anna.request.get(site.base + "/api/session").json()["csrf"]
        asked = anna.request.post(site.base + "/api/friends/request", data={"name": "boris"},
                                  headers={"X-CSRF-Token": csrf})
        assert asked.ok, asked.text()
        csrf = boris.request.get(site.base + "/api/session").json()["csrf"]
        assert boris.request.post(site.base + "/api/friends/accept", data={"name": "anna"},
                                  headers={"X-CSRF-Token": csrf}).ok
        anna.wait_for_selector("#account-options:not([hidden])", timeout=TIMEOUT)
        anna.select_option("#game", "loveletter")
        anna.fill("#players", "2")
        for seat in ("0", "1"):                    # a rated table seats people only
            anna.select_option(f"select[data-seat='{seat}']", "human")
        anna.check("#rated")
        anna.select_option("#turn-preset", "86400")   # a rated table needs a turn timer
        anna.check("#private")
        anna.fill("#invite", "boris")
        anna.click("#create-button")
        anna.wait_for_function("() => !document.getElementById('created').hidden || "
                               "document.getElementById('create-error').textContent",
                               timeout=TIMEOUT)
        assert anna.text_content("#create-error") == ""
        mine = anna.request.get(site.base + "/api/me/tables").json()
        table = mine["tables"][0] if isinstance(mine, dict) else mine[0]
        table_id = table.get("id") or table.get("table")
        summary = anna.request.get(f"{site.base}/api/tables/{table_id}").json()
        assert summary["rated"] is True and summary["private"] is True
        invited = boris.request.get(site.base + "/api/me/invitations").json()
        assert table_id in str(invited)
        visitor = browser.new_context()
        try:
            assert visitor.request.get(f"{site.base}/api/tables/{table_id}").status == 404
        finally:
            visitor.close()
    finally:
        first.close()
        second.close()


def test_a_guest_s_game_joins_the_account_they_sign_up_for(site, context):
    page = context.new_page()
    csrf = page.request.get(site.base + "/api/session").json()["csrf"]
    made = page.request.post(site.base + "/api/tables", headers={"X-CSRF-Token": csrf},
                             data={"game": "loveletter", "players": 2, "name": "guest"})
    assert made.ok, made.text()
    table_id, token = made.json()["id"], made.json()["links"]["seat"]["token"]
    page.goto(f"{site.base}/table/{table_id}?lang=en#token={token}")
    page.wait_for_function(f"() => localStorage.getItem('gonets-seat:{table_id}')",
                           timeout=TIMEOUT)           # the page keeps the seat it joined
    sign_up(page, site.base, "dasha")
    mine = page.request.get(site.base + "/api/me/tables").json()["tables"]
    assert [(t["id"], t["seats"]) for t in mine] == [(table_id, [0])]
