"""The hint button: a table opened with hints lets the deciding seat ask the ``hard`` search for
its best moves, computed from that seat's view only; other tables and other moments refuse."""

from __future__ import annotations

from .helpers import ServerThread


def love_letter_table(server, **spec):
    created = server.create(game="loveletter", players=2, seed=5,
                            seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}], **spec)
    token = created["links"]["seat"]["token"]
    ann = server.client(created["id"], token, name="Ann")
    first = ann.until(lambda m: m["type"] == "state" and m["legal"])
    return created, ann, first


def test_a_seat_gets_its_best_moves_from_its_own_view(sqlite_url):
    with ServerThread(sqlite_url, bot_delay=0.0) as server:
        created, ann, first = love_letter_table(server, hints=True)
        assert first["hints"] is True
        ann.send({"type": "hint", "ref": "h1"})
        answer = ann.until(lambda m: m["type"] == "hint")
        assert answer["ref"] == "h1" and answer["version"] == first["version"]
        choices = answer["choices"]
        legal = [a["text"] for a in first["legal"]]
        assert 1 <= len(choices) <= 3 and all(c["action"] in legal for c in choices)
        assert [c["visits"] for c in choices] == sorted((c["visits"] for c in choices),
                                                        reverse=True)
        assert all(0.0 <= c["win_chance"] <= 1.0 for c in choices)
        ann.send({"type": "hint", "ref": "h2"})          # the same position: the same search
        assert ann.until(lambda m: m["type"] == "hint")["choices"] == choices
        lobby = server.http.get("/api/tables").json()
        listed = [t for group in lobby.values() if isinstance(group, list) for t in group
                  if isinstance(t, dict) and t.get("id") == created["id"]]
        assert listed and listed[0]["hints"] is True
        ann.close()


def test_hints_are_refused_without_the_option_and_out_of_turn(toy, sqlite_url):
    with ServerThread(sqlite_url, bot_delay=0.0) as server:
        _created, ann, _first = love_letter_table(server)
        ann.send({"type": "hint"})
        assert ann.until(lambda m: m["type"] == "error")["code"] == "hints_off"
        ann.close()
        created = server.create(game="toy", players=2, hints=True,
                                seats=[{"kind": "human"}, {"kind": "human"}])
        tokens = server.seat_tokens(created)
        waiting = [server.client(created["id"], token, name=name)
                   for token, name in zip(tokens, ("Ann", "Bob"))]
        states = [c.until(lambda m: m["type"] == "state" and m["status"] == "running")
                  for c in waiting]
        idle = next(c for c, s in zip(waiting, states) if not s["legal"])
        idle.send({"type": "hint"})
        assert idle.until(lambda m: m["type"] == "error")["code"] == "hint_not_your_turn"
        for client in waiting:
            client.close()


def test_the_hints_option_is_strictly_true_or_false(toy, sqlite_url):
    with ServerThread(sqlite_url, bot_delay=0.0) as server:
        answer = server.http.post("/api/tables", json={
            "game": "toy", "players": 2, "hints": 1,
            "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert answer.status_code == 400 and "'hints' must be true or false" in \
            answer.json()["error"]
