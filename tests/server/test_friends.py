"""Friends (request, accept, remove, refusals, bounds) and private tables: who sees them, on
every route that reaches a table, invitations, playing one, and its rematch."""

from __future__ import annotations

import json
from contextlib import closing

import httpx
import pytest
import sqlalchemy
from websockets.sync.client import connect

from gonets.server.accounts import friends as friends_module
from gonets.server.schema import invites_table, notices_table

from .accounts import app_state, client_of, make_user
from .helpers import WsClient, csrf_client, play_to_the_end

HUMANS = [{"kind": "human"}, {"kind": "human"}]


class CookieWs(WsClient):
    """A websocket client carrying an HTTP client's session cookie (None: a visitor)."""

    def __init__(self, server, http, table_id: str, join: dict | None = None):
        headers = {}
        if http is not None:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        self._opener = connect(f"{server.ws_base}/ws/{table_id}", max_size=None,
                               open_timeout=20, additional_headers=headers)
        self.socket = self._opener.__enter__()
        self.messages: list[dict] = []
        self.raw: list[str] = []
        self.send(join or {"type": "join"})

    def first(self) -> dict:
        return self.until(lambda m: m["type"] in ("welcome", "error"))


def notices(server, user_id: int) -> list[tuple[str, dict, str | None]]:
    engine = app_state(server).storage.engine
    with engine.connect() as conn:
        rows = conn.execute(sqlalchemy.select(notices_table)
                            .where(notices_table.c.user_id == user_id)
                            .order_by(notices_table.c.id))
        return [(row.kind, json.loads(row.params), row.table_id) for row in rows]


def befriend(a_client, b_client, b_name: str, a_name: str) -> None:
    assert a_client.post("/api/friends/request", json={"name": b_name}).status_code == 200
    assert b_client.post("/api/friends/accept", json={"name": a_name}).status_code == 200


# -- friends ---------------------------------------------------------------------------------
def test_request_accept_remove_and_the_lists(server):
    ann, bob = make_user(server, "Ann"), make_user(server, "Bob")
    with closing(client_of(server, ann)) as a, closing(client_of(server, bob)) as b:
        asked = a.post("/api/friends/request", json={"name": "bob"})   # any case
        assert asked.status_code == 200, asked.text
        assert asked.json()["status"] == "requested" and asked.json()["outgoing"] == ["Bob"]
        assert b.get("/api/friends").json() == {"friends": [], "incoming": ["Ann"],
                                                "outgoing": []}
        assert notices(server, bob.id) == [("friend_request", {"from": "Ann"}, None)]
        assert b.post("/api/friends/accept", json={"name": "Ann"}).json()["friends"] == ["Ann"]
        assert a.get("/api/friends").json() == {"friends": ["Bob"], "incoming": [],
                                                "outgoing": []}
        removed = b.post("/api/friends/remove", json={"name": "Ann"})
        assert removed.status_code == 200 and removed.json()["friends"] == []
        assert a.get("/api/friends").json()["friends"] == []
        # declining: the receiver removes a request; cancelling: the sender does
        a.post("/api/friends/request", json={"name": "Bob"})
        assert b.post("/api/friends/remove", json={"name": "Ann"}).status_code == 200
        assert a.get("/api/friends").json()["outgoing"] == []
        a.post("/api/friends/request", json={"name": "Bob"})
        assert a.post("/api/friends/remove", json={"name": "Bob"}).status_code == 200
        assert b.get("/api/friends").json()["incoming"] == []
        # asking again and again leaves one unseen notice in Bob's inbox
        assert notices(server, bob.id) == [("friend_request", {"from": "Ann"}, None)]


def test_a_request_to_someone_who_asked_accepts_theirs(server):
    ann, bob = make_user(server, "Ann"), make_user(server, "Bob")
    with closing(client_of(server, ann)) as a, closing(client_of(server, bob)) as b:
        a.post("/api/friends/request", json={"name": "Bob"})
        answer = b.post("/api/friends/request", json={"name": "Ann"})
        assert answer.json()["status"] == "accepted" and answer.json()["friends"] == ["Ann"]
        assert a.get("/api/friends").json()["friends"] == ["Bob"]


def test_friend_refusals(server):
    ann, bob = make_user(server, "Ann"), make_user(server, "Bob")
    with closing(client_of(server, ann)) as a, closing(client_of(server, bob)) as b:
        def code(client, route, name):
            answer = client.post(f"/api/friends/{route}", json={"name": name})
            return answer.status_code, answer.json()["code"]

        assert code(a, "request", "Ann") == (400, "friend_self")
        assert code(a, "request", "Nobody") == (404, "no_user")
        assert code(a, "request", "x" * 65) == (400, "bad_name")
        assert code(a, "request", 7) == (400, "bad_name")
        assert code(a, "accept", "Bob") == (400, "no_request")
        assert code(a, "remove", "Bob") == (400, "no_friendship")
        a.post("/api/friends/request", json={"name": "Bob"})
        assert code(a, "request", "Bob") == (409, "friend_duplicate")
        assert code(a, "accept", "Bob") == (400, "no_request")     # one cannot accept one's own
        b.post("/api/friends/accept", json={"name": "Ann"})
        assert code(b, "request", "Ann") == (409, "friend_duplicate")
    visitor = server.http
    assert visitor.get("/api/friends").status_code == 401
    assert visitor.get("/api/friends").json()["code"] == "login_needed"
    refused = visitor.post("/api/friends/request", json={"name": "Ann"})
    assert (refused.status_code, refused.json()["code"]) == (401, "login_needed")
    assert visitor.get("/api/me/invitations").json()["code"] == "login_needed"


def test_pending_requests_and_friends_are_bounded(server, monkeypatch):
    monkeypatch.setattr(friends_module, "MAX_OUTGOING", 2)
    monkeypatch.setattr(friends_module, "MAX_FRIENDS", 2)
    ann = make_user(server, "Ann")
    others = [make_user(server, name) for name in ("Bob", "Cid", "Dan", "Eve")]
    with closing(client_of(server, ann)) as a:
        for other in others[:2]:
            assert a.post("/api/friends/request", json={"name": other.name}).status_code == 200
        full = a.post("/api/friends/request", json={"name": "Dan"})
        assert full.json()["code"] == "requests_full" and full.json()["params"]["max"] == 2
        for other in others[:2]:
            with closing(client_of(server, other)) as c:
                assert c.post("/api/friends/accept", json={"name": "Ann"}).status_code == 200
        with closing(client_of(server, others[3])) as e:
            e.post("/api/friends/request", json={"name": "Ann"})
        answer = a.post("/api/friends/accept", json={"name": "Eve"})
        assert answer.json()["code"] == "friends_full" and answer.json()["params"]["name"] == "Ann"


# -- private tables ----------------------------------------------------------------------------
def private_setup(server):
    """Ann (creator), Bob (her friend, invited), Cid (a stranger) and a private table."""
    ann, bob, cid = (make_user(server, name) for name in ("Ann", "Bob", "Cid"))
    a, b, c = client_of(server, ann), client_of(server, bob), client_of(server, cid)
    befriend(a, b, "Bob", "Ann")
    made = a.post("/api/tables", json={"game": "toy", "players": 2, "seats": HUMANS,
                                       "private": True, "invite": ["Bob"]})
    assert made.status_code == 201, made.text
    return (ann, bob, cid), (a, b, c), made.json()


def assert_hidden(server, client, table_id: str, finished: bool) -> None:
    """Every route that reaches a table answers as for a table that does not exist."""
    routes = ["", "/record", "/replay", "/review"] if finished else [""]
    for route in routes:
        answer = client.get(f"/api/tables/{table_id}{route}")
        missing = client.get(f"/api/tables/nosuch{route}")
        assert answer.status_code == 404, (route, answer.text)
        assert answer.json()["code"] == "no_table" == missing.json()["code"]
        assert answer.json()["params"] == {"table": table_id}
    claim = client.post(f"/api/tables/{table_id}/seats", json={"name": "Spy"})
    assert (claim.status_code, claim.json()["code"]) == (404, "no_table")
    assert client.get(f"/table/{table_id}/review").status_code == 404
    lobby = client.get("/api/tables").json()
    listed = [t["id"] for name in ("open", "running", "finished") for t in lobby[name]]
    assert table_id not in listed
    for status in ("open", "running", "finished"):
        page = client.get(f"/api/tables?status={status}").json()
        assert table_id not in [t["id"] for t in page[status]]
    http = client if isinstance(client, httpx.Client) and "X-CSRF-Token" in client.headers \
        and client.cookies.get("gonets_session") else None
    for join in ({"type": "join"}, {"type": "join", "token": "not-a-secret"},
                 {"type": "ping"}):
        with CookieWs(server, http, table_id, join) as ws:
            refused = ws.first()
            assert refused["type"] == "error" and refused["fatal"] is True
            assert refused["code"] == "no_table" and refused["params"] == {"table": table_id}


def test_a_private_table_is_seen_by_its_creator_and_invited_friend_only(server):
    (ann, bob, cid), (a, b, c), made = private_setup(server)
    table_id = made["id"]
    try:
        assert made["table"]["private"] is True
        for client in (a, b):
            assert client.get(f"/api/tables/{table_id}").status_code == 200
        invitations = b.get("/api/me/invitations").json()["tables"]
        assert [t["id"] for t in invitations] == [table_id]
        assert a.get("/api/me/invitations").json()["tables"] == []
        assert ("invited", {"table": table_id, "game": "toy", "from": "Ann"}, table_id) \
            in notices(server, bob.id)
        engine = app_state(server).storage.engine
        with engine.connect() as conn:
            rows = list(conn.execute(sqlalchemy.select(invites_table)))
        assert [(row.table_id, row.user_id) for row in rows] == [(table_id, bob.id)]
        # not in the lobby, even for those who may see it
        assert table_id not in [t["id"] for t in a.get("/api/tables").json()["open"]]
        assert_hidden(server, c, table_id, finished=False)
        visitor = csrf_client(server.base)
        try:
            assert_hidden(server, visitor, table_id, finished=False)
        finally:
            visitor.close()
        # the invited friend claims the seat and both play the game through
        claimed = b.post(f"/api/tables/{table_id}/seats", json={})
        assert claimed.status_code == 201, claimed.text
        assert b.get("/api/me/invitations").json()["tables"] == []     # seated now
        mine = made["links"]["seat"]["token"]
        with WsClient(server.ws_base, table_id, mine, None, True) as ann_ws, \
                CookieWs(server, b, table_id) as bob_ws:
            assert bob_ws.first()["seat"] == 1
            play_to_the_end([ann_ws, bob_ws])
        for client in (a, b):
            assert client.get(f"/api/tables/{table_id}/record").status_code == 200
        assert_hidden(server, c, table_id, finished=True)
        # a seat's secret plays (and watches) its seat, logged in or not
        with WsClient(server.ws_base, table_id, claimed.json()["token"], None, True) as guest:
            assert guest.until(lambda m: m["type"] in ("welcome", "error"))["seat"] == 1
    finally:
        for client in (a, b, c):
            client.close()



def test_the_rematch_of_a_private_table_stays_private(server):
    (ann, bob, cid), (a, b, c), made = private_setup(server)
    table_id = made["id"]
    try:
        token = b.post(f"/api/tables/{table_id}/seats", json={}).json()["token"]
        with WsClient(server.ws_base, table_id, made["links"]["seat"]["token"], None,
                      True) as ann_ws, WsClient(server.ws_base, table_id, token, None,
                                                True) as bob_ws:
            play_to_the_end([ann_ws, bob_ws])
            bob_ws.send({"type": "rematch"})                # the invited friend opens it
            rematch = bob_ws.until(lambda m: m["type"] == "rematch")["table"]
        assert b.get(f"/api/tables/{rematch}").json()["private"] is True
        assert a.get(f"/api/tables/{rematch}").status_code == 200      # the old creator
        assert [t["id"] for t in a.get("/api/me/invitations").json()["tables"]] == [rematch]
        assert_hidden(server, c, rematch, finished=False)
    finally:
        for client in (a, b, c):
            client.close()


def test_private_tables_and_invitations_refused(server):
    ann, bob, cid = (make_user(server, name) for name in ("Ann", "Bob", "Cid"))
    with closing(client_of(server, ann)) as a, closing(client_of(server, bob)) as b:
        befriend(a, b, "Bob", "Ann")

        def refused(client, **extra):
            answer = client.post("/api/tables", json={"game": "toy", "players": 2,
                                                      "seats": HUMANS, **extra})
            assert answer.status_code == 400, answer.text
            return answer.json()["code"], answer.json()["params"]

        assert refused(server.http, private=True)[0] == "private_needs_account"
        assert refused(server.http, invite=["Bob"])[0] == "private_needs_account"
        assert refused(a, invite=["Cid"]) == ("not_a_friend", {"name": "Cid"})
        assert refused(a, invite=["Nobody"]) == ("no_user", {"name": "Nobody"})
        assert refused(a, invite=["Bob", "Cid"])[0] == "too_many_invites"
        assert refused(a, invite=["Ann"])[0] == "invite_self"
        assert refused(a, invite="Bob")[0] == "bad_invite"
        assert refused(a, private="yes")[0] == "not_flag"
        # nothing was stored by the refusals
        assert b.get("/api/me/invitations").json()["tables"] == []
        assert notices(server, cid.id) == []


@pytest.mark.parametrize("invited", [True, False])
def test_a_public_table_with_invitations_is_in_the_lobby(server, invited):
    ann, bob = make_user(server, "Ann"), make_user(server, "Bob")
    with closing(client_of(server, ann)) as a, closing(client_of(server, bob)) as b:
        befriend(a, b, "Bob", "Ann")
        extra = {"invite": ["Bob"]} if invited else {}
        made = a.post("/api/tables", json={"game": "toy", "players": 2, "seats": HUMANS,
                                           **extra}).json()
        assert made["table"]["private"] is False
        assert made["id"] in [t["id"] for t in server.http.get("/api/tables").json()["open"]]
        listed = [t["id"] for t in b.get("/api/me/invitations").json()["tables"]]
        assert listed == ([made["id"]] if invited else [])


# -- the store, on SQLite and PostgreSQL ----------------------------------------------------------
def test_the_store_keeps_friends_invitations_and_private_tables(storage):
    from gonets.server.accounts.friends import Friends, invitations_of, is_invited
    from gonets.server.accounts.passwords import hash_password
    from gonets.server.accounts.users import Users
    from gonets.server.storage import StoredTable

    users = Users(storage.engine)
    ann, bob = (users.create(name, hash_password("x" * 8)) for name in ("Ann", "Bob"))
    friends = Friends(storage.engine)
    assert friends.request(ann, "Bob") == "requested"
    assert friends.request(bob, "ann") == "accepted"
    assert friends.friend_ids(ann.id, [bob.id, 999]) == {bob.id}
    for table_id, private in (("pub", False), ("priv", True)):
        storage.create_table(StoredTable(
            id=table_id, game="toy", players=2, preset="default", options={},
            seats=[{"kind": "human", "name": None}] * 2, token_hashes=[None, None],
            seed=1, bot_delay=0.0, turn_seconds=None, status="open", private=private,
            creator=ann.id), [bob.id], {"game": "toy", "from": "Ann"})
    rows, total = storage.page("open", 0, 10)
    assert [row.id for row in rows] == ["pub"] and total == 1
    assert storage.load_table("priv").private is True
    assert is_invited(storage.engine, "priv", bob.id)
    assert not is_invited(storage.engine, "priv", ann.id)
    assert sorted(row.id for row in invitations_of(storage, bob.id)) == \
        ["priv", "pub"]


def test_a_private_table_stays_hidden_on_another_process(toy):
    """With several processes the lobby comes from the database and the second process keeps
    a mirror: the same check holds there."""
    import os

    from .conftest import POSTGRES, postgres_schema_url
    from .helpers import ServerThread

    redis = os.environ.get("GONETS_TEST_REDIS")
    if not (POSTGRES and redis):
        pytest.skip("GONETS_TEST_POSTGRES and GONETS_TEST_REDIS are not set")
    urls = postgres_schema_url()
    shared = next(urls)
    try:
        with ServerThread(shared, redis_url=redis) as one, \
                ServerThread(shared, redis_url=redis) as two:
            (ann, bob, cid), (a, b, c), made = private_setup(one)
            b2, c2 = client_of(two, bob), client_of(two, cid)
            try:
                assert b2.get(f"/api/tables/{made['id']}").status_code == 200
                assert_hidden(two, c2, made["id"], finished=False)
                assert b2.post(f"/api/tables/{made['id']}/seats", json={}).status_code == 201
                assert made["id"] not in [t["id"] for t in b2.get("/api/tables").json()["open"]
                                          + b2.get("/api/tables").json()["running"]]
            finally:
                for client in (a, b, c, b2, c2):
                    client.close()
    finally:
        next(urls, None)
