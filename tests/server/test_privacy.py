"""Seat privacy: each seat's secret reaches only the one who claimed it; a seat plays from
one place at a time (a second place is seen and can be taken back); names are visible,
unique at the table, not a bot's, and frozen once the game is over."""

from __future__ import annotations

import re

import pytest

from gonets.server.names import check_name_at_table, clean_name, is_reserved, name_key

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.mark.parametrize("name,message", [
    ("\u200b", "invisible character U+200B"),
    ("A\u200dB", "invisible character U+200D"),
    ("\u3164", "shows as a blank"),
    ("\u2800\u2800", "shows as a blank"),
    ("Ann\u00a0Lee", "only plain spaces"),
    ("\u3000", "only plain spaces"),
    ("\u0301", "no letter to sit on"),
    ("Ann \u0301", "no letter to sit on"),
    ("a\u0301\u0301\u0301\u0301\u0301", "too many combining marks"),
    ("Ann  Lee", "several spaces"),
    ("   ", "visible character"),
    ("x" * 33, "at most 32"),
    ("\u202eevil", "invisible character U+202E"),
])
def test_names_that_render_blank_or_broken_are_refused(name, message):
    with pytest.raises(Exception, match=re.escape(message)):
        clean_name(name)


def test_ordinary_names_of_every_script_are_accepted():
    for name in ("Ann", "Zoë", "Жанна", "Nguyễn", "李雷", "O'Brien-Smith", "नमस्ते", " Bob "):
        assert clean_name(name) == name.strip()
    assert clean_name("Zoe\u0308") == "Zoë"                    # normalised (NFC)


@pytest.mark.parametrize("name", ["random bot", "Random Bot", "heuristic", "bot", "Bot Ann",
                                  "my_bot", "ИИ бот"])
def test_bot_like_names_are_kept_for_bots(name):
    with pytest.raises(Exception, match="looks like a bot's"):
        check_name_at_table(name, 0, [{"kind": "human"}, {"kind": "human"}],
                            ["random", "heuristic"])
    assert check_name_at_table("Abbott", 0, [{}, {}], ["random"]) == "Abbott"


def test_names_are_unique_at_a_table_ignoring_case_and_width():
    seats = [{"kind": "human", "name": None}, {"kind": "human", "name": "Ann"}]
    for taken in ("ann", "ＡＮＮ", "A nn"):
        with pytest.raises(Exception, match="already called 'Ann'"):
            check_name_at_table(taken, 0, seats)
    assert check_name_at_table("Ann", 1, seats) == "Ann"      # one's own name again


@pytest.mark.parametrize("alike", ["\u0410nn", "\u0391nn", "A\u0274\u0274", "A\u0274n"])
def test_look_alike_names_are_refused_beside_the_name_they_copy(alike):
    """Cyrillic А, Greek Α, small capital ɴ: the same skeleton as Ann (UTS #39)."""
    seats = [{"kind": "human", "name": None}, {"kind": "human", "name": "Ann"}]
    with pytest.raises(Exception, match="already called 'Ann'"):
        check_name_at_table(alike, 0, seats)
    assert name_key(alike) == name_key("Ann")
    for different in ("Anna", "Жанна", "Zoë", "Bob", "Ann2"):
        assert name_key(different) != name_key("Ann")


@pytest.mark.parametrize("alike,name", [("\u041danna", "Hanna"), ("\u0412en", "Ben"),
                                        ("\u041cax", "Max"), ("\u0422om", "Tom"),
                                        ("\u03a5ana", "Yana"), ("\u039dick", "Nick"),
                                        ("ILIA", "Ilia")])
def test_capital_look_alikes_and_other_cases_share_the_skeleton(alike, name):
    assert name_key(alike) == name_key(name)


@pytest.mark.parametrize("one,other", [("Ilia", "Lila"), ("Lia", "Ila"), ("Eli", "Ell"),
                                       ("\u0412\u0435\u0440\u0430", "Vera"), ("Jos\u00e9", "Jose")])
def test_ordinary_names_that_differ_stay_apart(one, other):
    assert name_key(one) != name_key(other)


def test_look_alike_bot_and_chat_names_are_refused():
    with pytest.raises(Exception, match="looks like a bot's"):
        check_name_at_table("r\u0430ndom", 0, [{}, {}], ["random"])          # Cyrillic а
    with pytest.raises(Exception, match="looks like a bot's"):
        check_name_at_table("Ann b\u043et", 0, [{}, {}], ["random"])         # Cyrillic о
    for reserved in ("system", "Spectator 2", "\u0455ystem", "зритель 3", "System!",
                     "SYS\u0422\u0415M"):
        assert is_reserved(reserved), reserved
    for fine in ("Systematic Sam", "Ann", "Spectre"):
        assert not is_reserved(fine), fine


def test_a_name_of_look_alikes_has_one_skeleton_character_per_character():
    """No list of every reading (which grows as the product of the look-alikes)."""
    assert name_key("l1|" * 10) == "l" * 30
    assert name_key("\u0455y\u0455tem") == name_key("system")


def table_of_two(server):
    created = server.create(game="toy", players=2, seats=HUMANS)
    return created["id"], created["links"]["seat"]["token"]


def test_a_friend_claims_a_seat_over_the_invite_and_each_secret_stays_with_its_owner(server):
    table_id, ann_token = table_of_two(server)
    watcher = server.client(table_id)
    assert watcher.state()["seats"][1]["free"] is True
    bob = server.claim(table_id, name="Bob")
    seen = watcher.until(lambda m: m["type"] == "state" and not m["seats"][1].get("free"))
    assert seen["seats"][1]["name"] == "Bob" and seen["status"] == "open"
    ann = server.client(table_id, ann_token, name="Ann")
    started = ann.until(lambda m: m["type"] == "state" and m["status"] == "running")
    assert started["seat"] == 0 and "free" not in started["seats"][1]
    with server.client(table_id, bob["token"]) as bob_client:
        assert bob_client.until(lambda m: m["type"] == "welcome")["seat"] == 1
        bob_text = "".join(bob_client.raw)
    assert ann_token not in bob_text
    assert bob["token"] not in "".join(ann.raw + watcher.raw)
    for client in (ann, watcher):
        client.close()


def test_a_seat_opened_in_a_second_place_is_seen_and_can_be_taken_back(server):
    table_id, token = table_of_two(server)
    first = server.client(table_id, token, name="Ann")
    first.state()
    second = server.client(table_id, token)
    assert second.until(lambda m: m["type"] == "welcome")["seat"] == 0
    notice = second.until(lambda m: m["type"] == "notice")
    assert "open in another place" in notice["message"]
    displaced = first.until(lambda m: m["type"] == "displaced")
    assert "opened in another place" in displaced["message"] and not displaced["link_changed"]
    with pytest.raises(Exception):                       # the first place was closed
        first.until(lambda m: False, timeout=5)
    table = server.manager.tables[table_id]
    assert [c.seat for c in table.connections] == [0]    # never two places for one seat
    odd = server.client(table_id, join=False)
    odd.send({"type": "join", "token": token, "take_back": 1})
    assert "'take_back' must be true or false" in odd.until(
        lambda m: m["type"] == "error")["message"]
    odd.close()
    # the first place takes its seat back: a new secret, the other place shut out for good
    back = server.client(table_id, join=False)
    back.send({"type": "join", "token": token, "take_back": True})
    welcome = back.until(lambda m: m["type"] == "welcome")
    fresh = welcome["link"]["token"]
    assert fresh != token and welcome["link"]["url"].endswith(f"#token={fresh}")
    shut = second.until(lambda m: m["type"] == "displaced")
    assert shut["link_changed"] is True
    stale = server.client(table_id, token)
    assert "wrong token" in stale.until(lambda m: m["type"] == "error")["message"]
    assert server.client(table_id, fresh).until(lambda m: m["type"] == "welcome")["seat"] == 0
    assert token not in "".join(server.client(table_id).raw)


def test_names_are_frozen_once_the_game_is_over(server):
    created = server.create(game="toy", players=2,
                            seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    ann = server.client(created["id"], created["links"]["seat"]["token"], name="Ann")
    while True:
        state = ann.state()
        if state["view"]["terminal"]:
            break
        if state["legal"]:
            ann.send({"type": "act", "action": "keep", "version": state["version"]})
    ann.send({"type": "name", "name": "Zed"})
    assert "names stay as they were" in ann.until(lambda m: m["type"] == "error")["message"]
    record = server.http.get(f"/api/tables/{created['id']}/record").json()
    assert record["seats"][0]["name"] == "Ann"
    ann.close()
