"""Ratings: ranks from results, the storage writing them in the transaction of a rated
table's last steps (once), and a rated toy game played to its end over websockets."""

from __future__ import annotations

import sqlalchemy

from gonets.server.accounts.passwords import hash_password
from gonets.server.accounts.profiles import history
from gonets.server.accounts.ratings import DEFAULT_MU, ladder, ranks_of, rating_class
from gonets.server.accounts.users import Users
from gonets.server.schema import rating_changes_table, ratings_table, tables_table
from gonets.server.storage import Storage, StoredTable

from .accounts import app_state, client_of, make_user
from .helpers import play_to_the_end
from .test_players import SessionWs

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def test_ranks_put_winners_first_then_scores_then_those_who_abandoned():
    assert ranks_of({"scores": [1.0, 0.0], "winners": [0]}, 2) == [1, 2]
    assert ranks_of({"scores": [3.0, 5.0, 1.0], "winners": [1]}, 3) == [2, 1, 3]
    assert ranks_of({"scores": [0.0, 0.0], "winners": []}, 2) == [1, 1]      # a draw
    assert ranks_of({"scores": [2.0, 2.0, 0.0], "winners": []}, 3) == [1, 1, 2]
    abandoned = {"scores": [9.0, 1.0, 0.0], "winners": [0], "detail": {"abandoned": [0]}}
    assert ranks_of(abandoned, 3) == [3, 1, 2]
    assert rating_class(2) == "2" and rating_class(3) == "3+" and rating_class(5) == "3+"


def stored_table(table_id: str, users: list[int], rated: bool = True) -> StoredTable:
    seats = [{"kind": "human", "name": f"P{i}", "user": user, "account": f"P{i}"}
             for i, user in enumerate(users)]
    return StoredTable(id=table_id, game="toy", players=len(users), preset="default",
                       options={"rounds": 2}, seats=seats, token_hashes=[None] * len(users),
                       seed=1, bot_delay=0.0, turn_seconds=None, status="running",
                       rated=rated)


def rows(storage: Storage, table, **where) -> list:
    query = sqlalchemy.select(table)
    for key, value in where.items():
        query = query.where(table.c[key] == value)
    with storage.engine.connect() as conn:
        return list(conn.execute(query))


def test_a_finished_rated_table_changes_ratings_once_in_its_own_transaction(storage):
    users = Users(storage.engine)
    ids = [users.create(name, hash_password("x" * 8)).id for name in ("Ann", "Bob", "Cy")]
    storage.create_table(stored_table("duel", ids[:2]))
    steps = [{"a": 1}, {"a": 2}]
    result = {"scores": [0.0, 1.0], "winners": [1]}
    assert storage.append_steps("duel", 0, steps, "finished", result) is True
    # the same write again (a retry after a lost COMMIT answer): nothing doubles
    assert storage.append_steps("duel", 0, steps, "finished", result) is False
    changes = rows(storage, rating_changes_table, table_id="duel")
    assert sorted((c.seat, c.user_id, c.rank) for c in changes) == [
        (0, ids[0], 2), (1, ids[1], 1)]
    ann, bob = (rows(storage, ratings_table, user_id=i)[0] for i in ids[:2])
    assert bob.mu > DEFAULT_MU > ann.mu
    assert (ann.games, ann.wins, bob.games, bob.wins) == (1, 0, 1, 1)
    assert ann._mapping["class"] == "2"

    # three players, the winner-to-be abandoned: last, whatever the score said
    storage.create_table(stored_table("three", ids))
    abandoned = {"scores": [9.0, 1.0, 0.0], "winners": [1],
                 "detail": {"abandoned": [0]}}
    storage.append_steps("three", 0, steps, "finished", abandoned)
    three = {r.user_id: r for r in rows(storage, ratings_table, game="toy")
             if r._mapping["class"] == "3+"}
    assert three[ids[1]].mu > three[ids[2]].mu > three[ids[0]].mu
    assert three[ids[0]].mu < DEFAULT_MU

    # a table that is not rated, and one finishing in a batch of writes
    storage.create_table(stored_table("casual", ids[:2], rated=False))
    storage.create_table(stored_table("again", ids[:2]))
    storage.create_table(stored_table("other", [ids[2], ids[0]]))
    outcomes = storage.append_batch([
        ("casual", 0, steps, "finished", result), ("again", 0, steps, "finished", result),
        ("other", 0, steps, "running", None)])
    assert outcomes == [True, True, True]
    assert rows(storage, rating_changes_table, table_id="casual") == []
    assert len(rows(storage, rating_changes_table, table_id="again")) == 2
    assert rows(storage, rating_changes_table, table_id="other") == []
    assert rows(storage, ratings_table, user_id=ids[1], game="toy")[0].games == 2
    page = ladder(storage.engine, "toy", "2", 0, 10)
    assert [e["name"] for e in page["entries"]] == ["Bob", "Ann"] and page["total"] == 2
    assert ladder(storage.engine, "toy", "3+", 1, 1)["entries"][0]["place"] == 2
    with storage.engine.begin() as conn:
        conn.execute(sqlalchemy.update(tables_table).where(tables_table.c.id == "again")
                     .values(private=True))
    past = history(storage.engine, ids[0], None)
    assert past["played"] == 3 and past["won"] == 0     # the private one: not seen
    assert {e["id"] for e in past["recent"]} == {"duel", "three", "casual"}
    shared = history(storage.engine, ids[0], ids[1])      # Bob sat there too
    assert "again" in {e["id"] for e in shared["recent"]} and shared["played"] == 4


def test_a_table_whose_seats_are_not_all_accounts_is_not_rated(storage):
    user = Users(storage.engine).create("Ann", hash_password("x" * 8)).id
    table = stored_table("half", [user, user])
    table.seats[1] = {"kind": "human", "name": "guest"}
    storage.create_table(table)
    storage.append_steps("half", 0, [{"a": 1}], "finished",
                         {"scores": [1.0, 0.0], "winners": [0]})
    assert rows(storage, rating_changes_table) == []
    assert rows(storage, ratings_table) == []


def test_a_rated_toy_game_moves_both_ratings_the_right_way(server):
    ann, bob = make_user(server, "Ann"), make_user(server, "Bob")
    ann_http, bob_http = client_of(server, ann), client_of(server, bob)
    created = ann_http.post("/api/tables", json={"game": "toy", "players": 2, "seats": HUMANS,
                                                 "rated": True, "seed": 5,
                                                 "turn_seconds": 3600})
    assert created.status_code == 201, created.text
    table_id = created.json()["id"]
    assert created.json()["table"]["status"] == "open"          # Bob's seat is empty
    assert bob_http.post(f"/api/tables/{table_id}/seats", json={}).status_code == 201
    clients = [SessionWs(server, http, table_id) for http in (ann_http, bob_http)]
    try:
        final = play_to_the_end(clients)
        for client in clients:                  # the rematch: rated, each account seated
            client.send({"type": "rematch"})
            rematch = client.until(lambda m: m["type"] == "rematch")
        again = server.http.get(f"/api/tables/{rematch['table']}").json()
        assert again["rated"] is True and again["status"] == "running"
        assert [s["account"] for s in again["seats"]] == ["Ann", "Bob"]
    finally:
        for client in clients:
            client.close()
    winners = final[0]["view"]["result"]["winners"]
    assert len(winners) == 1
    storage = app_state(server).storage
    changes = rows(storage, rating_changes_table, table_id=table_id)
    assert sorted(c.seat for c in changes) == [0, 1]
    for change in changes:
        assert (change.mu_after > change.mu_before) == (change.seat in winners)
    stored = storage.load_table(table_id)                 # the last write, retried
    last = len(stored.steps) - 1
    assert storage.append_steps(table_id, last, stored.steps[last:], "finished",
                                stored.result) is False
    assert len(rows(storage, rating_changes_table, table_id=table_id)) == 2
    assert [r.games for r in rows(storage, ratings_table, game="toy")] == [1, 1]
    profile = ann_http.get("/api/users/Ann").json()
    assert profile["played"] == 1 and profile["won"] == int(0 in winners)
    assert profile["recent"][0]["id"] == table_id and profile["recent"][0]["rated"] is True
    assert profile["recent"][0]["rating"]["mu_before"] == DEFAULT_MU
    assert profile["ratings"][0]["games"] == 1
    ladder = server.http.get("/api/ladder/toy?class=2").json()
    names = [entry["name"] for entry in ladder["entries"]]
    assert names[0] == ("Ann" if winners == [0] else "Bob") and len(names) == 2
    assert ladder["entries"][0]["ordinal"] > ladder["entries"][1]["ordinal"]
