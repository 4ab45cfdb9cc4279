"""Resource limits of the real server: each test fails without its limit."""

from __future__ import annotations

import time

import pytest
from websockets.exceptions import ConnectionClosed

from gonets.core import Record, games

from .helpers import ServerThread, limits_for_tests, never_reading_client

HUMANS = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "agent": "random"}] * 2


def wait_for(predicate, timeout: float = 30, what: str = "the condition") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout:g} s")
        time.sleep(0.02)


def test_unsupported_languages_share_the_english_frames(server):
    created = server.create(game="toy", players=2, seats=HUMANS)
    clients = []
    for index in range(20):
        client = server.client(created["id"], join=False)
        client.send({"type": "join", "lang": f"x{chr(97 + index)}"})
        assert client.until(lambda m: m["type"] == "welcome")["lang"] == "en"
        clients.append(client)
    table = server.manager.tables[created["id"]]
    assert set(table.log_lines) == {(None, "en")}
    for client in clients:
        client.close()


def test_a_spectator_that_never_reads_is_dropped_and_the_players_go_on(toy, sqlite_url):
    """Frames pile up for a client that stopped reading; past the byte cap it is closed and
    its queue freed, while a reading client of the same table follows the game to its end."""
    if "loveletter" not in games():
        pytest.skip("loveletter is not registered")
    cap = 1 << 20
    with ServerThread(sqlite_url, limits=limits_for_tests(queued_bytes=cap)) as server:
        created = server.create(game="loveletter", players=6, bot_delay=0.0,
                                options={"tokens_to_win": {"6": 12}},
                                seats=[{"kind": "bot", "agent": "random"}] * 6)
        table = server.manager.tables[created["id"]]
        slow = never_reading_client(server.port, created["id"])
        wait_for(lambda: len(table.connections) == 1, what="the slow client's join")
        stuck = next(iter(table.connections))
        with server.client(created["id"]) as watcher:
            wait_for(lambda: stuck.overflowed, timeout=60, what="the slow client's drop")
            assert stuck.queued == 0 and stuck.outbox.empty()      # its frames are freed
            wait_for(lambda: stuck not in table.connections, what="the table forgetting it")
            seen = watcher.state(timeout=30)["version"]
            later = watcher.until(lambda m: m["type"] == "state" and m["version"] > seen + 5)
            assert later["seat"] is None and not table.failure
        slow.close()


def test_connections_from_one_address_are_capped(toy, sqlite_url):
    with ServerThread(sqlite_url, limits=limits_for_tests(connections_per_address=3)) as server:
        created = server.create(game="toy", players=2, seats=HUMANS)
        clients = [server.client(created["id"]) for _ in range(3)]
        for client in clients:
            client.state()
        extra = server.client(created["id"], join=False)
        refused = extra.recv()
        assert refused["fatal"] and "too many connections from your address" in \
            refused["message"]
        with pytest.raises(ConnectionClosed) as closed:
            extra.recv()
        assert closed.value.rcvd.code == 4429
        clients[0].close()
        wait_for(lambda: server.manager.clients.sockets["127.0.0.1"] == 2)
        again = server.client(created["id"])
        assert again.state()["seat"] is None
        for client in clients[1:] + [again]:
            client.close()


def test_a_table_takes_so_many_watchers_but_players_always_get_in(toy, sqlite_url):
    with ServerThread(sqlite_url, limits=limits_for_tests(connections_per_table=3)) as server:
        created = server.create(game="toy", players=2, seats=HUMANS)
        token = created["links"]["seat"]["token"]
        first = server.client(created["id"])
        first.state()
        second = server.client(created["id"])
        assert "as many watchers as it can take" in second.until(
            lambda m: m["type"] == "error")["message"]
        player = server.client(created["id"], token, name="Ann")
        assert player.state()["seat"] == 0
        for client in (first, second, player):
            client.close()


def test_open_tables_per_address_and_in_all_are_capped(toy, sqlite_url):
    with ServerThread(sqlite_url, limits=limits_for_tests(open_tables_per_address=2)) as server:
        for _ in range(2):
            server.create(game="toy", players=2, seats=HUMANS)
        refused = server.http.post("/api/tables", json={"game": "toy", "players": 2})
        assert refused.status_code == 400
        assert "you have 2 unfinished tables (at most 2)" in refused.json()["error"]
        tables = server.manager.tables
        for table in list(tables.values()):                       # finished ones do not count
            table.status = "finished"
        server.create(game="toy", players=2, seats=HUMANS)
    with ServerThread(sqlite_url, limits=limits_for_tests(open_tables=4)) as server:
        assert len(server.manager.open_ids()) == 3                # resumed from the database
        server.create(game="toy", players=2, seats=HUMANS)
        refused = server.http.post("/api/tables", json={"game": "toy", "players": 2})
        assert "maximum of 4 unfinished tables" in refused.json()["error"]


def test_table_creation_is_rate_limited(toy, sqlite_url):
    with ServerThread(sqlite_url, limits=limits_for_tests(tables_per_minute=3)) as server:
        for seed in range(3):
            server.create(game="toy", players=2, seats=BOTS, seed=seed)
        refused = server.http.post("/api/tables", json={"game": "toy", "players": 2,
                                                        "seats": BOTS})
        assert refused.status_code == 400
        assert "too many new tables (at most 3 a minute)" in refused.json()["error"]


def test_the_lobby_pages_and_a_flood_cannot_hide_a_table_with_people(toy, sqlite_url):
    with ServerThread(sqlite_url, limits=limits_for_tests(lobby_page=5)) as server:
        real = server.create(game="toy", players=2, seats=HUMANS)
        ann = server.client(real["id"], real["links"]["seat"]["token"], name="Ann")
        ann.state()
        flood = {server.create(game="toy", players=2, seats=HUMANS)["id"] for _ in range(12)}
        first = server.http.get("/api/tables", params={"status": "open"}).json()
        assert first["totals"] == {"open": 13} and len(first["open"]) == 5
        assert first["open"][0]["id"] == real["id"]
        seen = []
        for offset in range(0, 15, 5):
            page = server.http.get("/api/tables", params={"status": "open", "offset": offset,
                                                          "limit": 50}).json()
            assert len(page["open"]) <= 5                 # the server's page size holds
            seen += [t["id"] for t in page["open"]]
        assert sorted(seen) == sorted(flood | {real["id"]})
        everything = server.http.get("/api/tables").json()
        assert set(everything["totals"]) == {"open", "running", "finished"}
        bad = server.http.get("/api/tables", params={"offset": "-1"})
        assert bad.status_code == 400 and "'offset' must be a whole number" in bad.text
        ann.close()


def test_spectators_churning_send_small_presence_updates_not_frames(server):
    created = server.create(game="toy", players=2, seats=HUMANS)
    ann = server.client(created["id"], created["links"]["seat"]["token"], name="Ann")
    ann.state()
    before = len(ann.messages)
    for _ in range(30):
        watcher = server.client(created["id"])
        watcher.state()
        watcher.close()
    time.sleep(0.6)
    ann.send({"type": "ping", "ref": "p"})
    ann.until(lambda m: m["type"] == "pong")
    later = ann.messages[before:]
    assert not [m for m in later if m["type"] == "state"]
    presence = [m for m in later if m["type"] == "presence"]
    assert presence and len(presence) < 30            # coalesced, not one per join
    assert all(len(raw) < 300 for raw in ann.raw[before:])
    assert presence[-1]["spectators"] == 0 and presence[-1]["connected"] == [True, False]
    ann.close()


def test_a_table_past_its_step_limit_ends_as_a_draw_with_the_reason(toy, sqlite_url):
    with ServerThread(sqlite_url, limits=limits_for_tests(max_steps=4)) as server:
        created = server.create(game="toy", players=2, preset="long", seats=BOTS, seed=2)
        watcher = server.client(created["id"])
        ended = watcher.until(lambda m: m["type"] == "state" and m["ended"])
        assert "limit of 4 steps" in ended["ended"] and ended["version"] == 4
        assert ended["status"] == "finished" and ended["view"]["result"]["winners"] == []
        summary = server.http.get(f"/api/tables/{created['id']}").json()
        assert summary["status"] == "finished" and summary["result"]["winners"] == []
        record = Record.from_json(server.http.get(f"/api/tables/{created['id']}/record").json())
        state = record.replay()
        assert len(record.steps) == 4 and not state.is_terminal()
        watcher.close()


def test_every_game_declares_a_step_limit_far_above_its_length():
    for game in games().values():
        players = game.player_range(game.default_preset)[0]
        assert game.step_limit(game.configure(players)) >= 1000


def test_the_caps_can_be_changed_from_the_environment(monkeypatch):
    from gonets.server.limits import limits_from_environment

    monkeypatch.setenv("GONETS_LIMITS", '{"tables_per_minute": 5}')
    assert limits_from_environment().tables_per_minute == 5
    monkeypatch.setenv("GONETS_LIMITS", '{"tables_per_hour": 5}')
    with pytest.raises(SystemExit, match="GONETS_LIMITS must be a JSON object"):
        limits_from_environment()
    monkeypatch.setenv("GONETS_LIMITS", '{"write_pace": 0}')
    assert limits_from_environment().write_pace == 0
    monkeypatch.setenv("GONETS_LIMITS", '{"write_pace": 5}')
    with pytest.raises(SystemExit, match="write_pace must be 0 to 1 seconds, not 5"):
        limits_from_environment()


def test_new_connections_past_the_join_rate_are_refused_before_any_work(toy, sqlite_url):
    from websockets.exceptions import InvalidStatus

    limits = limits_for_tests(joins_per_second=0.5, join_burst=3)
    with ServerThread(sqlite_url, limits=limits) as server:
        created = server.create(game="toy", players=2, seats=HUMANS)
        clients = [server.client(created["id"]) for _ in range(3)]
        for client in clients:
            client.state()
        with pytest.raises(InvalidStatus) as refused:             # refused at the handshake
            server.client(created["id"])
        assert refused.value.response.status_code == 403
        assert server.manager.clients.sockets["127.0.0.1"] == 3   # nothing was counted
        for client in clients:
            client.close()


def test_networks_and_the_whole_server_have_socket_caps():
    from gonets.server.limits import ClientLimits, Limits, network_of

    assert network_of("203.0.113.77") == "203.0.113.0/24"
    assert network_of("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert network_of("unknown") == "unknown"
    assert network_of("::ffff:203.0.113.77") == "203.0.113.0/24"     # a dual-stack socket
    clients = ClientLimits(Limits(connections_per_network=3, sockets=5))
    for last in range(3):
        clients.connect(f"203.0.113.{last}")
    with pytest.raises(Exception, match="too many connections from your network"):
        clients.connect("203.0.113.200")
    clients.connect("198.51.100.1")
    clients.connect("198.51.100.2")
    with pytest.raises(Exception, match="maximum of connections"):
        clients.connect("192.0.2.1")
    clients.disconnect("203.0.113.0")
    clients.disconnect("198.51.100.1")
    clients.connect("203.0.113.200")
    assert clients.total == 4 and clients.networks["203.0.113.0/24"] == 3


def test_join_buckets_refill_at_their_rate_and_forget_the_oldest():
    from gonets.server.limits import Buckets

    buckets = Buckets(rate=2.0, burst=3, keys=2)
    assert [buckets.take("a", now=0.0) for _ in range(4)] == [True, True, True, False]
    assert buckets.take("a", now=0.5) and not buckets.take("a", now=0.5)
    buckets.take("b", now=1.0)
    buckets.take("c", now=1.0)
    assert list(buckets.levels) == ["b", "c"]                 # at most two remembered


def test_behind_a_trusted_proxy_the_forwarded_address_counts(toy, sqlite_url):
    limits = limits_for_tests(trusted_proxies=("127.0.0.0/8",))
    with ServerThread(sqlite_url, limits=limits) as server:
        answer = server.http.post("/api/tables", json={"game": "toy", "players": 2},
                                  headers={"X-Forwarded-For": "198.51.100.7, 127.0.0.2"})
        assert answer.status_code in (200, 201)
        assert server.manager.clients.owners[answer.json()["id"]] == "198.51.100.7"
        for header, counted in (("198.51.100.8:5555", "198.51.100.8"),   # with a port
                                ("evil, 127.0.0.9", "127.0.0.1"),         # not an address
                                ("unknown", "127.0.0.1")):
            answer = server.http.post("/api/tables", json={"game": "toy", "players": 2},
                                      headers={"X-Forwarded-For": header})
            assert server.manager.clients.owners[answer.json()["id"]] == counted, header
    with ServerThread(sqlite_url) as server:                    # no proxy is trusted
        answer = server.http.post("/api/tables", json={"game": "toy", "players": 2},
                                  headers={"X-Forwarded-For": "198.51.100.7"})
        assert server.manager.clients.owners[answer.json()["id"]] == "127.0.0.1"
