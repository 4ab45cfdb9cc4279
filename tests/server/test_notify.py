""""Your move" notices at slow tables: stored for the account whose seat has the move, listed
and marked seen over HTTP, and mailed through a real local SMTP server (aiosmtpd)."""

from __future__ import annotations

import email
import email.policy
import time
from contextlib import closing

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select, update

from gonets.server.schema import notices_table, users_table

from .accounts import app_state, client_of, make_user
from .helpers import ServerThread, free_port, limits_for_tests

HUMAN_AND_BOT = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]


class Inbox:
    """An aiosmtpd handler keeping every message it receives."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        self.messages.append(email.message_from_bytes(envelope.content,
                                                      policy=email.policy.default))
        return "250 OK"

    def wait(self, count: int, timeout: float = 20) -> list:
        limit = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < limit:
            time.sleep(0.05)
        return self.messages


@pytest.fixture
def smtp(monkeypatch):
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("GONETS_SMTP", f"smtp://127.0.0.1:{port}")
    monkeypatch.setenv("GONETS_SMTP_FROM", "tables@gonets.test")
    monkeypatch.setenv("GONETS_PUBLIC_URL", "https://play.gonets.test/")
    try:
        yield inbox
    finally:
        controller.stop()


@pytest.fixture
def mail_server(toy, sqlite_url, smtp):
    """A test server started with the mail relay set (the relay is read at start)."""
    with ServerThread(sqlite_url, bot_delay=0.0, limits=limits_for_tests()) as server:
        yield server


def notices_in_db(server) -> list:
    with app_state(server).storage.engine.connect() as conn:
        return list(conn.execute(select(notices_table).order_by(notices_table.c.id)))


def wait_for(predicate, timeout: float = 20):
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("the condition did not come true")


def set_lang(server, user, lang: str) -> None:
    with app_state(server).storage.engine.begin() as conn:
        conn.execute(update(users_table).where(users_table.c.id == user.id).values(lang=lang))


def test_a_slow_tables_move_is_noticed_once_and_mailed(mail_server, smtp, toy):
    ann = make_user(mail_server, "Ann", email="ann@example.org")
    client = client_of(mail_server, ann)
    answer = client.post("/api/tables", json={"game": "toy", "players": 2,
                                               "turn_seconds": 3600, "seats": HUMAN_AND_BOT})
    assert answer.status_code == 201, answer.text
    table_id, token = answer.json()["id"], answer.json()["links"]["seat"]["token"]
    rows = wait_for(lambda: notices_in_db(mail_server))
    assert [(r.user_id, r.kind, r.table_id) for r in rows] == [(ann.id, "your_move", table_id)]
    # listed for Ann, newest first, with the game and the stored deadline
    listed = client.get("/api/me/notices").json()["notices"]
    assert [(n["kind"], n["table"], n["seen"]) for n in listed] == [
        ("your_move", table_id, False)]
    deadline = mail_server.manager.tables[table_id].stored.deadline
    assert listed[0]["params"] == {"game": toy.title, "deadline": deadline}
    # mailed once, to her address, with the link to the table on the public address
    [mail] = smtp.wait(1)
    assert mail["To"] == "ann@example.org" and mail["From"] == "tables@gonets.test"
    assert "Your move" in mail["Subject"]
    assert f"https://play.gonets.test/table/{table_id}" in mail.get_content()
    wait_for(lambda: all(r.mailed for r in notices_in_db(mail_server)))
    # her next decision while the notice is unseen: no second notice, no second mail
    with mail_server.client(table_id, token) as seat:
        frame = seat.until(lambda m: m["type"] == "state" and m["legal"])
        seat.send({"type": "act", "action": frame["legal"][0]["text"],
                   "version": frame["version"]})
        seat.until(lambda m: m["type"] == "state" and m["legal"]
                   and m["version"] > frame["version"])
    time.sleep(0.5)
    assert len(notices_in_db(mail_server)) == 1 and len(smtp.messages) == 1
    # marked seen: the next table's move is noticed again
    seen = client.post("/api/me/notices/seen", json={"ids": [listed[0]["id"]]})
    assert seen.status_code == 200 and seen.json() == {"seen": 1}
    assert client.get("/api/me/notices").json()["notices"][0]["seen"] is True
    client.close()


def test_mail_goes_in_the_accounts_language_and_only_where_wanted(mail_server, smtp):
    boris = make_user(mail_server, "Boris", email="boris@example.org")
    set_lang(mail_server, boris, "ru")
    quiet = make_user(mail_server, "Quiet", email="quiet@example.org")
    with app_state(mail_server).storage.engine.begin() as conn:
        conn.execute(update(users_table).where(users_table.c.id == quiet.id)
                     .values(notify=False))
    nomail = make_user(mail_server, "Nomail")
    for user in (quiet, nomail, boris):
        with closing(client_of(mail_server, user)) as client:
            answer = client.post("/api/tables", json={
                "game": "toy", "players": 2, "turn_seconds": 7200, "seats": HUMAN_AND_BOT})
            assert answer.status_code == 201, answer.text
    [mail] = smtp.wait(1)
    assert mail["To"] == "boris@example.org"
    assert mail["Subject"].startswith("Ваш ход") and "Сделать ход" in mail.get_content()
    wait_for(lambda: {r.user_id: r.mailed for r in notices_in_db(mail_server)} == {
        quiet.id: False, nomail.id: False, boris.id: True})
    time.sleep(0.3)
    assert len(smtp.messages) == 1


def test_fast_tables_and_guests_get_no_notices(server, toy):
    ann = make_user(server, "Ann", email="ann@example.org")
    with closing(client_of(server, ann)) as client:
        fast = client.post("/api/tables", json={"game": "toy", "players": 2,
                                                 "turn_seconds": 600, "seats": HUMAN_AND_BOT})
        assert fast.status_code == 201
    server.create(game="toy", players=2, turn_seconds=3600, name="Guest", seats=HUMAN_AND_BOT)
    time.sleep(0.5)
    assert notices_in_db(server) == []


def test_the_notice_routes_need_a_log_in_and_check_the_ids(server, toy):
    assert server.http.get("/api/me/notices").status_code == 401
    refused = server.http.post("/api/me/notices/seen", json={"ids": [1]})
    assert refused.status_code == 401 and refused.json()["code"] == "login_needed"
    ann = make_user(server, "Ann")
    bob = make_user(server, "Bob")
    with closing(client_of(server, bob)) as client:
        client.post("/api/tables", json={"game": "toy", "players": 2, "turn_seconds": 3600,
                                         "seats": HUMAN_AND_BOT})
    bobs = wait_for(lambda: notices_in_db(server))
    with closing(client_of(server, ann)) as client:
        for ids in ([], "1", [True], list(range(51)), None):
            answer = client.post("/api/me/notices/seen", json={"ids": ids})
            assert answer.status_code == 400 and answer.json()["code"] == "bad_notice_ids"
        # another account's notice is not hers to mark
        assert client.post("/api/me/notices/seen",
                           json={"ids": [bobs[0].id]}).json() == {"seen": 0}
        assert client.get("/api/me/notices").json() == {"notices": []}
    assert notices_in_db(server)[0].seen is False


def test_a_dead_mail_relay_never_holds_a_table(toy, sqlite_url, monkeypatch, caplog):
    monkeypatch.setenv("GONETS_SMTP", f"smtp://127.0.0.1:{free_port()}")   # nobody listens
    with ServerThread(sqlite_url, bot_delay=0.0) as server:
        ann = make_user(server, "Ann", email="ann@example.org")
        with closing(client_of(server, ann)) as client:
            for _ in range(3):
                answer = client.post("/api/tables", json={
                    "game": "toy", "players": 2, "turn_seconds": 3600, "seats": HUMAN_AND_BOT})
                assert answer.status_code == 201
        wait_for(lambda: len(notices_in_db(server)) == 3)
        time.sleep(1.0)
        assert not any(r.mailed for r in notices_in_db(server))
    failures = [r for r in caplog.records if "could not be mailed" in r.getMessage()]
    assert len(failures) == 1
