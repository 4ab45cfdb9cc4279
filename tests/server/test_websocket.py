"""Live play over websockets against the real app: seats, names, spectators, bad input,
double clicks, the turn timer."""

from __future__ import annotations

import json
import time

import pytest

from gonets.server.frames import wire

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def two_humans(server, **spec):
    created = server.create(game="toy", players=2, seats=HUMANS, **spec)
    tokens = server.seat_tokens(created)
    return created["id"], tokens


def test_a_table_waits_for_names_then_each_seat_sees_only_its_own_card(server):
    table_id, tokens = two_humans(server, seed=1)
    ann = server.client(table_id, tokens[0])
    welcome = ann.until(lambda m: m["type"] == "welcome")
    assert welcome == {"type": "welcome", "seat": 0, "ref": None, "needs_name": True,
                       "lang": "en"}
    state = ann.state()
    assert state["status"] == "open" and state["legal"] == []
    ann.send({"type": "name", "name": "Ann"})
    assert ann.until(lambda m: m["type"] == "state")["seats"][0]["name"] == "Ann"
    bob = server.client(table_id, tokens[1], name="Bob")
    bob_state = bob.until(lambda m: m["type"] == "state" and m["status"] == "running")
    ann_state = ann.until(lambda m: m["type"] == "state" and m["status"] == "running")
    assert bob_state["seats"][0]["connected"] and bob_state["seats"][1]["connected"]
    assert ann_state["view"]["hand"] != bob_state["view"]["hand"]
    assert [a["text"] for a in ann_state["legal"]] == ["keep", "swap"]
    assert bob_state["legal"] == []                      # not Bob's turn
    assert f"draws a {bob_state['view']['hand']}" not in " ".join(ann_state["log"])
    spectator = server.client(table_id)
    watched = spectator.state()
    assert watched["seat"] is None and watched["view"]["hand"] is None
    assert not any("draws" in line for line in watched["log"])
    for client in (ann, bob, spectator):
        client.close()


def test_actions_are_acknowledged_after_the_new_state_and_reach_every_seat(server):
    table_id, tokens = two_humans(server)
    ann = server.client(table_id, tokens[0], name="Ann")
    bob = server.client(table_id, tokens[1], name="Bob")
    state = ann.until(lambda m: m["type"] == "state" and m["status"] == "running")
    ann.send({"type": "act", "action": "keep", "version": state["version"], "ref": "k1"})
    after = ann.until(lambda m: m["type"] == "state" and m["version"] == state["version"] + 1)
    ack = ann.until(lambda m: m["type"] == "ack")
    assert ack == {"type": "ack", "ref": "k1", "version": after["version"]}
    bob_after = bob.until(lambda m: m["type"] == "state" and m["version"] == after["version"])
    assert [a["text"] for a in bob_after["legal"]] == ["keep", "swap"]
    assert "Ann keeps" in bob_after["log"]           # seat names people chose
    ann.close()
    bob.close()


def errors_of(client, count, timeout=10):
    found = []
    while len(found) < count:
        message = client.recv(timeout)
        if message["type"] == "error":
            found.append(message)
    return found


def test_bad_input_gets_a_clear_error_to_that_client_only_and_changes_nothing(server):
    table_id, tokens = two_humans(server)
    ann = server.client(table_id, tokens[0], name="Ann")
    bob = server.client(table_id, tokens[1], name="Bob")
    watcher = server.client(table_id)
    state = ann.until(lambda m: m["type"] == "state" and m["status"] == "running")
    version = state["version"]
    bad_messages = [
        ("{oops", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ("[" * 4000 + "]" * 4000, "nested too deeply"),
        (json.dumps({"type": "dance"}), "unknown message type"),
        (json.dumps({"type": "act", "action": "x" * 9000}), "message too large"),
        (json.dumps({"type": "act", "action": "fly", "ref": 1}), "cannot read that action"),
        (json.dumps({"type": "act", "action": 3}), "must be the action's notation"),
        (json.dumps({"type": "act", "action": "keep", "version": "new"}), "whole number"),
        (json.dumps({"type": "act", "action": "keep", "version": True}), "whole number"),
        (json.dumps({"type": "act", "action": "keep", "version": float(version)}),
         "whole number"),
        (json.dumps({"type": "act", "action": "keep", "version": version - 1}), "repeated click"),
        (json.dumps({"type": "join", "token": tokens[0]}), "already joined"),
        (json.dumps({"type": "name", "name": ""}), "visible character"),
        (json.dumps({"type": "name", "name": "n" * 40}), "at most 32"),
        (json.dumps({"type": "name", "name": 5}), "must be text"),
    ]
    for text, expected in bad_messages:
        ann.send(text)
        error = errors_of(ann, 1)[0]
        assert expected in error["message"], (text, error)
    bob.send({"type": "act", "action": "keep", "version": version})
    assert "not your turn" in errors_of(bob, 1)[0]["message"]
    watcher.send({"type": "act", "action": "keep"})
    assert "spectators cannot act" in errors_of(watcher, 1)[0]["message"]
    # nothing changed: a fresh spectator sees the same step, and nobody else got any error
    fresh = server.client(table_id).state()
    assert fresh["version"] == version and fresh["status"] == "running"
    ann.send({"type": "ping", "ref": "p"})
    ann.until(lambda m: m["type"] == "pong")
    ann.send({"type": "ping", "ref": 2**64})        # past orjson's integers: still answered
    assert ann.until(lambda m: m["type"] == "pong")["ref"] == 2**64
    for other in (bob, watcher):
        other.send({"type": "ping", "ref": "p"})
        other.until(lambda m: m["type"] == "pong")
    assert sum(m["type"] == "error" for m in bob.messages) == 1
    assert sum(m["type"] == "error" for m in watcher.messages) == 1
    assert not any(m["type"] == "error" for m in fresh_messages(server, table_id))
    for client in (ann, bob, watcher):
        client.close()


def fresh_messages(server, table_id):
    client = server.client(table_id)
    client.state()
    client.close()
    return client.messages


def test_wrong_missing_and_foreign_tokens_are_refused(server):
    table_id, tokens = two_humans(server)
    _other_id, other_tokens = two_humans(server)
    for token, expected in ((tokens[0][:-2] + "xx", "wrong token"), ("", "missing"),
                            (other_tokens[0], "wrong token"), (["list"], "malformed")):
        client = server.client(table_id, join=False)
        client.send({"type": "join", "token": token})
        assert expected in client.until(lambda m: m["type"] == "error")["message"]
        client.send({"type": "act", "action": "keep"})
        assert "join the table first" in client.until(lambda m: m["type"] == "error")["message"]
        client.close()
    client = server.client(table_id, join=False)
    client.send({"type": "join", "name": "Spy"})
    assert "spectators do not have a name" in client.until(
        lambda m: m["type"] == "error")["message"]
    client.close()
    state = server.client(table_id).state()
    assert state["status"] == "open" and all(s["name"] is None for s in state["seats"])


def test_unknown_table_over_websocket(server):
    client = server.client("nosuchtable", join=False)
    message = client.recv()
    assert message["type"] == "error" and "no table 'nosuchtable'" in message["message"]
    client.close()


def test_a_double_click_applies_once(server):
    table_id, tokens = two_humans(server)
    ann = server.client(table_id, tokens[0], name="Ann")
    server.client(table_id, tokens[1], name="Bob")
    state = ann.until(lambda m: m["type"] == "state" and m["status"] == "running")
    click = {"type": "act", "action": "swap", "version": state["version"]}
    ann.send({**click, "ref": "a"})
    ann.send({**click, "ref": "b"})
    ack = ann.until(lambda m: m["type"] == "ack")
    error = ann.until(lambda m: m["type"] == "error")
    assert ack["ref"] == "a" and error["ref"] == "b" and "repeated click" in error["message"]
    latest = server.client(table_id).state()
    assert latest["version"] == state["version"] + 1
    assert latest["view"]["swaps"] == [1, 0]


def test_names_are_kept_as_text_and_tokens_never_reach_other_clients(server):
    table_id, tokens = two_humans(server)
    hostile = '<img src=x onerror="alert(1)">'
    ann = server.client(table_id, tokens[0], name=hostile + "\u0007")
    refused = ann.until(lambda m: m["type"] == "error")
    assert "invisible character U+0007" in refused["message"]
    assert refused["code"] == "name_invisible" and refused["params"]["char"].startswith("U+0007")
    # the seat joined all the same (no dead page), still waiting for a name
    assert next(m for m in ann.messages if m["type"] == "welcome")["needs_name"] is True
    ann.send({"type": "name", "name": hostile})
    bob = server.client(table_id, tokens[1], name="Bob")
    watcher = server.client(table_id)
    seen = watcher.until(lambda m: m["type"] == "state" and m["status"] == "running")
    assert seen["seats"][0]["name"] == hostile
    state = ann.until(lambda m: m["type"] == "state" and m["status"] == "running")
    ann.send({"type": "act", "action": "keep", "version": state["version"]})
    bob.until(lambda m: m["type"] == "state" and m["version"] == state["version"] + 1)
    watcher.until(lambda m: m["type"] == "state" and m["version"] == state["version"] + 1)
    for client, own in ((ann, tokens[0]), (bob, tokens[1]), (watcher, None)):
        text = "".join(client.raw)
        for token in tokens:
            if token != own:
                assert token not in text
        assert own is None or own not in text      # not even echoed back to its owner
    lobby = server.http.get("/api/tables").text
    assert all(token not in lobby for token in tokens)


def test_the_turn_timer_lets_a_bot_play_for_an_absent_seat(server):
    created = server.create(game="toy", players=2, turn_seconds=1,
                            seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    token = created["links"]["seat"]["token"]
    ann = server.client(created["id"], token, name="Ann")
    started = ann.until(lambda m: m["type"] == "state" and m["status"] == "running")
    assert started["turn_left"] == pytest.approx(1.0, abs=0.3)
    begin = time.monotonic()
    final = ann.until(lambda m: m["type"] == "state" and m["view"]["terminal"], timeout=20)
    assert time.monotonic() - begin >= 1.5          # two timed-out turns of one second
    record = server.http.get(f"/api/tables/{created['id']}/record").json()
    assert [s["seat"] for s in record["steps"] if "seat" in s] == [0, 1, 0, 1]
    assert final["turn_left"] is None
    ann.close()


def test_a_faulty_bot_or_renderer_never_stops_a_table(server, toy, monkeypatch):
    from gonets.agents import Agent
    from gonets.server.frames import BROKEN_PICTURE

    class Faulty(Agent):
        def act(self, view, legal):
            return 99                                  # not a legal action id

    monkeypatch.setattr(type(toy), "agents", lambda self: {"faulty": Faulty})

    def broken_picture(self, view):
        raise RuntimeError("renderer bug")

    monkeypatch.setattr(type(toy), "render_svg", broken_picture)
    created = server.create(game="toy", players=2, seats=[{"kind": "bot", "agent": "faulty"}] * 2)
    watcher = server.client(created["id"])
    final = watcher.until(lambda m: m["type"] == "state" and m["view"]["terminal"])
    assert final["svg"] == BROKEN_PICTURE and final["failure"] is None
    assert server.http.get(f"/api/tables/{created['id']}/record").status_code == 200


def test_a_flood_of_messages_is_refused_past_the_rate_limit(toy, sqlite_url):
    from gonets.server.app import MAX_RATE

    from .helpers import ServerThread

    with ServerThread(sqlite_url, max_rate=MAX_RATE) as server:
        table_id, tokens = two_humans(server)
        ann = server.client(table_id, tokens[0], name="Ann")
        for _ in range(MAX_RATE + 10):
            ann.send({"type": "ping"})
        replies = [ann.until(lambda m: m["type"] in ("pong", "error"))
                   for _ in range(MAX_RATE + 10)]
        refused = [m for m in replies if m["type"] == "error"]
        assert refused and all("too many messages" in m["message"] for m in refused)
        assert sum(m["type"] == "pong" for m in replies) <= MAX_RATE
        ann.close()


def test_each_connection_gets_texts_in_its_language(toy, sqlite_url):
    from gonets.core import games

    from .helpers import ServerThread

    if "loveletter" not in games():
        pytest.skip("loveletter has not landed yet")
    with ServerThread(sqlite_url) as server:
        created = server.create(game="loveletter", players=2, seed=1,
                                seats=[{"kind": "bot", "agent": "random"}] * 2)
        english = server.client(created["id"])
        russian = server.client(created["id"], join=False)
        russian.send({"type": "join", "lang": "ru"})
        bad = server.client(created["id"], join=False)
        bad.send({"type": "join", "lang": "<script>"})      # unsupported: English
        assert bad.until(lambda m: m["type"] == "welcome")["lang"] == "en"
        final_en = english.until(lambda m: m["type"] == "state" and m["view"]["terminal"])
        final_ru = russian.until(lambda m: m["type"] == "state" and m["view"]["terminal"])
        assert final_en["view"] == final_ru["view"]        # the same view, words apart
        assert final_en["svg"] != final_ru["svg"]           # the picture's words translated
        assert any(ch in final_ru["svg"] for ch in "абвгдеиклмнопрст")
        assert not any(ch in final_en["svg"] for ch in "абвгдеиклмнопрст")
        assert final_en["log"] != final_ru["log"]
        assert any(ch in "".join(final_ru["log"]) for ch in "абвгдеиклмнопрст")
        replay = server.http.get(f"/api/tables/{created['id']}/replay",
                                 params={"lang": "ru"}).json()
        assert replay["log"] == final_ru["log"]
        for client in (english, russian, bad):
            client.close()


def test_log_lines_of_departed_listeners_are_not_kept(server):
    """Each (seat, language) keeps described log lines for its listeners; a client could
    otherwise grow a table's memory without end by joining in ever new 'languages'."""
    table_id, _tokens = two_humans(server)
    for lang in ("aa", "ab", "ac", "ad"):
        client = server.client(table_id, join=False)
        client.send({"type": "join", "lang": lang})
        client.state()
        client.close()
    table = server.manager.tables[table_id]
    deadline = time.monotonic() + 10
    while table.connections and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not table.connections and not table.log_lines


def test_rejoining_under_the_same_name_stores_nothing_and_sends_no_frame(server, monkeypatch):
    """The client rejoins with its saved name after every reconnect: an unchanged name is
    not written again, and the others get a small presence update, not a frame."""
    table_id, tokens = two_humans(server)
    ann = server.client(table_id, tokens[0], name="Ann")
    bob = server.client(table_id, tokens[1], name="Bob")
    bob.until(lambda m: m["type"] == "state" and m["status"] == "running")
    ann.close()
    bob.until(lambda m: m["type"] == "presence" and not m["connected"][0])
    writes = []
    storage = server.manager.storage
    original = storage.update_seats
    monkeypatch.setattr(storage, "update_seats", lambda *a: (writes.append(a), original(*a))[1])
    before = len(bob.messages)
    again = server.client(table_id, tokens[0], name="Ann")
    again.state()
    bob.until(lambda m: m["type"] == "presence" and m["connected"][0])
    frames = [m for m in bob.messages[before:] if m["type"] == "state"]
    assert frames == [] and writes == []
    for client in (again, bob):
        client.close()


def test_the_wire_writes_what_the_standard_encoder_writes():
    message = {"type": "state", "view": {"by_seat": {1: "ж"}}, "ref": 2**64, "x": [1.5, None]}
    assert json.loads(wire(message)) == json.loads(json.dumps(message))
    assert "\\u0436" in wire(message).decode()        # the rare way: ASCII escapes
    assert "ж" in wire({"text": "ж"}).decode()         # orjson's way: UTF-8
    assert json.loads(wire({"ref": "\ud800"})) == {"ref": "\ud800"}   # no UTF-8 form


def test_frames_carry_only_the_new_log_and_add_up_to_the_whole(toy, sqlite_url):
    """In protocol 2, after a connection's first frame each carries its log from where the
    last one ended (``log_from``); kept together as the page keeps them, the last is the
    whole frame a new connection gets, for a seat (its own hidden events included) and for
    a spectator. A client of protocol 1 beside them gets whole frames."""
    import random

    from .helpers import ServerThread

    def joined(table_id, token=None, **join):
        client = server.client(table_id, join=False)
        client.send({"type": "join", **({"token": token} if token else {}), **join})
        return client

    with ServerThread(sqlite_url) as server:
        created = server.create(game="loveletter", players=2, seed=3,
                                seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
        table_id, token = created["id"], created["links"]["seat"]["token"]
        ann = joined(table_id, token, name="Ann", protocol=2)
        watcher = joined(table_id, protocol=2)
        old = joined(table_id)
        rng = random.Random(3)
        state = ann.state()
        while not state["view"]["terminal"]:
            if state["legal"] and state["status"] == "running":
                ann.send({"type": "act", "action": rng.choice(state["legal"])["text"],
                          "version": state["version"]})
            version = state["version"]
            state = ann.until(lambda m: m["type"] == "state" and m["version"] > version)
        final = watcher.until(lambda m: m["type"] == "state" and m["view"]["terminal"])
        old.until(lambda m: m["type"] == "state" and m["view"]["terminal"])
        assert not any('"log_from"' in text for text in old.raw)
        for client in (ann, watcher):
            raw = [json.loads(text) for text in client.raw]
            tails = [m for m in raw if m["type"] == "state" and m.get("log_from")]
            assert tails and all(len(m["log"]) < len(client.latest_state()["log"])
                                 for m in tails)
            assert all(len(m["view"]["log"]) == len(m["log"]) == len(m["log_refs"])
                       for m in tails)
        ann.close()
        for kept, again in ((state, joined(table_id, token, protocol=2)),
                            (final, joined(table_id, protocol=2)),
                            (final, old)):
            whole = again.state() if again is not old else again.latest_state()
            assert whole["version"] == kept["version"] and not whole.get("log_from")
            for key in ("log", "log_refs", "view"):
                assert kept[key] == whole[key], key
            again.close()
        watcher.close()


def test_a_client_of_protocol_2_gets_its_messages_as_binary_utf8_json(server):
    """The table page joins with ``protocol`` 2: the same JSON, UTF-8 in binary messages (no
    decoding and encoding on the server); a client that does not ask gets text."""
    from websockets.sync.client import connect

    table_id = server.create(game="toy", players=2, seats=HUMANS)["id"]
    url = f"{server.ws_base}/ws/{table_id}"
    with connect(url) as binary, connect(url) as text:
        binary.send(json.dumps({"type": "join", "protocol": 2, "lang": "ru"}))
        text.send(json.dumps({"type": "join", "lang": "ru"}))
        got = [binary.recv(timeout=10) for _ in range(2)]
        plain = [text.recv(timeout=10) for _ in range(2)]
        assert all(isinstance(data, bytes) for data in got)
        assert all(isinstance(data, str) for data in plain)
        assert [json.loads(data)["type"] for data in got] == ["welcome", "state"]
        for key in ("svg", "view", "log"):
            assert json.loads(got[1])[key] == json.loads(plain[1])[key]
    for wrong in (3, True, "2"):
        with connect(url) as bad:
            bad.send(json.dumps({"type": "join", "protocol": wrong}))
            refused = json.loads(bad.recv(timeout=10))
            assert refused["code"] == "bad_message" and "'protocol'" in refused["message"]


def test_a_move_sent_in_protocol_2_is_answered_by_the_frame_it_makes(toy, sqlite_url):
    """In protocol 2 the frame of a seat's own move carries the move's ``ref`` as ``ack``, in
    place of an acknowledgement of its own (one message a move fewer); a refused move is
    still answered by its error, and a client of protocol 1 still gets its ``ack``."""
    from .helpers import ServerThread

    with ServerThread(sqlite_url) as server:
        created = server.create(game="toy", players=2,
                                seats=[{"kind": "human"}, {"kind": "human"}])
        tokens = server.seat_tokens(created)
        ann = server.client(created["id"], join=False)
        ann.send({"type": "join", "token": tokens[0], "name": "Ann", "protocol": 2})
        bob = server.client(created["id"], tokens[1], name="Bob")
        state = ann.until(lambda m: m["type"] == "state" and m["status"] == "running")
        ann.send({"type": "act", "action": "swap", "version": state["version"], "ref": "a1"})
        moved = ann.until(lambda m: m.get("ack") == "a1" or m.get("ref") == "a1")
        assert moved["type"] == "state" and moved["version"] == state["version"] + 1
        ann.send({"type": "act", "action": "keep", "version": state["version"], "ref": "a2"})
        refused = ann.until(lambda m: m.get("ref") == "a2")
        assert refused["type"] == "error"
        bob.until(lambda m: m["type"] == "state" and m["version"] == moved["version"])
        bob.send({"type": "act", "action": "keep", "version": moved["version"], "ref": "b1"})
        acked = bob.until(lambda m: m["type"] == "ack" and m.get("ref") == "b1")
        assert acked["version"] == moved["version"] + 1
        seen = [json.loads(text) for text in ann.raw]
        assert not [m for m in seen if m["type"] == "ack" and m.get("ref") == "a1"]
        assert [m["version"] for m in seen if "ack" in m] == [moved["version"]]
        ann.close()
        bob.close()
