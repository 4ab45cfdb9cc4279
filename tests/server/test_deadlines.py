"""Decisions over days: the stored wall-clock deadline survives restarts, and a deadline that
passed applies the table's ``absent`` rule (bot, drop, end); under ``bot`` the player is
marked away, their turns get the short timer until they come back, and the log credits the
stand-in's move to their seat alone."""

from __future__ import annotations

import asyncio
import time

import pytest
from sqlalchemy import update

from gonets.core import Match, games
from gonets.server import deadlines
from gonets.server.driving import TableDriver
from gonets.server.schema import tables_table
from gonets.server.standins import StandIns, actor
from gonets.server.storage import StepConflict, Storage

from .helpers import ServerThread

HUMAN_AND_BOT = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]


def stored(url: str, table_id: str):
    storage = Storage(url)
    try:
        return storage.load_table(table_id)
    finally:
        storage.close()


def set_deadline(url: str, table_id: str, deadline: float) -> None:
    storage = Storage(url)
    try:
        with storage.engine.begin() as conn:
            conn.execute(update(tables_table).where(tables_table.c.id == table_id)
                         .values(deadline=deadline))
    finally:
        storage.close()


def spectator_frame(server: ServerThread, table_id: str) -> dict:
    with server.client(table_id) as watcher:
        return watcher.state()


def wait_finished(server: ServerThread, table_id: str, timeout: float = 20) -> dict:
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        summary = server.http.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            return summary
        time.sleep(0.05)
    raise AssertionError(f"table {table_id} did not finish")


def test_the_stored_deadline_survives_restarts(toy, sqlite_url):
    with ServerThread(sqlite_url) as server:
        before = time.time()
        created = server.create(game="toy", players=2, turn_seconds=3600, name="Ann",
                                seats=HUMAN_AND_BOT)
        table_id = created["id"]
        first = stored(sqlite_url, table_id).deadline
        assert before + 3600 <= first <= time.time() + 3600
        frame = spectator_frame(server, table_id)
        assert frame["turn_left"] == pytest.approx(first - time.time(), abs=2)
    time.sleep(1.2)                  # a restart later: the same deadline, less time left
    with ServerThread(sqlite_url) as server:
        frame = spectator_frame(server, table_id)
        assert stored(sqlite_url, table_id).deadline == first
        assert frame["turn_left"] == pytest.approx(first - time.time(), abs=1)
        assert frame["turn_left"] < 3600 - 1
    # 10 hours into a 24-hour turn, the restarted table still has 14 hours
    set_deadline(sqlite_url, table_id, time.time() + 14 * 3600)
    with ServerThread(sqlite_url) as server:
        frame = spectator_frame(server, table_id)
        assert frame["turn_left"] == pytest.approx(14 * 3600, abs=5)
        assert frame["version"] == 1                         # nobody played meanwhile


def test_turn_timers_up_to_three_days_and_the_absent_rule_are_checked(server, toy):
    long = server.create(game="toy", players=2, turn_seconds=72 * 3600, name="Ann",
                         seats=HUMAN_AND_BOT)
    assert long["table"]["turn_seconds"] == 72 * 3600
    cases = [({"turn_seconds": 72 * 3600 + 1}, "bad_number"),
             ({"turn_seconds": 60, "absent": "kick"}, "bad_absent"),
             ({"turn_seconds": 60, "absent": True}, "bad_absent"),
             ({"absent": "drop"}, "absent_needs_timer"),
             ({"absent": "end"}, "absent_needs_timer")]
    for extra, code in cases:
        answer = server.http.post("/api/tables", json={"game": "toy", "players": 2, **extra})
        assert answer.status_code == 400, extra
        assert answer.json()["code"] == code, answer.json()


def test_a_deadline_passed_while_the_server_was_down_lets_the_stand_in_play(toy, sqlite_url,
                                                                            monkeypatch):
    monkeypatch.setattr(deadlines, "AWAY_SECONDS", 30.0)
    with ServerThread(sqlite_url) as server:
        created = server.create(game="toy", players=2, turn_seconds=3600, name="Ann",
                                seats=HUMAN_AND_BOT)
        table_id = created["id"]
    set_deadline(sqlite_url, table_id, time.time() - 5)
    with ServerThread(sqlite_url) as server:
        with server.client(table_id) as watcher:
            later = watcher.until(lambda m: m["type"] == "state" and m["version"] >= 3)
        steps = server.http.get(f"/api/tables/{table_id}").json()
        assert steps["status"] == "running"
        # one stand-in move for Ann, the bot's; Ann is away: her next decision is short
        again = stored(sqlite_url, table_id)
        acts = [step for step in again.steps if "seat" in step]
        assert [s["seat"] for s in acts] == [0, 1]
        assert acts[0].get("stand_in") is True and not acts[1].get("stand_in")
        assert again.seats[0]["away"] is True
        assert again.deadline == pytest.approx(time.time() + 30, abs=10)
        assert later["turn_left"] == pytest.approx(30, abs=10)
        assert later["seats"][0]["away"] is True and later["away_seconds"] == 30


def test_the_drop_rule_lets_a_bot_play_the_rest_and_counts_the_seat_abandoned(server, toy):
    created = server.create(game="toy", players=2, turn_seconds=1, absent="drop", name="Ann",
                            seats=HUMAN_AND_BOT, bot_delay=0.0)
    table_id = created["id"]
    summary = wait_finished(server, table_id)
    assert summary["seats"][0].get("dropped") is True
    assert "away" not in stored(server_url(server), table_id).seats[0]    # dropped, not away
    record = server.http.get(f"/api/tables/{table_id}/record").json()
    acts = [step for step in record["steps"] if "seat" in step]
    assert [s["seat"] for s in acts] == [0, 1, 0, 1]          # the game was played out
    assert all(s.get("stand_in") for s in acts if s["seat"] == 0)
    assert record["result"]["detail"]["abandoned"] == [0]
    assert "stopped" not in record["result"]["detail"]
    frame = spectator_frame(server, table_id)
    assert frame["seats"][0]["dropped"] is True and frame["view"]["terminal"]


def test_the_end_rule_ends_the_game_and_the_others_win(server, toy):
    created = server.create(game="toy", players=2, turn_seconds=1, absent="end", name="Ann",
                            seats=HUMAN_AND_BOT)
    table_id = created["id"]
    summary = wait_finished(server, table_id)
    assert summary["result"] == {"scores": [0.0, 0.0], "winners": [1]}
    record = server.http.get(f"/api/tables/{table_id}/record").json()
    assert not [step for step in record["steps"] if "seat" in step]     # nobody moved
    detail = record["result"]["detail"]
    assert detail["abandoned"] == [0] and "Ann ran out of time" in detail["stopped"]
    frame = spectator_frame(server, table_id)
    assert frame["status"] == "finished" and frame["ended"] == detail["stopped"]
    assert frame["turn_left"] is None and frame["legal"] == []


def test_a_rematch_keeps_the_timer_and_the_absent_rule(server, toy):
    created = server.create(game="toy", players=2, turn_seconds=1, absent="end", name="Ann",
                            seats=HUMAN_AND_BOT)
    wait_finished(server, created["id"])
    with server.client(created["id"], created["links"]["seat"]["token"]) as ann:
        ann.state()
        ann.send({"type": "rematch"})
        link = ann.until(lambda m: m["type"] == "rematch")
    again = stored(server_url(server), link["table"])
    assert again.absent == "end" and again.turn_seconds == 1


def server_url(server: ServerThread) -> str:
    return server.manager.storage.url


def test_the_deadline_is_stored_with_the_steps_and_with_the_seats(storage):
    from gonets.server.storage import StoredTable

    for name in ("t1", "t2", "t3"):
        storage.create_table(StoredTable(
            id=name, game="toy", players=2, preset="default", options={"rounds": 2},
            seats=[{"kind": "human", "name": "A"}] * 2, token_hashes=[None, None], seed=1,
            bot_delay=0.0, turn_seconds=3600, status="running", deadline=100.0))
    storage.append_steps("t1", 0, [{"seat": 0, "action": "keep"}], "running", None,
                         None, 5000.0)
    assert storage.load_table("t1").deadline == 5000.0
    storage.append_batch([("t2", 0, [{"a": 1}], "running", None, None, 7000.0),
                          ("t3", 0, [{"a": 2}], "running", None, None, None)])
    assert storage.load_table("t2").deadline == 7000.0
    assert storage.load_table("t3").deadline is None
    seats = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
    storage.update_seats("t1", seats, "running")                  # the deadline stays
    assert storage.load_table("t1").deadline == 5000.0
    storage.update_seats("t1", seats, "running", None, None, 9000.0)
    assert storage.load_table("t1").deadline == 9000.0


# -- away players: the short timer, and coming back ----------------------------------------------
def is_state(message: dict) -> bool:
    return message["type"] == "state"


def test_a_missed_deadline_marks_the_seat_away_and_its_later_turns_are_short(server,
                                                                            monkeypatch):
    monkeypatch.setattr(deadlines, "AWAY_SECONDS", 0.5)
    created = server.create(game="toy", players=2, preset="long", turn_seconds=2.5,
                            name="Ann", seats=HUMAN_AND_BOT)
    table_id = created["id"]
    with server.client(table_id) as watcher:
        first = watcher.until(lambda m: is_state(m) and m["view"]["to_move"] == 0)
        assert not first["seats"][0].get("away") and first["turn_left"] > 2
        away = watcher.until(lambda m: is_state(m) and m["seats"][0].get("away"), timeout=10)
        assert away["away_seconds"] == 0.5            # everybody at the table sees the mark
        short = watcher.until(lambda m: is_state(m) and m["view"]["to_move"] == 0
                              and m["version"] > away["version"])
        assert short["seats"][0]["away"] is True and short["turn_left"] <= 0.5
        started = time.monotonic()
        watcher.until(lambda m: is_state(m) and m["version"] > short["version"])
        assert time.monotonic() - started < 2         # the short timer, not 2.5 s
    wait_finished(server, table_id)
    record = server.http.get(f"/api/tables/{table_id}/record").json()
    acts = [step for step in record["steps"] if "seat" in step]
    assert [s.get("stand_in", False) for s in acts if s["seat"] == 0] == [True] * 3
    assert stored(server_url(server), table_id).seats[0]["away"] is True


def test_a_move_of_their_own_brings_an_away_player_back(server, monkeypatch):
    monkeypatch.setattr(deadlines, "AWAY_SECONDS", 1.2)
    created = server.create(game="toy", players=2, preset="long", turn_seconds=2.5,
                            name="Ann", seats=HUMAN_AND_BOT)
    table_id, token = created["id"], created["links"]["seat"]["token"]
    with server.client(table_id, token) as ann:
        away = ann.until(lambda m: is_state(m) and m["seats"][0].get("away"), timeout=10)
        short = ann.until(lambda m: is_state(m) and m["legal"] and m["version"] > away["version"])
        assert short["seats"][0]["away"] is True and short["turn_left"] <= 1.2
        ann.send({"type": "act", "action": "keep", "version": short["version"]})
        back = ann.until(lambda m: is_state(m) and m["legal"] and m["version"] > short["version"])
        assert not back["seats"][0].get("away") and back["turn_left"] > 1.5   # the whole timer
    steps = stored(server_url(server), table_id).steps
    mine = [step for step in steps if step.get("seat") == 0]
    assert mine[0].get("stand_in") is True and "stand_in" not in mine[1]
    assert "away" not in stored(server_url(server), table_id).seats[0]


def test_the_away_mark_survives_a_restart_and_i_m_back_gives_the_whole_timer(toy, sqlite_url,
                                                                           monkeypatch):
    monkeypatch.setattr(deadlines, "AWAY_SECONDS", 30.0)
    with ServerThread(sqlite_url) as server:
        created = server.create(game="toy", players=2, turn_seconds=3600, name="Ann",
                                seats=HUMAN_AND_BOT)
        table_id, token = created["id"], created["links"]["seat"]["token"]
    set_deadline(sqlite_url, table_id, time.time() - 5)
    with ServerThread(sqlite_url) as server:
        with server.client(table_id) as watcher:
            watcher.until(lambda m: is_state(m) and m["version"] >= 3)
    short = stored(sqlite_url, table_id).deadline
    assert short == pytest.approx(time.time() + 30, abs=10)
    with ServerThread(sqlite_url) as server:        # restarted: still away, the same deadline
        with server.client(table_id, token) as ann:
            frame = ann.state()
            assert frame["seats"][0]["away"] is True and frame["version"] == 3
            assert stored(sqlite_url, table_id).deadline == short
            ann.send({"type": "back", "ref": "b1"})
            back = ann.until(lambda m: is_state(m) and not m["seats"][0].get("away"))
            assert back["turn_left"] == pytest.approx(3600, abs=10)
            assert ann.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
            ann.send({"type": "back", "ref": "b2"})             # not away: nothing changes
            assert ann.until(lambda m: m["type"] in ("ack", "error"))["ref"] == "b2"
    again = stored(sqlite_url, table_id)
    assert "away" not in again.seats[0] and again.version == 3
    assert again.deadline == pytest.approx(time.time() + 3600, abs=10)


def slow_stand_in(monkeypatch, seconds: float) -> list[tuple[str, int]]:
    """Make each stand-in think ``seconds`` (a search through the bot pool takes a while);
    returns what it records, as it goes: ("thinks", step) and ("chose", step), the step it
    decides at."""
    original = TableDriver.decide
    seen: list[tuple[str, int]] = []

    async def slow_decide(self, seat, legal):
        if self.seats[seat]["kind"] == "human":
            version = self.version
            seen.append(("thinks", version))
            await asyncio.sleep(seconds)
            seen.append(("chose", version))
        return await original(self, seat, legal)

    monkeypatch.setattr(TableDriver, "decide", slow_decide)
    return seen


def wait_until(predicate, timeout: float = 20) -> None:
    limit = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > limit:
            raise AssertionError("the awaited condition never came")
        time.sleep(0.02)


def test_i_m_back_while_the_stand_in_thinks_drops_its_move(server, monkeypatch):
    """Ann misses her first deadline; while the stand-in thinks she says she is back: she
    gets the whole timer and her move options, and the stand-in's choice is dropped (not
    played for her), so her own move is the one stored, once."""
    monkeypatch.setattr(deadlines, "AWAY_SECONDS", 0.5)
    seen = slow_stand_in(monkeypatch, 1.5)
    created = server.create(game="toy", players=2, preset="long", turn_seconds=3,
                            name="Ann", seats=HUMAN_AND_BOT)
    table_id, token = created["id"], created["links"]["seat"]["token"]
    with server.client(table_id, token) as ann:
        away = ann.until(lambda m: is_state(m) and m["seats"][0].get("away"), timeout=10)
        ann.send({"type": "back", "ref": "b"})
        back = ann.until(lambda m: is_state(m) and not m["seats"][0].get("away"))
        assert back["version"] == away["version"] and back["turn_left"] > 2 and back["legal"]
        wait_until(lambda: ("chose", away["version"]) in seen)
        time.sleep(0.5)                 # the stand-in's move would have been stored by now
        assert stored(server_url(server), table_id).version == away["version"]
        ann.send({"type": "act", "action": "keep", "version": away["version"], "ref": "k"})
        # the answer to this action, not the acknowledgement of "back" still unread
        answer = ann.until(lambda m: m["type"] in ("ack", "error") and m.get("ref") == "k")
        assert answer["type"] == "ack", answer
    again = stored(server_url(server), table_id)
    mine = [step for step in again.steps if step.get("seat") == 0]
    assert len(mine) == 1 and "stand_in" not in mine[0]          # hers, once
    assert again.steps[away["version"]] == mine[0] and "away" not in again.seats[0]


def test_a_move_of_their_own_while_the_stand_in_thinks_wins(server, monkeypatch):
    """An away seat's short timer ran out and its stand-in thinks: the player's own move,
    made meanwhile, is stored (and brings them back); the stand-in's choice is dropped."""
    monkeypatch.setattr(deadlines, "AWAY_SECONDS", 0.3)
    seen = slow_stand_in(monkeypatch, 1.5)
    created = server.create(game="toy", players=2, preset="long", turn_seconds=2,
                            name="Ann", seats=HUMAN_AND_BOT)
    table_id, token = created["id"], created["links"]["seat"]["token"]
    with server.client(table_id, token) as ann:
        wait_until(lambda: [event for event, _ in seen].count("thinks") >= 2)
        version = seen[-1][1]                     # the second stand-in thinks, at this step
        ann.send({"type": "act", "action": "keep", "version": version, "ref": "k"})
        answer = ann.until(lambda m: m["type"] in ("ack", "error"))
        assert answer["type"] == "ack", answer
        wait_until(lambda: ("chose", version) in seen)
        time.sleep(0.3)
        frame = ann.until(lambda m: is_state(m) and m["version"] > version)
        assert not frame["seats"][0].get("away")
    again = stored(server_url(server), table_id)
    mine = [step for step in again.steps[:version + 1] if step.get("seat") == 0]
    assert [step.get("stand_in", False) for step in mine] == [True, False]
    assert again.steps[version] == mine[-1] and "away" not in again.seats[0]
    assert [step.get("seat") for step in again.steps[version + 1:]][:2] != [0, 0]


def mark_away(url: str, table_id: str, deadline: float) -> None:
    """Mark seat 0 of a stored table away, its decision due at ``deadline``."""
    storage = Storage(url)
    try:
        table = storage.load_table(table_id)
        seats = [dict(entry) for entry in table.seats]
        seats[0]["away"] = True
        storage.update_seats(table_id, seats, table.status, None, None, deadline)
    finally:
        storage.close()


def away_at_a_long_timer(url: str) -> tuple[str, str]:
    """A stored table (a one-hour timer) where Ann, seat 0, is marked away and decides now;
    its id and Ann's seat secret."""
    with ServerThread(url) as server:
        created = server.create(game="toy", players=2, turn_seconds=3600, name="Ann",
                                seats=HUMAN_AND_BOT)
    mark_away(url, created["id"], time.time() + 600)
    return created["id"], created["links"]["seat"]["token"]


def test_an_away_player_s_refused_move_changes_nothing(toy, sqlite_url):
    """A move refused as illegal neither brings an away player back nor writes, nor sends
    anybody a frame: the seat stays away, with its short deadline."""
    table_id, token = away_at_a_long_timer(sqlite_url)
    before = stored(sqlite_url, table_id)
    with ServerThread(sqlite_url) as server:
        with server.client(table_id, token) as ann:
            frame = ann.state()
            assert frame["seats"][0]["away"] is True and frame["legal"]
            ann.send({"type": "act", "action": "fly", "version": frame["version"]})
            refused = ann.until(lambda m: m["type"] in ("ack", "error"))
            assert refused["type"] == "error"
            assert [m for m in ann.messages if is_state(m)] == [frame]   # no new frame
            assert server.manager.tables[table_id].seats[0]["away"] is True
    after = stored(sqlite_url, table_id)
    assert (after.seats, after.deadline, after.updated, after.version) == \
        (before.seats, before.deadline, before.updated, before.version)


def test_the_return_is_stored_with_the_move_so_a_seat_write_cannot_refuse_it(
        toy, sqlite_url, monkeypatch):
    """An away player's own move brings them back in the very write that stores it: a seat
    write the database would refuse plays no part, and their next turn has the whole
    timer."""
    table_id, token = away_at_a_long_timer(sqlite_url)
    with ServerThread(sqlite_url) as server:
        with server.client(table_id, token) as ann:
            frame = ann.state()
            assert frame["seats"][0]["away"] is True

            def no_seat_writes(*_args, **_kwargs):
                raise OSError("the seats cannot be written")

            monkeypatch.setattr(server.manager.storage, "update_seats", no_seat_writes)
            ann.send({"type": "act", "action": "keep", "version": frame["version"]})
            answer = ann.until(lambda m: m["type"] in ("ack", "error"))
            assert answer["type"] == "ack", answer
            mine = ann.until(lambda m: is_state(m) and m["legal"]
                             and m["version"] > frame["version"])
            assert not mine["seats"][0].get("away")
            assert mine["turn_left"] == pytest.approx(3600, abs=10)      # the whole timer
    again = stored(sqlite_url, table_id)
    assert "away" not in again.seats[0]
    assert again.steps[frame["version"]] == {"seat": 0, "action": "keep"}
    assert again.deadline == pytest.approx(time.time() + 3600, abs=10)


def test_a_step_write_brings_a_seat_back_in_the_same_transaction(storage):
    """``append_steps(..., back=seat)`` clears that seat's away mark with the steps, alone
    or in a batch, and leaves the rest of the stored seats as they are; a refused write
    leaves the mark."""
    from gonets.server.storage import StoredTable

    away = [{"kind": "human", "name": "A", "away": True}, {"kind": "human", "name": "B"}]
    for name in ("t1", "t2", "t3"):
        storage.create_table(StoredTable(
            id=name, game="toy", players=2, preset="default", options={"rounds": 2},
            seats=away, token_hashes=[None, None], seed=1, bot_delay=0.0,
            turn_seconds=3600, status="running"))
    renamed = [away[0], {"kind": "human", "name": "Bea"}]      # stored meanwhile
    storage.update_seats("t1", renamed, "running")
    storage.append_steps("t1", 0, [{"seat": 0, "action": "keep"}], "running", None, None,
                         50.0, 0)
    assert storage.load_table("t1").seats == [{"kind": "human", "name": "A"}, renamed[1]]
    outcomes = storage.append_batch([
        ("t1", 1, [{"seat": 1, "action": "keep"}], "running", None, None, 60.0),
        ("t2", 0, [{"seat": 0, "action": "swap"}], "running", None, None, 70.0, 0)])
    assert outcomes == [True, True]
    assert storage.load_table("t2").seats == [{"kind": "human", "name": "A"}, away[1]]
    assert storage.load_table("t2").version == 1 and storage.load_table("t1").version == 2
    storage.append_steps("t3", 0, [{"seat": 0, "action": "keep"}], "running", None)
    with pytest.raises(StepConflict):             # refused: the mark stays
        storage.append_steps("t3", 0, [{"seat": 0, "action": "swap"}], "running", None,
                             None, 80.0, 0)
    assert storage.load_table("t3").seats == away


def test_i_m_back_is_for_seated_players(server):
    created = server.create(game="toy", players=2, turn_seconds=60, name="Ann",
                            seats=HUMAN_AND_BOT)
    with server.client(created["id"]) as watcher:
        watcher.state()
        watcher.send({"type": "back"})
        assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"


# -- the stand-in's log mark: the absent seat's move, nobody else's ------------------------------
MARK = "(played by a bot for "


def test_the_log_credits_the_stand_in_s_move_to_the_absent_seat_only(sqlite_url):
    with ServerThread(sqlite_url) as server:
        created = server.create(game="loveletter", players=2, turn_seconds=1, name="A",
                                seats=[{"kind": "human"}, {"kind": "human"}], seed=5)
        server.claim(created["id"], 1, name="B")        # both absent from now on
        with server.client(created["id"]) as watcher:
            frame = watcher.until(lambda m: is_state(m) and m["version"] >= 7, timeout=30)
        steps = stored(sqlite_url, created["id"]).steps[:frame["version"]]
    stand_ins = [step for step in steps if step.get("stand_in")]
    marked = [line for line in frame["log"] if MARK in line]
    assert len(stand_ins) >= 2 and len(marked) == len(stand_ins)     # one line per move
    for line in marked:
        name = line.rsplit(MARK, 1)[1].rstrip(")")
        assert line.startswith(f"{name} plays"), line
    draws = [line for line in frame["log"] if " draws a card" in line]
    assert {"A draws a card", "B draws a card"} <= set(draws)          # never marked


def test_each_game_s_stand_in_mark_falls_on_the_deciding_seat_s_own_line():
    for name, game in sorted(games().items()):
        if name == "toy":
            continue
        config = game.configure(game.player_range()[0], None, {})
        match = Match(game, config, seed=11)
        match.deal()
        found = StandIns(config.players)
        for _ in range(40):
            if match.state.is_terminal():
                break
            start = len(match.record.steps)
            seat = match.state.current_player()
            trial = match.fork()
            trial.act(seat, match.state.legal_actions()[0])
            found.observe(match.state, {**trial.record.steps[start], "stand_in": True}, start)
            match = trial
        for viewer in found.viewers():
            log = match.state.view(viewer)["log"]
            marks = found.marks(viewer)
            # one line per move at most (none where the step logged only others' lines,
            # such as Baba Yaga's "p2 is pushed" when p1 steps onto p2's space)
            assert 0 < len(marks) <= len(found.spans), (name, viewer)
            for index, seat in marks.items():
                assert actor(log[index]) in (seat, None), (name, viewer, log[index])
