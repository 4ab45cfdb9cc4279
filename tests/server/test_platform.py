"""The platform around the games: stable error codes, table chat, rematches, the moves a bot
made for an absent player, and the games' help."""

from __future__ import annotations

import json
import time

import pytest
import sqlalchemy

from gonets.core import seat_names
from gonets.server.chat import CHAT_BURST, MAX_CHAT
from gonets.server.storage import Storage, normalise_url

from .helpers import ServerThread, play_to_the_end

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def seated_pair(server, **spec):
    created = server.create(game="toy", players=2, seats=HUMANS, **spec)
    tokens = server.seat_tokens(created)
    ann = server.client(created["id"], tokens[0], name="Ann")
    bob = server.client(created["id"], tokens[1], name="Bob")
    for client in (ann, bob):
        client.until(lambda m: m["type"] == "state" and m["status"] == "running")
    return created, tokens, ann, bob



# -- error codes -------------------------------------------------------------------------------
def test_refusals_carry_stable_codes_over_websocket_and_http(server):
    missing = server.client("nosuchtable", join=False)
    refused = missing.recv()
    assert refused["type"] == "error" and refused["fatal"] is True
    assert refused["code"] == "no_table" and refused["params"] == {"table": "nosuchtable"}
    missing.close()
    created = server.create(game="toy", players=2, seats=HUMANS)
    stale = server.client(created["id"], "not-the-secret")
    wrong = stale.until(lambda m: m["type"] == "error")
    assert wrong["code"] == "bad_token" and "wrong token" in wrong["message"]
    stale.close()
    answer = server.http.get("/api/tables/nosuchtable")
    assert answer.status_code == 404 and answer.json()["code"] == "no_table"
    claim = server.http.post(f"/api/tables/{created['id']}/seats",
                             json={"seat": 1, "name": "\u200b"})
    assert claim.status_code == 400
    assert claim.json()["code"] == "name_invisible"
    assert claim.json()["params"]["char"].startswith("U+200B")
    blank = server.http.post(f"/api/tables/{created['id']}/seats", json={"seat": 1,
                                                                          "name": "   "})
    assert blank.json()["code"] == "name_empty"


def test_a_refused_name_at_join_leaves_the_seat_joined_and_asking(server):
    created = server.create(game="toy", players=2, seats=HUMANS)
    token = created["links"]["seat"]["token"]
    ann = server.client(created["id"], token, name="\u2800")
    welcome = ann.until(lambda m: m["type"] == "welcome")
    assert welcome["seat"] == 0 and welcome["needs_name"] is True
    assert ann.until(lambda m: m["type"] == "error")["code"] == "name_blank"
    ann.send({"type": "name", "name": "Ann", "ref": "n"})
    assert ann.until(lambda m: m["type"] == "ack")["ref"] == "n"
    ann.close()


# -- chat --------------------------------------------------------------------------------------
def test_chat_reaches_players_and_spectators_as_text_and_is_kept_apart_from_the_record(
        server, sqlite_url):
    created, _tokens, ann, bob = seated_pair(server)
    watcher = server.client(created["id"])
    history = watcher.until(lambda m: m["type"] == "chat")
    assert history["history"] is True and history["entries"] == []
    assert history["me"]["spectator"] >= 1
    hostile = "<b>hi</b> & <script>alert(1)</script>"
    ann.send({"type": "chat", "text": f"  {hostile}  ", "ref": "c1"})
    for client in (ann, bob, watcher):
        line = client.until(lambda m: m["type"] == "chat" and not m.get("history"))
        entry = line["entries"][0]
        assert entry["text"] == hostile and entry["seat"] == 0 and entry["name"] == "Ann"
    watcher.send({"type": "chat", "text": "who wins?"})
    spoken = bob.until(lambda m: m["type"] == "chat")["entries"][0]
    assert spoken["seat"] is None and spoken["name"] is None
    assert spoken["spectator"] == history["me"]["spectator"]
    watcher.send({"type": "chat_name", "name": "Ann"})             # a seat's name: refused
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "name_taken"
    watcher.send({"type": "chat_name", "name": "\u0410nn"})        # ... and its look-alike
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "name_taken"
    for reserved in ("system", "spectator 2"):
        watcher.send({"type": "chat_name", "name": reserved})
        assert watcher.until(lambda m: m["type"] == "error")["code"] == "name_reserved"
    watcher.send({"type": "chat_name", "name": "Zoë"})
    watcher.until(lambda m: m["type"] == "ack")
    watcher.send({"type": "chat", "text": "me again"})
    assert bob.until(lambda m: m["type"] == "chat")["entries"][0]["name"] == "Zoë"
    play_to_the_end([ann, bob])
    record = server.http.get(f"/api/tables/{created['id']}/record").text
    assert "who wins" not in record and "hi</b>" not in record
    engine = sqlalchemy.create_engine(normalise_url(sqlite_url))
    with engine.connect() as conn:
        rows = conn.execute(sqlalchemy.text(
            "SELECT text FROM gonets_chat WHERE table_id = :t ORDER BY id"),
            {"t": created["id"]}).all()
    engine.dispose()
    assert [row[0] for row in rows] == [hostile, "who wins?", "me again"]
    late = server.client(created["id"])                             # after the game: kept
    again = late.until(lambda m: m["type"] == "chat")
    assert [e["text"] for e in again["entries"]] == [hostile, "who wins?", "me again"]
    for client in (ann, bob, watcher, late):
        client.close()


def test_a_new_table_reads_no_chat_back_and_a_table_read_back_does(toy, sqlite_url):
    """A table opened here has no chat lines anywhere, so its joins read none from the
    database; a table this process reads back (after a restart) reads its history once."""
    with ServerThread(sqlite_url, bot_delay=0.0) as first:
        storage, reads = first.manager.storage, []
        reading = storage.chat_history
        storage.chat_history = lambda *args: reads.append(args) or reading(*args)
        created, _tokens, ann, bob = seated_pair(first)
        ann.send({"type": "chat", "text": "hello"})
        bob.until(lambda m: m["type"] == "chat" and not m.get("history"))
        watcher = first.client(created["id"])
        history = watcher.until(lambda m: m["type"] == "chat")
        assert [e["text"] for e in history["entries"]] == ["hello"] and reads == []
        for client in (ann, bob, watcher):
            client.close()
    with ServerThread(sqlite_url, bot_delay=0.0) as second:
        watcher = second.client(created["id"])
        history = watcher.until(lambda m: m["type"] == "chat")
        assert [e["text"] for e in history["entries"]] == ["hello"]
        watcher.close()


def test_chat_lines_are_bounded_in_length_and_rate(server):
    created, _tokens, ann, bob = seated_pair(server)
    for text, code in (("", "chat_empty"), ("   ", "chat_empty"), ("x" * (MAX_CHAT + 1),
                       "chat_long"), ("a\u202eb", "chat_invisible"), (7, "chat_text")):
        ann.send({"type": "chat", "text": text})
        refused = ann.until(lambda m: m["type"] == "error")
        assert refused["code"] == code, text
    ann.send({"type": "chat", "text": "x" * MAX_CHAT})
    assert len(ann.until(lambda m: m["type"] == "chat" and not m.get("history"))
               ["entries"][0]["text"]) == MAX_CHAT
    for index in range(CHAT_BURST + 2):
        bob.send({"type": "chat", "text": f"spam {index}"})
    too_fast = bob.until(lambda m: m["type"] == "error")
    assert too_fast["code"] == "chat_rate" and too_fast["params"]["seconds"] >= 1
    ann.send({"type": "chat", "text": "still mine"})                # per connection
    ann.until(lambda m: m["type"] == "chat" and m["entries"][0]["text"] == "still mine")
    for client in (ann, bob):
        client.close()


def test_a_joining_client_gets_only_the_last_hundred_lines(toy, sqlite_url):
    """A table read back (here after a restart) with more chat lines stored than a join
    shows: the last hundred, and the newest kept as they come."""
    from gonets.server.chat import CHAT_HISTORY

    with ServerThread(sqlite_url, bot_delay=0.0) as first:
        created = first.create(game="toy", players=2, seats=HUMANS)
    storage = Storage(sqlite_url)
    for index in range(CHAT_HISTORY + 20):              # written before anyone came back
        storage.add_chat(created["id"], {"ts": time.time(), "seat": 0, "name": "Ann",
                                         "spectator": None, "text": f"line {index}"})
    storage.close()
    with ServerThread(sqlite_url, bot_delay=0.0) as server:
        watcher = server.client(created["id"])
        history = watcher.until(lambda m: m["type"] == "chat")["entries"]
        assert len(history) == CHAT_HISTORY
        assert history[0]["text"] == "line 20"
        assert history[-1]["text"] == f"line {CHAT_HISTORY + 19}"
        watcher.send({"type": "chat", "text": "newest"})
        watcher.until(lambda m: m["type"] == "chat" and m["entries"][0]["text"] == "newest")
        second = server.client(created["id"])
        kept = second.until(lambda m: m["type"] == "chat")["entries"]
        assert len(kept) == CHAT_HISTORY and kept[-1]["text"] == "newest"
        assert kept[0]["text"] == "line 21"
        watcher.close()
        second.close()


# -- rematch -----------------------------------------------------------------------------------
def test_a_rematch_keeps_seats_and_options_and_each_player_gets_only_their_own_secret(server):
    created = server.create(game="toy", players=3, preset="long", turn_seconds=300,
                            bot_delay=0.0, seats=[*HUMANS, {"kind": "bot", "agent": "random"}])
    tokens = server.seat_tokens(created)
    ann = server.client(created["id"], tokens[0], name="Ann")
    bob = server.client(created["id"], tokens[1], name="Bob")
    ann.send({"type": "rematch", "ref": "early"})
    assert ann.until(lambda m: m["type"] == "error")["code"] == "rematch_not_over"
    watcher = server.client(created["id"])
    play_to_the_end([ann, bob])
    ann.send({"type": "rematch", "ref": "r1"})
    mine = ann.until(lambda m: m["type"] == "rematch")
    assert mine["ref"] == "r1" and mine["link"]["seat"] == 0
    new_id = mine["table"]
    invited = bob.until(lambda m: m["type"] == "state" and m.get("rematch") == new_id)
    assert invited["rematch"] == new_id
    assert watcher.until(lambda m: m["type"] == "state" and m.get("rematch"))["rematch"] == new_id
    summary = server.http.get(f"/api/tables/{new_id}").json()
    assert summary["preset"] == "long" and summary["turn_seconds"] == 300
    assert [s["kind"] for s in summary["seats"]] == ["human", "human", "bot"]
    assert summary["seats"][2]["agent"] == "random"
    assert summary["seats"][0]["name"] == "Ann" and summary["seats"][1].get("reserved")
    # a stranger cannot take the seat kept for Bob
    stranger = server.http.post(f"/api/tables/{new_id}/seats", json={"name": "Eve"})
    assert stranger.status_code == 409 and stranger.json()["code"] == "seats_taken"
    bob.send({"type": "rematch", "ref": "r2"})
    his = bob.until(lambda m: m["type"] == "rematch")
    assert his["table"] == new_id and his["link"]["seat"] == 1
    assert his["link"]["token"] != mine["link"]["token"]
    assert his["link"]["token"] not in json.dumps(ann.messages)
    assert mine["link"]["token"] not in json.dumps(bob.messages)
    assert all(t not in json.dumps(watcher.messages) for t in (his["link"]["token"],
                                                                mine["link"]["token"]))
    again = server.client(new_id, his["link"]["token"])
    state = again.until(lambda m: m["type"] == "state")
    assert state["seat"] == 1 and state["status"] == "running"     # Bob kept his name
    assert state["seats"][1]["name"] == "Bob"
    ann.send({"type": "rematch", "ref": "r3"})                      # asking twice: one table
    assert ann.until(lambda m: m["type"] == "error")["code"] == "rematch_seat_taken"
    assert server.http.get(f"/api/tables/{created['id']}").json()["rematch"] == new_id
    for client in (ann, bob, watcher, again):
        client.close()


def test_spectators_cannot_open_a_rematch(server):
    created, _tokens, ann, bob = seated_pair(server)
    play_to_the_end([ann, bob])
    watcher = server.client(created["id"])
    watcher.send({"type": "rematch"})
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
    for client in (ann, bob, watcher):
        client.close()


# -- a bot playing for an absent player ---------------------------------------------------------
@pytest.mark.parametrize("lang,mark", [("en", "(played by a bot for Ann)"),
                                       ("ru", "(за игрока сыграл бот: Ann)")])
def test_moves_the_turn_timer_made_are_marked_in_the_log(server, lang, mark):
    created = server.create(game="toy", players=2, turn_seconds=1, bot_delay=0.0,
                            seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    token = created["links"]["seat"]["token"]
    ann = server.client(created["id"], token, join=False)
    ann.send({"type": "join", "token": token, "name": "Ann", "lang": lang})
    final = ann.until(lambda m: m["type"] == "state" and m["view"]["terminal"], timeout=20)
    marked = [line for line in final["log"] if line.endswith(mark)]
    decisions = [line for line in marked if line.split()[1] in ("keep", "swap")]
    assert len(decisions) == 2                           # Ann's two timed-out turns
    assert all(line.startswith("you ") for line in marked)   # and what they did, nothing else
    bot = seat_names(final["seats"], lang)[1]            # "Oleg · random bot" in the language
    assert any(bot in line for line in final["log"])
    assert not any(line.endswith(mark) for line in final["log"] if line.startswith(bot))
    record = server.http.get(f"/api/tables/{created['id']}/record").json()
    assert [s.get("stand_in", False) for s in record["steps"] if "seat" in s] == \
        [True, False, True, False]
    replay = server.http.get(f"/api/tables/{created['id']}/replay",
                             params={"lang": lang, "seat": 0}).json()
    assert replay["log"] == final["log"]
    watcher = server.client(created["id"])               # a fresh reader sees the marks too
    shown = watcher.state()["log"]
    seen = [line for line in shown if line.endswith("(played by a bot for Ann)")]
    assert [line.split()[0] for line in seen] == ["Ann", "Ann"]     # no private draw shown
    ann.close()
    watcher.close()


# -- help --------------------------------------------------------------------------------------
def test_each_game_s_help_is_served_in_the_asked_language(server):
    from gonets.core import games

    for name, game in games().items():
        for lang in ("en", "ru"):
            answer = server.http.get(f"/api/games/{name}/help", params={"lang": lang})
            assert answer.status_code == 200
            data = answer.json()
            assert data["game"] == name and data["lang"] == lang
            assert data["help"] == game.help(lang)
    assert server.http.get("/api/games/chess/help").json()["code"] == "no_game"
    odd = server.http.get("/api/games/toy/help", params={"lang": "<x>"}).json()
    assert odd["lang"] == "en"


# -- several processes -------------------------------------------------------------------------
def test_chat_and_rematch_reach_clients_of_another_process(toy):
    import os

    from .conftest import POSTGRES, postgres_schema_url
    from .helpers import ServerThread

    redis = os.environ.get("GONETS_TEST_REDIS")
    if not (POSTGRES and redis):
        if os.environ.get("CI"):
            pytest.fail("GONETS_TEST_POSTGRES and GONETS_TEST_REDIS must be set in CI")
        pytest.skip("GONETS_TEST_POSTGRES and GONETS_TEST_REDIS are not set")
    schema = postgres_schema_url()
    url = next(schema)
    try:
        with ServerThread(url, redis_url=redis) as one, ServerThread(url,
                                                                      redis_url=redis) as two:
            created = one.create(game="toy", players=2, seats=HUMANS)
            table_id = created["id"]
            bob_link = two.claim(table_id, name="Bob")
            ann = one.client(table_id, created["links"]["seat"]["token"], name="Ann")
            bob = two.client(table_id, bob_link["token"])
            watcher = two.client(table_id)
            for client in (ann, bob, watcher):
                client.until(lambda m: m["type"] == "chat" and m.get("history"))
            ann.send({"type": "chat", "text": "hello from one"})
            for client in (bob, watcher):
                line = client.until(lambda m: m["type"] == "chat")["entries"][0]
                assert line["text"] == "hello from one" and line["name"] == "Ann"
            watcher.send({"type": "chat", "text": "hello from two"})
            ann.until(lambda m: m["type"] == "chat"
                      and m["entries"][0]["text"] == "hello from two")
            late = one.client(table_id)                    # history from the database
            history = late.until(lambda m: m["type"] == "chat")["entries"]
            assert [e["text"] for e in history] == ["hello from one", "hello from two"]
            play_to_the_end([ann, bob])
            bob.send({"type": "rematch", "ref": "b"})      # on the process that mirrors
            his = bob.until(lambda m: m["type"] == "rematch")
            seen = ann.until(lambda m: m["type"] == "state" and m.get("rematch"))
            assert seen["rematch"] == his["table"] and his["link"]["seat"] == 1
            ann.send({"type": "rematch", "ref": "a"})
            mine = ann.until(lambda m: m["type"] == "rematch")
            assert mine["table"] == his["table"] and mine["link"]["seat"] == 0
            assert mine["link"]["token"] not in "".join(bob.raw)
            for client in (ann, bob, watcher, late):
                client.close()
    finally:
        schema.close()


# -- storage (SQLite, and PostgreSQL when configured) ------------------------------------------
def test_chat_lines_and_rematch_pointers_are_stored_beside_the_table(storage):
    from gonets.server.migrate import current, downgrade, head, migrate

    from .test_storage import stored

    storage.create_table(stored("t1"))
    ids = [storage.add_chat("t1", {"ts": 1.0 + i, "seat": i % 2 or None, "name": None,
                                   "spectator": 3, "text": f"line {i} <b>"})
           for i in range(5)]
    assert ids == sorted(ids) and len(set(ids)) == 5
    storage.add_chat("other", {"ts": 9.0, "seat": 0, "name": "Eve", "text": "elsewhere"})
    lines = storage.chat_history("t1", 3)
    assert [line["text"] for line in lines] == ["line 2 <b>", "line 3 <b>", "line 4 <b>"]
    assert lines[0]["spectator"] == 3 and lines[1]["seat"] == 1
    assert storage.load_table("t1").steps == [{"chance": [1, 2]}]    # the record: as it was
    assert storage.rematch_of("t1") is None
    assert storage.set_rematch("t1", "t2", None)
    assert not storage.set_rematch("t1", "t3", None)              # one rematch per table
    assert storage.rematch_of("t1") == "t2" and storage.load_table("t1").rematch == "t2"
    assert storage.set_rematch("t1", None, "t2") and storage.rematch_of("t1") is None
    downgrade(storage.engine, "0004")
    assert "gonets_chat" not in sqlalchemy.inspect(storage.engine).get_table_names()
    migrate(storage.engine)
    assert current(storage.engine) == head()
    assert storage.chat_history("t1", 10) == []
