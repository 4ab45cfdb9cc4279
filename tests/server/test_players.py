"""Seats held by accounts: the creator's and claimers' seats, joining by session, claiming a
guest's seat, rated tables' refusals, profiles, the ladder and one's own live tables."""

from __future__ import annotations

import json

import pytest
import sqlalchemy
from websockets.sync.client import connect

from gonets.server.schema import table_players_table, tables_table

from .accounts import PASSWORD, app_state, client_of, make_user
from .helpers import ServerThread, WsClient, play_to_the_end

HUMANS = [{"kind": "human"}, {"kind": "human"}]


class SessionWs(WsClient):
    """A websocket client carrying an HTTP client's cookies (its session), joining without a
    seat secret."""

    def __init__(self, server, http=None, table_id: str = "", join: bool = True):
        cookies = {} if http is None else dict(http.cookies.items())
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} \
            if cookies else {}
        self._opener = connect(f"{server.ws_base}/ws/{table_id}", max_size=None,
                               open_timeout=20, additional_headers=headers)
        self.socket = self._opener.__enter__()
        self.messages: list[dict] = []
        self.raw: list[str] = []
        if join:
            self.send({"type": "join"})

    def welcome(self) -> dict:
        return self.until(lambda m: m["type"] in ("welcome", "error"))



def players_rows(server, table_id: str) -> list[tuple[int, int]]:
    engine = app_state(server).storage.engine
    query = (sqlalchemy.select(table_players_table.c.seat, table_players_table.c.user_id)
             .where(table_players_table.c.table_id == table_id)
             .order_by(table_players_table.c.seat))
    with engine.connect() as conn:
        return [tuple(row) for row in conn.execute(query)]


def open_table(http, **spec) -> dict:
    answer = http.post("/api/tables", json={"game": "toy", "players": 2, "seats": HUMANS,
                                            **spec})
    assert answer.status_code == 201, answer.text
    return answer.json()


def played_table(server, ann_http, bob_http) -> tuple[str, list[int]]:
    """A table Ann opens and Bob joins, played to its end by both; its id and winners."""
    table_id = open_table(ann_http)["id"]
    bob_http.post(f"/api/tables/{table_id}/seats", json={})
    clients = [SessionWs(server, http, table_id) for http in (ann_http, bob_http)]
    try:
        final = play_to_the_end(clients)
    finally:
        for client in clients:
            client.close()
    return table_id, final[0]["view"]["result"]["winners"]


def test_an_account_s_seats_carry_its_name_and_never_its_id(server):
    ann, bob = make_user(server, "Ann"), make_user(server, "Bob", email="bob@example.org")
    ann_http, bob_http = client_of(server, ann), client_of(server, bob)
    created = open_table(ann_http, name="Somebody else")
    table_id = created["id"]
    seat = created["table"]["seats"][0]
    assert (seat["name"], seat["account"]) == ("Ann", "Ann")
    assert created["table"]["status"] == "open"
    claimed = bob_http.post(f"/api/tables/{table_id}/seats", json={"name": "Robert"})
    assert claimed.status_code == 201 and claimed.json()["seat"] == 1
    summary = server.http.get(f"/api/tables/{table_id}").json()
    assert [(s["name"], s.get("account")) for s in summary["seats"]] == [
        ("Ann", "Ann"), ("Bob", "Bob")]
    assert summary["status"] == "running"                      # both named by their accounts
    assert players_rows(server, table_id) == [(0, ann.id), (1, bob.id)]
    with server.client(table_id) as watcher:
        frame = watcher.state()
    text = json.dumps(summary) + json.dumps(frame)
    assert '"user"' not in text and "bob@example.org" not in text
    assert [s.get("account") for s in frame["seats"]] == ["Ann", "Bob"]
    # a guest's table: no account anywhere
    guest = server.create(game="toy", players=2, seats=HUMANS, name="Gus")
    assert "account" not in guest["table"]["seats"][0]
    assert players_rows(server, guest["id"]) == []


def test_a_websocket_join_by_session_seats_the_account_and_nobody_else(server):
    ann, bob, cy = (make_user(server, n) for n in ("Ann", "Bob", "Cy"))
    ann_http, bob_http, cy_http = (client_of(server, u) for u in (ann, bob, cy))
    table_id = open_table(ann_http)["id"]
    assert bob_http.post(f"/api/tables/{table_id}/seats", json={}).status_code == 201
    with SessionWs(server, ann_http, table_id) as mine, \
            SessionWs(server, bob_http, table_id) as his, \
            SessionWs(server, cy_http, table_id) as other, \
            SessionWs(server, None, table_id) as anonymous:
        assert mine.welcome()["seat"] == 0
        assert his.welcome()["seat"] == 1
        assert other.welcome()["seat"] is None                  # Cy holds no seat: watches
        assert anonymous.welcome()["seat"] is None
        frame = other.state()
        assert frame["seat"] is None and frame["legal"] == []
        assert mine.state()["view"]["hand"] is not None
        other.send({"type": "act", "action": "keep", "version": frame["version"]})
        refused = other.until(lambda m: m["type"] == "error")
        assert refused["code"] == "spectator"
        mine.send({"type": "name", "name": "Cy"})       # an account's seat keeps its name
        assert mine.until(lambda m: m["type"] == "error")["code"] == "name_of_account"
    with SessionWs(server, ann_http, table_id, join=False) as mine:
        mine.send({"type": "join", "name": "Someone"})  # a saved guest name: not applied
        assert mine.welcome()["type"] == "welcome"
        assert all(m["type"] != "error" for m in mine.messages)
    assert server.http.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == "Ann"
    # a session cannot take a seat another account holds, even by giving its name
    with SessionWs(server, cy_http, table_id, join=False) as other:
        other.send({"type": "join", "name": "Ann"})
        assert other.until(lambda m: m["type"] == "error")["code"] == "spectator_name"


def test_a_guest_s_seat_can_be_claimed_by_the_account_they_log_in_to(server):
    ann, bob = make_user(server, "Ann"), make_user(server, "Bob")
    ann_http, bob_http = client_of(server, ann), client_of(server, bob)
    created = server.create(game="toy", players=2, seats=HUMANS, name="Gus")
    table_id, token = created["id"], created["links"]["seat"]["token"]
    body = {"table": table_id, "token": token}
    assert server.http.post("/api/account/claim", json=body).json()["code"] == "login_needed"
    wrong = ann_http.post("/api/account/claim", json={"table": table_id, "token": "nope"})
    missing = ann_http.post("/api/account/claim", json={"table": "nosuch", "token": token})
    assert (wrong.status_code, wrong.json()) == (missing.status_code, missing.json()) == (
        404, {"error": "no seat of any table has that secret", "code": "no_seat_secret",
              "params": {}})             # the same answer: nothing tells the table exists
    taken = ann_http.post("/api/account/claim", json=body)
    assert taken.status_code == 200 and taken.json()["seat"] == 0
    assert ann_http.post("/api/account/claim", json=body).status_code == 200   # again: same
    stolen = bob_http.post("/api/account/claim", json=body)
    assert (stolen.status_code, stolen.json()["code"]) == (409, "seat_has_account")
    seat = server.http.get(f"/api/tables/{table_id}").json()["seats"][0]
    assert (seat["name"], seat["account"]) == ("Gus", "Ann")          # the name it had
    assert players_rows(server, table_id) == [(0, ann.id)]
    with SessionWs(server, ann_http, table_id) as mine:
        assert mine.welcome()["seat"] == 0


def test_rated_tables_are_for_accounts_only(server):
    ann, bob = make_user(server, "Ann"), make_user(server, "Bob")
    ann_http, bob_http = client_of(server, ann), client_of(server, bob)
    rated = {"game": "toy", "players": 2, "seats": HUMANS, "rated": True,
             "turn_seconds": 3600}

    def refused(http, body, code):
        answer = http.post("/api/tables", json=body)
        assert (answer.status_code, answer.json()["code"]) == (400, code), answer.text

    refused(server.http, rated, "rated_needs_account")
    refused(ann_http, {**rated, "seats": [{"kind": "human"}, {"kind": "bot"}]},
            "rated_no_bots")
    refused(ann_http, {**rated, "hints": True}, "rated_no_hints")
    refused(ann_http, {**rated, "turn_seconds": None}, "rated_needs_timer")
    refused(ann_http, {**rated, "absent": "bot"}, "rated_absent_bot")
    assert "'rated' must be true or false" in ann_http.post(
        "/api/tables", json={**rated, "rated": 1}).json()["error"]
    created = open_table(ann_http, rated=True, turn_seconds=3600)
    table_id = created["id"]
    assert created["table"]["rated"] is True and created["table"]["status"] == "open"
    guest = server.http.post(f"/api/tables/{table_id}/seats", json={"name": "Gus"})
    assert (guest.status_code, guest.json()["code"]) == (400, "rated_needs_account")
    twice = ann_http.post(f"/api/tables/{table_id}/seats", json={})
    assert (twice.status_code, twice.json()["code"]) == (400, "rated_one_seat")
    assert server.http.get(f"/api/tables/{table_id}").json()["status"] == "open"
    assert bob_http.post(f"/api/tables/{table_id}/seats", json={}).status_code == 201
    assert server.http.get(f"/api/tables/{table_id}").json()["status"] == "running"
    # a guest's seat at a casual table is claimed; at a rated one a guest never sits
    engine = app_state(server).storage.engine
    with engine.connect() as conn:
        assert conn.execute(sqlalchemy.select(tables_table.c.rated, tables_table.c.creator)
                            .where(tables_table.c.id == table_id)).first() == (True, ann.id)


def test_my_tables_shows_only_mine_with_whose_move_it_is(server):
    ann, bob, cy = (make_user(server, n) for n in ("Ann", "Bob", "Cy"))
    ann_http, bob_http, cy_http = (client_of(server, u) for u in (ann, bob, cy))
    assert server.http.get("/api/me/tables").status_code == 401
    assert server.http.get("/api/me/tables").json()["code"] == "login_needed"
    duel = open_table(ann_http)["id"]
    bob_http.post(f"/api/tables/{duel}/seats", json={})
    waiting = open_table(ann_http)["id"]                        # nobody else yet
    mine = {t["id"]: t for t in ann_http.get("/api/me/tables").json()["tables"]}
    assert set(mine) == {duel, waiting}
    assert mine[duel]["to_move"] == {"seat": 0, "name": "Ann"} and mine[duel]["your_move"]
    assert mine[waiting]["status"] == "open" and mine[waiting]["your_move"] is False
    assert list(mine)[0] == duel                                 # your move comes first
    his = bob_http.get("/api/me/tables").json()["tables"]
    assert [(t["id"], t["your_move"], t["seats"]) for t in his] == [(duel, False, [1])]
    assert cy_http.get("/api/me/tables").json()["tables"] == []


def test_profiles_list_finished_games_and_hide_private_ones_from_outsiders(server):
    ann, bob, cy = (make_user(server, n) for n in ("Ann", "Bob", "Cy"))
    ann_http, bob_http, cy_http = (client_of(server, u) for u in (ann, bob, cy))
    ids = [played_table(server, ann_http, bob_http) for _ in range(2)]
    private_id = ids[0][0]
    with app_state(server).storage.engine.begin() as conn:
        conn.execute(sqlalchemy.update(tables_table).where(tables_table.c.id == private_id)
                     .values(private=True))
    profile = bob_http.get("/api/users/Ann").json()
    assert profile["user"]["name"] == "Ann" and "id" not in profile["user"]
    assert profile["played"] == 2
    assert profile["won"] == sum(0 in winners for _, winners in ids)
    assert [entry["id"] for entry in profile["recent"]] == [ids[1][0], ids[0][0]]
    entry = profile["recent"][0]
    assert entry["seat"] == 0 and entry["won"] == (0 in ids[1][1])
    assert entry["rank"] == (1 if entry["won"] else 2) and entry["rated"] is False
    assert entry["replay"] == f"/table/{ids[1][0]}" and entry["rating"] is None
    assert [p["account"] for p in entry["players"]] == ["Ann", "Bob"]
    for outsider in (cy_http, server.http):
        seen = outsider.get("/api/users/Ann").json()
        assert [e["id"] for e in seen["recent"]] == [ids[1][0]]
        assert private_id not in json.dumps(seen)
        assert (seen["played"], seen["won"]) == (1, int(0 in ids[1][1]))  # counted unseen
    assert server.http.get("/api/users/Nobody").json()["code"] == "no_user"
    assert server.http.get("/api/users/Nobody").status_code == 404


def test_the_ladder_checks_its_query(server):
    assert server.http.get("/api/ladder/nosuchgame").json()["code"] == "no_game"
    assert server.http.get("/api/ladder/toy?class=4").json()["code"] == "bad_class"
    assert server.http.get("/api/ladder/toy?limit=51").status_code == 400
    page = server.http.get("/api/ladder/toy?class=3%2B&limit=5").json()
    assert (page["class"], page["limit"], page["total"], page["entries"]) == ("3+", 5, 0, [])


def test_a_new_password_ends_every_seat_secret_the_account_had(server):
    ann, bob = make_user(server, "Ann"), make_user(server, "Bob")
    ann_http, bob_http = client_of(server, ann), client_of(server, bob)
    created = open_table(ann_http)
    table_id, token = created["id"], created["links"]["seat"]["token"]
    assert bob_http.post(f"/api/tables/{table_id}/seats", json={}).status_code == 201
    with server.client(table_id, token) as stolen, SessionWs(server, bob_http, table_id) as his:
        assert stolen.state()["seat"] == 0
        changed = ann_http.post("/api/account/password",
                                json={"old": PASSWORD, "new": "a brand new password"})
        assert changed.status_code == 200, changed.text
        gone = stolen.until(lambda m: m["type"] == "displaced")
        assert gone["link_changed"] is True
        assert his.welcome()["seat"] == 1              # Bob's seat keeps its place
    with server.client(table_id, token, join=False) as again:
        again.send({"type": "join", "token": token})
        assert again.until(lambda m: m["type"] == "error")["code"] == "bad_token"
    with SessionWs(server, ann_http, table_id) as mine:   # the account's session still sits
        assert mine.welcome()["seat"] == 0


@pytest.fixture
def any_server(toy, db_url):
    """A server on SQLite and, when configured, on PostgreSQL (whose finishing writes of
    unrated tables go from the event loop)."""
    with ServerThread(db_url, bot_delay=0.0) as running:
        yield running


def test_a_finished_table_marks_each_account_seat_won_or_not(any_server):
    server = any_server
    ann, bob = (make_user(server, name) for name in ("Ann", "Bob"))
    ann_http, bob_http = (client_of(server, user) for user in (ann, bob))
    outcomes = []
    for _ in range(3):
        table_id, winners = played_table(server, ann_http, bob_http)
        query = (sqlalchemy.select(table_players_table.c.seat, table_players_table.c.won)
                 .where(table_players_table.c.table_id == table_id))
        with app_state(server).storage.engine.connect() as conn:
            marks = dict(tuple(row) for row in conn.execute(query))
        assert marks == {seat: seat in winners for seat in (0, 1)}, (marks, winners)
        outcomes.append(tuple(winners))
    profile = ann_http.get("/api/users/Ann").json()
    assert profile["played"] == 3 and profile["won"] == sum(0 in w for w in outcomes)
