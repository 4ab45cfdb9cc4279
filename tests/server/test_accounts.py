"""Accounts over HTTP: signing up, logging in and out, changing the password, and the
security bars: no session fixation, a CSRF token on every POST, argon2 hashes only, a lock
after 20 wrong passwords, a cap per address, and no account's data through another's."""

from __future__ import annotations

import re
import time

import httpx
import pytest
import sqlalchemy
from starlette.routing import Route

from gonets.server.accounts.deletion import delete_account
from gonets.server.accounts.sessions import SESSION_COOKIE
from gonets.server.accounts.users import (
    ACCOUNT_LOCK_AFTER,
    ADDRESS_FAILURES,
    LOCK_AFTER,
    LOCK_SECONDS,
    Logins,
    Users,
)
from gonets.server.limits import Limits
from gonets.server.schema import login_failures_table, table_players_table, users_table

from .accounts import PASSWORD, app_state, client_of, make_user
from .helpers import csrf_client
from .test_storage import stored


def sign_up(server, name: str, password: str = PASSWORD, **extra) -> httpx.Client:
    client = csrf_client(server.base)
    answer = client.post("/api/account/signup", json={"name": name, "password": password,
                                                      **extra})
    assert answer.status_code == 201, answer.text
    client.headers["X-CSRF-Token"] = answer.json()["csrf"]
    return client


def log_in(client: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    answer = client.post("/api/account/login", json={"name": name, "password": password})
    if answer.status_code == 200:
        client.headers["X-CSRF-Token"] = answer.json()["csrf"]
    return answer


def whoami(client: httpx.Client) -> str | None:
    user = client.get("/api/session").json()["user"]
    return None if user is None else user["name"]


def test_sign_up_log_out_log_in_and_change_the_password(server):
    ann = sign_up(server, "Ann", email="ann@example.org")
    assert whoami(ann) == "Ann"
    assert ann.post("/api/account/logout").status_code == 200
    assert whoami(ann) is None
    ann.headers["X-CSRF-Token"] = ann.get("/api/session").json()["csrf"]
    assert log_in(ann, "ann", "wrong password!").status_code == 401
    assert log_in(ann, "ANN").status_code == 200                  # any case
    other = csrf_client(server.base)
    assert log_in(other, "Ann").status_code == 200                 # a second place
    changed = ann.post("/api/account/password", json={"old": PASSWORD, "new": "brand new one"})
    assert changed.status_code == 200, changed.text
    assert whoami(ann) == "Ann" and whoami(other) is None          # the other place ended
    fresh = csrf_client(server.base)
    assert log_in(fresh, "Ann").status_code == 401
    assert log_in(fresh, "Ann", "brand new one").status_code == 200


def test_the_account_settings_change_and_refuse_bad_values(server):
    ann = sign_up(server, "Ann")
    changed = ann.post("/api/account/settings", json={"email": "ann@example.org",
                                                      "lang": "ru", "notify": False})
    assert changed.json()["user"] | {"created": 0} == {
        "id": changed.json()["user"]["id"], "name": "Ann", "email": "ann@example.org",
        "lang": "ru", "notify": False, "created": 0}
    for body, code in (({"email": "a@b@c"}, "bad_email"), ({"lang": "de"}, "bad_lang"),
                       ({"notify": 1}, "bad_field")):
        answer = ann.post("/api/account/settings", json=body)
        assert answer.status_code == 400 and answer.json()["code"] == code
    assert ann.get("/api/session").json()["user"]["lang"] == "ru"    # nothing half-applied
    assert ann.post("/api/account/settings", json={"email": ""}).json()["user"]["email"] is None


def test_sign_up_refusals_name_the_problem(server):
    sign_up(server, "Ann")
    client = csrf_client(server.base)
    for body, code in (({"name": "Аnn", "password": PASSWORD}, "user_taken"),  # Cyrillic А
                       ({"name": "Bea", "password": "short"}, "password_length"),
                       ({"name": "random bot", "password": PASSWORD}, "name_reserved"),
                       ({"name": "Former  Player 7", "password": PASSWORD}, "name_reserved"),
                       ({"name": "Bea\u200b", "password": PASSWORD}, "name_invisible"),
                       ({"name": "Bea", "password": PASSWORD, "email": "no at"}, "bad_email"),
                       ({"name": "Bea"}, "bad_field")):
        answer = client.post("/api/account/signup", json=body)
        assert answer.status_code in (400, 409) and answer.json()["code"] == code, answer.text


def test_an_address_makes_a_few_accounts_an_hour(server):
    for index in range(Limits().signups_per_hour):
        sign_up(server, f"Player{index}")
    refused = csrf_client(server.base).post("/api/account/signup",
                                            json={"name": "Sixth", "password": PASSWORD})
    assert refused.status_code == 429 and refused.json()["code"] == "signup_rate"


def test_log_in_makes_a_new_session_id_and_a_planted_one_stays_out(server):
    ann = make_user(server, "Ann")
    planted = client_of(server, ann)                 # a session an attacker holds
    planted_id = planted.cookies[SESSION_COOKIE]
    victim = csrf_client(server.base)
    victim.cookies.set(SESSION_COOKIE, planted_id, domain="127.0.0.1")
    victim.headers["X-CSRF-Token"] = victim.get("/api/session").json()["csrf"]
    assert log_in(victim, "Ann").status_code == 200
    assert victim.cookies[SESSION_COOKIE] != planted_id
    assert whoami(planted) is None                   # the planted id was ended, not reused
    forged = csrf_client(server.base)
    forged.cookies.set(SESSION_COOKIE, planted_id[:-3] + "abc",
                       domain="127.0.0.1")
    assert whoami(forged) is None


def post_routes(server) -> list[str]:
    app = app_state(server).manager and server.server.config.loaded_app
    while not hasattr(app, "routes"):
        app = app.app
    return [route.path for route in app.routes
            if isinstance(route, Route) and "POST" in (route.methods or ())]


def test_every_post_needs_this_browsers_csrf_token(server):
    ann = sign_up(server, "Ann")
    paths = post_routes(server)
    assert {"/api/tables", "/api/account/login", "/api/friends/request"} <= set(paths)
    visitor = csrf_client(server.base)
    for path in paths:
        path = path.replace("{table_id}", "abc").replace("{name}", "Ann")
        for client, token in ((ann, None), (ann, "forged"), (visitor, None),
                              (visitor, ann.headers["X-CSRF-Token"])):   # another's token
            headers = {"X-CSRF-Token": token} if token else {}
            saved = client.headers.pop("X-CSRF-Token")
            try:
                answer = client.post(path, json={}, headers=headers)
            finally:
                client.headers["X-CSRF-Token"] = saved
            assert answer.status_code == 403 and answer.json()["code"] == "csrf", (path, token)


def test_only_argon2_hashes_are_stored(server, sqlite_url):
    sign_up(server, "Ann", password="the plain secret 123")
    with sqlalchemy.create_engine(sqlite_url).connect() as conn:
        stored = conn.execute(sqlalchemy.select(users_table.c.password)).scalar_one()
    assert stored.startswith("$argon2id$")
    path = sqlite_url.removeprefix("sqlite:///")
    for file in (path, path + "-wal"):
        try:
            data = open(file, "rb").read()
        except FileNotFoundError:
            continue
        assert b"the plain secret 123" not in data


def test_twenty_wrong_passwords_lock_the_account_for_a_while(server):
    make_user(server, "Ann")
    client = csrf_client(server.base)
    for _ in range(LOCK_AFTER):
        assert log_in(client, "Ann", "not the password").status_code == 401
    locked = log_in(client, "Ann")
    assert locked.status_code == 429 and locked.json()["code"] == "account_locked"
    assert 0 < locked.json()["params"]["seconds"] <= 15 * 60
    engine = app_state(server).storage.engine
    with engine.begin() as conn:                     # the lock's time passes
        conn.execute(sqlalchemy.update(login_failures_table)
                     .values(ts=login_failures_table.c.ts - LOCK_SECONDS))
    assert log_in(client, "Ann").status_code == 200


def test_a_lock_holds_for_the_guessing_address_and_many_addresses_lock_everywhere(storage):
    ann = Users(storage.engine).create("Ann", "not a hash here")
    logins, now = Logins(storage.engine), time.time()
    for _ in range(LOCK_AFTER):
        logins.failed(ann.id, "10.0.0.1", now)
    assert logins.locked_until(ann.id, "10.0.0.1", now) == now + LOCK_SECONDS
    assert logins.locked_until(ann.id, "10.0.0.2", now) is None     # Ann logs in from home
    assert logins.credentials("Ann")[3] is None
    logins.succeeded(ann.id, "10.0.0.2")          # a success elsewhere lifts no other lock
    assert logins.locked_until(ann.id, "10.0.0.1", now) == now + LOCK_SECONDS
    for index in range(ACCOUNT_LOCK_AFTER - 1):   # a guess from each of many addresses
        logins.failed(ann.id, f"10.1.{index // 250}.{index % 250}", now)
    assert logins.credentials("Ann")[3] is None
    logins.failed(ann.id, "10.9.9.9", now)
    assert logins.credentials("Ann")[3] == now + LOCK_SECONDS        # locked everywhere


def test_an_address_with_too_many_failures_waits(server):
    make_user(server, "Ann")
    client = csrf_client(server.base)
    for index in range(ADDRESS_FAILURES):
        assert log_in(client, f"nobody{index}", "whatever it is").status_code == 401
    refused = log_in(client, "Ann")
    assert refused.status_code == 429 and refused.json()["code"] == "login_rate"


@pytest.mark.parametrize("path", ["/api/account/password"])
def test_a_visitor_cannot_change_a_password(server, path):
    visitor = csrf_client(server.base)
    assert visitor.post(path, json={"old": PASSWORD, "new": "x" * 10}).status_code == 401


def get_routes(server) -> list[str]:
    app = server.server.config.loaded_app
    while not hasattr(app, "routes"):
        app = app.app
    return [route.path for route in app.routes
            if isinstance(route, Route) and "GET" in (route.methods or ())]


def test_no_route_gives_one_account_anothers_data(server):
    """Ann has an e-mail address, a friend request, a private table and notices; Eve, logged
    in, asks every GET route of the app with Ann's name and table filled in, and finds none
    of it; her POSTs with Ann's ids change nothing of Ann's."""
    ann = sign_up(server, "Ann", email="ann.secret@example.org")
    bob = sign_up(server, "Bob")
    eve = sign_up(server, "Eve")
    assert ann.post("/api/friends/request", json={"name": "Bob"}).status_code in (200, 201)
    assert bob.post("/api/friends/accept", json={"name": "Ann"}).status_code == 200
    created = ann.post("/api/tables", json={"game": "toy", "players": 2, "private": True,
                                            "invite": ["Bob"], "turn_seconds": 7200})
    assert created.status_code == 201, created.text
    table_id = created.json()["id"]
    ann_notices = bob.get("/api/me/notices").json()
    for path in get_routes(server):
        if path.startswith("/static") or path in ("/metrics",):
            continue
        filled = (path.replace("{table_id}", table_id).replace("{name}", "Ann")
                  .replace("{game}", "toy"))
        answer = eve.get(filled)
        assert "ann.secret@example.org" not in answer.text, path
        if "{table_id}" in path and path.startswith("/api/"):
            assert answer.status_code == 404, (path, answer.text)   # as if it did not exist
        elif "{table_id}" not in path:
            assert table_id not in answer.text, path
    own = eve.get("/api/me/tables").json()
    assert table_id not in str(own)
    ids = [n["id"] for n in ann_notices.get("notices", [])] if isinstance(ann_notices, dict) \
        else [n["id"] for n in ann_notices]
    if ids:
        eve.post("/api/me/notices/seen", json={"ids": ids})
        after = bob.get("/api/me/notices").json()
        notices = after.get("notices", after) if isinstance(after, dict) else after
        assert not any(n["seen"] for n in notices if n["id"] in ids)
    assert eve.post("/api/friends/remove", json={"name": "Ann"}).status_code != 200 or \
        "Bob" in ann.get("/api/friends").json()["friends"]
    assert "Bob" in ann.get("/api/friends").json()["friends"]
    profile = eve.get("/api/users/Ann").json()
    assert "email" not in str(profile) and re.search(table_id, str(profile)) is None


def test_a_websocket_from_another_sites_page_is_refused(server):
    from websockets.sync.client import connect

    table_id = server.create(game="toy", players=2)["id"]
    url = f"{server.ws_base}/ws/{table_id}"
    with connect(url, origin=f"http://127.0.0.1:{server.port}") as ws:   # its own page
        ws.send('{"type": "join"}')
        assert "welcome" in ws.recv(timeout=10)
    with pytest.raises(Exception), connect(url, origin="http://evil.example") as ws:
        ws.send('{"type": "join"}')
        ws.recv(timeout=10)


def test_deleting_ones_account_waits_for_ones_tables_and_keeps_the_records(server):
    ann = sign_up(server, "Ann")
    created = ann.post("/api/tables", json={"game": "toy", "players": 2})
    table_id = created.json()["id"]
    assert ann.post("/api/account/delete", json={"password": "wrong one!"}).status_code == 403
    busy = ann.post("/api/account/delete", json={"password": PASSWORD})
    assert busy.status_code == 409 and busy.json()["code"] == "account_at_table"
    engine = app_state(server).storage.engine
    with engine.begin() as conn:             # the table is over (as if played to the end)
        conn.execute(sqlalchemy.text("UPDATE gonets_tables SET status = 'finished'"))
    gone = ann.post("/api/account/delete", json={"password": PASSWORD})
    assert gone.status_code == 200, gone.text
    assert whoami(ann) is None
    assert log_in(csrf_client(server.base), "Ann").status_code == 401
    with engine.connect() as conn:
        seats = conn.execute(sqlalchemy.text("SELECT seats FROM gonets_tables WHERE id = :i"),
                             {"i": table_id}).scalar()
    assert "Ann" not in seats and "former player" in seats


def test_a_deleted_account_never_comes_back(storage):
    users = Users(storage.engine)
    ann = users.create("Ann", "not a hash here")
    table = stored("t1")
    table.seats = [{"kind": "human", "name": "Ann", "user": ann.id, "account": "Ann"},
                   {"kind": "human", "name": "Bob"}]
    storage.create_table(table)
    stale = [dict(seat) for seat in table.seats]        # a live table's copy of the seats
    storage.append_steps("t1", 1, [], "finished", {"winners": [0], "scores": [1, 0]})
    for seat, name in ((0, "Ann"), (1, "Bob"), (None, "Ann's fan")):
        storage.add_chat("t1", {"ts": 1.0, "seat": seat, "name": name, "text": "gg"})
    storage.save_review("t1", 1, "normal", {"names": ["Ann", "Bob"], "decisions": []})
    delete_account(storage, ann.id)
    assert [line["name"] for line in storage.chat_history("t1", 10)] == [
        f"former player {ann.id}", "Bob", "Ann's fan"]      # a spectator's name is their own
    assert storage.load_review("t1", 1) is None      # made again, under the new names
    kept = storage.update_seats("t1", stale, "finished")    # the copy is written back
    assert kept[0] == {"kind": "human", "name": f"former player {ann.id}"}
    assert storage.load_table("t1").seats[0] == kept[0]
    with storage.engine.connect() as conn:
        assert conn.execute(sqlalchemy.select(table_players_table)).first() is None
    assert users.create("Cy", "not a hash here").id > ann.id      # no number given twice


@pytest.mark.parametrize("path, page, part", [
    ("/account", "account", 'id="login-form"'), ("/u/Ann", "profile", 'id="profile-name"'),
    ("/ladder", "ladder", 'id="ladder-rows"'), ("/friends", "friends", 'id="friend-form"')])
def test_each_account_page_is_its_own_main_in_the_one_shell(server, path, page, part):
    answer = httpx.get(server.base + path)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    html = answer.text
    assert f'data-i18n="{page}.page_title"' in html and part in html
    assert html.count("<main>") == 1 and 'id="account-bar"' in html
    assert html.index("/static/accounts.js") < html.index(f"/static/{page}.js")
    assert "$" not in html                         # every place of the shell was filled
