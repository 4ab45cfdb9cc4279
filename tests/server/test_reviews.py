"""Post-game reviews on the server: made once through the bot workers, stored, worded in the
reader's language, and refused where the game is not over or the seat does not exist."""

from __future__ import annotations

import time

import pytest

from gonets.agents.review import choices_of
from gonets.core import Record

from .helpers import ServerThread, limits_for_tests


@pytest.fixture
def server(toy, sqlite_url):
    """A server whose bot jobs may take long: its workers run at the lowest CPU priority, and
    a test run keeps every core busy."""
    with ServerThread(sqlite_url, limits=limits_for_tests(bot_seconds=120.0)) as running:
        yield running


def finished_love_letter(server) -> tuple[str, Record]:
    created = server.create(game="loveletter", players=2, seed=6,
                            seats=[{"kind": "bot", "agent": "random"}] * 2)
    table_id = created["id"]
    with server.client(table_id) as watcher:
        watcher.until(lambda m: m["type"] == "state" and m["view"]["terminal"], timeout=60)
    record = Record.from_json(server.http.get(f"/api/tables/{table_id}/record").json())
    return table_id, record


def until_done(server, table_id: str, seat: int, lang: str = "en") -> dict:
    deadline = time.monotonic() + 120
    while True:
        answer = server.http.get(f"/api/tables/{table_id}/review",
                                 params={"seat": seat, "lang": lang})
        assert answer.status_code == 200, answer.text
        status = answer.json()
        assert status["status"] in ("working", "done"), status
        if status["status"] == "done":
            return status["review"]
        assert time.monotonic() < deadline, "the review was never finished"
        time.sleep(0.2)


def test_a_review_is_made_once_stored_and_worded_for_each_reader(server):
    table_id, record = finished_love_letter(server)
    first = server.http.get(f"/api/tables/{table_id}/review", params={"seat": 1})
    assert first.status_code == 200 and first.json()["status"] == "working"
    page = server.http.get(f"/table/{table_id}/review", params={"seat": 1})
    assert page.status_code in (200, 202) and "<!doctype html>" in page.text
    review = until_done(server, table_id, 1)
    expected = [step for step, _ in choices_of(record, 1)]
    assert [d["step"] for d in review["decisions"]] == expected
    assert review["seat"] == 2 and all(d["said"][0] for d in review["decisions"])
    stored = server.manager.storage.load_review(table_id, 1)
    assert stored is not None and stored["level"] == "hard"
    russian = until_done(server, table_id, 1, "ru")
    assert [d["after"] for d in russian["decisions"]] == [d["after"] for d in review["decisions"]]
    assert russian["lang"] == "ru" and russian["decisions"][0]["said"] != \
        review["decisions"][0]["said"]
    done = server.http.get(f"/table/{table_id}/review", params={"seat": 1, "lang": "ru"})
    assert done.status_code == 200 and "Разбор партии" in done.text and "<svg" in done.text
    assert f"/table/{table_id}/review?seat=0" in done.text          # the other seat's


def test_reviews_wait_for_the_end_and_name_a_bad_seat(server):
    created = server.create(game="toy", players=2)
    waiting = server.http.get(f"/api/tables/{created['id']}/review", params={"seat": 0})
    assert waiting.status_code == 404 and "once the game is over" in waiting.json()["error"]
    table_id, _ = finished_love_letter(server)
    for seat in ("2", "-1", "x"):
        bad = server.http.get(f"/api/tables/{table_id}/review", params={"seat": seat})
        assert bad.status_code == 400 and "'seat' must be from 0 to 1" in bad.json()["error"]
    page = server.http.get(f"/table/{table_id}/review", params={"seat": "9"})
    assert page.status_code == 404 and "'seat' must be from 0 to 1" in page.text
